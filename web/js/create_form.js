// The form that creates a table, with every option create_table offers, each
// with a line that says what it does: the players and robots, private or in
// the lobby, the expansions, the rule options, the pace (the move deadline and
// what happens when it passes, or that the other players decide), and ratings
// (rated with robots, what a joiner needs); the game's and the pace's parts
// are table_fields.js's, shared with the tournament's form. Fields left at
// their defaults are left out of the request, so the server's defaults apply.
import { h } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { check, field, GameFields, PaceFields } from "./table_fields.js";

export class CreateForm {
  constructor(connection, session, onCreated) {
    this.connection = connection;
    this.onCreated = onCreated; // (table) => void
    this.message = h("p", { class: "refusal", role: "alert" });
    const players = h("select", { name: "players", onchange: () => this.sync() }, [2, 3, 4, 5].map((n) => h("option", { value: String(n), selected: n === 2 }, n)));
    this.robots = h("select", { name: "robots", onchange: () => this.sync() });
    this.robotLevel = h("select", { name: "robot_level" },
      [1, 2, 3].map((n) => h("option", { value: String(n), selected: n === 1 }, t(`create.robot_level_${n}`))));
    this.game = new GameFields();
    this.pace = new PaceFields();
    this.element = h("form", { class: "panel create", "aria-labelledby": "create-title", onsubmit: (e) => this.create(e) },
      h("h2", { id: "create-title" }, t("create.title")),
      h("fieldset", {}, h("legend", {}, t("create.table")),
        field(t("create.name"), h("input", { type: "text", name: "name", maxlength: "60", placeholder: t("create.name_placeholder", { name: session.user.name }) }), t("create.name_explain")),
        field(t("create.players"), players, t("create.players_explain")),
        field(t("create.robots"), this.robots, t("create.robots_explain")),
        field(t("create.robot_level"), this.robotLevel, t("create.robot_level_explain")),
        check("private", false, t("create.private"), t("create.private_explain"))),
      this.game.elements,
      this.pace.element,
      h("fieldset", {}, h("legend", {}, t("create.ratings")),
        check("rated", false, t("create.rated"), t("create.rated_explain")),
        check("bots_allowed", false, t("create.bots_allowed"), t("create.bots_allowed_explain")),
        field(t("create.min_rating"), h("input", { type: "number", name: "min_rating", min: "-100", max: "100", step: "0.1", inputmode: "decimal" }), t("create.min_rating_explain")),
        field(t("create.max_timeout_rate"), h("input", { type: "number", name: "max_timeout_rate", min: "0", max: "100", step: "0.1", inputmode: "decimal" }), t("create.max_timeout_rate_explain"))),
      this.message,
      h("button", { type: "submit", class: "primary" }, t("create.submit")));
    this.sync();
  }

  // The choices that depend on others: robots up to the players, and the
  // game's and the pace's own (table_fields.js).
  sync() {
    const players = Number(this.element.elements.players.value);
    const robots = Math.min(Number(this.robots.value || 0), players);
    this.robots.replaceChildren(...Array.from({ length: players + 1 }, (_, n) =>
      h("option", { value: String(n), selected: n === robots }, n === players ? t("create.robots_all", { n }) : String(n))));
    this.robotLevel.disabled = Number(this.robots.value) === 0;
    this.game.sync(players);
    this.pace.sync();
  }

  request() {
    const f = this.element.elements;
    const request = { players: Number(f.players.value), options: this.game.options() };
    if (f.name.value.trim()) request.name = f.name.value.trim();
    if (f.private.checked) request.private = true;
    const robots = Number(this.robots.value);
    if (robots) request.robots = robots;
    if (robots && this.robotLevel.value !== "1") request.robot_level = Number(this.robotLevel.value);
    if (f.rated.checked) request.rated = true;
    if (f.bots_allowed.checked) request.bots_allowed = true;
    if (f.min_rating.value !== "") request.min_rating = Number(f.min_rating.value);
    // Asked in percent, sent as a share.
    if (f.max_timeout_rate.value !== "") request.max_timeout_rate = Number(f.max_timeout_rate.value) / 100;
    return { ...request, ...this.pace.fields() };
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
