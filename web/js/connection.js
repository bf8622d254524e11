// The protocol client: one WebSocket to /ws on this page's origin, requests
// matched to replies by id, pushes dispatched as events, and an automatic
// reconnect (after a dropped network, a restarted server or a closed laptop)
// that says hello again and runs the registered resume steps (log in with the
// stored token, subscribe again with since_move) before anything else is sent.
// hello declares the reader's language, so the server's rule-error sentences
// come in it; a change of language says hello again.
import { language, onLanguageChange } from "./i18n.js";

export class ProtocolError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

const PROBE_TIMEOUT_MS = 4000;
// A reply this late means a half-open connection: start over and resume.
const REPLY_TIMEOUT_MS = 20000;
const MAX_BACKOFF_MS = 8000;

export class Connection extends EventTarget {
  constructor(url = defaultUrl()) {
    super();
    this.url = url;
    this.ws = null;
    this.ready = false;          // greeted and resumed: requests may flow
    this.nextId = 1;
    this.inFlight = new Map();   // id -> {resolve, reject, type}
    this.waiting = [];           // requests made while not ready
    this.resumeSteps = [];       // async () => void, run after each hello
    this.backoff = 250;
    this.reconnectTimer = null;
    this.status = "connecting";
    window.addEventListener("online", () => this.reconnectSoon(0));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.probe();
    });
    window.addEventListener("pageshow", () => this.probe());
    onLanguageChange(() => {
      if (this.ready) this.raw(this.ws, "hello", helloFields()).catch(() => {});
    });
  }

  start() {
    this.open();
  }

  // Runs on every (re)connection, after hello, in registration order.
  onResume(step) {
    this.resumeSteps.push(step);
    return () => {
      this.resumeSteps = this.resumeSteps.filter((s) => s !== step);
    };
  }

  // Sends a request; resolves with the reply's data, rejects with a ProtocolError.
  request(type, fields = {}) {
    return new Promise((resolve, reject) => {
      const entry = { type, fields, resolve, reject };
      if (this.ready) this.send(entry);
      else this.waiting.push(entry);
    });
  }

  setStatus(status) {
    this.status = status;
    this.dispatchEvent(new CustomEvent("status", { detail: status }));
  }

  open() {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.ready = false;
    this.setStatus("connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => this.greet(ws));
    ws.addEventListener("message", (e) => this.receive(e.data));
    ws.addEventListener("close", () => this.closed(ws));
  }

  async greet(ws) {
    try {
      await this.raw(ws, "hello", helloFields());
      for (const step of this.resumeSteps) await step();
    } catch (error) {
      this.drop(ws);
      return;
    }
    if (ws !== this.ws) return;
    this.backoff = 250;
    this.ready = true;
    this.setStatus("online");
    const waiting = this.waiting;
    this.waiting = [];
    for (const entry of waiting) this.send(entry);
  }

  // A request sent before the connection is ready (hello and the resume steps).
  raw(ws, type, fields) {
    return new Promise((resolve, reject) => this.send({ type, fields, resolve, reject }, ws));
  }

  // Resume steps call this: it bypasses the queue that waits for them.
  resumeRequest(type, fields = {}) {
    return this.raw(this.ws, type, fields);
  }

  send(entry, ws = this.ws) {
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      this.waiting.push(entry);
      return;
    }
    const id = this.nextId++;
    entry.timer = setTimeout(() => this.drop(ws), REPLY_TIMEOUT_MS);
    this.inFlight.set(id, entry);
    ws.send(JSON.stringify({ ...entry.fields, type: entry.type, id }));
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if ((message.type === "result" || message.type === "error") && this.inFlight.has(message.id)) {
      const entry = this.inFlight.get(message.id);
      this.inFlight.delete(message.id);
      clearTimeout(entry.timer);
      // compact_updates: an accepted act's result carries the move's own
      // table_update, pushed before the reply is answered as it came before.
      if (message.type === "result" && message.data?.update) {
        this.dispatchEvent(new CustomEvent("table_update", { detail: message.data.update }));
      }
      if (message.type === "result") entry.resolve(message.data);
      else entry.reject(new ProtocolError(message.code, message.message));
      return;
    }
    this.dispatchEvent(new CustomEvent(message.type, { detail: message }));
  }

  closed(ws) {
    if (ws !== this.ws || ws.handled) return;
    ws.handled = true;
    this.ready = false;
    this.setStatus("offline");
    // Requests in flight may or may not have been handled: their callers learn
    // the outcome from the resumed state (an act is safe to send again: the
    // server answers a repeated move with duplicate: true).
    for (const entry of this.inFlight.values()) {
      clearTimeout(entry.timer);
      entry.reject(new ProtocolError("disconnected", "The connection dropped; reconnecting…"));
    }
    this.inFlight.clear();
    this.reconnectSoon(this.backoff);
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
  }

  // Gives up on a socket at once: a dead peer may never finish the close.
  drop(ws) {
    ws.close();
    this.closed(ws);
  }

  reconnectSoon(delay) {
    if (this.ws && this.ws.readyState <= WebSocket.OPEN && this.status !== "offline") return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.open(), delay);
  }

  // After the page comes back (a laptop opened), a socket may look open while
  // its peer is long gone: ask something cheap and start over if nothing comes.
  probe() {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || !this.ready) {
      if (this.status === "offline") this.reconnectSoon(0);
      return;
    }
    const ws = this.ws;
    const timer = setTimeout(() => this.drop(ws), PROBE_TIMEOUT_MS);
    this.raw(ws, "hello", helloFields())
      .catch(() => {})
      .finally(() => clearTimeout(timer));
  }
}

function helloFields() {
  // compact_updates: each table_update carries the view's changes (table_page.js applies them).
  return { protocol: 1, client: "spb web client", language: language(), capabilities: ["compact_updates"] };
}

function defaultUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws`;
}
