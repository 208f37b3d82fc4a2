// The Python side of the page: Pyodide, micropip and the kingweb wheel, in a module
// worker so that loading and bot thinking never block the page.  Requests are
// {id, cmd, args}; every answer is {id, response} with the JSON of kingweb.session.handle.
// A first visit installs the wheel with micropip; a return visit imports the copy that
// the first one kept (kept.js).
//
// The table plays its own bots: whenever an answer says a bot is to act, the worker plays
// its turns one by one ("step"), between the page's requests, and sends each as
// {type: "update", result, ms}.  It is also the move clock's timer (a table with people
// away): every answer carries the engine's `deadline`, and when it has passed the worker
// asks "clock" (the engine decides whether it ran out, and what its stand-in plays) and
// sends that as an update too.  It also keeps the match's save itself (saves.js), after
// every change, once the page asks it to ("keep"), in the slot of the match's game: the
// save holds the seed, which no page is given.  A match the page asks not to keep
// ("keep" with `next: false`, for a link's match while that game's slot holds another)
// is played without being saved, and the slot keeps the match it holds.
//
// The same worker, named "review" (`new Worker(url, {name: "review"})`), answers with
// kingweb.review.handle instead: records (read, write, the record of a save), the review's
// analysis and the daily challenge, in the background apart from the table's worker, so
// that an analysis never slows play.  It keeps no save and plays no bot.  A name rather
// than an address parameter, so that the offline cache serves the one worker.js.
//
// Failures say what they are, so that the page tells the player the truth: a boot that
// could not download a file is {type: "fatal", kind: "network"}, one that failed any
// other way is kind "crash"; a request that broke Python itself is answered
// {ok: false, kind: "crash"} and, when the runtime cannot go on, followed by
// {type: "crashed"}: the page then starts a new worker.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { KEPT_PY, SLOT, readKept, writeKept } from "./kept.js";
import { lastGame, migrate, readSave, saved, setSaveAside, takeLegacyProblem, writeSave } from "./saves.js";

let handle = null;
const REVIEW = self.name === "review";
const MODULE = REVIEW ? "kingweb.review" : "kingweb.session";
let runtime = null;   // the Pyodide instance, once loaded
const base = new URL("./", self.location.href);
const KEEP_DELAY_MS = 1000;  // keep the copy once the page's first requests are answered

// Milliseconds since the worker started, per boot step, and how kingweb got installed
// ({from: "micropip" | "kept", micropip: version}), sent with "ready" for the benchmark
// and the tests; a "stdlib" message follows it (STDLIB_REPORT_PY).
const boot_ms = {};
const install = {};
const t0 = performance.now();
const lap = (step) => { boot_ms[step] = Math.round(performance.now() - t0); };

function progress(stage, pct) {
  self.postMessage({ type: "progress", stage, pct });
}

// Which standard-library modules the boot imported from the build's precompiled bytecode
// and which it had to compile from source (the tests expect none).
const STDLIB_REPORT_PY = `
import json, sys
_zip = next(p for p in sys.path if p.endswith(".zip"))
_files = [getattr(getattr(m, "__spec__", None), "origin", None) or "" for m in list(sys.modules.values())]
json.dumps({"bytecode": sum(f.startswith(_zip) and f.endswith(".pyc") for f in _files),
            "source": sorted(f[len(_zip) + 1:] for f in _files if f.startswith(_zip) and f.endswith(".py"))})
`;

/** Import kingweb from the kept files (checked by readKept), or return null. */
function useKept(pyodide, files) {
  if (!files) return null;
  for (const [path, data] of Object.entries(files)) {
    const full = `${SLOT}/${path}`;
    pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    pyodide.FS.writeFile(full, data);
  }
  // A directory new to sys.path needs no importlib.invalidate_caches(), which would
  // also import importlib.metadata and the email package (~60 ms) for nothing.
  pyodide.pyimport("sys").path.insert(0, SLOT);
  try {
    return pyodide.pyimport(MODULE);
  } catch {
    pyodide.runPython(KEPT_PY);
    pyodide.globals.get("kept_drop")(SLOT);
    return null;
  }
}

/** An error that says a download failed (the page asks the player to check the
 * connection for these, and only for these). */
function networkError(what, detail) {
  return Object.assign(new Error(`${what}: ${detail}`), { network: true });
}

/** One of the site's files; a failed download throws a network error. */
async function download(path) {
  let r;
  try {
    r = await fetch(new URL(path, base));
  } catch (err) {
    throw networkError(path, err && err.message || "no answer");
  }
  if (!r.ok) throw networkError(path, `HTTP ${r.status}`);
  return r;
}

function fetchWheel(build) {
  return download(build.wheel).then((r) => r.arrayBuffer());
}

// Every download of the boot goes through fetch, Pyodide's too; its loader reports a
// missing file in words of its own ("Program terminated with exit(1)" for the standard
// library) or not at all (the WebAssembly binary: it waits forever).  So the worker
// notes each download that failed: a boot that fails after one failed for want of a
// file, and one that makes no step after the binary failed, has failed for that.
const failedDownloads = [];
const STALL_MS = 15000;  // no boot step this long after the binary failed: it never will
const realFetch = self.fetch.bind(self);
self.fetch = async (resource, init) => {
  const name = String(resource instanceof Request ? resource.url : resource).replace(base.href, "");
  let r;
  try {
    r = await realFetch(resource, init);
  } catch (err) {
    downloadFailed(name, `${name}: ${err && err.message || "no answer"}`);
    throw err;
  }
  if (!r.ok) downloadFailed(name, `${name}: HTTP ${r.status}`);
  return r;
};

let booted = false;
let bootFailed = false;

/** @param {string} name @param {string} what */
function downloadFailed(name, what) {
  if (booted) return;
  failedDownloads.push(what);
  if (!name.endsWith(".wasm")) return;  // other failures surface by themselves
  const steps = Object.keys(boot_ms).length;
  setTimeout(() => { if (Object.keys(boot_ms).length === steps) fail(networkError("download", what)); }, STALL_MS);
}

/** Tell the page the boot failed (once): kind "network" for want of a file, else "crash". */
function fail(err) {
  if (booted || bootFailed) return;
  bootFailed = true;
  const network = Boolean(err && err.network) || failedDownloads.length > 0;
  const message = err && err.network ? err.message
    : network ? `${failedDownloads[0]} (${String(err && err.message || err)})`
      : String(err && err.message || err);
  self.postMessage({ type: "fatal", kind: network ? "network" : "crash", message });
}

async function installWithMicropip(pyodide, build, wheelBytes) {
  const wheelPath = `/tmp/${build.wheel.split("/").pop()}`;
  pyodide.FS.writeFile(wheelPath, wheelBytes);
  await pyodide.loadPackage("micropip", { messageCallback: () => {} });
  lap("micropip_load");
  const micropip = pyodide.pyimport("micropip");
  install.micropip = micropip.__version__;
  lap("micropip_import");
  await micropip.install(`emfs:${wheelPath}`);
  lap("install");
  return pyodide.pyimport(MODULE);
}

async function keep(pyodide, build) {
  try {
    pyodide.runPython(KEPT_PY);
    const [packages, paths] = pyodide.globals.get("kept_files")().toJs();
    const files = {};
    for (const path of paths) files[path] = pyodide.FS.readFile(`${packages}/${path}`);
    await writeKept(build, files);
    self.postMessage({ type: "kept" });
  } catch (err) {
    console.warn("kingweb: could not keep the installed package:", err);
  }
}

async function boot() {
  try {
    progress("runtime", 10);
    // While the runtime loads: fetch the build manifest, read what a previous visit kept
    // and, only if nothing was, fetch the wheel and micropip's wheel (into the HTTP
    // cache, for loadPackage); IndexedDB answers long before the runtime is up.
    const buildP = download("build.json").then((r) => r.json().catch(() => {
      throw networkError("build.json", "not the site's build manifest");
    }));
    const keptP = buildP.then((b) => readKept(b.build), () => null);
    const wheelP = Promise.all([buildP, keptP]).then(([b, files]) => {
      if (files) return null;
      fetch(new URL(b.micropip, base)).catch(() => {});
      return fetchWheel(b);
    });
    wheelP.catch(() => {});  // awaited only when micropip installs
    const pyodide = runtime = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
    lap("runtime");
    // Start-up allocates much and frees little: collecting during it is wasted work.
    pyodide.runPython("import gc; gc.disable()");
    progress("engine", 75);
    const build = await buildP;
    let session = useKept(pyodide, await keptP);
    install.from = session ? "kept" : "micropip";
    lap("restore");
    if (!session) {  // a kept copy that failed to import leaves the wheel unfetched
      const wheel = (await wheelP) || await fetchWheel(build);
      session = await installWithMicropip(pyodide, build, new Uint8Array(wheel));
    }
    handle = session.handle;
    const info = JSON.parse(handle(JSON.stringify({ cmd: "info" }))).result;
    changes = new Set(info.changes || []);  // (the review's worker changes no table)
    pyodide.runPython("gc.enable()");
    lap("engine");
    booted = true;
    progress("ready", 100);
    self.postMessage({ type: "ready", info, build, boot_ms, install });
    self.postMessage({ type: "stdlib", stdlib: JSON.parse(pyodide.runPython(STDLIB_REPORT_PY)) });
    if (install.from === "micropip" && self.indexedDB) setTimeout(() => keep(pyodide, build.build), KEEP_DELAY_MS);
  } catch (err) {
    fail(err);
  }
}

// Deeper than any request the page makes: a deeper one is refused here, before Python's
// parser recurses through it and overflows the worker's stack (which Pyodide cannot
// survive).
const MAX_DEPTH = 8;

function tooDeep(value, limit = MAX_DEPTH) {
  const stack = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop();
    if (v === null || typeof v !== "object") continue;
    if (d >= limit) return true;
    for (const k of Object.keys(v)) stack.push([v[k], d + 1]);
  }
  return false;
}

/** True while the runtime still answers (Pyodide refuses everything after a fatal error). */
function alive() {
  try {
    runtime.runPython("0");
    return true;
  } catch {
    return false;
  }
}

/** Python's answer to one request (an object, or its JSON text): {text} with the answer's
 * JSON, or {crash: message} when the request broke the runtime. */
function ask(request) {
  try {
    return { text: handle(typeof request === "string" ? request : JSON.stringify(request)) };
  } catch (err) {
    const message = String(err && err.message || err);
    if (!alive()) {
      handle = null;
      self.postMessage({ type: "crashed", message });
    }
    return { crash: message };
  }
}

// Requests after which the table may have changed: the save is written again, and the
// bots are woken if one is to act.  The session declares them beside its handlers
// (kingweb.session's COMMANDS) and says them in `info`, read at boot.
let changes = new Set();
let keeping = false;  // the page asked for saves (a framed table and a lesson keep none)
let table = false;    // a match is open and kept (after a start or a load that succeeded)
let keepNext = true;  // false: the next match started is not kept (a link's, beside a saved one)
/** @type {string | null} */
let tableGame = null; // the game of the match kept, whose slot "forget" sets aside

function persist() {
  if (!keeping || !table) return;
  const r = JSON.parse(ask({ cmd: "save" }).text || "{}");
  if (!r.ok) return;
  tableGame = r.result.game;
  writeSave(r.result.game, JSON.stringify(r.result));
}

/** @type {ReturnType<typeof setTimeout> | null} */
let pumping = null;

function wakeBots() {
  if (pumping === null) pumping = setTimeout(botTurn, 0);
}

/** One bot's turn, told to the page; the next waits for any request the page sent meanwhile. */
function botTurn() {
  pumping = null;
  if (!handle) return;
  const t0 = performance.now();
  const out = ask({ cmd: "step" });
  if (out.crash) return;
  const r = JSON.parse(out.text);
  if (!r.ok || r.result.ok === false) return;  // nobody for the table to play
  self.postMessage({ type: "update", result: r.result, ms: r.result.ms, total_ms: performance.now() - t0 });
  persist();
  armClock(r.result);
  if (r.result.bots) wakeBots();
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let clockTimer;

/** An answer's `deadline` (absent: the answer says nothing of the clock; null: none runs)
 * sets the one timer that asks the engine whether the move clock ran out. */
function armClock(result) {
  if (!result || !("deadline" in result)) return;
  clearTimeout(clockTimer);
  if (result.deadline) clockTimer = setTimeout(clockTurn, result.deadline.ms);
}

/** The deadline passed: the engine's stand-in plays the decision (told like a bot's turn),
 * or the engine says how long is left (a timer that fired early, a turn that moved on). */
function clockTurn() {
  if (!handle) return;
  const t0 = performance.now();
  const out = ask({ cmd: "clock" });
  if (out.crash) return;
  const r = JSON.parse(out.text);
  if (!r.ok) return;
  armClock(r.result);
  if (r.result.ok === false) return;
  self.postMessage({ type: "update", result: r.result, total_ms: performance.now() - t0 });
  persist();
  if (r.result.bots) wakeBots();
}

function after(cmd, response) {
  if (!response.ok || !changes.has(cmd)) return;
  const result = response.result || {};
  if (cmd === "start" || cmd === "start_daily") { table = keepNext; keepNext = true; }
  if (cmd === "load") table = true;
  if (cmd === "lesson") table = false;  // a lesson is not kept
  if (result.ok !== false) persist();
  armClock(result);
  if (result.bots) wakeBots();
}

/** Resume `game`'s kept match (by default the game last saved): the answer to "load", or,
 * for a save that cannot be used, why with the key it was set aside under ({problem,
 * key}); {none: true} when nothing is kept. */
async function resume(id, game) {
  await migrate();
  // an earlier build's save that could not become a slot is told first (the slots stay
  // on the welcome, to resume from there)
  const legacy = takeLegacyProblem();
  if (legacy) return self.postMessage({ id, response: { ok: true, result: legacy } });
  const g = typeof game === "string" ? game : await lastGame();
  const text = g === null ? null : await readSave(g);
  if (text === null) return self.postMessage({ id, response: { ok: true, result: { none: true } } });
  let save;
  try { save = JSON.parse(text); } catch (err) { save = undefined; }
  const out = save === undefined || tooDeep({ save }) ? { text: JSON.stringify({ ok: false, error: "save: not JSON" }) } : ask({ cmd: "load", args: { save } });
  if (out.crash) return self.postMessage({ id, response: { ok: false, error: out.crash, kind: "crash" } });
  const r = JSON.parse(out.text);
  if (r.ok) {
    table = true;
    tableGame = g;
    self.postMessage({ id, response: r });
    return after("load", r);
  }
  const key = await setSaveAside(/** @type {string} */ (g));
  self.postMessage({ id, response: { ok: true, result: { problem: r.error, key } } });
}

self.onmessage = (ev) => {
  const { id, cmd, args } = ev.data || {};
  if (!handle) {
    self.postMessage({ id, response: { ok: false, error: "engine not loaded" } });
    return;
  }
  if (REVIEW && ["keep", "resume", "saved", "forget"].includes(cmd)) {
    self.postMessage({ id, response: { ok: false, error: `${cmd}: the review's worker keeps no table`, kind: "RulesError", code: "unknown-command" } });
    return;
  }
  if (cmd === "keep") {  // the page keeps saves (a framed table, a lesson do not)
    keeping = Boolean(args && args.on);
    keepNext = !(args && args.next === false);
    persist();
    self.postMessage({ id, response: { ok: true, result: {} } });
    return;
  }
  if (cmd === "resume") { resume(id, args && args.game); return; }
  if (cmd === "saved") { saved().then(() => self.postMessage({ id, response: { ok: true, result: {} } })); return; }
  if (cmd === "forget") {  // a save that sticks the engine: set aside, and no table is kept
    table = false;
    // (a new worker, after a crash, has no table yet: the save is the game last saved)
    (tableGame !== null ? Promise.resolve(tableGame) : lastGame())
      .then((game) => (game === null ? null : setSaveAside(game)))
      .then((key) => self.postMessage({ id, response: { ok: true, result: { key } } }));
    return;
  }
  let request = { cmd, args };
  // a save given as text is parsed here, where a deep one costs nothing, and sent on as data
  if (cmd === "load" && args && typeof args.save === "string") {
    try {
      request = { cmd, args: { ...args, save: JSON.parse(args.save) } };
    } catch (err) {
      self.postMessage({ id, response: { ok: false, error: `save: not JSON (${err.message})`, kind: "RulesError" } });
      return;
    }
  }
  if (tooDeep(request)) {
    self.postMessage({ id, response: { ok: false, error: `request: nested deeper than ${MAX_DEPTH} levels`, kind: "RulesError" } });
    return;
  }
  let json;
  try {
    json = JSON.stringify(request);
  } catch (err) {  // a BigInt, a cycle: nothing the page sends
    self.postMessage({ id, response: { ok: false, error: `request: not JSON data (${err.message})`, kind: "RulesError" } });
    return;
  }
  const t0 = performance.now();
  const out = ask(json);
  if (out.crash) {
    self.postMessage({ id, response: { ok: false, error: out.crash, kind: "crash" } });
    return;
  }
  const response = JSON.parse(out.text);
  self.postMessage({ id, response, ms: performance.now() - t0 });
  if (!REVIEW) after(cmd, response);
};

boot();
