// The cards on the table: the trick being played, each card sliding in from its player's
// seat; a finished trick with its winning card marked and its taker named, then gathered
// towards the taker's seat.  Draws into the table element it is given; what it remembers
// between calls (the cards already on the table, a show under way) is kept per table.
import { t } from "../i18n/index.js";
import { part } from "./dom.js";
import { cardFace } from "./card.js";
import { isYou, names, position } from "./labels.js";

/** @typedef {import("./scene.js").Scene} Scene */
/** @typedef {import("../table/model.js").Model} View */
/** @typedef {{leader: number, cards: string[], winner: number}} FinishedTrick */

/**
 * Per table: the cards drawn on it (a card already there does not slide in again), and
 * the finished trick's show, which `hurry` cuts short.
 * @typedef {{onTable: Set<string>, wake: (() => void) | null, hurried: boolean}} Memory
 */
/** @type {WeakMap<HTMLElement, Memory>} */
const memory = new WeakMap();

/** @param {HTMLElement} root @returns {Memory} */
function mem(root) {
  let m = memory.get(root);
  if (!m) memory.set(root, (m = { onTable: new Set(), wake: null, hurried: false }));
  return m;
}

/** Whether cards move: not for a player who asked for less motion. */
const still = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * @param {HTMLElement} root @param {string} code @param {number} seat @param {View} v
 * @param {string} deck @param {boolean} slide
 */
function placed(root, code, seat, v, deck, slide) {
  const pos = position(seat, v);
  return cardFace(code, { cls: `pos-${pos}${slide && !mem(root).onTable.has(code) && !still() ? ` enter from-${pos}` : ""}`, deck });
}

/** The trick in play; new cards slide in from their seats when `scene.slide`.
 * @param {HTMLElement} root @param {Scene} scene */
export function render(root, scene) {
  const v = scene.model;
  const box = part(root, "trick");
  box.className = "trick";
  // a card already on the table stays as it is (its slide is not started again)
  const there = new Map([...box.children].map((c) => [/** @type {HTMLElement} */ (c).dataset.card, /** @type {HTMLElement} */ (c)]));
  const cards = (v.trick || []).map((x) => {
    const old = there.get(x.card);
    const fits = old && old.classList.contains(`pos-${position(x.seat, v)}`) && !!old.querySelector(".art") === (scene.look.deck === "classic");
    return fits ? /** @type {HTMLElement} */ (old) : placed(root, x.card, x.seat, v, scene.look.deck, scene.slide);
  });
  box.replaceChildren(...cards);
  mem(root).onTable = new Set((v.trick || []).map((x) => x.card));
  // the taker's name stays while the table is empty, but only for a trick of this deal's play
  const lt = v.last_trick;
  if (cards.length || !lt || lt.deal_no !== v.deal_no || (v.phase && v.phase !== "play")) setNote(root, "");
}

/** Lay a card of the bottom seat on the table at once, before the engine has answered.
 * @param {HTMLElement} root @param {Scene} scene @param {string} code */
export function layCard(root, scene, code) {
  const v = scene.model;
  part(root, "trick").append(placed(root, code, /** @type {number} */ (v.seat), v, scene.look.deck, scene.slide));
  mem(root).onTable.add(code);
  setNote(root, "");
}

/** @param {HTMLElement} root @param {string} text */
function setNote(root, text) { part(root, "trick-note").textContent = text; }

/** A pause of the finished trick's show, which hurry() cuts short.
 * @param {HTMLElement} root @param {number} ms */
const delay = (root, ms) => new Promise((r) => {
  const m = mem(root);
  if (m.hurried) { r(undefined); return; }
  const done = () => { clearTimeout(id); m.wake = null; r(undefined); };
  const id = setTimeout(done, ms);
  m.wake = done;
});

/** The player has seen enough (they play on): end the finished trick's show now.
 * @param {HTMLElement} root */
export function hurry(root) {
  const m = mem(root);
  m.hurried = true;
  if (m.wake) m.wake();
}

/**
 * Show a finished trick: its last card slides in, the winning card is marked and its
 * taker named for `pause` ms, then the cards go to the taker's seat.  A trick of a claim
 * (`claimed`) is shown in `pause` in all, and its taker is not named: the claim said who
 * takes them, and "takes the trick" stayed up under its message.
 * @param {HTMLElement} root @param {Scene} scene @param {FinishedTrick} tr @param {number} pause
 * @param {boolean} [claimed]
 */
export async function showFinished(root, scene, tr, pause, claimed = false) {
  const v = scene.model;
  const box = part(root, "trick");
  const m = mem(root);
  const slide = pause > 0;
  m.hurried = false;
  box.className = "trick";
  const cards = tr.cards.map((c, i) => placed(root, c, (tr.leader + i) % v.players, v, scene.look.deck, slide));
  box.replaceChildren(...cards);
  m.onTable = new Set(tr.cards);
  const winner = cards[(tr.winner - tr.leader + v.players) % v.players];
  setNote(root, claimed ? "" : isYou(tr.winner, v) ? t("you_take_trick") : t("takes_trick", { name: names(v)[tr.winner] }));
  if (!pause) { box.replaceChildren(); m.onTable = new Set(); return; }
  const [land, hold, fly] = claimed ? [pause / 4, pause / 2, pause / 4] : [250, pause, 350];
  await delay(root, still() ? 0 : land);  // the last card lands
  winner.classList.add("winner");
  await delay(root, still() && claimed ? pause : hold);
  if (!still() && pause) {
    box.classList.add(`fly-${position(tr.winner, v)}`);
    await delay(root, fly);
  }
  box.className = "trick";
  box.replaceChildren();
  m.onTable = new Set();
}
