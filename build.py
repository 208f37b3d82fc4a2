"""Build, serve, test and benchmark kingweb.

    python build.py            build the wheel and assemble the static site in dist/
    python build.py serve      build, then serve dist/ on http://127.0.0.1:8000 (--port N)
    python build.py test       set up everything the tests need, build, run every test
    python build.py bench      browser benchmark: bare Pyodide load vs the game, bot turns
    python build.py engine-bench   engine playouts per second, CPython and Pyodide (Node)

The site is fully static: dist/ holds the page, the kingweb wheel and a self-hosted
Pyodide runtime, so it runs from any static host with no server and no CDN.  Every
external artifact is pinned by version and checksum and cached in .cache/, so a rebuild
works offline.
"""

import argparse
import base64
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
VENV = ROOT / ".venv"

PYODIDE_VERSION = "314.0.7"
PYODIDE_TARBALL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
PYODIDE_INTEGRITY = "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
# The runtime files the page needs (the npm package also ships consoles and typings).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# Pyodide's lock file names a micropip build that only its CDN serves; PyPI's wheel of the
# same version is built differently (another sha256), so the build pins PyPI's wheel and
# rewrites the lock entry to match it.  (micropip ≥ 0.8 needs Python ≥ 3.13: pip on an
# older host Python must be told the target version to download it.)
WHEELS = {
    "micropip": ("0.11.1", "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3", []),
}
TEST_REQUIREMENTS = ["pytest>=8", "hypothesis>=6.100", "playwright==1.65.2", "axe-playwright-python==0.1.8",
                     "open-spiel==2.0.2"]  # the ladder's independent opponent (tests/test_spiel.py)
CHROMIUM = "/usr/bin/chromium"


def log(*a):
    print("[build]", *a, flush=True)


# -- pinned downloads -------------------------------------------------------------------

def _fetch(url, dest: Path, check):
    """Download ``url`` to ``dest`` unless a cached copy passes ``check``."""
    if dest.exists() and check(dest.read_bytes()):
        return dest
    dest.parent.mkdir(parents=True, exist_ok=True)
    log("downloading", url)
    with urllib.request.urlopen(url, timeout=120) as r:
        data = r.read()
    if not check(data):
        raise SystemExit(f"checksum mismatch for {url}: refusing to use it")
    tmp = dest.with_suffix(".part")
    tmp.write_bytes(data)
    tmp.replace(dest)
    return dest


def _sri_ok(integrity):
    algo, digest = integrity.split("-", 1)
    return lambda data: base64.b64encode(hashlib.new(algo, data).digest()).decode() == digest


def _sha256_ok(hexdigest):
    return lambda data: hashlib.sha256(data).hexdigest() == hexdigest


def pypi_wheel(name, version, sha256):
    dest = CACHE / f"{name}-{version}-py3-none-any.whl"
    if dest.exists() and _sha256_ok(sha256)(dest.read_bytes()):
        return dest
    url = f"https://pypi.org/pypi/{name}/{version}/json"
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            files = json.load(r)["urls"]
        wheel_url = next(f["url"] for f in files if f["filename"] == dest.name)
        return _fetch(wheel_url, dest, _sha256_ok(sha256))
    except Exception as e:  # a mirror-only machine: let pip fetch it, then check it
        log(f"PyPI JSON API unavailable ({e}); using pip download")
        tmp = CACHE / "pip-download"
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                        "--python-version", "3.14", "-d", str(tmp), f"{name}=={version}"],
                       check=True, capture_output=True)
        data = (tmp / dest.name).read_bytes()
        if not _sha256_ok(sha256)(data):
            raise SystemExit(f"checksum mismatch for {dest.name}: refusing to use it")
        dest.write_bytes(data)
        return dest


def stock_runtime(out: Path):
    """The pinned Pyodide runtime exactly as the npm package ships it."""
    tgz = _fetch(PYODIDE_TARBALL, CACHE / f"pyodide-{PYODIDE_VERSION}.tgz", _sri_ok(PYODIDE_INTEGRITY))
    out.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tf:
        for name in PYODIDE_FILES:
            (out / name).write_bytes(tf.extractfile(f"package/{name}").read())
    return out


def pyodide_runtime(out: Path):
    """The pinned Pyodide runtime, its lock file listing only the pinned wheels it ships.

    The npm lock lists about 350 packages that only Pyodide's CDN serves; here they would
    be 404s, and micropip converts the whole list to Python when it is imported."""
    stock_runtime(out)
    lock_path = out / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    shipped = {}
    for name, (version, sha, depends) in WHEELS.items():
        whl = pypi_wheel(name, version, sha)
        shutil.copy(whl, out / whl.name)
        shipped[name] = {**lock["packages"][name], "file_name": whl.name, "version": version,
                         "sha256": sha, "depends": depends}
    lock["packages"] = shipped
    lock_path.write_text(json.dumps(lock, separators=(",", ":")))
    return out


# -- bytecode ---------------------------------------------------------------------------
# The npm runtime's python_stdlib.zip holds sources only and PyPI's micropip wheel has no
# bytecode, so a browser compiles every module it imports on every load: most of the
# runtime's own start-up and of micropip's import.  The build compiles them once instead,
# with the pinned interpreter itself (Pyodide in Node, so the bytecode is exactly what the
# browser would make), and adds the .pyc files beside the sources: unchecked-hash pycs
# (PEP 552), used without a look at the source.  The sources stay, for tracebacks.  Only
# modules that a game really imports are compiled; without Node the build ships the
# sources alone and the page still works, only slower to start.

PRECOMPILE_JS = r"""
import { join } from "node:path";
import { readFileSync } from "node:fs";
const [runtime, wheel, out] = process.argv.slice(2);
const { loadPyodide } = await import(join(runtime, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: runtime + "/", env: { PYTHONHASHSEED: "0" }, stdout: () => {} });
py.FS.mkdirTree("/out");
py.FS.mount(py.FS.filesystems.NODEFS, { root: out }, "/out");
const name = wheel.split("/").pop();
py.FS.writeFile(`/tmp/${name}`, new Uint8Array(readFileSync(wheel)));
await py.loadPackage("micropip", { messageCallback: () => {} });
await py.runPythonAsync(`import micropip\nawait micropip.install("emfs:/tmp/${name}")`);
py.runPython(`
import importlib, os, py_compile, site, sys, zipfile
# what the page imports: the session with its bots and lessons, and the worker's helpers
for m in ("kingweb.session", "kingweb.lessons", "kingweb.bots.hints", "kingweb.bots.search",
          "kingweb.bots.endgame", "kingweb.bots.bidding", "site"):
    importlib.import_module(m)
mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
def emit(source, shown, dest):
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open("/tmp/source.py", "wb") as f:
        f.write(source)
    py_compile.compile("/tmp/source.py", cfile=dest, dfile=shown, doraise=True, invalidation_mode=mode)
stdlib = next(p for p in sys.path if p.endswith(".zip"))
with zipfile.ZipFile(stdlib) as z:
    for mod in list(sys.modules.values()):
        f = getattr(getattr(mod, "__spec__", None), "origin", None) or ""  # "frozen" for frozen ones
        if f.startswith(stdlib + "/") and f.endswith(".py"):
            arc = f[len(stdlib) + 1:]
            emit(z.read(arc), f, "/out/stdlib/" + arc + "c")
packages = site.getsitepackages()[0]
for top in ("micropip", "kingweb"):
    for d, _, files in os.walk(os.path.join(packages, top)):
        for fn in files:
            if fn.endswith(".py"):
                rel = os.path.relpath(os.path.join(d, fn), packages)
                cached = os.path.join(os.path.dirname(rel), "__pycache__", f"{fn[:-3]}.{sys.implementation.cache_tag}.pyc")
                with open(os.path.join(packages, rel), "rb") as f:
                    emit(f.read(), os.path.join(packages, rel), f"/out/{top}/{cached}")
`);
"""


def precompile(runtime: Path, wheel: Path):
    """Bytecode for the stdlib modules, micropip and kingweb: {"stdlib"|top: {arcname: bytes}}."""
    node = shutil.which("node")
    if node is None:
        log("node not found: shipping sources without bytecode (the page starts slower)")
        return None
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "precompile.mjs"
        script.write_text(PRECOMPILE_JS)
        out = Path(tmp) / "out"
        out.mkdir()
        try:
            subprocess.run([node, str(script), str(runtime.resolve()), str(wheel.resolve()), str(out)], check=True)
        except subprocess.CalledProcessError:
            log("precompiling in Node failed (see above): shipping sources without bytecode")
            return None
        return {top.name: {p.relative_to(top).as_posix(): p.read_bytes() for p in sorted(top.rglob("*.pyc"))}
                for top in sorted(out.iterdir())}


# -- the classic deck -------------------------------------------------------------------

DECK_SRC = ROOT / "art" / "classic"
SVGO = ROOT / "tools" / "svgo"  # package.json and the package-lock.json that pins svgo
# Inkscape's drawings carry editor metadata and coordinates to six decimals; a tenth of
# a unit is finer than a pixel at any size the page draws (a card is 210 units wide).
SVGO_JS = """
import { optimize } from "svgo";
import { readFileSync, writeFileSync, readdirSync } from "node:fs";
const [src, dst] = process.argv.slice(2);
for (const f of readdirSync(src).filter((f) => f.endsWith(".svg")).sort()) {
  const out = optimize(readFileSync(`${src}/${f}`, "utf8"), { multipass: true, floatPrecision: 1 });
  writeFileSync(`${dst}/${f}`, out.data);
}
"""


def classic_deck(out: Path):
    """The classic deck's faces, optimised by the pinned svgo (cached by input hash).

    Returns "svgo" or, without Node and npm (or if svgo fails), "raw": the drawings as
    they are, which the page loads just the same, only slower (the deck loads lazily,
    when it is chosen)."""
    h = hashlib.sha256(SVGO_JS.encode() + (SVGO / "package-lock.json").read_bytes())
    for p in sorted(DECK_SRC.glob("*.svg")):
        h.update(p.name.encode() + b"\0" + p.read_bytes())
    cached = CACHE / f"deck-{h.hexdigest()[:16]}"
    if cached.exists() or _svgo(cached):
        shutil.copytree(cached, out)
        return "svgo"
    log("shipping the classic deck unoptimised (8 MB)")
    shutil.copytree(DECK_SRC, out)
    return "raw"


def _svgo(dest: Path) -> bool:
    """Optimise the deck into ``dest`` with the pinned svgo; False if it cannot."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if not (node and npm):
        log("node or npm not found: no svgo")
        return False
    tools = CACHE / "svgo"
    tmp = dest.with_suffix(".tmp")
    try:
        if not tools.joinpath("node_modules", "svgo").exists() or \
                tools.joinpath("package-lock.json").read_bytes() != (SVGO / "package-lock.json").read_bytes():
            shutil.rmtree(tools, ignore_errors=True)
            tools.mkdir(parents=True)
            for name in ("package.json", "package-lock.json"):
                shutil.copy(SVGO / name, tools / name)
            log("installing the pinned svgo (npm ci: the lock's sha512 integrity is checked)")
            subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=tools, check=True)
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        (tools / "optimise.mjs").write_text(SVGO_JS)
        subprocess.run([node, str(tools / "optimise.mjs"), str(DECK_SRC), str(tmp)], check=True)
    except subprocess.CalledProcessError:
        log("svgo failed (see above)")
        return False
    tmp.rename(dest)
    return True


def _zip_entry(arc):
    zi = zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0))
    zi.compress_type = zipfile.ZIP_DEFLATED
    return zi


def _record_row(arc, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arc},sha256={digest},{len(data)}"


def add_to_zip(path: Path, extra: dict):
    """Rewrite a zip with ``extra`` files added (a wheel's RECORD lists them too)."""
    with zipfile.ZipFile(path) as z:
        files = [(i, z.read(i)) for i in z.infolist()]
    record = next((i for i, _ in files if i.filename.endswith(".dist-info/RECORD")), None)
    with zipfile.ZipFile(path, "w") as z:
        for info, data in files:
            if info is record:
                rows = [_record_row(arc, d) for arc, d in sorted(extra.items())]
                data = data.rstrip(b"\n") + b"\n" + "\n".join(rows).encode() + b"\n"
            z.writestr(info, data)
        for arc, data in sorted(extra.items()):
            z.writestr(_zip_entry(arc), data)


def set_lock_sha256(runtime: Path, name: str, wheel: Path):
    """Point the lock entry of ``name`` at ``wheel`` (Pyodide checks it on load)."""
    lock_path = runtime / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    lock["packages"][name]["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock_path.write_text(json.dumps(lock, separators=(",", ":")))


# -- the kingweb wheel ----------------------------------------------------------------

def project_version():
    for line in (ROOT / "pyproject.toml").read_text().splitlines():
        if line.startswith("version"):
            return line.split('"')[1]
    raise SystemExit("no version in pyproject.toml")


def build_wheel(out: Path) -> Path:
    """A reproducible py3-none-any wheel of the kingweb package (pure Python)."""
    version = project_version()
    name = f"kingweb-{version}-py3-none-any.whl"
    info = f"kingweb-{version}.dist-info"
    files = []
    for path in sorted((ROOT / "kingweb").rglob("*.py")):
        files.append((path.relative_to(ROOT).as_posix(), path.read_bytes()))
    meta = (f"Metadata-Version: 2.1\nName: kingweb\nVersion: {version}\n"
            "Summary: King, Кинг and German Whist: rules engine and bots\n"
            "Requires-Python: >=3.11\n").encode()
    wheel = b"Wheel-Version: 1.0\nGenerator: kingweb build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files += [(f"{info}/METADATA", meta), (f"{info}/WHEEL", wheel),
              (f"{info}/top_level.txt", b"kingweb\n")]
    record = [_record_row(arc, data) for arc, data in files]
    record.append(f"{info}/RECORD,,")
    files.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode()))
    out.mkdir(parents=True, exist_ok=True)
    dest = out / name
    with zipfile.ZipFile(dest, "w") as zf:
        for arc, data in files:
            zf.writestr(_zip_entry(arc), data)
    return dest


# -- the site -------------------------------------------------------------------------

def build(dist: Path = DIST):
    if dist.exists():
        shutil.rmtree(dist)
    shutil.copytree(ROOT / "site", dist)
    runtime = pyodide_runtime(dist / "pyodide")
    micropip = next(runtime.glob("micropip-*.whl"))
    wheel = build_wheel(dist / "wheels")
    bytecode = precompile(runtime, wheel)
    deck = classic_deck(dist / "cards" / "classic")
    if bytecode:
        add_to_zip(runtime / "python_stdlib.zip", bytecode["stdlib"])
        add_to_zip(wheel, bytecode["kingweb"])
        add_to_zip(micropip, bytecode["micropip"])
        set_lock_sha256(runtime, "micropip", micropip)
        log(f"precompiled {sum(map(len, bytecode.values()))} modules")
    # The build's identity is a hash of every file it serves: any change to the site,
    # the wheel or the runtime gives the offline cache a new name.
    h = hashlib.sha256()
    for rel, p in _served(dist):
        h.update(rel.encode() + b"\0" + p.read_bytes())
    digest = h.hexdigest()[:12]
    # The page learns the wheel's name and the build's identity from one small file.
    (dist / "build.json").write_text(json.dumps({
        "version": project_version(), "wheel": f"wheels/{wheel.name}", "build": digest,
        "pyodide": PYODIDE_VERSION, "micropip": micropip.relative_to(dist).as_posix(), "bytecode": bool(bytecode),
        "deck": deck}, indent=1))
    stamp_service_worker(dist, digest)
    log(f"built {dist} (wheel {wheel.name}, build {digest})")
    return dist


def _served(dist: Path):
    """Every file the site serves but the service worker itself: (path in the site, file)."""
    return [(p.relative_to(dist).as_posix(), p) for p in sorted(dist.rglob("*"))
            if p.is_file() and p.name != "sw.js"]


def stamp_service_worker(dist: Path, build_id: str):
    """Give sw.js this build's cache name and the list of files to keep offline.

    Not the classic deck's faces: only players who choose that deck load them, and the
    service worker keeps each one it serves."""
    files = ["./"] + sorted(rel for rel, _ in _served(dist) if not rel.startswith("cards/"))
    sw = dist / "sw.js"
    text = sw.read_text().replace("__KINGWEB_BUILD__", build_id)
    sw.write_text(text.replace("__KINGWEB_FILES__", json.dumps(files)))


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".webmanifest": "application/manifest+json"}

    def log_message(self, *a):
        pass


def serve(port=8000, dist=DIST):
    build(dist)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), partial(_Handler, directory=str(dist)))
    log(f"serving {dist} on http://127.0.0.1:{port}/ (Ctrl-C to stop)")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass


# -- tests ------------------------------------------------------------------------------

def venv_python():
    return VENV / "bin" / "python"


def ensure_test_env():
    """A virtualenv with the test dependencies, and Debian's Chromium and Node."""
    py = venv_python()
    if not py.exists():
        log("creating", VENV)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    stamp = VENV / ".requirements"
    want = "\n".join(TEST_REQUIREMENTS)
    if not stamp.exists() or stamp.read_text() != want:
        log("installing test requirements")
        subprocess.run([str(py), "-m", "pip", "install", "-q", *TEST_REQUIREMENTS], check=True)
        stamp.write_text(want)
    # Chromium for the browser tests; Node for the build's bytecode step, npm for its svgo
    missing = [pkg for pkg, ok in (("chromium", Path(CHROMIUM).exists()), ("nodejs", shutil.which("node")),
                                   ("npm", shutil.which("npm"))) if not ok]
    if missing:
        log("installing Debian's", " and ".join(missing))
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        subprocess.run([*sudo, "apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", *missing], check=True, env=env)
    return py


def test(extra):
    py = ensure_test_env()
    build()
    env = dict(os.environ, KINGWEB_DIST=str(DIST), PYTHONPATH=str(ROOT))
    r = subprocess.run([str(py), "-m", "pytest", "-q", "-p", "no:cacheprovider", *extra], cwd=ROOT, env=env)
    return r.returncode


def bench(extra):
    py = ensure_test_env()
    build()
    env = dict(os.environ, KINGWEB_DIST=str(DIST), PYTHONPATH=str(ROOT))
    return subprocess.run([str(py), str(ROOT / "tests" / "browser_bench.py"), *extra], cwd=ROOT, env=env).returncode


def engine_bench():
    build()
    r = subprocess.run([sys.executable, "-m", "kingweb", "bench"], cwd=ROOT)
    if shutil.which("node") is None:
        log("node not found: skipping the Pyodide figures")
        return r.returncode
    return subprocess.run(["node", str(ROOT / "tests" / "pyodide_bench.mjs"), str(DIST)], cwd=ROOT).returncode or r.returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", nargs="?", default="build", choices=("build", "serve", "test", "bench", "engine-bench"))
    ap.add_argument("--port", type=int, default=8000)
    args, extra = ap.parse_known_args(argv)
    if args.command == "build":
        build()
    elif args.command == "serve":
        serve(args.port)
    elif args.command == "test":
        return test(extra)
    elif args.command == "bench":
        return bench(extra)
    elif args.command == "engine-bench":
        return engine_bench()
    return 0


if __name__ == "__main__":
    sys.exit(main())
