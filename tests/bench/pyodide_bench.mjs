// The engine benchmark's fast path under Pyodide in Node: the same runtime and wheel
// as the site, and kingweb/bench.py beside it (the site's wheel leaves the benchmarks out).
// Run by `python build.py engine-bench` after a build.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dist = process.argv[2];
const build = JSON.parse(readFileSync(join(dist, "build.json"), "utf8"));
const { loadPyodide } = await import(join(dist, "pyodide", "pyodide.mjs"));
const py = await loadPyodide({ indexURL: join(dist, "pyodide") + "/", stdout: (s) => console.log(s) });
await py.loadPackage("micropip");
const name = build.wheel.split("/").pop();
const BENCH = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "..", "kingweb", "bench.py"), "utf8");
py.FS.writeFile(`/tmp/${name}`, readFileSync(join(dist, build.wheel)));
await py.runPythonAsync(`
import micropip
await micropip.install("emfs:/tmp/${name}")
import kingweb, pathlib
pathlib.Path(kingweb.__file__).with_name("bench.py").write_text(${JSON.stringify(BENCH)})
import platform
from kingweb.bench import fast_path, TARGETS
print(f"kingweb fast path under Pyodide {platform.python_version()} (Node), best of 3 slices of 0.5 s")
for game in ("king", "kingru", "whist"):
    print(f"  {game:7s} fast path  {fast_path(game, 1.5):9,.0f} deals/s")
`);
