"""The pinned Pyodide runtime, self-hosted: the npm package's files and the wheels it ships."""

import hashlib
import json
import shutil
import tarfile
from pathlib import Path

from . import CACHE
from .downloads import fetch, pypi_wheel, sri_ok

PYODIDE_VERSION = "314.0.7"
PYODIDE_TARBALL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
PYODIDE_INTEGRITY = "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
# The runtime files the page needs (the npm package also ships consoles and typings).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# Pyodide's lock file names a micropip build that only its CDN serves; PyPI's wheel of the
# same version is built differently (another sha256), so the build pins PyPI's wheel and
# rewrites the lock entry to match it.  (micropip >= 0.8 needs Python >= 3.13: pip on an
# older host Python must be told the target version to download it.)
# name: (version, sha256 of PyPI's wheel, the lock entry's "depends")
WHEELS: dict[str, tuple[str, str, list[str]]] = {
    "micropip": ("0.11.1", "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3", []),
}


def stock_runtime(out: Path) -> Path:
    """The pinned Pyodide runtime exactly as the npm package ships it."""
    tgz = fetch(PYODIDE_TARBALL, CACHE / f"pyodide-{PYODIDE_VERSION}.tgz", sri_ok(PYODIDE_INTEGRITY))
    out.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tf:
        for name in PYODIDE_FILES:
            member = tf.extractfile(f"package/{name}")
            assert member is not None, name  # the pinned tarball holds them all
            (out / name).write_bytes(member.read())
    return out


def pyodide_runtime(out: Path) -> Path:
    """The pinned Pyodide runtime, its lock file listing only the pinned wheels it ships.

    The npm lock lists about 350 packages that only Pyodide's CDN serves; here they would
    be 404s, and micropip converts the whole list to Python when it is imported."""
    stock_runtime(out)
    lock_path = out / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    shipped = {}
    for name, (version, sha, depends) in WHEELS.items():
        whl = pypi_wheel(name, version, sha, CACHE)
        shutil.copy(whl, out / whl.name)
        shipped[name] = {
            **lock["packages"][name],
            "file_name": whl.name,
            "version": version,
            "sha256": sha,
            "depends": depends,
        }
    lock["packages"] = shipped
    lock_path.write_text(json.dumps(lock, separators=(",", ":")))
    return out


def set_lock_sha256(runtime: Path, name: str, wheel: Path) -> None:
    """Point the lock entry of ``name`` at ``wheel`` (Pyodide checks it on load)."""
    lock_path = runtime / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    lock["packages"][name]["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock_path.write_text(json.dumps(lock, separators=(",", ":")))
