#include "protocol/request_envelope.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

using namespace sp;
using nlohmann::json;

namespace {

protocol::EnvelopeError refusal_of(std::string_view frame) {
  const auto decoded = protocol::decode_request(frame);
  REQUIRE_MESSAGE(!decoded.has_value(), frame);
  return decoded.error();
}

}  // namespace

TEST_CASE("a field the request's schema does not have is refused as unknown_field, naming the field") {
  const auto error = refusal_of(R"({"type":"subscribe","id":3,"table":12,"since_mvoe":4})");
  CHECK(error.code == sp::protocol::ErrorCode::kUnknownField);
  CHECK(error.message.find("\"since_mvoe\"") != std::string::npos);
  CHECK(error.id == json(3));
  CHECK(error.type == "subscribe");
}

TEST_CASE("a type no schema describes is refused as unknown_type") {
  const auto error = refusal_of(R"({"type":"subscribe_all","id":"a"})");
  CHECK(error.code == sp::protocol::ErrorCode::kUnknownType);
  CHECK(error.id == json("a"));
  CHECK(error.type == "subscribe_all");
}

TEST_CASE("a frame that is not JSON is refused as bad_json") {
  for (const char* frame : {"", "{", R"({"type":"hello",})", "hello"}) {
    CHECK(refusal_of(frame).code == sp::protocol::ErrorCode::kBadJson);
  }
}

TEST_CASE("JSON that is not an object is refused as bad_request") {
  for (const char* frame : {"[]", R"(["subscribe"])", R"("subscribe")", "12", "null"}) {
    CHECK(refusal_of(frame).code == sp::protocol::ErrorCode::kBadRequest);
  }
}

TEST_CASE("an id that is neither a whole number nor a text of at most 64 characters is refused as bad_request") {
  const std::string long_id = json(std::string(65, 'x')).dump();
  for (const std::string& id : {std::string("1.5"), std::string("true"), std::string("[1]"), std::string("{}"), long_id}) {
    const auto error = refusal_of(R"({"type":"subscribe","table":12,"id":)" + id + "}");
    CHECK_MESSAGE(error.code == sp::protocol::ErrorCode::kBadRequest, id);
    CHECK(error.id.is_null());
  }
  CHECK(protocol::decode_request(R"({"type":"logout","id":")" + std::string(64, 'x') + R"("})").has_value());
}

TEST_CASE("a valid subscribe decodes with its id, its type and its whole body") {
  const auto request = protocol::decode_request(R"({"type":"subscribe","id":14,"table":12})");
  REQUIRE(request.has_value());
  CHECK(request->id == json(14));
  CHECK(request->type == "subscribe");
  CHECK(request->body == json{{"type", "subscribe"}, {"id", 14}, {"table", 12}});
}

TEST_CASE("every request type's fields include type and id") {
  const auto types = protocol::request_types();
  REQUIRE(types.size() > 10);
  for (const std::string_view type : types) {
    const auto* fields = protocol::request_fields(type);
    REQUIRE(fields != nullptr);
    CHECK_MESSAGE(std::find(fields->begin(), fields->end(), "type") != fields->end(), type);
    CHECK_MESSAGE(std::find(fields->begin(), fields->end(), "id") != fields->end(), type);
  }
}
