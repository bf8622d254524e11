// export_account: a player's own data in one document (docs/records.md
// "Account export"), what GDPR article 20 calls portable: the account, its
// notice settings and address, ratings and rated games, notifications,
// vacations, the webhook's address (never its secret), the devices that
// receive pushes, every table with the player's seat and standing orders,
// the chat lines the player wrote, and the complete record of every finished
// game the player sat at, each checkable offline with `spb verify-deal`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/account_results.hpp"
#include "protocol/correspondence_results.hpp"
#include "protocol/game_record.hpp"
#include "protocol/notification.hpp"
#include "protocol/profile_results.hpp"

namespace sp::protocol {

// The export's "format" and "version": what `spb verify-deal` recognises.
inline constexpr const char* kAccountExportFormat = "spb-account-export";
inline constexpr int kAccountExportVersion = 1;

struct ExportedVacation {
  std::int64_t starts_at = 0;
  std::int64_t ends_at = 0;
  std::optional<std::int64_t> ended_at;  // ended early
  bool floating = false;
};

// A device that receives the player's pushes: where its browser's push
// service is, not the keys that encrypt to it.
struct ExportedPushDevice {
  std::string endpoint;
  std::int64_t created_at = 0;
};

// A table the player sat at, with the seat's own standing orders (as
// orders, docs/protocol.md "Standing orders").
struct ExportedSeat {
  std::int64_t table = 0;
  std::string name;
  std::string status;  // a table status's word
  int seat = 0;
  std::int64_t created_at = 0;
  std::string standing_orders_json = "[]";  // as stored: a JSON array
};

struct ExportedChatLine {
  std::int64_t table = 0;
  std::int64_t at = 0;
  std::string text;
};

struct AccountExport {
  std::int64_t exported_at = 0;
  std::string server;
  UserShown account;
  NoticeSettingsShown settings;  // with the address and whether it is confirmed
  Profile profile;               // ratings, totals, rated games
  std::vector<Notification> notifications;
  std::vector<ExportedVacation> vacations;
  std::optional<std::string> webhook_url;
  std::vector<ExportedPushDevice> push_devices;
  std::vector<ExportedSeat> seats;
  std::vector<ExportedChatLine> chat;
  std::vector<GameRecord> games;  // finished games only: a record holds the seed
};

std::string encode_data(const AccountExport& data);

}  // namespace sp::protocol
