// The card catalogue, read from the server's /cards.json (engine/data/cards.json,
// the one place card numbers live), with each card's name and ability in the
// reader's language (web/i18n), and the drawing of a card in HTML and CSS with
// a text alternative and a tooltip holding its rubles, points and ability.
import { offerSummary } from "./card_actions.js";
import { h } from "./dom.js";
import { has, t, tn, mention } from "./i18n.js";

let catalogue = new Map();
let order = new Map();
let bonus = [];

// The shell names the catalogue's address (the build gives it its content's
// hash, so the browser keeps it) and has the browser fetch it while the
// scripts load.
export async function loadCards() {
  const response = await fetch(document.querySelector('link[rel="preload"][as="fetch"]').href);
  if (!response.ok) throw new Error(t("app.catalogue_failed"));
  const data = await response.json();
  catalogue = new Map(data.cards.map((c) => [c.id, c]));
  order = new Map(data.cards.map((c, i) => [c.id, i]));
  bonus = data.aristocrat_bonus;
  return catalogue;
}

// The final scoring's points by the number of different aristocrats (index).
export function aristocratBonus() {
  return bonus;
}

// Where the rules page tells of a card.
export function rulesHref(id) {
  return `#/rules/${id}`;
}

// Every card of the catalogue, by id.
export function cardIds() {
  return [...catalogue.keys()];
}

export function card(id) {
  return catalogue.get(id) || { id, name: id, deck: "worker", color: "green", cost: 0, rubles: 0, points: 0, text: "" };
}

// Where a card stands in the catalogue (the order of the rulebooks' lists).
export function catalogueOrder(a, b) {
  return (order.get(a) ?? 999) - (order.get(b) ?? 999);
}

export function cardName(id) {
  return has(`card.${id}`) ? t(`card.${id}`) : card(id).name;
}

// Each card's name, told apart from others of the same name in ids (three
// Potjomkin's Villages with Banquet): by its cost where that differs, else by
// its stack. Map id -> label.
export function distinctNames(ids) {
  const byName = new Map();
  for (const id of ids) byName.set(cardName(id), [...(byName.get(cardName(id)) || []), id]);
  const labels = new Map();
  for (const [name, same] of byName) {
    const differ = (what) => new Set(same.map((id) => what(card(id)))).size === same.length;
    for (const id of same) {
      const c = card(id);
      const apart = same.length === 1 ? null
        : differ((x) => x.cost) ? t("card_info.costing", { cost: tn("n.rubles", c.cost) })
          : t(`stack.${c.deck}`);
      labels.set(id, apart ? `${name} (${apart})` : name);
    }
  }
  return labels;
}

// A card named in a sentence: "a Market", « Рынок ».
export function aCard(id) {
  return mention(cardName(id));
}

const GROUP_OF_COLOR = { green: "worker", blue: "building", orange: "aristocrat", purple: "action" };

// Each kind of card has a symbol as well as a colour, so that colour is never
// the only thing that tells them apart (symbols every system font has).
export const DECK_SYMBOL = { worker: "⚒", building: "⌂", aristocrat: "♛", trading: "⇄", action: "✦" };

// Which tableau group a card belongs to: worker, building, aristocrat (trading cards by colour).
export function groupOf(id) {
  return GROUP_OF_COLOR[card(id).color] || "worker";
}

function kindText(c) {
  if (c.color === "purple") return t("card_info.kind.action");
  if (c.trading) return t(`card_info.kind.trading_${groupOf(c.id)}`);
  return t(`card_info.kind.${c.deck}`);
}

export function incomeText(rubles, points) {
  const parts = [];
  if (rubles) parts.push(tn("n.rubles", rubles));
  if (points) parts.push(tn("n.points", points));
  return parts.length === 2 ? t("n.and", { a: parts[0], b: parts[1] }) : parts[0] || "";
}

// Everything a player reads about a card, as sentences.
export function describeCard(id) {
  const c = card(id);
  const income = incomeText(c.rubles, c.points);
  const lines = [t("card_info.costs", { kind: kindText(c), cost: c.cost }),
    income ? t("card_info.scores", { income }) : t("card_info.scores_nothing")];
  if (c.displaces) lines.push(t(`card_info.displaces.${c.displaces}`, { symbol: t(`symbol.${c.symbol || "any"}`) }));
  if (c.text && has(`card_text.${id}`)) lines.push(t(`card_text.${id}`));
  return lines;
}

// The price shown on a card that may be bought or played: the lowest the
// server offers ("from 3" when it depends on the card displaced).
function priceOf(actions) {
  return lowest(actions.filter((a) => a.type === "buy" || a.type === "play").map((a) => a.price).filter((p) => p !== null && p !== undefined));
}

function lowest(prices) {
  if (!prices.length) return null;
  const low = Math.min(...prices);
  return { low, varies: prices.some((p) => p !== low) };
}

// The longest word of a name decides its size on the card: a name is never
// broken inside a word, so a long word is set smaller instead.
function nameSize(name) {
  const longest = Math.max(...name.split(/[\s-]+/).map((w) => w.length));
  return longest > 13 ? " name-longest" : longest > 10 ? " name-long" : "";
}

// A card drawn in HTML. Options: actions (what I may do with it now: it is
// then a button that opens its menu) and place (where it lies: upper, lower,
// drawn, discard, hand, tableau), count (identical cards shown once),
// faceDown, note (a short label such as "Jester"), changed (new since my last
// visit), prices (when it is not my turn: what it would cost me, shown apart).
export function cardElement(id, options = {}) {
  const c = card(id);
  const name = cardName(id);
  const description = describeCard(id);
  const actions = options.actions || [];
  const price = priceOf(actions);
  const later = price ? null : lowest(options.prices || []);
  const labelParts = [name, ...description];
  if (options.count) labelParts.push(tn("n.copies", options.count));
  if (options.faceDown) labelParts.push(t("card_info.face_down"));
  if (options.note) labelParts.push(options.note);
  if (options.changed) labelParts.push(t("card_info.changed"));
  if (actions.length) labelParts.push(t("card_info.offers", { actions: offerSummary(actions) }));
  if (later) labelParts.push(t(later.varies ? "card_info.would_cost_from" : "card_info.would_cost", { price: tn("n.rubles", later.low) }));
  const plainBuys = actions.filter((a) => a.type === "buy" && !a.displace).map((a) => a.price);
  const control = actions.length > 0;
  return h(
    control ? "button" : "div",
    {
      class: `card ${c.color}${c.trading ? " trading" : ""}${options.faceDown ? " face-down" : ""}${control ? " actionable" : ""}${options.changed ? " changed" : ""}`,
      type: control ? "button" : null,
      tabindex: control ? null : "0",
      // A named group, not an image: an image's content is presentational,
      // and its tip holds a link (the rules' entry).
      role: control ? null : "group",
      "aria-haspopup": control ? "menu" : null,
      "aria-expanded": control ? "false" : null,
      "aria-label": labelParts.join(" "),
      dataset: {
        card: id,
        place: options.place || null,
        kinds: control ? [...new Set(actions.map((a) => a.type))].join(" ") : null,
        buy: plainBuys.length ? String(Math.min(...plainBuys)) : null,
        displaces: actions.some((a) => a.displace || a.target) ? "true" : null,
      },
    },
    h("span", { class: "card-cost", "aria-hidden": "true" }, c.cost),
    h("span", { class: "card-kind", "aria-hidden": "true" },
      DECK_SYMBOL[groupOf(id)], c.trading ? h("span", { class: "trade-mark" }, DECK_SYMBOL.trading) : null),
    h("span", { class: `card-name${nameSize(name)}`, "aria-hidden": "true" }, name),
    h(
      "span",
      { class: "card-income", "aria-hidden": "true" },
      c.rubles ? h("span", { class: "rubles" }, `${c.rubles} ₽`) : null,
      c.points ? h("span", { class: "points" }, `${c.points} ★`) : null
    ),
    price
      ? h("span", { class: "card-price", "aria-hidden": "true" }, price.varies ? t("card_info.price_from", { n: price.low }) : t("card_info.pay", { n: price.low }))
      : null,
    later
      ? h("span", { class: "card-price later", "aria-hidden": "true" }, later.varies ? t("card_info.price_from", { n: later.low }) : t("card_info.later_price", { n: later.low }))
      : null,
    options.count ? h("span", { class: "card-count", "aria-hidden": "true" }, `×${options.count}`) : null,
    options.note ? h("span", { class: "card-note", "aria-hidden": "true" }, options.note) : null,
    options.changed ? h("span", { class: "card-new", "aria-hidden": "true" }, t("card_info.new")) : null,
    // A card that is no control links to its rules from its tip (one that is
    // a control does from its menu: a button holds no link).
    h("span", { class: "card-tip", "aria-hidden": "true" }, h("strong", {}, name), description.map((l) => h("span", {}, l)),
      control ? null : h("a", { class: "tip-rules", href: rulesHref(id), tabindex: "-1" }, t("card_info.rules_link")))
  );
}
