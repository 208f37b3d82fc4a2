// The cards on the table: the trick being played, each card sliding in from its player's
// seat; a finished trick with its winning card marked and its taker named, then gathered
// towards the taker's seat.
import { t } from "../i18n/index.js";
import { $ } from "./dom.js";
import { cardFace } from "./card.js";
import { names, position } from "./labels.js";

/** @typedef {import("../protocol.js").View} View */
/** @typedef {import("../protocol.js").FinishedTrick} FinishedTrick */

/** Cards now drawn on the table: a card already there does not slide in again. */
let onTable = new Set();

/** Whether cards move: not at the instant speed, nor for a player who asked for less motion. */
const still = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * @param {string} code @param {number} seat @param {View} v @param {string} deck @param {boolean} slide
 */
function placed(code, seat, v, deck, slide) {
  const pos = position(seat, v);
  const c = cardFace(code, { cls: `pos-${pos}${slide && !onTable.has(code) && !still() ? ` enter from-${pos}` : ""}`, deck });
  return c;
}

/** The trick in play.  `slide`: new cards come in from their seats.
 * @param {View} v @param {string} deck @param {boolean} slide */
export function renderTrick(v, deck, slide) {
  const box = $("trick");
  box.className = "trick";
  const cards = (v.trick || []).map((x) => placed(x.card, x.seat, v, deck, slide));
  box.replaceChildren(...cards);
  onTable = new Set((v.trick || []).map((x) => x.card));
  // the taker's name stays while the table is empty, but only for a trick of this deal's play
  const lt = v.last_trick;
  if (cards.length || !lt || lt.deal_no !== v.deal_no || (v.phase && v.phase !== "play")) setNote("");
}

/** Lay the human's card on the table at once, before the engine has answered.
 * @param {string} code @param {View} v @param {string} deck @param {boolean} slide */
export function layHumanCard(code, v, deck, slide) {
  $("trick").append(placed(code, v.human, v, deck, slide));
  onTable.add(code);
  setNote("");
}

/** @param {string} text */
function setNote(text) { $("trick-note").textContent = text; }

/** @type {(() => void) | null} */
let wake = null;
let hurried = false;

/** A pause of the finished trick's show, which hurryTrick() cuts short. @param {number} ms */
const delay = (ms) => new Promise((r) => {
  if (hurried) { r(undefined); return; }
  const done = () => { clearTimeout(id); wake = null; r(undefined); };
  const id = setTimeout(done, ms);
  wake = done;
});

/** The player has seen enough (they play on): end the finished trick's show now. */
export function hurryTrick() {
  hurried = true;
  if (wake) wake();
}

/**
 * Show a finished trick: its last card slides in, the winning card is marked and its
 * taker named for `pause` ms, then the cards go to the taker's seat.
 * @param {FinishedTrick} tr @param {View} v @param {string} deck @param {number} pause
 */
export async function showFinishedTrick(tr, v, deck, pause) {
  const box = $("trick");
  const slide = pause > 0;
  hurried = false;
  box.className = "trick";
  const cards = tr.cards.map((c, i) => placed(c, (tr.leader + i) % v.players, v, deck, slide));
  box.replaceChildren(...cards);
  onTable = new Set(tr.cards);
  const winner = cards[(tr.winner - tr.leader + v.players) % v.players];
  const taker = names(v)[tr.winner];
  setNote(tr.winner === v.human ? t("you_take_trick") : t("takes_trick", { name: taker }));
  if (!pause) { box.replaceChildren(); onTable = new Set(); return; }
  await delay(still() ? 0 : 250);  // the last card lands
  winner.classList.add("winner");
  await delay(pause);
  if (!still() && pause) {
    box.classList.add(`fly-${position(tr.winner, v)}`);
    await delay(350);
  }
  box.className = "trick";
  box.replaceChildren();
  onTable = new Set();
}
