// The lobby: create_table, list_tables, join_table, leave_table, invite,
// start_table, my_tables.
#include "engine/setup.hpp"
#include "protocol/request_codecs.hpp"
#include "protocol/shown_text.hpp"

namespace sp::protocol {
namespace {

using nlohmann::json;

constexpr std::int64_t kMaxDeadlineHours = 14 * 24;
// A bank of up to 30 days, filled up to 60 by increments of up to 14 days a move.
constexpr std::int64_t kMaxBankHours = 30 * 24;
constexpr std::int64_t kMaxBankCapHours = 60 * 24;
constexpr int kMaxTakeoverAfter = 20;

std::optional<TimeBankHours> time_bank(FieldReader& f) {
  if (!f.has("time_bank") || f.at("time_bank").is_null()) return std::nullopt;
  const json& given = f.at("time_bank");
  const auto hours = [&given](const char* name, std::int64_t min, std::int64_t max) -> std::optional<std::int64_t> {
    const auto field = given.find(name);
    if (field == given.end() || !field->is_number_integer()) return std::nullopt;
    const auto value = field->get<std::int64_t>();
    if (value < min || value > max) return std::nullopt;
    return value;
  };
  const auto initial = given.is_object() ? hours("initial_hours", 1, kMaxBankHours) : std::nullopt;
  const auto increment = given.is_object() ? hours("increment_hours", 0, kMaxDeadlineHours) : std::nullopt;
  const auto cap = initial ? hours("cap_hours", *initial, kMaxBankCapHours) : std::nullopt;
  if (!initial || !increment || !cap || given.size() != 3) {
    f.refuse(ErrorCode::kBadRequest, "time_bank: an object {initial_hours: 1 to " + std::to_string(kMaxBankHours) +
                                         ", increment_hours: 0 to " + std::to_string(kMaxDeadlineHours) +
                                         ", cap_hours: initial_hours to " + std::to_string(kMaxBankCapHours) + "}");
    return std::nullopt;
  }
  return TimeBankHours{*initial, *increment, *cap};
}

std::optional<TimeoutPolicy> timeout_policy(FieldReader& f) {
  if (!f.has("timeout_policy")) return std::nullopt;
  const json& given = f.at("timeout_policy");
  if (!given.is_object()) {
    f.refuse(ErrorCode::kBadRequest, "timeout_policy: an object {takeover_after, takeover_by, vote}");
    return std::nullopt;
  }
  TimeoutPolicy policy;
  if (const auto after = given.find("takeover_after"); after != given.end()) {
    if (after->is_null()) {
      policy.takeover_after = TimeoutPolicy::TakeoverAfter{std::nullopt};
    } else if (after->is_number_integer() && after->get<std::int64_t>() >= 1 &&
               after->get<std::int64_t>() <= kMaxTakeoverAfter) {
      policy.takeover_after = TimeoutPolicy::TakeoverAfter{static_cast<int>(after->get<std::int64_t>())};
    } else {
      f.refuse(ErrorCode::kBadRequest, "timeout_policy.takeover_after: 1 to " + std::to_string(kMaxTakeoverAfter) + ", or null");
      return std::nullopt;
    }
  }
  if (const auto by = given.find("takeover_by"); by != given.end()) {
    if (*by == "robot") {
      policy.takeover_by = TakeoverBy::kRobot;
    } else if (*by == "absent") {
      policy.takeover_by = TakeoverBy::kAbsent;
    } else {
      f.refuse(ErrorCode::kBadRequest, "timeout_policy.takeover_by: robot or absent");
      return std::nullopt;
    }
  }
  if (const auto vote = given.find("vote"); vote != given.end()) {
    if (!vote->is_boolean()) {
      f.refuse(ErrorCode::kBadRequest, "timeout_policy.vote: true or false");
      return std::nullopt;
    }
    policy.vote = vote->get<bool>();
  }
  return policy;
}

}  // namespace

std::optional<double> optional_number(FieldReader& f, const char* name, double min, double max) {
  if (!f.has(name) || f.at(name).is_null()) return std::nullopt;
  const json& given = f.at(name);
  if (!given.is_number() || given.get<double>() < min || given.get<double>() > max) {
    f.refuse(ErrorCode::kBadRequest, std::string(name) + ": a number from " + json(min).dump() + " to " + json(max).dump());
    return std::nullopt;
  }
  return given.get<double>();
}

client::CreateTable read_create_table(FieldReader& f) {
  client::CreateTable create;
  create.players = static_cast<int>(f.whole("players", 2, 5));
  if (f.has("options")) {
    auto options = decode_options(f.at("options"));
    if (!options) {
      f.refuse(ErrorCode::kBadRequest, options.error().message);
    } else {
      create.options = *options;
    }
  }
  // Options that no game can be dealt with (five players without The New Society).
  if (f.ok()) {
    engine::GameSetup probe;
    probe.player_count = create.players;
    probe.options = create.options.value_or(engine::TableOptions{});
    if (auto dealt = engine::new_game(probe); !dealt) f.refuse(ErrorCode::kBadRequest, dealt.error().message);
  }
  if (f.has("name")) {
    create.name = f.text("name", 1, 60);
    // Other players read it in their notices and emails.
    if (const auto why = f.ok() ? unshowable(*create.name) : std::nullopt) {
      f.refuse(ErrorCode::kInvalidName, "name: that table name cannot be shown to other players. " + *why);
    }
  }
  create.move_deadline_hours = f.optional_whole("move_deadline_hours", 1, kMaxDeadlineHours);
  create.time_bank = time_bank(f);
  if (create.move_deadline_hours && create.time_bank) {
    f.refuse(ErrorCode::kBadRequest, "time_bank: a table has a move deadline or a time bank, not both");
  }
  create.timeout_policy = timeout_policy(f);
  if (const auto robots = f.optional_whole("robots", 0, create.players)) create.robots = static_cast<int>(*robots);
  // Level 0, random moves, is for matches and tests, not for a table's opponents.
  if (const auto level = f.optional_whole("robot_level", 1, 3)) create.robot_level = static_cast<engine::RobotLevel>(*level);
  if (f.has("private")) {
    if (!f.at("private").is_boolean()) f.refuse(ErrorCode::kBadRequest, "private: true or false");
    else create.private_table = f.at("private").get<bool>();
  }
  if (f.has("rated")) {
    if (!f.at("rated").is_boolean()) f.refuse(ErrorCode::kBadRequest, "rated: true or false");
    else create.rated = f.at("rated").get<bool>();
  }
  create.min_rating = optional_number(f, "min_rating", -100, 100);
  create.max_timeout_rate = optional_number(f, "max_timeout_rate", 0, 1);
  if (f.has("bots_allowed")) {
    if (!f.at("bots_allowed").is_boolean()) f.refuse(ErrorCode::kBadRequest, "bots_allowed: true or false");
    else create.bots_allowed = f.at("bots_allowed").get<bool>();
  }
  if (f.has("floating_vacation")) {
    if (!f.at("floating_vacation").is_boolean()) f.refuse(ErrorCode::kBadRequest, "floating_vacation: true or false");
    else create.floating_vacation = f.at("floating_vacation").get<bool>();
  }
  return create;
}

void put_create_table(const client::CreateTable& m, json& out) {
  out["players"] = m.players;
  if (m.options) out["options"] = encode_options(*m.options);
  put_optional(out, "name", m.name);
  put_optional(out, "move_deadline_hours", m.move_deadline_hours);
  if (m.time_bank) out["time_bank"] = encode(*m.time_bank);
  if (m.timeout_policy) {
    json policy = json::object();
    if (const auto& after = m.timeout_policy->takeover_after) {
      policy["takeover_after"] = after->timeouts ? json(*after->timeouts) : json(nullptr);
    }
    if (const auto& by = m.timeout_policy->takeover_by) policy["takeover_by"] = to_string(*by);
    if (m.timeout_policy->vote) policy["vote"] = true;
    out["timeout_policy"] = std::move(policy);
  }
  put_optional(out, "robots", m.robots);
  if (m.robot_level) out["robot_level"] = static_cast<int>(*m.robot_level);
  if (m.private_table) out["private"] = true;
  if (m.rated) out["rated"] = true;
  put_optional(out, "min_rating", m.min_rating);
  put_optional(out, "max_timeout_rate", m.max_timeout_rate);
  if (m.bots_allowed) out["bots_allowed"] = true;
  if (!m.floating_vacation) out["floating_vacation"] = false;
}

void add_lobby_codecs(RequestCodecs& codecs) {
  codecs.add<client::CreateTable>(read_create_table, put_create_table);
  codecs.add<client::ListTables>(
      [](FieldReader& f) {
        client::ListTables list;
        if (!f.has("status")) return list;
        const std::string word = f.text("status", 1, 16);
        if (!f.ok()) return list;
        list.status = parse_table_status(word);
        if (!list.status || *list.status == TableStatus::kAborted) {
          f.refuse(ErrorCode::kBadRequest, "status: open, playing or finished");
        }
        return list;
      },
      [](const client::ListTables& m, json& out) {
        if (m.status) out["status"] = to_string(*m.status);
      });
  codecs.add<client::JoinTable>(
      [](FieldReader& f) {
        const std::int64_t table = f.table();
        client::JoinTable join{table, f.optional_contribution("contribution"), std::nullopt};
        if (f.has("code")) join.code = f.text("code", 1, 64);
        return join;
      },
      [](const client::JoinTable& m, json& out) {
        out["table"] = m.table;
        if (m.contribution) out["contribution"] = to_hex(*m.contribution);
        put_optional(out, "code", m.code);
      });
  codecs.add<client::LeaveTable>([](FieldReader& f) { return client::LeaveTable{f.table()}; },
                                 [](const client::LeaveTable& m, json& out) { out["table"] = m.table; });
  codecs.add<client::Invite>(
      [](FieldReader& f) {
        std::string name = f.text("name", 1, 64);
        return client::Invite{f.table(), std::move(name)};
      },
      [](const client::Invite& m, json& out) {
        out["table"] = m.table;
        out["name"] = m.name;
      });
  codecs.add<client::StartTable>(
      [](FieldReader& f) {
        const std::int64_t table = f.table();
        return client::StartTable{table, f.optional_contribution("contribution")};
      },
      [](const client::StartTable& m, json& out) {
        out["table"] = m.table;
        if (m.contribution) out["contribution"] = to_hex(*m.contribution);
      });
  codecs.add<client::MyTables>([](FieldReader&) { return client::MyTables{}; }, [](const client::MyTables&, json&) {});
  codecs.add<client::Profile>([](FieldReader& f) { return client::Profile{f.text("name", 1, 64)}; },
                              [](const client::Profile& m, json& out) { out["name"] = m.name; });
}

}  // namespace sp::protocol
