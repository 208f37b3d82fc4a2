// The Python side of the page: Pyodide, micropip and the kingweb wheel, in a module
// worker so that loading and bot thinking never block the page.  Requests are
// {id, cmd, args}; every answer is {id, response} with the JSON of kingweb.session.handle.
// A first visit installs the wheel with micropip; a return visit imports the copy that
// the first one kept (kept.js).
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { KEPT_PY, SLOT, readKept, writeKept } from "./kept.js";

let handle = null;
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
    return pyodide.pyimport("kingweb.session");
  } catch {
    pyodide.runPython(KEPT_PY);
    pyodide.globals.get("kept_drop")(SLOT);
    return null;
  }
}

function fetchWheel(build) {
  return fetch(new URL(build.wheel, base)).then((r) => {
    if (!r.ok) throw new Error(`wheel: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
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
  return pyodide.pyimport("kingweb.session");
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
    const buildP = fetch(new URL("build.json", base)).then((r) => r.json());
    const keptP = buildP.then((b) => readKept(b.build), () => null);
    const wheelP = Promise.all([buildP, keptP]).then(([b, files]) => {
      if (files) return null;
      fetch(new URL(b.micropip, base)).catch(() => {});
      return fetchWheel(b);
    });
    wheelP.catch(() => {});  // awaited only when micropip installs
    const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
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
    pyodide.runPython("gc.enable()");
    lap("engine");
    progress("ready", 100);
    self.postMessage({ type: "ready", info, build, boot_ms, install });
    self.postMessage({ type: "stdlib", stdlib: JSON.parse(pyodide.runPython(STDLIB_REPORT_PY)) });
    if (install.from === "micropip" && self.indexedDB) setTimeout(() => keep(pyodide, build.build), KEEP_DELAY_MS);
  } catch (err) {
    self.postMessage({ type: "fatal", message: String(err && err.message || err) });
  }
}

self.onmessage = (ev) => {
  const { id, cmd, args } = ev.data || {};
  if (!handle) {
    self.postMessage({ id, response: { ok: false, error: "engine not loaded" } });
    return;
  }
  const t0 = performance.now();
  const text = handle(JSON.stringify({ cmd, args }));
  self.postMessage({ id, response: JSON.parse(text), ms: performance.now() - t0 });
};

boot();
