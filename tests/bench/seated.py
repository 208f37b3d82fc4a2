"""From opening an invite to seated (issue 29's item 6): how long a person waits to sit at a
table of people, on each kind of relay alone and on all of them together.

A host opens a King room for four people in one headless Chromium context, meeting only
on the relays named (started here from the pinned packages, p2p_support.Site); then three
guests, one after the other, each in a fresh context (nothing cached, no identity), open
the invite.  Two figures per guest, read from this process's clock:
- *invite → seated*: from the guest's page being asked to open the link to the host's
  seating list showing it seated (its page loads the runtime, the person's name is typed
  and Join clicked at once, the pages meet and greet, the host seats it);
- *join → seated*: from the Join click alone (the meeting and the greeting).
Each guest waits for the one before; the guests stay in the room, so the third meets a
room of three.

    KINGWEB_DIST=dist .venv/bin/python tests/bench/seated.py      (or python build.py bench)
"""

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))  # p2p_support, browser_support
sys.path.insert(0, str(Path(__file__).parents[2] / "tools"))
sys.path.insert(0, str(Path(__file__).parents[2]))

DIST = Path(os.environ.get("KINGWEB_DIST", Path(__file__).resolve().parents[2] / "dist"))
GUESTS = 3
NETWORKS = [("torrent",), ("nostr",), ("mqtt",), ("torrent", "nostr", "mqtt")]
SEATED_JS = "(n) => document.querySelectorAll('#seating-seats .seating-seat.here').length >= n"


def measure(playwright, kinds: tuple[str, ...]) -> list[tuple[float, float]]:
    """Each guest's (invite → seated, join → seated), in seconds; a guest not seated in
    90 s ends the measure (fewer pairs than guests)."""
    from p2p_support import Site, host_room, launch, person_context

    from browser_support import until

    site = Site(DIST, build={"stun": []}, kinds=kinds)
    browser = launch(playwright)
    out: list[tuple[float, float]] = []
    try:
        host = person_context(browser, site).new_page()
        link = host_room(host, site, "king", people=4, kinds=kinds)
        for i in range(GUESTS):
            guest = person_context(browser, site).new_page()
            t0 = time.monotonic()
            guest.goto(link)
            guest.get_by_label("Your name").fill(f"Guest {i + 1}")
            t1 = time.monotonic()
            guest.get_by_role("button", name="Join the table").click()
            try:
                until(host, SEATED_JS, i + 2, timeout=90)
            except AssertionError:
                break
            t2 = time.monotonic()
            out.append((t2 - t0, t2 - t1))
    finally:
        browser.close()
        site.stop()
    return out


def report(playwright) -> list[str]:
    lines = []
    for kinds in NETWORKS:
        got = measure(playwright, kinds)
        name = " + ".join(kinds) if len(kinds) > 1 else f"{kinds[0]} alone"
        if not got:
            lines.append(f"  invite → seated, {name}: no guest seated within 90 s (MISSED)")
            continue
        whole, meet = [g[0] for g in got], [g[1] for g in got]
        lines.append(
            f"  invite → seated, {name}: median {statistics.median(whole):.1f} s, max {max(whole):.1f} s"
            f" (of which join → seated median {statistics.median(meet):.1f} s, max {max(meet):.1f} s);"
            f" {len(got)}/{GUESTS} guests seated"
        )
    return lines


if __name__ == "__main__":
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        print("kingweb invite to seated: a King room, three guests one after the other, headless Chromium, loopback")
        print("\n".join(report(p)))
