"""The round trip of an action at a table of people on several devices (issue 19's target:
guest → host → every guest, p95 ≤ 50 ms on the loopback, the engine in the loop): a host
and three guests, each in its own headless Chromium context, meet in a room on a relay
started here (``index.html?game=king&people=4``) and play King's first deal by clicking.
For each card a guest plays, the time runs from the moment its page sends the action on
kingweb's data channel (or, relayed, hands it to the relays) to the moment the last of the three guests' pages receives the
update that tells the card (the host's engine checks and plays it in its worker in
between), read from each page's clock (the wire tapped in the page, p2p_support.TAP_JS).
The bytes of those updates are counted too.

Run alone (``.venv/bin/python tests/bench/table_round_trip.py``, with ``KINGWEB_DIST``) or
as part of ``python build.py bench``."""

import json
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))  # p2p_support, browser_support
sys.path.insert(0, str(Path(__file__).parents[2] / "tools"))
sys.path.insert(0, str(Path(__file__).parents[2]))

DIST = Path(os.environ.get("KINGWEB_DIST", Path(__file__).resolve().parents[2] / "dist"))
TARGET_MS = 50
RELAYED_TARGET_MS = 250  # issue 29's target for a table carried through the relays


def p95(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]


def at_host(host) -> list[float]:
    """For each action the host's page received, the time (ms) until it sent the first
    update that tells it: the host's own share of the round trip (its worker, its engine)."""
    wire = host.evaluate("window.kingwebWire")
    acts = [(f["at"], json.loads(f["data"])) for f in wire["heard"] if f["label"] == "kp"]
    sent = [(f["at"], json.loads(f["data"])) for f in wire["sent"]]
    out = []
    for at, m in acts:
        if m.get("type") != "act":
            continue
        later = [
            t
            for t, s in sent
            if t >= at
            and s["type"] == "update"
            and any(e["type"] == "play" and e["card"] == m["action"] for e in s["update"]["events"])
        ]
        if later:
            out.append(min(later) - at)
    return out


def round_trips(guests: list) -> tuple[list[float], list[int]]:
    """Each guest action's round trip (ms) and the sizes (bytes) of the updates telling it."""
    wires = [g.evaluate("window.kingwebWire") for g in guests]
    seats = [g.evaluate("() => import('./store.js').then(({ page }) => page.model.seat)") for g in guests]
    heard = []
    for wire in wires:
        frames = []
        for f in wire["heard"]:
            if f["label"] != "kp":
                continue
            m = json.loads(f["data"])
            if m["type"] == "update":
                plays = {(e["seat"], e["card"]) for e in m["update"]["events"] if e["type"] == "play"}
                frames.append((f["at"], plays, len(f["data"].encode())))
        heard.append(frames)
    times, sizes = [], []
    for seat, wire in zip(seats, wires, strict=True):
        for f in wire["sent"]:
            m = json.loads(f["data"])
            if m.get("type") != "act":
                continue
            arrivals = []
            for frames in heard:
                got = next(
                    ((at, size) for at, plays, size in frames if at >= f["at"] and (seat, m["action"]) in plays), None
                )
                if got:
                    arrivals.append(got)
            if len(arrivals) == len(guests):
                times.append(max(at for at, _ in arrivals) - f["at"])
                sizes.extend(size for _, size in arrivals)
    return times, sizes


def measure(playwright, relayed: bool = False) -> tuple[list[float], list[int], list[float]]:
    """``relayed``: in browsers where no direct connection can form (p2p_support.NO_ICE_JS),
    so the table is carried through the local Nostr relay and MQTT broker (relayed.js)."""
    from p2p_support import NO_ICE_JS, Site, drive, host_room, join_table, launch, person_context

    from browser_support import until

    kinds = ("torrent", "nostr", "mqtt") if relayed else ("torrent",)
    site = Site(DIST, build={"stun": []}, kinds=kinds)
    browser = launch(playwright)
    try:
        contexts = [person_context(browser, site) for _ in range(4)]
        for ctx in contexts:
            if relayed:
                ctx.add_init_script(NO_ICE_JS)
        pages = [ctx.new_page() for ctx in contexts]
        host, guests = pages[0], pages[1:]
        link = host_room(host, site, "king", people=4, kinds=kinds)
        for i, g in enumerate(guests):
            join_table(g, link, f"Guest {i + 1}")
        until(host, "() => document.querySelectorAll('#seating-seats .seating-seat.here').length === 4", timeout=120)
        host.get_by_role("button", name="Start the match").click()
        for g in guests:
            g.wait_for_selector("#hand .card", timeout=60_000)
        deal = "() => import('./store.js').then(({ page }) => page.model.deal_no)"
        drive(pages, lambda: host.evaluate(deal) >= 1, timeout=300)
        return (*round_trips(guests), at_host(host))
    finally:
        browser.close()
        site.stop()


def report(playwright) -> list[str]:
    return [*report_one(playwright, relayed=False), *report_one(playwright, relayed=True)]


def report_one(playwright, relayed: bool) -> list[str]:
    times, sizes, host = measure(playwright, relayed)
    how = "relayed (no direct connection: the local Nostr relay and MQTT broker)" if relayed else "direct"
    if not times:
        return [f"  table round trip, {how}: no guest action measured (MISSED)"]
    worst = p95(times)
    target = RELAYED_TARGET_MS if relayed else TARGET_MS
    return [
        f"  a guest's card at a table of people, {how}, guest → host (engine) → every guest, 4 pages on the loopback:"
        f" median {statistics.median(times):.1f} ms, p95 {worst:.1f} ms, max {max(times):.1f} ms over {len(times)} cards"
        f"  (target p95 ≤ {target}: {'met' if worst <= target else 'MISSED'})",
        f"  of which at the host's page (the action received → its update sent, the engine's move in its worker):"
        f" median {statistics.median(host):.1f} ms, p95 {p95(host):.1f} ms",
        f"  the update telling it, as each guest receives it: median {statistics.median(sizes):.0f} B, max {max(sizes)} B",
    ]


if __name__ == "__main__":
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        print("kingweb table round trip: King's first deal, a host and three guests, headless Chromium")
        print("\n".join(report(p)))
