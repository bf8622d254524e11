// The orders panel (docs/correspondence.md, "Standing orders"): my standing
// orders at this table, beside my hand, on my own view only. I add an order,
// move one up or down, or cancel it; every change sends the whole list
// (set_orders), and what the panel shows is always the server's list (its
// reply, or an orders_changed push after an order was used or lapsed).
import { card, cardIds, cardName, catalogueOrder, distinctNames } from "./cards.js";
import { h, replace } from "./dom.js";
import { errorText, t, tn } from "./i18n.js";

const KINDS = ["pass_until_phase_end", "pass_until_board_changes", "buy", "take", "play",
  "pickpocket", "drawn_card", "pub", "discard_pick"];
const EXPIRIES = ["phase_end", "round_end", "until_cancelled"];
const COLORS = ["green", "blue", "orange", "purple"];
const DECKS = ["worker", "building", "aristocrat", "trading"];

// What an order means, in words: "Buy any blue card for at most 6 rubles".
function matchText(match) {
  if (match === undefined || match === null) return t("orders.any_card");
  if (typeof match === "string") return cardName(match);
  return match.color ? t(`orders.any_color.${match.color}`) : t(`orders.any_deck.${match.deck}`);
}

export function orderText(o) {
  const price = tn("n.rubles", o.max_price ?? 0);
  const thenPass = o.then_pass_until_phase_end ? t("orders.then_pass") : "";
  switch (o.order) {
    case "buy": return t("orders.text.buy", { card: matchText(o.card), price }) + thenPass;
    case "take": return t("orders.text.take", { card: matchText(o.card) }) + thenPass;
    case "play": return t("orders.text.play", { card: cardName(o.card), price });
    case "pickpocket": return t(o.play ? "orders.text.pickpocket_play" : "orders.text.pickpocket_keep");
    case "pub": return o.points ? t("orders.text.pub", { points: tn("n.points", o.points) }) : t("orders.text.pub_decline");
    case "drawn_card": return t(`orders.text.drawn_${o.choice}`, { card: matchText(o.card), price });
    case "discard_pick": return t(`orders.text.pick_${o.choice}`, { card: matchText(o.card), price });
    default: return t(`orders.text.${o.order}`);
  }
}

// An order as written, without what the server added (its anchor).
function wishOf(o) {
  const { round: _r, phase: _p, board: _b, ...wish } = o;
  return wish;
}

export class OrdersPanel {
  constructor(send) {
    this.send = send;  // async (wishes) => { orders }; throws a ProtocolError
    this.orders = [];
    this.expansions = [];
    this.list = h("ol", { class: "orders-list" });
    this.message = h("p", { class: "refusal", role: "alert" });
    this.form = this.buildForm();
    this.element = h("section", { class: "panel orders-panel", "aria-labelledby": "orders-title" },
      h("h2", { id: "orders-title" }, t("orders.title")),
      h("p", { class: "hint" }, t("orders.hint")),
      this.list, this.message, this.form);
  }

  // The table's expansions: only their cards are offered.
  setExpansions(expansions) {
    if (String(expansions) === String(this.expansions)) return;
    this.expansions = expansions;
    this.fillCards();
  }

  show(orders) {
    this.orders = orders || [];
    replace(this.list, this.orders.length
      ? this.orders.map((o, i) => h("li", { class: "order" },
        h("span", { class: "order-text" }, orderText(o), " ", h("small", {}, t(`orders.expiry.${o.expiry}`))),
        h("span", { class: "order-buttons" },
          h("button", { type: "button", class: "up", disabled: i === 0, "aria-label": t("orders.up"),
            onclick: () => this.move(i, -1) }, "↑"),
          h("button", { type: "button", class: "down", disabled: i === this.orders.length - 1, "aria-label": t("orders.down"),
            onclick: () => this.move(i, 1) }, "↓"),
          h("button", { type: "button", class: "cancel", "aria-label": t("orders.cancel"),
            onclick: () => this.commit(this.orders.filter((_, j) => j !== i).map(wishOf)) }, "✕"))))
      : h("li", { class: "none" }, t("orders.none")));
  }

  move(i, by) {
    const wishes = this.orders.map(wishOf);
    [wishes[i], wishes[i + by]] = [wishes[i + by], wishes[i]];
    this.commit(wishes);
  }

  async commit(wishes) {
    this.message.textContent = "";
    try {
      const data = await this.send(wishes);
      this.show(data.orders);
      return true;
    } catch (error) {
      this.message.textContent = errorText(error);
      return false;
    }
  }

  fillCards() {
    // The New Society's versions stand in for the base cards they replace.
    const replaced = this.expansions.includes("new_society");
    const cards = cardIds().filter((id) => this.expansions.includes(card(id).expansion) && !(replaced && card(id).replaced_by_new_society))
      .sort(catalogueOrder);
    const names = distinctNames(cards);
    replace(this.cardSelect,
      h("option", { value: "" }, t("orders.any_card")),
      h("optgroup", { label: t("orders.kinds") },
        COLORS.map((c) => h("option", { value: `color:${c}` }, t(`orders.any_color.${c}`))),
        DECKS.map((d) => h("option", { value: `deck:${d}` }, t(`orders.any_deck.${d}`)))),
      h("optgroup", { label: t("orders.cards") }, cards.map((id) => h("option", { value: id }, names.get(id)))));
  }

  buildForm() {
    this.kindSelect = h("select", { name: "order", onchange: () => this.showFields() },
      KINDS.map((k) => h("option", { value: k }, t(`orders.kind.${k}`))));
    this.cardSelect = h("select", { name: "card" });
    this.priceInput = h("input", { name: "max_price", type: "number", min: 0, max: 1000, value: 0 });
    this.thenPass = h("input", { name: "then_pass", type: "checkbox" });
    this.choiceSelect = h("select", { name: "choice" });
    this.playBox = h("input", { name: "play", type: "checkbox" });
    this.pointsInput = h("input", { name: "points", type: "number", min: 0, max: 100, value: 0 });
    this.expirySelect = h("select", { name: "expiry" }, EXPIRIES.map((e) => h("option", { value: e }, t(`orders.expiry.${e}`))));
    const field = (label, input) => h("label", { class: `field field-${input.name}` }, label, " ", input);
    this.fields = {
      card: field(t("orders.field.card"), this.cardSelect),
      max_price: field(t("orders.field.max_price"), this.priceInput),
      then_pass: h("label", { class: "field field-then_pass" }, this.thenPass, " ", t("orders.field.then_pass")),
      choice: field(t("orders.field.choice"), this.choiceSelect),
      play: h("label", { class: "field field-play" }, this.playBox, " ", t("orders.field.play_pickpocket")),
      points: field(t("orders.field.points"), this.pointsInput),
    };
    this.fillCards();
    const form = h("form", { class: "order-form", onsubmit: (e) => { e.preventDefault(); this.add(); } },
      field(t("orders.field.kind"), this.kindSelect),
      Object.values(this.fields),
      field(t("orders.field.expiry"), this.expirySelect),
      h("button", { type: "submit", class: "add-order" }, t("orders.add")));
    this.showFields();
    return form;
  }

  showFields() {
    const kind = this.kindSelect.value;
    const shown = {
      buy: ["card", "max_price", "then_pass"], take: ["card", "then_pass"], play: ["card", "max_price"],
      pickpocket: ["play"], pub: ["points"], drawn_card: ["choice", "card", "max_price"],
      discard_pick: ["choice", "card", "max_price"],
    }[kind] || [];
    for (const [name, el] of Object.entries(this.fields)) el.hidden = !shown.includes(name);
    if (kind === "drawn_card" || kind === "discard_pick") {
      const choices = kind === "drawn_card" ? ["discard", "take", "buy"] : ["give_up", "take", "buy"];
      replace(this.choiceSelect, choices.map((c) => h("option", { value: c }, t(`orders.choice.${c}`))));
    }
  }

  wish() {
    const kind = this.kindSelect.value;
    const wish = { order: kind, expiry: this.expirySelect.value };
    const value = this.cardSelect.value;
    const match = value === "" ? undefined : value.startsWith("color:") ? { color: value.slice(6) }
      : value.startsWith("deck:") ? { deck: value.slice(5) } : value;
    const price = Number(this.priceInput.value) || 0;
    if (kind === "buy") Object.assign(wish, { card: match, max_price: price });
    if (kind === "take") wish.card = match;
    if ((kind === "buy" || kind === "take") && this.thenPass.checked) wish.then_pass_until_phase_end = true;
    if (kind === "play") Object.assign(wish, { card: typeof match === "string" ? match : "", max_price: price });
    if (kind === "pickpocket") wish.play = this.playBox.checked;
    if (kind === "pub") wish.points = Number(this.pointsInput.value) || 0;
    if (kind === "drawn_card" || kind === "discard_pick") {
      wish.choice = this.choiceSelect.value;
      if (match !== undefined) wish.card = match;
      if (wish.choice === "buy") wish.max_price = price;
    }
    return wish;
  }

  async add() {
    const wish = this.wish();
    const named = typeof wish.card === "string" && wish.card !== "";
    if ((wish.order === "play" && !named) || ((wish.order === "buy" || wish.order === "take") && !wish.card)) {
      this.message.textContent = t(wish.order === "play" ? "orders.play_needs_card" : "orders.needs_card");
      return;
    }
    if (await this.commit([...this.orders.map(wishOf), wish])) this.form.reset();
    this.showFields();
  }
}
