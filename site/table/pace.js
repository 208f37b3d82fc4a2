// A table's pace: when the next move may be shown.  A move waits the speed's `move` after
// the last one shown, and for the hand being dealt; another's word that moves a positive
// on to its next stage holds the table as long as a finished trick.  The times are the
// table's clock's: the page's (performance.now and timers), or a test's, moved by hand.
import { SPEEDS, prefs } from "../store.js";
import { CLAIM_PACE, CLAIM_SHOW, CLAIM_TRICK } from "../render/claim.js";
import { dealMs } from "../render/hand.js";

/**
 * The clock a table keeps its pace by.
 * @typedef {object} Time
 * @property {() => number} now   milliseconds
 * @property {(fn: () => void, ms: number) => any} after   a timer
 * @property {(timer: any) => void} cancel
 */

/** @type {Time} */
export const PAGE_TIME = { now: () => performance.now(), after: (fn, ms) => setTimeout(fn, ms), cancel: (id) => clearTimeout(id) };

/** Cards move unless the speed is instant. */
export const moving = () => SPEEDS[prefs.speed].trick > 0;

/** @param {Time} time */
export function createPace(time) {
  let lastShown = -Infinity;  // the last move shown
  let dealtUntil = 0;         // when the dealing animation ends
  let heldUntil = 0;          // until when a word that moved a positive on stays alone
  let claimed = { tricks: 0, players: 1 };  // the claim being played out
  const speed = () => SPEEDS[prefs.speed];
  /** A move's pace, or a finished trick's show: quicker while a claim plays out, when a
   * trick's cards take half its time and its show the other half.
   * @param {"move" | "trick"} what @param {boolean} claim */
  const of = (what, claim) => {
    if (!claim) return speed()[what];
    if (!claimed.tricks) return speed()[what] * CLAIM_PACE;
    const trick = Math.min(speed().trick * CLAIM_TRICK, (speed().trick * CLAIM_SHOW) / claimed.tricks);
    return what === "trick" ? trick / 2 : trick / 2 / claimed.players;
  };
  return {
    time,
    of,
    /** A claim of `tricks` tricks at a table of `players` is played out (0: none any more).
     * @param {number} tricks @param {number} players */
    claiming(tricks, players) { claimed = { tricks, players }; },
    /** Wait until the pace allows the next move.  @param {boolean} claim  a claim plays out */
    async ready(claim) {
      const wait = Math.max(lastShown + of("move", claim), dealtUntil, heldUntil) - time.now();
      if (wait > 0) await new Promise((r) => time.after(() => r(undefined), wait));
    },
    /** A move was shown now. */
    shown() { lastShown = time.now(); },
    /** The move just shown stays alone as long as a finished trick. */
    hold() { heldUntil = lastShown + speed().trick; },
    /** A new table: nothing held. */
    release() { heldUntil = 0; },
    /** A hand of `cards` is being dealt from now. @param {number} cards */
    dealing(cards) { if (moving()) dealtUntil = time.now() + dealMs(cards); },
    /** How long a forced card waits: half a move, and for the hand being dealt. */
    forcedIn: () => Math.max(speed().move / 2, dealtUntil - time.now()),
  };
}

/** @typedef {ReturnType<typeof createPace>} Pace */
