// What the tests of the page's languages share (languages.mjs,
// tournaments.mjs): everything a page says, and the foreign words in it. An
// English word is one of the English catalogue's that the French catalogue
// lacks, on a French page; any Latin word on a Russian page; proper nouns
// (players', tables' and tournaments' names) are allowed by the caller.
import en from "../../web/i18n/en.js";
import fr from "../../web/i18n/fr.js";

function wordsOf(catalogue) {
  const words = new Set();
  const walk = (value) => {
    if (typeof value === "string") for (const w of value.replace(/\{\w+\}/g, " ").match(/\p{L}+(?:['’]\p{L}+)?/gu) || []) words.add(w.toLowerCase());
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(catalogue.words);
  return words;
}
const FRENCH = wordsOf(fr);
// The raw values a page once showed (the administrators' log's) are English too.
const ENGLISH = new Set([...wordsOf(en), "ok", "administrator", "admin", "abort"].filter((w) => w.length > 1 && !FRENCH.has(w)));

// The Latin words of a text, leaving out chunks with digits (a deal's
// commitment, a time) and the server's command-line options (--admin-token).
function latinWords(text) {
  return text.split(/\s+/).filter((chunk) => !/\d/.test(chunk) && !/(^|\()--\w/.test(chunk))
    .flatMap((chunk) => chunk.match(/\p{Script=Latin}+(?:['’]\p{Script=Latin}+)?/gu) || []);
}

// The words of `text` foreign to a page in language `code` ("fr", "ru"),
// those of `allowed` (a Set) left out.
export function foreignWords(text, code, allowed) {
  const words = latinWords(text).filter((w) => !allowed.has(w));
  return [...new Set(code === "ru" ? words : words.filter((w) => ENGLISH.has(w.toLowerCase()) || ENGLISH.has(w.toLowerCase().replace(/['’].*/, ""))))];
}

// Each foreign word with the text around it, for a failure's message.
export function inContext(text, words) {
  return words.map((w) => {
    const at = text.search(new RegExp(`(^|[^A-Za-z])${w}([^A-Za-z]|$)`));
    return `${w} ("${text.slice(Math.max(0, at - 30), at + w.length + 30).replace(/\s+/g, " ")}")`;
  }).join(", ");
}

// Everything a page says: its text on screen, its title, every label and
// tooltip (the cards' tips included), every option of every select.
export function pageText(page) {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
      for (const a of ["title", "aria-label", "placeholder", "alt"]) if (el.getAttribute(a)) parts.push(el.getAttribute(a));
    }
    for (const el of document.querySelectorAll("option, .card-tip, svg title, svg text")) parts.push(el.label || el.textContent);
    for (const el of document.querySelectorAll("optgroup")) parts.push(el.label);
    return parts.join("\n");
  });
}
