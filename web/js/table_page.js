// One table, live: subscribe (again with since_move after every reconnect),
// apply the server's updates in move order (resynchronising on a gap), and
// draw the status bar, the board, the action panel, the players, the move log,
// the chat and, once the game is over, the final scoring and the chart. A card
// I may act on opens its menu (card_menu.js); its choice and the panel's go
// the same way to the server.
import { ActionPanel } from "./action_panel.js";
import { isCardAction, placeOf } from "./card_actions.js";
import { CardMenu } from "./card_menu.js";
import { Chat } from "./chat.js";
import { h, replace } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { renderFinalScoring, renderHistory } from "./final_scoring.js";
import { MoveLog } from "./move_log.js";
import { renderBoard, renderPlayers, renderStatus } from "./table_view.js";

export class TablePage {
  constructor(connection, tableId) {
    this.connection = connection;
    this.tableId = tableId;
    this.view = null;
    this.legal = [];
    this.seat = null;
    this.lastMove = 0;
    this.actions = new ActionPanel((action) => this.act(action));
    this.menu = new CardMenu((action) => this.actions.perform(action));
    // While a move is on its way, no card offers another.
    this.actions.addEventListener("busy", () => {
      for (const c of this.element.querySelectorAll(".card.actionable, .status .pass")) c.disabled = true;
    });
    this.actions.addEventListener("refused", () => this.render());
    this.log = new MoveLog();
    this.chat = new Chat((text) => connection.request("chat", { table: tableId, text }),
      (before) => connection.request("chat_history", before === undefined ? { table: tableId } : { table: tableId, before }));
    this.title = h("h1", {}, t("table.title", { id: tableId }));
    this.links = h("p", { class: "table-links" });
    this.status = h("div");
    this.board = h("div");
    this.players = h("div");
    this.end = h("div", { class: "end" });
    this.element = h("div", { class: "table-page" },
      h("div", { class: "table-head" }, this.title, this.links),
      this.status,
      h("div", { class: "table-grid" },
        h("div", { class: "table-main", onclick: (e) => this.openCard(e) }, this.end, this.board, this.actions.element, this.players),
        h("aside", { class: "table-side" }, this.log.element, this.chat.element)));
    this.onUpdate = (e) => this.update(e.detail);
    this.onChat = (e) => { if (e.detail.table === tableId) this.chat.receive(e.detail); };
  }

  async start() {
    this.connection.addEventListener("table_update", this.onUpdate);
    this.connection.addEventListener("chat_message", this.onChat);
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
    this.stopResume?.();
    if (this.connection.ready) this.connection.request("unsubscribe", { table: this.tableId }).catch(() => {});
  }

  async subscribe(resuming) {
    const fields = { table: this.tableId, since_move: this.lastMove };
    const data = resuming
      ? await this.connection.resumeRequest("subscribe", fields)
      : await this.connection.request("subscribe", fields);
    this.summary = data.table;
    this.seat = data.seat;
    this.apply(data.view, data.legal_actions, data.moves);
  }

  resync() {
    this.connection.request("subscribe", { table: this.tableId, since_move: this.lastMove })
      .then((data) => this.apply(data.view, data.legal_actions, data.moves))
      .catch(() => {});
  }

  update(message) {
    if (message.table !== this.tableId) return;
    if (message.move_number <= this.lastMove) return;
    const first = message.moves[0];
    if (!first || first.move_number !== this.lastMove + 1) return this.resync();
    this.apply(message.view, message.legal_actions, message.moves);
  }

  apply(view, legal, moves) {
    this.view = view;
    this.legal = legal;
    this.lastMove = view.move_number;
    const names = view.players.map((p) => p.name);
    this.log.add(moves, names);
    this.render();
  }

  async act(action) {
    try {
      await this.connection.request("act", { table: this.tableId, move_number: this.view.move_number + 1, action });
    } catch (error) {
      if (error.code === "stale_move") this.resync();
      throw error;
    }
  }

  render() {
    const view = this.view;
    const finished = view.step === "finished";
    this.title.textContent = this.summary?.name || t("table.title", { id: this.tableId });
    replace(this.links, h("a", { href: "#/" }, t("table.back")),
      finished ? [" · ", h("a", { href: `#/replay/${this.tableId}` }, t("table.replay_link"))] : null,
      this.seat === null ? ` · ${t("table.watching")}` : null);
    this.menu.close(false);
    this.actions.element.hidden = this.seat === null || finished;
    if (this.seat !== null) this.actions.update(view, this.legal);
    const pass = this.actions.passAction();
    replace(this.status, renderStatus(view, this.seat, { pass, onPass: (a) => this.actions.perform(a) }));
    replace(this.board, renderBoard(view, this.legal, { playing: this.seat !== null && !finished }));
    replace(this.players, renderPlayers(view, this.seat, this.legal));
    document.title = `${view.to_act.includes(this.seat) ? t("table.your_turn_title") : ""}${this.title.textContent} — ${t("app.title")}`;
    if (finished && !this.end.childElementCount) this.showEnd();
  }

  async showEnd() {
    const view = this.view;
    this.end.append(renderFinalScoring(view));
    const names = view.players.map((p) => p.name);
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
