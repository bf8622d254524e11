// One tournament (#/tournament/N; the `tournament` request, open to anyone):
// its summary with the button that registers or withdraws, its players, the
// standings with their tie-breaks, the crosstable (each player's place in
// each round, linked to the table; a bye said so), and each round's tables
// with their state, seats, places and the time left to the deadline, linked
// to the table's page. The server pushes no tournament changes, so the page
// is read again now and then while it is shown.
import { h, replace } from "./dom.js";
import { newRoundContribution, short } from "./fair_deal.js";
import { errorText, formatDate, playerName, t, tn } from "./i18n.js";
import { playerLink, ratingText } from "./profile.js";
import { optionsText, paceText, timeLeftText } from "./table_summary.js";
import {
  entryText, formatText, halfPoints, registeredText, registrationButton, statusText, tablePlayersText,
} from "./tournament_words.js";

const REFRESH_MS = 15000;

export class TournamentPage {
  constructor(connection, session, id, { setTitle }) {
    this.connection = connection;
    this.session = session;
    this.id = id;
    this.setTitle = setTitle;
    this.title = h("h1", {}, t("tournament.title", { id }));
    this.message = h("p", { class: "refusal", role: "alert" });
    this.body = h("div", { class: "tournament-body" }, h("p", { class: "loading" }, t("app.loading")));
    this.element = h("div", { class: "tournament-page", dataset: { tournament: id } }, this.title, this.message, this.body);
  }

  async start() {
    await this.refresh();
    this.timer = setInterval(() => this.refresh().catch(() => {}), REFRESH_MS);
  }

  stop() {
    clearInterval(this.timer);
  }

  async refresh() {
    this.view = await this.connection.request("tournament", { tournament: this.id });
    this.render();
    if (await this.contribute()) {
      this.view = await this.connection.request("tournament", { tournament: this.id });
      this.render();
    }
  }

  // A registered player's browser contributes to each open round deal it
  // has not given to yet (docs/fairness.md "Duplicate deals"): 32 random
  // bytes, kept on this browser for the deal's check. True if it gave one.
  async contribute() {
    const me = this.session.user?.name;
    if (!me || !this.view.tournament.you_registered) return false;
    let gave = false;
    for (const deal of this.view.deals ?? []) {
      if (!deal.open || deal.contributions.some((c) => c.player === me)) continue;
      try {
        await this.connection.request("contribute_deal",
          { tournament: this.id, round: deal.round, contribution: newRoundContribution(this.id, deal.round) });
        gave = true;
      } catch {
        // Closed meanwhile, or given from another browser: the view says which on the next read.
      }
    }
    return gave;
  }

  render() {
    const v = this.view;
    const s = v.tournament;
    this.title.textContent = s.name;
    this.setTitle(s.name);
    // A redraw keeps the reader's place: the focus on a control of the page stays where it was.
    const focused = document.activeElement?.closest?.(".tournament-body") ? document.activeElement.dataset.focus : null;
    replace(this.body,
      this.summary(s),
      v.standings.length ? this.standings(v, s) : null,
      v.rounds.length ? this.crosstable(v) : null,
      v.rounds.length ? this.rounds(v) : null,
      v.deals?.length ? this.deals(v) : null,
      v.invited ? this.invitations(v, s) : null,
      this.players(v));
    if (focused) this.body.querySelector(`[data-focus="${focused}"]`)?.focus();
  }

  summary(s) {
    const row = (key, value, testid) => (value ? [h("dt", {}, t(key)), h("dd", { dataset: { testid } }, value)] : null);
    const button = registrationButton(this.connection, this.session, s, this.message, () => this.refresh());
    button?.setAttribute("data-focus", "registration");
    return h("section", { class: "panel tournament-summary", "aria-labelledby": "tournament-summary-title" },
      h("h2", { id: "tournament-summary-title" }, t("tournament.summary")),
      h("dl", { class: "stats" },
        row("tournament.status", statusText(s), "status"),
        row("tournament.format", formatText(s), "format"),
        row("tournament.tables", `${tablePlayersText(s)} · ${optionsText(s.options)}`, "tables"),
        row("tournament.pace", paceText(s.pace), "pace"),
        row("tournament.rated", s.rated ? t("tournament.rated_yes") : t("tournament.rated_no"), "rated"),
        row("tournament.registration", formatDate(s.registration_closes_at), "closes"),
        row("tournament.start", formatDate(s.starts_at), "starts"),
        row("tournament.finish", s.finish_by !== undefined ? formatDate(s.finish_by) : null, "finish"),
        row("tournament.projected", s.finish_by === undefined && s.projected_finish !== undefined && (s.status === "registering" || s.status === "playing")
          ? formatDate(s.projected_finish) : null, "projected"),
        row("tournament.players", registeredText(s), "registered"),
        row("tournament.entry", entryText(s.entry) || t("tournament.entry_anyone"), "entry"),
        row("tournament.creator", playerLink(s.creator), "creator")),
      h("p", { class: "tournament-actions" },
        s.you_registered ? h("span", { class: "state registered" }, t("tournament.you_are_in"), " ") : null,
        button, " ",
        s.status === "finished" ? [h("a", { href: `#/results/${s.id}`, class: "check-results" }, t("tournament.check_results")), " "] : null,
        h("button", { type: "button", class: "refresh", dataset: { focus: "refresh" }, onclick: () => this.refresh().catch(() => {}) }, t("lobby.refresh"))));
  }

  standings(v, s) {
    const duplicate = v.standings.some((r) => r.matchpoints !== undefined);
    const me = this.session.user?.name;
    const columns = ["tournament.rank", "tournament.player", "tournament.points", "tournament.games", "tournament.game_points",
      "tournament.rubles", "tournament.schedule_strength", ...(duplicate ? ["tournament.matchpoints"] : []), "tournament.byes"];
    return h("section", { class: "panel", "aria-labelledby": "standings-title" },
      h("h2", { id: "standings-title" }, t("tournament.standings")),
      h("p", { class: "explain", id: "standings-explain" },
        s.format === "elimination" ? t("tournament.standings_caption_elimination") : t("tournament.standings_caption")),
      h("div", { class: "table-scroll", tabindex: "0" },
        h("table", { class: "scores standings", "aria-describedby": "standings-explain" },
          h("caption", { class: "visually-hidden" }, t("tournament.standings")),
          h("thead", {}, h("tr", {}, columns.map((k) => h("th", { scope: "col" }, t(k))))),
          h("tbody", {}, v.standings.map((r) => h("tr", { class: `${r.name === me ? "me" : ""}${r.left ? " left" : ""}`.trim() || null, dataset: { name: r.name, rank: r.rank } },
            h("td", { class: "rank" }, r.rank),
            h("th", { scope: "row" }, playerLink(r.name), r.left ? h("span", { class: "seat-note" }, ` (${t("tournament.left")})`) : null),
            h("td", { class: "points" }, halfPoints(r.points)),
            h("td", {}, r.games),
            h("td", {}, r.game_points),
            h("td", {}, r.rubles),
            h("td", {}, halfPoints(r.schedule_strength)),
            duplicate ? h("td", {}, halfPoints(r.matchpoints ?? 0)) : null,
            h("td", {}, r.byes)))))));
  }

  // Each player's round: the table they sat at, and their place there.
  static seatings(v) {
    const byPlayer = new Map();
    for (const round of v.rounds) {
      for (const table of round.tables) {
        table.seats.forEach((name, seat) => {
          if (!byPlayer.has(name)) byPlayer.set(name, new Map());
          byPlayer.get(name).set(round.round, { table, place: table.places?.[seat] ?? null });
        });
      }
      for (const name of round.byes) {
        if (!byPlayer.has(name)) byPlayer.set(name, new Map());
        byPlayer.get(name).set(round.round, { bye: true });
      }
    }
    return byPlayer;
  }

  crosstable(v) {
    const seatings = TournamentPage.seatings(v);
    const names = v.standings.length ? v.standings.map((r) => r.name) : v.players.map((p) => p.name);
    const rounds = v.rounds.map((r) => r.round);
    const cell = (name, round) => {
      const sat = seatings.get(name)?.get(round);
      if (!sat) return h("td", { class: "none" }, h("span", { "aria-hidden": "true" }, "–"), h("span", { class: "visually-hidden" }, t("tournament.cross_none")));
      if (sat.bye) return h("td", { class: "bye" }, t("tournament.cross_bye"));
      const { table, place } = sat;
      if (place === null) {
        return h("td", { class: "playing" }, h("a", { href: `#/table/${table.table}`, dataset: { table: table.table } },
          h("span", { "aria-hidden": "true" }, "…"), h("span", { class: "visually-hidden" }, t("tournament.cross_playing", { table: table.number }))));
      }
      // The game's place: the tournament's points for it are in the standings
      // (a seat abandoned after timeouts is placed last there, docs/tournaments.md).
      return h("td", { class: "played" }, h("a", { href: `#/table/${table.table}`, dataset: { table: table.table } },
        h("span", { "aria-hidden": "true" }, `${place}/${table.seats.length}`),
        h("span", { class: "visually-hidden" }, t("tournament.cross_place", { place, players: table.seats.length, table: table.number }))));
    };
    return h("section", { class: "panel", "aria-labelledby": "crosstable-title" },
      h("h2", { id: "crosstable-title" }, t("tournament.crosstable")),
      h("p", { class: "explain", id: "crosstable-explain" }, t("tournament.crosstable_caption")),
      h("div", { class: "table-scroll", tabindex: "0" },
        h("table", { class: "scores crosstable", "aria-describedby": "crosstable-explain" },
          h("caption", { class: "visually-hidden" }, t("tournament.crosstable")),
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("tournament.player")),
            rounds.map((r) => h("th", { scope: "col" }, t("tournament.round_short", { round: r }))))),
          h("tbody", {}, names.map((name) => h("tr", { dataset: { name } },
            h("th", { scope: "row" }, playerName(name)),
            rounds.map((r) => cell(name, r))))))));
  }

  rounds(v) {
    const me = this.session.user?.name;
    const seat = (table, name, i) => {
      const place = table.places?.[i];
      const who = name === me ? h("strong", {}, playerName(name)) : playerName(name);
      return h("li", {}, place === null || place === undefined ? who : [who, " ", h("span", { class: "place" }, t("tournament.seat_place", { place }))]);
    };
    return h("section", { class: "panel", "aria-labelledby": "rounds-title" },
      h("h2", { id: "rounds-title" }, t("tournament.rounds_title")),
      [...v.rounds].reverse().map((round) => h("div", { class: "tournament-round", dataset: { round: round.round, status: round.status } },
        h("div", { class: "table-scroll", tabindex: "0" },
          h("table", { class: "scores round-tables" },
            h("caption", {}, t("tournament.round_title", { round: round.round }), " · ",
              round.status === "finished" && round.finished_at !== undefined
                ? t("tournament.round_finished", { date: formatDate(round.finished_at) })
                : t("tournament.round_playing", { date: formatDate(round.started_at) })),
            h("thead", {}, h("tr", {}, ["tournament.table", "tournament.seats", "tournament.table_state", "tournament.deadline"].map((k) => h("th", { scope: "col" }, t(k))))),
            h("tbody", {}, round.tables.map((table) => h("tr", { class: table.seats.includes(me) ? "mine" : null, dataset: { table: table.table, number: table.number } },
              h("th", { scope: "row" }, h("a", { href: `#/table/${table.table}` }, t("tournament.table_number", { number: table.number }))),
              h("td", {}, h("ol", { class: "round-seats" }, table.seats.map((name, i) => seat(table, name, i)))),
              h("td", {}, t(`state.${table.status}`)),
              h("td", { class: "deadline" }, table.status === "playing" ? timeLeftText({ deadline_at: table.deadline_at }) ?? "–" : "–")))))),
        round.byes.length ? h("p", { class: "byes" }, tn("tournament.byes_list", round.byes.length, { names: round.byes.map(playerName).join(t("list.separator")) })) : null)));
  }

  // A duplicate tournament's round deals: each commitment, who contributed,
  // and the secret once the round has finished (docs/fairness.md).
  deals(v) {
    const me = this.session.user?.name;
    return h("section", { class: "panel", "aria-labelledby": "deals-title" },
      h("h2", { id: "deals-title" }, t("tournament.deals_title")),
      h("p", { class: "explain" }, t("tournament.deals_explain")),
      h("ul", { class: "round-deals" }, v.deals.map((deal) => h("li", { dataset: { round: deal.round, open: String(deal.open) } },
        h("strong", {}, t("tournament.round_title", { round: deal.round })), " · ",
        h("span", { class: "deal-commitment", title: deal.commitment }, t("deal.commitment", { commitment: short(deal.commitment) })), " · ",
        tn("tournament.deal_contributions", deal.contributions.length,
          { names: deal.contributions.map((c) => playerName(c.player)).join(t("list.separator")) }),
        deal.contributions.some((c) => c.player === me) ? [" · ", h("span", { class: "state registered" }, t("tournament.deal_yours"))] : null,
        " · ",
        deal.secret !== undefined
          ? h("span", { class: "deal-secret", title: deal.secret }, t("tournament.deal_secret", { secret: short(deal.secret) }))
          : h("span", {}, deal.open ? t("tournament.deal_open") : t("tournament.deal_playing"))))));
  }

  // An invitation-only tournament's invited players; its creator invites more while it registers.
  invitations(v, s) {
    const mine = this.session.user?.name === s.creator && s.status === "registering";
    // Made once: the page is drawn again every few seconds, and a name being typed stays.
    this.inviteForm ??= this.newInviteForm();
    return h("section", { class: "panel", "aria-labelledby": "invited-title" },
      h("h2", { id: "invited-title" }, t("tournament.invited_title")),
      v.invited.length
        ? h("ul", { class: "tournament-invited" }, v.invited.map((who) => h("li", { dataset: { name: who } }, playerLink(who))))
        : h("p", { class: "empty" }, t("tournament.invited_none")),
      mine ? this.inviteForm : null);
  }

  newInviteForm() {
    const name = h("input", { type: "text", name: "name", required: true, maxlength: "24", autocomplete: "off", id: "invite-name" });
    const said = h("p", { class: "invite-said", role: "status" });
    const invite = async (event) => {
      event.preventDefault();
      const who = name.value.trim();
      try {
        await this.connection.request("invite_tournament", { tournament: this.id, name: who });
        this.message.textContent = "";
        name.value = "";
        said.textContent = t("tournament.invite_done", { name: playerName(who) });
        await this.refresh();
      } catch (error) {
        said.textContent = "";
        this.message.textContent = errorText(error);
      }
    };
    return h("form", { class: "invite-form", onsubmit: invite },
      h("label", { for: "invite-name" }, t("tournament.invite_label")), " ", name, " ",
      h("button", { type: "submit" }, t("tournament.invite")), said);
  }

  players(v) {
    return h("section", { class: "panel", "aria-labelledby": "players-title" },
      h("h2", { id: "players-title" }, tn("tournament.players_title", v.players.length)),
      v.players.length
        ? h("ul", { class: "tournament-players" }, v.players.map((p) => h("li", { dataset: { name: p.name } },
          playerLink(p.name),
          p.seed_rating !== undefined ? h("span", { class: "standing" }, ` ${t("profile.rating_short", { rating: ratingText(p.seed_rating) })}`) : null,
          p.left ? h("span", { class: "seat-note" }, ` (${leftText(p)})`) : null)))
        : h("p", { class: "empty" }, t("tournament.no_players")));
  }
}

// "withdrew", "disqualified: REASON".
function leftText(p) {
  const how = p.left === "disqualified" ? t("tournament.disqualified") : t("tournament.withdrew");
  return p.left_reason ? t("tournament.left_because", { how, reason: p.left_reason }) : how;
}
