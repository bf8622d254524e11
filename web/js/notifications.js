// The notification centre: what the server told me about my games, newest
// first, the unread ones marked, each in my language and with a link to its
// table (a tournament's or a league's notice, to its page or my new table);
// "mark all as read" (the header's count follows, from the inbox).
// Marking is all at once: the protocol marks every notification up to an id.
// Repeats of one kind at one table make one entry (collapse).
import { h, replace } from "./dom.js";
import { errorText, formatDate, t, tn } from "./i18n.js";
import { leagueHref } from "./league_words.js";
import { tableName } from "./table_name.js";
import { tournamentHref } from "./tournament_words.js";

// A notification in the reader's words, from its kind and details (the
// server's own text is English).
export function notificationText(n, tableName) {
  const table = tableName || t("table.title", { id: n.table });
  const d = n.details || {};
  switch (n.kind) {
    case "your_turn": return t("notification.your_turn", { table });
    case "table_started": return t("notification.table_started", { table });
    case "invited": return t("notification.invited", { table, from: d.from ?? "?" });
    case "webhook_test": return t("notification.webhook_test");
    case "orders_lapsed": return t("notification.orders_lapsed", { table });
    case "deadline_near": return t("notification.deadline_near", { table, hours: d.hours ?? "?" });
    case "chat_mention": return t("notification.chat_mention", { table, from: d.from ?? "?" });
    case "late_vote": return t("notification.late_vote", { table, name: d.name ?? "?" });
    case "vacation_day_spent": return t("notification.vacation_day_spent", { table, left: d.days_left ?? "?" });
    case "game_ended":
      return d.place === undefined ? t("notification.game_ended", { table })
        : t("notification.game_ended_place", { table, place: d.place, points: tn("n.points", d.points ?? 0) });
    case "tournament_round":
      return d.table ? t("notification.tournament_round", { tournament: d.tournament_name ?? "?", round: d.round ?? "?" })
        : t("notification.tournament_round_bye", { tournament: d.tournament_name ?? "?", round: d.round ?? "?" });
    case "tournament_registration_closing":
      return t("notification.tournament_registration_closing", { tournament: d.tournament_name ?? "?", date: d.closes_at ? formatDate(d.closes_at) : "?" });
    case "tournament_invited":
      return t("notification.tournament_invited", { tournament: d.tournament_name ?? "?", from: d.from ?? "?" });
    case "tournament_finished":
      return t("notification.tournament_finished", { tournament: d.tournament_name ?? "?", rank: d.rank ?? "?", players: d.players ?? "?" });
    case "league_season":
      return t("notification.league_season", { league: d.league_name ?? "?", season: d.season ?? "?", division: d.division ?? "?" });
    case "league_table":
      return t("notification.league_table", { league: d.league_name ?? "?", season: d.season ?? "?" });
    case "league_season_finished":
      return t(`notification.league_season_finished_${d.moved === "up" || d.moved === "down" ? d.moved : "stay"}`,
        { league: d.league_name ?? "?", season: d.season ?? "?", division: d.division ?? "?", rank: d.rank ?? "?", players: d.players ?? "?" });
    case "timed_out": {
      const text = t(`notification.timed_out_${d.controller === "robot" ? "robot" : d.controller === "absent" ? "absent" : "human"}`,
        { table, name: d.name ?? "?", timeouts: d.timeouts ?? "?" });
      return d.reclaim ? `${text} ${t("notification.reclaim")}` : text;
    }
    default: return n.text;
  }
}

// The notifications (newest first) as the list shows them: one entry per
// table and kind, the newest of them, with how many it stands for and
// whether any of them is unread; one without a table stands alone. A quick
// game brings a turn after every move: twenty rows would hide the rest.
// Where a notification leads: its table, else its tournament's or league's page.
export function notificationHref(n) {
  const d = n.details || {};
  if ((n.kind === "tournament_round" || n.kind === "league_table") && d.table) return `#/table/${d.table}`;
  if (n.table) return `#/table/${n.table}`;
  if (d.tournament) return tournamentHref(d.tournament);
  if (d.league) return leagueHref(d.league);
  return null;
}

export function collapse(notes) {
  const entries = [];
  const byKey = new Map();
  for (const n of notes) {
    const key = n.table ? `${n.table} ${n.kind}` : `#${n.id}`;
    const entry = byKey.get(key);
    if (entry) {
      entry.count += 1;
      entry.unread ||= !n.read;
      continue;
    }
    const first = { note: n, count: 1, unread: !n.read };
    byKey.set(key, first);
    entries.push(first);
  }
  return entries;
}

export class NotificationsPage {
  constructor(inbox) {
    this.inbox = inbox;
    this.list = h("ol", { class: "notification-list", "aria-label": t("notifications.title") });
    this.message = h("p", { class: "refusal", role: "alert" });
    this.summary = h("p", { class: "notification-summary", role: "status" });
    this.markAll = h("button", { type: "button", class: "mark-read", onclick: () => this.mark() }, t("notifications.mark_all"));
    this.element = h("div", { class: "notifications-page" },
      h("h1", {}, t("notifications.title")),
      h("div", { class: "panel" }, h("div", { class: "notification-head" }, this.summary, this.markAll), this.message, this.list));
    this.onChange = () => this.render();
  }

  async start() {
    this.inbox.addEventListener("change", this.onChange);
    this.render();
    await this.inbox.refresh();
  }

  stop() {
    this.inbox.removeEventListener("change", this.onChange);
  }

  async mark() {
    this.message.textContent = "";
    try {
      // Up to the newest shown: one that arrives meanwhile stays unread.
      await this.inbox.markRead(this.inbox.notifications[0]?.id);
    } catch (error) {
      this.message.textContent = errorText(error);
    }
  }

  render() {
    const notes = this.inbox.notifications;
    this.summary.textContent = this.inbox.unread ? tn("notifications.unread", this.inbox.unread) : t("notifications.none_unread");
    this.markAll.disabled = !this.inbox.unread;
    replace(this.list, notes.length ? collapse(notes).map((e) => this.item(e)) : h("li", { class: "empty" }, t("notifications.empty")));
  }

  item({ note: n, count, unread }) {
    const text = notificationText(n, tableName(this.inbox.table(n.table)));
    const href = notificationHref(n);
    return h("li", { class: `notification ${n.kind}${unread ? " unread" : ""}`, dataset: { id: n.id, kind: n.kind, count } },
      unread ? h("span", { class: "unread-mark" }, t("notifications.new")) : null,
      h("time", { datetime: new Date(n.created_at * 1000).toISOString() }, formatDate(n.created_at)), " ",
      href ? h("a", { href }, text) : text,
      count > 1 ? h("span", { class: "repeats" }, " ", tn("notifications.repeats", count - 1)) : null);
  }
}
