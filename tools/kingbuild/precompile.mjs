// Run by bytecode.py: load the pinned runtime in Node, install the kingweb wheel with
// micropip, import what the page imports, and write an unchecked-hash .pyc (PEP 552) for
// every stdlib, micropip and kingweb module that was imported, into <out>/<top>/...
// Usage: node precompile.mjs <runtime dir> <kingweb wheel> <out dir>
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [runtime, wheel, out] = process.argv.slice(2);
const { loadPyodide } = await import(join(runtime, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: runtime + "/", env: { PYTHONHASHSEED: "0" }, stdout: () => {} });
py.FS.mkdirTree("/out");
py.FS.mount(py.FS.filesystems.NODEFS, { root: out }, "/out");
const name = wheel.split("/").pop();
py.FS.writeFile(`/tmp/${name}`, new Uint8Array(readFileSync(wheel)));
await py.loadPackage("micropip", { messageCallback: () => {} });
await py.runPythonAsync(`import micropip\nawait micropip.install("emfs:/tmp/${name}")`);
py.runPython(readFileSync(join(dirname(fileURLToPath(import.meta.url)), "precompile.py"), "utf8"));
