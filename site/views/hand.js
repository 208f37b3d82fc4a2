// The human's hand: cards in display order, the legal ones raised and the others dimmed;
// a click or Enter hands the card to the controller, arrow keys move between cards.
import { $ } from "./dom.js";
import { cardFace, sortHand } from "./card.js";

/** @typedef {import("../protocol.js").View} View */

/**
 * @param {View} v
 * @param {{deck: string, hinted: string | null}} look
 * @param {(card: string) => void} onPlay
 */
export function renderHand(v, look, onPlay) {
  const mine = v.turn === v.human && v.phase === "play";
  const legal = new Set(mine ? v.legal : []);
  const hand = $("hand");
  const cards = sortHand(v.hand).map((c) => {
    const ok = legal.has(c);
    const b = cardFace(c, { button: true, legal: mine ? ok : null, deck: look.deck,
      cls: `${mine ? (ok ? "legal" : "dim") : ""} ${look.hinted === c ? "hinted" : ""}` });
    b.tabIndex = -1;
    b.addEventListener("click", () => onPlay(c));
    return b;
  });
  hand.replaceChildren(...cards);
  const first = cards.find((b) => b.classList.contains("legal")) || cards[0];
  if (first) first.tabIndex = 0;
}

/** Put the keyboard on the hand, unless a dialog or another control holds it. */
export function focusHand() {
  const b = /** @type {HTMLElement | null} */ ($("hand").querySelector('.card[tabindex="0"]'));
  if (b && !document.querySelector("dialog[open]") && document.activeElement === document.body) b.focus({ preventScroll: true });
}

/** Arrow keys, Home and End move the focus along the hand (one tab stop for the hand). */
export function bindHandKeys() {
  $("hand").addEventListener("keydown", (e) => {
    const cards = /** @type {HTMLElement[]} */ ([...$("hand").querySelectorAll(".card")]);
    const i = cards.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    if (i < 0) return;
    let j = null;
    if (e.key === "ArrowRight") j = Math.min(cards.length - 1, i + 1);
    if (e.key === "ArrowLeft") j = Math.max(0, i - 1);
    if (e.key === "Home") j = 0;
    if (e.key === "End") j = cards.length - 1;
    if (j !== null) {
      e.preventDefault();
      cards[i].tabIndex = -1; cards[j].tabIndex = 0; cards[j].focus();
    }
  });
}
