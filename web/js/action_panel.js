// The action panel: only what the server's legal actions allow, each with its
// price; a trading card's displacement (and a Jester's or Banquet's target)
// chosen from the cards it may replace, each with the resulting price; pass
// with the "until the end of the phase" checkbox. Nothing changes on screen
// until the server has accepted a move: the table redraws from its update.
import { aCard, cardName } from "./cards.js";
import { h } from "./dom.js";
import { errorText, t, tn } from "./i18n.js";

function priceText(price) {
  return price === null || price === undefined ? "" : t("actions.for_price", { price: tn("n.rubles", price) });
}

// A button's words for one legal action.
export function actionLabel(a) {
  const card = a.card ? cardName(a.card) : "";
  const from = a.from ? t(`from.${a.from}`) : "";
  switch (a.type) {
    case "buy": return t("act.buy", { card, from, price: priceText(a.price) });
    case "take": return t("act.take", { card, from });
    case "play": return t("act.play", { card, price: priceText(a.price) });
    case "pass": return a.until_phase_end ? t("act.pass_until_phase_end") : t("act.pass");
    case "cancel_pass_until_phase_end": return t("act.cancel_pass");
    case "observatory": return t("act.observatory", { stack: t(`stack_from.${a.stack}`) });
    case "discard":
      if (!a.card) return t("act.give_up_pick");
      return a.from === "tableau" ? t("act.discard_tableau", { card }) : t("act.discard_drawn", { card });
    case "pub": return t("act.pub", { points: tn("n.points", a.points), price: priceText(a.price) });
    case "guild_hall": return t("act.guild_hall", { rubles: tn("n.rubles", a.rubles), points: tn("n.points", a.points) });
    case "trading_house": return t("act.trading_house", { price: priceText(a.price ?? 3) });
    case "debtors_prison": return t("act.debtors_prison");
    default: return a.type;
  }
}

function withoutPrice(a) {
  const { price: _price, ...action } = a;
  return action;
}

// Legal actions that differ only by the displaced card or the target form one
// choice: "Buy Bank from the upper row" then "displacing which card?".
function groupCardActions(legal) {
  const groups = new Map();
  for (const a of legal) {
    if (!["buy", "take", "play"].includes(a.type)) continue;
    const key = `${a.type}:${a.from || "hand"}:${a.card}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(a);
  }
  return [...groups.values()];
}

export class ActionPanel {
  constructor(send) {
    this.send = send;             // async (action) => void; throws a ProtocolError
    this.untilPhaseEnd = false;   // the checkbox, kept across redraws
    this.busy = false;
    this.choice = null;           // the group whose displacement or target is being chosen
    this.message = h("p", { class: "refusal", role: "alert" });
    this.body = h("div", { class: "actions-body" });
    this.element = h("section", { class: "panel actions", "aria-labelledby": "actions-title" },
      h("h2", { id: "actions-title" }, t("actions.title")), this.message, this.body);
  }

  update(view, legal, mySeat) {
    this.view = view;
    this.legal = legal;
    this.mySeat = mySeat;
    this.choice = null;
    this.render();
  }

  showRefusal(text) {
    this.message.textContent = text;
  }

  async perform(action) {
    if (this.busy) return;
    this.busy = true;
    this.message.textContent = "";
    this.element.classList.add("busy");
    for (const b of this.element.querySelectorAll("button, input")) b.disabled = true;
    try {
      await this.send(withoutPrice(action));
      if (action.until_phase_end) this.untilPhaseEnd = false;
      // The controls stay disabled until the table's update redraws them.
    } catch (error) {
      this.message.textContent = errorText(error);
      this.render();
    } finally {
      this.busy = false;
      this.element.classList.remove("busy");
    }
  }

  render() {
    const legal = this.legal || [];
    const view = this.view;
    if (!view) return;
    if (view.step === "finished") {
      this.body.replaceChildren(h("p", {}, t("actions.game_over")));
      return;
    }
    if (this.choice) {
      this.body.replaceChildren(this.renderChoice(this.choice));
      this.body.querySelector("button")?.focus();
      return;
    }
    if (!legal.length) {
      const names = view.to_act.map((s) => view.players[s]?.name).filter(Boolean);
      this.body.replaceChildren(h("p", { class: "waiting" }, names.length ? t("actions.waiting_for", { names: names.join(t("list.separator")) }) : t("actions.waiting")));
      return;
    }
    const sections = [];
    const cardGroups = groupCardActions(legal);
    const board = cardGroups.filter((g) => g[0].type !== "play");
    const hand = cardGroups.filter((g) => g[0].type === "play");
    if (board.length) sections.push(this.section(t("actions.cards"), board.map((g) => this.groupButton(g))));
    if (hand.length) sections.push(this.section(t("actions.from_hand"), hand.map((g) => this.groupButton(g))));
    const abilities = legal.filter((a) => !["buy", "take", "play", "pass"].includes(a.type));
    if (abilities.length) {
      sections.push(this.section(t("actions.other"), abilities.map((a) =>
        h("button", { type: "button", class: "act", onclick: () => this.perform(a) }, actionLabel(a)))));
    }
    const passes = legal.filter((a) => a.type === "pass");
    if (passes.length) sections.push(this.passControls(passes));
    this.body.replaceChildren(...sections);
  }

  section(title, buttons) {
    return h("div", { class: "action-group" }, h("h3", {}, title), h("div", { class: "buttons" }, buttons));
  }

  groupButton(group) {
    const first = group[0];
    const needsChoice = group.some((a) => a.displace || a.target);
    if (!needsChoice) {
      return h("button", { type: "button", class: `act ${first.type}`, dataset: { card: first.card, from: first.from || "hand" },
        onclick: () => this.perform(first) }, actionLabel(first));
    }
    const prices = group.map((a) => a.price).filter((p) => p !== null && p !== undefined);
    const low = Math.min(...prices);
    const high = Math.max(...prices);
    const range = !prices.length ? "" : low === high ? t("act.range_one", { low }) : t("act.range", { low, high });
    const verb = t(`act.verb.${first.type}`);
    const where = t(`from.${first.type === "play" ? "hand" : first.from}`);
    const what = group.some((a) => a.displace) ? t("act.what_displaces") : t("act.what_target");
    return h("button", { type: "button", class: `act ${first.type} choose`, dataset: { card: first.card, from: first.from || "hand" },
      "aria-haspopup": "true",
      onclick: () => { this.choice = group; this.render(); } },
    t("act.choose_group", { verb, card: cardName(first.card), from: where, range, what }));
  }

  renderChoice(group) {
    const first = group[0];
    const displacing = group.some((a) => a.displace);
    const title = t(displacing ? "act.choice_displace" : "act.choice_target", { verb: t(`act.verb.${first.type}`), card: cardName(first.card) });
    return h("div", { class: "choice", role: "group", "aria-label": title },
      h("h3", {}, title),
      h("div", { class: "buttons" },
        group.map((a) => h("button", { type: "button", class: "act option", dataset: { displace: a.displace || "", target: a.target || "" },
          onclick: () => this.perform(a) },
        a.displace ? t("act.displace", { a_card: aCard(a.displace), price: priceText(a.price) }) : t("act.target", { a_card: aCard(a.target), price: priceText(a.price) }))),
        h("button", { type: "button", class: "cancel", onclick: () => { this.choice = null; this.render(); } }, t("actions.back"))));
  }

  passControls(passes) {
    const plain = passes.find((a) => !a.until_phase_end);
    const until = passes.find((a) => a.until_phase_end);
    const checkbox = until
      ? h("label", { class: "until" },
        h("input", { type: "checkbox", checked: this.untilPhaseEnd, onchange: (e) => { this.untilPhaseEnd = e.target.checked; } }),
        t("actions.until_phase_end"))
      : null;
    const pass = h("button", { type: "button", class: "act pass", onclick: () =>
      this.perform(this.untilPhaseEnd && until ? until : plain || until) }, t("actions.pass"));
    return h("div", { class: "action-group pass-group" }, h("div", { class: "buttons" }, pass, checkbox));
  }
}
