// Resigning, aborting by vote and undo by consent on the table page
// (docs/rules.md, "Resigning, aborting, undoing"): my buttons (take back my
// last action, propose to abort, resign after a confirmation), and what is
// open at the table (a request to undo, a proposal to abort, the question
// about a seat whose time ran out: docs/correspondence.md "The players
// decide") with my answer's buttons when the answer is mine to give. The
// server decides; a refusal is said in words where the button was.
import { h, replace } from "./dom.js";
import { errorText, formatDate, t } from "./i18n.js";

// One question about a late seat from the next (the same seat may be late again).
function questionKey(late) {
  return late ? `${late.seat}:${late.expires_at}` : null;
}

export class ConsentPanel {
  // `request(type, fields)` sends a request for this table.
  constructor(request) {
    this.request = request;
    this.consent = { undo: null, abort: null, resigned: [], late: null, ended: [] };
    this.confirming = false;
    this.refusal = null;
    this.news = null;
    this.decision = null;
    this.body = h("div");
    this.element = h("section", { class: "panel consent-panel", "aria-labelledby": "consent-title" },
      h("h2", { id: "consent-title" }, t("consent.title")), this.body);
  }

  show(consent, seat, names, playing) {
    this.consent = { resigned: this.consent.resigned, ended: this.consent.ended, ...consent };
    this.seat = seat;
    this.names = names;
    this.playing = playing;
    this.render();
  }

  // A consent_changed push: the one outcome said to a single reader is my own
  // request to undo refused by another seat (its `asker` is my seat); the
  // table's decision about a late seat is said to everyone, until the next
  // question opens.
  heard(message) {
    const decided = { late_waited: "wait", late_robot: "robot", late_ended: "end" }[message.outcome];
    if (decided) this.decision = t(`consent.late_decided_${decided}`, { name: this.name(message.seat) });
    else if (message.outcome === "late_asked") this.decision = null;
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

  // The question about a late seat: its buttons for a voter still to vote,
  // else where it stands (who voted what, who is still to vote); the late
  // player is told the others decide and that moving closes the question.
  lateQuestion(late) {
    const me = this.seat;
    const name = this.name(late.seat);
    // No time while the late player's vacation stops their clock.
    const until = late.expires_at === null ? t("consent.late_until_vacation") : formatDate(late.expires_at);
    const votes = late.votes.length
      ? t("consent.late_votes", { votes: late.votes.map((v) => t("consent.late_voted", { name: this.name(v.seat), choice: t(`consent.late_word_${v.choice}`) })).join(t("list.separator")) })
      : null;
    const waiting = late.waiting.length ? t("consent.abort_waiting", { names: late.waiting.map((s) => this.name(s)).join(t("list.separator")) }) : null;
    const state = [votes, waiting].filter(Boolean).join(" ");
    // Focusable, so that the keyboard has a place to go once my vote's buttons are gone.
    const focusable = { tabindex: "-1", "data-keyboard": "late-question" };
    if (late.seat === me) {
      return h("div", { class: "late-question mine", ...focusable },
        h("p", {}, t("consent.late_mine", { until })), state ? h("p", { class: "late-state" }, state) : null);
    }
    // My vote counted (its reply came) before the push that says so: my buttons go at once.
    if (!late.waiting.includes(me) || this.votedOn === questionKey(late)) {
      return h("div", { class: "late-question", ...focusable },
        h("p", {}, t("consent.late_others", { name, until })), state ? h("p", { class: "late-state" }, state) : null);
    }
    const id = `late-question-${late.seat}`;
    return h("div", { class: "late-question voter", role: "group", "aria-labelledby": id },
      h("h3", { id }, t("consent.late_question", { name })),
      h("p", { class: "late-until" }, t("consent.late_until", { until })),
      h("ul", { class: "late-choices" }, ["wait", "robot", "end"].map((choice) => {
        const explainId = `late-explain-${choice}`;
        return h("li", {},
          h("button", {
            type: "button", class: `late-choice late-${choice}${choice === "end" ? " danger" : ""}`, "aria-describedby": explainId,
            dataset: { choice, keyboard: `late-${choice}` }, onclick: () => this.vote(choice),
          }, t(`consent.late_choice_${choice}`)),
          h("small", { class: "explain", id: explainId }, t(`consent.late_choice_${choice}_explain`, { name })));
      })),
      h("p", { class: "explain late-rule" }, t("consent.late_rule")),
      state ? h("p", { class: "late-state" }, state) : null);
  }

  // The question's first choice takes the keyboard (from the table's notice).
  focusQuestion() {
    const first = this.element.querySelector(".late-choice");
    first?.scrollIntoView({ block: "center" });
    first?.focus({ preventScroll: true });
  }

  async vote(choice) {
    const key = questionKey(this.consent.late);
    try {
      await this.request("vote_late", { choice });
      this.votedOn = key;
      this.refusal = null;
    } catch (error) {
      this.refusal = errorText(error);
    }
    this.news = null;
    this.render();
    // The buttons are gone: the keyboard goes to the question's state.
    if (!this.refusal) this.element.querySelector(".late-question")?.focus({ preventScroll: true });
  }

  render() {
    const { undo, abort, resigned = [], late = null, ended = [] } = this.consent;
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
    if (late && this.playing) parts.push(this.lateQuestion(late));
    if (this.decision) parts.push(h("p", { class: "late-decision" }, this.decision));
    if (gone) parts.push(h("p", { class: "resigned" }, t("consent.resigned")));
    // The others ended my part (the seat notice says so): nothing is mine to ask.
    const over = ended.includes(me);
    if (me !== null && this.playing && !gone && !over) {
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
