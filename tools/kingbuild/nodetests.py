"""The page's pure logic, unit-tested in Node: every ``tests/node/**/*.test.mjs``, run by
Node's own test runner (``node --test``, no npm package).  A new file under that folder
is picked up by its name alone.  The tests ask the real engine (Python) for what exists;
``python`` is the interpreter they use."""

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from . import ROOT, log

NODE_TESTS = ROOT / "tests" / "node"
# Node imports the page's .js files as ES modules by their syntax from 20.19 on (the site
# has no package.json saying so), and runs test files side by side with --test-concurrency.
NODE_MIN = (20, 19)


def test_files(root: Path = NODE_TESTS) -> list[Path]:
    return sorted(root.rglob("*.test.mjs"))


def node_version(node: str) -> tuple[int, ...]:
    out = subprocess.run([node, "--version"], capture_output=True, text=True, check=True).stdout
    return tuple(int(x) for x in re.findall(r"\d+", out)[:3])


def run_node_tests(python: Path, root: Path = NODE_TESTS) -> bool:
    """Run them; say how many passed; print the failures in full.  False if any failed
    (or none could run)."""
    node = shutil.which("node")
    files = test_files(root)
    if node is None or node_version(node) < NODE_MIN:
        log(f"node tests: Node >= {'.'.join(map(str, NODE_MIN))} is needed to run them")
        return False
    if not files:
        log(f"node tests: no *.test.mjs under {root}")
        return False
    with tempfile.TemporaryDirectory() as tmp:
        spec, tap = Path(tmp, "spec.txt"), Path(tmp, "tap.txt")
        cmd = [
            node,
            "--test",
            f"--test-concurrency={os.cpu_count() or 2}",
            "--test-reporter=spec",
            f"--test-reporter-destination={spec}",
            "--test-reporter=tap",
            f"--test-reporter-destination={tap}",
            *map(str, files),
        ]
        r = subprocess.run(cmd, cwd=ROOT, env=dict(os.environ, KINGWEB_PYTHON=str(python)), text=True)
        counts = dict(re.findall(r"^# (tests|pass|fail|duration_ms) (\S+)$", tap.read_text(), re.M))
        if r.returncode != 0:
            print(spec.read_text())
    said = f"{counts.get('pass', 0)} of {counts.get('tests', '?')} passed"
    secs = float(counts.get("duration_ms", 0)) / 1000
    where = root.relative_to(ROOT) if root.is_relative_to(ROOT) else root
    log(f"node tests: {said} ({len(files)} files under {where}, {secs:.1f} s)")
    if r.returncode != 0:
        log(f"node tests failed: {counts.get('fail', '?')} (node --test exit status {r.returncode})")
    return r.returncode == 0
