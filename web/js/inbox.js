// What awaits the player, on every screen: my tables (those awaiting my move,
// most urgent deadline first) and my notifications with their unread count.
// It is read again when something happens, never on a timer: a pushed
// notification (my turn elsewhere, a table started or ended, a timeout, an
// invitation), a move at a table I watch (mine included), a seat changing
// hands, a table aborted, a reconnection, a login, and the page coming back
// into view (a move made meanwhile on another device is pushed to none of
// this page's tables). Screens listen to its "change" event.
const COALESCE_MS = 150;

export class Inbox extends EventTarget {
  constructor(connection, session) {
    super();
    this.connection = connection;
    this.session = session;
    this.clear();
    this.timer = null;
    this.reading = null;
    this.again = false;
    const soon = () => this.refreshSoon();
    for (const push of ["table_update", "seat_control", "table_changed"]) connection.addEventListener(push, soon);
    connection.addEventListener("notification", (e) => this.notified(e.detail.notification));
    connection.addEventListener("status", (e) => { if (e.detail === "online") soon(); });
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") soon(); });
    session.addEventListener("change", () => {
      this.clear();
      this.changed();
      soon();
    });
  }

  clear() {
    this.tables = [];
    this.awaiting = 0;
    this.notifications = [];
    this.unread = 0;
    this.loaded = false;
  }

  changed() {
    this.dispatchEvent(new Event("change"));
  }

  // Several pushes in a burst (a robot's moves) make one read.
  refreshSoon() {
    if (!this.session.loggedIn) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.refresh().catch(() => {}), COALESCE_MS);
  }

  async refresh() {
    if (!this.session.loggedIn) return;
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      try {
        const [mine, notes] = await Promise.all([
          this.connection.request("my_tables"),
          this.connection.request("notifications", { limit: 50 }),
        ]);
        if (!this.session.loggedIn) return;
        this.tables = mine.tables;
        this.awaiting = mine.awaiting_me;
        this.notifications = [...notes.notifications].reverse();
        this.unread = notes.unread;
        this.loaded = true;
        this.changed();
      } finally {
        this.reading = null;
      }
    })();
    await this.reading;
    if (this.again) {
      this.again = false;
      await this.refresh();
    }
  }

  notified(notification) {
    if (!this.notifications.some((n) => n.id === notification.id)) {
      this.notifications.unshift(notification);
      if (!notification.read) this.unread += 1;
    }
    this.changed();
    this.refreshSoon();
  }

  async markRead(upTo) {
    const data = await this.connection.request("mark_notifications_read", upTo === undefined ? {} : { up_to: upTo });
    for (const n of this.notifications) if (upTo === undefined || n.id <= upTo) n.read = true;
    this.unread = data.unread;
    this.changed();
  }

  table(id) {
    return this.tables.find((t) => t.id === id) || null;
  }

  // The tables awaiting my move, the most urgent first: the nearest
  // deadline, then those paused by a vacation, then those without a limit.
  awaitingTables() {
    const urgency = (t) => t.deadline_at ?? (t.deadline_paused_left !== null && t.deadline_paused_left !== undefined
      ? Number.MAX_SAFE_INTEGER / 2 + t.deadline_paused_left : Number.MAX_SAFE_INTEGER);
    return this.tables.filter(isAwaitingMe).sort((a, b) => urgency(a) - urgency(b) || a.id - b.id);
  }

  // The next table awaiting my move, other than the one I look at.
  next(exceptId) {
    return this.awaitingTables().find((t) => t.id !== exceptId) || null;
  }
}

export function isAwaitingMe(table) {
  return table.status === "playing" && table.your_seat !== undefined && table.to_act.includes(table.your_seat);
}
