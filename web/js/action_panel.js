// The action panel: only what the server's legal actions allow, each with its
// price; a trading card's displacement (and a Jester's or Banquet's target)
// chosen from the cards it may replace, each with the resulting price; pass
// with the "until the end of the phase" checkbox. Nothing changes on screen
// until the server has accepted a move: the table redraws from its update.
import { aCard, cardName } from "./cards.js";
import { h, plural } from "./dom.js";

const FROM_WORDS = { upper: "from the upper row", lower: "from the lower row", drawn: "(the drawn card)", discard: "from the discard pile" };
const STACK_WORDS = { worker: "worker", building: "building", aristocrat: "aristocrat", trading: "trading card" };

function priceText(price) {
  return price === null || price === undefined ? "" : ` for ${plural(price, "ruble")}`;
}

// A button's words for one legal action.
export function actionLabel(a) {
  switch (a.type) {
    case "buy": return `Buy ${cardName(a.card)} ${FROM_WORDS[a.from]}${priceText(a.price)}`;
    case "take": return `Take ${cardName(a.card)} ${FROM_WORDS[a.from]} into your hand`;
    case "play": return `Play ${cardName(a.card)} from your hand${priceText(a.price)}`;
    case "pass": return a.until_phase_end ? "Pass until the end of the phase" : "Pass";
    case "cancel_pass_until_phase_end": return "Withdraw the pass until the end of the phase";
    case "observatory": return `Observatory: draw from the ${STACK_WORDS[a.stack]} stack`;
    case "discard":
      if (!a.card) return "Give up the Debtor's Prison pick";
      return a.from === "tableau" ? `Discard your ${cardName(a.card)}` : `Discard the drawn ${cardName(a.card)}`;
    case "pub": return `Pub: buy ${plural(a.points, "point")}${priceText(a.price)}`;
    case "guild_hall": return `Guild Hall: ${plural(a.rubles, "ruble")} and ${plural(a.points, "point")}`;
    case "trading_house": return `Trading House: 2 points${priceText(a.price ?? 3)}`;
    case "debtors_prison": return "Debtor's Prison: pick a card from the discard pile";
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
      h("h2", { id: "actions-title" }, "Your actions"), this.message, this.body);
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
      this.message.textContent = error.message;
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
      this.body.replaceChildren(h("p", {}, "The game is over."));
      return;
    }
    if (this.choice) {
      this.body.replaceChildren(this.renderChoice(this.choice));
      this.body.querySelector("button")?.focus();
      return;
    }
    if (!legal.length) {
      const names = view.to_act.map((s) => view.players[s]?.name).filter(Boolean);
      this.body.replaceChildren(h("p", { class: "waiting" }, names.length ? `Waiting for ${names.join(", ")}.` : "Waiting."));
      return;
    }
    const sections = [];
    const cardGroups = groupCardActions(legal);
    const board = cardGroups.filter((g) => g[0].type !== "play");
    const hand = cardGroups.filter((g) => g[0].type === "play");
    if (board.length) sections.push(this.section("Cards", board.map((g) => this.groupButton(g))));
    if (hand.length) sections.push(this.section("From your hand", hand.map((g) => this.groupButton(g))));
    const abilities = legal.filter((a) => !["buy", "take", "play", "pass"].includes(a.type));
    if (abilities.length) {
      sections.push(this.section("Other actions", abilities.map((a) =>
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
    const range = prices.length ? ` (${Math.min(...prices)}${Math.max(...prices) !== Math.min(...prices) ? `–${Math.max(...prices)}` : ""} rubles)` : "";
    const verb = first.type === "buy" ? "Buy" : first.type === "take" ? "Take" : "Play";
    const where = first.type === "play" ? "from your hand" : FROM_WORDS[first.from];
    const what = group.some((a) => a.displace) ? "choose what it displaces" : "choose its target";
    return h("button", { type: "button", class: `act ${first.type} choose`, dataset: { card: first.card, from: first.from || "hand" },
      "aria-haspopup": "true",
      onclick: () => { this.choice = group; this.render(); } },
    `${verb} ${cardName(first.card)} ${where}${range}: ${what}…`);
  }

  renderChoice(group) {
    const first = group[0];
    const displacing = group.some((a) => a.displace);
    const title = `${first.type === "buy" ? "Buy" : first.type === "take" ? "Take" : "Play"} ${cardName(first.card)}: ${displacing ? "which card does it displace?" : "on which card?"}`;
    return h("div", { class: "choice", role: "group", "aria-label": title },
      h("h3", {}, title),
      h("div", { class: "buttons" },
        group.map((a) => h("button", { type: "button", class: "act option", dataset: { displace: a.displace || "", target: a.target || "" },
          onclick: () => this.perform(a) },
        a.displace ? `Displace ${aCard(a.displace)}${priceText(a.price)}` : `On ${aCard(a.target)}${priceText(a.price)}`)),
        h("button", { type: "button", class: "cancel", onclick: () => { this.choice = null; this.render(); } }, "Back")));
  }

  passControls(passes) {
    const plain = passes.find((a) => !a.until_phase_end);
    const until = passes.find((a) => a.until_phase_end);
    const checkbox = until
      ? h("label", { class: "until" },
        h("input", { type: "checkbox", checked: this.untilPhaseEnd, onchange: (e) => { this.untilPhaseEnd = e.target.checked; } }),
        " until the end of the phase")
      : null;
    const pass = h("button", { type: "button", class: "act pass", onclick: () =>
      this.perform(this.untilPhaseEnd && until ? until : plain || until) }, "Pass");
    return h("div", { class: "action-group pass-group" }, h("div", { class: "buttons" }, pass, checkbox));
  }
}
