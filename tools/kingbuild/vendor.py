"""The JavaScript library the site ships from npm: trystero, with which the peers of a room
find each other over public relays of three kinds (site/p2p/room.js): WebTorrent trackers,
Nostr relays and MQTT brokers, one trystero strategy each.

tools/trystero/package-lock.json pins it: each vendored package's tarball is fetched from
the npm registry and used only if it matches the lock's sha512 integrity (no npm needed),
then kept in the cache.  The build copies into ``dist/vendor/trystero/`` exactly the
modules the strategies import, byte for byte, and each package's licence; index.html's
import map names the packages, so the modules load as published, with no build step.
The lock also pins mqtt.js's Node dependencies, which the browser bundle the page loads
(mqtt's ``dist/mqtt.esm.js``, its ``browser`` export) has inside it: they are never fetched.
"""

import json
import re
import shutil
import tarfile
from pathlib import Path

from . import CACHE, ROOT
from .downloads import fetch, sri_ok

TRYSTERO = ROOT / "tools" / "trystero"  # package.json and the package-lock.json that pins it
# The strategies, one per kind of relay (params.js names the kinds): the modules' roots.
ENTRIES = {"torrent": "@trystero-p2p/torrent", "nostr": "@trystero-p2p/nostr", "mqtt": "@trystero-p2p/mqtt"}
ENTRY = ENTRIES["torrent"]  # the version build.json names
# Each package's folder under dist/vendor/trystero/, as index.html's import map names it.
FOLDERS = {
    "@trystero-p2p/torrent": "torrent",
    "@trystero-p2p/nostr": "nostr",
    "@trystero-p2p/mqtt": "mqtt",
    "@trystero-p2p/core": "core",
    "@noble/secp256k1": "secp256k1",
    "mqtt": "mqtt.js",
}
# A package whose module for the browser is not its exports["."]: mqtt's is a bundle with
# no imports, its `browser` condition (its default is Node's CommonJS).
BROWSER_ENTRY = {"mqtt": "dist/mqtt.esm.js"}
# A package the page's import map gives to the site's own module that wraps it, and the
# name under which that module imports the package itself (site/p2p/mqtt.js says why).
WRAPPED = {"mqtt": ("./p2p/mqtt.js", "mqtt/dist/mqtt.esm.js")}
LICENCES = {"mqtt": "LICENSE.md"}
VENDOR = "vendor/trystero"

# Static imports and re-exports (`import {…} from "x"`, `export … from "x"`, `import "x"`).
_IMPORT = re.compile(r"""^\s*(?:(?:import|export)\b[^;'"]*?\bfrom|import)\s*["']([^"']+)["']""", re.M)
_DYNAMIC = re.compile(r"""\bimport\s*\(""")


def _lock() -> dict[str, dict[str, str]]:
    """The lock's packages by name: {name: {version, integrity}}."""
    lock = json.loads((TRYSTERO / "package-lock.json").read_text())
    return {
        path.removeprefix("node_modules/"): entry
        for path, entry in lock["packages"].items()
        if path.startswith("node_modules/")
    }


def trystero_packages(cache: Path = CACHE) -> Path:
    """The pinned packages unpacked as npm lays them out: ``<cache>/trystero/node_modules``.

    Each tarball is checked against the lock's integrity before it is unpacked; the unpacked
    tree is kept until the lock changes."""
    lock_text = (TRYSTERO / "package-lock.json").read_bytes()
    root = cache / "trystero"
    modules = root / "node_modules"
    stamp = root / "package-lock.json"
    if stamp.exists() and stamp.read_bytes() == lock_text and modules.exists():
        return modules
    shutil.rmtree(root, ignore_errors=True)
    for name, entry in _lock().items():
        if name not in FOLDERS:
            continue  # pinned, not shipped (see the top of this file)
        base = name.rsplit("/", 1)[-1]
        url = f"https://registry.npmjs.org/{name}/-/{base}-{entry['version']}.tgz"
        tgz = fetch(url, cache / "npm" / f"{name.replace('/', '+')}-{entry['version']}.tgz", sri_ok(entry["integrity"]))
        dest = modules / name
        with tarfile.open(tgz) as tf:
            for member in tf.getmembers():
                if not member.isfile() or not member.name.startswith("package/"):
                    continue
                out = dest / member.name.removeprefix("package/")
                if not out.resolve().is_relative_to(dest.resolve()):
                    raise SystemExit(f"{url}: {member.name} lies outside the package")
                out.parent.mkdir(parents=True, exist_ok=True)
                data = tf.extractfile(member)
                assert data is not None
                out.write_bytes(data.read())
    stamp.write_bytes(lock_text)
    return modules


def _entry(package: Path) -> Path:
    """A package's module for ``import "<name>"``: its package.json's exports["."], or
    its ``module``/``main`` for a package without exports."""
    meta = json.loads((package / "package.json").read_text())
    if meta.get("name") in BROWSER_ENTRY:
        return package / BROWSER_ENTRY[meta["name"]]
    if "exports" not in meta:
        return package / str(meta.get("module", meta.get("main", "index.js")))
    exports = meta["exports"]["."]
    return package / (exports if isinstance(exports, str) else exports["import"])


def import_map(node_modules: Path) -> dict[str, str]:
    """index.html's import map: each vendored package's entry, as the page's relative URL
    (or its wrapper's, and the entry under the name the wrapper imports it by)."""
    found = {}
    for name, folder in FOLDERS.items():
        url = f"./{VENDOR}/{folder}/{_entry(node_modules / name).name}"
        wrapper, inner = WRAPPED.get(name, (url, ""))
        found[name] = wrapper
        if inner:
            found[inner] = url
    return found


def modules_needed(node_modules: Path, entries: list[str] | None = None) -> list[tuple[str, Path]]:
    """Every module the strategies import, transitively from their entries:
    (path under dist/vendor/trystero/, file).  A bare import must name one of FOLDERS'
    packages, which the import map resolves; a dynamic import would escape this list."""
    roots = {name: _entry(node_modules / name).parent.resolve() for name in FOLDERS if (node_modules / name).exists()}
    seen: dict[Path, str] = {}
    todo = [_entry(node_modules / entry).resolve() for entry in entries or ENTRIES.values()]
    while todo:
        file = todo.pop()
        if file in seen:
            continue
        package = next(name for name, root in roots.items() if file.is_relative_to(root))
        seen[file] = f"{FOLDERS[package]}/{file.relative_to(roots[package]).as_posix()}"
        text = file.read_text()
        if _DYNAMIC.search(text):
            raise SystemExit(f"{file}: a dynamic import the vendored copy would not include")
        for spec in _IMPORT.findall(text):
            if spec.startswith("."):
                todo.append((file.parent / spec).resolve())
            elif spec in FOLDERS:
                todo.append(_entry(node_modules / spec).resolve())
            else:
                raise SystemExit(f"{file}: imports {spec}, which the import map does not name")
    return sorted((rel, file) for file, rel in seen.items())


def vendor_trystero(dist: Path, cache: Path = CACHE) -> list[str]:
    """Copy the modules rooms need and the packages' licences into dist/vendor/trystero/;
    the paths written, relative to ``dist``."""
    node_modules = trystero_packages(cache)
    out = dist / VENDOR
    written = []
    for rel, file in modules_needed(node_modules):
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(file, out / rel)
        written.append(f"{VENDOR}/{rel}")
    for name, folder in FOLDERS.items():
        shutil.copyfile(node_modules / name / LICENCES.get(name, "LICENSE"), out / folder / "LICENSE")
        written.append(f"{VENDOR}/{folder}/LICENSE")
    return sorted(written)


def trystero_version() -> str:
    return _lock()[ENTRY]["version"]
