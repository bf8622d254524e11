// My tables, the home page: the tables awaiting my move first, the most
// urgent deadline first with the time left; then invitations, the tables
// waiting for players (start, leave, invite), the games where someone else is
// to move (and who), and the finished games with their replays; a
// tournament's table is marked with its tournament and round, a league's
// with its league, season and division, linked to the competition's page.
// Drawn from the inbox, which pushes keep current.
import { h, replace } from "./dom.js";
import { commitmentElement, newContribution } from "./fair_deal.js";
import { errorText, playerName, t, tn } from "./i18n.js";
import { isAwaitingMe } from "./inbox.js";
import { isUrgent, optionsText, paceText, seatsElement, timeLeftText } from "./table_summary.js";
import { leagueHref, leagueMarkText } from "./league_words.js";
import { tableName } from "./table_name.js";
import { tournamentHref, tournamentNameOf } from "./tournament_words.js";

// The time left is redrawn now and then; the lists change only on pushes.
const CLOCK_MS = 30000;

export class Home {
  constructor(connection, session, inbox) {
    this.connection = connection;
    this.session = session;
    this.inbox = inbox;
    this.mine = h("div", { class: "table-list", id: "my-tables" });
    this.message = h("p", { class: "refusal", role: "alert" });
    this.heading = h("h2", { id: "mine-title" }, t("lobby.my_tables"));
    this.element = h("div", { class: "home" },
      h("h1", {}, t("lobby.welcome", { name: session.user.name })),
      this.message,
      h("p", { class: "home-links" },
        h("button", { type: "button", class: "refresh", onclick: () => this.run(async () => {}) }, t("lobby.refresh")), " ",
        h("a", { class: "button", href: "#/lobby" }, t("home.find_or_create"))),
      h("section", { class: "panel", "aria-labelledby": "mine-title" }, this.heading, this.mine));
    this.onChange = () => this.render();
  }

  async start() {
    this.inbox.addEventListener("change", this.onChange);
    this.clock = setInterval(() => this.render(), CLOCK_MS);
    if (this.inbox.loaded) this.render();
    await this.inbox.refresh();
  }

  stop() {
    this.inbox.removeEventListener("change", this.onChange);
    clearInterval(this.clock);
  }

  async run(work) {
    this.message.textContent = "";
    try {
      await work();
      await this.inbox.refresh();
    } catch (error) {
      this.message.textContent = errorText(error);
    }
  }

  render() {
    const inbox = this.inbox;
    replace(this.heading, t("lobby.my_tables"), " ",
      h("span", { class: `count${inbox.awaiting ? " hot" : ""}`, id: "awaiting-count", dataset: { count: inbox.awaiting } },
        inbox.awaiting ? tn("lobby.awaiting", inbox.awaiting) : t("lobby.none_awaiting")));
    const tables = inbox.tables.filter((x) => x.status !== "aborted");
    const awaiting = inbox.awaitingTables();
    const groups = [
      ["home.awaiting", awaiting],
      ["home.invitations", tables.filter((x) => x.invited)],
      ["home.open", tables.filter((x) => x.status === "open" && !x.invited)],
      ["home.others_turn", tables.filter((x) => x.status === "playing" && !isAwaitingMe(x))],
      ["home.finished", tables.filter((x) => x.status === "finished" || x.status === "faulted").sort((a, b) => b.id - a.id)],
    ].filter(([, list]) => list.length);
    // A push redraws the lists: a name being typed into an invitation stays,
    // and so does the focus.
    const drafts = new Map([...this.mine.querySelectorAll(".invite input")].map((i) => [i.closest(".table-item").dataset.table, i.value]));
    const focused = this.mine.contains(document.activeElement) && document.activeElement.matches(".invite input")
      ? document.activeElement.closest(".table-item").dataset.table : null;
    replace(this.mine, groups.length
      ? groups.map(([title, list]) => h("div", { class: "table-group" },
        h("h3", {}, t(title)), h("ul", {}, list.map((table) => this.item(table)))))
      : h("p", { class: "empty" }, t("lobby.no_tables")));
    for (const input of this.mine.querySelectorAll(".invite input")) {
      const table = input.closest(".table-item").dataset.table;
      if (drafts.get(table)) input.value = drafts.get(table);
      if (table === focused) input.focus();
    }
  }

  item(table) {
    const me = this.session.user.name;
    const awaiting = isAwaitingMe(table);
    const actions = [];
    const request = (type, fields = () => ({})) => () => this.run(() => this.connection.request(type, { table: table.id, ...fields() }));
    // Joining and starting give this browser's share of the deal (fair_deal.js).
    const contribute = () => ({ contribution: newContribution(table.id) });
    if (table.invited) actions.push(h("button", { type: "button", onclick: request("join_table", contribute) }, t("lobby.accept_invitation")));
    if (table.status === "open" && table.your_seat !== undefined) {
      if (table.creator === me && table.seats.length === table.players) {
        actions.push(h("button", { type: "button", class: "primary", onclick: request("start_table", contribute) }, t("lobby.start")));
      }
      actions.push(h("button", { type: "button", onclick: request("leave_table") }, table.creator === me ? t("lobby.cancel_table") : t("lobby.leave")));
      const name = h("input", { type: "text", "aria-label": t("lobby.invite_label", { table: tableName(table) }), placeholder: t("lobby.invite_placeholder"), required: true, minlength: "3", maxlength: "24" });
      actions.push(h("form", { class: "invite", onsubmit: (e) => {
        e.preventDefault();
        this.run(() => this.connection.request("invite", { table: table.id, name: name.value.trim() }).then(() => { name.value = ""; }));
      } }, name, h("button", { type: "submit" }, t("lobby.invite"))));
      if (table.invite_code) actions.push(joinLink(table));
    }
    if (table.status === "playing" || table.status === "finished" || table.status === "faulted") {
      actions.push(h("a", { class: "button primary", href: `#/table/${table.id}` }, awaiting ? t("lobby.play") : t("lobby.open")));
    }
    if (table.status === "finished") actions.push(h("a", { class: "button", href: `#/replay/${table.id}` }, t("lobby.replay")));
    const left = table.status === "playing" ? timeLeftText(table) : null;
    const meta = [optionsText(table.options), paceText(table.pace)];
    if (table.private) meta.unshift(t("lobby.private"));
    if (table.status === "playing") meta.push(t("lobby.move", { n: table.move_number }));
    return h("li", { class: `table-item${awaiting ? " awaiting" : ""}`, dataset: { table: table.id } },
      h("div", { class: "table-info" },
        h("strong", { class: "table-name" }, tableName(table)), " ", h("span", { class: `state${awaiting ? " hot" : ""}` }, this.state(table, awaiting)),
        left ? h("span", { class: `time-left${awaiting && isUrgent(table) ? " urgent" : ""}` }, ` · ${left}`) : null,
        table.tournament ? h("div", { class: "tournament-mark" }, h("a", { href: tournamentHref(table.tournament.id) },
          t("home.tournament_mark", { name: tournamentNameOf(table), round: table.tournament.round }))) : null,
        table.league ? h("div", { class: "tournament-mark league-mark" }, h("a", { href: leagueHref(table.league.id) }, leagueMarkText(table))) : null,
        seatsElement(table, me),
        h("div", { class: "meta" }, meta.join(" · ")),
        commitmentElement(table)),
      h("div", { class: "table-actions" }, actions));
  }

  state(table, awaiting) {
    if (awaiting) return t("state.your_turn");
    if (table.invited) return t("state.invitation");
    if (table.status === "open") return t("state.waiting_for_players");
    if (table.status === "playing") {
      const names = table.to_act.map((s) => table.seats.find((x) => x.seat === s)?.name).filter(Boolean).map(playerName);
      return names.length ? t("state.turn_of", { names: names.join(t("list.separator")) }) : t("state.playing");
    }
    return t(`state.${table.status}`);
  }
}

// A private table's link for its players to pass on: it carries the table's
// code, which join_table asks for (#/join/N/CODE, join_page.js).
function joinLink(table) {
  const url = `${location.origin}${location.pathname}#/join/${table.id}/${table.invite_code}`;
  const field = h("input", { type: "text", readonly: true, value: url, class: "join-link", "aria-label": t("lobby.private_link") });
  const status = h("span", { class: "copied", role: "status" });
  return h("div", { class: "private-link" },
    h("label", {}, t("lobby.private_link"), " ", field),
    h("button", { type: "button", onclick: async () => {
      field.select();
      try {
        await navigator.clipboard.writeText(url);
        status.textContent = t("lobby.link_copied");
      } catch {
        status.textContent = "";
      }
    } }, t("lobby.copy_link")),
    status);
}
