// The cards are the controls: which of the server's legal actions belong to a
// card on the table, and the words of each. A card in a row, the drawn card
// or a card of the discard pile may be bought or taken; a card in my hand
// played; the drawn card or a card of my tableau (a Sycophant) discarded.
// Everything else (passing, the Observatory, the Pub, ...) is the panel's.
import { aCard } from "./cards.js";
import { t, tn } from "./i18n.js";

const CARD_ACTIONS = new Set(["buy", "take", "play", "discard"]);

export function isCardAction(a) {
  return CARD_ACTIONS.has(a.type) && Boolean(a.card);
}

// Where the card of a card action lies.
export function placeOf(a) {
  return a.type === "play" ? "hand" : a.from;
}

// The legal card actions by the card they act on: "upper:market" -> [actions].
export function actionsByCard(legal) {
  const byCard = new Map();
  for (const a of legal) {
    if (!isCardAction(a)) continue;
    const key = `${placeOf(a)}:${a.card}`;
    if (!byCard.has(key)) byCard.set(key, []);
    byCard.get(key).push(a);
  }
  return byCard;
}

function price(a) {
  return a.price === null || a.price === undefined ? "" : t("actions.for_price", { price: tn("n.rubles", a.price) });
}

// One item of a card's menu: what the action does, at what price.
export function menuLabel(a) {
  switch (a.type) {
    case "buy":
      return a.displace
        ? t("menu.buy_displacing", { a_card: aCard(a.displace), price: price(a) })
        : t("menu.buy", { price: price(a) });
    case "take":
      return t("menu.take");
    case "play":
      if (a.target) return t("menu.play_on", { a_card: aCard(a.target), price: price(a) });
      if (a.displace) return t("menu.play_displacing", { a_card: aCard(a.displace), price: price(a) });
      return t("menu.play", { price: price(a) });
    case "discard":
      return t("menu.discard");
    default:
      return a.type;
  }
}

// What a card offers, in a word for its text alternative: "buy for 5 rubles
// or take into your hand".
export function offerSummary(actions) {
  return actions.map(menuLabel).join("; ");
}
