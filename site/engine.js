// The one module that talks to the worker (worker.js, Python in Pyodide): it sends
// requests, matches answers to them and passes the worker's boot news on.  The shapes of
// both sides are in protocol.js; the requests under way are kept by requests.js.
import { Requests, failure } from "./requests.js";
import { botWatch } from "./botwatch.js";

/** @typedef {import("./protocol.js").Command} Command */
/** @typedef {import("./protocol.js").Info} Info */
/** @typedef {import("./protocol.js").WorkerMessage} WorkerMessage */
/** @typedef {import("./protocol.js").BootNews} BootNews */
/** @typedef {import("./protocol.js").FailureKind} FailureKind */

/**
 * What the page hears from the worker besides answers: its boot, the bots' turns the
 * table plays by itself, and a crash.
 * @typedef {object} BootHandlers
 * @property {(stage: string, pct: number) => void} progress
 * @property {(info: Info) => void} ready
 * @property {(message: string, kind: FailureKind) => void} failed   the boot failed
 * @property {(message: string, stuck: Stuck | null) => void} crashed   the worker broke after
 *   its boot, or left a request (or a bot's turn it said was coming) unanswered for too
 *   long (`stuck`): every request under way has been refused, and the page must start a
 *   new one
 * @property {(result: import("./protocol.js").Updates) => void} update   a bot's turn
 */

/** A worker taken for stuck: how long its request waited.
 * @typedef {{seconds: number}} Stuck */

/** A refusal from the engine, or a request the worker could not answer (kind "crash").
 * @typedef {Error & {kind?: string}} EngineError */

/** @type {Worker | null} */
let worker = null;
/** @type {Requests<Command>} */
const calls = new Requests({
  expired: (id, cmd, limit) => crashed(`no answer to "${cmd}" in ${limit} ms`, Math.round(limit / 1000)),
});
/** @type {BootHandlers | null} */
let handlers = null;
let booted = false;

// A request unanswered this long means the worker is stuck (a loop in Python), not slow: a
// bot's think is capped at its budget (0.4 s) and the longest save loads in well under a
// second even on a slow phone.  A test may shorten it (window.kingwebRequestLimitMs).
const REQUEST_LIMIT_MS = 30_000;

// time spent in Python, per request: read by the benchmark (python build.py bench)
/** @type {{cmd: string, ms: number}[]} */
const perf = (/** @type {any} */ (window).kingwebPerf = []);

// armed while the worker said a bot is to act and its turn has not come
const bots = botWatch(() => requestLimit(), (ms) => crashed(`no bot's turn in ${ms} ms`, Math.round(ms / 1000)));

// Whether the worker keeps the table open now (it does not keep a link's match while its
// game's slot holds another: "keep" with `next: false`), followed from the requests that
// open a table as the worker follows them, for the page's words about leaving and Resume.
let keepNext = true;
let kept = true;

/** Whether the worker keeps the match on the table (a lesson's is never kept). */
export function tableKept() { return kept; }

/** @param {Command} cmd @param {any} result */
function followKeeping(cmd, result) {
  if (cmd === "start" || cmd === "start_daily") { kept = keepNext; keepNext = true; }
  else if (cmd === "load" || (cmd === "resume" && result && !result.none && result.problem === undefined)) kept = true;
}

/** @param {MessageEvent<WorkerMessage>} ev */
function receive(ev) {
  const m = ev.data;
  if ("type" in m) return news(m);
  // (the caller's code runs after this bookkeeping: a promise settles after this turn)
  const cmd = calls.answer(m.id, m.response);
  if (cmd === undefined) return;
  perf.push({ cmd, ms: m.ms });
  if (perf.length > 2000) perf.splice(0, 1000);
  if (m.response.ok) { bots.seen(m.response.result); followKeeping(cmd, m.response.result); }
}

/** The worker broke after its boot, or is stuck: refuse what is under way, tell the page.
 * @param {string} message @param {number} [stuckFor]  seconds a request waited, if stuck */
function crashed(message, stuckFor) {
  bots.stop();
  calls.failAll(() => failure(message, { kind: "crash" }));
  if (handlers) handlers.crashed(message, stuckFor === undefined ? null : { seconds: stuckFor });
}

/** The worker's news besides answers: what the page does with each type.
 * @type {{[T in BootNews["type"]]: (m: Extract<BootNews, {type: T}>, w: any) => void}} */
const NEWS = {
  update: (m) => {
    perf.push({ cmd: "step", ms: m.total_ms });  // the whole turn: the decision and its events
    bots.seen(m.result);
    if (handlers) handlers.update(m.result);
  },
  progress: (m) => { if (handlers) handlers.progress(m.stage, m.pct); },
  ready: (m, w) => {
    booted = true;
    w.kingwebBoot = m.boot_ms; w.kingwebInstall = m.install;
    if (handlers) handlers.ready(m.info);
  },
  fatal: (m) => { if (booted) crashed(m.message); else if (handlers) handlers.failed(m.message, m.kind); },
  crashed: (m) => crashed(m.message),
  kept: (_m, w) => { w.kingwebInstall.kept = true; },
  stdlib: (m, w) => { w.kingwebInstall.stdlib = m.stdlib; },
};

/** @param {BootNews} m */
function news(m) {
  if (Object.hasOwn(NEWS, m.type)) NEWS[m.type](/** @type {any} */ (m), window);
}

/** Start the worker, or adopt the one index.html's boot script started (with the news
 * it kept), and report its boot to `on`.
 * @param {BootHandlers} on */
export function startEngine(on) {
  handlers = on;
  const w = /** @type {any} */ (window);
  const pre = w.kingwebEarly;
  w.kingwebEarly = null;
  booted = false;
  worker = pre ? pre.worker : new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const wk = /** @type {Worker} */ (worker);
  wk.onmessage = receive;
  // An error event with a message is an uncaught error inside the worker; one without is
  // a worker script that could not be downloaded.
  wk.onerror = (e) => {
    const message = e.message || "worker.js";
    if (booted) crashed(message); else on.failed(message, e.message ? "crash" : "network");
  };
  if (pre) for (const ev of pre.early) receive(ev);
}

/** Throw the worker away and boot a new one (after a failed load).
 * @param {BootHandlers} on */
export function restartEngine(on) {
  bots.stop();
  if (worker) worker.terminate();
  worker = null;
  calls.failAll(() => failure("the engine restarted", { kind: "crash" }));
  startEngine(on);
}

/** How long a request (or a bot's turn) may take before the worker counts as stuck. */
function requestLimit() {
  const knob = /** @type {any} */ (window).kingwebRequestLimitMs;
  return typeof knob === "number" && knob > 0 ? knob : REQUEST_LIMIT_MS;
}

/** One request; resolves with the answer's `result`, rejects with its English `error`.
 * A request left unanswered past the limit counts as a crash of the worker (`crashed`).
 * @param {Command} cmd
 * @param {object} [args]
 * @returns {Promise<any>} */
export function call(cmd, args = {}) {
  return calls.ask(cmd, (id) => {
    if (cmd === "keep") keepNext = !(/** @type {any} */ (args).next === false);
    /** @type {Worker} */ (worker).postMessage({ id, cmd, args });
  }, requestLimit());
}
