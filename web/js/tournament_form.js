// The form that creates a tournament (create_tournament, docs/protocol.md
// "Tournaments"): its name and format (the rounds of a Swiss or a round
// robin, a round robin's group size, how many of each table go through in an
// elimination), each table's players and game and pace, rated or not and the
// robots' level (table_fields.js's competition table), the registration's
// close and the start (the reader's local time, sent as unix seconds), an
// optional finish date and most players, and who may register. The checks
// the server makes are made here first, in the reader's words; what the
// server still refuses is shown as it says it.
import { localInput, unixSeconds } from "./date_input.js";
import { h } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { check, CompetitionTableFields, field } from "./table_fields.js";

const MAX_ROUNDS = 20;
const MAX_NAME_BYTES = 60;

export class TournamentForm {
  constructor(connection, onCreated) {
    this.connection = connection;
    this.onCreated = onCreated; // (summary) => void
    this.message = h("p", { class: "refusal", role: "alert" });
    const number = (name, min, max, value, extra = {}) =>
      h("input", { type: "number", name, min: String(min), max: String(max), step: "1", inputmode: "numeric", value: value === null ? null : String(value), ...extra });
    const when = (name) => h("input", { type: "datetime-local", name });
    this.format = h("select", { name: "format", onchange: () => this.sync() },
      ["swiss", "round_robin", "elimination"].map((f) => h("option", { value: f }, t(`tournament_form.format_${f}`))));
    this.rounds = field(t("tournament_form.rounds"), number("rounds", 1, MAX_ROUNDS, 4, { required: true }), t("tournament_form.rounds_explain"));
    this.groupSize = field(t("tournament_form.group_size"), number("group_size", 3, 20, 8, { required: true }), t("tournament_form.group_size_explain"));
    this.advance = field(t("tournament_form.advance"), number("advance", 1, 4, 1, { required: true }), t("tournament_form.advance_explain"));
    this.table = new CompetitionTableFields({
      playersExplain: t("tournament_form.players_explain"), ratedExplain: t("tournament_form.rated_explain"), onChange: () => this.sync(),
    });
    this.element = h("form", { class: "panel create tournament-create", "aria-labelledby": "tournament-create-title", onsubmit: (e) => this.create(e) },
      h("h2", { id: "tournament-create-title" }, t("tournament_form.title")),
      h("fieldset", {}, h("legend", {}, t("tournament_form.tournament")),
        field(t("tournament_form.name"), h("input", { type: "text", name: "name", required: true, maxlength: String(MAX_NAME_BYTES) }), t("tournament_form.name_explain")),
        field(t("tournament_form.format"), this.format, t("tournament_form.format_explain")),
        this.rounds, this.groupSize, this.advance,
        this.table.players,
        check("duplicate", false, t("tournament_form.duplicate"), t("tournament_form.duplicate_explain"))),
      h("fieldset", {}, h("legend", {}, t("tournament_form.dates")),
        field(t("tournament_form.closes"), when("registration_closes_at"), t("tournament_form.closes_explain")),
        field(t("tournament_form.starts"), when("starts_at"), t("tournament_form.starts_explain")),
        field(t("tournament_form.finish_by"), when("finish_by"), t("tournament_form.finish_by_explain"))),
      this.table.game.elements,
      this.table.pace.element,
      h("fieldset", {}, h("legend", {}, t("tournament_form.entry")),
        this.table.rated,
        this.table.robotLevel,
        field(t("tournament_form.max_players"), number("max_players", 3, 500, null), t("tournament_form.max_players_explain")),
        check("invitation_only", false, t("tournament_form.invitation_only"), t("tournament_form.invitation_only_explain")),
        field(t("create.min_rating"), h("input", { type: "number", name: "min_rating", min: "-100", max: "100", step: "0.1", inputmode: "decimal" }), t("tournament_form.min_rating_explain")),
        field(t("create.max_timeout_rate"), h("input", { type: "number", name: "max_timeout_rate", min: "0", max: "100", step: "0.1", inputmode: "decimal" }), t("tournament_form.max_timeout_rate_explain"))),
      this.message,
      h("button", { type: "submit", class: "primary" }, t("tournament_form.submit")));
    this.setDates();
    this.sync();
  }

  // Registration open for a week from the next whole hour, play starting as it closes.
  setDates() {
    const f = this.element.elements;
    const hour = Math.ceil(Date.now() / 3600000) * 3600;
    f.registration_closes_at.value = localInput(hour + 7 * 86400);
    f.starts_at.value = localInput(hour + 7 * 86400);
  }

  // The format's own fields, and the ranges that follow from the table's
  // players: a round robin's groups of one to four tables' worth (at most
  // 20), an elimination's first 1 to players - 1 going through.
  sync() {
    const f = this.element.elements;
    const format = this.format.value;
    const players = this.table.playerCount();
    for (const [part, shown] of [[this.rounds, format !== "elimination"], [this.groupSize, format === "round_robin"], [this.advance, format === "elimination"]]) {
      part.hidden = !shown;
      for (const input of part.querySelectorAll("input")) input.disabled = !shown;
    }
    f.group_size.min = String(players);
    f.group_size.max = String(Math.min(20, 4 * players));
    f.advance.max = String(players - 1);
    if (Number(f.advance.value) > players - 1) f.advance.value = String(players - 1);
    this.table.sync();
  }

  // The server's checks that the inputs' own limits do not make: the name's
  // length in bytes, and the dates' order. A sentence, or null.
  refusal(request) {
    if (new TextEncoder().encode(request.name).length > MAX_NAME_BYTES) return t("tournament_form.name_too_long");
    if (request.registration_closes_at === null || request.starts_at === null) return t("tournament_form.dates_required");
    if (request.registration_closes_at <= Date.now() / 1000) return t("tournament_form.closes_past");
    if (request.starts_at < request.registration_closes_at) return t("tournament_form.starts_before_close");
    if (request.finish_by !== undefined && request.finish_by <= request.starts_at) return t("tournament_form.finish_before_start");
    return null;
  }

  request() {
    const f = this.element.elements;
    const format = this.format.value;
    const request = {
      name: f.name.value.trim(),
      format,
      table: this.table.table(),
      registration_closes_at: unixSeconds(f.registration_closes_at.value),
      starts_at: unixSeconds(f.starts_at.value),
    };
    if (format !== "elimination") request.rounds = Number(f.rounds.value);
    if (format === "round_robin") request.group_size = Number(f.group_size.value);
    if (format === "elimination") request.advance = Number(f.advance.value);
    if (f.duplicate.checked) request.duplicate = true;
    const finish = unixSeconds(f.finish_by.value);
    if (finish !== null) request.finish_by = finish;
    if (f.max_players.value !== "") request.max_players = Number(f.max_players.value);
    const entry = {};
    if (f.min_rating.value !== "") entry.min_rating = Number(f.min_rating.value);
    // Asked in percent, sent as a share.
    if (f.max_timeout_rate.value !== "") entry.max_timeout_rate = Number(f.max_timeout_rate.value) / 100;
    if (f.invitation_only.checked) entry.invitation_only = true;
    if (Object.keys(entry).length) request.entry = entry;
    return request;
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
      const data = await this.connection.request("create_tournament", request);
      this.element.reset();
      this.setDates();
      this.sync();
      this.onCreated(data.tournament);
    } catch (error) {
      this.message.textContent = errorText(error);
    }
  }
}
