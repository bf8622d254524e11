// A tournament in the reader's words, as the list and the tournament's page
// show it (docs/protocol.md "Tournaments"): its format and rounds, its
// status, its dates, its entry conditions, half points ("10.5"), a
// tournament's table named in the reader's language, and the button that
// registers for it or withdraws from it.
import { h } from "./dom.js";
import { errorText, formatDate, formatNumber, has, t, tn } from "./i18n.js";
import { ratingText, timeoutRateText } from "./profile.js";

export function tournamentHref(id) {
  return `#/tournament/${id}`;
}

// "Swiss, 4 rounds", "Round robin in groups of 6, 3 rounds", "Single
// elimination: the first 2 of each table go through".
export function formatText(s) {
  if (s.format === "elimination") return tn("tournament.format_elimination", s.advance ?? 1);
  const rounds = tn("tournament.rounds", s.rounds);
  if (s.format === "round_robin") return t("tournament.format_round_robin", { size: s.group_size ?? "?", rounds });
  return t("tournament.format_swiss", { rounds });
}

// "4 players a table".
export function tablePlayersText(s) {
  return tn("tournament.table_players", s.table_players);
}

export function statusText(s) {
  if (s.status === "playing" && s.current_round) {
    return s.rounds ? t("tournament.status_round_of", { round: s.current_round, rounds: s.rounds }) : t("tournament.status_round", { round: s.current_round });
  }
  return t(`tournament.status_${s.status}`);
}

// "12 registered", "12 of 64 registered".
export function registeredText(s) {
  return s.max_players ? tn("tournament.registered_of", s.registered, { max: s.max_players }) : tn("tournament.registered", s.registered);
}

// What a player needs to register: "rating 5.0 or more, timeouts 10.0% or
// less", or null when anyone may.
export function entryText(entry) {
  const parts = [];
  if (entry?.invitation_only) parts.push(t("tournament.entry_invited"));
  if (entry?.min_rating !== undefined) parts.push(t("terms.min_rating", { rating: ratingText(entry.min_rating) }));
  if (entry?.max_timeout_rate !== undefined) parts.push(t("terms.max_timeout_rate", { rate: timeoutRateText(entry.max_timeout_rate) }));
  return parts.length ? parts.join(t("list.separator")) : null;
}

// The dates that matter now: when registration closes and play starts
// before the start, the finish (kept or projected) after.
export function datesText(s) {
  const parts = [];
  if (s.status === "registering") {
    parts.push(t("tournament.closes", { date: formatDate(s.registration_closes_at) }));
    if (s.starts_at !== s.registration_closes_at) parts.push(t("tournament.starts", { date: formatDate(s.starts_at) }));
  }
  if (s.finish_by !== undefined) parts.push(t("tournament.finish_by", { date: formatDate(s.finish_by) }));
  else if (s.projected_finish !== undefined && (s.status === "registering" || s.status === "playing")) {
    parts.push(t("tournament.projected_finish", { date: formatDate(s.projected_finish) }));
  }
  return parts.join(t("list.separator"));
}

// 10.5 as the reader writes it ("10,5"), 10 without decimals.
export function halfPoints(value) {
  return formatNumber(value, Number.isInteger(value) ? 0 : 1);
}

// The server names a tournament's tables "NAME, round R, table N" in its own
// (English) words; the page says it in the reader's (table_name.js).
export function tournamentTableName(table) {
  const mark = table.tournament;
  return t("tournament.table_name", { name: tournamentNameOf(table), round: mark.round, table: mark.table });
}

// The tournament's name from its table's: the table's name without the
// server's suffix (whole, when it has another form).
export function tournamentNameOf(table) {
  const mark = table.tournament;
  const suffix = `, round ${mark.round}, table ${mark.table}`;
  return table.name.endsWith(suffix) ? table.name.slice(0, -suffix.length) : table.name;
}

// A refusal of a registration in the reader's words: a tournament's own
// sentence for the entry conditions (the table's would say "this table").
export function tournamentErrorText(error) {
  const code = error?.code;
  return code && has(`tournament.error_${code}`) ? t(`tournament.error_${code}`) : errorText(error);
}

// Register while registration is open, withdraw while registered (once play
// started, after a confirmation: a robot plays my seats to their end and I
// am paired no more); nothing for a visitor or when neither applies. Each
// button names its tournament for a screen reader, as a list has several.
// `done(summary)` follows a success; `message` shows a refusal.
export function registrationButton(connection, session, s, message, done) {
  if (!session.loggedIn) return null;
  const run = (type, confirmText) => async () => {
    message.textContent = "";
    if (confirmText && !window.confirm(confirmText)) return;
    try {
      const data = await connection.request(type, { tournament: s.id });
      await done(data.tournament);
    } catch (error) {
      message.textContent = tournamentErrorText(error);
    }
  };
  if (s.you_registered && (s.status === "registering" || s.status === "playing")) {
    return h("button", { type: "button", class: "withdraw", "aria-label": t("tournament.withdraw_from", { name: s.name }),
      onclick: run("withdraw_tournament", s.status === "playing" ? t("tournament.withdraw_confirm", { name: s.name }) : null) },
    t("tournament.withdraw"));
  }
  if (!s.you_registered && s.status === "registering") {
    return h("button", { type: "button", class: "primary register", "aria-label": t("tournament.register_for", { name: s.name }),
      onclick: run("register_tournament", null) }, t("tournament.register"));
  }
  return null;
}
