// Standing orders (issue 19): moves a seat leaves for the server to make while
// its player is away. Each time the seat must decide, its orders are read in
// the player's order and the first that fits a legal move at that moment makes
// it; when none fits, the seat waits for its player. An order never makes a
// move the player did not write, and never pays more than the price written.
//
// The engine only reads orders: the server stores them (private to their
// seat), calls standing_order_move when the seat is to act, applies the move
// like any other and logs it as made by standing order, then calls order_used
// and, after every move of anyone, expire_orders. docs/rules.md, "Standing
// orders", gives the definitions in words.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <variant>
#include <vector>

#include "engine/action.hpp"
#include "engine/card.hpp"
#include "engine/expected.hpp"
#include "engine/order_error.hpp"
#include "engine/seat.hpp"
#include "engine/state.hpp"

namespace sp::engine {

// Which cards an order means: one card of the catalogue, any card of a colour
// (green workers, blue buildings, orange aristocrats, purple Banquet action
// cards; trading cards have their group's colour), or any card of a stack.
struct AnyOfColor {
  Color color = Color::kGreen;
  friend bool operator==(const AnyOfColor&, const AnyOfColor&) = default;
};
struct AnyOfDeck {
  Deck deck = Deck::kWorker;
  friend bool operator==(const AnyOfDeck&, const AnyOfDeck&) = default;
};
using CardMatch = std::variant<CardId, AnyOfColor, AnyOfDeck>;

bool matches(const CardMatch& match, CardId card);

// The board as one seat sees it: the round and phase, both rows, and every
// player's tableau, hand and rubles (a hidden hand by its size, hidden rubles
// not at all). Equal fingerprints mean nothing the seat can see has changed.
struct BoardFingerprint {
  std::uint64_t value = 0;
  friend bool operator==(const BoardFingerprint&, const BoardFingerprint&) = default;
};

BoardFingerprint board_fingerprint(const GameState& state, Seat seat);

// Pass with "until the phase ends" at the seat's turn.
struct PassUntilPhaseEndOrder {
  friend bool operator==(const PassUntilPhaseEndOrder&, const PassUntilPhaseEndOrder&) = default;
};

// Pass at the seat's turn while the board is as it was when the order was
// written; the first change ends the order. write_order takes the fingerprint.
struct PassUntilBoardChangesOrder {
  BoardFingerprint board;
  friend bool operator==(const PassUntilBoardChangesOrder&, const PassUntilBoardChangesOrder&) = default;
};

// Buy a card from a row for at most `max_price` rubles. A trading card
// displaces `displace`; left out, the order buys a trading card only when the
// tableau offers it a single card to displace. Of several fitting purchases the
// cheapest is made, the first on the board (upper row left to right, then the
// lower row) among equal prices. Used once; with `then_pass_until_phase_end`
// it then becomes a "pass until the phase ends" order for the rest of the phase.
struct BuyOrder {
  CardMatch card;
  int max_price = 0;
  std::optional<CardId> displace;
  bool then_pass_until_phase_end = false;
  friend bool operator==(const BuyOrder&, const BuyOrder&) = default;
};

// Take a card from a row into the hand (free), the first fitting one on the
// board. Used once, like a BuyOrder.
struct TakeOrder {
  CardMatch card;
  bool then_pass_until_phase_end = false;
  friend bool operator==(const TakeOrder&, const TakeOrder&) = default;
};

// Play a card from the hand for at most `max_price` rubles (a Banquet action
// card is free). `displace` as for BuyOrder; `target` is what a Jester or
// Banquet lies on or what Away with it! discards, and left out the order plays
// such a card only when it has a single target. Used once.
struct PlayOrder {
  CardId card;
  int max_price = 0;
  std::optional<CardId> displace;
  std::optional<CardId> target;
  friend bool operator==(const PlayOrder&, const PlayOrder&) = default;
};

// The answers to the engine's questions, given in advance. They stay until
// they expire: the same question may come again.

// At a phase's start, the holder of the Pickpocket: play it, or keep it.
struct PickpocketAnswer {
  bool play = false;
  friend bool operator==(const PickpocketAnswer&, const PickpocketAnswer&) = default;
};

// The card the seat's Observatory drew, when it matches `card` (left out: any
// card): buy it for at most `max_price`, take it, or discard it.
enum class DrawnCardChoice : std::uint8_t { kBuy, kTake, kDiscard };
struct DrawnCardAnswer {
  DrawnCardChoice choice = DrawnCardChoice::kDiscard;
  std::optional<CardMatch> card;
  int max_price = 0;
  std::optional<CardId> displace;
  friend bool operator==(const DrawnCardAnswer&, const DrawnCardAnswer&) = default;
};

// The Pub after building scoring (original timing): buy as many points as
// possible up to `points`; 0 declines.
struct PubAnswer {
  int points = 0;
  friend bool operator==(const PubAnswer&, const PubAnswer&) = default;
};

// A pick from the discard pile (Debtor's Prison, Black Market): buy for at most
// `max_price` or take a card matching `card` (left out: any card), the cheapest
// (buy) or the first in the pile (take); or give up, which the rules allow only
// when no card there can be bought or taken.
enum class PickChoice : std::uint8_t { kBuy, kTake, kGiveUp };
struct DiscardPickAnswer {
  PickChoice choice = PickChoice::kGiveUp;
  std::optional<CardMatch> card;
  int max_price = 0;
  std::optional<CardId> displace;
  friend bool operator==(const DiscardPickAnswer&, const DiscardPickAnswer&) = default;
};

using OrderRule = std::variant<PassUntilPhaseEndOrder, PassUntilBoardChangesOrder, BuyOrder, TakeOrder, PlayOrder,
                               PickpocketAnswer, DrawnCardAnswer, PubAnswer, DiscardPickAnswer>;

// When an order lapses: when the phase or the round it was written in ends, or
// only when its player cancels it (or the game ends).
enum class Expiry : std::uint8_t { kPhaseEnd, kRoundEnd, kUntilCancelled };

struct StandingOrder {
  OrderRule rule;
  Expiry expiry = Expiry::kPhaseEnd;
  std::uint16_t round = 1;        // when it was written: the anchor of its expiry
  Phase phase = Phase::kWorker;
  friend bool operator==(const StandingOrder&, const StandingOrder&) = default;
};

// Whether an order can never apply in this game, as its seat sees the game
// (the refusal reveals nothing hidden from the seat).
[[nodiscard]] Expected<void, OrderError> validate_order(const GameState& state, Seat seat,
                                                        const StandingOrder& order);

// A new order anchored to the present phase and round (a "pass until the board
// changes" order also takes the board's fingerprint), validated.
[[nodiscard]] Expected<StandingOrder, OrderError> write_order(const GameState& state, Seat seat, OrderRule rule,
                                                              Expiry expiry);

// Whether the order is still in force: its phase or round has not ended, the
// game is not over, and for "pass until the board changes", the board is as it
// was.
bool is_live(const GameState& state, Seat seat, const StandingOrder& order);

// A move made by a standing order, and which order made it.
struct OrderedMove {
  Action action;
  std::size_t order = 0;
  friend bool operator==(const OrderedMove&, const OrderedMove&) = default;
};

// The move the seat's orders make now, the first order that fits a legal move
// at its price winning; nothing when the seat is not to act or no live order
// fits. It reads only what the seat may see.
std::optional<OrderedMove> standing_order_move(const GameState& state, Seat seat,
                                               std::span<const StandingOrder> orders);

// After the server applied an ordered move: a buy, take or play order is used
// up (or, with "then pass until the phase ends", becomes that order for the
// phase of `moved_in`, the state the move was made in); passes and answers stay.
void order_used(std::vector<StandingOrder>& orders, std::size_t index, const GameState& moved_in);

// Drops the orders that are no longer live, and returns them (the server tells
// the player, whose seat may be waiting again).
std::vector<StandingOrder> expire_orders(const GameState& state, Seat seat, std::vector<StandingOrder>& orders);

}  // namespace sp::engine
