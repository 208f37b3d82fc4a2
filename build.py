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
TEST_REQUIREMENTS = ["pytest>=8", "hypothesis>=6.100", "playwright==1.65.2", "axe-playwright-python==0.1.8"]
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


def pyodide_runtime(out: Path):
    """The pinned Pyodide runtime, with the lock entries of the pinned wheels fixed."""
    tgz = _fetch(PYODIDE_TARBALL, CACHE / f"pyodide-{PYODIDE_VERSION}.tgz", _sri_ok(PYODIDE_INTEGRITY))
    out.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tf:
        for name in PYODIDE_FILES:
            data = tf.extractfile(f"package/{name}").read()
            (out / name).write_bytes(data)
    lock_path = out / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    for name, (version, sha, depends) in WHEELS.items():
        whl = pypi_wheel(name, version, sha)
        shutil.copy(whl, out / whl.name)
        lock["packages"][name].update(file_name=whl.name, version=version, sha256=sha, depends=depends)
    lock_path.write_text(json.dumps(lock, separators=(",", ":")))
    return out


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
    record = []
    for arc, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arc},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    files.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode()))
    out.mkdir(parents=True, exist_ok=True)
    dest = out / name
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zf:
        for arc, data in files:
            zi = zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(zi, data)
    return dest


# -- the site -------------------------------------------------------------------------

def build(dist: Path = DIST):
    if dist.exists():
        shutil.rmtree(dist)
    shutil.copytree(ROOT / "site", dist)
    runtime = pyodide_runtime(dist / "pyodide")
    micropip = next(runtime.glob("micropip-*.whl")).relative_to(dist).as_posix()
    wheel = build_wheel(dist / "wheels")
    # The build's identity is a hash of every file it serves: any change to the site,
    # the wheel or the runtime gives the offline cache a new name.
    h = hashlib.sha256()
    for p in sorted(dist.rglob("*")):
        if p.is_file() and p.name != "sw.js":
            h.update(p.relative_to(dist).as_posix().encode() + b"\0" + p.read_bytes())
    digest = h.hexdigest()[:12]
    # The page learns the wheel's name and the build's identity from one small file.
    (dist / "build.json").write_text(json.dumps({
        "version": project_version(), "wheel": f"wheels/{wheel.name}", "build": digest,
        "pyodide": PYODIDE_VERSION, "micropip": micropip}, indent=1))
    stamp_service_worker(dist, digest)
    log(f"built {dist} (wheel {wheel.name}, build {digest})")
    return dist


def stamp_service_worker(dist: Path, build_id: str):
    """Give sw.js this build's cache name and the list of files to keep offline."""
    files = ["./"] + sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*")
                            if p.is_file() and p.name != "sw.js")
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
    """A virtualenv with the test dependencies, and Debian's Chromium."""
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
    if not Path(CHROMIUM).exists():
        log("installing Debian's chromium")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        subprocess.run([*sudo, "apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", "chromium"], check=True, env=env)
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
