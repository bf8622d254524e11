// Replaying a game to any move: a slider and step buttons (and the arrow
// keys) over the moves; each position is a view the server computes from the
// log (replay_view for a finished game, admin_replay for an administrator),
// shown with the board, and the move that led to it in words. ReplayViewer is
// the controls and the stage; ReplayPage is the public replay of a finished game.
import { h, replace } from "./dom.js";
import { errorText, playerName, t } from "./i18n.js";
import { cardName } from "./cards.js";
import { describeMove } from "./move_log.js";
import { renderBoard, renderPlayers, renderStatus } from "./table_view.js";

export class ReplayViewer {
  // fetch(position) resolves with {view, move} (move null at 0, the deal);
  // extra(view) draws what goes under the board (the stacks' order for an
  // administrator).
  constructor({ fetch, extra = () => null }) {
    this.fetch = fetch;
    this.extra = extra;
    this.total = 0;
    this.names = [];
    this.position = 0;
    this.slider = h("input", { type: "range", min: "0", max: "0", value: "0", step: "1", "aria-label": t("replay.slider"),
      oninput: () => this.go(Number(this.slider.value)) });
    this.counter = h("output", { class: "replay-counter", "aria-live": "polite" });
    this.caption = h("div", { class: "replay-move", "aria-live": "polite" });
    this.error = h("p", { class: "refusal", role: "alert" });
    this.stage = h("div", { class: "replay-stage" });
    const button = (label, text, delta) => h("button", { type: "button", "aria-label": label,
      onclick: () => this.go(delta === "first" ? 0 : delta === "last" ? this.total : this.position + delta) }, text);
    this.element = h("div", { class: "replay-viewer" },
      h("div", { class: "panel replay-controls", onkeydown: (e) => this.key(e) },
        button(t("replay.first"), "«", "first"), button(t("replay.previous"), "‹", -1), this.slider,
        button(t("replay.next"), "›", 1), button(t("replay.last"), "»", "last"), this.counter),
      this.caption, this.error, this.stage);
  }

  setTotal(total, names) {
    this.total = total;
    this.names = names;
    this.slider.max = String(total);
  }

  key(event) {
    if (event.target === this.slider) return;
    if (event.key === "ArrowRight") this.go(this.position + 1);
    else if (event.key === "ArrowLeft") this.go(this.position - 1);
    else return;
    event.preventDefault();
  }

  async go(position) {
    position = Math.max(0, Math.min(this.total, position));
    this.position = position;
    this.slider.value = String(position);
    this.counter.textContent = t("replay.counter", { n: position, total: this.total });
    try {
      const data = await this.fetch(position);
      if (this.position !== position) return;
      this.error.textContent = "";
      replace(this.caption, data.move ? this.describe(data.move) : t("replay.start"), this.prices(data.prices));
      replace(this.stage, renderStatus(data.view, null), renderBoard(data.view, [], { playing: false }), this.extra(data.view),
        renderPlayers(data.view, null));
    } catch (error) {
      this.error.textContent = errorText(error);
    }
  }

  // admin_replay's prices: what each purchase cost and why, worded by the
  // server in the page's language (replay_view has none).
  prices(prices) {
    if (!prices?.length) return null;
    return h("ul", { class: "price-breakdown", "aria-label": t("replay.prices") },
      prices.map((p) => h("li", {}, t("replay.price_line", { card: cardName(p.card), text: p.text }))));
  }

  // The move in words: the player's own deed first, then what followed.
  describe(move) {
    const [first, ...rest] = describeMove(move, this.names);
    const who = move.actor && move.actor !== "player" ? ` (${t(`log.actor.${move.actor}`)})` : "";
    return [h("p", { class: "replay-deed" }, `${move.move_number}. ${first || ""}${who}`),
      rest.length ? h("ul", { class: "move-flow" }, rest.map((l) => h("li", {}, l))) : null];
  }
}

export class ReplayPage {
  constructor(connection, tableId) {
    this.connection = connection;
    this.tableId = tableId;
    this.viewer = new ReplayViewer({ fetch: (n) => connection.request("replay_view", { table: tableId, move_number: n }) });
    this.title = h("h1", {}, t("replay.title", { id: tableId }));
    this.element = h("div", { class: "replay-page" },
      this.title,
      h("p", {}, h("a", { href: "#/" }, t("replay.back")), " · ", h("a", { href: `#/table/${tableId}` }, t("replay.table"))),
      this.viewer.element);
  }

  async start() {
    const data = await this.connection.request("subscribe", { table: this.tableId, since_move: 0 });
    this.connection.request("unsubscribe", { table: this.tableId }).catch(() => {});
    this.title.textContent = t("replay.title_named", { name: data.table.name });
    this.viewer.setTotal(data.moves.length, data.view.players.map((p) => playerName(p.name)));
    if (data.view.step !== "finished") {
      this.viewer.error.textContent = t("replay.still_playing");
      return;
    }
    await this.viewer.go(0);
  }

  stop() {}
}
