// The replay viewer for finished games: a slider and step buttons over the
// moves; each position is the server's view after that move (replay_view),
// with the move described in words from the events of the game's log.
import { h, replace } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { describeMove } from "./move_log.js";
import { renderBoard, renderPlayers, renderStatus } from "./table_view.js";

export class ReplayPage {
  constructor(connection, tableId) {
    this.connection = connection;
    this.tableId = tableId;
    this.moves = [];
    this.position = 0;
    this.slider = h("input", { type: "range", min: "0", max: "0", value: "0", step: "1", "aria-label": t("replay.slider"),
      oninput: () => this.go(Number(this.slider.value)) });
    this.counter = h("output", { class: "replay-counter", "aria-live": "polite" });
    this.caption = h("p", { class: "replay-move", "aria-live": "polite" });
    this.error = h("p", { class: "refusal", role: "alert" });
    this.stage = h("div", { class: "replay-stage" });
    const button = (label, text, delta) => h("button", { type: "button", "aria-label": label,
      onclick: () => this.go(delta === "first" ? 0 : delta === "last" ? this.moves.length : this.position + delta) }, text);
    this.title = h("h1", {}, t("replay.title", { id: tableId }));
    this.element = h("div", { class: "replay-page" },
      this.title,
      h("p", {}, h("a", { href: "#/" }, t("replay.back")), " · ", h("a", { href: `#/table/${tableId}` }, t("replay.table"))),
      h("div", { class: "panel replay-controls", onkeydown: (e) => this.key(e) },
        button(t("replay.first"), "«", "first"), button(t("replay.previous"), "‹", -1), this.slider,
        button(t("replay.next"), "›", 1), button(t("replay.last"), "»", "last"), this.counter),
      this.caption, this.error, this.stage);
  }

  async start() {
    const data = await this.connection.request("subscribe", { table: this.tableId, since_move: 0 });
    this.connection.request("unsubscribe", { table: this.tableId }).catch(() => {});
    this.title.textContent = t("replay.title_named", { name: data.table.name });
    this.names = data.view.players.map((p) => p.name);
    this.moves = data.moves;
    this.slider.max = String(this.moves.length);
    if (data.view.step !== "finished") {
      this.error.textContent = t("replay.still_playing");
      return;
    }
    await this.go(0);
  }

  stop() {}

  key(event) {
    if (event.target === this.slider) return;
    if (event.key === "ArrowRight") this.go(this.position + 1);
    else if (event.key === "ArrowLeft") this.go(this.position - 1);
    else return;
    event.preventDefault();
  }

  async go(position) {
    position = Math.max(0, Math.min(this.moves.length, position));
    this.position = position;
    this.slider.value = String(position);
    this.counter.textContent = t("replay.counter", { n: position, total: this.moves.length });
    const move = this.moves[position - 1];
    this.caption.textContent = move ? describeMove(move, this.names).join(". ") + "." : t("replay.start");
    try {
      const data = await this.connection.request("replay_view", { table: this.tableId, move_number: position });
      if (this.position !== position) return;
      this.error.textContent = "";
      replace(this.stage, renderStatus(data.view, null), renderBoard(data.view, [], { playing: false }), renderPlayers(data.view, null));
    } catch (error) {
      this.error.textContent = errorText(error);
    }
  }
}
