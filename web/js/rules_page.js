// The rules (#/rules, #/rules/CARD): the game as played here, the online
// variant's changes, each table option with the create form's own words, the
// expansions, and every card with its numbers drawn from the card catalogue
// (/cards.json, the one card table: no number is written here), searchable by
// its name. The prose is the catalogue's (rules.*), in the reader's language.
import { aristocratBonus, card, cardIds, cardName, catalogueOrder, describeCard } from "./cards.js";
import { h } from "./dom.js";
import { t, tn } from "./i18n.js";

const EXPANSIONS = ["base", "new_society", "banquet"];
const DECKS = ["worker", "building", "aristocrat", "trading"];

// Each table option: its name and its explanation as the create form words them.
const OPTIONS = ["players", "robots", "private", "banquet", "new_society", "public_money", "public_hands", "auto_pass_forced",
  "stack_peek", "pass_until_phase_end", "pub", "deadline", "takeover_after", "takeover_by", "timeout_vote", "rated", "min_rating", "max_timeout_rate"];
const OPTION_NAME = { banquet: "expansion.banquet", new_society: "expansion.new_society" };

// The cards the prose names, by the catalogue's names in the reader's language.
const NAMED = { warehouse: "warehouse", workshop: "carpenter_workshop", smelter: "gold_smelter", commune: "obshchina_commune",
  czar: "czar_and_carpenter", pub: "pub", guild_hall: "guild_hall", trading_house: "trading_house", sycophant: "sycophant",
  debtors_prison: "debtors_prison", village: "potjomkins_village" };

function names() {
  const named = Object.fromEntries(Object.entries(NAMED).map(([key, id]) => [key, cardName(id)]));
  const replaced = [...new Set(cardIds().filter((id) => card(id).replaced_by_new_society).map(cardName))];
  return { ...named, replaced: replaced.join(t("list.separator")) };
}

function paragraphs(...keys) {
  const params = names();
  return keys.map((key) => h("p", {}, t(key, params)));
}

function section(id, title, ...content) {
  return h("section", { class: "panel rules-section", id, "aria-labelledby": `${id}-title` }, h("h2", { id: `${id}-title` }, title), ...content);
}

// Normalised for searching: no case, no accents ("Theatre" finds "Théâtre").
function folded(text) {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

export class RulesPage {
  constructor(cardId = null) {
    this.cardId = cardId;
    this.found = h("p", { class: "rules-found", role: "status" });
    this.entries = [];
    const search = h("input", { type: "search", id: "rules-search", autocomplete: "off", oninput: (e) => this.search(e.target.value) });
    this.element = h("div", { class: "rules-page" },
      h("h1", {}, t("rules.title")),
      h("nav", { class: "panel rules-contents", "aria-label": t("rules.contents") },
        h("ul", {}, [["rules-game", "rules.game_title"], ["rules-online", "rules.online_title"], ["rules-options", "rules.options_title"],
          ["rules-expansions", "rules.expansions_title"], ["rules-cards", "rules.cards_title"]]
          .map(([id, key]) => h("li", {}, h("a", { href: `#${id}`, onclick: (e) => this.jump(e, id) }, t(key)))))),
      this.game(), this.online(), this.options(), this.expansions(),
      section("rules-cards", t("rules.cards_title"),
        h("p", {}, t("rules.cards_intro")),
        h("p", { class: "rules-search" }, h("label", { for: "rules-search" }, t("rules.search")), " ", search),
        this.found,
        this.cards()));
  }

  // The address's fragment is the router's: a contents link moves there itself.
  jump(event, id) {
    event.preventDefault();
    const target = document.getElementById(id);
    target?.setAttribute("tabindex", "-1");
    target?.focus();
  }

  game() {
    const bonus = aristocratBonus();
    return section("rules-game", t("rules.game_title"),
      paragraphs("rules.goal", "rules.setup"),
      h("h3", {}, t("rules.round_title")), paragraphs("rules.round", "rules.round_end"),
      h("h3", {}, t("rules.actions_title")), paragraphs("rules.actions", "rules.pass"),
      h("h3", {}, t("rules.prices_title")), paragraphs("rules.prices"),
      h("h3", {}, t("rules.trading_title")), paragraphs("rules.trading"),
      h("h3", {}, t("rules.scoring_title")), paragraphs("rules.scoring"),
      h("h3", {}, t("rules.end_title")), paragraphs("rules.end"),
      h("div", { class: "table-scroll", tabindex: "0" }, h("table", { class: "rules-bonus" },
        h("caption", {}, t("rules.bonus_caption")),
        h("tr", {}, h("th", { scope: "row" }, t("rules.bonus_different")), bonus.slice(1).map((_, i) => h("td", {}, i + 1 === bonus.length - 1 ? `${i + 1}+` : i + 1))),
        h("tr", {}, h("th", { scope: "row" }, t("rules.bonus_points")), bonus.slice(1).map((points) => h("td", {}, points))))),
      paragraphs("rules.end_more"));
  }

  online() {
    return section("rules-online", t("rules.online_title"),
      paragraphs("rules.online_intro", "rules.online_public", "rules.online_peek", "rules.online_pass", "rules.online_pub",
        "rules.online_guild_hall", "rules.online_trading_house", "rules.online_sycophant", "rules.online_forced"));
  }

  options() {
    return section("rules-options", t("rules.options_title"),
      h("p", {}, t("rules.options_intro")),
      h("dl", { class: "rules-options" }, OPTIONS.map((option) => [
        h("dt", {}, t(OPTION_NAME[option] || `create.${option}`)),
        h("dd", {}, t(`create.${option}_explain`),
          option === "pub" ? ` (${t("create.pub_building_actions")}; ${t("create.pub_after_scoring")})` : null)])));
  }

  expansions() {
    return section("rules-expansions", t("rules.expansions_title"),
      h("h3", {}, t("expansion.new_society")), paragraphs("rules.new_society"),
      h("h3", {}, t("expansion.banquet")), paragraphs("rules.banquet"));
  }

  // Every card by expansion and stack, in the catalogue's order.
  cards() {
    const ids = cardIds().sort(catalogueOrder);
    return EXPANSIONS.map((expansion) => {
      const here = ids.filter((id) => card(id).expansion === expansion);
      if (!here.length) return null;
      return h("div", { class: "rules-expansion" },
        h("h3", {}, expansion === "base" ? t("rules.base_game") : t(`expansion.${expansion}`)),
        DECKS.map((deck) => {
          const cards = here.filter((id) => card(id).deck === deck);
          return cards.length ? h("div", { class: "rules-deck" }, h("h4", {}, t(`stack.${deck}`)), h("div", { class: "rules-cards" }, cards.map((id) => this.entry(id)))) : null;
        }));
    });
  }

  entry(id) {
    const c = card(id);
    const notes = [tn("rules.copies", c.count)];
    if (c.new_society_extra_copies) notes.push(t("rules.extra_copies", { n: c.new_society_extra_copies }));
    if (c.replaces) notes.push(t("rules.replaces"));
    if (c.replaced_by_new_society) notes.push(t("rules.replaced"));
    const element = h("article", { class: `rules-card ${c.color}`, id: `rules-card-${id}`, tabindex: "-1", dataset: { card: id } },
      h("h5", {}, cardName(id)),
      describeCard(id).map((line) => h("p", {}, line)),
      h("p", { class: "rules-card-notes" }, notes.join(" · ")));
    this.entries.push({ element, name: folded(cardName(id)) });
    return element;
  }

  search(query) {
    const wanted = folded(query.trim());
    let shown = 0;
    for (const { element, name } of this.entries) {
      const match = !wanted || name.includes(wanted);
      element.hidden = !match;
      if (match) shown++;
    }
    for (const group of this.element.querySelectorAll(".rules-deck, .rules-expansion")) {
      group.hidden = ![...group.querySelectorAll(".rules-card")].some((e) => !e.hidden);
    }
    this.found.textContent = wanted ? (shown ? tn("rules.found", shown) : t("rules.found_none")) : "";
  }

  async start() {
    const entry = this.cardId && document.getElementById(`rules-card-${this.cardId}`);
    if (entry) {
      entry.classList.add("asked");
      entry.focus();
    }
  }

  stop() {}
}
