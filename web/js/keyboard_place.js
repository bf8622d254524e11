// The keyboard's place on the table page, kept across redraws. A redraw
// replaces the cards and buttons, which would leave the focus on the page's
// body, every move then costing a walk of Tabs from the top. A place is told in
// the page's own terms (which card, where it lay, its position there; or which
// control), so that after the redraw the focus goes back to that card, or to
// the card now in its position, or to the nearest control that still exists.

// The place of a focused element inside root, or null when the focus is elsewhere.
export function keyboardPlace(element, root) {
  if (!element || element === document.body || !root.contains(element)) return null;
  const card = element.closest(".card[data-place]");
  if (card) {
    const place = card.dataset.place;
    const peers = [...root.querySelectorAll(`.card[data-place="${place}"]`)];
    return { place, card: card.dataset.card, index: peers.indexOf(card) };
  }
  const control = element.closest("[data-keyboard]");
  return control ? { control: control.dataset.keyboard } : null;
}

// Puts the focus back at place inside root, or where it is nearest: the same
// card where it lay, the card now in its position, the last card there, the
// board's first card, the board itself. The page does not scroll for it: a
// reader who scrolled away stays where they are.
export function restoreKeyboard(place, root) {
  const target = (place && find(place, root)) || root.querySelector(".board .card") || root.querySelector(".board");
  target?.focus({ preventScroll: true });
}

function find(place, root) {
  if (place.control) {
    const control = root.querySelector(`[data-keyboard="${place.control}"]`);
    return control && !control.disabled ? control : null;
  }
  const peers = [...root.querySelectorAll(`.card[data-place="${place.place}"]`)];
  if (!peers.length) return null;
  // The same card, nearest where it was (a card taken before it moved it up); else its position.
  const distance = (c) => Math.abs(peers.indexOf(c) - place.index);
  const same = peers.filter((c) => c.dataset.card === place.card).sort((a, b) => distance(a) - distance(b));
  return same[0] || peers[Math.min(place.index, peers.length - 1)];
}
