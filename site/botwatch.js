// The watch on a bot's turn: while the worker has said a bot is to act, its turn must come
// within the limit, or the worker is stuck in Python (site/engine.js restarts it then).

/** @typedef {{seen: (result: unknown) => void, stop: () => void}} BotWatch */

/** The page's own timers.  Called as methods of this object, the browser's `setTimeout`
 * and `clearTimeout` would refuse their `this` ("Illegal invocation"), so each is wrapped.
 * @type {{set: typeof setTimeout, clear: typeof clearTimeout}} */
const WINDOW_TIMERS = {
  set: /** @type {typeof setTimeout} */ ((fn, ms) => setTimeout(fn, ms)),
  clear: (id) => clearTimeout(id),
};

/**
 * Only an answer that says whether a bot is due (one that tells the table: its `bots`)
 * arms or disarms the watch.  Another answer (a hint, a rules question) says nothing of
 * the bots: the worker runs a bot's turn between the page's requests, so such an answer
 * can come while the turn is still to come, and must leave the watch as it is.
 * @param {() => number} limit  milliseconds a bot's turn may take
 * @param {(ms: number) => void} stuck  called once the limit has passed with no turn
 * @param {{set: typeof setTimeout, clear: typeof clearTimeout}} [timers]
 * @returns {BotWatch}
 */
export function botWatch(limit, stuck, timers = WINDOW_TIMERS) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let due;
  return {
    seen(result) {
      if (!result || typeof result !== "object" || !("bots" in result)) return;
      timers.clear(due);
      due = undefined;
      if (!(/** @type {{bots: unknown}} */ (result)).bots) return;
      const ms = limit();
      due = timers.set(() => stuck(ms), ms);
    },
    stop() { timers.clear(due); due = undefined; },
  };
}
