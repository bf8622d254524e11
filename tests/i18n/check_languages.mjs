// The site's one list of languages (web/i18n/languages.js) against the three
// catalogues that follow it: the page's (web/i18n/<code>.js), the server's
// (protocol/catalogue_<code>.cpp) and the mail texts
// (server/notices/mail_texts.cpp). Each speaks exactly the list's
// languages; every key is in every language, not empty, with English's
// {placeholders}; the server's counted words have the forms the language's
// plural rule needs and pick them as Intl.PluralRules does; every card has
// its name, the page's, in every language, and every rule error its sentence
// in every language but English (whose are the engine's). Also
// web/index.html's note for browsers without JavaScript is in every language,
// and the protocol's schemas offer the list's codes wherever they take one.
// The server's side is read from its catalogues themselves, printed by the
// program SERVER_CATALOGUES (tests/i18n/server_catalogues.cpp).
// Usage: node check_languages.mjs PROJECT_ROOT SERVER_CATALOGUES
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [root, serverCatalogues] = process.argv.slice(2);
if (!root || !serverCatalogues) {
  console.error("usage: node check_languages.mjs PROJECT_ROOT SERVER_CATALOGUES");
  process.exit(2);
}

const problems = [];
const problem = (text) => problems.push(text);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const placeholders = (text) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

const languages = (await import(pathToFileURL(join(root, "web", "i18n", "languages.js")).href)).default;
if (!Array.isArray(languages) || languages[0] !== "en" || new Set(languages).size !== languages.length) {
  console.error(`web/i18n/languages.js: ${JSON.stringify(languages)} is not a list of distinct codes starting with en`);
  process.exit(1);
}

// Each key of English in every other language: not empty, the same placeholders.
function compare(where, english, other, code) {
  for (const [key, text] of Object.entries(english)) {
    if (!(key in other)) problem(`${where} ${code}: missing ${key}`);
    else if (typeof text === "string" && typeof other[key] === "string") {
      if (!other[key].trim()) problem(`${where} ${code}: ${key} is empty`);
      else if (!same(placeholders(other[key]), placeholders(text))) {
        problem(`${where} ${code}: ${key} has {${placeholders(other[key])}} where English has {${placeholders(text)}}`);
      }
    }
  }
  for (const key of Object.keys(other)) if (!(key in english)) problem(`${where} ${code}: ${key} is not in English`);
}

// The page: one catalogue per language of the list (tests/i18n/check_catalogues.mjs checks each in depth).
const page = {};
for (const code of languages) {
  try {
    page[code] = (await import(pathToFileURL(join(root, "web", "i18n", `${code}.js`)).href)).default.words;
  } catch (error) {
    problem(`the page: web/i18n/${code}.js does not load (${error.message})`);
  }
}
for (const file of readdirSync(join(root, "web", "i18n"))) {
  const code = file.replace(/\.js$/, "");
  if (file.endsWith(".js") && file !== "languages.js" && !languages.includes(code)) problem(`the page: web/i18n/${file} is no language of the list`);
}
for (const code of languages.slice(1)) if (page.en && page[code]) compare("the page", page.en, page[code], code);
// Before any script runs, web/index.html says in every language that the page needs JavaScript.
const noscript = readFileSync(join(root, "web", "index.html"), "utf8").match(/<noscript>([\s\S]*?)<\/noscript>/)?.[1] ?? "";
const noscriptLanguages = [...noscript.matchAll(/<p lang="([a-z]+)">/g)].map((m) => m[1]);
if (!same(noscriptLanguages, languages)) problem(`the page: web/index.html's <noscript> speaks ${noscriptLanguages}, the list ${languages}`);

// The server and its mail texts, as the server holds them.
const server = JSON.parse(execFileSync(serverCatalogues, { encoding: "utf8" }));
if (!same(server.languages, languages)) problem(`the server speaks ${server.languages}, the list says ${languages}`);
const defs = JSON.parse(readFileSync(join(root, "schema", "protocol", "defs.json"), "utf8")).$defs;
const cards = JSON.parse(readFileSync(join(root, "engine", "data", "cards.json"), "utf8")).cards;
const en = server.catalogue.en;
for (const code of languages) {
  const mine = server.catalogue[code];
  if (!mine) {
    problem(`the server: no catalogue for ${code}`);
    continue;
  }
  if (mine.language !== code) problem(`the server: ${code}'s catalogue says it is ${mine.language}`);

  // Intl's plural categories of whole numbers, and the server's form for each.
  const rules = new Intl.PluralRules(code);
  const categories = [...new Set(mine.plural_forms.map((_, n) => rules.select(n)))];
  // The same partition of 0 to 200: the first pair that differs is named.
  plural: for (let n = 0; n < mine.plural_forms.length; n++) {
    for (let m = 0; m < n; m++) {
      if ((mine.plural_forms[n] === mine.plural_forms[m]) !== (rules.select(n) === rules.select(m))) {
        problem(`the server ${code}: plural forms of ${m} and ${n} are ${mine.plural_forms[m]} and ${mine.plural_forms[n]}, Intl says ${rules.select(m)} and ${rules.select(n)}`);
        break plural;
      }
    }
  }
  for (const [word, text] of Object.entries(en.words)) {
    const theirs = mine.words[word];
    if (typeof theirs !== "string" || !theirs.trim()) {
      problem(`the server ${code}: word ${word} is empty`);
      continue;
    }
    const counted = text.includes("|");
    const forms = theirs.split("|");
    if (counted && forms.length !== categories.length) problem(`the server ${code}: word ${word} has ${forms.length} plural forms, the language needs ${categories.length}`);
    if (!counted && forms.length !== 1) problem(`the server ${code}: word ${word} has plural forms, English has none`);
    for (const form of forms) {
      if (!same(placeholders(form), placeholders(text.split("|")[0]))) problem(`the server ${code}: word ${word} has {${placeholders(form)}} where English has {${placeholders(text.split("|")[0])}}`);
    }
  }

  // English's rule errors are the engine's own sentences; every other language has one per code.
  if (code === "en") {
    if (Object.keys(mine.rule_errors).length) problem("the server en: rule errors are the engine's sentences, yet the catalogue has its own");
  } else {
    for (const error of defs.rule_error_code.enum) {
      if (!mine.rule_errors[error]?.trim()) problem(`the server ${code}: no sentence for the rule error ${error}`);
    }
  }
  for (const card of cards) {
    const name = mine.cards[card.id];
    if (!name?.trim()) problem(`the server ${code}: card ${card.id} has no name`);
    else if (page[code] && name !== page[code][`card.${card.id}`]) problem(`the server ${code}: card ${card.id} is "${name}", the page says "${page[code][`card.${card.id}`]}"`);
  }

  const mail = server.mail[code];
  if (!mail?.written) problem(`the mail texts: ${code} is not written`);
  else if (code !== "en") compare("the mail texts", server.mail.en.texts, mail.texts, code);
}
for (const code of Object.keys(server.catalogue)) if (!languages.includes(code)) problem(`the server: a catalogue for ${code}, no language of the list`);

// The protocol's schemas: a field named language with an enum offers the list's codes.
function languageEnums(node, path, found) {
  if (Array.isArray(node)) node.forEach((value, i) => languageEnums(value, `${path}/${i}`, found));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "language" && value && Array.isArray(value.enum)) found.push([`${path}/${key}`, value.enum]);
      languageEnums(value, `${path}/${key}`, found);
    }
  }
  return found;
}
const schemaDir = join(root, "schema", "protocol");
let enums = 0;
for (const file of readdirSync(schemaDir).filter((f) => f.endsWith(".json"))) {
  for (const [path, codes] of languageEnums(JSON.parse(readFileSync(join(schemaDir, file), "utf8")), file, [])) {
    enums++;
    if (!same(codes, languages)) problem(`schema/protocol/${path}: ${codes}, the list says ${languages}`);
  }
}
if (!enums) problem("schema/protocol: no language field with an enum found (has the check lost its way?)");

if (problems.length) {
  for (const p of problems) console.log(`not ok - ${p}`);
  console.log(`${problems.length} problems in ${languages.join(", ")}`);
  process.exit(1);
}
console.log(`ok - ${languages.join(", ")}: the page ${Object.keys(page.en).length} keys, the server ${Object.keys(en.words).length} words, ` +
            `${defs.rule_error_code.enum.length} rule errors and ${cards.length} cards, the mail ${Object.keys(server.mail.en.texts).length} texts, ` +
            `${enums} language fields of the schemas, each in every language`);
