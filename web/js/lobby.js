// The lobby: my tables (those awaiting me first, with their count), invitations,
// open tables to join, and the form that creates a table (players, expansions,
// options). The server pushes no lobby changes, so the lists refresh on a timer.
import { h, replace } from "./dom.js";
import { errorText, t, tn } from "./i18n.js";

const REFRESH_MS = 10000;

function seatsText(table) {
  const names = table.seats.map((s) => s.name).join(t("list.separator"));
  return table.seats.length < table.players ? `${names} ${t("lobby.seats_taken", { taken: table.seats.length, players: table.players })}` : names;
}

function optionsText(o) {
  const parts = [];
  parts.push(o.expansions.length ? o.expansions.map((e) => t(`expansion.${e}`)).join(" + ") : t("lobby.base_game"));
  if (!o.public_money) parts.push(t("lobby.secret_money"));
  if (!o.public_hands) parts.push(t("lobby.secret_hands"));
  if (!o.stack_peek) parts.push(t("lobby.no_peek"));
  if (!o.pass_until_phase_end) parts.push(t("lobby.no_pass_until"));
  if (o.pub_timing === "after_building_scoring") parts.push(t("lobby.pub_after_scoring"));
  return parts.join(t("list.separator"));
}

export class Lobby {
  constructor(connection, session, onAwaiting) {
    this.connection = connection;
    this.session = session;
    this.onAwaiting = onAwaiting; // (count) => void
    this.mine = h("div", { class: "table-list", id: "my-tables" });
    this.open = h("div", { class: "table-list", id: "open-tables" });
    this.message = h("p", { class: "refusal", role: "alert" });
    this.awaitingHeading = h("h2", { id: "mine-title" }, t("lobby.my_tables"));
    this.element = h("div", { class: "lobby" },
      h("h1", {}, t("lobby.welcome", { name: session.user.name })),
      this.message,
      h("button", { type: "button", class: "refresh", onclick: () => this.run(async () => {}) }, t("lobby.refresh")),
      h("section", { class: "panel", "aria-labelledby": "mine-title" }, this.awaitingHeading, this.mine),
      h("section", { class: "panel", "aria-labelledby": "open-title" }, h("h2", { id: "open-title" }, t("lobby.open_tables")), this.open),
      this.createForm());
  }

  async start() {
    await this.refresh();
    this.timer = setInterval(() => this.refresh().catch(() => {}), REFRESH_MS);
  }

  stop() {
    clearInterval(this.timer);
  }

  async refresh() {
    const [mine, open] = await Promise.all([
      this.connection.request("my_tables"),
      this.connection.request("list_tables", { status: "open" }),
    ]);
    this.onAwaiting(mine.awaiting_me);
    replace(this.awaitingHeading, t("lobby.my_tables"), " ",
      h("span", { class: `count${mine.awaiting_me ? " hot" : ""}`, id: "awaiting-count", dataset: { count: mine.awaiting_me } },
        mine.awaiting_me ? tn("lobby.awaiting", mine.awaiting_me) : t("lobby.none_awaiting")));
    const visible = mine.tables.filter((x) => x.status !== "aborted");
    replace(this.mine, visible.length ? h("ul", {}, visible.map((table) => this.myTable(table))) : h("p", { class: "empty" }, t("lobby.no_tables")));
    const mySeats = new Set(mine.tables.filter((x) => x.your_seat !== undefined).map((x) => x.id));
    const joinable = open.tables.filter((x) => !mySeats.has(x.id));
    replace(this.open, joinable.length ? h("ul", {}, joinable.map((table) => this.openTable(table))) : h("p", { class: "empty" }, t("lobby.no_open_tables")));
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

  myTable(table) {
    const me = this.session.user.name;
    const awaiting = table.status === "playing" && table.your_seat !== undefined && table.to_act.includes(table.your_seat);
    const actions = [];
    if (table.invited) {
      actions.push(h("button", { type: "button", onclick: () => this.run(() => this.connection.request("join_table", { table: table.id })) }, t("lobby.accept_invitation")));
    }
    if (table.status === "open" && table.your_seat !== undefined) {
      if (table.creator === me && table.seats.length === table.players) {
        actions.push(h("button", { type: "button", class: "primary", onclick: () => this.run(() => this.connection.request("start_table", { table: table.id })) }, t("lobby.start")));
      }
      actions.push(h("button", { type: "button", onclick: () => this.run(() => this.connection.request("leave_table", { table: table.id })) }, table.creator === me ? t("lobby.cancel_table") : t("lobby.leave")));
      const name = h("input", { type: "text", "aria-label": t("lobby.invite_label", { table: table.name }), placeholder: t("lobby.invite_placeholder"), required: true, minlength: "3", maxlength: "24" });
      actions.push(h("form", { class: "invite", onsubmit: (e) => {
        e.preventDefault();
        this.run(() => this.connection.request("invite", { table: table.id, name: name.value.trim() }).then(() => { name.value = ""; }));
      } }, name, h("button", { type: "submit" }, t("lobby.invite"))));
    }
    if (table.status === "playing" || table.status === "finished") {
      actions.push(h("a", { class: "button primary", href: `#/table/${table.id}` }, awaiting ? t("lobby.play") : t("lobby.open")));
    }
    if (table.status === "finished") actions.push(h("a", { class: "button", href: `#/replay/${table.id}` }, t("lobby.replay")));
    const state = awaiting ? t("state.your_turn") : table.invited ? t("state.invitation") : table.status === "open" ? t("state.waiting_for_players") : t(`state.${table.status}`);
    return h("li", { class: `table-item${awaiting ? " awaiting" : ""}`, dataset: { table: table.id } },
      h("div", { class: "table-info" },
        h("strong", {}, table.name), " ", h("span", { class: `state ${awaiting ? "hot" : ""}` }, state),
        h("div", { class: "meta" }, `${seatsText(table)} · ${optionsText(table.options)}${table.status === "playing" ? ` · ${t("lobby.move", { n: table.move_number })}` : ""}`)),
      h("div", { class: "table-actions" }, actions));
  }

  openTable(table) {
    return h("li", { class: "table-item", dataset: { table: table.id } },
      h("div", { class: "table-info" }, h("strong", {}, table.name), h("div", { class: "meta" }, `${t("lobby.by", { name: table.creator })} · ${seatsText(table)} · ${optionsText(table.options)}`)),
      h("div", { class: "table-actions" },
        h("button", { type: "button", class: "primary", onclick: () => this.run(() => this.connection.request("join_table", { table: table.id })) }, t("lobby.join"))));
  }

  createForm() {
    const check = (name, label, checked) =>
      h("label", { class: "check" }, h("input", { type: "checkbox", name, checked }), ` ${label}`);
    const form = h("form", { class: "panel create", "aria-labelledby": "create-title", onsubmit: (e) => this.create(e) },
      h("h2", { id: "create-title" }, t("create.title")),
      h("div", { class: "fields" },
        h("label", {}, t("create.name"), " ", h("input", { type: "text", name: "name", maxlength: "60", placeholder: t("create.name_placeholder", { name: this.session.user.name }) })),
        h("label", {}, t("create.players"), " ", h("select", { name: "players" }, [2, 3, 4, 5].map((n) => h("option", { value: String(n), selected: n === 2 }, n))))),
      h("fieldset", {}, h("legend", {}, t("create.expansions")),
        check("banquet", t("expansion.banquet"), false), check("new_society", t("create.new_society_note"), false)),
      h("fieldset", {}, h("legend", {}, t("create.options")),
        check("public_money", t("create.public_money"), true),
        check("public_hands", t("create.public_hands"), true),
        check("stack_peek", t("create.stack_peek"), true),
        check("pass_until_phase_end", t("create.pass_until_phase_end"), true),
        h("label", {}, t("create.pub"), " ", h("select", { name: "pub_timing" },
          h("option", { value: "building_actions", selected: true }, t("create.pub_building_actions")),
          h("option", { value: "after_building_scoring" }, t("create.pub_after_scoring"))))),
      h("button", { type: "submit", class: "primary" }, t("create.submit")));
    return form;
  }

  create(event) {
    event.preventDefault();
    const f = event.target.elements;
    const expansions = ["banquet", "new_society"].filter((e) => f[e].checked);
    const options = {
      expansions,
      public_money: f.public_money.checked,
      public_hands: f.public_hands.checked,
      stack_peek: f.stack_peek.checked,
      pass_until_phase_end: f.pass_until_phase_end.checked,
      pub_timing: f.pub_timing.value,
    };
    const request = { players: Number(f.players.value), options };
    if (f.name.value.trim()) request.name = f.name.value.trim();
    this.run(async () => {
      await this.connection.request("create_table", request);
      event.target.reset();
    });
  }
}
