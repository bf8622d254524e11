// The table as the player sees it: the status bar (round, phase, whose turn,
// my rubles, Pass, the last-round warning); the upper and lower rows with
// printed costs and the price I would pay now; the four stacks with their
// counts and the stack peek; every player's rubles, points, hand, tableau
// (workers, buildings, aristocrats) and starting markers, as the table's
// options allow. A card I may do something with now is a button: its legal
// actions (by place and card, card_actions.js) go with it.
import { actionsByCard } from "./card_actions.js";
import { card, cardElement, catalogueOrder, DECK_SYMBOL, groupOf, cardName, incomeText } from "./cards.js";
import { h } from "./dom.js";
import { playerName, t, tn } from "./i18n.js";
import { playerLink } from "./profile.js";

const STACKS = ["worker", "building", "aristocrat", "trading"];
const GROUPS = ["worker", "building", "aristocrat"];

// placed(place, id, options): the card lying there, with what I may do with
// it, or, when it is not my turn, what it would cost me (the server's prices).
function placer(legal, prices = []) {
  const byCard = actionsByCard(legal);
  const priced = new Map();
  for (const p of prices) {
    const key = `${p.from}:${p.card}`;
    if (!priced.has(key)) priced.set(key, []);
    priced.get(key).push(p.price);
  }
  return (place, id, options = {}) => cardElement(id, { ...options, place, actions: byCard.get(`${place}:${id}`), prices: priced.get(`${place}:${id}`) });
}

// Options: pass (the Pass button's action, when I may pass), onPass, deadline
// ({text, urgent}: the time left for the awaited move), stopped (an
// administrator aborted the table, or it faulted: nobody is to act).
export function renderStatus(view, mySeat, { pass = null, onPass = null, deadline = null, stopped = false } = {}) {
  const me = mySeat === null || mySeat === undefined ? null : view.players[mySeat];
  const names = view.players.map((p) => playerName(p.name));
  const toAct = view.to_act.map((s) => (s === mySeat ? t("status.you") : names[s]));
  const finished = view.step === "finished" || stopped;
  const step = view.step !== "actions" && !finished ? view.step : null;
  return h("section", { class: "status", "aria-label": t("status.label"), tabindex: "-1", dataset: { keyboard: "status" } },
    h("span", { class: "round" }, t("status.round", { round: view.round })),
    h("span", { class: `phase${finished ? "" : " tracked"}` }, stopped ? t("status.stopped") : finished ? t("status.game_over") : t(`phase.${view.phase}`)),
    finished ? null : h("ol", { class: "phase-track", "aria-hidden": "true" }, STACKS.map((phase) =>
      h("li", { class: phase === view.phase ? "current" : null }, `${DECK_SYMBOL[phase]} ${t(`stack.${phase}`)}`))),
    step ? h("span", { class: "step" }, t(`step.${step}`)) : null,
    !finished ? h("span", { class: `turn${view.to_act.includes(mySeat) ? " mine" : ""}` },
      toAct.length ? t("status.to_act", { names: toAct.join(t("list.separator")) }) : "") : null,
    deadline ? h("span", { class: `deadline${deadline.urgent ? " urgent" : ""}` }, deadline.text) : null,
    me && me.rubles !== null ? h("span", { class: "my-rubles", "aria-label": t("status.your_money", { rubles: tn("n.rubles", me.rubles) }) }, `${me.rubles} ₽`) : null,
    h("span", { class: "move", dataset: { move: view.move_number } }, t("status.move", { n: view.move_number })),
    pass && !finished ? h("button", { type: "button", class: "pass", dataset: { keyboard: "pass" }, onclick: () => onPass(pass) }, t("actions.pass")) : null,
    view.last_round && !finished
      ? h("strong", { class: "last-round", role: "alert" }, t("status.last_round"))
      : null);
}

export function renderBoard(view, legal, { playing = true, prices = [] } = {}) {
  const placed = placer(legal, prices);
  const row = (which, label) =>
    h("div", { class: "row-block" },
      h("h3", {}, label),
      // A list only while it holds cards: an empty one's sentence is no item.
      h("div", view.board[which].length ? { class: "card-row", "aria-label": label, role: "list" } : { class: "card-row" },
        view.board[which].length
          ? view.board[which].map((id) => h("div", { role: "listitem" }, placed(which, id)))
          : h("p", { class: "empty" }, t("board.empty"))));
  const fromDiscard = legal.some((a) => a.from === "discard" && a.card);
  return h("section", { class: "panel board", id: "board", tabindex: "-1", "aria-labelledby": "board-title" },
    h("h2", { id: "board-title" }, t("board.title")),
    playing && !legal.length ? h("p", { class: "hint" }, t("board.prices_hint")) : null,
    row("upper", t("board.upper")),
    row("lower", t("board.lower")),
    renderStacks(view),
    view.discard.length
      ? h("details", { class: "discard", open: fromDiscard }, h("summary", {}, t("board.discard", { n: view.discard.length })),
        h("div", { class: "card-row" }, view.discard.map((id) => placed("discard", id))))
      : null,
    view.drawn ? h("div", { class: "drawn" }, h("h3", {}, t("board.drawn")), placed("drawn", view.drawn)) : null);
}

function renderStacks(view) {
  const contents = view.stack_contents || null;
  return h("div", { class: "stacks", role: "list", "aria-label": t("board.stacks") },
    STACKS.map((deck) => {
      const left = view.stacks[deck];
      const label = [h("span", { class: "stack-symbol", "aria-hidden": "true" }, `${DECK_SYMBOL[deck]} `),
        t("board.stack_left", { stack: t(`stack.${deck}`), cards: tn("n.cards", left) })];
      if (!contents) {
        return h("div", { role: "listitem", class: `stack ${deck}` }, h("span", { class: "stack-face" }, label));
      }
      const peekId = `peek-${deck}`;
      // The server's object has no order of its own: the catalogue's is shown.
      const entries = Object.entries(contents[deck] || {}).sort(([a], [b]) => catalogueOrder(a, b));
      const peek = h("div", { class: "peek", id: peekId, role: "region", "aria-label": t("board.peek_label", { stack: t(`stack.${deck}`) }) },
        entries.length
          ? h("ul", {}, entries.map(([id, n]) => h("li", {}, h("span", {}, cardName(id)), h("span", { class: "peek-count" }, `×${n}`))))
          : h("p", {}, t("board.peek_empty")));
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

// My seat first: my hand is the one I play from. Options: controllers (seat
// to "robot", "absent", ... for seats their player does not play), ratings
// (seat to its person's standing: their name links to their profile), changed
// ("seat:card" of the cards new since my last visit), clocks (seat to the
// words of its clock, table_summary.js's seatClocks), rests (seat to the
// words of its player's off time, seatOffTimes).
export function renderPlayers(view, mySeat, legal = [], { controllers = new Map(), changed = new Set(), prices = [], ratings = new Map(), clocks = new Map(), rests = new Map() } = {}) {
  const placed = placer(legal, prices);
  const seats = [...view.players].sort((a, b) => (b.seat === mySeat) - (a.seat === mySeat));
  return h("section", { class: "players", "aria-label": t("players.label") },
    seats.map((p) => {
      const place = (where, id, o = {}) => {
        const options = { ...o, changed: changed.has(`${p.seat}:${id}`) };
        return p.seat === mySeat ? placed(where, id, options) : cardElement(id, options);
      };
      return renderPlayer(view, p, mySeat, place, controllers.get(p.seat), ratings, clocks.get(p.seat), rests.get(p.seat));
    }));
}

// A tableau's cards of one group, identical ones once with their count (a
// face-down Observatory apart from one face up), in the order first played.
function stacked(ids, faceDown) {
  const down = new Map();
  for (const id of faceDown) down.set(id, (down.get(id) || 0) + 1);
  const piles = new Map();
  for (const id of ids) {
    const flipped = (down.get(id) || 0) > 0;
    if (flipped) down.set(id, down.get(id) - 1);
    const key = `${id}:${flipped}`;
    if (!piles.has(key)) piles.set(key, { id, faceDown: flipped, count: 0 });
    piles.get(key).count += 1;
  }
  return [...piles.values()];
}

// What a group's printed values score at its phase (face-down cards score nothing).
function groupIncome(piles) {
  let rubles = 0;
  let points = 0;
  for (const pile of piles) {
    if (pile.faceDown) continue;
    rubles += card(pile.id).rubles * pile.count;
    points += card(pile.id).points * pile.count;
  }
  return incomeText(rubles, points);
}

function renderPlayer(view, p, mySeat, placed, controller, ratings, clock, rest) {
  const groups = { worker: [], building: [], aristocrat: [], action: [] };
  for (const id of p.tableau) groups[groupOf(id)].push(id);
  const attachedTo = {};
  for (const a of p.attached) attachedTo[a.target] = cardName(a.card);
  const toAct = view.to_act.includes(p.seat);
  const hand = p.hand === null
    ? h("p", { class: "hidden-hand" }, t("player.hidden_hand", { cards: tn("n.cards", p.hand_size) }))
    : p.hand.length
      ? h("div", { class: "card-row" }, p.hand.map((id) => placed("hand", id)))
      : h("p", { class: "empty" }, t("player.empty"));
  const flags = [];
  if (p.passed_until_phase_end) flags.push(t("player.passing_until"));
  if (p.disc) flags.push(t("player.holds_disc"));
  const you = p.seat === mySeat ? t("player.you") : "";
  const finished = view.step === "finished";
  return h("article", {
    class: `panel player${p.seat === mySeat ? " me" : ""}${toAct ? " to-act" : ""}`,
    "aria-label": `${playerName(p.name)}${you}`,
    dataset: { seat: p.seat },
  },
  h("header", {},
    h("h2", {}, toAct && !finished ? h("span", { class: "to-act-mark", "aria-hidden": "true" }, "▶ ") : null,
      ratings.has(p.seat) ? playerLink(p.name, ratings.get(p.seat)) : playerName(p.name), you,
      controller ? h("span", { class: "badge robot" }, controller) : null,
      toAct && !finished ? h("span", { class: "badge" }, t("player.to_act")) : null,
      clock && !finished ? h("span", { class: "badge clock", title: t("clock.title") }, h("span", { class: "visually-hidden" }, `${t("clock.title")}: `), clock) : null,
      rest && !finished ? h("span", { class: "badge off-time", title: t("clock.off_title") }, h("span", { class: "visually-hidden" }, `${t("clock.off_title")}: `), rest) : null),
    h("p", { class: "money" },
      h("span", { class: "rubles", dataset: { testid: "rubles" } }, p.rubles === null ? t("player.hidden_rubles") : tn("n.rubles", p.rubles)),
      " · ",
      h("span", { class: "points", dataset: { testid: "points" } }, tn("n.points", p.points))),
    p.starting_markers.length
      ? h("p", { class: "markers" }, t("player.starts"), " ", p.starting_markers.map((m) => {
        const now = m === view.phase && !finished;
        return h("span", { class: `marker ${m}${now ? " now" : ""}`, title: now ? t("player.starts_now") : null },
          h("span", { "aria-hidden": "true" }, `${DECK_SYMBOL[m]} `), t(`marker.${m}`), now ? h("span", { class: "visually-hidden" }, ` (${t("player.starts_now")})`) : null);
      }))
      : null,
    flags.length ? h("p", { class: "flags" }, flags.join("; ")) : null),
  h("div", { class: "hand" }, h("h3", {}, t("player.hand", { n: p.hand_size })), hand),
  GROUPS.map((group) => {
    if (!groups[group].length) return null;
    const piles = stacked(groups[group], p.face_down);
    const income = groupIncome(piles);
    return h("div", { class: `tableau ${group}` },
      h("h3", {}, h("span", { "aria-hidden": "true" }, `${DECK_SYMBOL[group]} `), t("player.group", { group: t(`group.${group}`), n: groups[group].length }),
        income ? h("span", { class: "group-income" }, ` · ${t("player.group_scores", { income })}`) : null),
      h("div", { class: "card-row" }, piles.map((pile) =>
        placed("tableau", pile.id, { faceDown: pile.faceDown, note: attachedTo[pile.id], count: pile.count > 1 ? pile.count : 0 }))));
  }));
}
