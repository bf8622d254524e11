// The page's words in the reader's language. Each language of the site's
// list (web/i18n/languages.js) is one catalogue, web/i18n/<code>.js, holding
// every word of the page under the same keys (a test compares them); the
// language is the one the reader chose on this browser, else the first of the
// browser's languages the page speaks, else English. Only the reader's
// catalogue is fetched (a phone pays for one language, not every one);
// changing the language fetches the new one, then tells the page to draw
// itself again.
import LANGUAGES from "../i18n/languages.js";

// One loader per language of the list, each import written out so that the
// build's bundler (web/build_web.cmake, which checks that every language of
// the list has its line here) makes each catalogue a file of its own.
const LOADERS = {
  en: () => import("../i18n/en.js"),
  fr: () => import("../i18n/fr.js"),
  ru: () => import("../i18n/ru.js"),
};
const STORAGE_KEY = "spb.language";

let current = initialLanguage();
let catalogue = (await LOADERS[current]()).default;
const events = new EventTarget();
document.documentElement.lang = current;

function initialLanguage() {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved && LANGUAGES.includes(saved)) return saved;
  for (const tag of navigator.languages?.length ? navigator.languages : [navigator.language || "en"]) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

// The languages the switch offers, each by its own name in its own language
// ("Français", "Русский"), without fetching its catalogue.
export function languages() {
  return LANGUAGES.map((code) => {
    const own = new Intl.DisplayNames([code], { type: "language" }).of(code);
    return { code, name: own.charAt(0).toLocaleUpperCase(code) + own.slice(1) };
  });
}

export function language() {
  return current;
}

export async function setLanguage(code) {
  if (!LANGUAGES.includes(code) || code === current) return;
  const next = (await LOADERS[code]()).default;
  current = code;
  catalogue = next;
  localStorage.setItem(STORAGE_KEY, code);
  document.documentElement.lang = code;
  events.dispatchEvent(new Event("change"));
}

export function onLanguageChange(listener) {
  events.addEventListener("change", listener);
}

function entry(key) {
  return catalogue.words[key];
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// A sentence from the catalogue with its {placeholders} filled in.
export function t(key, params = {}) {
  const text = entry(key);
  if (typeof text !== "string") return key;
  return fill(text, params);
}

export function has(key) {
  return typeof entry(key) === "string";
}

let pluralRules = null;
let pluralLanguage = null;

// A sentence that depends on a number ("1 ruble", "3 rubles"; in Russian,
// three forms): the catalogue holds one text per plural category.
export function tn(key, n, params = {}) {
  const forms = entry(key);
  if (!forms || typeof forms !== "object") return key;
  if (pluralLanguage !== current) {
    pluralRules = new Intl.PluralRules(current);
    pluralLanguage = current;
  }
  const text = forms[pluralRules.select(n)] ?? forms.other;
  return fill(text, { ...params, n });
}

// How a sentence names a card in passing ("a Market" in English, « Рынок »
// in Russian): each language's own rule.
export function mention(name) {
  return catalogue.grammar.mention(name);
}

// The locale dates are written in: the browser's own when it speaks the
// page's language (en-GB writes the day first, en-US the month), else the
// page's language.
function dateLocale() {
  const own = (navigator.languages?.length ? navigator.languages : [navigator.language || ""])
    .find((tag) => String(tag).toLowerCase().split("-")[0] === current);
  return own || current;
}

export function formatDate(unixSeconds) {
  return new Intl.DateTimeFormat(dateLocale(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(unixSeconds * 1000));
}

export function formatTime(unixSeconds) {
  return new Intl.DateTimeFormat(dateLocale(), { hour: "2-digit", minute: "2-digit" }).format(new Date(unixSeconds * 1000));
}

// A player's name as the reader reads it. A robot's name ("Robot Anna": a
// form no account can take, docs/robot.md) comes from the catalogue in the
// reader's language ("Робот Анна"); a person's name is theirs.
const ROBOT_NAME = /^Robot ([A-Z][a-z]+)$/;

export function playerName(name) {
  const robot = ROBOT_NAME.exec(name ?? "");
  if (!robot) return name;
  const key = `robot.${robot[1].toLowerCase()}`;
  return has(key) ? t("robot.name", { name: t(key) }) : name;
}

// A number with `digits` decimals as the reader's language writes it: "3.3"
// in English, "3,3" in French and Russian.
export function formatNumber(value, digits) {
  return new Intl.NumberFormat(dateLocale(), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

// A share (0.724) as a percentage with one decimal, in the reader's
// typography: "72.4%", "72,4 %".
export function formatPercent(share) {
  return new Intl.NumberFormat(dateLocale(), { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(share);
}

// "2 d 5 h", "3 h 20 min", "12 min": how long until a deadline, in the
// reader's words; null for no time at all.
export function formatDuration(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days) return t("time.days_hours", { days, hours });
  if (hours) return t("time.hours_minutes", { hours, minutes });
  if (minutes) return t("time.minutes", { minutes });
  return t("time.under_a_minute");
}

// A refusal in the reader's words, by its stable code (the server's English
// sentence when the page has none for that code). params fill in what the
// page knows ({name} for name_taken); {seconds} comes from the server's
// sentence for the throttles.
export function errorText(error, params = {}) {
  const code = error?.code;
  if (code && has(`error.${code}`)) {
    const seconds = String(error.message || "").match(/(\d+) s\b/)?.[1];
    const text = t(`error.${code}`, seconds === undefined ? params : { seconds, ...params });
    if (!/\{\w+\}/.test(text)) return text;
  }
  return error?.message || String(error);
}
