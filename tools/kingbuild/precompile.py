"""Run inside Pyodide by precompile.mjs (not on the host): write the bytecode of what the
page imports, compiled by the pinned interpreter itself, under /out (a Node folder)."""

import importlib
import os
import py_compile
import site
import sys
import zipfile

# what the page imports: the session with its bots and lessons, and the worker's helpers
for m in (
    "kingweb.session",
    "kingweb.lessons",
    "kingweb.bots.hints",
    "kingweb.bots.search",
    "kingweb.bots.endgame",
    "kingweb.bots.bidding",
    "site",
):
    importlib.import_module(m)
MODE = py_compile.PycInvalidationMode.UNCHECKED_HASH


def emit(source: bytes, shown: str, dest: str) -> None:
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open("/tmp/source.py", "wb") as f:
        f.write(source)
    py_compile.compile("/tmp/source.py", cfile=dest, dfile=shown, doraise=True, invalidation_mode=MODE)


stdlib = next(p for p in sys.path if p.endswith(".zip"))
with zipfile.ZipFile(stdlib) as z:
    for mod in list(sys.modules.values()):
        f = getattr(getattr(mod, "__spec__", None), "origin", None) or ""  # "frozen" for frozen ones
        if f.startswith(stdlib + "/") and f.endswith(".py"):
            arc = f[len(stdlib) + 1 :]
            emit(z.read(arc), f, "/out/stdlib/" + arc + "c")
packages = site.getsitepackages()[0]
for top in ("micropip", "kingweb"):
    for d, _, files in os.walk(os.path.join(packages, top)):
        for fn in files:
            if fn.endswith(".py"):
                rel = os.path.relpath(os.path.join(d, fn), packages)
                tag = sys.implementation.cache_tag
                cached = os.path.join(os.path.dirname(rel), "__pycache__", f"{fn[:-3]}.{tag}.pyc")
                with open(os.path.join(packages, rel), "rb") as f:
                    emit(f.read(), os.path.join(packages, rel), f"/out/{top}/{cached}")
