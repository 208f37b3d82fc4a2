// One card face: the page's own drawing (large corner index, pip), or the classic deck's
// drawing over it.
import { t } from "../i18n/index.js";
import { el } from "./dom.js";
import { SUIT_SYM, cardName, rankLabel } from "./labels.js";

// The classic deck's drawings (art/classic, optimised by build.py), named by suit and rank.
const CLASSIC_SUIT = /** @type {Record<string, string>} */ ({ C: "club", D: "diamond", H: "heart", S: "spade" });
const CLASSIC_RANK = /** @type {Record<string, string>} */ ({ A: "Ace", K: "King", Q: "Queen", J: "Jack", T: "10" });
const SUIT_ORDER = /** @type {Record<string, number>} */ ({ S: 0, H: 1, C: 2, D: 3 });  // alternate colours in the hand
const RANKS = "23456789TJQKA";

/** @param {string} code */
function classicArt(code) {
  return `cards/classic/${CLASSIC_SUIT[code[1]]}${CLASSIC_RANK[code[0]] || code[0]}.svg`;
}

/**
 * A card.  `button` makes it a control (the hand); `legal` adds "playable" or "not
 * playable now" to its accessible name.
 * @param {string} code
 * @param {{cls?: string, button?: boolean, legal?: boolean | null, deck?: string}} [o]
 * @returns {HTMLElement}
 */
export function cardFace(code, { cls = "", button = false, legal = null, deck = "plain" } = {}) {
  const suit = code[1];
  const red = suit === "H" || suit === "D";
  const label = cardName(code) + (legal === null ? "" : `, ${t(legal ? "playable" : "not_playable")}`);
  /** @type {Record<string, any>} */
  const attrs = { class: `card ${red ? "red" : ""} s-${suit} ${cls}`.trim(), "data-card": code };
  if (button) { attrs.type = "button"; attrs["aria-label"] = label; } else { attrs.role = "img"; attrs["aria-label"] = label; }
  const face = el(button ? "button" : "div", attrs,
    el("span", { class: "idx", "aria-hidden": "true" }, rankLabel(code[0]), el("small", { text: SUIT_SYM[suit] })),
    el("span", { class: "pip", "aria-hidden": "true", text: SUIT_SYM[suit] }));
  if (deck === "classic") {
    // drawn over the page's own face, which shows again if the drawing cannot load (offline)
    const art = el("img", { class: "art", src: classicArt(code), alt: "", draggable: "false" });
    art.addEventListener("error", () => art.remove());
    face.append(art);
  }
  return face;
}

/** A hand in display order: suits alternating in colour, high cards first.
 * @param {string[]} cards */
export function sortHand(cards) {
  return [...cards].sort((a, b) => (SUIT_ORDER[a[1]] - SUIT_ORDER[b[1]]) || (RANKS.indexOf(b[0]) - RANKS.indexOf(a[0])));
}
