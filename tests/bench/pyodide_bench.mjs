// The engine benchmark's fast path under Pyodide in Node: the same runtime and wheel
// as the site.  Run by `python build.py engine-bench` after a build.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const dist = process.argv[2];
const build = JSON.parse(readFileSync(join(dist, "build.json"), "utf8"));
const { loadPyodide } = await import(join(dist, "pyodide", "pyodide.mjs"));
const py = await loadPyodide({ indexURL: join(dist, "pyodide") + "/", stdout: (s) => console.log(s) });
await py.loadPackage("micropip");
const name = build.wheel.split("/").pop();
py.FS.writeFile(`/tmp/${name}`, readFileSync(join(dist, build.wheel)));
await py.runPythonAsync(`
import micropip
await micropip.install("emfs:/tmp/${name}")
import platform
from kingweb.bench import fast_path, TARGETS
print(f"kingweb fast path under Pyodide {platform.python_version()} (Node), best of 3 slices of 0.5 s")
for game in ("king", "kingru", "whist"):
    print(f"  {game:7s} fast path  {fast_path(game, 1.5):9,.0f} deals/s")
`);
