// The bottom seat's hand: cards in display order, the legal ones raised and the others dimmed;
// while someone else is to act the whole hand rests (greyed, nothing raised), so a glance
// tells whether the table waits for the player.  A click or Enter hands the card to the
// controller, arrow keys move between cards.
//
// Layout: cards overlap by a step chosen so that every card's corner index stays in
// view and each card keeps a strip of at least MIN_TAP px to tap; when one row cannot
// give that, the hand takes two (or three) rows, each row lying over the one above it
// below the indices.  Nothing is ever raised above its neighbours: focus, hover and a
// hint lift a card or outline it inside its own edge.
import { el, part } from "./dom.js";
import { cardFace, sortHand } from "./card.js";

/** @typedef {import("./scene.js").Scene} Scene */

// px: the narrowest strip a card may show: WCAG's 24 px target and a margin; a finger
// (a coarse pointer) gets more, in two rows if need be
const MIN_TAP = () => (matchMedia("(pointer: coarse)").matches ? 34 : 26);
const MAX_STEP = 0.7;      // of a card's width: the most a card shows when there is room to spare
const MAX_ROWS = 3;

/** Draw the hand of `scene.model`'s seat into `root`'s hand (none for a spectator, nor
 * while a shared device's hand is behind its screen).
 * @param {HTMLElement} root @param {Scene} scene */
export function render(root, scene) {
  const v = scene.model;
  const box = part(root, "hand");
  const mine = v.seat !== null && v.turn === v.seat && v.phase === "play" && !scene.busy;
  // a bid of one's own keeps the hand awake: it is read to decide
  box.classList.toggle("waiting", v.turn !== v.seat || v.over);
  const legal = new Set(mine ? v.legal : []);
  const cards = scene.screen ? [] : sortHand(v.hand).map((c) => {
    const ok = legal.has(c);
    const b = cardFace(c, { button: true, legal: mine ? ok : null, deck: scene.look.deck,
      cls: `${mine ? (ok ? "legal" : "dim") : ""} ${scene.hinted === c ? "hinted" : ""} ${scene.fresh === c ? "new" : ""}` });
    b.tabIndex = -1;
    b.addEventListener("click", () => scene.on.play(c));
    return b;
  });
  if (scene.deal) cards.forEach((b, i) => { b.classList.add("dealt"); b.style.setProperty("--i", String(i)); });
  layoutHand(box, cards);
  const first = cards.find((b) => b === document.activeElement) || cards.find((b) => b.classList.contains("legal")) || cards[0];
  if (first) first.tabIndex = 0;
}

/** @param {HTMLElement} hand @returns {HTMLElement[]} */
function handCards(hand) {
  return /** @type {HTMLElement[]} */ ([...hand.querySelectorAll(".card")]);
}

/** Lay the cards out in as few rows as keep every index readable (see the top).
 * @param {HTMLElement} hand  the hand's box
 * @param {HTMLElement[]} [cards]  new cards; by default the ones on screen (a resize) */
export function layoutHand(hand, cards = handCards(hand)) {
  // the keyboard stays on its card when the hand is laid out or drawn anew (a refused
  // card: its reason is told and the player moves on from it), else it falls to the page
  const had = /** @type {HTMLElement} */ (document.activeElement);
  const focused = hand.contains(had) && had.dataset.card ? cards.find((c) => c.dataset.card === had.dataset.card) : undefined;
  const n = cards.length;
  if (!n) { hand.replaceChildren(); return; }
  // measure the cards: their width and how far the widest index ("10") reaches
  hand.replaceChildren(el("div", { class: "hand-row" }, ...cards));
  const cw = cards[0].offsetWidth;
  let reach = 0;
  for (const c of cards) {
    const idx = /** @type {HTMLElement | null} */ (c.querySelector(".idx"));
    reach = Math.max(reach, idx ? idx.offsetLeft + idx.offsetWidth + 4 : cw / 2);
  }
  const style = getComputedStyle(hand);
  const room = hand.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const minStep = Math.max(MIN_TAP(), reach);
  let rows = 1;
  while (rows < MAX_ROWS && (Math.ceil(n / rows) - 1) * minStep + cw > room) rows++;
  const per = Math.ceil(n / rows);
  const step = per > 1 ? Math.max(minStep, Math.min(cw * MAX_STEP, (room - cw) / (per - 1))) : cw;
  hand.style.setProperty("--step", `${Math.floor(step)}px`);
  hand.dataset.rows = String(rows);
  // fuller rows first: 13 cards are 7 + 6
  const out = [];
  for (let r = 0, i = 0; r < rows; r++) {
    const size = Math.ceil((n - i) / (rows - r));
    out.push(el("div", { class: "hand-row" }, ...cards.slice(i, i + size)));
    i += size;
  }
  hand.replaceChildren(...out);
  if (focused) focused.focus({ preventScroll: true });
}

/** How long the dealing of `n` cards lasts (render/hand.js and style.css agree: 45 ms a
 * card, 350 ms each). @param {number} n */
export const dealMs = (n) => n * 45 + 350;

/** Take a played card out of the hand at once, before the engine has answered.
 * @param {HTMLElement} root @param {string} code */
export function takeFromHand(root, code) {
  const hand = part(root, "hand");
  const cards = handCards(hand);
  const gone = cards.find((c) => c.dataset.card === code);
  if (!gone) return;
  const rest = cards.filter((c) => c !== gone);
  hand.classList.add("waiting");
  for (const c of rest) { c.classList.remove("legal", "dim", "hinted", "new"); c.tabIndex = -1; }
  layoutHand(hand, rest);
}

/** Put the keyboard on the hand, unless a dialog or another control holds it.
 * @param {HTMLElement} root */
export function focusHand(root) {
  const b = /** @type {HTMLElement | null} */ (part(root, "hand").querySelector('.card[tabindex="0"]'));
  if (b && !document.querySelector("dialog[open]") && (document.activeElement === document.body || document.activeElement === part(root, "hand"))) {
    b.focus({ preventScroll: true });
  }
}

/** Take the keyboard to the hand, as the skip link does: its tab stop (the first
 * playable card, else the first card), or the hand itself while it holds no card.
 * @param {HTMLElement} root */
export function enterHand(root) {
  const hand = part(root, "hand");
  const b = /** @type {HTMLElement | null} */ (hand.querySelector('.card[tabindex="0"]'));
  (b || hand).focus();
}

/** Arrow keys, Home and End move the focus along the hand (one tab stop for the hand;
 * from the hand's own box they enter it); a new width lays the hand out again.
 * @param {HTMLElement} root */
export function bindHand(root) {
  const hand = part(root, "hand");
  hand.addEventListener("keydown", (e) => {
    const cards = handCards(hand);
    const i = cards.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    if (i < 0 && document.activeElement === hand && cards.length && ["ArrowRight", "ArrowLeft", "Home", "End"].includes(e.key)) {
      // the box itself (reached by the address's #hand): enter at the tab stop
      e.preventDefault();
      const stop = cards.find((c) => c.tabIndex === 0) || cards[0];
      (e.key === "Home" ? cards[0] : e.key === "End" ? cards[cards.length - 1] : stop).focus();
      return;
    }
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
  let width = 0;
  new ResizeObserver(() => {
    const w = hand.clientWidth;
    if (w !== width) { width = w; layoutHand(hand); }
  }).observe(hand);
}
