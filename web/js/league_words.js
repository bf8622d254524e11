// A league in the reader's words, as the list and the league's page show it
// (docs/protocol.md "Leagues", docs/leagues.md): its stage and next season,
// its rules in sentences, its tables' game and pace, a player's move between
// divisions, a league's table named in the reader's language, and the button
// that joins the league or leaves it.
import { h } from "./dom.js";
import { errorText, formatDate, has, t, tn } from "./i18n.js";

export function leagueHref(id) {
  return `#/league/${id}`;
}

// "before its first season", "season 2 under way", "season 2 finished".
export function stageText(s) {
  return t(`league.stage_${s.stage}`, { season: s.season });
}

// "season 3 starts 1 Feb 2027, 10:00", and that it waits for a third player
// when fewer have joined; null while a season is played.
export function nextSeasonText(s) {
  if (s.next_season_at === undefined) return null;
  const when = t("league.next_season", { season: s.season + 1, date: formatDate(s.next_season_at) });
  return s.players < 3 ? `${when}${t("list.separator")}${t("league.needs_three")}` : when;
}

// "8 players": who play the next season.
export function playersText(s) {
  return tn("league.players", s.players);
}

// The league's table as created holds only what its creator set; the lists'
// words (table_summary.js) read whole options and a summary's pace.
const DEFAULT_OPTIONS = {
  expansions: [], public_money: true, public_hands: true, auto_pass_forced: true, stack_peek: true, pass_until_phase_end: true,
  pub_timing: "building_actions",
};

export function tableOptions(table) {
  return { ...DEFAULT_OPTIONS, ...table.options };
}

// A robot after 3 timeouts unless the creator said otherwise (create_table's
// default), and never a floating vacation day: a season's dates hold.
export function tablePace(table) {
  const policy = table.timeout_policy ?? {};
  return {
    move_deadline_hours: table.move_deadline_hours ?? null,
    time_bank: table.time_bank ?? null,
    takeover_after: "takeover_after" in policy ? policy.takeover_after : 3,
    takeover_by: policy.takeover_by ?? "robot",
    timeout_vote: Boolean(policy.vote),
    floating_vacation: false,
  };
}

// The league's rules in sentences (docs/leagues.md "A league's rules").
export function rulesSentences(s) {
  return [
    tn("league.rule_divisions", s.division_size),
    s.promoted ? tn("league.rule_promoted", s.promoted) : t("league.rule_no_moves"),
    t(`league.rule_newcomers_${s.newcomers}`),
    tn("league.rule_tables_at_once", s.tables_at_once),
    tn("league.rule_meetings", s.meetings),
    tn("league.rule_season_days", s.season_days),
    t("league.rule_joining"),
  ];
}

// Where a player goes next season, in words, the arrow only a picture of them.
const ARROWS = { up: "▲", stay: "=", down: "▼" };

export function movedElement(moved) {
  return h("span", { class: `moved ${moved}` }, h("span", { "aria-hidden": "true" }, ARROWS[moved]), " ", t(`league.moved_${moved}`));
}

// The server names a league's tables "NAME, season S, division D, round R,
// table N" in its own (English) words; the mark gives the season and the
// division, the name's end the round and the table.
const TABLE_SUFFIX = /, season (\d+), division (\d+), round (\d+), table (\d+)$/;

function tableParts(table) {
  const m = TABLE_SUFFIX.exec(table.name ?? "");
  if (!m || Number(m[1]) !== table.league.season || Number(m[2]) !== table.league.division) return null;
  return { name: table.name.slice(0, m.index), round: Number(m[3]), number: Number(m[4]) };
}

// A league's table named in the reader's words (table_name.js); whole, when
// its name has another form.
export function leagueTableName(table) {
  const parts = tableParts(table);
  if (!parts) return table.name;
  const { season, division } = table.league;
  return t("league.table_name", { name: parts.name, season, division, round: parts.round, table: parts.number });
}

// "NAME · season 2, division 1": a league table's mark on my tables and on its page.
export function leagueMarkText(table) {
  const { season, division } = table.league;
  return t("home.league_mark", { name: tableParts(table)?.name ?? table.name, season, division });
}

// A refusal in the reader's words: a league's own sentence where the table's
// would say "this table".
export function leagueErrorText(error) {
  const code = error?.code;
  return code && has(`league.error_${code}`) ? t(`league.error_${code}`) : errorText(error);
}

// Join a league; leave it (while a season is played, after a confirmation:
// the player plays its tables out and is not placed in the next); stay after
// all while leaving at the season's end (joining again undoes it). Nothing
// for a visitor. Each button names its league for a screen reader, as a list
// has several. `done(summary)` follows a success; `message` shows a refusal.
export function membershipButton(connection, session, s, message, done) {
  if (!session.loggedIn) return null;
  const run = (type, confirmText) => async () => {
    message.textContent = "";
    if (confirmText && !window.confirm(confirmText)) return;
    try {
      const data = await connection.request(type, { league: s.id });
      await done(data.league);
    } catch (error) {
      message.textContent = leagueErrorText(error);
    }
  };
  if (s.you_joined) {
    return h("button", { type: "button", class: "withdraw leave", "aria-label": t("league.leave_named", { name: s.name }),
      onclick: run("leave_league", s.stage === "playing" ? t("league.leave_confirm", { name: s.name }) : null) }, t("league.leave"));
  }
  if (s.you_leaving) {
    return h("button", { type: "button", class: "primary stay", "aria-label": t("league.stay_named", { name: s.name }),
      onclick: run("join_league", null) }, t("league.stay"));
  }
  return h("button", { type: "button", class: "primary join", "aria-label": t("league.join_named", { name: s.name }),
    onclick: run("join_league", null) }, t("league.join"));
}

// "you play in it", "you leave at the season's end", or null.
export function membershipText(s) {
  if (s.you_joined) return t("league.you_joined");
  if (s.you_leaving) return t("league.you_leaving");
  return null;
}
