// The contract and the trump beside the trick, all through a deal's play: the banner
// scrolls away or wraps on a phone, but what a card is played for must stay in sight, as
// at a real table where the contract is said once and everyone remembers it.  With it,
// the button that opens the deal's play so far (render/played.js).
import { t } from "../i18n/index.js";
import { el, part } from "./dom.js";
import { SUIT_SYM, contractLabel } from "./labels.js";

/** @typedef {import("./scene.js").Scene} Scene */
/** @typedef {import("../table/model.js").Model} View */

/** The badge's words: the contract as the table names it, and the trump: "Queens",
 * "Up, spades" and "♠", "Down (nulls)"; null when no card is being played for anything
 * yet (a positive being chosen or bid for, the first dealer being named), and in a game
 * whose deals are not told apart by their contract (German Whist: its stock beside the
 * trick names its trump, and holds the button).
 * @param {View} v @returns {{contract: string, trump: string} | null} */
export function badgeText(v) {
  if (!v.facts.named_deals || v.over || (v.phase !== undefined && v.phase !== "play")) return null;
  // King's negatives and every Кинг deal are played without a trump, as their name says
  return { contract: contractLabel(v), trump: v.trump ? SUIT_SYM[v.trump] : "" };
}

/** The button that opens the deal's play so far, or null on a table that offers none.
 * @param {Scene} scene */
export function playedButton(scene) {
  return scene.on.played
    ? el("button", { type: "button", class: "rules-link", id: "btn-played", "aria-keyshortcuts": "t", text: t("played_open"), onclick: scene.on.played })
    : null;
}

/** @param {HTMLElement} root @param {Scene} scene */
export function render(root, scene) {
  const box = part(root, "contract-badge");
  if (!box) return;
  const words = badgeText(scene.model);
  box.hidden = !words;
  if (!words) { box.replaceChildren(); return; }
  const trump = scene.model.trump;
  const button = playedButton(scene);
  box.replaceChildren(
    el("div", { class: "badge-first", id: "badge-contract" }, el("span", { class: "badge-contract", text: words.contract }),
      words.trump ? el("span", { class: `badge-trump suit-${trump}`, role: "img", "aria-label": t("trump", { suit: t(`suit_${trump}`) }), text: words.trump }) : null),
    ...(button ? [button] : []));
}
