"""kingbuild: how kingweb is built, served and checked.

``build.py`` at the root of the repository is the command line; this package holds its
parts, one module each: pinned downloads (``downloads``), the Pyodide runtime
(``runtime``), precompiled bytecode (``bytecode``), the classic deck (``deck``), the
kingweb wheel and the PEP 517 backend that ``pyproject.toml`` names (``wheel``,
``backend``), the static site (``assemble``, ``csp``), the local server (``serve``), and
the test environment and code checks (``devenv``, ``checks``).  The JavaScript that runs
in Node lives beside them as real ``.mjs`` files.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
VENV = ROOT / ".venv"


def log(*a: object) -> None:
    print("[build]", *a, flush=True)
