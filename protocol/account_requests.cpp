// Accounts: hello, register, login, resume_session, logout,
// logout_everywhere, change_password, request_password_reset,
// reset_password, export_account, become_bot.
#include <algorithm>
#include <regex>

#include "protocol/request_codecs.hpp"

namespace sp::protocol {
namespace {

using nlohmann::json;

// Longer texts are not matched at all: a name is checked for its form only
// when it could be one.
constexpr std::size_t kMaxNameBytes = 4096;

std::string account_name(FieldReader& fields) {
  std::string name = fields.any_text("name");
  static const std::regex kName("[A-Za-z0-9_-]{3,24}");
  if (fields.ok() && (name.size() > kMaxNameBytes || !std::regex_match(name, kName))) {
    fields.refuse(ErrorCode::kInvalidName, "A name has 3 to 24 letters, digits, '_' or '-'.");
  }
  return name;
}

std::string new_password(FieldReader& fields, std::string_view name) {
  std::string password = fields.any_text(name);
  if (fields.ok() && (password.size() < 8 || password.size() > 256)) {
    fields.refuse(ErrorCode::kWeakPassword, "A password has 8 to 256 characters.");
  }
  return password;
}

// hello's capabilities: up to 16 names of 1 to 64 characters each.
std::vector<std::string> capabilities(FieldReader& fields) {
  const json& list = fields.at("capabilities");
  const bool valid = list.is_array() && list.size() <= 16 && std::all_of(list.begin(), list.end(), [](const json& c) {
                       return c.is_string() && !c.get_ref<const std::string&>().empty() &&
                              c.get_ref<const std::string&>().size() <= 64;
                     });
  if (!valid) {
    fields.refuse(ErrorCode::kBadRequest, "capabilities: a list of at most 16 names of 1 to 64 characters is required");
    return {};
  }
  std::vector<std::string> names;
  for (const json& c : list) names.push_back(c.get<std::string>());
  return names;
}

}  // namespace

void add_account_codecs(RequestCodecs& codecs) {
  codecs.add<client::Hello>(
      [](FieldReader& f) {
        client::Hello hello{f.whole("protocol", 1, 1000), std::nullopt, std::nullopt, {}};
        if (const json& name = f.at("client"); name.is_string()) hello.client = name.get<std::string>();
        if (f.has("language")) hello.language = f.text("language", 1, 35);
        if (f.has("capabilities")) hello.capabilities = capabilities(f);
        return hello;
      },
      [](const client::Hello& m, json& out) {
        out["protocol"] = m.protocol;
        put_optional(out, "client", m.client);
        put_optional(out, "language", m.language);
        if (!m.capabilities.empty()) out["capabilities"] = m.capabilities;
      });
  codecs.add<client::Register>(
      [](FieldReader& f) {
        std::string name = account_name(f);
        return client::Register{std::move(name), new_password(f, "password")};
      },
      [](const client::Register& m, json& out) {
        out["name"] = m.name;
        out["password"] = m.password;
      });
  codecs.add<client::Login>(
      [](FieldReader& f) {
        std::string name = f.text("name", 1, 64);
        return client::Login{std::move(name), f.text("password", 1, 256)};
      },
      [](const client::Login& m, json& out) {
        out["name"] = m.name;
        out["password"] = m.password;
      });
  codecs.add<client::ResumeSession>([](FieldReader& f) { return client::ResumeSession{f.text("token", 1, 128)}; },
                                    [](const client::ResumeSession& m, json& out) { out["token"] = m.token; });
  codecs.add<client::Logout>([](FieldReader&) { return client::Logout{}; }, [](const client::Logout&, json&) {});
  codecs.add<client::LogoutEverywhere>([](FieldReader&) { return client::LogoutEverywhere{}; },
                                       [](const client::LogoutEverywhere&, json&) {});
  codecs.add<client::ChangePassword>(
      [](FieldReader& f) {
        std::string old_password = f.text("old_password", 1, 256);
        return client::ChangePassword{std::move(old_password), new_password(f, "new_password")};
      },
      [](const client::ChangePassword& m, json& out) {
        out["old_password"] = m.old_password;
        out["new_password"] = m.new_password;
      });
  codecs.add<client::RequestPasswordReset>(
      [](FieldReader& f) {
        client::RequestPasswordReset reset{f.text("address", 1, 254), std::nullopt};
        if (f.ok()) reset.language = optional_language(f);
        return reset;
      },
      [](const client::RequestPasswordReset& m, json& out) {
        out["address"] = m.address;
        put_optional(out, "language", m.language);
      });
  codecs.add<client::ResetPassword>(
      [](FieldReader& f) {
        std::string token = f.text("token", 64, 64);
        return client::ResetPassword{std::move(token), new_password(f, "new_password")};
      },
      [](const client::ResetPassword& m, json& out) {
        out["token"] = m.token;
        out["new_password"] = m.new_password;
      });
  codecs.add<client::ExportAccount>([](FieldReader&) { return client::ExportAccount{}; },
                                    [](const client::ExportAccount&, json&) {});
  codecs.add<client::BecomeBot>([](FieldReader&) { return client::BecomeBot{}; }, [](const client::BecomeBot&, json&) {});
}

}  // namespace sp::protocol
