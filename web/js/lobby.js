// The lobby: my tables (those awaiting me first, with their count), invitations,
// open tables to join, and the form that creates a table (players, expansions,
// options). The server pushes no lobby changes, so the lists refresh on a timer.
import { h, plural, replace } from "./dom.js";

const REFRESH_MS = 10000;

function seatsText(t) {
  return t.seats.map((s) => s.name).join(", ") + (t.seats.length < t.players ? ` (${t.seats.length} of ${t.players} seats taken)` : "");
}

function optionsText(o) {
  const parts = [];
  parts.push(o.expansions.length ? o.expansions.map((e) => (e === "banquet" ? "The Banquet" : "The New Society")).join(" + ") : "base game");
  if (!o.public_money) parts.push("secret money");
  if (!o.public_hands) parts.push("secret hands");
  if (!o.stack_peek) parts.push("no stack peek");
  if (!o.pass_until_phase_end) parts.push("no pass until phase end");
  if (o.pub_timing === "after_building_scoring") parts.push("Pub after building scoring");
  return parts.join(", ");
}

export class Lobby {
  constructor(connection, session, onAwaiting) {
    this.connection = connection;
    this.session = session;
    this.onAwaiting = onAwaiting; // (count) => void
    this.mine = h("div", { class: "table-list", id: "my-tables" });
    this.open = h("div", { class: "table-list", id: "open-tables" });
    this.message = h("p", { class: "refusal", role: "alert" });
    this.awaitingHeading = h("h2", { id: "mine-title" }, "My tables");
    this.element = h("div", { class: "lobby" },
      h("h1", {}, `Welcome, ${session.user.name}`),
      this.message,
      h("button", { type: "button", class: "refresh", onclick: () => this.run(async () => {}) }, "Refresh"),
      h("section", { class: "panel", "aria-labelledby": "mine-title" }, this.awaitingHeading, this.mine),
      h("section", { class: "panel", "aria-labelledby": "open-title" }, h("h2", { id: "open-title" }, "Open tables"), this.open),
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
    replace(this.awaitingHeading, "My tables ",
      h("span", { class: `count${mine.awaiting_me ? " hot" : ""}`, id: "awaiting-count" },
        mine.awaiting_me ? `${mine.awaiting_me} awaiting you` : "none awaiting you"));
    const visible = mine.tables.filter((t) => t.status !== "aborted");
    replace(this.mine, visible.length ? h("ul", {}, visible.map((t) => this.myTable(t))) : h("p", { class: "empty" }, "No tables yet: create one or join an open table."));
    const mySeats = new Set(mine.tables.filter((t) => t.your_seat !== undefined).map((t) => t.id));
    const joinable = open.tables.filter((t) => !mySeats.has(t.id));
    replace(this.open, joinable.length ? h("ul", {}, joinable.map((t) => this.openTable(t))) : h("p", { class: "empty" }, "No open table waits for players."));
  }

  async run(work) {
    this.message.textContent = "";
    try {
      await work();
      await this.refresh();
    } catch (error) {
      this.message.textContent = error.message;
    }
  }

  myTable(t) {
    const me = this.session.user.name;
    const awaiting = t.status === "playing" && t.your_seat !== undefined && t.to_act.includes(t.your_seat);
    const actions = [];
    if (t.invited) {
      actions.push(h("button", { type: "button", onclick: () => this.run(() => this.connection.request("join_table", { table: t.id })) }, "Accept the invitation"));
    }
    if (t.status === "open" && t.your_seat !== undefined) {
      if (t.creator === me && t.seats.length === t.players) {
        actions.push(h("button", { type: "button", class: "primary", onclick: () => this.run(() => this.connection.request("start_table", { table: t.id })) }, "Start the game"));
      }
      actions.push(h("button", { type: "button", onclick: () => this.run(() => this.connection.request("leave_table", { table: t.id })) }, t.creator === me ? "Cancel the table" : "Leave"));
      const name = h("input", { type: "text", "aria-label": `Invite a player to ${t.name}`, placeholder: "player name", required: true, minlength: "3", maxlength: "24" });
      actions.push(h("form", { class: "invite", onsubmit: (e) => {
        e.preventDefault();
        this.run(() => this.connection.request("invite", { table: t.id, name: name.value.trim() }).then(() => { name.value = ""; }));
      } }, name, h("button", { type: "submit" }, "Invite")));
    }
    if (t.status === "playing" || t.status === "finished") {
      actions.push(h("a", { class: "button primary", href: `#/table/${t.id}` }, awaiting ? "Play" : "Open"));
    }
    if (t.status === "finished") actions.push(h("a", { class: "button", href: `#/replay/${t.id}` }, "Replay"));
    const state = awaiting ? "your turn" : t.invited ? "invitation" : t.status === "open" ? "waiting for players" : t.status;
    return h("li", { class: `table-item${awaiting ? " awaiting" : ""}`, dataset: { table: t.id } },
      h("div", { class: "table-info" },
        h("strong", {}, t.name), " ", h("span", { class: `state ${awaiting ? "hot" : ""}` }, state),
        h("div", { class: "meta" }, `${seatsText(t)} · ${optionsText(t.options)}${t.status === "playing" ? ` · move ${t.move_number}` : ""}`)),
      h("div", { class: "table-actions" }, actions));
  }

  openTable(t) {
    return h("li", { class: "table-item", dataset: { table: t.id } },
      h("div", { class: "table-info" }, h("strong", {}, t.name), h("div", { class: "meta" }, `by ${t.creator} · ${seatsText(t)} · ${optionsText(t.options)}`)),
      h("div", { class: "table-actions" },
        h("button", { type: "button", class: "primary", onclick: () => this.run(() => this.connection.request("join_table", { table: t.id })) }, "Join")));
  }

  createForm() {
    const check = (name, label, checked) =>
      h("label", { class: "check" }, h("input", { type: "checkbox", name, checked }), ` ${label}`);
    const form = h("form", { class: "panel create", "aria-labelledby": "create-title", onsubmit: (e) => this.create(e) },
      h("h2", { id: "create-title" }, "Create a table"),
      h("div", { class: "fields" },
        h("label", {}, "Name ", h("input", { type: "text", name: "name", maxlength: "60", placeholder: `${this.session.user.name}'s table` })),
        h("label", {}, "Players ", h("select", { name: "players" }, [2, 3, 4, 5].map((n) => h("option", { value: String(n), selected: n === 2 }, n))))),
      h("fieldset", {}, h("legend", {}, "Expansions"),
        check("banquet", "The Banquet", false), check("new_society", "The New Society (needed for 5 players)", false)),
      h("fieldset", {}, h("legend", {}, "Options"),
        check("public_money", "Money visible to all", true),
        check("public_hands", "Hands visible to all", true),
        check("stack_peek", "Stack peek (see which cards remain)", true),
        check("pass_until_phase_end", "Pass until the end of the phase", true),
        h("label", {}, "Pub ", h("select", { name: "pub_timing" },
          h("option", { value: "building_actions", selected: true }, "during the building phase (online)"),
          h("option", { value: "after_building_scoring" }, "after building scoring (printed rules)")))),
      h("button", { type: "submit", class: "primary" }, "Create the table"));
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
