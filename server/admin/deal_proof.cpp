#include "server/admin/deal_proof.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

#include "engine/card.hpp"
#include "engine/state_hash.hpp"
#include "protocol/account_export.hpp"
#include "protocol/record_replay.hpp"
#include "server/security/fair_deal.hpp"

namespace sp::server {
namespace {

using nlohmann::json;

std::string text_at(const json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string short_hex(const std::string& hex) { return hex.size() > 16 ? hex.substr(0, 16) + "…" : hex; }

std::string seat_name(const json& header, int seat) {
  if (header.contains("seats") && header.at("seats").is_array()) {
    for (const json& s : header.at("seats")) {
      if (s.is_object() && s.value("seat", -1) == seat && s.contains("name") && s.at("name").is_string()) {
        return s.at("name").get<std::string>();
      }
    }
  }
  return "seat " + std::to_string(seat);
}

std::string seat_contributions_words(const json& header, const std::vector<std::optional<protocol::DealBytes>>& by_seat) {
  std::string seats;
  for (std::size_t seat = 0; seat < by_seat.size(); ++seat) {
    if (!seats.empty()) seats += "; ";
    seats += seat_name(header, static_cast<int>(seat)) + " (seat " + std::to_string(seat) + ") ";
    seats += by_seat[seat] ? "contributed " + short_hex(protocol::to_hex(*by_seat[seat])) : std::string("contributed nothing");
  }
  return "Contributions in seat order: " + seats + ".";
}

// A duplicate round's table (docs/fairness.md, "Duplicate deals").
std::string shared_contributions_words(int players, const std::vector<protocol::DealBytes>& given) {
  std::string listed;
  for (const protocol::DealBytes& c : given) listed += (listed.empty() ? "" : ", ") + short_hex(protocol::to_hex(c));
  return "A duplicate round's deal: every table of " + std::to_string(players) +
         " players of the round is dealt from the round's secret and the " + std::to_string(given.size()) +
         " contributions its players gave before it started" + (listed.empty() ? "" : " (" + listed + ")") + ".";
}

struct Prover {
  DealProof proof;

  bool step(bool held, std::string words) {
    proof.steps.push_back(ProofStep{held, std::move(words)});
    return held;
  }
  DealProof fail(std::string words) {
    step(false, std::move(words));
    proof.verdict = DealVerdict::kNotProven;
    return std::move(proof);
  }
};

}  // namespace

std::string DealProof::verdict_words() const {
  switch (verdict) {
    case DealVerdict::kProven:
      return "Verdict: the deal is proven. The server fixed its secret before anyone contributed, the seed comes "
             "from that secret and the players' contributions, and the game recorded is the one that seed deals.";
    case DealVerdict::kServerAlone:
      return "Verdict: the record is consistent, but no seat contributed: the server's secret alone decided the "
             "deal. The commitment proves only that the deal was fixed when the table was created.";
    case DealVerdict::kNotProven: break;
  }
  return "Verdict: NOT PROVEN. The record is not the game its deal says (see the failed check above).";
}

DealProof prove_deal(const json& record) {
  Prover p;
  if (!record.is_object() || !record.contains("header") || !record.at("header").is_object()) {
    return p.fail("The file holds no game record header.");
  }
  const json& header = record.at("header");
  const int players = header.value("players", 0);
  if (!header.contains("deal")) {
    return p.fail("The record has no deal: the table was dealt before fair deals, from a seed the server chose "
                  "alone, so there is nothing to prove.");
  }
  const auto deal = read_recorded_deal(header.at("deal"), players);
  if (!deal) return p.fail("The record's deal does not read: " + deal.error() + ".");
  if (!deal->secret) return p.fail("The server's secret is not in the record: it is revealed when the game ends.");

  const std::string commitment = deal_commitment(*deal->secret);
  if (!p.step(commitment == deal->commitment,
              commitment == deal->commitment
                  ? "The server's secret matches the commitment published when the table was created (SHA-256 " +
                        short_hex(commitment) + ")."
                  : "The server's secret does not match its commitment: SHA-256 of the secret is " +
                        short_hex(commitment) + ", the table published " + short_hex(deal->commitment) + ".")) {
    p.proof.verdict = DealVerdict::kNotProven;
    return std::move(p.proof);
  }

  int contributed = 0;
  std::uint64_t seed = 0;
  if (deal->round_contributions) {
    contributed = static_cast<int>(deal->round_contributions->size());
    p.step(true, shared_contributions_words(players, *deal->round_contributions));
    seed = shared_deal_seed(*deal->secret, players, *deal->round_contributions);
  } else {
    contributed = static_cast<int>(std::count_if(deal->seats.begin(), deal->seats.end(), [](const auto& c) { return c.has_value(); }));
    p.step(true, seat_contributions_words(header, deal->seats));
    seed = deal_seed(*deal->secret, deal->seats);
  }

  std::uint64_t recorded = 0;
  const std::string digits = text_at(header, "seed");
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), recorded);
  const bool seed_read = ec == std::errc() && end == digits.data() + digits.size() && !digits.empty();
  if (!p.step(seed_read && recorded == seed,
              seed_read && recorded == seed
                  ? "The seed " + std::to_string(seed) + " is the one the secret and the contributions give" +
                        (deal->round_contributions ? "." : ", in seat order.")
                  : "The secret and the contributions give the seed " + std::to_string(seed) +
                        ", but the game was dealt from " + (seed_read ? digits : std::string("an unreadable seed")) + ".")) {
    p.proof.verdict = DealVerdict::kNotProven;
    return std::move(p.proof);
  }

  if (text_at(header, "card_set_version") != engine::card_set_version()) {
    return p.fail("The game was played with card set " + text_at(header, "card_set_version") +
                  "; this program deals card set " + std::string(engine::card_set_version()) + ", so it cannot replay it.");
  }
  const auto replay = protocol::replay_record(players, header.contains("options") ? header.at("options") : json::object(),
                                              seed, record.contains("moves") ? record.at("moves") : json::array(),
                                              record.contains("trailer") ? record.at("trailer") : json::object());
  if (replay.fault) {
    switch (replay.fault->kind) {
      case protocol::ReplayFault::kSetup: return p.fail("The seed does not deal: " + replay.fault->reason + ".");
      case protocol::ReplayFault::kEnd: return p.fail("The record's end does not match the replay: " + replay.fault->reason + ".");
      default:
        return p.fail("Dealt from that seed, the game does not replay: move " + std::to_string(replay.fault->move_number) +
                      ": " + replay.fault->reason + ".");
    }
  }
  const std::string final_hash = engine::state_hash_hex(replay.state);
  p.step(true, "Dealt from that seed, all " + std::to_string(replay.moves) +
                   " moves replay and reach the recorded state after each one; the final state " + final_hash +
                   " is the record's" + (replay.state.is_finished() ? ", and the game is over." : ", but the game is not over."));
  p.proof.verdict = contributed > 0 ? DealVerdict::kProven : DealVerdict::kServerAlone;
  p.proof.end = replay.state;
  p.proof.moves = replay.moves;
  return std::move(p.proof);
}

Expected<std::vector<json>, std::string> read_records(std::istream& in) {
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  std::vector<json> records;
  // One JSON document: a record object, a result frame holding one, or a
  // player's account export (protocol/account_export.hpp) with its games.
  json whole = json::parse(text, nullptr, false);
  if (!whole.is_discarded()) {
    if (whole.is_object() && whole.contains("data") && whole.at("data").is_object()) whole = whole.at("data");
    if (whole.is_object() && whole.value("format", "") == protocol::kAccountExportFormat) {
      if (!whole.contains("games") || !whole.at("games").is_array()) {
        return unexpected(std::string("the account export holds no \"games\" list"));
      }
      for (json& game : whole.at("games")) records.push_back(std::move(game));
      return records;
    }
    if (!whole.is_object() || !whole.contains("header")) {
      return unexpected(std::string("the file is JSON but holds no game record (no \"header\")"));
    }
    records.push_back(std::move(whole));
    return records;
  }
  // JSON lines: a header line, the moves, a trailer line, maybe several records.
  std::istringstream lines(text);
  std::string line;
  std::size_t number = 0;
  json* open = nullptr;
  while (std::getline(lines, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return unexpected("line " + std::to_string(number) + ": not a JSON object");
    if (j.contains("format")) {
      if (open) return unexpected("line " + std::to_string(number) + ": a record starts before the previous one's trailer");
      records.push_back(json{{"header", std::move(j)}, {"moves", json::array()}});
      open = &records.back();
    } else if (!open) {
      return unexpected("line " + std::to_string(number) + ": a record must start with its header line");
    } else if (j.contains("end")) {
      (*open)["trailer"] = std::move(j);
      open = nullptr;
    } else {
      (*open)["moves"].push_back(std::move(j));
    }
  }
  if (records.empty()) return unexpected(std::string("the file holds no game record"));
  if (open) return unexpected(std::string("the last record has no trailer line: the file is cut short"));
  return records;
}

}  // namespace sp::server
