// A private table's link (#/join/N/CODE): the table is in no lobby, so the
// link carries its code; joining sends it with join_table, then shows my tables.
import { h } from "./dom.js";
import { errorText, t } from "./i18n.js";

export class JoinPage {
  constructor(connection, tableId, code) {
    this.connection = connection;
    this.tableId = tableId;
    this.code = code;
    this.message = h("p", { class: "refusal", role: "alert" });
    this.button = h("button", { type: "button", class: "primary", onclick: () => this.join() }, t("join.submit"));
    this.element = h("div", { class: "panel join-page" },
      h("h1", {}, t("join.title", { id: tableId })),
      h("p", {}, t("join.explain")),
      this.message,
      this.button);
  }

  async start() {
    this.button.focus();
  }

  stop() {}

  async join() {
    this.message.textContent = "";
    this.button.disabled = true;
    try {
      await this.connection.request("join_table", { table: this.tableId, code: this.code });
      location.hash = "#/";
    } catch (error) {
      this.message.textContent = errorText(error);
      this.button.disabled = false;
    }
  }
}
