"""Claiming the rest of a deal (RULES.md, *Claiming the rest*): offered only when sure
whatever the hidden cards, refused otherwise with the reason, played out card by card."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kingweb
from kingweb import IllegalAction, cards, record
from kingweb.bots import LEVELS, Bot
from kingweb.claim import claim_card

from conftest import play_out


def claims(g):
    return [a for a in g.legal() if a.startswith("claim:")]


def refused(g, action):
    """The refusal of ``action``, checking that it changed nothing."""
    before, events = g.to_json(), g.event_count
    with pytest.raises(IllegalAction) as e:
        g.act(action)
    assert (g.to_json(), g.event_count) == (before, events)
    return e.value


def winners_after(g, first):
    """The takers of the deal's tricks from trick ``first`` on, from its record."""
    return [t["winner"] for t in g.deals[-1]["tricks"][first:]]


# -- four players: the claimant takes every trick left ---------------------------------------


def test_king_up_no_trump_claim_plays_out_every_card():
    hands = [["AS", "KS", "AH", "AD"], ["2S", "3S", "2H", "2D"], ["4S", "5S", "3H", "3D"], ["6S", "7S", "4H", "4D"]]
    g = kingweb.scenario("king", "up:NT", hands, leader=0)
    assert claims(g) == ["claim:all"]
    assert g.legal()[:-1] == ["AD", "AH", "KS", "AS"]
    since = g.event_count
    g.act("claim:all")
    assert g.actions == ["claim:all"]
    events = g.events_for(1, since)
    assert events[0] == {"n": since + 1, "type": "claim", "seat": 0, "claim": "all", "tricks_left": 4}
    assert [e["type"] for e in events].count("play") == 16
    assert events[-2]["type"] == "deal-end" and events[-1]["type"] == "match-end"
    assert winners_after(g, 0) == [0, 0, 0, 0]
    assert g.deals[0]["points"] == [100, 0, 0, 0]
    # the plan: the suits from the top, the led cards are the claimant's
    assert [t["cards"][0] for t in g.deals[0]["tricks"]] == ["AD", "AS", "KS", "AH"]


def test_king_claim_refused_while_a_higher_card_is_out():
    hands = [["KS", "QS", "AH", "AD"], ["2S", "AS", "2H", "2D"], ["4S", "5S", "3H", "3D"], ["6S", "7S", "4H", "4D"]]
    g = kingweb.scenario("king", "up:NT", hands, leader=0)
    assert claims(g) == []
    e = refused(g, "claim:all")
    assert (e.code, e.params) == ("claim-not-sure", {"claim": "all"})
    assert str(e) == "cannot claim: your cards do not surely take every trick left, whatever the others hold and play"


def test_king_trumps_must_be_drawn_first():
    # West may hold all three trumps still out: two rounds of trumps cannot draw them
    short = [["AS", "KS", "AH", "AD"], ["2S", "3S", "4S", "2D"], ["2H", "3H", "4H", "3D"], ["5H", "6H", "4D", "5D"]]
    g = kingweb.scenario("king", "up:S", short, leader=0)
    assert claims(g) == []
    # with three trumps against two still out, the trumps draw them, then the aces stand
    long = [["AS", "KS", "QS", "AH"], ["2S", "3S", "2D", "3D"], ["2H", "3H", "4H", "4D"], ["5H", "6H", "5D", "6D"]]
    g = kingweb.scenario("king", "up:S", long, leader=0)
    assert claims(g) == ["claim:all"]
    g.act("claim:all")
    assert [t["cards"][0] for t in g.deals[0]["tricks"]] == ["AS", "KS", "QS", "AH"]
    assert g.deals[0]["points"] == [100, 0, 0, 0]


def test_a_suit_drawn_makes_its_lower_card_good():
    # one heart is out, under the ace: after the ace it has fallen, so the 2♥ stands
    hands = [["AH", "2H", "AD"], ["KH", "2D", "3D"], ["4D", "5D", "6D"], ["7D", "8D", "9D"]]
    g = kingweb.scenario("king", "up:NT", hands, leader=0)
    assert claims(g) == ["claim:all"]


def test_king_negative_claim_ends_early_with_the_same_points():
    # Queens: the claimant takes every card left, so all four queens and the deal stops
    hands = [["AS", "KS", "AD", "AC"], ["QS", "2S", "QD", "2C"], ["3S", "4S", "QC", "3C"], ["5S", "QH", "4D", "5D"]]
    g = kingweb.scenario("king", "queens", hands, leader=0)
    assert claims(g) == ["claim:all"]
    g.act("claim:all")
    assert g.deals[0]["points"] == [-200, 0, 0, 0]
    assert set(winners_after(g, 0)) == {0}


def test_a_negative_is_claimed_only_when_the_claimant_cannot_duck():
    # Tricks: the K♠ could duck under the A♠ still out, so taking the rest is no fate
    duck = [["KS", "QS", "AD"], ["AS", "2S", "2D"], ["3S", "4S", "3D"], ["5S", "6S", "4D"]]
    assert claims(kingweb.scenario("king", "tricks", duck, leader=0)) == []
    # with the A♠ held instead, every card is above all that is still out
    sure = [["AS", "KS", "AD"], ["QS", "2S", "2D"], ["3S", "4S", "3D"], ["5S", "6S", "4D"]]
    assert claims(kingweb.scenario("king", "tricks", sure, leader=0)) == ["claim:all"]
    # up with no trump, a suit drawn from the top makes its low card good: a plan ...
    plan = [["AH", "2H", "AD"], ["KH", "2D", "3D"], ["4D", "5D", "6D"], ["7D", "8D", "9D"]]
    assert claims(kingweb.scenario("king", "up:NT", plan, leader=0)) == ["claim:all"]
    # ... but down, the 2♥ led first could lose: not offered
    assert claims(kingweb.scenario("king", "down", plan, leader=0)) == []


def test_king_hearts_lead_ban_orders_the_plan():
    hands = [["AH", "KH", "AS"], ["2H", "3H", "2S"], ["4H", "5H", "3S"], ["6H", "7H", "4S"]]
    g = kingweb.scenario("king", "hearts", hands, leader=0)
    assert claims(g) == ["claim:all"]
    g.act("claim:all")
    assert [t["cards"][0] for t in g.deals[0]["tricks"]] == ["AS", "AH", "KH"]


def test_kingru_mid_trick_claim_takes_this_trick_then_the_rest():
    # seats 1, 2, 3 have played; seat 0 wins the trick with the ace, then leads its aces
    hands = [["AS", "KH", "KD"], ["AH", "8D"], ["9H", "9D"], ["TH", "TD"]]
    g = kingweb.scenario("kingru", "tricks", hands, leader=1, trick=["7S", "9S", "TS"])
    assert g.turn == 0 and claims(g) == []  # the A♥ is still out
    hands = [["AS", "AH", "AD"], ["8H", "8D"], ["9H", "9D"], ["TH", "TD"]]
    g = kingweb.scenario("kingru", "tricks", hands, leader=1, trick=["7S", "9S", "TS"])
    assert claims(g) == ["claim:all"]
    g.act("claim:all")
    assert winners_after(g, 0) == [0, 0, 0]
    assert g.deals[0]["points"] == [6, 0, 0, 0]


def test_four_players_claim_no_trick_is_refused_by_its_form():
    g = kingweb.new_game("kingru", seed=3)
    for action in ("claim:none", "claim:some", "claim:"):
        e = refused(g, action)
        assert e.code == "claim-format", action


# -- German Whist: only once the stock is gone ---------------------------------------------------


def test_whist_no_claim_in_the_stock_stage():
    g = kingweb.new_game("whist", seed=2)
    assert claims(g) == []
    assert refused(g, "claim:all").code == "claim-stock"
    assert refused(g, "claim:none").code == "claim-stock"


def test_whist_endgame_claims_all_and_concedes_none():
    hands = [["AS", "KS", "AH"], ["2S", "3H", "4H"]]
    g = kingweb.scenario("whist", "whist", hands, dealer=1, trump="S")
    assert g.turn == 0 and claims(g) == ["claim:all"]
    g.act("claim:all")
    assert winners_after(g, 0) == [0, 0, 0]
    low = [["2H", "3H", "4H"], ["AH", "KH", "QH"]]
    g = kingweb.scenario("whist", "whist", low, dealer=1, trump="S")
    assert claims(g) == ["claim:none"]
    assert refused(g, "claim:all").params == {"claim": "all"}
    g.act("claim:none")
    assert winners_after(g, 0) == [1, 1, 1]


def test_whist_a_trump_that_must_ruff_is_no_concession():
    # the 2♠ is the trump: once the hearts are gone a diamond lead makes it take a trick
    hands = [["2S", "2H", "3H"], ["AH", "KH", "AD"]]
    g = kingweb.scenario("whist", "whist", hands, dealer=0, trump="S")
    assert g.turn == 1
    g.act("AD")
    assert g.turn == 0 and claims(g) == []


# -- offers say nothing of the hidden cards, and hold in every world -----------------------------


def redeal(g, seat, rng):
    """The other hands dealt again from the cards ``seat`` cannot see, as its view allows
    (each seat's count, the suits it has shown out of); None if the draw fails."""
    seen = g._seen(seat)
    others = [s for s in range(g.players) if s != seat]
    for _ in range(100):
        pool = cards.cards_of(seen.unseen)
        rng.shuffle(pool)
        hands = {}
        for s in others:
            fits = [c for c in pool if not seen.voids[s] >> (c // 13) & 1][: seen.counts[s]]
            if len(fits) < seen.counts[s]:
                break
            hands[s] = cards.mask_of(fits)
            pool = [c for c in pool if c not in fits]
        else:
            if not pool:
                return hands
    return None


def world(g, hands):
    h = kingweb.from_json(g.to_json())
    for s, m in hands.items():
        h.play.hands[s] = m
    h._claim_memo = ((-1, -1, -1), [])  # (the position's hands were changed under it)
    return h


def play_claim(h, seat, claim, rng, fate=False):
    """Play the deal out in world ``h``: the claimant by its claim (``fate``: at random
    too, as a claim that costs the claimant must hold whatever it plays), the others at
    random."""
    done = len(h.deals)
    while len(h.deals) == done:
        p = h.play
        legal = p.legal_mask()
        if p.turn == seat and legal & (legal - 1) and not fate:
            c = claim_card(claim, h._seen(seat), p.c, legal)
            assert c is not None
        else:
            c = rng.choice(cards.cards_of(legal))
        h.act(cards.code(c))


games = st.sampled_from([("king", {}), ("king", {"first_lead": "left_of_dealer"}), ("kingru", {}), ("whist", {})])


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 10**6), st.integers(0, 300))
def test_offers_hold_in_every_world_the_seat_cannot_tell_apart(game, seed, steps):
    """At random positions, the claims offered are the same in every redeal of the cards
    the seat to act cannot see, and in each such world the claim holds however the
    others play."""
    gid, options = game
    rng = random.Random(seed)
    g = kingweb.new_game(gid, seed=seed, options=options)
    play_out(g, rng, until=lambda g: len(g.actions) >= steps)
    for _ in range(16):
        if g.over:
            break
        seat = g.turn
        offered = claims(g)
        if getattr(g, "phase", "play") == "play" and g.play.hands[seat].bit_count() > 1:
            for _ in range(2):
                hands = {} if gid == "whist" else redeal(g, seat, rng)  # (whist: claims in stage 2, all known)
                if hands is None:
                    continue
                h = world(g, hands)
                assert claims(h) == offered
                for claim in offered:
                    first = len(h.tricks) - (1 if h.play.trick else 0)
                    k = world(g, hands)
                    play_claim(k, seat, claim[6:], rng, fate=claim == "claim:none" or k.play.c.sign <= 0)
                    takers = set(winners_after(k, first))
                    assert takers <= ({seat} if claim == "claim:all" else set(range(g.players)) - {seat})
        g.act(rng.choice([a for a in g.legal() if not a.startswith("claim:")]))


def test_a_claim_ends_the_deal_as_playing_it_out_would():
    """Over many random positions, claiming gives the points the claim's own play gives."""
    checked = 0
    for gid in ("king", "kingru", "whist"):
        for seed in range(12):
            g = kingweb.new_game(gid, seed=seed)
            rng = random.Random(seed)
            while not g.over:
                offered = claims(g)
                if offered:
                    seat, done = g.turn, len(g.deals)
                    by_hand = kingweb.from_json(g.to_json())
                    play_claim(by_hand, seat, offered[0][6:], random.Random(0))
                    g.act(offered[0])
                    assert g.deals[done]["points"] == by_hand.deals[done]["points"]
                    checked += 1
                    continue
                g.act(rng.choice(g.legal()))
    assert checked > 30


# -- bots, snapshots and records --------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_bots_claim_at_every_level(level):
    hands = [["AS", "KS", "AH", "AD"], ["2S", "3S", "2H", "2D"], ["4S", "5S", "3H", "3D"], ["6S", "7S", "4H", "4D"]]
    g = kingweb.scenario("king", "up:NT", hands, leader=0)
    assert Bot(level, seed=1).decide(g.view(0)) == "claim:all"
    low = [["2H", "3H", "4H"], ["AH", "KH", "QH"]]
    g = kingweb.scenario("whist", "whist", low, dealer=1, trump="S")
    assert Bot(level, seed=1).decide(g.view(0)) == "claim:none"


def test_the_hint_is_the_claim():
    hands = [["AS", "KS", "AH", "AD"], ["2S", "3S", "2H", "2D"], ["4S", "5S", "3H", "3D"], ["6S", "7S", "4H", "4D"]]
    g = kingweb.scenario("king", "up:NT", hands, leader=0)
    h = kingweb.hint(g)
    assert (h["action"], h["reason"]) == ("claim:all", "claim-all")
    assert h["text"] == "your cards take every trick left, whatever the others hold and play: claim the rest"


def bots_match(gid, seed):
    g = kingweb.new_game(gid, seed=seed, options={"target": 3} if gid == "whist" else {})
    bots = [Bot("normal", seed=s) for s in range(g.players)]
    while not g.over:
        g.act(bots[g.turn].decide(g.view(g.turn)))
    return g


@pytest.mark.parametrize("gid", ["king", "kingru", "whist"])
def test_a_match_with_claims_round_trips_in_json_and_records(gid):
    g = bots_match(gid, 4)
    assert any(a.startswith("claim:") for a in g.actions)
    back = kingweb.from_json(g.to_json())
    assert back.to_json() == g.to_json()
    assert back.events_for(0) == g.events_for(0) and back.scores == g.scores
    rec = record.of_game(g)
    played = [a for d in rec["deals"] for a in d["actions"]]
    assert not any(a.startswith("claim:") for a in played)  # written as the cards it played out
    for form in ("json", "text"):
        again = record.loads(record.dumps(rec, form))
        assert again == rec
        assert record.to_game(again).scores == g.scores
    assert json.loads(record.dumps(rec))["deals"][0]["actions"] == rec["deals"][0]["actions"]


def test_random_play_with_claims_keeps_the_tables_totals():
    for gid in ("king", "kingru", "whist"):
        g = play_out(kingweb.new_game(gid, seed=11), random.Random(11))
        assert g.over
        if gid != "whist":
            assert sum(g.scores) == 0


def test_a_person_at_a_table_of_several_claims_through_the_table():
    """Pass and play or a room: the table takes a claim from the person to act like any
    action, tells every audience the claim and the cards it played, and a bot claims too."""
    from kingweb.table import Table, bot, person

    for seed in range(60):
        t = Table.new("kingru", seed=seed, seats=[person("Ana"), bot("normal"), person("Ben"), bot("normal")])
        g = t.game
        while not g.over and len(g.deals) < 2:
            if t.bot_seat() is not None:
                t.step()
                continue
            offered = claims(g)
            if offered:
                seat, since = g.turn, g.event_count
                with pytest.raises(IllegalAction):
                    t.act(2 - seat, offered[0])  # the other person may not claim for them
                t.act(seat, offered[0])
                for audience in (None, 0, 1, 2, 3):
                    told = g.events_for(audience, since)
                    assert told[0]["type"] == "claim" and told[0]["seat"] == seat
                    assert any(e["type"] == "deal-end" for e in told)
                return
            g.act([a for a in g.legal() if not a.startswith("claim:")][-1], seat=g.turn)
    pytest.fail("no person was offered a claim in 60 matches")


def test_a_bot_at_the_table_claims_when_it_can():
    from kingweb.table import Table, bot, person

    t = Table.new("kingru", seed=5, seats=[person("Ana"), bot("easy"), bot("normal"), bot("random")])
    g, made = t.game, 0
    while not g.over:
        if t.bot_seat() is None:
            g.act(g.legal()[0])
            continue
        offered = claims(g)
        seat, action = t.step()[:2]
        assert (action in offered) == bool(offered), (seat, action, offered)
        made += bool(offered)
    assert made > 0


# -- claims off the hot path: the same list as the plain computation ------------------------


def reference_claims(g):
    """The claims as ``legal()`` worked them out before they were taken off the hot path
    (every call, nothing kept): ``could_claim`` of each kind, then ``_seen`` built from
    the whole public record, then ``claim_card``."""
    from kingweb.claim import KINDS, Seen, could_claim

    p = g.play
    n, hand = g.players, p.hands[p.turn]
    kinds = [k for k in KINDS if could_claim(k, hand, p.live & ~hand, bool(p.trick), n)]
    if not (kinds and hand.bit_count() > 1 and g._claims_open()):
        return []
    played, voids, trick = 0, [0] * n, []
    for t in g.tricks:
        led = cards.INDEX[t["cards"][0]] // 13
        if n > 2 and p.c.ban_hearts_lead and led == cards.HEARTS:
            voids[t["leader"]] |= 0b1011
        for i, c in enumerate(t["cards"]):
            s, x = (t["leader"] + i) % n, cards.INDEX[c]
            played |= 1 << x
            if n > 2 and x // 13 != led:
                voids[s] |= 1 << led
            if t["winner"] is None:
                trick.append((s, x))
    unseen = g.DECK & ~hand & ~played & ~g.out_of_play
    seen = Seen(p.turn, hand, unseen, voids, [h.bit_count() for h in p.hands], trick)
    return [f"claim:{k}" for k in kinds if claim_card(k, seen, p.c, p.legal_mask()) is not None]


def expected_legal(g):
    p = g.p
    if g.over or p is None or getattr(g, "phase", "play") != "play":
        return None  # no card play now: nothing of the claims to compare
    return cards.codes_of(p.legal_mask()) + reference_claims(g)


@settings(max_examples=45, deadline=None)
@given(
    st.sampled_from(["king", "kingru", "whist"]),
    st.integers(0, 2**31 - 1),
    st.integers(0, 2**31 - 1),
    st.floats(0.0, 1.0),
)
def test_legal_is_the_plain_computation_over_random_play(gid, seed, play_seed, claim_odds):
    """Over random play of every game, ``legal()`` equals the plain computation of the
    cards and the claims at every card to play: asked twice, after each action, after a
    JSON round trip and after an undo (a replay to an earlier action), so what is kept
    between calls never outlives its position."""
    from kingweb.table import replayed

    g = kingweb.new_game(gid, seed=seed)
    rng = random.Random(play_seed)
    for step in range(700):
        if g.over:
            break
        want = expected_legal(g)
        legal = g.legal()
        if want is not None:
            assert legal == want, (step, g.to_json())
        assert g.legal() == legal
        if step % 37 == 36:
            g = kingweb.from_json(g.to_json())
            assert g.legal() == legal
        if step % 53 == 52 and len(g.actions) > 5:
            g = replayed(g, g.actions[: -rng.randrange(1, 6)])
            if expected_legal(g) is not None:
                assert g.legal() == expected_legal(g)
            continue
        claims_now = [a for a in legal if a.startswith("claim:")]
        cards_now = [a for a in legal if not a.startswith("claim:")]
        # (claims end deals: taken only sometimes, so that later positions are reached)
        g.act(rng.choice(claims_now) if claims_now and rng.random() < claim_odds else rng.choice(cards_now or legal))


def test_the_plain_computation_is_reached_with_claims_offered():
    """The comparison above meets positions with claims in each game (else it would show
    nothing of them)."""
    for gid in ("king", "kingru", "whist"):
        offered = 0
        for seed in range(12):
            g = kingweb.new_game(gid, seed=seed)
            rng = random.Random(seed)
            while not g.over and len(g.actions) < 400:
                want = expected_legal(g)
                legal = g.legal()
                if want is not None:
                    assert legal == want
                    offered += any(a.startswith("claim:") for a in legal)
                g.act(rng.choice([a for a in legal if not a.startswith("claim:")] or legal))
        assert offered > 5, gid


def test_the_gate_leaves_few_positions_to_look_closer_at(monkeypatch):
    """At four players the short suits and the trick's best card (``too_short``,
    ``can_take``) rule out a claim before ``open_kinds`` in most positions of random
    play, and the seat's record (``_seen``) is built in few; ``legal()`` is unchanged
    (the test above)."""
    import kingweb.trickgame as tg

    calls = {"open_kinds": 0, "seen": 0}
    open_kinds, seen = tg.open_kinds, tg.TrickGame._seen

    def counted_open_kinds(*args):
        calls["open_kinds"] += 1
        return open_kinds(*args)

    def counted_seen(self, seat):
        calls["seen"] += 1
        return seen(self, seat)

    monkeypatch.setattr(tg, "open_kinds", counted_open_kinds)
    monkeypatch.setattr(tg.TrickGame, "_seen", counted_seen)
    for gid in ("king", "kingru"):
        calls.update(open_kinds=0, seen=0)
        positions = 0
        rng = random.Random(7)
        for seed in range(6):
            g = kingweb.new_game(gid, seed=seed)
            while not g.over:
                legal = g.legal()
                positions += getattr(g, "phase", "play") == "play"
                g.act(rng.choice(legal))
        assert positions > 1000
        assert calls["open_kinds"] < 0.2 * positions, (gid, calls, positions)
        assert calls["seen"] < 0.08 * positions, (gid, calls, positions)
