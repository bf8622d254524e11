// The menu a card opens when it is clicked (or Enter, Space): what may be
// done with it, each at its price, and Cancel. It is a real menu for the
// keyboard and screen readers: focus moves to its first item, the arrow keys
// move between items, Escape closes it and gives the focus back to the card.
import { cardName, rulesHref } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { menuLabel } from "./card_actions.js";

export class CardMenu {
  constructor(perform) {
    this.perform = perform; // (action, the card's element) => void
    this.element = null;
    this.card = null;
    this.onOutside = (e) => {
      if (this.element && !this.element.contains(e.target) && e.target !== this.card && !this.card?.contains(e.target)) this.close(false);
    };
  }

  get open() {
    return this.element !== null;
  }

  toggle(cardEl, actions) {
    if (this.card === cardEl && this.open) return this.close(true);
    this.show(cardEl, actions);
  }

  show(cardEl, actions) {
    this.close(false);
    this.card = cardEl;
    const id = cardEl.dataset.card;
    const items = actions.map((a) => h("button", {
      type: "button", role: "menuitem", class: `act ${a.type}${a.displace ? " displacing" : ""}${a.target ? " targeting" : ""}`,
      dataset: { type: a.type, place: cardEl.dataset.place, card: a.card, displace: a.displace || "", target: a.target || "", price: a.price ?? "" },
      onclick: () => {
        const card = this.card;
        this.close(false);
        this.perform(a, card);
      },
    }, menuLabel(a)));
    const rules = h("a", { role: "menuitem", class: "rules", href: rulesHref(id), onclick: () => this.close(false) }, t("menu.rules"));
    const cancel = h("button", { type: "button", role: "menuitem", class: "cancel", onclick: () => this.close(true) }, t("menu.cancel"));
    this.element = h("div", { class: "card-menu", role: "menu", "aria-label": cardName(id), onkeydown: (e) => this.key(e) },
      h("p", { class: "card-menu-title", "aria-hidden": "true" }, cardName(id)), items, rules, cancel);
    // In the page's main landmark, where a screen reader's reading by
    // landmarks finds it (main is not positioned: the same place as in the body).
    document.getElementById("main").append(this.element);
    this.place();
    cardEl.setAttribute("aria-expanded", "true");
    cardEl.classList.add("menu-open");
    document.addEventListener("pointerdown", this.onOutside, true);
    items[0]?.focus();
  }

  // Below the card, kept inside the window's width.
  place() {
    const rect = this.card.getBoundingClientRect();
    const width = this.element.offsetWidth;
    const room = document.documentElement.clientWidth;
    const left = Math.max(4, Math.min(rect.left, room - width - 4));
    this.element.style.left = `${left + window.scrollX}px`;
    this.element.style.top = `${rect.bottom + window.scrollY + 4}px`;
  }

  close(refocus) {
    if (!this.element) return;
    document.removeEventListener("pointerdown", this.onOutside, true);
    this.element.remove();
    this.element = null;
    const card = this.card;
    this.card = null;
    if (card?.isConnected) {
      card.setAttribute("aria-expanded", "false");
      card.classList.remove("menu-open");
      if (refocus) card.focus();
    }
  }

  key(event) {
    const items = [...this.element.querySelectorAll("[role=menuitem]")];
    const at = items.indexOf(document.activeElement);
    const go = (i) => items[(i + items.length) % items.length].focus();
    switch (event.key) {
      case "ArrowDown": go(at + 1); break;
      case "ArrowUp": go(at - 1); break;
      case "Home": go(0); break;
      case "End": go(items.length - 1); break;
      case "Escape": this.close(true); break;
      case "Tab": this.close(true); break;
      default: return;
    }
    event.preventDefault();
  }
}
