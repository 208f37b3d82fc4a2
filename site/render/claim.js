// "Claim the rest": the button near the hand when the engine offers the seat here a claim
// of the deal's remaining tricks (`claim:all`, or German Whist's `claim:none`), and only
// then; the engine alone decides whether a claim is sure.  A lesson is one decision: no
// claim there.
import { t } from "../i18n/index.js";
import { el, part } from "./dom.js";
import { aboutSeat } from "./labels.js";

/** @typedef {import("./scene.js").Scene} Scene */

/** @param {HTMLElement} root @param {Scene} s */
export function render(root, s) {
  const v = s.model;
  const box = part(root, "claim");
  if (!box) return;
  const mine = v.seat !== null && v.turn === v.seat && v.phase === "play" && !v.over && !v.lesson && !s.busy && s.screen === null;
  const claims = mine ? v.legal.filter((a) => a.startsWith("claim:")) : [];
  box.replaceChildren(...claims.map((a) => el("button", {
    type: "button", "data-action": a, class: s.hinted === a ? "primary" : "",
    text: t(a === "claim:all" ? "claim_all" : "claim_none"), onclick: () => s.on.act(a),
  })));
  box.hidden = !claims.length;
}

/** What the table says when a seat claims: "West claims the rest", "You claim the rest".
 * @param {{seat?: number, claim?: string}} e @param {import("../table/model.js").Model} v */
export const claimLine = (e, v) => aboutSeat(e.claim === "none" ? "claimed_none" : "claimed_all", /** @type {number} */ (e.seat), v);

/** A claim's cards are shown quickly: the claim tells what happens, its tricks only follow.
 * All of them take `CLAIM_SHOW` finished tricks' shows at the chosen speed, a trick at most
 * `CLAIM_TRICK` of one (at 0.3 of the pace of each card and trick, German Whist's twelve
 * tricks took 10 s to the deal's summary).  A claim that does not say how many tricks
 * are left: `CLAIM_PACE` of the pace. */
export const CLAIM_SHOW = 1.25;
export const CLAIM_TRICK = 0.5;
export const CLAIM_PACE = 0.3;
