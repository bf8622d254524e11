// One table, live: subscribe (again with since_move after every reconnect),
// apply the server's updates in move order (resynchronising on a gap), and
// draw the status bar (with the awaited move's deadline), the board, the
// action panel, the players (robots and taken-over seats said so), the move
// log, the chat and, once the game is over, the final scoring and the chart.
// A card I may act on opens its menu (card_menu.js); its choice and the
// panel's go the same way to the server. What happened since my last visit
// (kept per table in localStorage) is set apart in the log and its cards
// marked; a seat a robot took over may be taken back; the next table awaiting
// my move is one click away.
import { ActionPanel } from "./action_panel.js";
import { Announcer } from "./announcer.js";
import { isCardAction, placeOf } from "./card_actions.js";
import { CardMenu } from "./card_menu.js";
import { ConsentPanel } from "./consent_panel.js";
import { Chat } from "./chat.js";
import { h, replace } from "./dom.js";
import { keyboardPlace, restoreKeyboard } from "./keyboard_place.js";
import { renderFinalScoring, renderHistory } from "./final_scoring.js";
import { errorText, playerName, t } from "./i18n.js";
import { MoveLog } from "./move_log.js";
import { OrdersPanel } from "./orders_panel.js";
import { controllerText, seatClocks, seatOffTimes, timeLeftText, isUrgent } from "./table_summary.js";
import { renderBoard, renderPlayers, renderStatus } from "./table_view.js";
import { leagueHref, leagueMarkText } from "./league_words.js";
import { tableName } from "./table_name.js";
import { tournamentHref, tournamentNameOf } from "./tournament_words.js";

const CLOCK_MS = 30000;

// The cards that reached a seat's tableau or hand in these moves.
function changedCards(moves) {
  const changed = new Set();
  for (const move of moves) {
    for (const e of move.events) {
      if ((e.type === "card_bought" || e.type === "card_taken" || e.type === "card_played") && e.card) changed.add(`${e.seat}:${e.card}`);
    }
  }
  return changed;
}

// The view after a compact table_update (docs/protocol.md, "Compact
// updates"): the changes' members replace the view's, the players they carry
// replace those seats', and options and stack contents stay unless given
// (null: gone).
function withChanges(view, changes) {
  const next = { ...changes, players: view.players.slice() };
  for (const player of changes.players) next.players[player.seat] = player;
  if (!("options" in changes)) next.options = view.options;
  if (!("stack_contents" in changes)) {
    if (view.stack_contents) next.stack_contents = view.stack_contents;
  } else if (changes.stack_contents === null) {
    delete next.stack_contents;
  }
  return next;
}

// How to play by keyboard, folded under the log.
function keyboardHelp() {
  return h("details", { class: "panel keyboard-help" },
    h("summary", {}, t("keyboard.title")),
    h("ul", {}, ["skip", "cards", "menu", "escape", "pass", "state", "announced"].map((k) => h("li", {}, t(`keyboard.${k}`)))));
}

export class TablePage {
  constructor(connection, tableId, { inbox, session, setTitle }) {
    this.connection = connection;
    this.tableId = tableId;
    this.inbox = inbox;
    this.setTitle = setTitle;
    this.seenKey = session.user ? `spb.seen.${session.user.id}.${tableId}` : null;
    this.view = null;
    this.legal = [];
    this.seat = null;
    this.lastMove = 0;
    this.deadlineAt = null;
    this.changed = new Set();
    this.actions = new ActionPanel((action) => this.act(action));
    // The menu goes away with the choice: the keyboard's place is its card.
    this.menu = new CardMenu((action, cardEl) => {
      if (cardEl?.isConnected) cardEl.focus({ preventScroll: true });
      this.actions.perform(action);
    });
    // While a move is on its way, no card offers another. Where the keyboard
    // was is where it goes back once the move's update redraws the table.
    this.pendingPlace = null;
    this.actions.addEventListener("busy", () => {
      this.pendingPlace = { place: keyboardPlace(document.activeElement, this.element), move: this.lastMove };
      for (const c of this.element.querySelectorAll(".card.actionable, .status .pass")) c.disabled = true;
    });
    this.actions.addEventListener("refused", () => this.render());
    this.orders = new OrdersPanel((orders) => connection.request("set_orders", { table: tableId, orders }));
    this.orders.element.hidden = true;
    this.consent = new ConsentPanel((type, fields) => connection.request(type, { table: tableId, ...fields }));
    this.consentState = null;
    this.log = new MoveLog();
    this.chat = new Chat((text) => connection.request("chat", { table: tableId, text }),
      (before) => connection.request("chat_history", before === undefined ? { table: tableId } : { table: tableId, before }));
    this.skipTo = { target: "board", label: t("table.skip_to_board") };
    this.title = h("h1", {}, t("table.title", { id: tableId }));
    this.links = h("p", { class: "table-links" });
    this.seatNotice = h("div", { class: "seat-notice", role: "status" });
    this.status = h("div", { class: "status-holder" });
    this.announcer = new Announcer(this.status);
    this.board = h("div");
    this.players = h("div");
    this.end = h("div", { class: "end" });
    this.element = h("div", { class: "table-page" },
      h("div", { class: "table-head" }, this.title, this.links),
      this.status,
      this.announcer.element,
      this.seatNotice,
      // Shown from the first view on: drawn empty before it, the grid would
      // jump down the page when the status bar above it fills (a layout
      // shift a phone's reader sees, and Lighthouse counts).
      this.grid = h("div", { class: "table-grid", hidden: true },
        h("div", { class: "table-main", onclick: (e) => this.openCard(e) }, this.end, this.board, this.actions.element, this.players, this.consent.element, this.orders.element),
        h("aside", { class: "table-side" }, this.log.element, keyboardHelp(), this.chat.element)));
    this.onUpdate = (e) => this.update(e.detail);
    this.onChat = (e) => { if (e.detail.table === tableId) this.chat.receive(e.detail); };
    this.onSeatControl = (e) => this.seatControl(e.detail);
    this.onTableChanged = (e) => this.tableChanged(e.detail);
    this.onOrders = (e) => { if (e.detail.table === tableId) this.orders.show(e.detail.orders); };
    this.onConsent = (e) => {
      if (e.detail.table !== tableId) return;
      const { undo, abort, late = null, ended } = e.detail;
      this.consentState = { ...this.consentState, undo, abort, late, ...(ended ? { ended } : {}) };
      this.consent.heard(e.detail);
      if (this.view) this.render();
    };
    this.onInbox = () => { if (this.view) this.renderHead(); };
    this.onVisible = () => this.markSeen();
  }

  async start() {
    this.connection.addEventListener("table_update", this.onUpdate);
    this.connection.addEventListener("chat_message", this.onChat);
    this.connection.addEventListener("seat_control", this.onSeatControl);
    this.connection.addEventListener("table_changed", this.onTableChanged);
    this.connection.addEventListener("orders_changed", this.onOrders);
    this.connection.addEventListener("consent_changed", this.onConsent);
    this.inbox.addEventListener("change", this.onInbox);
    document.addEventListener("visibilitychange", this.onVisible);
    this.announcer.start();
    this.clock = setInterval(() => { if (this.view) this.renderStatus(); }, CLOCK_MS);
    // A refusal here (the table went away) must not stop the reconnection.
    // The chat is read once the connection is ready: a resume step that waited
    // for it would wait for itself.
    this.stopResume = this.connection.onResume(() => {
      this.chat.load();
      return this.subscribe(true).catch((error) => {
        if (error.code === "disconnected") throw error;
      });
    });
    await this.subscribe(false);
    this.chat.load();
  }

  stop() {
    this.menu.close(false);
    this.connection.removeEventListener("table_update", this.onUpdate);
    this.connection.removeEventListener("chat_message", this.onChat);
    this.connection.removeEventListener("seat_control", this.onSeatControl);
    this.connection.removeEventListener("table_changed", this.onTableChanged);
    this.connection.removeEventListener("orders_changed", this.onOrders);
    this.connection.removeEventListener("consent_changed", this.onConsent);
    this.inbox.removeEventListener("change", this.onInbox);
    document.removeEventListener("visibilitychange", this.onVisible);
    this.announcer.stop();
    clearInterval(this.clock);
    this.stopResume?.();
    if (this.connection.ready) this.connection.request("unsubscribe", { table: this.tableId }).catch(() => {});
  }

  async subscribe(resuming) {
    const fields = { table: this.tableId, since_move: this.lastMove };
    const data = resuming
      ? await this.connection.resumeRequest("subscribe", fields)
      : await this.connection.request("subscribe", fields);
    this.summary = data.table;
    this.deadlineAt = data.table.deadline_at ?? null;
    this.seat = data.seat;
    if (data.orders) this.orders.show(data.orders);
    if (data.consent) this.consentState = data.consent;
    if (!resuming && this.lastMove === 0) this.firstVisitSince(data.moves);
    this.apply(data.view, data.legal_actions, data.moves, data.prices);
    if (!this.ratings) this.loadRatings().catch(() => {});
  }

  // Each person's rating in the table's pool and timeout rate, read once from
  // their profiles (docs/ratings.md); robots have none. A bot's account seated
  // puts the table in the bots' pools (docs/bots.md).
  async loadRatings() {
    this.ratings = new Map();
    const players = this.summary.players === 2 ? "two_player" : "multiplayer";
    const pool = this.summary.seats.some((s) => s.bot) ? `bot_${players}` : players;
    const people = this.summary.seats.filter((s) => !s.robot);
    const profiles = await Promise.all(people.map((s) => this.connection.request("profile", { name: s.name })));
    people.forEach((s, i) => this.ratings.set(s.seat, { rating: profiles[i].ratings[pool].rating, timeout_rate: profiles[i].timeout_rate }));
    // Only the players' tableaus show ratings: redrawing the whole table for
    // them would be one more long task while the page opens.
    if (this.view) this.keepingPlace(() => this.drawPlayers());
  }

  // The moves after the one I saw last here are new to me: the log sets them
  // apart and their cards are marked, until I leave the table.
  firstVisitSince(moves) {
    const stored = this.seenKey ? localStorage.getItem(this.seenKey) : null;
    if (stored === null) return;
    const seen = Number(stored);
    const fresh = moves.filter((m) => m.move_number > seen);
    if (!fresh.length) return;
    this.log.markUnreadAfter(seen);
    this.changed = changedCards(fresh);
  }

  markSeen() {
    if (this.seenKey && this.view && document.visibilityState === "visible") localStorage.setItem(this.seenKey, String(this.lastMove));
  }

  resync() {
    this.connection.request("subscribe", { table: this.tableId, since_move: this.lastMove })
      .then((data) => {
        this.summary = data.table;
        this.deadlineAt = data.table.deadline_at ?? null;
        if (data.orders) this.orders.show(data.orders);
        if (data.consent) this.consentState = data.consent;
        this.apply(data.view, data.legal_actions, data.moves, data.prices);
      })
      .catch(() => {});
  }

  update(message) {
    if (message.table !== this.tableId) return;
    if (message.move_number <= this.lastMove) return;
    const first = message.moves[0];
    if (!first || first.move_number !== this.lastMove + 1) return this.resync();
    // A compact update (view_changes) applies to the view after the move before only.
    if (!message.view && !this.view) return this.resync();
    if ("deadline_at" in message) this.deadlineAt = message.deadline_at;
    if ("clocks" in message && this.summary) this.summary.clocks = message.clocks;
    const view = message.view ?? withChanges(this.view, message.view_changes);
    this.apply(view, message.legal_actions, message.moves, message.prices ?? this.prices);
    this.announcer.moves(message.moves, view.players.map((p) => playerName(p.name)), this.seat, view.to_act.includes(this.seat) && view.step !== "finished");
  }

  seatControl(message) {
    if (message.table !== this.tableId || !this.summary) return;
    const seat = this.summary.seats.find((s) => s.seat === message.seat);
    if (seat) {
      seat.controller = message.controller;
      seat.timeouts = message.timeouts;
      seat.reason = message.reason;
    }
    if (this.view) this.render();
  }

  // An administrator aborted the table: it takes no more moves. The reason
  // an administrator gave is in the summary (also for a table opened later);
  // the push's own reason is the server's English for the log.
  tableChanged(message) {
    if (message.table.id !== this.tableId) return;
    this.summary = message.table;
    if (this.view) this.render();
  }

  apply(view, legal, moves, prices = []) {
    // The game's end rates it (in the same commit as its last move): the
    // ratings read when the page opened are the ones from before.
    const ended = this.view && this.view.step !== "finished" && view.step === "finished";
    this.view = view;
    this.legal = legal;
    this.prices = prices;
    this.lastMove = view.move_number;
    const names = view.players.map((p) => playerName(p.name));
    // A resign, or the others ending a late player's part, in these moves:
    // the seat is out from here on.
    for (const move of moves) {
      const list = { resign: "resigned", late_ended: "ended" }[move.action.entry];
      const out = list && this.consentState ? this.consentState[list] || [] : null;
      if (out && !out.includes(move.seat)) this.consentState[list] = [...out, move.seat];
    }
    this.log.add(moves, names);
    this.render();
    this.markSeen();
    if (ended && this.ratings) this.loadRatings().catch(() => {});
  }

  async act(action) {
    try {
      await this.connection.request("act", { table: this.tableId, move_number: this.view.move_number + 1, action });
    } catch (error) {
      if (error.code === "stale_move") this.resync();
      throw error;
    }
  }

  // The deadline of the awaited move: the live one from the updates, or the
  // one my tables know (which says when a vacation paused it).
  deadline() {
    const mine = this.inbox.table(this.tableId);
    if (mine && mine.move_number === this.lastMove) return mine;
    return { deadline_at: this.deadlineAt, deadline_paused_left: null, pace: this.summary?.pace };
  }

  renderHead() {
    const finished = this.view.step === "finished";
    const next = this.inbox.next(this.tableId);
    replace(this.links, h("a", { href: "#/" }, t("table.back")),
      finished ? [" · ", h("a", { href: `#/replay/${this.tableId}` }, t("table.replay_link")),
        " · ", h("a", { href: `#/deal/${this.tableId}` }, t("deal.check_link"))] : null,
      this.summary?.tournament ? [" · ", h("a", { class: "tournament-link", href: tournamentHref(this.summary.tournament.id) },
        t("home.tournament_mark", { name: tournamentNameOf(this.summary), round: this.summary.tournament.round }))] : null,
      this.summary?.league ? [" · ", h("a", { class: "league-link", href: leagueHref(this.summary.league.id) }, leagueMarkText(this.summary))] : null,
      this.seat === null ? ` · ${t("table.watching")}` : null,
      next ? [" ", h("a", { class: "button next-table", href: `#/table/${next.id}` }, t("table.next", { name: tableName(next) }))] : null,
      this.summary?.deal ? [" · ", h("span", { class: "deal-commitment", title: this.summary.deal.commitment },
        t("deal.commitment", { commitment: `${this.summary.deal.commitment.slice(0, 16)}…` }))] : null);
    this.renderStatus();
  }

  renderStatus() {
    const view = this.view;
    const stopped = this.summary?.status === "aborted" || this.summary?.status === "faulted";
    const finished = view.step === "finished" || stopped;
    const deadline = finished ? null : this.deadline();
    const left = deadline ? timeLeftText(deadline) : null;
    const pass = this.actions.passAction();
    this.keepingPlace(() => replace(this.status, renderStatus(view, this.seat, {
      pass, onPass: (a) => this.actions.perform(a),
      deadline: left ? { text: left, urgent: isUrgent(deadline) } : null,
      stopped,
    })));
  }

  renderSeatNotice() {
    if (this.summary?.status === "aborted" || this.summary?.status === "faulted") {
      const why = this.summary.status === "aborted"
        ? t(this.summary.abort_reason ? "table.aborted_because" : "table.aborted", { reason: this.summary.abort_reason })
        : t("error.table_faulted");
      return replace(this.seatNotice, h("div", { class: "panel stopped", role: "alert" }, h("p", {}, why)));
    }
    const mine = this.summary?.seats.find((s) => s.seat === this.seat);
    // The others ended my part: the seat is not mine to take back.
    if (mine && this.partEnded(this.seat) && this.view.step !== "finished") {
      return replace(this.seatNotice, h("div", { class: "panel taken-over part-ended" }, h("p", {}, t("consent.part_ended_mine"))));
    }
    // A question about a late seat awaits my vote: said at the top, where a
    // phone's reader looks, with a way to the question's buttons below.
    const late = this.consentState?.late;
    const asked = late && this.seat !== null && late.waiting.includes(this.seat) && this.view.step !== "finished"
      ? h("div", { class: "panel taken-over late-notice" },
        h("p", {}, t("consent.late_notice", { name: playerName(this.view.players[late.seat]?.name ?? "") || t("consent.seat", { n: late.seat }) })),
        h("button", { type: "button", class: "primary go-to-question", onclick: () => this.consent.focusQuestion() }, t("consent.late_go")))
      : null;
    const taken = mine && this.seat !== null && mine.controller && mine.controller !== "human" && this.view.step !== "finished";
    if (!taken) return replace(this.seatNotice, asked);
    const reclaim = h("button", { type: "button", class: "primary reclaim", onclick: async () => {
      try {
        const data = await this.connection.request("reclaim_seat", { table: this.tableId });
        this.summary = data.table;
        this.render();
      } catch (error) {
        replace(this.seatNotice, h("p", { class: "refusal" }, errorText(error)));
      }
    } }, t("seat.reclaim"));
    // After timeouts the notice says how many; an administrator's hand-over says so.
    const timedOut = mine.reason === "timeouts" || (!mine.reason && mine.timeouts > 0);
    const why = timedOut
      ? t(mine.controller === "robot" ? "seat.taken_by_robot" : "seat.taken_absent", { timeouts: mine.timeouts ?? 0 })
      : t(mine.controller === "robot" ? "seat.handed_to_robot" : "seat.handed_absent");
    // Only a seat taken over after timeouts makes the robots wait for its player.
    const pace = timedOut && this.summary.stand_in_wait_seconds
      ? h("p", { class: "stand-in-pace" }, t("seat.stand_in_pace", { minutes: Math.round(this.summary.stand_in_wait_seconds / 60) }))
      : null;
    replace(this.seatNotice, asked, h("div", { class: "panel taken-over" }, h("p", {}, why), pace, reclaim));
  }

  render() {
    this.keepingPlace(() => this.draw());
  }

  // A redraw replaces the controls: the keyboard goes back to its place
  // (keyboard_place.js), whether it was on a control the redraw replaced or
  // the page's own move had left it nowhere (on the body) while it was sent.
  keepingPlace(draw) {
    // The status bar is redrawn inside the table's redraw: the outer one keeps the place.
    if (this.redrawing) return draw();
    this.redrawing = true;
    try {
      this.redrawKeepingPlace(draw);
    } finally {
      this.redrawing = false;
    }
  }

  redrawKeepingPlace(draw) {
    const inside = this.element.contains(document.activeElement);
    const before = keyboardPlace(document.activeElement, this.element);
    draw();
    const pending = this.pendingPlace;
    if (pending && this.lastMove > pending.move) this.pendingPlace = null;
    if (this.element.contains(document.activeElement)) return;
    if (inside) restoreKeyboard(before, this.element);
    else if (pending && document.activeElement === document.body) restoreKeyboard(pending.place, this.element);
  }

  draw() {
    const view = this.view;
    this.grid.hidden = false;
    const stopped = this.summary?.status === "aborted" || this.summary?.status === "faulted";
    const finished = view.step === "finished";
    const name = tableName(this.summary) || t("table.title", { id: this.tableId });
    this.title.textContent = name;
    this.menu.close(false);
    if (stopped) this.legal = [];
    this.actions.element.hidden = this.seat === null || finished || stopped;
    // My orders are mine to see: never shown to a spectator.
    this.orders.element.hidden = this.seat === null || finished || stopped;
    if (this.consentState) this.consent.show(this.consentState, this.seat, view.players.map((p) => playerName(p.name)), !finished && !stopped);
    else this.consent.element.hidden = true;
    this.orders.setExpansions(["base", ...(this.summary?.options?.expansions || [])]);
    if (this.seat !== null) this.actions.update(view, this.legal);
    this.renderHead();
    this.renderSeatNotice();
    replace(this.board, renderBoard(view, this.legal, { playing: this.seat !== null && !finished, prices: this.shownPrices() }));
    this.drawPlayers();
    this.setTitle(`${view.to_act.includes(this.seat) && !finished ? t("table.your_turn_title") : ""}${name}`);
    if (finished && !this.end.childElementCount) this.showEnd();
  }

  // No prices once nothing can be bought.
  shownPrices() {
    const stopped = this.summary?.status === "aborted" || this.summary?.status === "faulted";
    return this.view.step === "finished" || stopped ? [] : this.prices;
  }

  partEnded(seat) {
    return seat !== null && !!this.consentState?.ended?.includes(seat);
  }

  drawPlayers() {
    // A seat whose part the others ended says so beside who plays it now.
    const seats = new Map((this.summary?.seats || []).map((s) => {
      const who = controllerText(s);
      return [s.seat, this.partEnded(s.seat) ? [t("seat.part_ended"), who].filter(Boolean).join(t("list.separator")) : who];
    }));
    replace(this.players, renderPlayers(this.view, this.seat, this.legal, {
      controllers: seats, changed: this.changed, prices: this.shownPrices(), ratings: this.ratings || new Map(),
      clocks: seatClocks(this.summary && { ...this.summary, deadline_at: this.deadlineAt, to_act: this.view.to_act }),
      rests: seatOffTimes(this.summary),
    }));
  }

  async showEnd() {
    const view = this.view;
    this.end.append(renderFinalScoring(view));
    const names = view.players.map((p) => playerName(p.name));
    try {
      const history = await this.connection.request("table_history", { table: this.tableId });
      this.end.append(renderHistory(history, names));
    } catch (error) {
      this.end.append(h("p", { class: "refusal" }, t("history.unavailable", { reason: errorText(error) })));
    }
  }

  // A card I may act on (a button) opens the menu of its legal actions.
  openCard(event) {
    const cardEl = event.target.closest(".card.actionable");
    if (!cardEl || cardEl.disabled) return;
    const actions = this.legal.filter((a) => isCardAction(a) && placeOf(a) === cardEl.dataset.place && a.card === cardEl.dataset.card);
    if (actions.length) this.menu.toggle(cardEl, actions);
  }
}
