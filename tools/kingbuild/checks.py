"""The code checks ``python build.py test`` runs before the tests: each names its tool,
pinned (ruff and mypy in the test requirements, TypeScript by tools/typescript's
package-lock.json).  ``[tool.kingbuild] enforce`` in pyproject.toml lists the checks
that fail the run; the others run and print what they found (a check is enforced once
the code it reads passes it)."""

import shutil
import subprocess
import tarfile
import tomllib
from collections.abc import Callable
from pathlib import Path

from . import CACHE, ROOT, log
from .downloads import fetch, sri_ok
from .node import npm_tool
from .runtime import PYODIDE_INTEGRITY, PYODIDE_TARBALL, PYODIDE_VERSION
from .vendor import trystero_packages

TYPESCRIPT = ROOT / "tools" / "typescript"  # package.json, package-lock.json, the tsconfigs


def pyodide_types(cache: Path = CACHE) -> Path:
    """The pinned runtime's own typings, where tsconfig.json's rootDirs expects them: beside
    the page as ``pyodide/pyodide.mjs`` is (``.d.mts``, the typings of an ``.mjs``)."""
    dest = cache / "tsc-types" / "pyodide"
    stamp = dest / "version"
    if stamp.exists() and stamp.read_text() == PYODIDE_VERSION:
        return dest
    tgz = fetch(PYODIDE_TARBALL, cache / f"pyodide-{PYODIDE_VERSION}.tgz", sri_ok(PYODIDE_INTEGRITY))
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tf:
        for name, as_name in (("pyodide.d.ts", "pyodide.d.mts"), ("ffi.d.ts", "ffi.d.ts")):
            member = tf.extractfile(f"package/{name}")
            assert member is not None, name
            (dest / as_name).write_bytes(member.read())
    stamp.write_text(PYODIDE_VERSION)
    return dest


def _tsc(project: str) -> Callable[[Path], list[str] | None]:
    def command(py: Path) -> list[str] | None:
        node, tools = shutil.which("node"), npm_tool(TYPESCRIPT, CACHE / "typescript", "typescript")
        if not (node and tools):
            return None
        pyodide_types()
        trystero_packages()  # the meeting library's typings (tsconfig.json's paths)
        return [node, str(tools / "node_modules" / "typescript" / "bin" / "tsc"), "-p", str(TYPESCRIPT / project)]

    return command


# name: (what it checks, the command given the test environment's Python)
# The build's own Python, lint-clean already while the rest of the tree is cleaned up;
# its tests found by name wherever they sit under tests/.
BUILD_TESTS = ("conftest.py", "test_install.py", "browser_bench.py", "test_release.py", "test_csp.py", "test_build.py")


def _build_files() -> list[str]:
    tests = sorted({p.relative_to(ROOT).as_posix() for name in BUILD_TESTS for p in ROOT.glob(f"tests/**/{name}")})
    return ["build.py", "tools", *tests]


CHECKS: dict[str, tuple[str, Callable[[Path], list[str] | None]]] = {
    "ruff-build": (
        "ruff lint of the build and its tests",
        lambda py: [str(py), "-m", "ruff", "check", "--no-cache", *_build_files()],
    ),
    "ruff": ("ruff lint of all the Python", lambda py: [str(py), "-m", "ruff", "check", "--no-cache", "."]),
    "ruff-format": (
        "ruff format --check of the Python",
        lambda py: [str(py), "-m", "ruff", "format", "--check", "--no-cache", "."],
    ),
    "mypy": (
        "mypy --strict of kingweb/ (pyproject.toml's [tool.mypy])",
        lambda py: [str(py), "-m", "mypy", "--no-incremental"],
    ),
    "mypy-build": (
        "mypy --strict of the build",
        lambda py: [str(py), "-m", "mypy", "--no-incremental", "build.py", "tools/kingbuild"],
    ),
    "tsc-page": ("tsc --checkJs of the page's scripts", _tsc("tsconfig.json")),
    "tsc-workers": ("tsc --checkJs of the workers (Pyodide's, the service worker)", _tsc("tsconfig.workers.json")),
    "tsc-node": ("tsc --checkJs of the build's Node scripts", _tsc("tsconfig.node.json")),
    "tsc-tests": ("tsc --checkJs of the page's Node tests (tests/node/)", _tsc("tsconfig.tests.json")),
}


def enforced() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    names: list[str] = config.get("tool", {}).get("kingbuild", {}).get("enforce", [])
    unknown = set(names) - set(CHECKS)
    if unknown:
        raise SystemExit(f"pyproject.toml [tool.kingbuild] enforce: no check named {', '.join(sorted(unknown))}")
    return names


def run_checks(py: Path) -> list[str]:
    """Run every check; the names of the enforced ones that failed."""
    failed = []
    enforce = enforced()
    for name, (what, command) in CHECKS.items():
        cmd = command(py)
        status = "enforced" if name in enforce else "reported only, not enforced"
        if cmd is None:
            log(f"check {name} ({what}): its tool cannot be installed here")
            if name in enforce:
                failed.append(name)
            continue
        log(f"check {name}: {what} ({status})")
        if name in enforce:
            if subprocess.run(cmd, cwd=ROOT).returncode != 0:
                log(f"check {name} found problems")
                failed.append(name)
            continue
        # a check not enforced yet: its summary, not its hundreds of lines
        r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        if r.returncode != 0:
            lines = (r.stdout + r.stderr).strip().splitlines()
            print("\n".join(lines[-3:]))
            log(
                f"check {name} found problems ({len(lines)} lines; all of them: {' '.join(['python', *cmd[1:]] if cmd[0] == str(py) else cmd)})"
            )
    return failed
