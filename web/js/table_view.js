// The table as the player sees it: phase, round, whose turn, the last-round
// warning; the upper and lower rows with printed costs and the price I would
// pay now; the four stacks with their counts and the stack peek; every
// player's rubles, points, hand, tableau (workers, buildings, aristocrats) and
// starting markers, as the table's options allow.
import { cardElement, groupOf, cardName } from "./cards.js";
import { h, plural } from "./dom.js";

const PHASE_WORDS = { worker: "Worker phase", building: "Building phase", aristocrat: "Aristocrat phase", trading: "Trading card phase" };
const STACK_WORDS = { worker: "Workers", building: "Buildings", aristocrat: "Aristocrats", trading: "Trading cards" };
const GROUP_WORDS = { worker: "Workers", building: "Buildings", aristocrat: "Aristocrats" };
const STEP_WORDS = {
  pickpocket: "waiting for the Pickpocket's answer",
  drawn_card: "deciding on the Observatory's card",
  discard_pick: "picking from the discard pile",
  pub_purchase: "buying points with the Pub",
};

// The cheapest price the server offers me for buying a card from a row.
function pricesByCard(legal) {
  const prices = {};
  for (const a of legal) {
    if (a.type !== "buy" || a.price === null) continue;
    const key = `${a.from}:${a.card}`;
    prices[key] = Math.min(prices[key] ?? Infinity, a.price);
  }
  return prices;
}

export function renderStatus(view, mySeat) {
  const names = view.players.map((p) => p.name);
  const toAct = view.to_act.map((s) => (s === mySeat ? "you" : names[s]));
  const finished = view.step === "finished";
  return h("section", { class: "status", "aria-label": "Game status" },
    h("span", { class: "round" }, `Round ${view.round}`),
    h("span", { class: "phase" }, finished ? "Game over" : PHASE_WORDS[view.phase]),
    !finished && STEP_WORDS[view.step] ? h("span", { class: "step" }, STEP_WORDS[view.step]) : null,
    !finished ? h("span", { class: `turn${view.to_act.includes(mySeat) ? " mine" : ""}` },
      toAct.length ? `To act: ${toAct.join(", ")}` : "") : null,
    h("span", { class: "move" }, `Move ${view.move_number}`),
    view.last_round && !finished
      ? h("strong", { class: "last-round", role: "alert" }, "Last round: a stack ran out, the game ends after this round.")
      : null);
}

export function renderBoard(view, legal, { playing = true } = {}) {
  const prices = pricesByCard(legal);
  const row = (which, label) =>
    h("div", { class: "row-block" },
      h("h3", {}, label),
      h("div", { class: "card-row", "aria-label": label, role: "list" },
        view.board[which].length
          ? view.board[which].map((id) =>
            h("div", { role: "listitem" }, cardElement(id, { price: prices[`${which}:${id}`] })))
          : h("p", { class: "empty" }, "empty")));
  return h("section", { class: "panel board", "aria-labelledby": "board-title" },
    h("h2", { id: "board-title" }, "Board"),
    playing && !legal.length ? h("p", { class: "hint" }, "Your prices appear on your turn.") : null,
    row("upper", "Upper row"),
    row("lower", "Lower row (1 ruble cheaper)"),
    renderStacks(view),
    view.discard.length
      ? h("details", { class: "discard" }, h("summary", {}, `Discard pile (${view.discard.length})`),
        h("div", { class: "card-row" }, view.discard.map((id) => cardElement(id))))
      : null,
    view.drawn ? h("div", { class: "drawn" }, h("h3", {}, "Drawn with the Observatory"), cardElement(view.drawn)) : null);
}

function renderStacks(view) {
  const contents = view.stack_contents || null;
  return h("div", { class: "stacks", role: "list", "aria-label": "Stacks" },
    Object.keys(STACK_WORDS).map((deck) => {
      const left = view.stacks[deck];
      const label = `${STACK_WORDS[deck]}: ${plural(left, "card")} left`;
      if (!contents) {
        return h("div", { role: "listitem", class: `stack ${deck}` }, h("span", { class: "stack-face" }, label));
      }
      const peekId = `peek-${deck}`;
      const entries = Object.entries(contents[deck] || {});
      const peek = h("div", { class: "peek", id: peekId, role: "region", "aria-label": `Cards left in the ${STACK_WORDS[deck]} stack` },
        entries.length
          ? h("ul", {}, entries.map(([id, n]) => h("li", {}, h("span", {}, cardName(id)), h("span", { class: "peek-count" }, `×${n}`))))
          : h("p", {}, "No card left."));
      const button = h("button", {
        type: "button", class: "stack-face", "aria-expanded": "false", "aria-controls": peekId,
        onclick: (e) => {
          const open = e.currentTarget.getAttribute("aria-expanded") !== "true";
          e.currentTarget.setAttribute("aria-expanded", String(open));
          e.currentTarget.parentElement.classList.toggle("open", open);
        },
      }, label);
      return h("div", { role: "listitem", class: `stack ${deck}` }, button, peek);
    }));
}

export function renderPlayers(view, mySeat) {
  return h("section", { class: "players", "aria-label": "Players" },
    view.players.map((p) => renderPlayer(view, p, mySeat)));
}

function renderPlayer(view, p, mySeat) {
  const groups = { worker: [], building: [], aristocrat: [], action: [] };
  for (const id of p.tableau) groups[groupOf(id)].push(id);
  const faceDown = new Set(p.face_down);
  const attachedTo = {};
  for (const a of p.attached) attachedTo[a.target] = cardName(a.card);
  const toAct = view.to_act.includes(p.seat);
  const hand = p.hand === null
    ? h("p", { class: "hidden-hand" }, `${plural(p.hand_size, "card")} (hidden)`)
    : p.hand.length
      ? h("div", { class: "card-row" }, p.hand.map((id) => cardElement(id)))
      : h("p", { class: "empty" }, "empty");
  const flags = [];
  if (p.passed_until_phase_end) flags.push("passing until the end of the phase");
  if (p.disc) flags.push("holds the disc");
  return h("article", {
    class: `panel player${p.seat === mySeat ? " me" : ""}${toAct ? " to-act" : ""}`,
    "aria-label": `${p.name}${p.seat === mySeat ? " (you)" : ""}`,
    dataset: { seat: p.seat },
  },
  h("header", {},
    h("h2", {}, p.name, p.seat === mySeat ? " (you)" : "", toAct ? h("span", { class: "badge" }, "to act") : null),
    h("p", { class: "money" },
      h("span", { class: "rubles", dataset: { testid: "rubles" } }, p.rubles === null ? "? rubles" : plural(p.rubles, "ruble")),
      " · ",
      h("span", { class: "points", dataset: { testid: "points" } }, plural(p.points, "point"))),
    p.starting_markers.length
      ? h("p", { class: "markers" }, "Starts: ", p.starting_markers.map((m) => h("span", { class: `marker ${m}` }, m)))
      : null,
    flags.length ? h("p", { class: "flags" }, flags.join("; ")) : null),
  h("div", { class: "hand" }, h("h3", {}, `Hand (${p.hand_size})`), hand),
  Object.entries(GROUP_WORDS).map(([group, label]) =>
    groups[group].length
      ? h("div", { class: `tableau ${group}` }, h("h3", {}, `${label} (${groups[group].length})`),
        h("div", { class: "card-row" }, groups[group].map((id) =>
          cardElement(id, { faceDown: faceDown.has(id), note: attachedTo[id] }))))
      : null));
}
