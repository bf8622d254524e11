// The card catalogue, read from the server's /cards.json (engine/data/cards.json,
// the one place card numbers live), and the drawing of a card in HTML and CSS
// with a text alternative and a tooltip holding its rubles, points and ability.
import { h } from "./dom.js";

let catalogue = new Map();

export async function loadCards() {
  const response = await fetch("/cards.json", { cache: "no-cache" });
  if (!response.ok) throw new Error("The card catalogue could not be loaded.");
  const data = await response.json();
  catalogue = new Map(data.cards.map((c) => [c.id, c]));
  return catalogue;
}

export function card(id) {
  return catalogue.get(id) || { id, name: id, deck: "worker", color: "green", cost: 0, rubles: 0, points: 0, text: "" };
}

export function cardName(id) {
  return card(id).name;
}

// "a Market", "an Observatory"
export function aCard(id) {
  const name = cardName(id);
  return (/^[AEIOU]/.test(name) ? "an " : "a ") + name;
}

const GROUP_OF_COLOR = { green: "worker", blue: "building", orange: "aristocrat", purple: "action" };

// Which tableau group a card belongs to: worker, building, aristocrat (trading cards by colour).
export function groupOf(id) {
  return GROUP_OF_COLOR[card(id).color] || "worker";
}

const DECK_WORDS = { worker: "Worker", building: "Building", aristocrat: "Aristocrat", trading: "Trading card" };

function displacesText(c) {
  switch (c.displaces) {
    case "same_symbol": return `Displaces a worker with the ${c.symbol} symbol`;
    case "any_worker": return "Displaces any worker";
    case "any_building": return "Displaces any building";
    case "any_aristocrat": return "Displaces any aristocrat";
    case "czar_and_carpenter": return "Displaces only the Czar and Carpenter";
    default: return "";
  }
}

function kindText(c) {
  if (c.color === "purple") return "Banquet action card";
  if (c.trading) return `${DECK_WORDS[groupOf(c.id)]} trading card`;
  return DECK_WORDS[c.deck] || c.deck;
}

function incomeText(c) {
  const parts = [];
  if (c.rubles) parts.push(`${c.rubles} ${Math.abs(c.rubles) === 1 ? "ruble" : "rubles"}`);
  if (c.points) parts.push(`${c.points} ${c.points === 1 ? "point" : "points"}`);
  return parts.length ? `Scores ${parts.join(" and ")}` : "Scores nothing by itself";
}

// Everything a player reads about a card, as sentences.
export function describeCard(id) {
  const c = card(id);
  const lines = [`${kindText(c)}, costs ${c.cost}.`, `${incomeText(c)}.`];
  const displaces = displacesText(c);
  if (displaces) lines.push(`${displaces}.`);
  if (c.text) lines.push(c.text);
  return lines;
}

// A card drawn in HTML. Options: price (what I would pay now), count (a stack
// peek's number of copies), faceDown, note (a short label such as "Jester").
export function cardElement(id, options = {}) {
  const c = card(id);
  const description = describeCard(id);
  const labelParts = [c.name, ...description];
  if (options.price !== undefined && options.price !== null) labelParts.push(`You would pay ${options.price} now.`);
  if (options.count) labelParts.push(`${options.count} left.`);
  if (options.faceDown) labelParts.push("Used this round (face down).");
  if (options.note) labelParts.push(options.note);
  return h(
    "div",
    {
      class: `card ${c.color}${c.trading ? " trading" : ""}${options.faceDown ? " face-down" : ""}`,
      tabindex: "0",
      role: "img",
      "aria-label": labelParts.join(" "),
      dataset: { card: id },
    },
    h("span", { class: "card-cost", "aria-hidden": "true" }, c.cost),
    h("span", { class: "card-name", "aria-hidden": "true" }, c.name),
    h(
      "span",
      { class: "card-income", "aria-hidden": "true" },
      c.rubles ? h("span", { class: "rubles" }, `${c.rubles}₽`) : null,
      c.points ? h("span", { class: "points" }, `${c.points}★`) : null,
      c.trading ? h("span", { class: "trade-mark", title: "trading card" }, "⇄") : null
    ),
    options.price !== undefined && options.price !== null
      ? h("span", { class: "card-price", "aria-hidden": "true" }, `pay ${options.price}`)
      : null,
    options.count ? h("span", { class: "card-count", "aria-hidden": "true" }, `×${options.count}`) : null,
    options.note ? h("span", { class: "card-note", "aria-hidden": "true" }, options.note) : null,
    h("span", { class: "card-tip", "aria-hidden": "true" }, h("strong", {}, c.name), description.map((l) => h("span", {}, l)))
  );
}
