"""A returning guest is never locked out: when a guest's connection is replaced by a newer
one of the same peer (its id: the same browser), the host keeps its seat (no stand-in
plays for it, not for a moment) and answers its clicks on the new connection.  Real
Chromium, real WebRTC over the loopback, the real runtime in the host's page (p2p_support);
the new connection is a second page of the guest's browser, opened while the first is still
connected (its relay closed first, so that it does not meet the host again by itself)."""

from p2p_support import drive, heard_kp, host_and_guest, join_table, model

from browser_support import until

TURN_JS = "() => import('./store.js').then(({ page }) => page.model && { turn: page.model.turn, n: page.model.n })"

# The host's page notes whether its table ever says a bot plays for a guest's seat.
WATCH_JS = """() => { window.stoodIn = false;
  const look = () => { if (document.querySelector('#table').textContent.includes('a bot plays')) window.stoodIn = true; };
  new MutationObserver(look).observe(document.querySelector('#table'), { subtree: true, childList: true, characterData: true });
  look(); }"""

# The guest's first page stops meeting anyone new (its relays closed, not reopened), its
# connection to the host left open.
QUIET_JS = """async () => { const { joined } = await import('./p2p/joining.js');
  const room = joined.hub.rooms[0];
  room.nudgers.forEach((n) => n.stop());
  for (const net of room.networks) {
    net.lib.pauseRelayReconnection();
    for (const s of Object.values(net.lib.getRelaySockets())) s.close();
  }
  return joined.hub.peers.has(joined.host); }"""


def to_guest(host, guest):
    """Play to the guest's turn, leaving its card to the test: the sweep that brings the turn
    to the guest must not tap the guest's card too before it sees the turn there (a fresh
    clone's loaded run: the guest's card went, and its hand had no legal card left)."""
    drive(
        [host, guest],
        lambda: (host.evaluate(TURN_JS) or {}).get("turn") == 1,
        choose=lambda page, cards, actions: False if page is guest else None,
        timeout=120,
    )


def test_a_replaced_connection_keeps_its_seat_and_its_clicks_are_answered(people, p2p_site):
    site = p2p_site
    host, guest = people(site), people(site)
    link = host_and_guest(host, guest, site, "king")
    assert model(guest)["seat"] == 1
    # to the guest's turn: a stand-in, if one were set, would play it at once
    to_guest(host, guest)
    before = host.evaluate(TURN_JS)
    host.evaluate(WATCH_JS)
    assert guest.evaluate(QUIET_JS)
    again = guest.context.new_page()
    join_table(again, link, "Ann")
    again.wait_for_selector("#hand .card.legal", timeout=30_000)
    assert model(again)["seat"] == 1
    # the seat is still the guest's, to play: nobody played for it
    assert host.evaluate(TURN_JS) == before
    # a click on the new connection is answered, and the card is played
    card = again.locator("#hand .card.legal").first
    played = card.get_attribute("data-card")
    box = card.bounding_box()
    again.mouse.click(box["x"] + 8, box["y"] + 24)
    until(
        again,
        '() => window.kingwebWire.heard.some((f) => f.label === \'kp\' && /"type":"answer"/.test(f.data) && /"ok":true/.test(f.data))',
        timeout=30,
    )
    until(host, "(n) => import('./store.js').then(({ page }) => page.model.n > n)", before["n"], timeout=30)
    # (the update follows within the host's pacing of the moves it sends)
    until(
        again,
        '(card) => window.kingwebWire.heard.some((f) => f.data.includes(`"seat":1,"card":"${card}"`))',
        played,
        timeout=30,
    )
    told = [m for m in heard_kp(again) if m["type"] == "update"]
    assert any(
        e["type"] == "play" and e["seat"] == 1 and e["card"] == played for m in told for e in m["update"]["events"]
    )
    assert host.evaluate("() => window.stoodIn") is False
    dropped = host.evaluate("() => import('./p2p/hosting.js').then(({ hosted }) => hosted.dropped)")
    assert dropped == {}


# The host's table lets the next action a guest sends go unanswered, as a host does whose
# connection to the guest broke without either side being told.
DEAF_JS = """async () => { const { hosted } = await import('./p2p/hosting.js');
  const heard = hosted.heard.bind(hosted);
  hosted.heard = async (peer, msg) => {
    if (msg && msg.type === 'act') { hosted.heard = heard; return; }
    return heard(peer, msg);
  }; }"""

# how many welcomes the page has heard
WELCOMES = "window.kingwebWire.heard.filter((f) => f.label === 'kp' && f.data.includes('\"type\":\"welcome\"')).length"
ANSWERED_JS = """(after) => window.kingwebWire.heard.some((f) => f.label === 'kp' && f.at > after
  && f.data.includes('"type":"answer"') && f.data.includes('"ok":true'))"""


def test_a_guest_whose_host_stops_answering_meets_it_again_and_is_answered(people, p2p_site):
    site = p2p_site
    host, guest = people(site), people(site)
    host_and_guest(host, guest, site, "king")
    to_guest(host, guest)
    host.evaluate(DEAF_JS)
    welcomed = guest.evaluate("() => " + WELCOMES)
    card = guest.locator("#hand .card.legal").first
    box = card.bounding_box()
    guest.mouse.click(box["x"] + 8, box["y"] + 24)
    # unanswered: after ANSWER_MS the guest's page drops that connection and meets the host
    # again through the room, which welcomes it back to its seat
    until(guest, "(n) => " + WELCOMES + " > n", welcomed, timeout=90)
    assert model(guest)["seat"] == 1
    back = guest.evaluate("() => performance.timeOrigin + performance.now()")
    # and its clicks are answered again
    drive([host, guest], lambda: guest.evaluate(ANSWERED_JS, back), timeout=120)
