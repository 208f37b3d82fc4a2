"""Play between browsers, measured on this machine: how soon the peers of a room meet,
and the JSON round trip guest → host → every guest over WebRTC on the loopback.

    .venv/bin/python tests/bench/p2p_bench.py [--rooms 3] [--actions 300] [--no-nudge]   (dist/ built first)

A host and three guests in four browser contexts of one headless Chromium, a relay from
the pinned bittorrent-tracker (tests/p2p_support.py).  Meeting: the host opens a room,
then each guest 1.5 s after the one before (the host's first announcements over: the case
trystero alone answers only at its next announcement, 10 s apart); the time from a
guest's opening to its meeting the host.  Round trip: each guest in turn sends actions of
about the size of a played card's message, 50 ms apart (faster than a person plays, and
within a peer's budget of 30 messages a second); the host's page answers each one at
once with an event to every guest (the transport alone: no engine); the time from sending
to the last guest's receiving, and back to the sender.  Clocks: every page's
performance.timeOrigin + now(), one machine's clock."""

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tools")]

from p2p_support import Site, launch, new_page, wait_until  # noqa: E402 (after the path)

PAD = "x" * 240  # a played card's event is about 300 bytes of JSON
GAP_MS = 50


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


def room(browser, site: Site, nudge: bool) -> tuple[list, str, list[float]]:
    """A host and three guests met: the pages, the host's id, each guest's meeting time (s)."""
    host_page, *guests = [new_page(browser, site) for _ in range(4)]
    room_id = host_page.evaluate("t.newRoomId()")
    options = {"roomId": room_id, "relays": [site.relay], "iceServers": [], "nudge": nudge}
    host = host_page.evaluate("(o) => t.open(o)", {**options, "role": "host"})
    asked = []
    for page in guests:
        host_page.wait_for_timeout(1500)
        asked.append(page.evaluate("() => performance.timeOrigin + performance.now()"))
        page.evaluate("(o) => t.open(o)", {**options, "role": "guest", "host": host})
    met = []
    for page, t0 in zip(guests, asked, strict=True):
        join = wait_until(page, "() => t.log.find((e) => e.kind === 'join')", timeout=60)
        met.append((join["at"] - t0) / 1000)
    wait_until(host_page, "() => t.joined().length === 3", timeout=60)
    return [host_page, *guests], host, met


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rooms", type=int, default=3, help="rooms to meet (default 3)")
    ap.add_argument("--actions", type=int, default=300, help="actions for the round trip (default 300)")
    ap.add_argument("--dist", type=Path, default=ROOT / "dist")
    ap.add_argument("--no-nudge", action="store_true", help="meet as trystero alone does (for comparison)")
    args = ap.parse_args()
    if not (args.dist / "build.json").exists():
        sys.exit(f"{args.dist} holds no build: run python build.py")
    site = Site(args.dist)
    try:
        with sync_playwright() as p:
            browser = launch(p)
            meetings: list[float] = []
            pages: list = []
            for _ in range(args.rooms):
                for page in pages:
                    page.context.close()
                pages, host, met = room(browser, site, nudge=not args.no_nudge)
                meetings += met
            print(
                f"p2p meeting: a guest meets its host {statistics.median(meetings):.2f} s after opening the room "
                f"(median), {max(meetings):.2f} s at most ({len(meetings)} guests in {args.rooms} rooms of four, "
                f"each guest 1.5 s after the one before{', without the nudge' if args.no_nudge else ''})"
            )
            host_page, *guests = pages
            host_page.evaluate("() => { t.echo = true; }")
            per = max(1, args.actions // len(guests))
            sent: dict[int, float] = {}
            back: dict[int, float] = {}
            t0 = time.time()
            for i, page in enumerate(guests):
                for r in page.evaluate(
                    "([h, c, f, pad, gap]) => t.actLoop(h, c, f, pad, gap)", [host, per, i * per, PAD, GAP_MS]
                ):
                    if r["back"] is None:
                        sys.exit(f"the echo of action {r['n']} never came back")
                    sent[r["n"]], back[r["n"]] = r["sent"], r["back"]
            wall = time.time() - t0
            every: dict[int, float] = {}
            for page in guests:
                wait_until(page, "(n) => t.messages.filter((m) => m.msg.type === 'event').length >= n", len(sent))
                for m in page.evaluate("t.messages.filter((m) => m.msg.type === 'event').map((m) => [m.msg.n, m.at])"):
                    every[m[0]] = max(every.get(m[0], 0), m[1])
            to_all = [every[n] - sent[n] for n in sent]
            to_sender = [back[n] - sent[n] for n in sent]
            size = len(
                host_page.evaluate(
                    "(pad) => JSON.stringify({kp: 1, type: 'event', n: 123, by: 'x'.repeat(22), pad})", PAD
                )
            )
            print(
                f"p2p round trip guest → host → every guest: median {statistics.median(to_all):.2f} ms, "
                f"p95 {pct(to_all, 95):.2f} ms; back to the sender: median {statistics.median(to_sender):.2f} ms, "
                f"p95 {pct(to_sender, 95):.2f} ms ({len(sent)} actions from three guests {GAP_MS} ms apart, "
                f"events of {size} bytes, {wall:.1f} s)"
            )
            stats = host_page.evaluate("t.stats()")
            assert stats["drops"]["transport"]["total"] == 0, stats["drops"]
            browser.close()
    finally:
        site.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
