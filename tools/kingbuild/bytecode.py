"""Bytecode made at build time.

The npm runtime's python_stdlib.zip holds sources only and PyPI's micropip wheel has no
bytecode, so a browser compiles every module it imports on every load: most of the
runtime's own start-up and of micropip's import.  The build compiles them once instead,
with the pinned interpreter itself (Pyodide in Node, ``precompile.mjs``, so the bytecode
is exactly what the browser would make), and adds the .pyc files beside the sources:
unchecked-hash pycs (PEP 552), used without a look at the source.  The sources stay, for
tracebacks.  Only modules that a game really imports are compiled; without Node the
build ships the sources alone and the page still works, only slower to start."""

import shutil
import subprocess
import tempfile
from pathlib import Path

from . import log

HERE = Path(__file__).resolve().parent

Bytecode = dict[str, dict[str, bytes]]


def precompile(runtime: Path, wheel: Path) -> Bytecode | None:
    """Bytecode for the stdlib modules, micropip and kingweb: {"stdlib"|top: {arcname: bytes}}."""
    node = shutil.which("node")
    if node is None:
        log("node not found: shipping sources without bytecode (the page starts slower)")
        return None
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        try:
            subprocess.run(
                [node, str(HERE / "precompile.mjs"), str(runtime.resolve()), str(wheel.resolve()), str(out)], check=True
            )
        except subprocess.CalledProcessError:
            log("precompiling in Node failed (see above): shipping sources without bytecode")
            return None
        return {
            top.name: {p.relative_to(top).as_posix(): p.read_bytes() for p in sorted(top.rglob("*.pyc"))}
            for top in sorted(out.iterdir())
        }
