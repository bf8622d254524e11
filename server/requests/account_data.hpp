// What more than one request reads of a player's account: the notice
// settings with the address (notice_requests.cpp) and the profile with the
// ratings and rated games (profile_requests.cpp); export_account gathers
// both with the rest (account_export_request.cpp).
#pragma once

#include <cstdint>

#include "protocol/correspondence_results.hpp"
#include "protocol/profile_results.hpp"
#include "server/store/records.hpp"

namespace sp::server {

protocol::NoticeSettingsShown notice_settings_shown(Records& db, std::int64_t user, bool email_available,
                                                    int max_off_hours_per_week);

// Ratings, totals and the latest 500 rated games.
protocol::Profile profile_of(Records& db, const UserRecord& user);

}  // namespace sp::server
