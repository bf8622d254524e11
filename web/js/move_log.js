// The move log in words, computed from the events each move carries
// ("Bob bought a Market from the lower row for 4 rubles"), and its list.
import { aCard, cardName } from "./cards.js";
import { h, plural } from "./dom.js";

const FROM_WORDS = {
  upper: "from the upper row",
  lower: "from the lower row",
  drawn: "drawn with the Observatory",
  discard: "from the discard pile",
  hand: "from the hand",
  tableau: "from the tableau",
};

const PHASE_WORDS = { worker: "worker", building: "building", aristocrat: "aristocrat", trading: "trading card" };

function gainText(gain) {
  const parts = [];
  if (gain.rubles) parts.push(plural(gain.rubles, "ruble"));
  if (gain.points) parts.push(plural(gain.points, "point"));
  return parts.join(" and ");
}

// One sentence for an event, or null for events not worth a line.
export function describeEvent(event, names) {
  const who = names[event.seat] ?? `Seat ${event.seat + 1}`;
  switch (event.type) {
    case "card_bought": {
      let text = `${who} bought ${aCard(event.card)} ${FROM_WORDS[event.from] || ""} for ${plural(event.price, "ruble")}`;
      if (event.displaced) text += `, displacing ${aCard(event.displaced)}`;
      return text;
    }
    case "card_taken":
      return event.card
        ? `${who} took ${aCard(event.card)} ${FROM_WORDS[event.from] || ""} into the hand`
        : `${who} took the drawn card into the hand`;
    case "card_played": {
      let text = `${who} played ${aCard(event.card)} from the hand`;
      if (event.price) text += ` for ${plural(event.price, "ruble")}`;
      if (event.displaced) text += `, displacing ${aCard(event.displaced)}`;
      if (event.target) text += ` on the ${cardName(event.target)}`;
      return text;
    }
    case "passed":
      if (event.kind === "until_phase_end") return `${who} passes (until the end of the phase)`;
      if (event.kind === "forced") return `${who} had to pass`;
      return event.until_phase_end ? `${who} passed until the end of the phase` : `${who} passed`;
    case "pass_until_phase_end_cancelled":
      return `${who} withdrew the pass until the end of the phase`;
    case "observatory_used":
      return event.drawn
        ? `${who} used the Observatory and drew ${aCard(event.drawn)} from the ${PHASE_WORDS[event.stack]} stack`
        : `${who} used the Observatory and drew a card from the ${PHASE_WORDS[event.stack]} stack`;
    case "debtors_prison_used":
      return `${who} used the Debtor's Prison`;
    case "card_discarded":
      return `${who} discarded ${aCard(event.card)}${event.from === "tableau" ? " from the tableau" : ""}`;
    case "points_bought":
      return `${who} bought ${plural(event.points, "point")} for ${plural(event.rubles, "ruble")} with the ${cardName(event.with)}`;
    case "guild_hall_split_chosen":
      return `${who} set the Guild Hall to ${plural(event.rubles, "ruble")} and ${plural(event.points, "point")}`;
    case "rubles_gained":
      return `${who} gained ${plural(event.rubles, "ruble")} from the ${cardName(event.card)}`;
    case "phase_scored": {
      const gains = event.gains
        .map((g, seat) => (gainText(g) ? `${names[seat] ?? `Seat ${seat + 1}`} ${gainText(g)}` : null))
        .filter(Boolean);
      return `${capitalise(PHASE_WORDS[event.phase])} scoring: ${gains.length ? gains.join(", ") : "nobody scores"}`;
    }
    case "disc_scored":
      return `${who} scored ${plural(event.points, "point")} for the disc`;
    case "display_filled": {
      if (!event.cards) return null;
      let text = `${plural(event.cards, "new card")} from the ${PHASE_WORDS[event.stack]} stack`;
      if (event.starts_last_round) text += ": that stack is empty, this is the last round";
      return text;
    }
    case "phase_started":
      return `Round ${event.round}, ${PHASE_WORDS[event.phase]} phase: ${names[event.starting_seat] ?? "?"} starts`;
    case "pickpocket_answered":
      return event.played ? `${who} played the Pickpocket` : `${who} let the Pickpocket go`;
    case "discard_pick_given_up":
      return `${who} gave up the Debtor's Prison pick`;
    case "round_ended":
      return event.discarded_from_lower_row
        ? `Round ${event.round} ended; ${plural(event.discarded_from_lower_row, "card")} left the lower row`
        : `Round ${event.round} ended`;
    case "game_ended":
      return "The game is over";
    default:
      return null;
  }
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The sentences of one move: the player's own deed first, then the automatic flow.
export function describeMove(move, names) {
  return move.events.map((e) => describeEvent(e, names)).filter(Boolean);
}

export class MoveLog {
  constructor() {
    this.list = h("ol", { class: "move-log", "aria-live": "polite", "aria-label": "Moves" });
    this.element = h("section", { class: "panel log-panel", "aria-labelledby": "log-title" },
      h("h2", { id: "log-title" }, "Moves"), this.list);
    this.seen = 0;
  }

  reset() {
    this.list.replaceChildren();
    this.seen = 0;
  }

  add(moves, names) {
    for (const move of moves) {
      if (move.move_number <= this.seen) continue;
      this.seen = move.move_number;
      const lines = describeMove(move, names);
      const [first, ...rest] = lines;
      this.list.append(
        h("li", { dataset: { move: move.move_number } },
          h("span", { class: "move-number" }, `${move.move_number}.`), " ", first || "",
          rest.length ? h("ul", { class: "move-flow" }, rest.map((l) => h("li", {}, l))) : null)
      );
    }
    this.list.scrollTop = this.list.scrollHeight;
  }
}
