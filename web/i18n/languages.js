// The languages of the site, the one list: English first, the language every
// text falls back to. The page offers each (web/js/i18n.js loads
// web/i18n/<code>.js); the build reads this list for the server's catalogues
// (protocol/catalogue_<code>.cpp) and mail texts
// (server/notices/mail_texts.cpp) and stops while one lacks a
// language; tests/i18n/check_languages.mjs checks every key in every language
// of all three. Adding one: docs/architecture.md, "Add a language".
export default ["en", "fr", "ru"];
