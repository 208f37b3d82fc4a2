"""The longest match each game allows, at a table of people on several devices: a German
Whist match to 100 with every deal won by one point (199 deals: the seat's whole state is
about 340 kB, five times what one frame of the transport holds), King's ten deals and
Кинг's fourteen with every trick played.  Each match's save is built by the engine here
and planted in the host's page, which resumes it (a reloaded host: its room opened
again); then a guest joins, a spectator joins late, and the guest reloads its page and
comes back.  Each is sent its whole state, a state larger than a frame in parts, and
draws the table where the host's stands (real Chromium, real WebRTC over the loopback,
the real runtime in the host's page; p2p_support)."""

import copy
import json
import random

import pytest
from p2p_support import Knowledge, heard_kp, join_table, model, open_invite, site_query

from browser_support import plant_save, stored_save, until

FRAME = 64 * 1024  # the transport's largest frame (site/p2p/envelope.js MAX_BYTES)


def fork(g):
    """A copy of a game to try a deal on, the match's history (its events and finished
    deals, which a trial only adds to) shared rather than copied: a deep copy of a long
    match's history would cost more than the deal."""
    from kingweb.events import EventLog

    log = EventLog()
    log._items = list(g._events._items)
    return copy.deepcopy(g, {id(g._events): log, id(g.deals): list(g.deals)})


def random_deal(g, rng):
    """Play ``g``'s deal out at random (no claim: every trick is played)."""
    deal = g.deal_no
    while g.deal_no == deal and not g.over:
        g.act(rng.choice([a for a in g.legal() if not a.startswith("claim:")]))


def longest_whist():
    """German Whist to 100 where every deal brings one seat one point (7 tricks to 6), the
    scores kept level: each deal is tried at random until it ends so (a deal whose cards
    cannot is let end as it may)."""
    import kingweb

    g = kingweb.new_game("whist", 1, {"target": 100})
    rng = random.Random(1)
    while not g.over:
        for _ in range(200):
            trial = fork(g)
            random_deal(trial, rng)
            gained = sorted(b - a for a, b in zip(g.scores, trial.scores, strict=True))
            lead = max(trial.scores) - min(trial.scores)
            if gained == [0, 1] and lead <= 1 and (max(trial.scores) < 100 or trial.over):
                break
        g = trial
    return g


def every_trick(game):
    import kingweb

    g = kingweb.new_game(game, 1, {"play_all_tricks": True})
    rng = random.Random(1)
    while not g.over:
        random_deal(g, rng)
    return g


def last_deal_save(g, players):
    """The save of ``g``'s match at the start of its last deal: the host (Hana) at seat 0,
    every other seat a guest's, away."""
    import kingweb
    from kingweb.session import Session
    from kingweb.table import person

    replay = kingweb.new_game(g.id, g.seed, g.options)
    actions = []
    for a in g.actions:
        if replay.deal_no == g.deal_no:
            break
        replay.act(a)
        actions.append(a)
    s = Session()
    seats = [person("Hana"), *(person("", away=True) for _ in range(players - 1))]
    s.start(g.id, seed=g.seed, options=g.options, seats=seats)
    return json.dumps({**s.save(), "actions": actions})


# The deals a page's table holds (finished ones) and the number of its last event.
HELD_JS = """() => import('./store.js').then(({ page }) => page.model && { n: page.model.n,
  deals: (page.model.deals || []).length, seat: page.model.seat })"""


def held(page):
    return page.evaluate(HELD_JS)


def drawn_as(page, host_n, seat):
    """Wait until the page draws its seat's table at the host's event (or later: the
    stand-ins may play on meanwhile)."""
    return until(
        page,
        "([n, seat]) => import('./store.js').then(({ page }) => page.model && page.model.seat === seat"
        " && page.model.n >= n && { n: page.model.n, deals: (page.model.deals || []).length })",
        [host_n, seat],
        timeout=60,
    )


GAMES = {"whist": (2, 198), "king": (4, 9), "kingru": (4, 13)}


@pytest.mark.parametrize("game", list(GAMES))
def test_the_longest_match_reaches_a_guest_a_late_spectator_and_a_guest_back(people, p2p_site, game):
    players, finished = GAMES[game]
    g = longest_whist() if game == "whist" else every_trick(game)
    save = last_deal_save(g, players)
    site = p2p_site
    host = people(site)
    plant_save(host, site.base, save)
    host.goto(site_query(site))
    host.wait_for_selector("#hand .card", timeout=90_000)
    host.get_by_text("Your room is open again").wait_for(timeout=60_000)
    assert held(host)["deals"] == finished
    link = open_invite(host)
    guest = people(site)
    join_table(guest, link, "Ann")
    first = drawn_as(guest, held(host)["n"], 1)
    assert first["deals"] == finished
    watcher = people(site)
    join_table(watcher, link, "Vi", watch=True)
    assert drawn_as(watcher, held(host)["n"], None)["deals"] == finished
    # the guest's page reloads: back in its seat by itself, its whole state sent again
    guest.reload()
    assert drawn_as(guest, held(host)["n"], 1)["deals"] == finished
    told = {1: heard_kp(guest), None: heard_kp(watcher)}
    states = {k: [m for m in ms if m["type"] == "state"] for k, ms in told.items()}
    assert len(states[1]) >= 1 and len(states[None]) >= 1
    big = [m for ms in states.values() for m in ms if len(json.dumps(m)) > FRAME]
    if game == "whist":
        # a state five times a frame: it came in parts, and every frame on the wire fits
        assert big and all(m.get("_parts", 0) >= 5 for m in big)
    else:
        assert big == []
    for page in (guest, watcher):
        sizes = [len(f["data"].encode()) for f in page.evaluate("window.kingwebWire.heard") if f["label"] == "kp"]
        assert max(sizes) <= FRAME
    know = Knowledge(json.loads(stored_save(host)))
    for seat, page in ((1, guest), (None, watcher)):
        assert know.leaks(seat, heard_kp(page)) == []
        assert know.held(seat, model(page)) == []
    dropped = host.evaluate("() => import('./p2p/hosting.js').then(({ hosted }) => hosted.dropped)")
    assert dropped == {}
