// The leagues (#/leagues), the newest first: each with its stage and season,
// its tables' size, game and pace, how many play the next season and when it
// starts, and the button that joins it or leaves it; then the form that
// creates one. The server pushes no league changes, so the list is read
// again now and then while it is shown.
import { h, replace } from "./dom.js";
import { t, tn } from "./i18n.js";
import { LeagueForm } from "./league_form.js";
import {
  leagueHref, membershipButton, membershipText, nextSeasonText, playersText, stageText, tableOptions, tablePace,
} from "./league_words.js";
import { optionsText, paceText } from "./table_summary.js";

const REFRESH_MS = 15000;

export class LeagueList {
  constructor(connection, session) {
    this.connection = connection;
    this.session = session;
    this.list = h("div", { class: "table-list", id: "leagues" });
    this.message = h("p", { class: "refusal", role: "alert" });
    this.form = session.loggedIn ? new LeagueForm(connection, (summary) => this.created(summary)) : null;
    this.element = h("div", { class: "leagues" },
      h("h1", {}, t("leagues.title")),
      h("p", {}, t("leagues.intro")),
      this.message,
      h("section", { class: "panel", "aria-labelledby": "leagues-title" },
        h("div", { class: "list-head" },
          h("h2", { id: "leagues-title" }, t("leagues.list")),
          h("button", { type: "button", class: "refresh", onclick: () => this.refresh().catch(() => {}) }, t("lobby.refresh"))),
        this.list),
      this.form?.element);
  }

  async start() {
    await this.refresh();
    this.timer = setInterval(() => this.refresh().catch(() => {}), REFRESH_MS);
  }

  stop() {
    clearInterval(this.timer);
  }

  async refresh() {
    const data = await this.connection.request("list_leagues");
    replace(this.list, data.leagues.length
      ? h("ul", {}, data.leagues.map((s) => this.item(s)))
      : h("p", { class: "empty" }, t("leagues.none")));
  }

  // A created league is shown on its page, where its creator may join.
  created(summary) {
    location.hash = leagueHref(summary.id);
  }

  item(s) {
    const meta = [tn("tournament.table_players", s.table.players), optionsText(tableOptions(s.table)), paceText(tablePace(s.table))];
    if (s.table.rated) meta.push(t("terms.rated"));
    const mine = membershipText(s);
    const button = membershipButton(this.connection, this.session, s, this.message, () => this.refresh());
    return h("li", { class: "table-item league-item", dataset: { league: s.id, stage: s.stage } },
      h("div", { class: "table-info" },
        h("a", { class: "table-name", href: leagueHref(s.id) }, s.name), " ",
        h("span", { class: "state" }, stageText(s)),
        mine ? h("span", { class: "state registered" }, ` · ${mine}`) : null,
        h("div", { class: "meta" }, meta.join(" · ")),
        h("div", { class: "meta dates" }, [playersText(s), nextSeasonText(s)].filter(Boolean).join(" · "))),
      h("div", { class: "table-actions" }, button));
  }
}
