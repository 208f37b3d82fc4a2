"""No timing tells at a table of people: a bot answers at once when one card is legal and
takes its time to choose among several, so the host sends every move no sooner than a
fixed delay (site/p2p/host.js PACE_MS) after the one before.  A King deal with the host, a
guest and two bots at the normal level, everyone clicking, on the real site's pages (real
Chromium, real WebRTC over the loopback, the real runtime in the host's page); the gaps
are measured where the guest receives the updates.  This holds the host's pacing, a
lower bound it sets, not how fast anything runs."""

import json

from p2p_support import drive, heard_through, host_and_guest, last_event, model, saved_through

from browser_support import until

PACE_MS = 600  # site/p2p/host.js (without the pacing a forced play went 4 ms after the move before it)
# The pacing this test runs at: the test's own knob (window.kingwebPaceMs), shorter than the
# product's, so that the deal's 52 paced moves take a third of the time; the mechanism is the
# same, and the page's own PACE_MS is read below.
TEST_PACE = 250
# The wire's tap stamps a frame as the channel takes it, and the pacing times the next
# news from just after that (site/p2p/host.js), on the same clock: two stamps stand at least
# the pace apart, give or take the rounding of the tap's epoch time.  (When the pacing read
# its clock before sending, a page held up between the two sent the next one sooner: 597.7 ms
# for 600 in a loaded run, 219 ms for 250 beside a CPU burner, r39.)
SEND_SLACK_MS = 1


# the most deals played for enough of each kind of play (a first deal falls short about one
# time in seventy, below)
DEALS = 3
DEAL_JS = "() => import('./store.js').then(({ page }) => page.model && page.model.deal_no)"


def forced_plays(save, bots):
    """Whether each card the ``bots`` seats played was the only one legal, by its play
    event's number: {n: forced}."""
    import kingweb

    g = kingweb.new_game(save["game"], save["seed"], save["options"])
    out = {}
    for a in save["actions"]:
        if g.turn in bots and g.phase == "play":
            out[g.event_count + 1] = len([x for x in g.legal() if not x.startswith("claim:")]) == 1
        g.act(a)
    return out


def test_a_bots_forced_play_is_sent_no_sooner_than_its_chosen_plays(people, p2p_site):
    site = p2p_site
    host, guest = people(site, pace_ms=TEST_PACE), people(site, pace_ms=TEST_PACE)
    host_and_guest(host, guest, site, "king", level="normal")
    assert model(guest)["seat"] == 1
    assert host.evaluate("() => import('./p2p/host.js').then((m) => m.PACE_MS)") == PACE_MS
    # a deal at a time (the first has no tricks: all thirteen are played, the last with one
    # card each) until the bots have played enough of each kind: a bot that can claim the
    # rest claims it, and the claim's plays go out in one update, not a pace apart (the
    # bots claimed in 53 of 200 first deals of seeds 0-199, and 3 of those 200 deals held
    # fewer than two forced plays sent apart; CI's run of 5bae22a had one)
    for deal in range(1, 1 + DEALS):
        drive([host, guest], lambda deal=deal: host.evaluate(DEAL_JS) == deal, timeout=240)
        # the host's page has sent all it holds back for pacing: the deal's last trick, its
        # forced plays among them, leaves the queue a pace apart after the engine has moved
        # on (read sooner, the wire lacked them: one forced play seen, r20)
        until(host, "async () => (await import('./p2p/hosting.js')).hosted.paced.length === 0", timeout=30)
        sent = [{**json.loads(f["data"]), "_at": f["at"]} for f in host.evaluate("window.kingwebWire.sent")]
        # the save once it holds every move sent: a save read sooner may lack the deal's
        # last plays (a loaded run found one forced play of the deal's two last ones)
        kind = forced_plays(saved_through(host, last_event(sent)), bots=(2, 3))
        # as the host sent them ...
        forced, chosen = gaps(sent, kind)
        if len(forced) >= 2 and len(chosen) >= 4:
            break
    assert len(forced) >= 2 and len(chosen) >= 4, (deal, forced, chosen)
    floor = TEST_PACE - SEND_SLACK_MS
    assert min(forced) >= floor and min(chosen) >= floor, (sorted(forced), sorted(chosen))
    # ... and the guest's page received each of them.  (How far apart they arrive is the
    # network's and the page's load's doing, not the host's: a loaded machine bunched two
    # into 100 ms in a fresh clone's run, so arrival gaps are measured, not asserted.)
    # (the bots play on meanwhile: what the guest hears after the last frame read from the
    # host's wire is left out, and what it has not heard yet is waited for)
    last = last_event(sent)
    heard = heard_through(guest, last)
    heard_forced, heard_chosen = gaps([m for m in heard if m["type"] != "update" or last_event([m]) <= last], kind)
    assert (len(heard_forced), len(heard_chosen)) == (len(forced), len(chosen))


def gaps(messages, kind):
    """The time from each update to the next that holds a bot's play (ms): those before a
    forced play, and those before a chosen one."""
    out = {True: [], False: []}
    last = None
    for m in messages:
        if m["type"] != "update":
            continue
        # (the bots play on meanwhile: a play after the save was read is left out)
        plays = [e for e in m["update"]["events"] if e["type"] == "play" and e["n"] in kind]
        if plays and last is not None:
            out[kind[plays[0]["n"]]].append(m["_at"] - last)
        last = m["_at"]
    return out[True], out[False]
