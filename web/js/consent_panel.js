// Resigning, aborting by vote and undo by consent on the table page
// (docs/rules.md, "Resigning, aborting, undoing"): my buttons (take back my
// last action, propose to abort, resign after a confirmation), and what is
// open at the table (a request to undo, a proposal to abort) with my answer's
// buttons when the answer is mine to give. The server decides; a refusal is
// said in words where the button was.
import { h, replace } from "./dom.js";
import { errorText, formatDate, t } from "./i18n.js";

export class ConsentPanel {
  // `request(type, fields)` sends a request for this table.
  constructor(request) {
    this.request = request;
    this.consent = { undo: null, abort: null, resigned: [] };
    this.confirming = false;
    this.refusal = null;
    this.news = null;
    this.body = h("div");
    this.element = h("section", { class: "panel consent-panel", "aria-labelledby": "consent-title" },
      h("h2", { id: "consent-title" }, t("consent.title")), this.body);
  }

  show(consent, seat, names, playing) {
    this.consent = { resigned: this.consent.resigned, ...consent };
    this.seat = seat;
    this.names = names;
    this.playing = playing;
    this.render();
  }

  // A consent_changed push: the one outcome said to a single reader is my own
  // request to undo refused by another seat (its `asker` is my seat).
  heard(message) {
    if (message.outcome === "undo_refused" && message.asker === this.seat) {
      this.news = t("consent.undo_refused_mine", { name: this.name(message.seat) });
    } else if (message.outcome === "undo_requested" && message.asker === this.seat) {
      this.news = null;
    }
  }

  async send(type, fields = {}) {
    this.refusal = null;
    this.news = null;
    try {
      const data = await this.request(type, fields);
      if (data && "undo" in data) this.consent = { ...this.consent, ...data };
    } catch (error) {
      this.refusal = errorText(error);
    }
    this.confirming = false;
    this.render();
  }

  name(seat) {
    return this.names?.[seat] || t("consent.seat", { n: seat });
  }

  render() {
    const { undo, abort, resigned = [] } = this.consent;
    const me = this.seat;
    const gone = resigned.includes(me);
    const parts = [];
    if (undo) {
      parts.push(h("p", { class: "undo-request" }, t(undo.seat === me ? "consent.undo_mine" : "consent.undo_asked",
        { name: this.name(undo.seat), move: undo.move_number })));
      if (undo.waiting.includes(me)) {
        parts.push(h("p", { class: "consent-answer" },
          h("button", { type: "button", class: "primary accept-undo", onclick: () => this.send("answer_undo", { accept: true }) }, t("consent.accept_undo")),
          " ",
          h("button", { type: "button", class: "refuse-undo", onclick: () => this.send("answer_undo", { accept: false }) }, t("consent.refuse_undo"))));
      }
    }
    if (abort) {
      const until = formatDate(abort.expires_at);
      parts.push(h("p", { class: "abort-proposal" }, t("consent.abort_proposed", { name: this.name(abort.seat), until }),
        abort.waiting.length ? [" ", t("consent.abort_waiting", { names: abort.waiting.map((s) => this.name(s)).join(", ") })] : null));
      if (abort.waiting.includes(me)) {
        parts.push(h("p", { class: "consent-answer" },
          h("button", { type: "button", class: "primary vote-abort-yes", onclick: () => this.send("vote_abort", { yes: true }) }, t("consent.vote_yes")),
          " ",
          h("button", { type: "button", class: "vote-abort-no", onclick: () => this.send("vote_abort", { yes: false }) }, t("consent.vote_no"))));
      }
    }
    if (gone) parts.push(h("p", { class: "resigned" }, t("consent.resigned")));
    if (me !== null && this.playing && !gone) {
      const buttons = [
        h("button", { type: "button", class: "request-undo", disabled: !!undo, onclick: () => this.send("request_undo") }, t("consent.request_undo")),
        " ",
        h("button", { type: "button", class: "propose-abort", disabled: !!abort, onclick: () => this.send("propose_abort") }, t("consent.propose_abort")),
        " ",
      ];
      if (this.confirming) {
        buttons.push(h("span", { class: "confirm-resign", role: "group", "aria-label": t("consent.resign_confirm") },
          t("consent.resign_confirm"), " ",
          h("button", { type: "button", class: "danger really-resign", onclick: () => this.send("resign") }, t("consent.resign_yes")),
          " ",
          h("button", { type: "button", class: "cancel-resign", onclick: () => { this.confirming = false; this.render(); } }, t("consent.resign_no"))));
      } else {
        buttons.push(h("button", { type: "button", class: "resign", onclick: () => { this.confirming = true; this.render(); this.element.querySelector(".really-resign")?.focus(); } }, t("consent.resign")));
      }
      parts.push(h("p", { class: "consent-buttons" }, buttons));
    }
    if (this.news) parts.push(h("p", { class: "undo-refused", role: "status" }, this.news));
    if (this.refusal) parts.push(h("p", { class: "refusal", role: "alert" }, this.refusal));
    replace(this.body, parts);
    this.element.hidden = !parts.length;
  }
}
