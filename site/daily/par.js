// Par of a daily: the hard bot's score from the same seat on the same deals, worked out
// in the review's worker one deal a request (kingweb.daily.par_step), so that it runs in
// the background, says how far it is, and never slows the table.  Par is the same for
// everyone, so it is kept in the daily history and worked out once per game, date, seat.
import { ask } from "../records/analyst.js";
import { loadHistory, parKey, saveHistory } from "./history.js";

/** @type {Map<string, {done: Promise<number>, deals: number, listeners: Set<(deals: number) => void>}>} */
const running = new Map();

/** Par, from the history or worked out now; `onProgress(deals)` hears each deal played.
 * @param {string} game @param {string} date @param {number} seat
 * @param {(deals: number) => void} [onProgress] @returns {Promise<number>} */
export function parOf(game, date, seat, onProgress) {
  const key = parKey(game, date, seat);
  const kept = loadHistory().history.pars[key];
  if (kept !== undefined) return Promise.resolve(kept);
  let run = running.get(key);
  if (!run) {
    /** @type {Set<(deals: number) => void>} */
    const listeners = new Set();
    const r = { deals: 0, listeners, done: Promise.resolve(0) };
    r.done = (async () => {
      let step = await ask("par", { game, date, seat });
      for (;;) {
        r.deals = step.deals;
        for (const f of listeners) f(step.deals);
        if (step.done) break;
        step = await ask("par", { game, date, seat, actions: step.actions });
      }
      const { history } = loadHistory();
      history.pars[key] = step.score;
      saveHistory(history);
      return /** @type {number} */ (step.score);
    })();
    r.done.finally(() => running.delete(key)).catch(() => {});
    running.set(key, r);
    run = r;
  }
  if (onProgress) { run.listeners.add(onProgress); if (run.deals) onProgress(run.deals); }
  return run.done;
}
