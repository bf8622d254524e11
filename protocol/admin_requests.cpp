// Administration: admin_login, admin_list_tables, admin_view, admin_replay,
// admin_abort, admin_remove_player, admin_logout_user, admin_flag_bot, admin_log,
// admin_disqualify.
#include "protocol/request_codecs.hpp"
#include "protocol/shown_text.hpp"

namespace sp::protocol {
namespace {

using nlohmann::json;

constexpr int kAdminLogPageMax = 1000;

engine::Seat seat_of(std::int64_t seat) { return engine::Seat{static_cast<std::uint8_t>(seat)}; }

// The players of the table are told it.
std::string shown_reason(FieldReader& f) {
  std::string reason = f.text("reason", 1, 500);
  if (const auto why = f.ok() ? unshowable(reason) : std::nullopt) f.refuse(ErrorCode::kBadRequest, "reason: " + *why);
  return reason;
}

}  // namespace

void add_admin_codecs(RequestCodecs& codecs) {
  codecs.add<client::AdminLogin>([](FieldReader& f) { return client::AdminLogin{f.text("token", 1, 1024)}; },
                                 [](const client::AdminLogin& m, json& out) { out["token"] = m.token; });
  codecs.add<client::AdminListTables>(
      [](FieldReader& f) {
        client::AdminListTables list;
        if (!f.has("status")) return list;
        const std::string word = f.text("status", 1, 16);
        if (!f.ok()) return list;
        list.status = parse_table_status(word);
        if (!list.status) f.refuse(ErrorCode::kBadRequest, "status: open, playing, finished or aborted");
        return list;
      },
      [](const client::AdminListTables& m, json& out) {
        if (m.status) out["status"] = to_string(*m.status);
      });
  codecs.add<client::AdminView>([](FieldReader& f) { return client::AdminView{f.table()}; },
                                [](const client::AdminView& m, json& out) { out["table"] = m.table; });
  codecs.add<client::AdminReplay>(
      [](FieldReader& f) {
        client::AdminReplay replay;
        replay.table = f.table();
        replay.move_number = f.whole("move_number", 0, INT64_MAX);
        if (const auto seat = f.optional_whole("seat", 0, engine::kMaxSeats - 1)) replay.seat = seat_of(*seat);
        return replay;
      },
      [](const client::AdminReplay& m, json& out) {
        out["table"] = m.table;
        out["move_number"] = m.move_number;
        if (m.seat) out["seat"] = m.seat->value;
      });
  codecs.add<client::AdminAbort>(
      [](FieldReader& f) {
        const std::int64_t table = f.table();
        client::AdminAbort abort{table, shown_reason(f)};
        return abort;
      },
      [](const client::AdminAbort& m, json& out) {
        out["table"] = m.table;
        out["reason"] = m.reason;
      });
  codecs.add<client::AdminRemovePlayer>(
      [](FieldReader& f) {
        const std::int64_t table = f.table();
        client::AdminRemovePlayer remove{table, seat_of(f.whole("seat", 0, engine::kMaxSeats - 1)), std::nullopt};
        if (f.has("reason") && !f.at("reason").is_null()) remove.reason = shown_reason(f);
        return remove;
      },
      [](const client::AdminRemovePlayer& m, json& out) {
        out["table"] = m.table;
        out["seat"] = m.seat.value;
        if (m.reason) out["reason"] = *m.reason;
      });
  codecs.add<client::AdminLogoutUser>([](FieldReader& f) { return client::AdminLogoutUser{f.text("name", 1, 64)}; },
                                      [](const client::AdminLogoutUser& m, json& out) { out["name"] = m.name; });
  codecs.add<client::AdminDisqualify>(
      [](FieldReader& f) {
        client::AdminDisqualify disqualify;
        disqualify.tournament = f.whole("tournament", 1, INT64_MAX);
        disqualify.name = f.text("name", 1, 64);
        // The tournament's players and page show it.
        disqualify.reason = f.text("reason", 1, 200);
        if (const auto why = f.ok() ? unshowable(disqualify.reason) : std::nullopt) {
          f.refuse(ErrorCode::kBadRequest, "reason: " + *why);
        }
        return disqualify;
      },
      [](const client::AdminDisqualify& m, json& out) {
        out["tournament"] = m.tournament;
        out["name"] = m.name;
        out["reason"] = m.reason;
      });
  codecs.add<client::AdminFlagBot>([](FieldReader& f) { return client::AdminFlagBot{f.text("name", 1, 64)}; },
                                   [](const client::AdminFlagBot& m, json& out) { out["name"] = m.name; });
  codecs.add<client::AdminLog>(
      [](FieldReader& f) {
        client::AdminLog log;
        log.table = f.optional_whole("table", 1, INT64_MAX);
        if (const auto limit = f.optional_whole("limit", 1, kAdminLogPageMax)) log.limit = static_cast<int>(*limit);
        return log;
      },
      [](const client::AdminLog& m, json& out) {
        put_optional(out, "table", m.table);
        put_optional(out, "limit", m.limit);
      });
}

}  // namespace sp::protocol
