// The page's language catalogues (web/i18n/<code>.js for each language of
// web/i18n/languages.js) against each other, the card data, the protocol's
// enumerations and the page's own code: every key in every language, the same
// {placeholders}, every plural form a language needs, every card, error code,
// phase, stack and event named, every key the modules ask for present.
// Usage: node check_catalogues.mjs PROJECT_ROOT
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = process.argv[2];
if (!root) {
  console.error("usage: node check_catalogues.mjs PROJECT_ROOT");
  process.exit(2);
}

const problems = [];
const problem = (text) => problems.push(text);

// Node before 20.19 (Debian bookworm's 18) reads a .js file outside a
// package.json of "type": "module" as CommonJS, and stops at the catalogues'
// `export`; newer ones guess, so this run alone would not notice it missing.
const webPackage = JSON.parse(readFileSync(join(root, "web", "package.json"), "utf8"));
if (webPackage.type !== "module") problem(`web/package.json: "type" is ${JSON.stringify(webPackage.type)}, not "module"`);

// One catalogue per language of the site's list, and no other.
const i18nDir = join(root, "web", "i18n");
const codes = (await import(pathToFileURL(join(i18nDir, "languages.js")).href)).default;
if (codes[0] !== "en") {
  console.error(`web/i18n/languages.js starts with ${codes[0]}, not en`);
  process.exit(1);
}
for (const file of readdirSync(i18nDir).filter((f) => f.endsWith(".js") && f !== "languages.js")) {
  if (!codes.includes(file.replace(/\.js$/, ""))) problem(`web/i18n/${file} is no language of web/i18n/languages.js`);
}
const catalogues = {};
for (const code of codes) {
  try {
    catalogues[code] = (await import(pathToFileURL(join(i18nDir, `${code}.js`)).href)).default;
  } catch (error) {
    console.error(`web/i18n/${code}.js does not load: ${error.message}`);
    process.exit(1);
  }
}
const en = catalogues.en;

// The page offers the list's languages: a catalogue it did not load would never be shown.
const loader = readFileSync(join(root, "web", "js", "i18n.js"), "utf8");
if (!loader.includes('import LANGUAGES from "../i18n/languages.js";')) problem("web/js/i18n.js does not import web/i18n/languages.js");
for (const code of Object.keys(catalogues)) {
  if (!loader.includes(`${code}: () => import("../i18n/${code}.js"),`)) problem(`web/js/i18n.js has no loader for web/i18n/${code}.js`);
}

const placeholders = (text) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1].replace(/^a_/, "")));
const textsOf = (value) => (typeof value === "string" ? [value] : Object.values(value));
const sameSet = (a, b) => a.size === b.size && [...a].every((x) => b.has(x));

for (const [code, catalogue] of Object.entries(catalogues)) {
  if (typeof catalogue.name !== "string" || !catalogue.name) problem(`${code}: no name`);
  // The switch names a language without fetching its catalogue, from Intl (web/js/i18n.js's languages()).
  const own = new Intl.DisplayNames([code], { type: "language" }).of(code);
  if (catalogue.name !== own.charAt(0).toLocaleUpperCase(code) + own.slice(1)) problem(`${code}: its name "${catalogue.name}" is not Intl's "${own}"`);
  if (typeof catalogue.grammar?.mention !== "function") problem(`${code}: no grammar.mention`);
  else if (typeof catalogue.grammar.mention("X") !== "string" || !catalogue.grammar.mention("X").includes("X")) problem(`${code}: grammar.mention loses the name`);
  const words = catalogue.words;
  const rules = new Intl.PluralRules(code);
  const needed = new Set(["other"]);
  for (let n = 0; n <= 200; n++) needed.add(rules.select(n));
  for (const key of Object.keys(en.words)) {
    if (!(key in words)) {
      problem(`${code}: missing ${key}`);
      continue;
    }
    const mine = words[key];
    const theirs = en.words[key];
    if (typeof mine !== typeof theirs) {
      problem(`${code}: ${key} is ${typeof mine}, in English ${typeof theirs}`);
      continue;
    }
    if (typeof mine === "object") {
      for (const form of needed) if (typeof mine[form] !== "string") problem(`${code}: ${key} lacks its "${form}" form`);
      for (const form of Object.keys(mine)) if (!rules.resolvedOptions().pluralCategories.includes(form)) problem(`${code}: ${key} has a form "${form}" the language does not use`);
    }
    const expected = placeholders(textsOf(theirs)[0]);
    for (const text of textsOf(mine)) {
      if (!sameSet(placeholders(text), expected)) problem(`${code}: ${key} has {${[...placeholders(text)]}} where English has {${[...expected]}}`);
      if (!text.trim() && textsOf(theirs)[0].trim()) problem(`${code}: ${key} is empty`);
    }
  }
  for (const key of Object.keys(words)) if (!(key in en.words)) problem(`${code}: ${key} is not in English`);
}

// Every card, in every language; the English names and texts are the card data's.
const cards = JSON.parse(readFileSync(join(root, "engine", "data", "cards.json"), "utf8")).cards;
for (const c of cards) {
  if (en.words[`card.${c.id}`] !== c.name) problem(`en: card.${c.id} is "${en.words[`card.${c.id}`]}", the card data says "${c.name}"`);
  if (c.text && en.words[`card_text.${c.id}`] !== c.text) problem(`en: card_text.${c.id} differs from the card data's text`);
  if (!c.text && `card_text.${c.id}` in en.words) problem(`en: card_text.${c.id} for a card without text`);
}
for (const key of Object.keys(en.words)) {
  const m = key.match(/^card(?:_text)?\.(\w+)$/);
  if (m && !cards.some((c) => c.id === m[1])) problem(`en: ${key} names no card`);
}

// The protocol's enumerations: each error code, phase, stack, step, source and status has its words.
const defs = JSON.parse(readFileSync(join(root, "schema", "protocol", "defs.json"), "utf8")).$defs;
const required = [
  ...["rule_error_code", "protocol_error_code", "decode_error_code"].flatMap((d) => defs[d].enum.map((c) => `error.${c}`)),
  ...defs.round_phase.enum.map((p) => `phase.${p}`),
  ...defs.deck.enum.flatMap((d) => [`stack.${d}`, `stack_from.${d}`, `marker.${d}`]),
  ...defs.step.enum.filter((s) => s !== "actions" && s !== "finished").map((s) => `step.${s}`),
  ...defs.source.enum.map((s) => `from.${s}`),
  ...defs.table_status.enum.map((s) => `state.${s}`),
  ...defs.expansion.enum.map((e) => `expansion.${e}`),
];
for (const key of required) if (!(key in en.words)) problem(`en: missing ${key} (an enumeration of schema/protocol/defs.json)`);
// Every event the server sends has a sentence in the move log.
for (const type of defs.event_type.enum) {
  if (!Object.keys(en.words).some((k) => k === `log.${type}` || k.startsWith(`log.${type}_`))) {
    problem(`en: no log.${type} sentence`);
  }
}

// Every literal key the page asks for exists, and every key is asked for:
// named in the modules as a string, or under a prefix they complete at run
// time (`card.${id}`, `error.${code}`, ...).
const jsDir = join(root, "web", "js");
const named = new Set();
const prefixes = new Set();
for (const file of readdirSync(jsDir).filter((f) => f.endsWith(".js"))) {
  const source = readFileSync(join(jsDir, file), "utf8");
  for (const m of source.matchAll(/\b(?:t|tn|has)\(\s*"([^"]+)"/g)) {
    if (!(m[1] in en.words)) problem(`web/js/${file} asks for ${m[1]}, which en.js lacks`);
  }
  for (const m of source.matchAll(/"([a-z_]+(?:\.[a-z0-9_]+)+)"/g)) named.add(m[1]);
  for (const m of source.matchAll(/`([a-z_]+(?:\.[a-z0-9_]+)*\.[a-z0-9_]*)\$\{/g)) prefixes.add(m[1]);
}
for (const key of Object.keys(en.words)) {
  if (!named.has(key) && ![...prefixes].some((p) => key.startsWith(p))) problem(`en: ${key} is never used by web/js`);
}

if (problems.length) {
  for (const p of problems) console.log(`not ok - ${p}`);
  console.log(`${problems.length} problems in ${codes.join(", ")}`);
  process.exit(1);
}
console.log(`ok - ${codes.join(", ")}: ${Object.keys(en.words).length} keys each`);
