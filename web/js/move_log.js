// The move log in words, computed from the events each move carries
// ("Bob bought a Market from the lower row for 4 rubles", in the reader's
// language), and its list.
import { aCard, cardName } from "./cards.js";
import { h } from "./dom.js";
import { t, tn } from "./i18n.js";

function rubles(n) {
  return tn("n.rubles", n);
}

function points(n) {
  return tn("n.points", n);
}

function gainText(gain) {
  const parts = [];
  if (gain.rubles) parts.push(rubles(gain.rubles));
  if (gain.points) parts.push(points(gain.points));
  return parts.length === 2 ? t("n.and", { a: parts[0], b: parts[1] }) : parts[0] || "";
}

function seatName(names, seat) {
  return names[seat] ?? t("log.seat", { n: seat + 1 });
}

// One sentence for an event, or null for events not worth a line.
export function describeEvent(event, names) {
  const who = seatName(names, event.seat);
  const card = event.card ? { card: cardName(event.card), a_card: aCard(event.card) } : {};
  const from = event.from ? t(`from.${event.from}`) : "";
  switch (event.type) {
    case "card_bought": {
      let text = t("log.card_bought", { who, ...card, from, price: rubles(event.price) });
      if (event.displaced) text += t("log.displacing", { a_card: aCard(event.displaced) });
      return text;
    }
    case "card_taken":
      return event.card ? t("log.card_taken", { who, ...card, from }) : t("log.card_taken_hidden", { who });
    case "card_played": {
      let text = event.price ? t("log.card_played_price", { who, ...card, price: rubles(event.price) }) : t("log.card_played", { who, ...card });
      if (event.displaced) text += t("log.displacing", { a_card: aCard(event.displaced) });
      if (event.target) text += t("log.on_target", { card: cardName(event.target) });
      return text;
    }
    case "passed":
      if (event.kind === "until_phase_end" || event.until_phase_end) return t("log.passed_until_phase_end", { who });
      if (event.kind === "forced") return t("log.passed_forced", { who });
      return t("log.passed", { who });
    case "pass_until_phase_end_cancelled":
      return t("log.pass_until_phase_end_cancelled", { who });
    case "observatory_used": {
      const stack = t(`stack_from.${event.stack}`);
      return event.drawn
        ? t("log.observatory_used", { who, a_card: aCard(event.drawn), stack })
        : t("log.observatory_used_hidden", { who, stack });
    }
    case "debtors_prison_used":
      return t("log.debtors_prison_used", { who });
    case "card_discarded":
      return t(event.from === "tableau" ? "log.card_discarded_tableau" : "log.card_discarded", { who, ...card });
    case "points_bought":
      return t("log.points_bought", { who, points: points(event.points), rubles: rubles(event.rubles), card: cardName(event.with) });
    case "guild_hall_split_chosen":
      return t("log.guild_hall_split_chosen", { who, rubles: rubles(event.rubles), points: points(event.points) });
    case "rubles_gained":
      return t("log.rubles_gained", { who, rubles: rubles(event.rubles), ...card });
    case "phase_scored": {
      const scoring = t(`scoring.${event.phase}`);
      const gains = event.gains
        .map((g, seat) => (gainText(g) ? t("log.gain", { who: seatName(names, seat), gain: gainText(g) }) : null))
        .filter(Boolean);
      return gains.length ? t("log.phase_scored", { scoring, gains: gains.join(t("list.separator")) }) : t("log.phase_scored_nobody", { scoring });
    }
    case "disc_scored":
      return t("log.disc_scored", { who, points: points(event.points) });
    case "display_filled": {
      if (!event.cards) return null;
      const params = { cards: tn("n.new_cards", event.cards), stack: t(`stack_from.${event.stack}`) };
      return t(event.starts_last_round ? "log.display_filled_last" : "log.display_filled", params);
    }
    case "phase_started":
      return t("log.phase_started", { round: event.round, phase: t(`phase.${event.phase}`), who: seatName(names, event.starting_seat) });
    case "pickpocket_answered":
      return t(event.played ? "log.pickpocket_answered_played" : "log.pickpocket_answered_let_go", { who });
    case "discard_pick_given_up":
      return t("log.discard_pick_given_up", { who });
    case "round_ended": {
      const list = (cards) => cards.map(cardName).join(t("list.separator"));
      let text = event.discarded_from_lower_row
        ? t("log.round_ended_discarded", { round: event.round, cards: tn("n.cards", event.discarded_from_lower_row) })
        : t("log.round_ended", { round: event.round });
      if (event.discarded?.length) text += t("log.card_list", { list: list(event.discarded) });
      if (event.moved_down?.length) text += t("log.moved_down", { list: list(event.moved_down) });
      return text;
    }
    case "game_ended":
      return t("log.game_ended");
    default:
      return null;
  }
}

// The sentences of one move: the player's own deed first, then the automatic flow.
export function describeMove(move, names) {
  // A resign, a vote or an undo: no events, one line of its own.
  if (move.action.entry) return [t(`log.entry.${move.action.entry}`, { name: names[move.seat] ?? t("consent.seat", { n: move.seat }) })];
  return move.events.map((e) => describeEvent(e, names)).filter(Boolean);
}

// Who chose a move when it was not the seat's player: a robot, the table at
// a timeout, or the table for an absent seat.
function actorNote(move) {
  return move.actor && move.actor !== "player" ? h("span", { class: `actor ${move.actor}` }, ` (${t(`log.actor.${move.actor}`)})`) : null;
}

export class MoveLog {
  constructor() {
    // Not a live region: the table page's announcer says the others' moves (announcer.js).
    // Focusable, so that the keyboard scrolls it as the mouse does.
    this.list = h("ol", { class: "move-log", "aria-label": t("log.title"), tabindex: "0" });
    this.element = h("section", { class: "panel log-panel", "aria-labelledby": "log-title" },
      h("h2", { id: "log-title" }, t("log.title")), this.list);
    this.seen = 0;
    this.unreadAfter = null;
    this.divider = null;
  }

  // The moves after this one are new to the reader: a divider goes before
  // the first of them, which the log then shows first.
  markUnreadAfter(moveNumber) {
    this.unreadAfter = moveNumber;
  }

  add(moves, names) {
    for (const move of moves) {
      if (move.move_number <= this.seen) continue;
      this.seen = move.move_number;
      const fresh = this.unreadAfter !== null && move.move_number > this.unreadAfter;
      if (fresh && !this.divider) {
        this.divider = h("li", { class: "unread-divider", role: "separator" }, t("log.since_last_visit"));
        this.list.append(this.divider);
      }
      const lines = describeMove(move, names);
      const [first, ...rest] = lines;
      this.list.append(
        h("li", { class: fresh ? "new" : null, dataset: { move: move.move_number } },
          h("span", { class: "move-number" }, `${move.move_number}.`), " ", first || "", actorNote(move),
          rest.length ? h("ul", { class: "move-flow" }, rest.map((l) => h("li", {}, l))) : null)
      );
    }
    if (this.divider && !this.shownDivider) {
      this.shownDivider = true;
      this.list.scrollTop = this.divider.offsetTop - this.list.offsetTop;
    } else {
      this.list.scrollTop = this.list.scrollHeight;
    }
  }
}
