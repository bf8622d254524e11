// The deal nobody controls alone (docs/fairness.md), in the browser: this
// browser's contribution to a table's deal, made with crypto.getRandomValues
// and kept so the check can find it again; the commitment as the lists and
// the table page show it; and the check of a finished game's deal, done here
// with crypto.subtle (the secret against the commitment, the seed against the
// secret and the contributions) and with the project's own rules engine built
// to WebAssembly (web/verifier: it deals from that seed and replays every move
// against the recorded state hashes), named step by step in words.
import { h, replace } from "./dom.js";
import { errorText, playerName, t, tn } from "./i18n.js";

const SCHEME = "spb-deal-v1";
// A duplicate tournament round's deal, shared by the round's tables (docs/fairness.md "Duplicate deals").
const SHARED_SCHEME = "spb-duplicate-v1";
const storageKey = (table) => `spb.contribution.${table}`;
const ROUND_PREFIX = "spb.round_contribution.";

export const hex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
export const bytesOf = (text) => Uint8Array.from(text.match(/../g).map((pair) => parseInt(pair, 16)));
export const short = (text) => `${text.slice(0, 16)}…`;

// 32 random bytes for the table, remembered on this browser.
export function newContribution(table) {
  const value = hex(crypto.getRandomValues(new Uint8Array(32)));
  try {
    localStorage.setItem(storageKey(table), value);
  } catch {
    // A browser that keeps nothing still contributes; it only cannot compare later.
  }
  return value;
}

// 32 random bytes for a duplicate round's deal, remembered on this browser.
export function newRoundContribution(tournament, round) {
  const value = hex(crypto.getRandomValues(new Uint8Array(32)));
  try {
    localStorage.setItem(`${ROUND_PREFIX}${tournament}.${round}`, value);
  } catch {
    // As newContribution: it still counts, only the later comparison is lost.
  }
  return value;
}

// Every round contribution this browser made (a record does not name its tournament).
function myRoundContributions() {
  const mine = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(ROUND_PREFIX)) mine.push(localStorage.getItem(key));
    }
  } catch {
    // Nothing kept, nothing to compare.
  }
  return mine;
}

function myContribution(table) {
  try {
    return localStorage.getItem(storageKey(table));
  } catch {
    return null;
  }
}

// "Deal commitment 3fa4…": the line the lists and the table page show.
export function commitmentElement(table) {
  if (!table?.deal) return null;
  return h("div", { class: "deal-commitment", title: table.deal.commitment },
    t("deal.commitment", { commitment: short(table.deal.commitment) }), " ",
    table.status === "finished" ? h("a", { href: `#/deal/${table.id}` }, t("deal.check_link")) : null);
}

async function sha256(bytes) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

// docs/fairness.md: SHA-256("spb-deal-v1" || secret || per seat 0x01 ||
// contribution, or 0x00), the first 8 bytes read little-endian.
async function derivedSeed(secret, contributions) {
  const parts = [new TextEncoder().encode(SCHEME), bytesOf(secret)];
  for (const c of contributions) parts.push(c ? Uint8Array.of(1, ...bytesOf(c)) : Uint8Array.of(0));
  return seedOf(parts);
}

// docs/fairness.md "Duplicate deals": SHA-256("spb-duplicate-v1" || secret ||
// byte(players) || the contributions in byte order), the first 8 bytes read
// little-endian. Lowercase hex sorts as its bytes do.
async function sharedSeed(secret, players, contributions) {
  const sorted = contributions.map((c) => c.toLowerCase()).sort();
  return seedOf([new TextEncoder().encode(SHARED_SCHEME), bytesOf(secret), Uint8Array.of(players), ...sorted.map(bytesOf)]);
}

async function seedOf(parts) {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  const digest = await sha256(all);
  let seed = 0n;
  for (let i = 7; i >= 0; i--) seed = (seed << 8n) | BigInt(digest[i]);
  return seed;
}

// The steps of the check, each {held, text}; the record is table_record's.
// `progress` sees the steps so far before the moves are replayed, the slow part.
export async function checkDeal(record, table, progress = () => {}) {
  const steps = [];
  const step = (held, key, values) => steps.push({ held, text: t(key, values) });
  const header = record.header;
  const deal = header.deal;
  if (!deal) return [{ held: false, text: t("deal.none") }];
  if ((deal.scheme !== SCHEME && deal.scheme !== SHARED_SCHEME) || !deal.secret) {
    step(false, "deal.unknown");
    return steps;
  }
  const commitment = hex(await sha256(bytesOf(deal.secret)));
  if (commitment !== deal.commitment) {
    step(false, "deal.secret_differs", { commitment: short(deal.commitment) });
    return steps;
  }
  step(true, "deal.secret_matches", { commitment: short(deal.commitment) });
  if (deal.scheme === SHARED_SCHEME) return checkSharedDeal(record, steps, step, progress);
  const contributions = new Array(header.players).fill(null);
  for (const entry of deal.contributions) contributions[entry.seat] = entry.contribution;
  const names = new Map(header.seats.map((s) => [s.seat, playerName(s.name)]));
  const given = contributions.filter(Boolean).length;
  step(true, "deal.contributions", {
    list: contributions.map((c, seat) => t(c ? "deal.contributed" : "deal.contributed_nothing",
      { name: names.get(seat) || seat, value: c ? short(c) : "" })).join(t("list.separator")),
  });
  const mine = myContribution(table);
  if (mine) {
    const seat = contributions.indexOf(mine);
    step(seat >= 0, seat >= 0 ? "deal.mine_found" : "deal.mine_missing", { value: short(mine), seat });
  }
  const seed = await derivedSeed(deal.secret, contributions);
  const held = String(seed) === header.seed;
  step(held, held ? "deal.seed_matches" : "deal.seed_differs", { seed: String(seed), recorded: header.seed });
  if (!held) return steps;
  progress(steps);
  steps.push(await replayStep(record, seed));
  if (!given) step(false, "deal.server_alone");
  return steps;
}

// The rest of checkDeal for a duplicate round's table: the round's contributions, then the seed and the replay.
async function checkSharedDeal(record, steps, step, progress) {
  const { header } = record;
  const given = header.deal.round_contributions ?? [];
  step(true, "deal.round_contributions", { n: given.length, players: header.players });
  const mine = myRoundContributions().find((c) => given.includes(c));
  if (mine) step(true, "deal.mine_in_round", { value: short(mine) });
  const seed = await sharedSeed(header.deal.secret, header.players, given);
  const held = String(seed) === header.seed;
  step(held, held ? "deal.seed_matches" : "deal.seed_differs", { seed: String(seed), recorded: header.seed });
  if (!held) return steps;
  progress(steps);
  steps.push(await replayStep(record, seed));
  if (!given.length) step(false, "deal.server_alone");
  return steps;
}

// The engine in WebAssembly, loaded once, on the first check.
let verifier = null;
function loadVerifier() {
  verifier ??= import("/verifier/spb_verifier.js").then((module) => module.default());
  return verifier;
}

// Hands the record's setup, the seed derived here (never the record's) and
// its moves to the engine (web/verifier/verifier.cpp), and reads its answer.
async function replayRecord(record, seed) {
  const engine = await loadVerifier();
  const input = JSON.stringify({
    players: record.header.players,
    options: record.header.options ?? {},
    seed: String(seed),
    card_set_version: record.header.card_set_version,
    moves: record.moves ?? [],
    trailer: record.trailer ?? {},
  });
  const size = engine.lengthBytesUTF8(input) + 1;
  const text = engine._malloc(size);
  try {
    engine.stringToUTF8(input, text, size);
    return JSON.parse(engine.UTF8ToString(engine._spb_verify_record(text)));
  } finally {
    engine._free(text);
  }
}

// A fault of one move, named by its kind; the others concern the whole record.
const MOVE_FAULTS = new Set(["malformed", "gap", "no_seat", "unreadable", "refused", "state_hash"]);

// "All N moves replay…" or "Move K does not replay: …", as a step.
async function replayStep(record, seed) {
  let answer;
  try {
    answer = await replayRecord(record, seed);
  } catch (error) {
    // A module that trapped is left broken: the next check loads a fresh one.
    verifier = null;
    return { held: false, text: t("deal.replay_unavailable", { reason: String(error?.message ?? error) }) };
  }
  if (!answer.fault) {
    return { held: true, text: tn("deal.replay_proven", answer.moves, { hash: record.trailer.state_hash }) };
  }
  const { move, kind, reason } = answer.fault;
  if (MOVE_FAULTS.has(kind)) {
    return { held: false, move, text: t("deal.replay_move_fails", { move, why: t(`deal.fault_${kind}`), reason }) };
  }
  return { held: false, text: t(`deal.replay_${kind}`, { moves: answer.moves, reason }) };
}

function stepList(steps) {
  return h("ul", { class: "deal-steps" }, steps.map((s) => h("li", { class: s.held ? "held" : "failed", "data-move": s.move },
    h("span", { class: "deal-mark", "aria-hidden": "true" }, s.held ? "✔ " : "✘ "),
    h("span", { class: "visually-hidden" }, s.held ? t("deal.held") : t("deal.failed")), s.text)));
}

// #/deal/N: the check of a finished table's deal, in words.
export class DealCheckPage {
  constructor(connection, tableId) {
    this.connection = connection;
    this.tableId = tableId;
    this.result = h("div", { class: "deal-check", "aria-live": "polite" });
    this.element = h("div", { class: "deal-page" },
      h("h1", {}, t("deal.title", { id: tableId })),
      h("p", {}, h("a", { href: "#/" }, t("replay.back")), " · ", h("a", { href: `#/table/${tableId}` }, t("replay.table")),
        " · ", h("a", { href: `#/replay/${tableId}` }, t("lobby.replay"))),
      h("p", {}, t("deal.explain")),
      this.result);
  }

  async start() {
    replace(this.result, h("p", {}, t("deal.checking")));
    let record;
    try {
      record = await this.connection.request("table_record", { table: this.tableId });
    } catch (error) {
      replace(this.result, h("p", { class: "refusal", role: "alert" }, errorText(error)));
      return;
    }
    const steps = await checkDeal(record, this.tableId, (sofar) => replace(this.result, stepList(sofar),
      h("p", { class: "deal-replaying" }, tn("deal.replaying", record.moves?.length ?? 0))));
    const proven = steps.length > 0 && steps.every((s) => s.held);
    const file = new Blob([JSON.stringify(record)], { type: "application/json" });
    replace(this.result,
      stepList(steps),
      h("p", { class: `deal-verdict ${proven ? "proven" : "not-proven"}` }, t(proven ? "deal.verdict_proven" : "deal.verdict_not_proven")),
      h("p", {}, t("deal.replay_yourself"), " ",
        h("a", { href: URL.createObjectURL(file), download: `table-${this.tableId}-record.json` }, t("deal.download")),
        " ", h("code", {}, `spb verify-deal table-${this.tableId}-record.json`)));
  }

  stop() {}
}
