// What a screen reader hears of the table without looking for it: the moves
// of the others as they arrive, in the move log's words, politely (after what
// it is reading), and on one keystroke (S) the state of the game: the round,
// the phase, whose turn, the time left, my rubles, as the status bar says them.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { describeMove } from "./move_log.js";

// The key by its place on the keyboard: S on a Latin layout, Ы on a Russian one.
const STATE_KEY = "KeyS";

export class Announcer {
  constructor(statusHolder) {
    this.statusHolder = statusHolder;
    this.element = h("p", { class: "visually-hidden announcer", "aria-live": "polite", "aria-atomic": "true" });
    this.onKey = (event) => {
      if (event.code !== STATE_KEY || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target.closest?.("input, textarea, select, [contenteditable]")) return;
      event.preventDefault();
      this.sayState();
    };
  }

  start() {
    document.addEventListener("keydown", this.onKey);
  }

  stop() {
    document.removeEventListener("keydown", this.onKey);
  }

  // Moves that arrived live: the others' (and my seat's when someone else
  // chose it: a robot, the timeout), then whether it is my turn now.
  moves(moves, names, mySeat, myTurn) {
    const others = moves.filter((m) => m.seat !== mySeat || (m.actor && m.actor !== "player"));
    if (!others.length) return;
    const lines = others.flatMap((m) => describeMove(m, names));
    if (myTurn) lines.push(t("announce.your_turn"));
    this.say(lines.join(" "));
  }

  // The status bar's parts, each as it would be read: its label, else its text.
  sayState() {
    const bar = this.statusHolder.querySelector(".status");
    if (!bar) return;
    const parts = [...bar.children]
      .filter((el) => el.getAttribute("aria-hidden") !== "true" && el.tagName !== "BUTTON")
      .map((el) => (el.getAttribute("aria-label") || el.textContent).trim())
      .filter(Boolean);
    this.say(parts.join(". "));
  }

  // The same words twice are still said twice: the region is emptied first.
  say(text) {
    this.element.textContent = "";
    requestAnimationFrame(() => { this.element.textContent = text; });
  }
}
