// The cards on the table: the trick being played, and a finished trick shown before it
// flies to its winner.
import { $ } from "./dom.js";
import { cardFace } from "./card.js";
import { position } from "./labels.js";

/** @typedef {import("../protocol.js").View} View */
/** @typedef {import("../protocol.js").FinishedTrick} FinishedTrick */

/** @param {View} v @param {string} deck */
export function renderTrick(v, deck) {
  $("trick").replaceChildren(...(v.trick || []).map((x) => cardFace(x.card, { cls: `pos-${position(x.seat, v)}`, deck })));
}

/** @param {number} ms */
const delay = (ms) => new Promise((r) => setTimeout(r, ms));

/** Show a finished trick for `pause` ms, then send it towards its winner's seat.
 * @param {FinishedTrick} tr @param {View} v @param {string} deck @param {number} pause */
export async function showFinishedTrick(tr, v, deck, pause) {
  const box = $("trick");
  box.className = "trick";
  box.replaceChildren(...tr.cards.map((c, i) => {
    const seat = (tr.leader + i) % v.players;
    return cardFace(c, { cls: `pos-${position(seat, v)}`, deck });
  }));
  if (pause) {
    await delay(pause);
    box.classList.add(`fly-${position(tr.winner, v)}`);
    await delay(Math.min(350, pause));
  }
  box.className = "trick";
}
