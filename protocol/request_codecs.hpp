// The decoder and encoder of each request type, in one table indexed like
// ClientRequest. Each family of requests adds its own (account_requests.cpp,
// lobby_requests.cpp, ...); requests.cpp looks them up.
//
// Internal to protocol/.
#pragma once

#include <nlohmann/json.hpp>

#include <array>
#include <functional>
#include <string_view>
#include <variant>

#include "protocol/field_reader.hpp"
#include "protocol/requests.hpp"

namespace sp::protocol {

struct RequestCodec {
  std::string_view type;
  // Reads the fields in the order their faults are reported; the result
  // counts only when the reader is still ok.
  std::function<ClientRequest(FieldReader&)> decode;
  // Adds the fields to `out`, which holds the type and id already.
  std::function<void(const ClientRequest&, nlohmann::json& out)> encode;
};

class RequestCodecs {
 public:
  template <class Message, class Decode, class Encode>
  void add(Decode decode, Encode encode) {
    codecs_[kRequestIndex<Message>] = RequestCodec{
        Message::kType, [decode](FieldReader& fields) -> ClientRequest { return decode(fields); },
        [encode](const ClientRequest& request, nlohmann::json& out) { encode(std::get<Message>(request), out); }};
  }
  const RequestCodec& operator[](std::size_t index) const { return codecs_[index]; }
  std::size_t size() const { return codecs_.size(); }

 private:
  std::array<RequestCodec, std::variant_size_v<ClientRequest>> codecs_;
};

void add_account_codecs(RequestCodecs& codecs);
void add_lobby_codecs(RequestCodecs& codecs);
void add_play_codecs(RequestCodecs& codecs);
void add_correspondence_codecs(RequestCodecs& codecs);
void add_record_codecs(RequestCodecs& codecs);
void add_admin_codecs(RequestCodecs& codecs);
void add_order_codecs(RequestCodecs& codecs);
void add_consent_codecs(RequestCodecs& codecs);
void add_notice_codecs(RequestCodecs& codecs);
void add_tournament_codecs(RequestCodecs& codecs);
void add_league_codecs(RequestCodecs& codecs);

// create_table's own reader and writer (lobby_requests.cpp): a tournament's
// "table" object is read by the same code (tournament_requests.cpp).
client::CreateTable read_create_table(FieldReader& f);
void put_create_table(const client::CreateTable& m, nlohmann::json& out);
// A competition's "table" object (tournament_requests.cpp): create_table's
// fields of a game and its pace, read by create_table's own reader, with 3 to
// 5 players; a tournament's and a league's tables are created from it.
client::CreateTable read_competition_table(FieldReader& f);
void put_competition_table(const client::CreateTable& table, nlohmann::json& out);
// true or false; `otherwise` when left out.
bool yes_or_no(FieldReader& f, std::string_view name, bool otherwise);
// `language`, left out or one of the languages the server writes in
// ("en", "fr", "ru"; notice_requests.cpp).
std::optional<std::string> optional_language(FieldReader& f);
// A number from `min` to `max`; null counts as left out.
std::optional<double> optional_number(FieldReader& f, const char* name, double min, double max);

// Writes `value` under `name` when it is there.
template <class T>
void put_optional(nlohmann::json& out, const char* name, const std::optional<T>& value) {
  if (value) out[name] = *value;
}

}  // namespace sp::protocol
