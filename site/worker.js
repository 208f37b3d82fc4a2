// The Python side of the page: Pyodide, micropip and the kingweb wheel, in a module
// worker so that loading and bot thinking never block the page.  Requests are
// {id, cmd, args}; every answer is {id, response} with the JSON of kingweb.session.handle.
//
// Installing: the first visit installs the wheel with micropip, as pip would, and then
// keeps a copy of the installed package in IndexedDB (Emscripten's IDBFS, one slot per
// build id).  A return visit of the same build imports that copy and skips micropip,
// which costs more than a second of start-up; a new build, a damaged copy or a browser
// without IndexedDB simply installs again.
import { loadPyodide } from "./pyodide/pyodide.mjs";

let handle = null;
const base = new URL("./", self.location.href);
const KEPT = "/kept";              // the IDBFS mount: one directory per build id
const RESTORE_TIMEOUT_MS = 3000;   // a stuck IndexedDB must not stall the game
const KEEP_DELAY_MS = 1000;

// Milliseconds since the worker started, per boot step, and how kingweb got installed
// ({from: "micropip" | "kept", micropip: version, stdlib: {bytecode, source}}): the
// benchmark and the tests read them.
const boot_ms = {};
const install = {};
const t0 = performance.now();
const lap = (step) => { boot_ms[step] = Math.round(performance.now() - t0); };

function progress(stage, pct) {
  self.postMessage({ type: "progress", stage, pct });
}

function syncfs(pyodide, populate) {
  return new Promise((resolve, reject) => pyodide.FS.syncfs(populate, (err) => (err ? reject(err) : resolve())));
}

/** Mount the kept copies; true when they were read back from IndexedDB in time. */
async function mountKept(pyodide) {
  try {
    pyodide.FS.mkdirTree(KEPT);
    pyodide.FS.mount(pyodide.FS.filesystems.IDBFS, {}, KEPT);
    let timer;
    const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error("timeout")), RESTORE_TIMEOUT_MS); });
    await Promise.race([syncfs(pyodide, true), late]).finally(() => clearTimeout(timer));
    return true;
  } catch {
    return false;  // no IndexedDB (private mode, blocked storage) or too slow: install every time
  }
}

// Python helpers for the kept copy.  The slot is valid only when its BUILD file names
// this build: the file is written last, in the same IndexedDB transaction as the rest.
const KEPT_PY = `
import importlib, os, sys

def kept_intact(slot):
    # every file the wheel's RECORD lists, with the hash it lists
    import base64, hashlib
    infos = [d for d in os.listdir(slot) if d.endswith(".dist-info")]
    if len(infos) != 1:
        return False
    with open(os.path.join(slot, infos[0], "RECORD")) as f:
        rows = [line.rsplit(",", 2) for line in f.read().splitlines() if line]
    for path, digest, _size in rows:
        if not digest:
            continue
        algo, _, want = digest.partition("=")
        with open(os.path.join(slot, path), "rb") as f:
            got = base64.urlsafe_b64encode(hashlib.new(algo, f.read()).digest()).rstrip(b"=").decode()
        if got != want:
            return False
    return True

def kept_use(slot, build):
    try:
        with open(os.path.join(slot, "BUILD")) as f:
            if f.read() != build or not kept_intact(slot):
                return False
    except (OSError, ValueError):
        return False
    sys.path.insert(0, slot)
    importlib.invalidate_caches()
    return True

def kept_drop(slot):
    if slot in sys.path:
        sys.path.remove(slot)
    for name in [m for m in sys.modules if m == "kingweb" or m.startswith("kingweb.")]:
        del sys.modules[name]
    importlib.invalidate_caches()

def kept_save(root, slot, build):
    import shutil, site
    packages = site.getsitepackages()[0]
    for old in os.listdir(root):
        shutil.rmtree(os.path.join(root, old), ignore_errors=True)
    for name in os.listdir(packages):
        if name == "kingweb" or (name.startswith("kingweb-") and name.endswith(".dist-info")):
            shutil.copytree(os.path.join(packages, name), os.path.join(slot, name))
    with open(os.path.join(slot, "BUILD"), "w") as f:
        f.write(build)
`;

// Which standard-library modules the boot imported from the build's precompiled bytecode
// and which it had to compile from source (the tests expect none).
const STDLIB_REPORT_PY = `
import json, sys
_zip = next(p for p in sys.path if p.endswith(".zip"))
_files = [getattr(getattr(m, "__spec__", None), "origin", None) or "" for m in list(sys.modules.values())]
json.dumps({"bytecode": sum(f.startswith(_zip) and f.endswith(".pyc") for f in _files),
            "source": sorted(f[len(_zip) + 1:] for f in _files if f.startswith(_zip) and f.endswith(".py"))})
`;

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
}

async function keep(pyodide, slot, build) {
  try {
    pyodide.globals.get("kept_save")(KEPT, slot, build);
    await syncfs(pyodide, false);
    self.postMessage({ type: "kept" });
  } catch (err) {
    console.warn("kingweb: could not keep the installed package:", err);
  }
}

async function boot() {
  try {
    progress("runtime", 10);
    // Fetch the build manifest and the wheel while the runtime loads: the waits overlap.
    const buildP = fetch(new URL("build.json", base)).then((r) => r.json());
    const wheelP = buildP.then((b) => fetch(new URL(b.wheel, base))).then((r) => {
      if (!r.ok) throw new Error(`wheel: HTTP ${r.status}`);
      return r.arrayBuffer();
    });
    wheelP.catch(() => {});  // a return visit may never need it
    // Warm the HTTP cache with micropip's wheel too, for loadPackage to find on a first visit.
    buildP.then((b) => fetch(new URL(b.micropip, base))).catch(() => {});
    const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
    lap("runtime");
    // Start-up allocates much and frees little: collecting during it is wasted work.
    pyodide.runPython("import gc; gc.disable()");
    progress("engine", 75);
    const build = await buildP;
    const slot = `${KEPT}/${build.build}`;
    const keepable = await mountKept(pyodide);
    pyodide.runPython(KEPT_PY);
    const kept = pyodide.globals.get("kept_use");
    let session = null;
    if (keepable && kept(slot, build.build)) {
      try {
        session = pyodide.pyimport("kingweb.session");
        install.from = "kept";
      } catch {
        pyodide.globals.get("kept_drop")(slot);  // damaged: install afresh below
      }
    }
    lap("restore");
    if (!session) {
      await installWithMicropip(pyodide, build, new Uint8Array(await wheelP));
      session = pyodide.pyimport("kingweb.session");
      install.from = "micropip";
    }
    handle = session.handle;
    const info = JSON.parse(handle(JSON.stringify({ cmd: "info" }))).result;
    pyodide.runPython("gc.enable()");
    lap("engine");
    install.stdlib = JSON.parse(pyodide.runPython(STDLIB_REPORT_PY));
    progress("ready", 100);
    self.postMessage({ type: "ready", info, build, boot_ms, install });
    if (keepable && install.from === "micropip") {
      // after the first requests of the page, which are what the player waits for
      setTimeout(() => keep(pyodide, slot, build.build), KEEP_DELAY_MS);
    }
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
