// The administrators' pages, after admin_login with the server's token:
// every table by status (#/admin), and one table (#/admin/table/N) replayed
// to any move as the administrator or any seat sees it, each move in words,
// the divergence when its log stops replaying, the stacks' order, and the
// administrator's acts (abort with a reason, hand a seat to the robot) with
// the administrators' log of that table. The token is kept in memory only
// (never stored): a reconnection logs in again with it, a reload asks again.
import { h, replace } from "./dom.js";
import { cardName } from "./cards.js";
import { errorText, formatDate, has, playerName, t } from "./i18n.js";
import { ReplayViewer } from "./replay.js";
import { optionsText, paceText, seatsElement, timeLeftText } from "./table_summary.js";

const STATUSES = ["playing", "open", "finished", "aborted"];
// Reading is logged too; the log shows the acts unless asked for everything.
const READS = new Set(["admin_login", "admin_list_tables", "admin_view", "admin_replay", "admin_log", "table_record", "replay_view", "table_history"]);

export class Administrator extends EventTarget {
  constructor(connection) {
    super();
    this.connection = connection;
    this.token = null;
    connection.onResume(() => (this.token ? connection.resumeRequest("admin_login", { token: this.token }).catch(() => { this.token = null; }) : null));
  }

  get loggedIn() {
    return this.token !== null;
  }

  async login(token) {
    await this.connection.request("admin_login", { token });
    this.token = token;
    this.dispatchEvent(new Event("change"));
  }
}

function loginForm(admin, onDone) {
  const token = h("input", { type: "password", id: "admin-token", name: "token", required: true, autocomplete: "off" });
  const message = h("p", { class: "refusal", role: "alert" });
  return h("form", { class: "panel admin-login", onsubmit: async (e) => {
    e.preventDefault();
    message.textContent = "";
    try {
      await admin.login(token.value);
      onDone();
    } catch (error) {
      message.textContent = errorText(error);
    }
  } },
  h("h2", {}, t("admin.login_title")),
  h("p", { class: "explain" }, t("admin.login_explain")),
  h("label", { for: "admin-token" }, t("admin.token")), " ", token, " ",
  h("button", { type: "submit", class: "primary" }, t("admin.login")), message);
}

export class AdminPage {
  constructor(connection, admin) {
    this.connection = connection;
    this.admin = admin;
    this.status = "playing";
    this.list = h("div", { class: "table-list", id: "admin-tables" });
    this.message = h("p", { class: "refusal", role: "alert" });
    this.body = h("div");
    this.element = h("div", { class: "admin-page" }, h("h1", {}, t("admin.title")), this.message, this.body);
  }

  async start() {
    if (!this.admin.loggedIn) return replace(this.body, loginForm(this.admin, () => this.start()));
    const choice = h("select", { id: "admin-status", onchange: (e) => { this.status = e.target.value; this.load(); } },
      h("option", { value: "" }, t("admin.all_statuses")),
      STATUSES.map((s) => h("option", { value: s, selected: s === this.status }, t(`state.${s}`))));
    replace(this.body, h("section", { class: "panel", "aria-labelledby": "admin-tables-title" },
      h("h2", { id: "admin-tables-title" }, t("admin.tables")),
      h("p", {}, h("label", { for: "admin-status" }, t("admin.status")), " ", choice),
      this.list), this.flagBotForm());
    await this.load();
  }

  stop() {}

  // An account flagged as a third-party bot's (docs/bots.md), for good.
  flagBotForm() {
    const name = h("input", { id: "flag-bot-name", required: true, maxlength: "64", autocomplete: "off" });
    const outcome = h("p", { role: "status" });
    return h("section", { class: "panel admin-flag-bot" }, h("h2", {}, t("admin.flag_bot")),
      h("form", { onsubmit: async (e) => {
        e.preventDefault();
        if (!confirm(t("admin.flag_bot_confirm", { name: name.value.trim() }))) return;
        outcome.classList.remove("refusal");
        try {
          const data = await this.connection.request("admin_flag_bot", { name: name.value.trim() });
          outcome.textContent = t("admin.flagged_bot", { name: data.user.name });
        } catch (error) {
          outcome.textContent = errorText(error);
          outcome.classList.add("refusal");
        }
      } },
      h("label", { for: "flag-bot-name" }, t("admin.flag_bot_name")), " ", name, " ",
      h("button", { type: "submit", class: "danger" }, t("admin.flag_bot_submit"))), outcome);
  }

  async load() {
    this.message.textContent = "";
    try {
      const data = await this.connection.request("admin_list_tables", this.status ? { status: this.status } : {});
      replace(this.list, data.tables.length
        ? h("ul", {}, data.tables.map((table) => h("li", { class: "table-item", dataset: { table: table.id, status: table.status } },
          h("div", { class: "table-info" },
            h("strong", { class: "table-name" }, `#${table.id} ${table.name}`), " ",
            h("span", { class: "state" }, t(`state.${table.status}`)),
            table.status === "playing" && timeLeftText(table) ? h("span", { class: "time-left" }, ` · ${timeLeftText(table)}`) : null,
            seatsElement(table),
            h("div", { class: "meta" }, [optionsText(table.options), paceText(table.pace), t("lobby.move", { n: table.move_number }),
              formatDate(table.created_at)].join(" · "))),
          h("div", { class: "table-actions" },
            table.status === "open" ? null : h("a", { class: "button", href: `#/admin/table/${table.id}` }, t("admin.inspect"))))))
        : h("p", { class: "empty" }, t("admin.no_tables")));
    } catch (error) {
      this.message.textContent = errorText(error);
    }
  }
}

// The log's values in words: who ("administrator" when no player's session
// made the request), the request by its name, and its outcome ("ok" or a
// refusal's code).
function whoText(who) {
  return who === "administrator" ? t("admin.log_administrator") : who;
}

function requestText(request) {
  return has(`admin.request.${request}`) ? t(`admin.request.${request}`) : request;
}

function outcomeText(outcome) {
  return outcome === "ok" ? t("admin.log_ok") : errorText({ code: outcome, message: outcome });
}

export class AdminTablePage {
  constructor(connection, admin, tableId) {
    this.connection = connection;
    this.admin = admin;
    this.tableId = tableId;
    this.seat = "";
    this.viewer = new ReplayViewer({
      fetch: (n) => connection.request("admin_replay", this.seat === "" ? { table: tableId, move_number: n } : { table: tableId, move_number: n, seat: Number(this.seat) }),
      extra: (view) => this.stackOrder(view),
    });
    this.title = h("h1", {}, t("admin.table_title", { id: tableId }));
    this.message = h("p", { class: "refusal", role: "alert" });
    this.outcome = h("p", { class: "outcome admin-outcome", role: "status" });
    this.showReads = false;
    this.body = h("div");
    this.element = h("div", { class: "admin-table-page" },
      this.title, h("p", {}, h("a", { href: "#/admin" }, t("admin.back"))), this.message, this.outcome, this.body);
  }

  async start() {
    if (!this.admin.loggedIn) return replace(this.body, loginForm(this.admin, () => this.start()));
    const data = await this.connection.request("admin_view", { table: this.tableId });
    this.summary = data.table;
    const table = data.table;
    const names = data.view.players.map((p) => playerName(p.name));
    this.title.textContent = t("admin.table_title_named", { id: table.id, name: table.name });
    const viewers = h("select", { id: "admin-viewer", onchange: (e) => { this.seat = e.target.value; this.viewer.go(this.viewer.position); } },
      h("option", { value: "" }, t("admin.viewer_admin")),
      names.map((name, seat) => h("option", { value: String(seat) }, t("admin.viewer_seat", { name }))));
    const last = data.divergence ? data.divergence.move_number - 1 : table.move_number;
    this.viewer.setTotal(last, names);
    this.log = h("div", { class: "admin-log table-scroll", tabindex: "0" });
    replace(this.body,
      h("section", { class: "panel admin-summary" },
        h("p", {}, h("span", { class: "state" }, t(`state.${table.status}`)), " · ", t("lobby.move", { n: table.move_number })),
        seatsElement(table),
        h("p", { class: "meta" }, [optionsText(table.options), paceText(table.pace)].join(" · ")),
        data.divergence
          ? h("p", { class: "divergence refusal", role: "alert" }, t("admin.divergence", { move: data.divergence.move_number, reason: data.divergence.reason }))
          : h("p", { class: "replays" }, t("admin.replays"))),
      h("section", { class: "panel" }, h("h2", {}, t("admin.replay")),
        h("p", {}, h("label", { for: "admin-viewer" }, t("admin.viewer")), " ", viewers),
        this.viewer.element),
      this.actions(table, names),
      h("section", { class: "panel" }, h("h2", {}, t("admin.log")),
        h("label", { class: "check" }, h("input", { type: "checkbox", id: "admin-log-reads", checked: this.showReads,
          onchange: (e) => { this.showReads = e.target.checked; this.loadLog(); } }), ` ${t("admin.log_reads")}`),
        this.log));
    await Promise.all([this.viewer.go(last), this.loadLog()]);
  }

  stop() {}

  // The administrator's view holds each stack's order, top card first.
  stackOrder(view) {
    if (!view.stack_order) return null;
    return h("section", { class: "panel stack-order" }, h("h3", {}, t("admin.stack_order")),
      h("dl", {}, Object.entries(view.stack_order).map(([deck, ids]) => [
        h("dt", {}, t(`stack.${deck}`)),
        h("dd", {}, ids.length ? ids.map(cardName).join(" · ") : t("board.empty"))])));
  }

  actions(table, names) {
    if (table.status !== "playing" && table.status !== "faulted") return null;
    const act = async (type, fields, done) => {
      this.outcome.textContent = "";
      this.outcome.classList.remove("refusal");
      try {
        const data = await this.connection.request(type, { table: this.tableId, ...fields });
        const said = done(data);
        await this.start();
        this.outcome.textContent = said;
      } catch (error) {
        this.outcome.textContent = errorText(error);
        this.outcome.classList.add("refusal");
      }
    };
    const reason = h("textarea", { id: "abort-reason", required: true, maxlength: "500", rows: "2" });
    const abort = h("form", { class: "admin-abort", onsubmit: (e) => {
      e.preventDefault();
      if (!confirm(t("admin.abort_confirm", { name: table.name }))) return;
      act("admin_abort", { reason: reason.value.trim() }, (data) => t("admin.aborted", { status: t(`state.${data.table.status}`) }));
    } },
    h("label", { for: "abort-reason" }, t("admin.abort_reason")), reason,
    h("button", { type: "submit", class: "danger" }, t("admin.abort")));
    const seat = h("select", { id: "remove-seat" }, names.map((name, i) => h("option", { value: String(i) }, name)));
    const why = h("textarea", { id: "remove-reason", required: true, maxlength: "500", rows: "2" });
    const remove = h("form", { class: "admin-remove", onsubmit: (e) => {
      e.preventDefault();
      const name = names[Number(seat.value)];
      if (!confirm(t("admin.remove_confirm", { name }))) return;
      act("admin_remove_player", { seat: Number(seat.value), reason: why.value.trim() }, () => t("admin.removed", { name }));
    } },
    h("label", { for: "remove-seat" }, t("admin.remove_seat")), " ", seat,
    h("label", { for: "remove-reason" }, t("admin.remove_reason")), why,
    h("button", { type: "submit" }, t("admin.remove")),
    h("small", { class: "explain" }, t("admin.remove_explain")));
    return h("section", { class: "panel admin-actions" }, h("h2", {}, t("admin.actions")), abort, remove);
  }

  async loadLog() {
    try {
      const data = await this.connection.request("admin_log", { table: this.tableId, limit: 200 });
      const entries = data.entries.filter((e) => this.showReads || !READS.has(e.request));
      replace(this.log, entries.length
        ? h("table", { class: "admin-log-table" },
          h("thead", {}, h("tr", {}, ["when", "who", "request", "reason", "outcome"].map((k) => h("th", { scope: "col" }, t(`admin.log_${k}`))))),
          h("tbody", {}, entries.map((e) => h("tr", { dataset: { request: e.request } },
            h("td", {}, formatDate(e.at)), h("td", {}, whoText(e.who)), h("td", {}, requestText(e.request)),
            h("td", {}, e.arguments?.reason ?? ""), h("td", {}, outcomeText(e.outcome))))))
        : h("p", { class: "empty" }, t("admin.log_empty")));
    } catch (error) {
      replace(this.log, h("p", { class: "refusal" }, errorText(error)));
    }
  }
}
