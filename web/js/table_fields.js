// The parts of a form that sets up tables, shared by the form that creates a
// table (create_form.js) and those that create a tournament or a league, whose
// every table is set up alike (tournament_form.js, league_form.js): a field
// with its one-line explanation, the game (expansions and rule options), the
// pace (the move deadline or a time bank, and what happens when it passes),
// and a competition's table as a whole. Each part keeps its controls' names,
// so a form reads them by name as before.
import { h } from "./dom.js";
import { t } from "./i18n.js";

const DEADLINES = [null, 1, 4, 12, 24, 48, 72, 168, 336];

let nextId = 0;

// A field with its one-line explanation, tied to it for screen readers.
export function explained(control, explanation) {
  const id = `explain-${++nextId}`;
  control.setAttribute("aria-describedby", id);
  return [control, h("small", { class: "explain", id }, explanation)];
}

export function check(name, checked, label, explanation) {
  const input = h("input", { type: "checkbox", name, checked });
  const [, small] = explained(input, explanation);
  return h("div", { class: "option" }, h("label", { class: "check" }, input, ` ${label}`), small);
}

export function field(label, control, explanation) {
  const [, small] = explained(control, explanation);
  return h("div", { class: "option" }, h("label", {}, label, " ", control), small);
}

function deadlineName(hours) {
  if (hours === null) return t("create.deadline_none");
  return hours % 24 === 0 ? t("create.deadline_days", { n: hours / 24 }) : t("create.deadline_hours", { n: hours });
}

// The expansions and the rule options: two fieldsets (`elements`), and the
// table's `options` as create_table takes them.
export class GameFields {
  constructor() {
    this.elements = [
      h("fieldset", {}, h("legend", {}, t("create.expansions")),
        check("banquet", false, t("expansion.banquet"), t("create.banquet_explain")),
        check("new_society", false, t("expansion.new_society"), t("create.new_society_explain"))),
      h("fieldset", {}, h("legend", {}, t("create.options")),
        check("public_money", true, t("create.public_money"), t("create.public_money_explain")),
        check("public_hands", true, t("create.public_hands"), t("create.public_hands_explain")),
        check("auto_pass_forced", true, t("create.auto_pass_forced"), t("create.auto_pass_forced_explain")),
        check("stack_peek", true, t("create.stack_peek"), t("create.stack_peek_explain")),
        check("pass_until_phase_end", true, t("create.pass_until_phase_end"), t("create.pass_until_phase_end_explain")),
        field(t("create.pub"), h("select", { name: "pub_timing" },
          h("option", { value: "building_actions", selected: true }, t("create.pub_building_actions")),
          h("option", { value: "after_building_scoring" }, t("create.pub_after_scoring"))), t("create.pub_explain"))),
    ];
    this.inputs = {};
    for (const fieldset of this.elements) for (const control of fieldset.querySelectorAll("[name]")) this.inputs[control.name] = control;
    for (const name of ["public_money", "public_hands", "new_society"]) this.inputs[name].addEventListener("change", () => this.sync(this.players));
  }

  // Five players with the New Society only; the automatic pass only while
  // money and hands are public.
  sync(players) {
    const f = this.inputs;
    this.players = players;
    if (players === 5) f.new_society.checked = true;
    f.new_society.disabled = players === 5;
    const open = f.public_money.checked && f.public_hands.checked;
    f.auto_pass_forced.disabled = !open;
    if (!open) f.auto_pass_forced.checked = false;
  }

  options() {
    const f = this.inputs;
    return {
      expansions: ["banquet", "new_society"].filter((e) => f[e].checked),
      public_money: f.public_money.checked,
      public_hands: f.public_hands.checked,
      auto_pass_forced: f.auto_pass_forced.checked,
      stack_peek: f.stack_peek.checked,
      pass_until_phase_end: f.pass_until_phase_end.checked,
      pub_timing: f.pub_timing.value,
    };
  }
}

// The pace: the move deadline or a time bank, the takeover after timeouts,
// the players' vote about a late seat, and (for a table of its own, where
// players' vacations apply) floating vacation days. One fieldset (`element`);
// `fields()` gives create_table's pace fields, those left at the server's
// defaults left out.
export class PaceFields {
  constructor({ floatingVacation = true } = {}) {
    this.deadline = h("select", { name: "move_deadline_hours", onchange: () => this.sync() },
      DEADLINES.map((hours) => h("option", { value: hours === null ? "" : String(hours), selected: hours === 72 }, deadlineName(hours))),
      h("option", { value: "bank" }, t("create.bank")));
    const hoursInput = (name, value, min, max) => h("input", { type: "number", name, value: String(value), min: String(min), max: String(max), step: "1", inputmode: "numeric" });
    this.bank = h("div", { class: "bank" },
      field(t("create.bank_initial"), hoursInput("bank_initial_hours", 72, 1, 720), t("create.bank_initial_explain")),
      field(t("create.bank_increment"), hoursInput("bank_increment_hours", 24, 0, 336), t("create.bank_increment_explain")),
      field(t("create.bank_cap"), hoursInput("bank_cap_hours", 168, 1, 1440), t("create.bank_cap_explain")));
    this.takeoverAfter = h("select", { name: "takeover_after" },
      h("option", { value: "" }, t("create.takeover_never")),
      Array.from({ length: 20 }, (_, i) => i + 1).map((n) => h("option", { value: String(n), selected: n === 3 }, n)));
    this.takeoverBy = h("select", { name: "takeover_by" },
      h("option", { value: "robot", selected: true }, t("create.takeover_robot")),
      h("option", { value: "absent" }, t("create.takeover_absent")));
    this.element = h("fieldset", {}, h("legend", {}, t("create.pace")),
      field(t("create.deadline"), this.deadline, t("create.deadline_explain")),
      this.bank,
      field(t("create.takeover_after"), this.takeoverAfter, t("create.takeover_after_explain")),
      field(t("create.takeover_by"), this.takeoverBy, t("create.takeover_by_explain")),
      check("timeout_vote", false, t("create.timeout_vote"), t("create.timeout_vote_explain")),
      floatingVacation ? check("floating_vacation", true, t("create.floating_vacation"), t("create.floating_vacation_explain")) : null);
    this.timeoutVote = this.element.querySelector("[name=timeout_vote]");
    this.floatingVacation = this.element.querySelector("[name=floating_vacation]");
    this.sync();
  }

  // A timeout policy (the players' vote included) only with a deadline or a bank.
  sync() {
    const timed = this.deadline.value !== "";
    this.bank.hidden = this.deadline.value !== "bank";
    for (const input of this.bank.querySelectorAll("input")) input.disabled = this.bank.hidden;
    this.takeoverAfter.disabled = !timed;
    this.takeoverBy.disabled = !timed;
    this.timeoutVote.disabled = !timed;
    if (!timed) this.timeoutVote.checked = false;
  }

  fields() {
    const out = {};
    const number = (name) => Number(this.bank.querySelector(`[name=${name}]`).value);
    if (this.floatingVacation && !this.floatingVacation.checked) out.floating_vacation = false;
    if (this.deadline.value === "bank") {
      out.time_bank = {
        initial_hours: number("bank_initial_hours"),
        increment_hours: number("bank_increment_hours"),
        cap_hours: number("bank_cap_hours"),
      };
    } else if (this.deadline.value !== "") {
      out.move_deadline_hours = Number(this.deadline.value);
    }
    if (this.deadline.value !== "") {
      out.timeout_policy = {
        takeover_after: this.takeoverAfter.value === "" ? null : Number(this.takeoverAfter.value),
        takeover_by: this.takeoverBy.value,
      };
      if (this.timeoutVote.checked) out.timeout_policy.vote = true;
    }
    return out;
  }
}

// Each table of a competition (create_tournament's and create_league's
// `table`, docs/protocol.md): its players (3 to 5), game and pace (no
// floating vacation: a competition's dates hold), rated or not, and the level
// of the robots standing in for absent players. The form places the parts
// (`players`, `game.elements`, `pace.element`, `rated`, `robotLevel`) and
// says what the players and the rating mean in it; `onChange` follows a
// change of the players, on which the form's other ranges may depend.
export class CompetitionTableFields {
  constructor({ playersExplain, ratedExplain, onChange }) {
    this.playersSelect = h("select", { name: "players", onchange: onChange },
      [3, 4, 5].map((n) => h("option", { value: String(n), selected: n === 4 }, n)));
    this.players = field(t("tournament_form.players"), this.playersSelect, playersExplain);
    this.game = new GameFields();
    this.pace = new PaceFields({ floatingVacation: false });
    this.rated = check("rated", false, t("create.rated"), ratedExplain);
    this.robotLevelSelect = h("select", { name: "robot_level" },
      [1, 2, 3].map((n) => h("option", { value: String(n), selected: n === 1 }, t(`create.robot_level_${n}`))));
    this.robotLevel = field(t("create.robot_level"), this.robotLevelSelect, t("tournament_form.robot_level_explain"));
  }

  playerCount() {
    return Number(this.playersSelect.value);
  }

  sync() {
    this.game.sync(this.playerCount());
    this.pace.sync();
  }

  // The request's `table`, the robots' level left out at its default.
  table() {
    const table = { players: this.playerCount(), options: this.game.options(), ...this.pace.fields() };
    if (this.rated.querySelector("input").checked) table.rated = true;
    if (this.robotLevelSelect.value !== "1") table.robot_level = Number(this.robotLevelSelect.value);
    return table;
  }
}
