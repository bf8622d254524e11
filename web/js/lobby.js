// The lobby: the open tables waiting for players, each with its options, its
// pace and who sits there already, and the form that creates a table. The
// server pushes no lobby changes, so while it is shown the list is read again
// now and then (and with the Refresh button).
import { CreateForm } from "./create_form.js";
import { h, replace } from "./dom.js";
import { commitmentElement, newContribution } from "./fair_deal.js";
import { errorText, t } from "./i18n.js";
import { optionsText, paceText, seatsElement, termsText } from "./table_summary.js";

const REFRESH_MS = 10000;

export class Lobby {
  constructor(connection, session, inbox) {
    this.connection = connection;
    this.session = session;
    this.inbox = inbox;
    this.open = h("div", { class: "table-list", id: "open-tables" });
    this.message = h("p", { class: "refusal", role: "alert" });
    this.form = new CreateForm(connection, session, (table) => this.created(table));
    this.element = h("div", { class: "lobby" },
      h("h1", {}, t("lobby.title")),
      this.message,
      h("button", { type: "button", class: "refresh", onclick: () => this.run(async () => {}) }, t("lobby.refresh")),
      h("section", { class: "panel", "aria-labelledby": "open-title" }, h("h2", { id: "open-title" }, t("lobby.open_tables")), this.open),
      this.form.element);
  }

  async start() {
    await this.refresh();
    this.timer = setInterval(() => this.refresh().catch(() => {}), REFRESH_MS);
  }

  stop() {
    clearInterval(this.timer);
  }

  async refresh() {
    const [open] = await Promise.all([this.connection.request("list_tables", { status: "open" }), this.inbox.refresh()]);
    const mine = new Set(this.inbox.tables.filter((x) => x.your_seat !== undefined).map((x) => x.id));
    const joinable = open.tables.filter((x) => !mine.has(x.id));
    replace(this.open, joinable.length ? h("ul", {}, joinable.map((table) => this.item(table))) : h("p", { class: "empty" }, t("lobby.no_open_tables")));
  }

  async run(work) {
    this.message.textContent = "";
    try {
      await work();
      await this.refresh();
    } catch (error) {
      this.message.textContent = errorText(error);
    }
  }

  // A table joined or created with a seat of mine is listed in my tables; one
  // its robots play alone (I only watch) stays here, to be started.
  async created(table) {
    if (table && !table.seats.some((s) => s.name === this.session.user.name)) return this.refresh();
    await this.inbox.refresh().catch(() => {});
    location.hash = "#/";
  }

  item(table) {
    const join = () => this.run(async () => {
      await this.connection.request("join_table", { table: table.id, contribution: newContribution(table.id) });
      await this.created();
    });
    const mine = table.creator === this.session.user.name;
    const full = table.seats.length === table.players;
    const start = () => this.run(async () => {
      await this.connection.request("start_table", { table: table.id, contribution: newContribution(table.id) });
      location.hash = `#/table/${table.id}`;
    });
    return h("li", { class: "table-item", dataset: { table: table.id } },
      h("div", { class: "table-info" },
        h("strong", { class: "table-name" }, table.name), " ", h("span", { class: "state" }, t("lobby.by", { name: table.creator })),
        seatsElement(table, this.session.user.name),
        h("div", { class: "meta" }, `${optionsText(table.options)} · ${paceText(table.pace)}`),
        termsText(table) ? h("div", { class: "terms", dataset: { testid: "terms" } }, termsText(table)) : null,
        commitmentElement(table)),
      h("div", { class: "table-actions" },
        mine && full
          ? h("button", { type: "button", class: "primary", onclick: start }, t("lobby.start"))
          : full ? null : h("button", { type: "button", class: "primary", onclick: join }, t("lobby.join"))));
  }
}
