"""A table carried through the relays when no direct connection can form (site/p2p/relayed.js).
Real Chromium, one context per person, in which every ICE candidate is dropped
(``NO_ICE_JS``): trystero's strategies meet, but no data channel ever opens.  The pages
find each other on the local Nostr relay and MQTT broker (p2p_support), and play through
them, end to end encrypted: every frame a relay was handed or passed on is captured from
the pages' WebSockets, and none holds a kingweb message or a card in clear."""

import re

import pytest
from p2p_support import (
    ENDS_JS,
    HELD_ICE_JS,
    NO_ICE_JS,
    WATCH_JS,
    Site,
    drive,
    host_room,
    join_table,
    model,
    person_context,
    strangers,
)

from browser_support import until
from conftest import DIST, need_dist

KINDS = ("torrent", "nostr", "mqtt")

# What a kingweb message or a card looks like in clear: the envelope's field, a type of
# kingweb's (trystero's own signals have types too: "offer", "answer"), a card code in
# quotes.  Base64url (what a relayed frame carries) has no quotes; a Nostr event carries
# its content as a JSON string, so escaped quotes are read as quotes.
CLEAR = re.compile(
    r'"kp"|"type"\s*:\s*"(hello|welcome|seating|state|update|table|act|join|hint|sync|farewell|bye|part)"'
    r'|"(seat|seats|action|legal)"\s*:|"[2-9TJQKA][CDHS]"'
)


def in_clear(frame: str) -> bool:
    return bool(CLEAR.search(frame.replace('\\"', '"')))


def carried(frames: list[str]) -> list[str]:
    """The relayed frames among what went through the relays (a sealed piece: ``"s"``, ``"d"``)."""
    plain = (f.replace('\\"', '"') for f in frames)
    return [f for f in plain if '"s":"' in f and '"d":"' in f]


@pytest.fixture
def relayed_people(p2p_browser):
    """The site with a relay of every kind, a factory of people there whose browsers can
    make no direct connection, and every WebSocket frame their pages sent to or got from
    the Nostr relay and the MQTT broker."""
    need_dist()
    site = Site(DIST, build={"stun": []}, kinds=KINDS)
    made = []
    frames: list[str] = []

    def tap(ws) -> None:
        if "/relay/nostr" not in ws.url and "/relay/mqtt" not in ws.url:
            return
        for event in ("framesent", "framereceived"):
            ws.on(
                event, lambda payload: frames.append(payload if isinstance(payload, str) else payload.decode("latin1"))
            )

    def make(ice=NO_ICE_JS):
        ctx = person_context(p2p_browser, site)
        ctx.add_init_script(ice)
        made.append(ctx)
        page = ctx.new_page()
        page.on("websocket", tap)
        return page

    yield make, frames, site
    for ctx in made:
        ctx.close()
    site.stop()


CONNECTED = "() => window.kingwebConnections.filter((pc) => pc.connectionState === 'connected').length"


def test_four_people_play_a_king_deal_relayed_and_the_relays_see_only_ciphertext(relayed_people):
    """Four contexts with no direct connection play the first King deal whole through the
    local relays.  The host's seats say each guest is relayed; no data channel ever opened;
    no guest's page was ever described a connection by another guest's; the relays carried
    frames, and none holds a kingweb message or a card in clear."""
    make, frames, site = relayed_people
    host = make()
    link = host_room(host, site, "king", 4, kinds=KINDS)
    guests = []
    for name in ("Ann", "Bo", "Cy"):
        g = make()
        join_table(g, link, name)
        guests.append(g)
    until(host, "() => document.querySelectorAll('#seating-seats .seating-seat.here').length === 4", timeout=120)
    # the host's seating list says how each guest is reached
    until(host, "() => document.querySelectorAll('#seating-seats .seating-link.relayed').length === 3", timeout=30)
    assert host.locator("#seating-seats .seating-link.relayed").first.text_content() == "relayed"
    host.get_by_role("button", name="Start the match").click()
    for g in guests:
        g.wait_for_selector("#hand .card", timeout=60_000)
    by_seat = {0: host, **{model(g)["seat"]: g for g in guests}}
    pages = [by_seat[s] for s in range(4)]
    drive(pages, lambda: model(host)["deal_no"] >= 2, timeout=300)
    end = model(host)["n"]
    # every guest draws the deal's end too: a guest whose deal summary is still open holds
    # the next deal's events behind it (r24: two guests one event short), so it is closed
    # as a person would, and no card is played meanwhile
    drive(pages, lambda: all(model(g)["n"] >= end for g in guests), choose=lambda *_: False, timeout=60)
    # nothing went directly
    assert all(p.evaluate(CONNECTED) == 0 for p in pages)
    # each guest met its host alone: every connection a guest's page was answered on is one
    # of the host's page (the guests never meet in one trystero room, room.js "private")
    for g in guests:
        assert g.evaluate(ENDS_JS), "a guest's page met its host on no connection"
        assert strangers(g, host) == []
    sealed = carried(frames)
    assert len(sealed) > 100, f"only {len(sealed)} relayed frames captured"
    clear = [f[:200] for f in frames if in_clear(f)]
    assert clear == []


def test_a_relay_that_dies_mid_deal_leaves_a_relayed_table_going(relayed_people):
    """Host and guest with no direct connection play German Whist through the Nostr relay
    and the MQTT broker at once.  Mid-deal the broker dies: the table goes on through the
    Nostr relay, with no leave, and every card played reaches the guest's table."""
    make, _, site = relayed_people
    host, guest = relayed_whist(make, site)
    site.local.stop("mqtt")
    plays_on(host, guest, 8)
    assert all(p.evaluate(CONNECTED) == 0 for p in (host, guest))


def relayed_whist(make, site, ice=NO_ICE_JS, seating=None):
    """A host and a guest (pages of ``make``, whose candidates ``ice`` strips) seated
    through the relays at German Whist, four events into the deal; each page then watches
    for a word that would say the other left.  ``seating(host)``, if given, reads the host's
    seating list before the start (kept as the host page's ``kingwebSeatingRead``)."""
    host = make(ice)
    link = host_room(host, site, "whist", 2, kinds=KINDS)
    guest = make(ice)
    join_table(guest, link, "Ann")
    until(host, "() => document.querySelectorAll('#seating-seats .seating-link.relayed').length === 1", timeout=120)
    if seating:
        host.evaluate("(x) => { window.kingwebSeatingRead = x; }", seating(host))
    host.get_by_role("button", name="Start the match").click()
    guest.wait_for_selector("#hand .card", timeout=60_000)
    start = model(host)["n"]
    drive([host, guest], lambda: model(host)["n"] >= start + 4, timeout=120)
    host.evaluate(WATCH_JS, "gone: a bot plays")
    guest.evaluate(WATCH_JS, "The host has left the table")
    return host, guest


def plays_on(host, guest, events):
    """The table goes on ``events`` further, the guest's page shows all of it, and neither
    page ever said the other had left."""
    before = model(host)["n"]
    drive([host, guest], lambda: model(host)["n"] >= before + events, timeout=180)
    after = model(host)["n"]
    until(guest, "async (n) => (await import('./store.js')).page.model.n >= n", after, timeout=60)
    assert host.evaluate("window.kingwebSaw") is False
    assert guest.evaluate("window.kingwebSaw") is False


# Whether this page's room talks to its one peer through the relays (room.js stats)
RELAYED_JS = "async () => [...(await import('./p2p/room.js')).openRooms][0].stats().peers.map((p) => p.relayed)"


def test_a_relayed_pair_moves_to_a_direct_connection_that_forms_later(relayed_people):
    """Host and guest whose direct connection cannot form at first (every ICE candidate
    held back, HELD_ICE_JS) sit and play German Whist through the relays.  Mid-deal the
    candidates are let through: the connection waiting forms, the pair moves to it on both
    pages with no leave, and the cards played after it reach the guest's table."""
    make, _, site = relayed_people
    host, guest = relayed_whist(make, site, HELD_ICE_JS)
    assert host.evaluate(RELAYED_JS) == [True] and guest.evaluate(RELAYED_JS) == [True]
    for p in (host, guest):
        p.evaluate("window.kingwebOpenIce()")
    # the direct connection forms and both pages move to it
    until(host, "() => window.kingwebConnections.some((pc) => pc.connectionState === 'connected')", timeout=60)
    until(host, RELAYED_JS.replace("p.relayed)", "p.relayed).every((r) => !r)"), timeout=60)
    until(guest, RELAYED_JS.replace("p.relayed)", "p.relayed).every((r) => !r)"), timeout=60)
    assert host.evaluate(RELAYED_JS) == [False] and guest.evaluate(RELAYED_JS) == [False]
    plays_on(host, guest, 6)


# A browser without WebRTC (turned off, or none): the page sees no RTCPeerConnection at all
NO_WEBRTC_JS = """(() => { for (const k of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel'])
  try { delete window[k]; } catch {} })();"""


def test_browsers_without_webrtc_sit_and_play_through_the_relays(relayed_people):
    """Host and guest in browsers with no WebRTC at all: the host opens a room (its relays
    carry a table), offers no invitation by code, and the guest sits and plays through the
    relays at once, as a browser with WebRTC does when no direct connection forms."""
    make, _, site = relayed_people
    host, guest = relayed_whist(make, site, NO_WEBRTC_JS, seating=lambda host: host.locator("#invite-by-code").count())
    assert host.evaluate("typeof RTCPeerConnection") == "undefined"
    assert host.evaluate("window.kingwebSeatingRead") == 0  # the seating offered no invitation by code
    assert host.evaluate(RELAYED_JS) == [True] and guest.evaluate(RELAYED_JS) == [True]
    plays_on(host, guest, 6)


# Ends this page's relayed connections, as its carrier does with a pair not heard for GONE_MS
DROP_RELAYED_JS = """async () => {
  const room = [...(await import('./p2p/room.js')).openRooms][0];
  for (const pair of room.carrier.pairs.values()) pair.connection?.close();
}"""


def test_a_relayed_pair_that_is_lost_forms_again_under_new_keys(relayed_people):
    """Host and guest with no direct connection play German Whist through the relays.
    Mid-deal the guest's page gives the pair up (as after GONE_MS of silence): it makes its
    key again, the host ends the old pair on hearing the same page's new key, the two
    connect afresh through the relays, the guest is seated again, and the cards played
    after it reach its table."""
    make, _, site = relayed_people
    host, guest = relayed_whist(make, site)
    key = "async () => [...(await import('./p2p/room.js')).openRooms][0].carrier.eph"
    before = guest.evaluate(key)
    guest.evaluate(DROP_RELAYED_JS)
    until(guest, f"async () => (await ({key})()) !== {before!r}", timeout=30)
    # the old pair is over on both pages and a new one carries the table
    until(
        host,
        f"async () => [...(await import('./p2p/room.js')).openRooms][0].carrier.retired.has({before!r})",
        timeout=60,
    )
    until(guest, RELAYED_JS.replace(".map((p) => p.relayed)", ".filter((p) => p.relayed).length === 1"), timeout=60)
    until(host, RELAYED_JS.replace(".map((p) => p.relayed)", ".filter((p) => p.relayed).length === 1"), timeout=60)
    start = model(host)["n"]
    drive([host, guest], lambda: model(host)["n"] >= start + 6, timeout=180)
    after = model(host)["n"]
    until(guest, "async (n) => (await import('./store.js')).page.model.n >= n", after, timeout=60)
    assert model(guest)["seat"] == 1
    assert all(p.evaluate(CONNECTED) == 0 for p in (host, guest))
