// The form that creates a table, with every option create_table offers, each
// with a line that says what it does: the players and robots, private or in
// the lobby, the
// expansions, the rule options, the pace (the move deadline and what
// happens when it passes, or that the other players decide), and ratings (rated with robots, what a joiner needs). Fields left at their defaults are left out of the
// request, so the server's defaults apply.
import { h } from "./dom.js";
import { errorText, t } from "./i18n.js";

const DEADLINES = [null, 1, 4, 12, 24, 48, 72, 168, 336];

let nextId = 0;

// A field with its one-line explanation, tied to it for screen readers.
function explained(control, explanation) {
  const id = `explain-${++nextId}`;
  control.setAttribute("aria-describedby", id);
  return [control, h("small", { class: "explain", id }, explanation)];
}

function check(name, checked, label, explanation) {
  const input = h("input", { type: "checkbox", name, checked });
  const [, small] = explained(input, explanation);
  return h("div", { class: "option" }, h("label", { class: "check" }, input, ` ${label}`), small);
}

function field(label, control, explanation) {
  const [, small] = explained(control, explanation);
  return h("div", { class: "option" }, h("label", {}, label, " ", control), small);
}

function deadlineName(hours) {
  if (hours === null) return t("create.deadline_none");
  return hours % 24 === 0 ? t("create.deadline_days", { n: hours / 24 }) : t("create.deadline_hours", { n: hours });
}

export class CreateForm {
  constructor(connection, session, onCreated) {
    this.connection = connection;
    this.onCreated = onCreated; // (table) => void
    this.message = h("p", { class: "refusal", role: "alert" });
    const players = h("select", { name: "players", onchange: () => this.sync() }, [2, 3, 4, 5].map((n) => h("option", { value: String(n), selected: n === 2 }, n)));
    this.robots = h("select", { name: "robots", onchange: () => this.sync() });
    this.robotLevel = h("select", { name: "robot_level" },
      [1, 2, 3].map((n) => h("option", { value: String(n), selected: n === 1 }, t(`create.robot_level_${n}`))));
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
    this.pace = h("fieldset", {}, h("legend", {}, t("create.pace")),
      field(t("create.deadline"), this.deadline, t("create.deadline_explain")),
      this.bank,
      field(t("create.takeover_after"), this.takeoverAfter, t("create.takeover_after_explain")),
      field(t("create.takeover_by"), this.takeoverBy, t("create.takeover_by_explain")),
      check("timeout_vote", false, t("create.timeout_vote"), t("create.timeout_vote_explain")),
      check("floating_vacation", true, t("create.floating_vacation"), t("create.floating_vacation_explain")));
    this.element = h("form", { class: "panel create", "aria-labelledby": "create-title", onsubmit: (e) => this.create(e) },
      h("h2", { id: "create-title" }, t("create.title")),
      h("fieldset", {}, h("legend", {}, t("create.table")),
        field(t("create.name"), h("input", { type: "text", name: "name", maxlength: "60", placeholder: t("create.name_placeholder", { name: session.user.name }) }), t("create.name_explain")),
        field(t("create.players"), players, t("create.players_explain")),
        field(t("create.robots"), this.robots, t("create.robots_explain")),
        field(t("create.robot_level"), this.robotLevel, t("create.robot_level_explain")),
        check("private", false, t("create.private"), t("create.private_explain"))),
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
      this.pace,
      h("fieldset", {}, h("legend", {}, t("create.ratings")),
        check("rated", false, t("create.rated"), t("create.rated_explain")),
        check("bots_allowed", false, t("create.bots_allowed"), t("create.bots_allowed_explain")),
        field(t("create.min_rating"), h("input", { type: "number", name: "min_rating", min: "-100", max: "100", step: "0.1", inputmode: "decimal" }), t("create.min_rating_explain")),
        field(t("create.max_timeout_rate"), h("input", { type: "number", name: "max_timeout_rate", min: "0", max: "100", step: "0.1", inputmode: "decimal" }), t("create.max_timeout_rate_explain"))),
      this.message,
      h("button", { type: "submit", class: "primary" }, t("create.submit")));
    for (const name of ["public_money", "public_hands", "new_society"]) this.element.elements[name].addEventListener("change", () => this.sync());
    this.sync();
  }

  // The choices that depend on others: robots up to the players, five
  // players with the New Society only, the automatic pass only while money
  // and hands are public, a timeout policy (the players' vote included) only
  // with a deadline or a bank.
  sync() {
    const f = this.element.elements;
    const players = Number(f.players.value);
    const robots = Math.min(Number(this.robots.value || 0), players);
    this.robots.replaceChildren(...Array.from({ length: players + 1 }, (_, n) =>
      h("option", { value: String(n), selected: n === robots }, n === players ? t("create.robots_all", { n }) : String(n))));
    this.robotLevel.disabled = Number(this.robots.value) === 0;
    if (players === 5) f.new_society.checked = true;
    f.new_society.disabled = players === 5;
    const open = f.public_money.checked && f.public_hands.checked;
    f.auto_pass_forced.disabled = !open;
    if (!open) f.auto_pass_forced.checked = false;
    const timed = this.deadline.value !== "";
    this.bank.hidden = this.deadline.value !== "bank";
    for (const input of this.bank.querySelectorAll("input")) input.disabled = this.bank.hidden;
    this.takeoverAfter.disabled = !timed;
    this.takeoverBy.disabled = !timed;
    f.timeout_vote.disabled = !timed;
    if (!timed) f.timeout_vote.checked = false;
  }

  request() {
    const f = this.element.elements;
    const request = {
      players: Number(f.players.value),
      options: {
        expansions: ["banquet", "new_society"].filter((e) => f[e].checked),
        public_money: f.public_money.checked,
        public_hands: f.public_hands.checked,
        auto_pass_forced: f.auto_pass_forced.checked,
        stack_peek: f.stack_peek.checked,
        pass_until_phase_end: f.pass_until_phase_end.checked,
        pub_timing: f.pub_timing.value,
      },
    };
    if (f.name.value.trim()) request.name = f.name.value.trim();
    if (f.private.checked) request.private = true;
    const robots = Number(this.robots.value);
    if (robots) request.robots = robots;
    if (robots && this.robotLevel.value !== "1") request.robot_level = Number(this.robotLevel.value);
    if (f.rated.checked) request.rated = true;
    if (f.bots_allowed.checked) request.bots_allowed = true;
    if (!f.floating_vacation.checked) request.floating_vacation = false;
    if (f.min_rating.value !== "") request.min_rating = Number(f.min_rating.value);
    // Asked in percent, sent as a share.
    if (f.max_timeout_rate.value !== "") request.max_timeout_rate = Number(f.max_timeout_rate.value) / 100;
    if (this.deadline.value === "bank") {
      request.time_bank = {
        initial_hours: Number(f.bank_initial_hours.value),
        increment_hours: Number(f.bank_increment_hours.value),
        cap_hours: Number(f.bank_cap_hours.value),
      };
    } else if (this.deadline.value !== "") {
      request.move_deadline_hours = Number(this.deadline.value);
    }
    if (this.deadline.value !== "") {
      request.timeout_policy = {
        takeover_after: this.takeoverAfter.value === "" ? null : Number(this.takeoverAfter.value),
        takeover_by: this.takeoverBy.value,
      };
      if (f.timeout_vote.checked) request.timeout_policy.vote = true;
    }
    return request;
  }

  async create(event) {
    event.preventDefault();
    this.message.textContent = "";
    try {
      const data = await this.connection.request("create_table", this.request());
      this.element.reset();
      this.sync();
      this.onCreated(data.table);
    } catch (error) {
      this.message.textContent = errorText(error);
    }
  }
}
