// The browser's replay of a finished game's record (docs/fairness.md): the
// engine and the protocol's record replay, compiled to WebAssembly, behind one
// C function the page (web/js/fair_deal.js) calls with the record's setup, the
// seed it derived itself and the record's moves.
//
// In:  {"players": 3, "options": {...}, "seed": "17156681638737302660",
//       "card_set_version": "...", "moves": [...], "trailer": {...}}
// Out: {"moves": N} when all N moves replay to their recorded state hashes and
//      the trailer agrees, else {"moves": N, "fault": {"move": K, "kind": ...,
//      "reason": "..."}}, N the moves that did replay before move K.
#include <charconv>
#include <cstdint>
#include <exception>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/card.hpp"
#include "protocol/record_replay.hpp"

namespace {

using nlohmann::json;

json fault(std::int64_t moves, std::int64_t move, std::string_view kind, const std::string& reason) {
  return {{"moves", moves}, {"fault", {{"move", move}, {"kind", kind}, {"reason", reason}}}};
}

json verify(const char* input) {
  const json in = json::parse(input, nullptr, false);
  if (!in.is_object()) return fault(0, 0, "input", "the verifier's input is not a JSON object");
  const auto seed_text = in.find("seed");
  std::uint64_t seed = 0;
  if (seed_text == in.end() || !seed_text->is_string()) return fault(0, 0, "input", "the seed is missing");
  const std::string digits = seed_text->get<std::string>();
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), seed);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) {
    return fault(0, 0, "input", "the seed is not a decimal number");
  }
  const auto version = in.find("card_set_version");
  if (version == in.end() || !version->is_string() || version->get<std::string>() != sp::engine::card_set_version()) {
    return fault(0, 0, "card_set", "the game was played with another card set than this engine's " +
                                       std::string(sp::engine::card_set_version()));
  }
  const auto players = in.find("players");
  const json none;
  const auto field = [&](const char* key) -> const json& {
    const auto it = in.find(key);
    return it == in.end() ? none : *it;
  };
  const auto replay = sp::protocol::replay_record(
      players != in.end() && players->is_number_integer() ? players->get<int>() : 0, field("options"), seed,
      field("moves"), field("trailer"));
  if (!replay.fault) return {{"moves", replay.moves}};
  return fault(replay.moves, replay.fault->move_number, sp::protocol::replay_fault_name(replay.fault->kind),
               replay.fault->reason);
}

}  // namespace

// The answer stays valid until the next call; the page copies it at once.
extern "C" const char* spb_verify_record(const char* input) {
  static std::string answer;
  // The engine throws only for a bug (SP_ASSERT) and the JSON library only for
  // a misuse; either is said, not left to abort the page's module.
  try {
    answer = verify(input).dump();
  } catch (const std::exception& e) {
    answer = fault(0, 0, "bug", e.what()).dump(-1, ' ', false, json::error_handler_t::replace);
  }
  return answer.c_str();
}
