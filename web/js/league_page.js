// One league (#/league/N; the `league` request, open to anyone): its summary
// (stage, next season, players, its tables' game and pace) with the button
// that joins or leaves, its rules in sentences, who joins at the next season
// and who leaves at this one's end, and one season, the current (or last) or
// an earlier one chosen: each division's standings (and once the season has
// ended, who goes up, stays or goes down), its tables in schedule order with
// their state, seats and places, linked to the table's page, and its byes.
// The server pushes no league changes, so the page is read again now and
// then while it is shown.
import { h, replace } from "./dom.js";
import { formatDate, playerName, t, tn } from "./i18n.js";
import {
  membershipButton, membershipText, movedElement, nextSeasonText, playersText, rulesSentences, stageText, tableOptions, tablePace,
} from "./league_words.js";
import { playerLink } from "./profile.js";
import { optionsText, paceText, timeLeftText } from "./table_summary.js";
import { halfPoints } from "./tournament_words.js";

const REFRESH_MS = 15000;

export class LeaguePage {
  constructor(connection, session, id, { setTitle }) {
    this.connection = connection;
    this.session = session;
    this.id = id;
    this.setTitle = setTitle;
    this.chosenSeason = null; // null: the current (or last) season
    this.title = h("h1", {}, t("league.title", { id }));
    this.message = h("p", { class: "refusal", role: "alert" });
    this.body = h("div", { class: "league-body" }, h("p", { class: "loading" }, t("app.loading")));
    this.element = h("div", { class: "league-page", dataset: { league: id } }, this.title, this.message, this.body);
  }

  async start() {
    await this.refresh();
    this.timer = setInterval(() => this.refresh().catch(() => {}), REFRESH_MS);
  }

  stop() {
    clearInterval(this.timer);
  }

  async refresh() {
    const request = { league: this.id };
    if (this.chosenSeason !== null) request.season = this.chosenSeason;
    this.view = await this.connection.request("league", request);
    this.render();
  }

  async chooseSeason(season) {
    this.chosenSeason = season === this.view.league.season ? null : season;
    await this.refresh().catch(() => {});
  }

  render() {
    const v = this.view;
    const s = v.league;
    this.title.textContent = s.name;
    this.setTitle(s.name);
    // A redraw keeps the reader's place: the focus on a control of the page stays where it was.
    const focused = document.activeElement?.closest?.(".league-body") ? document.activeElement.dataset.focus : null;
    replace(this.body,
      this.summary(s),
      this.rules(s),
      this.players(v),
      v.season ? this.season(v.season, s) : null,
      v.season ? v.season.divisions.map((d) => this.division(d)) : null);
    if (focused) this.body.querySelector(`[data-focus="${focused}"]`)?.focus();
  }

  summary(s) {
    const row = (key, value, testid) => (value ? [h("dt", {}, t(key)), h("dd", { dataset: { testid } }, value)] : null);
    const button = membershipButton(this.connection, this.session, s, this.message, () => this.refresh());
    button?.setAttribute("data-focus", "membership");
    const mine = membershipText(s);
    return h("section", { class: "panel league-summary", "aria-labelledby": "league-summary-title" },
      h("h2", { id: "league-summary-title" }, t("league.summary")),
      h("dl", { class: "stats" },
        row("league.stage", stageText(s), "stage"),
        row("league.next", nextSeasonText(s), "next"),
        row("league.players_label", playersText(s), "players"),
        row("tournament.tables", `${tn("tournament.table_players", s.table.players)} · ${optionsText(tableOptions(s.table))}`, "tables"),
        row("tournament.pace", paceText(tablePace(s.table)), "pace"),
        row("tournament.rated", s.table.rated ? t("tournament.rated_yes") : t("tournament.rated_no"), "rated"),
        row("tournament.creator", playerLink(s.creator), "creator"),
        row("league.created", formatDate(s.created_at), "created")),
      h("p", { class: "tournament-actions" },
        mine ? h("span", { class: "state registered" }, mine, " ") : null,
        button, " ",
        h("button", { type: "button", class: "refresh", dataset: { focus: "refresh" }, onclick: () => this.refresh().catch(() => {}) }, t("lobby.refresh"))));
  }

  rules(s) {
    return h("section", { class: "panel league-rules", "aria-labelledby": "league-rules-title" },
      h("h2", { id: "league-rules-title" }, t("league.rules")),
      h("ul", {}, rulesSentences(s).map((sentence) => h("li", {}, sentence))));
  }

  // Who waits for the next season, and who plays this one out and then
  // leaves (asked only while a season is played: nobody else can be leaving).
  players(v) {
    const list = (names, kind) => (names.length
      ? h("ul", { class: "tournament-players", dataset: { list: kind } }, names.map((name) => h("li", { dataset: { name } }, playerLink(name))))
      : h("p", { class: "empty" }, kind === "joining" ? t("league.joining_none") : t("league.leaving_none")));
    return h("section", { class: "panel league-players", "aria-labelledby": "league-joining-title" },
      h("h2", { id: "league-joining-title" }, tn("league.joining", v.joining.length)),
      list(v.joining, "joining"),
      v.league.stage === "playing" || v.leaving.length ? [
        h("h2", { id: "league-leaving-title" }, tn("league.leaving", v.leaving.length)),
        list(v.leaving, "leaving")] : null);
  }

  // The season shown: its dates, and the choice of an earlier one.
  season(season, s) {
    const dates = season.status === "finished" && season.finished_at !== undefined
      ? t("league.season_finished", { date: formatDate(season.finished_at) })
      : t("league.season_playing", { start: formatDate(season.started_at), end: formatDate(season.finish_by) });
    const choice = s.season > 1 ? h("label", { class: "season-choice" }, t("league.season_choice"), " ",
      h("select", { name: "season", dataset: { focus: "season" }, onchange: (e) => this.chooseSeason(Number(e.target.value)) },
        Array.from({ length: s.season }, (_, i) => s.season - i).map((n) =>
          h("option", { value: String(n), selected: n === season.season }, t("league.season_title", { season: n }))))) : null;
    return h("section", { class: "panel league-season", dataset: { season: season.season, status: season.status }, "aria-labelledby": "league-season-title" },
      h("h2", { id: "league-season-title" }, t("league.season_title", { season: season.season })),
      h("p", { class: "season-dates" }, dates),
      choice,
      h("p", { class: "explain" }, t("tournament.standings_caption")));
  }

  division(d) {
    const me = this.session.user?.name;
    const moves = d.standings.some((r) => r.moved !== undefined);
    const columns = ["tournament.rank", "tournament.player", "tournament.points", "tournament.games", "tournament.game_points",
      "tournament.rubles", "tournament.schedule_strength", "tournament.byes", ...(moves ? ["league.moved"] : [])];
    const id = `division-${d.division}`;
    return h("section", { class: "panel league-division", dataset: { division: d.division }, "aria-labelledby": `${id}-title` },
      h("h2", { id: `${id}-title` }, t("league.division_title", { division: d.division })),
      h("div", { class: "table-scroll", tabindex: "0" },
        h("table", { class: "scores standings" },
          h("caption", {}, t("league.standings_of", { division: d.division })),
          h("thead", {}, h("tr", {}, columns.map((k) => h("th", { scope: "col" }, t(k))))),
          h("tbody", {}, d.standings.map((r) => h("tr", { class: r.name === me ? "me" : null, dataset: { name: r.name, rank: r.rank, moved: r.moved } },
            h("td", { class: "rank" }, r.rank),
            h("th", { scope: "row" }, playerLink(r.name)),
            h("td", { class: "points" }, halfPoints(r.points)),
            h("td", {}, r.games),
            h("td", {}, r.game_points),
            h("td", {}, r.rubles),
            h("td", {}, halfPoints(r.schedule_strength)),
            h("td", {}, r.byes),
            moves ? h("td", {}, r.moved ? movedElement(r.moved) : "–") : null))))),
      d.tables.length ? this.tables(d) : null,
      d.byes.length ? h("p", { class: "byes" }, tn("league.byes", d.byes.length,
        { list: d.byes.map((b) => t("league.bye", { round: b.round, name: playerName(b.name) })).join(t("list.separator")) })) : null);
  }

  // The division's tables in schedule order, each linked once started.
  tables(d) {
    const me = this.session.user?.name;
    const seat = (table, name, i) => {
      const place = table.places?.[i];
      const who = name === me ? h("strong", {}, playerName(name)) : playerName(name);
      return h("li", {}, place === null || place === undefined ? who : [who, " ", h("span", { class: "place" }, t("tournament.seat_place", { place }))]);
    };
    const state = (table) => (table.status === "waiting" || table.status === "unplayed" ? t(`league.table_${table.status}`) : t(`state.${table.status}`));
    return h("div", { class: "table-scroll", tabindex: "0" },
      h("table", { class: "scores round-tables league-tables" },
        h("caption", {}, t("league.tables_of", { division: d.division })),
        h("thead", {}, h("tr", {}, ["league.round", "tournament.table", "tournament.seats", "tournament.table_state", "tournament.deadline"]
          .map((k) => h("th", { scope: "col" }, t(k))))),
        h("tbody", {}, d.tables.map((table) => h("tr", {
          class: table.seats.includes(me) ? "mine" : null, dataset: { table: table.table, round: table.round, number: table.number, status: table.status },
        },
        h("td", {}, table.round),
        h("th", { scope: "row" }, table.table
          ? h("a", { href: `#/table/${table.table}` }, t("tournament.table_number", { number: table.number }))
          : t("tournament.table_number", { number: table.number })),
        h("td", {}, h("ol", { class: "round-seats" }, table.seats.map((name, i) => seat(table, name, i)))),
        h("td", { class: "table-state" }, state(table)),
        h("td", { class: "deadline" }, table.status === "playing" ? timeLeftText({ deadline_at: table.deadline_at }) ?? "–" : "–"))))));
  }
}
