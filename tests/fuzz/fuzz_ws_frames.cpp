// libFuzzer target: the input is the bytes a client sends after the WebSocket
// upgrade. A Beast server stream reads them with the server's limits
// (server/net/ws_session.cpp) and each text message is decoded as the server
// decodes it; binary messages the server refuses without decoding.
#include <boost/asio/io_context.hpp>
#include <boost/beast/_experimental/test/stream.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "tests/fuzz/server_decoding.hpp"

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;

// The default of Config::max_frame_bytes, which the server gives read_message_max.
constexpr std::size_t kReadMessageMax = 64 * 1024;

// The upgrade is fixed, and accepted from the parsed request as the server
// does (the HTTP session reads it), so every input byte is a frame byte.
http::request<http::string_body> upgrade_request() {
  http::request<http::string_body> request{http::verb::get, "/ws", 11};
  request.set(http::field::host, "localhost");
  request.set(http::field::upgrade, "websocket");
  request.set(http::field::connection, "upgrade");
  request.set(http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
  request.set(http::field::sec_websocket_version, "13");
  return request;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto request = upgrade_request();
  static boost::asio::io_context context;  // never run: every operation here is synchronous

  // The client end takes what the server writes (the 101, pongs, the close
  // frame); without it those writes fail and end the reading early.
  beast::test::stream client(context);
  websocket::stream<beast::test::stream> ws(context);
  ws.next_layer().connect(client);
  ws.read_message_max(kReadMessageMax);
  beast::error_code ec;
  ws.accept(request, ec);
  if (ec) {
    std::fprintf(stderr, "the fixed upgrade was refused: %s\n", ec.message().c_str());
    std::abort();
  }

  ws.next_layer().append(std::string_view(reinterpret_cast<const char*>(data), size));
  ws.next_layer().close_remote();  // after the input, the client has hung up
  beast::flat_buffer buffer;
  while (true) {
    ws.read(buffer, ec);
    if (ec) break;
    if (ws.got_text()) sp::fuzz::decode_like_the_server(beast::buffers_to_string(buffer.data()));
    buffer.consume(buffer.size());
  }
  return 0;
}
