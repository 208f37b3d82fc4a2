// The one module that talks to the worker (worker.js, Python in Pyodide): it sends
// requests, matches answers to them and passes the worker's boot news on.  The shapes of
// both sides are in protocol.js.

/** @typedef {import("./protocol.js").Command} Command */
/** @typedef {import("./protocol.js").Info} Info */
/** @typedef {import("./protocol.js").WorkerMessage} WorkerMessage */
/** @typedef {import("./protocol.js").BootNews} BootNews */

/**
 * What the page hears while the worker boots.
 * @typedef {object} BootHandlers
 * @property {(stage: string, pct: number) => void} progress
 * @property {(info: Info) => void} ready
 * @property {(message: string) => void} failed
 */

/** @type {Worker | null} */
let worker = null;
/** @type {Map<number, {resolve: (v: any) => void, reject: (e: Error) => void, cmd: Command}>} */
const calls = new Map();
let nextId = 1;
/** @type {BootHandlers | null} */
let handlers = null;

// time spent in Python, per request: read by the benchmark (python build.py bench)
/** @type {{cmd: string, ms: number}[]} */
const perf = (/** @type {any} */ (window).kingwebPerf = []);

/** @param {MessageEvent<WorkerMessage>} ev */
function receive(ev) {
  const m = ev.data;
  if ("type" in m) return news(m);
  const c = calls.get(m.id);
  if (!c) return;
  calls.delete(m.id);
  perf.push({ cmd: c.cmd, ms: m.ms });
  if (perf.length > 2000) perf.splice(0, 1000);
  if (m.response.ok) c.resolve(m.response.result); else c.reject(new Error(m.response.error));
}

/** @param {BootNews} m */
function news(m) {
  const w = /** @type {any} */ (window);
  if (m.type === "progress") return handlers && handlers.progress(m.stage, m.pct);
  if (m.type === "ready") {
    w.kingwebBoot = m.boot_ms; w.kingwebInstall = m.install;
    return handlers && handlers.ready(m.info);
  }
  if (m.type === "fatal") return handlers && handlers.failed(m.message);
  if (m.type === "kept") w.kingwebInstall.kept = true;
  if (m.type === "stdlib") w.kingwebInstall.stdlib = m.stdlib;
}

/** Start the worker, or adopt the one index.html's boot script started (with the news
 * it kept), and report its boot to `on`.
 * @param {BootHandlers} on */
export function startEngine(on) {
  handlers = on;
  const w = /** @type {any} */ (window);
  const pre = w.kingwebEarly;
  w.kingwebEarly = null;
  worker = pre ? pre.worker : new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const wk = /** @type {Worker} */ (worker);
  wk.onmessage = receive;
  wk.onerror = (e) => on.failed(e.message || "worker error");
  if (pre) for (const ev of pre.early) receive(ev);
}

/** Throw the worker away and boot a new one (after a failed load).
 * @param {BootHandlers} on */
export function restartEngine(on) {
  if (worker) worker.terminate();
  worker = null;
  startEngine(on);
}

/** One request; resolves with the answer's `result`, rejects with its English `error`.
 * @param {Command} cmd
 * @param {object} [args]
 * @returns {Promise<any>} */
export function call(cmd, args = {}) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    calls.set(id, { resolve, reject, cmd });
    /** @type {Worker} */ (worker).postMessage({ id, cmd, args });
  });
}
