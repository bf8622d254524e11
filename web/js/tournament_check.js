// #/results/N: a finished tournament's results bundle (docs/tournaments.md
// "Checking the results") checked in the browser: every game's deal and moves
// as the deal's own check does it (fair_deal.js: crypto.subtle and the rules
// engine in WebAssembly), and with duplicate deals every round's deal against
// its commitment and its tables. The standings and the pairings are
// recomputed by `spb verify-tournament`, which the page offers the bundle for.
import { h, replace } from "./dom.js";
import { errorText, t, tn } from "./i18n.js";
import { bytesOf, checkDeal, hex } from "./fair_deal.js";

// The bundle's lines as {head, tables: [{meta, record}]}, or throws a sentence.
export function readBundle(text) {
  const lines = text.split("\n").filter((line) => line.trim()).map((line) => JSON.parse(line));
  const head = lines[0];
  if (head?.format !== "spb-tournament") throw new Error(t("results.not_a_bundle"));
  const tables = [];
  let open = null;
  for (const line of lines.slice(1)) {
    if (line.tournament_table) {
      open = { meta: line.tournament_table, record: { header: null, moves: [], trailer: null } };
      tables.push(open);
    } else if (open && !open.record.header) {
      open.record.header = line;
    } else if (open && line.end !== undefined) {
      open.record.trailer = line;
      open = null;
    } else if (open) {
      open.record.moves.push(line);
    }
  }
  const last = lines[lines.length - 1];
  if (last?.end !== "spb-tournament" || last.tables !== tables.length) throw new Error(t("results.cut_short"));
  return { head, tables };
}

// With duplicate deals: each round's secret against its commitment, and each
// of its tables naming that deal. Steps as fair_deal.js's: {held, text}.
async function roundDealSteps(head, tables) {
  const steps = [];
  for (const round of head.rounds) {
    const deal = round.deal;
    if (!deal) {
      steps.push({ held: false, text: t("results.round_no_deal", { round: round.round }) });
      continue;
    }
    const commitment = hex(await crypto.subtle.digest("SHA-256", bytesOf(deal.secret)));
    const given = deal.contributions.map((c) => c.contribution.toLowerCase()).sort();
    const theirs = tables.filter((x) => x.meta.round === round.round);
    const agree = theirs.every(({ record }) => {
      const d = record.header?.deal;
      return d?.scheme === "spb-duplicate-v1" && d.commitment === deal.commitment && d.secret === deal.secret
        && JSON.stringify((d.round_contributions ?? []).map((c) => c.toLowerCase()).sort()) === JSON.stringify(given);
    });
    const held = commitment === deal.commitment && agree;
    steps.push({ held, text: t(held ? "results.round_deal_held" : "results.round_deal_failed",
      { round: round.round, tables: theirs.length, n: given.length }) });
  }
  return steps;
}

export class TournamentCheckPage {
  constructor(connection, id) {
    this.connection = connection;
    this.id = id;
    this.result = h("div", { class: "deal-check", "aria-live": "polite" });
    this.element = h("div", { class: "deal-page results-check" },
      h("h1", {}, t("results.title", { id })),
      h("p", {}, h("a", { href: `#/tournament/${id}` }, t("results.back"))),
      h("p", {}, t("results.explain")),
      this.result);
  }

  async start() {
    replace(this.result, h("p", {}, t("results.reading")));
    let text;
    let bundle;
    try {
      text = (await this.connection.request("tournament_bundle", { tournament: this.id })).bundle;
      bundle = readBundle(text);
    } catch (error) {
      replace(this.result, h("p", { class: "refusal", role: "alert" }, errorText(error)));
      return;
    }
    const list = h("ul", { class: "deal-steps" });
    const verdict = h("p", { class: "deal-verdict" }, tn("results.checking", bundle.tables.length));
    const file = new Blob([text], { type: "application/x-ndjson" });
    replace(this.result, list, verdict,
      h("p", {}, t("results.cli"), " ",
        h("a", { href: URL.createObjectURL(file), download: `tournament-${this.id}.jsonl` }, t("results.download")),
        " ", h("code", {}, `spb verify-tournament tournament-${this.id}.jsonl`)));
    const add = (step) => list.append(h("li", { class: step.held ? "held" : "failed" },
      h("span", { class: "deal-mark", "aria-hidden": "true" }, step.held ? "✔ " : "✘ "),
      h("span", { class: "visually-hidden" }, step.held ? t("deal.held") : t("deal.failed")), step.text));
    let failed = 0;
    let games = 0;
    for (const { meta, record } of bundle.tables) {
      const where = t("results.table", { round: meta.round, number: meta.table });
      if (meta.status !== "finished") {
        add({ held: true, text: t("results.table_aborted", { where }) });
        continue;
      }
      const steps = await checkDeal(record, meta.id);
      const wrong = steps.find((s) => !s.held && s.text !== t("deal.server_alone"));
      games += 1;
      if (wrong) failed += 1;
      add({ held: !wrong, text: wrong ? t("results.game_failed", { where, why: wrong.text })
        : tn("results.game_held", record.moves.length, { where }) });
    }
    if (bundle.head.tournament.duplicate) {
      for (const step of await roundDealSteps(bundle.head, bundle.tables)) {
        if (!step.held) failed += 1;
        add(step);
      }
    }
    verdict.className = `deal-verdict ${failed ? "not-proven" : "proven"}`;
    verdict.textContent = failed ? tn("results.verdict_failed", failed) : tn("results.verdict_held", games);
  }

  stop() {}
}
