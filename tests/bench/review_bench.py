"""The review in the browser (printed by ``python build.py bench``; runs alone too:
``.venv/bin/python tests/bench/review_bench.py``): how long the page's review worker
(worker.js named "review", real Pyodide, the real wheel) takes to review a whole deal,
every decision of one seat, on deals the ``normal`` bots played: King (13 cards and any
bids; targets ≤ 15 s) over a negative and a positive of each of 3 matches, and German
Whist's stage 2, exact (≤ 2 s), from a fresh worker each (a cold solver), as
``python -m kingweb review-bench`` picks them on CPython.  The clock runs in the page,
from the ``review`` request (the deal's steps) to the last ``analyse`` answer."""

import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2]))
from kingweb import record, review
from kingweb.bots.search import _SOLVERS
from kingweb.reviewcli import _bot_match

KING_TARGET_S, WHIST2_TARGET_S = 15.0, 2.0

# One deal reviewed by the page's own modules: a fresh review worker (booted before the
# clock starts), then the deal's steps and every decision of the seat (one stage of German Whist).
REVIEW_JS = """async ({text, seat, stage}) => {
  const a = await import('./records/analyst.js');
  a.stop();
  await a.info();
  const t0 = performance.now();
  const r = await a.ask('review', {record: text, deal: 0});
  let n = 0;
  for (const s of r.steps) {
    if (s.seat !== seat || !s.decision || (stage !== null && s.stage !== stage)) continue;
    await a.ask('analyse', {record: text, deal: 0, step: s.step});
    n++;
  }
  return {ms: performance.now() - t0, n};
}"""


def deals(matches=3):
    """The deals review-bench reviews: (name, record text, seat, stage)."""
    rng = random.Random(1)
    out = []
    for i in range(matches):
        g = _bot_match("king", 100 + i, 10)
        for k in (rng.randrange(6), 6 + rng.randrange(4)):
            out.append(("king", json.dumps(record.of_game(g, deal=k)), rng.randrange(4), None))
        _bot_match("kingru", 200 + i, 1)
        rng.randrange(4)  # (review-bench's Кинг seat: the same draws, so the same deals follow)
        g = _bot_match("whist", 300 + i, 1, {"target": 1})
        out.append(("whist2", json.dumps(record.of_game(g, deal=0)), rng.randrange(2), 2))
    return out


def cpython(text, seat, stage):
    """The same review on this CPython, from cold caches: (wall seconds, CPU seconds)."""
    review._CACHE.clear()
    _SOLVERS.clear()
    w0, c0 = time.perf_counter(), time.process_time()
    steps = review.review(text, 0)["steps"]
    for s in steps:
        if s["seat"] == seat and s["decision"] and (stage is None or s.get("stage") == stage):
            review.analyse(text, 0, s["step"])
    return time.perf_counter() - w0, time.process_time() - c0


def run(browser, url, matches=3):
    """The report's lines, reviewing in a page of ``url`` (a served dist/)."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(url + "viewer.html")
    page.wait_for_selector(".rv-import", timeout=60_000)
    got = {"king": [], "whist2": []}
    here = {"king": [], "whist2": []}
    load = os.getloadavg()[0]
    for name, text, seat, stage in deals(matches):
        r = page.evaluate(REVIEW_JS, {"text": text, "seat": seat, "stage": stage})
        got[name].append((r["ms"] / 1000, r["n"]))
        here[name].append(cpython(text, seat, stage))  # at once after, under the same load
    ctx.close()
    load = max(load, os.getloadavg()[0])
    lines = [
        "  the review in the browser (the review worker; every decision of one seat, from a fresh worker;"
        f" wall clock, load average up to {load:.1f} on {os.cpu_count()} cores):"
    ]
    for name, label, target in (
        ("king", "King deal (13 cards and any bids)", KING_TARGET_S),
        ("whist2", "German Whist stage 2, exact", WHIST2_TARGET_S),
    ):
        secs = [s for s, _ in got[name]]
        worst = max(secs)
        lines.append(
            f"    {label:36s} median {statistics.median(secs):5.2f} s, worst {worst:5.2f} s over {len(secs)} deals"
            f" ({statistics.mean(n for _, n in got[name]):.1f} decisions each)"
            f"  (target ≤ {target:g} s: {'met' if worst <= target else 'MISSED'})"
        )
        wall = [w for w, _ in here[name]]
        cpu = [c for _, c in here[name]]
        ratio = statistics.median(b / w for b, w in zip(secs, wall, strict=True))
        lines.append(
            f"      the same on CPython: wall median {statistics.median(wall):5.2f} s (CPU {statistics.median(cpu):5.2f} s);"
            f" browser / CPython wall, median {ratio:4.1f}x"
        )
    return lines


if __name__ == "__main__":
    import functools
    import threading

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(Path(__file__).parents[2] / "tools"))
    sys.path.insert(0, str(Path(__file__).parent.parent))
    from kingbuild.serve import SiteServer, StaticHandler

    from browser_support import CHROMIUM_ARGS

    dist = Path(os.environ.get("KINGWEB_DIST", Path(__file__).resolve().parents[2] / "dist"))
    httpd = SiteServer(("127.0.0.1", 0), functools.partial(StaticHandler, directory=str(dist)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=os.environ.get("KINGWEB_CHROMIUM", "/usr/bin/chromium"), headless=True, args=CHROMIUM_ARGS
        )
        print("\n".join(run(b, f"http://127.0.0.1:{httpd.server_address[1]}/")))
        b.close()
    httpd.shutdown()
