// The tournaments (#/tournaments): those registering, under way or finished,
// one list at a time (a row of toggle buttons chooses), each with its format,
// table size, pace, dates in the reader's locale, how many registered and
// its status, and the button that registers for it or withdraws; then the
// form that creates one. The server pushes no tournament changes, so the list
// is read again now and then while it is shown.
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { optionsText, paceText } from "./table_summary.js";
import { TournamentForm } from "./tournament_form.js";
import {
  datesText, entryText, formatText, registeredText, registrationButton, statusText, tablePlayersText, tournamentHref,
} from "./tournament_words.js";

const REFRESH_MS = 15000;
const FILTERS = ["registering", "playing", "finished"];

export class TournamentList {
  constructor(connection, session) {
    this.connection = connection;
    this.session = session;
    this.status = "registering";
    this.list = h("div", { class: "table-list", id: "tournaments" });
    this.message = h("p", { class: "refusal", role: "alert" });
    this.filters = h("div", { class: "filters", role: "group", "aria-label": t("tournaments.filter_label") },
      FILTERS.map((status) => h("button", { type: "button", dataset: { status }, "aria-pressed": String(status === this.status),
        onclick: () => this.choose(status) }, t(`tournaments.filter_${status}`))));
    this.form = session.loggedIn ? new TournamentForm(connection, (summary) => this.created(summary)) : null;
    this.element = h("div", { class: "tournaments" },
      h("h1", {}, t("tournaments.title")),
      h("p", {}, t("tournaments.intro")),
      this.message,
      h("section", { class: "panel", "aria-labelledby": "tournaments-title" },
        h("h2", { id: "tournaments-title" }, t("tournaments.list")),
        h("div", { class: "list-head" }, this.filters,
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

  async choose(status) {
    this.status = status;
    for (const button of this.filters.querySelectorAll("button")) button.setAttribute("aria-pressed", String(button.dataset.status === status));
    await this.refresh().catch(() => {});
  }

  async refresh() {
    const data = await this.connection.request("list_tournaments", { status: this.status });
    replace(this.list, data.tournaments.length
      ? h("ul", {}, data.tournaments.map((s) => this.item(s)))
      : h("p", { class: "empty" }, t(`tournaments.none_${this.status}`)));
  }

  // A created tournament is shown on its page, where its creator may register.
  created(summary) {
    location.hash = tournamentHref(summary.id);
  }

  item(s) {
    const meta = [formatText(s), tablePlayersText(s), optionsText(s.options), paceText(s.pace)];
    if (s.rated) meta.push(t("terms.rated"));
    const entry = entryText(s.entry);
    const button = registrationButton(this.connection, this.session, s, this.message, () => this.refresh());
    return h("li", { class: "table-item tournament-item", dataset: { tournament: s.id, status: s.status } },
      h("div", { class: "table-info" },
        h("a", { class: "table-name", href: tournamentHref(s.id) }, s.name), " ",
        h("span", { class: "state" }, statusText(s)),
        s.you_registered ? h("span", { class: "state registered" }, ` · ${t("tournament.you_are_in")}`) : null,
        h("div", { class: "meta" }, meta.join(" · ")),
        h("div", { class: "meta dates" }, [datesText(s), registeredText(s)].filter(Boolean).join(" · ")),
        entry ? h("div", { class: "terms" }, entry) : null),
      h("div", { class: "table-actions" }, button));
  }
}
