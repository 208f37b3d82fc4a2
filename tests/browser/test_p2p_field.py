"""Play between people in the field: a host and three guests in four homes of a small
internet built in Linux network namespaces (tests/netfield.py), each home behind a router
that translates its addresses, the site, its relays and a STUN server in a server room.
The host's and the first guest's routers are ordinary (cone) NATs, the second guest's a
symmetric one and the third guest's lets no UDP out.  Each person's Chromium runs in its
own home and reaches nothing but the server room (RFC 5737 addresses that exist only in
these namespaces).  They meet on the relays and play King's first tricks: the first guest
over a direct connection (through its NAT, by the STUN server's answer), the third
through the relays (no UDP, no direct connection can form), and every guest plays its
cards.  Skipped, saying why, where namespaces cannot be made (not root, no ``nft``)."""

import pytest
from p2p_support import P2P_ARGS, Site, drive, host_room, join_table, model, person_context

from browser_support import until
from conftest import DIST, need_dist

KINDS = ("torrent", "nostr", "mqtt")
NATS = ["cone", "cone", "symmetric", "no-udp"]  # the host's home first
NAMES = ["Ann", "Bo", "Cy"]


@pytest.fixture
def field():
    from netfield import Field, unavailable

    why = unavailable()
    if why:
        pytest.skip(f"the field test needs network namespaces: {why}")
    need_dist()
    with Field(NATS) as f:
        yield f


# How the host's seating list says it reaches each guest, by name: "direct" or "relayed"
LINKS_JS = """(names) => { const out = {};
  for (const seat of document.querySelectorAll('#seating-seats .seating-seat.here')) {
    const l = seat.querySelector('.seating-link');
    const name = names.find((n) => seat.textContent.includes(n));
    if (name && l) out[name] = l.classList.contains('relayed') ? 'relayed' : 'direct';
  }
  return out; }"""


def sent_cards(page) -> int:
    """The actions this page sent its host (its wire tap)."""
    return page.evaluate("() => window.kingwebWire.sent.filter((f) => JSON.parse(f.data).type === 'act').length")


def test_four_homes_behind_nats_meet_and_every_guest_plays_its_cards(playwright, field):
    from netfield import SERVER_IP

    stun = field.start_stun()
    site = field.run_in("server", lambda: Site(DIST, build={"stun": [stun]}, kinds=KINDS, host=SERVER_IP))
    # the server's address is not a secure context (WebCrypto, the offline cache): the
    # browsers treat it as one, as a real deployment's https origin is
    secure = f"--unsafely-treat-insecure-origin-as-secure={site.base.rstrip('/')}"
    # and no name resolves: only the server room's address is reached
    args = [a for a in P2P_ARGS if not a.startswith("--host-resolver-rules")]
    args += [secure, f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {SERVER_IP}"]
    browsers = []
    try:
        pages = []
        for i in range(len(NATS)):
            b = playwright.chromium.launch(executable_path=field.chromium(f"home{i}"), headless=True, args=args)
            browsers.append(b)
            pages.append(person_context(b, site).new_page())
        host, guests = pages[0], pages[1:]
        link = host_room(host, site, "king", 4, kinds=KINDS)
        for page, name in zip(guests, NAMES, strict=True):
            join_table(page, link, name)
        until(host, "() => document.querySelectorAll('#seating-seats .seating-seat.here').length === 4", timeout=150)
        # the first guest through both NATs, by the STUN server's answer (a relayed
        # connection may come first and the pair move to the direct one when it forms);
        # the third through the relays only, as no UDP leaves its home
        until(
            host,
            f"(names) => {{ const out = ({LINKS_JS})(names); return out.Ann === 'direct' && out.Cy === 'relayed'; }}",
            NAMES,
            timeout=60,
        )
        print(f"\nfield: how the host reaches each guest: {host.evaluate(LINKS_JS, NAMES)}")
        host.get_by_role("button", name="Start the match").click()
        for g in guests:
            g.wait_for_selector("#hand .card", timeout=90_000)
        by_seat = {0: host, **{model(g)["seat"]: g for g in guests}}
        # every guest plays cards of its own (two tricks at least: its two first cards)
        drive([by_seat[s] for s in range(4)], lambda: all(sent_cards(g) >= 2 for g in guests), timeout=240)
        end = model(host)["n"]
        for g in guests:
            until(g, "async (n) => (await import('./store.js')).page.model.n >= n", end, timeout=60)
    finally:
        for b in browsers:
            b.close()
        field.run_in("server", site.stop)  # (field's close removes the namespaces after)
