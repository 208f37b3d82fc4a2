// The Python side of the page: Pyodide, micropip and the kingweb wheel, in a module
// worker so that loading and bot thinking never block the page.  Requests are
// {id, cmd, args}; every answer is {id, response} with the JSON of kingweb.session.handle.
import { loadPyodide } from "./pyodide/pyodide.mjs";

let handle = null;
const base = new URL("./", self.location.href);

// Milliseconds since the worker started, per boot step: the benchmark prints them.
const boot_ms = {};
const t0 = performance.now();
const lap = (step) => { boot_ms[step] = Math.round(performance.now() - t0); };

function progress(stage, pct) {
  self.postMessage({ type: "progress", stage, pct });
}

async function boot() {
  try {
    progress("runtime", 10);
    // Fetch the build manifest and the wheel while the runtime loads, and let Pyodide
    // fetch micropip during its own start-up: the waits overlap instead of adding up.
    const buildP = fetch(new URL("build.json", base)).then((r) => r.json());
    const wheelP = buildP.then((b) => fetch(new URL(b.wheel, base))).then((r) => {
      if (!r.ok) throw new Error(`wheel: HTTP ${r.status}`);
      return r.arrayBuffer();
    });
    const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href, packages: ["micropip"] });
    lap("runtime");
    progress("engine", 75);
    const build = await buildP;
    const wheelPath = `/tmp/${build.wheel.split("/").pop()}`;
    pyodide.FS.writeFile(wheelPath, new Uint8Array(await wheelP));
    const micropip = pyodide.pyimport("micropip");
    lap("micropip_import");
    await micropip.install(`emfs:${wheelPath}`);
    lap("install");
    const session = pyodide.pyimport("kingweb.session");
    handle = session.handle;
    const info = JSON.parse(handle(JSON.stringify({ cmd: "info" }))).result;
    lap("engine");
    progress("ready", 100);
    self.postMessage({ type: "ready", info, build, boot_ms });
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
