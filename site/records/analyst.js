// The page's side of the review's worker (worker.js named "review", kingweb.review.handle):
// records read and written, the steps of a deal, each decision's analysis, the daily
// challenge.  The worker starts on the first request, apart from the table's, so that an
// analysis runs in the background and never slows play; `stop()` ends it at once (Python
// cannot be interrupted mid-request: a cancelled review throws the worker away, and the
// next request starts a new one, warm from the kept copy).
//
// Every answer is the engine's: {ok: true, result} resolves with the result, a refusal
// rejects with an Error carrying the engine's `code` and `params` (for the page's words)
// and `kind`; a worker that fails or breaks rejects what is under way with kind "crash".

import { Requests, failure } from "../requests.js";

/** @typedef {import("../requests.js").Failure} AnalystError */

/** @type {Worker | null} */
let worker = null;
/** @type {Promise<any> | null} */
let ready = null;
/** @type {Requests<string>} */
const calls = new Requests();

/** @param {string} message */
function broke(message) {
  const w = worker;
  worker = null;
  ready = null;
  if (w) w.terminate();
  calls.failAll(() => failure(message, { kind: "crash" }));
}

/** The worker, booted: resolves with the review's info once Python is up. */
function start() {
  if (ready) return ready;
  const w = (worker = new Worker(new URL("../worker.js", import.meta.url), { type: "module", name: "review" }));
  ready = new Promise((resolve, reject) => {
    w.onmessage = (ev) => {
      const m = ev.data || {};
      if (m.type === "ready") return resolve(m.info);
      if (m.type === "fatal" || m.type === "crashed") {
        reject(failure(m.message, { kind: m.kind || "crash" }));
        return broke(m.message);
      }
      if (m.type) return;  // progress, kept, stdlib
      calls.answer(m.id, m.response, "RulesError");
    };
    w.onerror = (e) => {
      const message = e.message || "worker.js";
      reject(failure(message, { kind: "crash" }));
      broke(message);
    };
  });
  ready.catch(() => {});
  return ready;
}

/** One request to the review's worker: its result, or a rejection with the engine's code.
 * @param {string} cmd @param {object} [args] @returns {Promise<any>} */
export async function ask(cmd, args = {}) {
  await start();
  const w = worker;
  if (!w) throw failure("the review's worker stopped", { kind: "stopped" });
  return calls.ask(cmd, (id) => w.postMessage({ id, cmd, args }));
}

/** What the review offers (marks, thresholds, reasons, worlds), once its worker is up. */
export function info() {
  return start();
}

/** End the worker now: what is under way rejects with kind "stopped". */
export function stop() {
  const w = worker;
  worker = null;
  ready = null;
  if (w) w.terminate();
  calls.failAll(() => failure("stopped", { kind: "stopped" }));
}
