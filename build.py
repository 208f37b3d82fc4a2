"""Build, serve, test and benchmark kingweb.

    python build.py            build the wheel and assemble the static site in dist/
    python build.py serve      build, then serve dist/ on http://127.0.0.1:8000 (--port N);
                               --relay: with relays of every kind on this machine where
                               rooms meet (a tracker, a Nostr relay, an MQTT broker);
                               --host 0.0.0.0: to the local network too
    python build.py test       set up everything the tests need, run the code checks and
                               the page's Node tests, build, run every test (pytest
                               arguments may follow)
    python build.py bench      browser benchmark: bare Pyodide load vs the game, bot turns
    python build.py engine-bench   engine playouts per second, CPython and Pyodide (Node)

The site is fully static: dist/ holds the page, the kingweb wheel and a self-hosted
Pyodide runtime, so it runs from any static host with no server and no CDN.  Every
external artifact is pinned by version and checksum and cached in .cache/, so a rebuild
works offline.  The parts live in the kingbuild package (tools/kingbuild/).
"""

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))

from kingbuild import DIST, ROOT, log  # after the path it lives on
from kingbuild.assemble import build
from kingbuild.checks import run_checks
from kingbuild.devenv import ensure_test_env
from kingbuild.nodetests import run_node_tests
from kingbuild.relay import local_relays
from kingbuild.serve import serve


def _test_env() -> dict[str, str]:
    return dict(os.environ, KINGWEB_DIST=str(DIST), PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tools")]))


def test(extra: list[str]) -> int:
    py = ensure_test_env()
    # a failed browser test's screenshots go here (tests/evidence.py), one folder a run
    os.environ["KINGWEB_EVIDENCE"] = str(ROOT / "test-evidence" / time.strftime("run-%Y%m%d-%H%M%S"))
    failed = run_checks(py)
    if not run_node_tests(py):
        failed.append("node tests")
    build()
    # the ten slowest tests close the report: where the run's time goes.  The tests run in
    # one worker more than there are cores (at most four), each test stolen by an idle
    # worker: a browser test spends part of its time waiting on the page's timers and its
    # relays, which the others fill (2 cores, the same commit from a fresh clone: 990 s of
    # pytest in two workers, 912 s in three; docs/BENCHMARKS.md, "The test run").
    workers = int(os.environ.get("KINGWEB_TEST_WORKERS", min(4, (os.cpu_count() or 1) + 1)))
    spread = ["-n", str(workers), "--dist", "worksteal"] if workers > 1 else []
    pytest = [str(py), "-m", "pytest", "-q", "-p", "no:cacheprovider", "--durations=10", *spread, *extra]
    r = subprocess.run(pytest, cwd=ROOT, env=_test_env())
    if failed:
        log("failed before pytest:", ", ".join(failed))
    return r.returncode or int(bool(failed))


def bench(extra: list[str]) -> int:
    py = ensure_test_env()
    build()
    return subprocess.run(
        [str(py), str(ROOT / "tests" / "bench" / "browser_bench.py"), *extra], cwd=ROOT, env=_test_env()
    ).returncode


def engine_bench() -> int:
    build()
    r = subprocess.run([sys.executable, "-m", "kingweb", "bench"], cwd=ROOT)
    if shutil.which("node") is None:
        log("node not found: skipping the Pyodide figures")
        return r.returncode
    return (
        subprocess.run(["node", str(ROOT / "tests" / "bench" / "pyodide_bench.mjs"), str(DIST)], cwd=ROOT).returncode
        or r.returncode
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", nargs="?", default="build", choices=("build", "serve", "test", "bench", "engine-bench"))
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--relay", action="store_true", help="serve: rooms meet at relays of every kind on this machine")
    ap.add_argument("--host", default="127.0.0.1", help="serve: the address to listen on (0.0.0.0: the local network)")
    args, extra = ap.parse_known_args(argv)
    if args.command == "build":
        build()
    elif args.command == "serve":
        build(relays=local_relays() if args.relay else None)
        serve(args.port, relay=args.relay, host=args.host)
    elif args.command == "test":
        return test(extra)
    elif args.command == "bench":
        return bench(extra)
    elif args.command == "engine-bench":
        return engine_bench()
    return 0


if __name__ == "__main__":
    sys.exit(main())
