#include "protocol/requests.hpp"

#include <map>

#include "protocol/request_codecs.hpp"
#include "protocol/request_envelope.hpp"

namespace sp::protocol {
namespace {

using nlohmann::json;

const RequestCodecs& codecs() {
  static const RequestCodecs kCodecs = [] {
    RequestCodecs codecs;
    add_account_codecs(codecs);
    add_lobby_codecs(codecs);
    add_play_codecs(codecs);
    add_correspondence_codecs(codecs);
    add_record_codecs(codecs);
    add_admin_codecs(codecs);
    add_order_codecs(codecs);
    add_consent_codecs(codecs);
    add_notice_codecs(codecs);
    add_tournament_codecs(codecs);
    add_league_codecs(codecs);
    return codecs;
  }();
  return kCodecs;
}

std::optional<std::size_t> index_of_type(std::string_view type) {
  static const std::map<std::string_view, std::size_t, std::less<>> kIndex = [] {
    std::map<std::string_view, std::size_t, std::less<>> index;
    for (std::size_t i = 0; i < codecs().size(); ++i) index.emplace(codecs()[i].type, i);
    return index;
  }();
  const auto it = kIndex.find(type);
  if (it == kIndex.end()) return std::nullopt;
  return it->second;
}

}  // namespace

std::string_view to_string(TakeoverBy by) { return by == TakeoverBy::kRobot ? "robot" : "absent"; }

std::string_view to_string(LateChoice choice) {
  switch (choice) {
    case LateChoice::kWait: return "wait";
    case LateChoice::kRobot: return "robot";
    case LateChoice::kEnd: return "end";
  }
  return "wait";
}

std::optional<LateChoice> parse_late_choice(std::string_view word) {
  for (const LateChoice choice : {LateChoice::kWait, LateChoice::kRobot, LateChoice::kEnd}) {
    if (to_string(choice) == word) return choice;
  }
  return std::nullopt;
}

std::string_view request_type(const ClientRequest& request) {
  return std::visit([](const auto& message) { return std::decay_t<decltype(message)>::kType; }, request);
}

std::string_view request_type(std::size_t index) { return codecs()[index].type; }

std::vector<std::string_view> client_request_types() {
  std::vector<std::string_view> types;
  for (std::size_t i = 0; i < codecs().size(); ++i) types.push_back(codecs()[i].type);
  return types;
}

Expected<DecodedRequest, RequestError> decode_client_request(std::string_view frame, const RequestLimits& limits) {
  auto envelope = decode_request(frame);
  if (!envelope) {
    const EnvelopeError& e = envelope.error();
    RequestError error;
    error.code = e.code;
    error.message = e.message;
    error.id = RequestId::from_json(e.id);
    error.type = e.type;
    return unexpected(std::move(error));
  }
  RequestId id = RequestId::from_json(envelope->id);
  const auto index = index_of_type(envelope->type);
  if (!index) {
    // A type of the schemas without its struct here: a bug, which a test catches.
    RequestError error;
    error.code = ErrorCode::kUnknownType;
    error.message = "There is no request called \"" + envelope->type + "\".";
    error.id = std::move(id);
    error.type = envelope->type;
    return unexpected(std::move(error));
  }
  FieldReader fields(envelope->body, limits);
  ClientRequest request = codecs()[*index].decode(fields);
  if (!fields.ok()) {
    RequestError error = *fields.fault();
    error.id = std::move(id);
    error.type = envelope->type;
    error.request_index = *index;
    return unexpected(std::move(error));
  }
  return DecodedRequest{std::move(id), std::move(request)};
}

json encode_client_request(const ClientRequest& request, const RequestId& id) {
  json out{{"type", request_type(request)}};
  if (id.given()) out["id"] = id.to_json();
  codecs()[request.index()].encode(request, out);
  return out;
}

}  // namespace sp::protocol
