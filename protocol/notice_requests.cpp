// Email notices: set_email, confirm_email, notice_settings, set_notice_settings.
#include <algorithm>

#include "protocol/language_list.hpp"
#include "protocol/request_codecs.hpp"

namespace sp::protocol {
namespace {

using nlohmann::json;

constexpr std::array<std::string_view, 7> kKinds = {"your_turn",  "deadline_near", "robot_took_seat",   "game_over",
                                                    "invitation", "chat_mention",  "vacation_day_spent"};
constexpr std::array<std::string_view, 3> kDeliveries = {"immediate", "digest", "never"};
// By number, 0 Sunday, as server/clock/off_time.hpp counts them.
constexpr std::array<std::string_view, 7> kWeekdays = {"sunday",   "monday", "tuesday", "wednesday",
                                                       "thursday", "friday", "saturday"};

template <std::size_t N>
bool one_of(const std::array<std::string_view, N>& words, const std::string& word) {
  for (std::string_view w : words) {
    if (w == word) return true;
  }
  return false;
}

std::optional<int> hour(FieldReader& f, const json& value, const char* what) {
  if (!value.is_number_integer() || value.get<std::int64_t>() < 0 || value.get<std::int64_t>() > 23) {
    f.refuse(ErrorCode::kBadRequest, std::string(what) + ": a whole hour from 0 to 23");
    return std::nullopt;
  }
  return value.get<int>();
}

// An hour window in the player's zone, {from, until} in whole hours, or null
// for none: quiet_hours and nights alike. `into` is left as it is when the
// field is absent or refused.
template <typename Window>
void read_hour_window(FieldReader& f, const std::string& name, std::optional<std::optional<Window>>& into) {
  if (!f.ok() || !f.has(name)) return;
  const json& window = f.at(name);
  if (window.is_null()) {
    into.emplace(std::nullopt);
    return;
  }
  if (!window.is_object() || !window.contains("from") || !window.contains("until") || window.size() != 2) {
    f.refuse(ErrorCode::kBadRequest, name + ": {from, until} in whole hours, or null for none");
    return;
  }
  const auto from = hour(f, window["from"], (name + ".from").c_str());
  const auto until = hour(f, window["until"], (name + ".until").c_str());
  if (from && until) into.emplace(Window{*from, *until});
}

template <typename Window>
json window_json(const std::optional<Window>& window) {
  return window ? json{{"from", window->from}, {"until", window->until}} : json(nullptr);
}

std::optional<std::vector<int>> off_days(FieldReader& f, const json& value) {
  const char* what = "off_days: a list of weekdays (sunday, monday, ... saturday), each once";
  if (!value.is_array() || value.size() > kWeekdays.size()) {
    f.refuse(ErrorCode::kBadRequest, what);
    return std::nullopt;
  }
  std::vector<int> days;
  for (const json& day : value) {
    const auto at = day.is_string() ? std::find(kWeekdays.begin(), kWeekdays.end(), day.get<std::string>())
                                    : kWeekdays.end();
    const int number = static_cast<int>(at - kWeekdays.begin());
    if (at == kWeekdays.end() || std::find(days.begin(), days.end(), number) != days.end()) {
      f.refuse(ErrorCode::kBadRequest, what);
      return std::nullopt;
    }
    days.push_back(number);
  }
  return days;
}

client::SetNoticeSettings decode_settings(FieldReader& f) {
  client::SetNoticeSettings s;
  if (f.has("choices")) {
    const json& choices = f.at("choices");
    if (!choices.is_object()) {
      f.refuse(ErrorCode::kBadRequest, "choices: an object of kind: immediate, digest or never");
      return s;
    }
    for (const auto& [kind, delivery] : choices.items()) {
      if (!one_of(kKinds, kind) || !delivery.is_string() || !one_of(kDeliveries, delivery.get<std::string>())) {
        f.refuse(ErrorCode::kBadRequest,
                 "choices: kinds are your_turn, deadline_near, robot_took_seat, game_over, invitation, "
                 "chat_mention and vacation_day_spent; each immediate, digest or never");
        return s;
      }
      s.choices.emplace_back(kind, delivery.get<std::string>());
    }
  }
  if (f.has("time_zone")) {
    const json& zone = f.at("time_zone");
    if (!zone.is_string() || zone.get<std::string>().empty() || zone.get<std::string>().size() > 64) {
      f.refuse(ErrorCode::kBadRequest, "time_zone: a time zone name such as Europe/Paris");
      return s;
    }
    s.time_zone = zone.get<std::string>();
  }
  if (f.has("digest_hour")) s.digest_hour = hour(f, f.at("digest_hour"), "digest_hour");
  read_hour_window(f, "quiet_hours", s.quiet_hours);
  if (f.ok()) s.language = optional_language(f);
  read_hour_window(f, "nights", s.nights);
  if (f.ok() && f.has("off_days")) s.off_days = off_days(f, f.at("off_days"));
  if (f.ok() && f.has("floating_vacation")) {
    if (!f.at("floating_vacation").is_boolean()) f.refuse(ErrorCode::kBadRequest, "floating_vacation: true or false");
    else s.floating_vacation = f.at("floating_vacation").get<bool>();
  }
  return s;
}

}  // namespace

std::optional<std::string> optional_language(FieldReader& f) {
  if (!f.has("language")) return std::nullopt;
  const json& value = f.at("language");
  if (!value.is_string() || !language_of_code(value.get<std::string>())) {
    f.refuse(ErrorCode::kBadRequest, "language: " + language_codes_in_words());
    return std::nullopt;
  }
  return value.get<std::string>();
}

void add_notice_codecs(RequestCodecs& codecs) {
  codecs.add<client::SetEmail>(
      [](FieldReader& f) {
        client::SetEmail email;
        const json& address = f.at("address");
        if (f.ok() && (!f.has("address") || !(address.is_null() || address.is_string()))) {
          f.refuse(ErrorCode::kBadRequest, "address: an email address, or null to stop email");
        } else if (address.is_string()) {
          email.address = address.get<std::string>();
        }
        if (f.ok()) email.language = optional_language(f);
        return email;
      },
      [](const client::SetEmail& m, json& out) {
        out["address"] = m.address ? json(*m.address) : json(nullptr);
        put_optional(out, "language", m.language);
      });
  codecs.add<client::ConfirmEmail>([](FieldReader& f) { return client::ConfirmEmail{f.text("token", 64, 64)}; },
                                   [](const client::ConfirmEmail& m, json& out) { out["token"] = m.token; });
  codecs.add<client::NoticeSettings>([](FieldReader&) { return client::NoticeSettings{}; },
                                     [](const client::NoticeSettings&, json&) {});
  codecs.add<client::SetNoticeSettings>(decode_settings, [](const client::SetNoticeSettings& m, json& out) {
    if (!m.choices.empty()) {
      json choices = json::object();
      for (const auto& [kind, delivery] : m.choices) choices[kind] = delivery;
      out["choices"] = choices;
    }
    put_optional(out, "time_zone", m.time_zone);
    put_optional(out, "digest_hour", m.digest_hour);
    if (m.quiet_hours) out["quiet_hours"] = window_json(*m.quiet_hours);
    put_optional(out, "language", m.language);
    if (m.nights) out["nights"] = window_json(*m.nights);
    if (m.off_days) {
      json days = json::array();
      for (int day : *m.off_days) days.push_back(kWeekdays.at(static_cast<std::size_t>(day)));
      out["off_days"] = days;
    }
    put_optional(out, "floating_vacation", m.floating_vacation);
  });
}

}  // namespace sp::protocol
