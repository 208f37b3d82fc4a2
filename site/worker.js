// The Python side of the page: Pyodide, micropip and the kingweb wheel, in a module
// worker so that loading and bot thinking never block the page.  Requests are
// {id, cmd, args}; every answer is {id, response} with the JSON of kingweb.session.handle.
import { loadPyodide } from "./pyodide/pyodide.mjs";

let handle = null;
const base = new URL("./", self.location.href);

function progress(stage, pct) {
  self.postMessage({ type: "progress", stage, pct });
}

async function boot() {
  try {
    progress("runtime", 10);
    const build = await (await fetch(new URL("build.json", base))).json();
    const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
    progress("micropip", 60);
    await pyodide.loadPackage("micropip");
    progress("engine", 80);
    const micropip = pyodide.pyimport("micropip");
    await micropip.install(new URL(build.wheel, base).href);
    const session = pyodide.pyimport("kingweb.session");
    handle = session.handle;
    const info = JSON.parse(handle(JSON.stringify({ cmd: "info" }))).result;
    progress("ready", 100);
    self.postMessage({ type: "ready", info, build });
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
