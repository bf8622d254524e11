// libFuzzer target: the input is one text message as a client sends it.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "tests/fuzz/server_decoding.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sp::fuzz::decode_like_the_server(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
