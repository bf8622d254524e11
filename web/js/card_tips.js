// A card's tip on a touch screen, where nothing hovers: a tap on a card opens
// its tip and closes any other, a tap on the open card or anywhere else
// closes it (a tap on the tip's link to the rules follows the link). The
// mouse's hover and the keyboard's focus open tips by CSS; Enter on a card
// that is no control opens its rules, as its tip's link does.
import { rulesHref } from "./cards.js";

let open = null;

function close() {
  open?.classList.remove("tip-open");
  open = null;
}

export function installCardTips() {
  document.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" || event.target.closest?.(".tip-rules")) return;
    const card = event.target.closest?.(".card");
    const again = card === open;
    close();
    // A card that opens a menu shows the menu instead.
    if (card && !again && !card.matches(".actionable")) {
      card.classList.add("tip-open");
      open = card;
    }
  }, true);
  document.addEventListener("keydown", (event) => {
    const card = event.key === "Enter" ? event.target.closest?.("div.card[data-card]") : null;
    if (card) location.hash = rulesHref(card.dataset.card);
  });
}
