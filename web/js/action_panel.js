// The action panel: what is not done with a card. Pass (with "until the end
// of the phase"), withdrawing that pass, and the special actions the server
// offers (the Observatory's draw, the Pub, the Guild Hall, the Trading House,
// the Debtor's Prison, giving up its pick), each with its price. Every move,
// from here or from a card's menu, goes through perform(): nothing changes on
// screen until the server has accepted it and the table redraws from its
// update; a refusal shows here in the reader's words.
import { isCardAction } from "./card_actions.js";
import { h } from "./dom.js";
import { errorText, playerName, t, tn } from "./i18n.js";

function priceText(price) {
  return price === null || price === undefined ? "" : t("actions.for_price", { price: tn("n.rubles", price) });
}

// A button's words for one action of the panel.
export function actionLabel(a) {
  switch (a.type) {
    case "pass": return a.until_phase_end ? t("act.pass_until_phase_end") : t("act.pass");
    case "cancel_pass_until_phase_end": return t("act.cancel_pass");
    case "observatory": return t("act.observatory", { stack: t(`stack_from.${a.stack}`) });
    case "discard": return t("act.give_up_pick");
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

export class ActionPanel extends EventTarget {
  constructor(send) {
    super();
    this.send = send;             // async (action) => void; throws a ProtocolError
    this.untilPhaseEnd = false;   // the checkbox, kept across redraws
    this.busy = false;
    this.message = h("p", { class: "refusal", role: "alert" });
    this.body = h("div", { class: "actions-body" });
    this.element = h("section", { class: "panel actions", "aria-labelledby": "actions-title" },
      h("h2", { id: "actions-title" }, t("actions.title")), this.message, this.body);
  }

  update(view, legal) {
    this.view = view;
    this.legal = legal;
    this.render();
  }

  // The plain pass (or, with the box ticked, the pass until the phase ends).
  passAction() {
    const passes = (this.legal || []).filter((a) => a.type === "pass");
    const plain = passes.find((a) => !a.until_phase_end);
    const until = passes.find((a) => a.until_phase_end);
    return this.untilPhaseEnd && until ? until : plain || until || null;
  }

  async perform(action) {
    if (this.busy) return;
    this.busy = true;
    this.message.textContent = "";
    this.dispatchEvent(new Event("busy"));
    for (const b of this.element.querySelectorAll("button, input")) b.disabled = true;
    try {
      await this.send(withoutPrice(action));
      if (action.until_phase_end) this.untilPhaseEnd = false;
      // The controls stay disabled until the table's update redraws them.
    } catch (error) {
      this.message.textContent = errorText(error);
      this.busy = false;
      this.dispatchEvent(new Event("refused"));
      this.render();
    } finally {
      this.busy = false;
    }
  }

  render() {
    const legal = this.legal || [];
    const view = this.view;
    if (!view) return;
    this.element.classList.toggle("busy", this.busy);
    if (view.step === "finished") {
      this.body.replaceChildren(h("p", {}, t("actions.game_over")));
      return;
    }
    if (!legal.length) {
      const names = view.to_act.map((s) => view.players[s]?.name).filter(Boolean).map(playerName);
      this.body.replaceChildren(h("p", { class: "waiting" }, names.length ? t("actions.waiting_for", { names: names.join(t("list.separator")) }) : t("actions.waiting")));
      return;
    }
    const sections = [];
    if (legal.some(isCardAction)) sections.push(h("p", { class: "hint" }, t("actions.cards_hint")));
    const specials = legal.filter((a) => !isCardAction(a) && a.type !== "pass");
    if (specials.length) {
      sections.push(h("div", { class: "action-group" }, h("h3", {}, t("actions.other")),
        h("div", { class: "buttons" }, specials.map((a, i) =>
          h("button", { type: "button", class: `act ${a.type}`, dataset: { keyboard: `special-${i}` }, onclick: () => this.perform(a) }, actionLabel(a))))));
    }
    const passes = legal.filter((a) => a.type === "pass");
    if (passes.length) sections.push(this.passControls(passes));
    this.body.replaceChildren(...sections);
  }

  passControls(passes) {
    const until = passes.find((a) => a.until_phase_end);
    const checkbox = until
      ? h("label", { class: "until" },
        h("input", { type: "checkbox", checked: this.untilPhaseEnd, dataset: { keyboard: "until" }, onchange: (e) => { this.untilPhaseEnd = e.target.checked; } }),
        t("actions.until_phase_end"))
      : null;
    const pass = h("button", { type: "button", class: "act pass", dataset: { keyboard: "panel-pass" }, onclick: () => this.perform(this.passAction()) }, t("actions.pass"));
    return h("div", { class: "action-group pass-group" }, h("div", { class: "buttons" }, pass, checkbox));
  }
}
