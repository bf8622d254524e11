// The form that creates a league (create_league, docs/protocol.md "Leagues",
// docs/leagues.md "A league's rules"): its name, its divisions' size, how
// many go up and down each season, where newcomers start, how many tables a
// player plays at once and how often each pair of a division meets; each
// table's players, game, pace, rating and robots' level (table_fields.js's
// competition table, as the tournament's form has it); a season's length and
// the first season's start (the reader's local time, sent as unix seconds).
// The checks the server makes are made here first, in the reader's words;
// what the server still refuses is shown as it says it.
import { localInput, unixSeconds } from "./date_input.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { leagueErrorText } from "./league_words.js";
import { CompetitionTableFields, field } from "./table_fields.js";

const MAX_NAME_BYTES = 60;

export class LeagueForm {
  constructor(connection, onCreated) {
    this.connection = connection;
    this.onCreated = onCreated; // (summary) => void
    this.message = h("p", { class: "refusal", role: "alert" });
    const number = (name, min, max, value, extra = {}) =>
      h("input", { type: "number", name, min: String(min), max: String(max), step: "1", inputmode: "numeric", value: String(value), required: true, ...extra });
    this.table = new CompetitionTableFields({
      playersExplain: t("league_form.players_explain"), ratedExplain: t("tournament_form.rated_explain"), onChange: () => this.sync(),
    });
    this.element = h("form", { class: "panel create league-create", "aria-labelledby": "league-create-title", onsubmit: (e) => this.create(e) },
      h("h2", { id: "league-create-title" }, t("league_form.title")),
      h("fieldset", {}, h("legend", {}, t("league_form.league")),
        field(t("league_form.name"), h("input", { type: "text", name: "name", required: true, maxlength: String(MAX_NAME_BYTES) }), t("league_form.name_explain")),
        field(t("league_form.division_size"), number("division_size", 3, 20, 8, { oninput: () => this.sync() }), t("league_form.division_size_explain")),
        field(t("league_form.promoted"), number("promoted", 0, 10, 2), t("league_form.promoted_explain")),
        field(t("league_form.newcomers"), h("select", { name: "newcomers" },
          ["bottom", "by_rating"].map((way) => h("option", { value: way }, t(`league_form.newcomers_${way}`)))), t("league_form.newcomers_explain")),
        this.table.players,
        field(t("league_form.tables_at_once"), number("tables_at_once", 1, 10, 2), t("league_form.tables_at_once_explain")),
        field(t("league_form.meetings"), number("meetings", 1, 4, 1), t("league_form.meetings_explain"))),
      h("fieldset", {}, h("legend", {}, t("league_form.seasons")),
        field(t("league_form.starts"), h("input", { type: "datetime-local", name: "starts_at", required: true }), t("league_form.starts_explain")),
        field(t("league_form.season_days"), number("season_days", 1, 365, 28), t("league_form.season_days_explain"))),
      this.table.game.elements,
      this.table.pace.element,
      h("fieldset", {}, h("legend", {}, t("create.ratings")),
        this.table.rated,
        this.table.robotLevel),
      this.message,
      h("button", { type: "submit", class: "primary" }, t("league_form.submit")));
    this.setDate();
    this.sync();
  }

  // The first season a week from the next whole hour: time for players to join.
  setDate() {
    const hour = Math.ceil(Date.now() / 3600000) * 3600;
    this.element.elements.starts_at.value = localInput(hour + 7 * 86400);
  }

  // The ranges that follow from others: a division holds at least a table,
  // and at most half of it goes up (and down).
  sync() {
    const f = this.element.elements;
    const size = Number(f.division_size.value) || 8;
    f.division_size.min = String(Math.max(3, this.table.playerCount()));
    f.promoted.max = String(Math.floor(size / 2));
    this.table.sync();
  }

  // The server's checks that the inputs' own limits do not make: the name's
  // length in bytes, and a start still to come. A sentence, or null.
  refusal(request) {
    if (new TextEncoder().encode(request.name).length > MAX_NAME_BYTES) return t("tournament_form.name_too_long");
    if (request.starts_at === null) return t("league_form.start_required");
    if (request.starts_at <= Date.now() / 1000) return t("league_form.start_past");
    return null;
  }

  request() {
    const f = this.element.elements;
    return {
      name: f.name.value.trim(),
      table: this.table.table(),
      division_size: Number(f.division_size.value),
      promoted: Number(f.promoted.value),
      newcomers: f.newcomers.value,
      tables_at_once: Number(f.tables_at_once.value),
      meetings: Number(f.meetings.value),
      season_days: Number(f.season_days.value),
      starts_at: unixSeconds(f.starts_at.value),
    };
  }

  async create(event) {
    event.preventDefault();
    this.message.textContent = "";
    const request = this.request();
    const refusal = this.refusal(request);
    if (refusal) {
      this.message.textContent = refusal;
      return;
    }
    try {
      const data = await this.connection.request("create_league", request);
      this.element.reset();
      this.setDate();
      this.sync();
      this.onCreated(data.league);
    } catch (error) {
      this.message.textContent = leagueErrorText(error);
    }
  }
}
