"""A room meets on several networks at once (site/p2p/room.js): each kind of relay alone is
enough, the page says which networks answer, and a table goes on when a relay dies and a
connection with it.  Real Chromium, two people (German Whist: the shortest table), the
relays of p2p_support started here from the pinned packages; every page's address names a
relay of every kind, on the site's own origin."""

import pytest
from p2p_support import WATCH_JS, Site, drive, host_room, join_table, model, person_context

from browser_support import until
from conftest import DIST, need_dist

KINDS = ("torrent", "nostr", "mqtt")
WORDS = {"torrent": "WebTorrent trackers", "nostr": "Nostr relays", "mqtt": "MQTT brokers"}
# How the browser says that a relay that is not running could not be reached; nothing else
# may reach the console.
UNREACHED = ("WebSocket connection to", "Unexpected server response", "ErrorWithReasonCode", "connack timeout")


@pytest.fixture
def people(p2p_browser):
    """A factory of people at a site, and the console errors of their pages."""
    made = []
    errors: list[str] = []

    def make(site):
        ctx = person_context(p2p_browser, site, errors)
        made.append(ctx)
        return ctx.new_page()

    yield make, errors
    for ctx in made:
        ctx.close()


def unexpected(errors):
    return [e for e in errors if not any(u in e for u in UNREACHED)]


# Close the connection this page last sent a kingweb frame on, if it is still open.
CLOSE_MINE_JS = """() => {
  const sent = window.kingwebWire.sent.filter((f) => f.pc >= 0);  // (-1: relayed)
  const pc = window.kingwebConnections[sent[sent.length - 1].pc];
  if (pc.connectionState === 'connected') pc.close();
}"""


def play_cards(pages, n: int) -> None:
    """Play until ``n`` more events reach the host's table, everyone tapping a legal card."""
    start = model(pages[0])["n"]
    drive(pages, lambda: model(pages[0])["n"] >= start + n, timeout=60)


def open_table(make, site):
    """The host opens a German Whist room naming a relay of every kind, a guest joins
    through its invite and the match starts: (host, guest)."""
    host = make(site)
    link = host_room(host, site, "whist", 2, kinds=KINDS)
    guest = make(site)
    join_table(guest, link, "Ann")
    until(host, "() => document.querySelectorAll('#seating-seats .seating-seat.here').length === 2", timeout=60)
    return host, guest, link


@pytest.mark.parametrize("kind", KINDS)
def test_a_room_meets_and_plays_with_only_one_kind_of_relay_running(people, kind):
    """Only ``kind``'s relay runs: the others' addresses answer nothing.  The seating says
    which network answered and that it still tries the others; the guest joins and both
    play their cards."""
    need_dist()
    make, errors = people
    site = Site(DIST, build={"stun": []}, kinds=(kind,))
    try:
        host, guest, link = open_table(make, site)
        # the host's seating, drawn again as the guest came, says which network answers
        others = [WORDS[k] for k in KINDS if k != kind]
        line = host.locator("#room-networks")
        until(
            host,
            "(w) => document.querySelector('#room-networks')?.textContent.includes(w)",
            f"Connected to {WORDS[kind]}.",
        )
        assert f"Still trying {others[0]} and {others[1]}." in line.text_content()
        assert all(k in link for k in ("relays=", "nostr%2Bws", "mqtt%2Bws"))  # guests meet where the host does
        host.get_by_role("button", name="Start the match").click()
        guest.wait_for_selector("#hand .card", timeout=30_000)
        play_cards([host, guest], 4)
        # the guest is told every move, paced (host.js PACE_MS; the tests' TEST_PACE_MS), so
        # it catches up with the host's table rather than keeping level
        until(guest, "async (n) => (await import('./store.js')).page.model.n >= n", model(host)["n"], timeout=60)
        assert unexpected(errors) == []
    finally:
        site.stop()


def test_a_relay_dies_mid_deal_and_the_table_goes_on_through_another_connection(people):
    """Every kind of relay runs: host and guest meet on each network, so they hold a direct
    connection per network (one the peer's, the others spares).  Mid-deal the tracker dies
    and each page's own connection (the one it sends on) closes: the table goes on
    through the one left, with no leave (the guest's seat never goes to a bot), and nothing lost: every card
    played reaches both tables.  The page then says the tracker no longer answers."""
    need_dist()
    make, errors = people
    site = Site(DIST, build={"stun": []}, kinds=KINDS)
    try:
        host, guest, _ = open_table(make, site)
        until(
            host,
            "(w) => document.querySelector('#room-networks')?.textContent === w",
            "Connected to WebTorrent trackers, Nostr relays, and MQTT brokers.",
        )
        host.get_by_role("button", name="Start the match").click()
        guest.wait_for_selector("#hand .card", timeout=30_000)
        # a connection on every network: the peer's and two spares
        connected = "() => window.kingwebConnections.filter((pc) => pc.connectionState === 'connected').length"
        until(guest, f"() => ({connected})() === 3", timeout=60)
        play_cards([host, guest], 2)
        host.evaluate(WATCH_JS, "gone: a bot plays")
        guest.evaluate(WATCH_JS, "The host has left the table")
        site.local.stop("torrent")
        # each page's own connection to the other (the one it sends on) closes: each page
        # goes on through a spare
        for page in (guest, host):
            page.evaluate(CLOSE_MINE_JS)
        # (one connection closed, or two: the pages may have been sending on the same one)
        until(guest, f"() => [1, 2].includes(({connected})())", timeout=30)
        before = model(host)["n"]
        play_cards([host, guest], 6)
        after = model(host)
        assert after["n"] >= before + 6
        # nothing lost: the guest's table has every event the host's has
        until(guest, "async (n) => (await import('./store.js')).page.model.n >= n", after["n"], timeout=30)
        # the guest never left the host, nor the host the guest
        assert host.evaluate("window.kingwebSaw") is False
        assert guest.evaluate("window.kingwebSaw") is False
        # the page says the tracker no longer answers, and keeps trying it (the room's seating,
        # which Share opens)
        host.locator("#more summary").click()
        host.locator("#btn-share").click()
        until(
            host,
            "(w) => document.querySelector('#room-networks')?.textContent.includes(w)",
            "Still trying WebTorrent trackers.",
        )
        assert unexpected(errors) == []
    finally:
        site.stop()
