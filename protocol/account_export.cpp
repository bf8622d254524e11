#include "protocol/account_export.hpp"

#include <nlohmann/json.hpp>

namespace sp::protocol {

using nlohmann::json;

namespace {

// The parts that have a reply of their own are written as that reply is.
json as_reply(const std::string& text) { return json::parse(text); }

json optional_time(const std::optional<std::int64_t>& at) { return at ? json(*at) : json(nullptr); }

}  // namespace

std::string encode_data(const AccountExport& d) {
  json notifications = json::array();
  for (const Notification& n : d.notifications) notifications.push_back(encode_notification(n));
  json vacations = json::array();
  for (const ExportedVacation& v : d.vacations) {
    vacations.push_back(
        {{"starts_at", v.starts_at}, {"ends_at", v.ends_at}, {"ended_at", optional_time(v.ended_at)}, {"floating", v.floating}});
  }
  json devices = json::array();
  for (const ExportedPushDevice& p : d.push_devices) devices.push_back({{"endpoint", p.endpoint}, {"created_at", p.created_at}});
  json seats = json::array();
  for (const ExportedSeat& s : d.seats) {
    seats.push_back({{"table", s.table},
                     {"name", s.name},
                     {"status", s.status},
                     {"seat", s.seat},
                     {"created_at", s.created_at},
                     {"standing_orders", json::parse(s.standing_orders_json, nullptr, false)}});
  }
  json chat = json::array();
  for (const ExportedChatLine& c : d.chat) chat.push_back({{"table", c.table}, {"at", c.at}, {"text", c.text}});
  json games = json::array();
  for (const GameRecord& g : d.games) games.push_back(g.to_json());
  json account{{"id", d.account.id}, {"name", d.account.name}};
  if (d.account.bot) account["bot"] = true;
  return json{{"format", kAccountExportFormat},
              {"version", kAccountExportVersion},
              {"exported_at", d.exported_at},
              {"server", d.server},
              {"account", account},
              {"settings", as_reply(encode_data(d.settings))},
              {"profile", as_reply(encode_data(d.profile))},
              {"notifications", notifications},
              {"vacations", vacations},
              {"webhook_url", d.webhook_url ? json(*d.webhook_url) : json(nullptr)},
              {"push_devices", devices},
              {"seats", seats},
              {"chat", chat},
              {"games", games}}
      .dump();
}

}  // namespace sp::protocol
