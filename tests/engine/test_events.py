"""The engine's numbered events: what each audience is told, and that the page's model
(site/table/model.js), fed an audience's events, is that audience's view of the table."""

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kingweb
from kingweb.cards import CODES

from conftest import play_out

ROOT = Path(__file__).resolve().parents[2]
GAMES = [
    ("king", {}),
    ("king", {"king_chooses_dealer": True, "play_all_tricks": True}),
    ("kingru", {}),
    ("kingru", {"eralash": False, "king_discard": True}),
    ("whist", {"target": 3}),
]


def audiences(g):
    return [*range(g.players), None]


def test_events_are_numbered_from_one_without_gaps_for_every_audience():
    g = play_out(kingweb.new_game("king", seed=3), random.Random(3), until=lambda g: len(g.actions) > 120)
    for a in audiences(g):
        ns = [e["n"] for e in g.events_for(a)]
        assert ns == list(range(1, g.event_count + 1))
        assert [e["type"] for e in g.events_for(a)] == [e["type"] for e in g.events_for(0)]
    assert [e["n"] for e in g.events_for(1, since=g.event_count - 3)] == list(
        range(g.event_count - 2, g.event_count + 1)
    )


def test_every_action_is_told_and_a_deal_is_told_before_it_is_played():
    g = play_out(kingweb.new_game("kingru", seed=5), random.Random(5))
    kinds = [e["type"] for e in g.events_for(None)]
    assert kinds.count("deal") == kinds.count("deal-end") == len(g.deals) == 14
    assert kinds.count("play") == sum(len(t["cards"]) for d in g.deals for t in d["tricks"])
    assert kinds[-2:] == ["deal-end", "match-end"]
    # every Кинг action is a card, or a claim whose cards follow it until the deal's end
    told, claiming = [], False
    for e in g.events_for(None):
        if e["type"] == "claim":
            told.append(f"claim:{e['claim']}")
            claiming = True
        elif e["type"] == "deal-end":
            claiming = False
        elif e["type"] == "play" and not claiming:
            told.append(e["card"])
    assert told == g.actions
    assert "claim" in kinds


def test_a_positive_tells_each_bid_and_decision_with_where_it_stands():
    suits = [[r + s for r in "23456789TJQKA"] for s in "CDHS"]
    g = kingweb.scenario("king", "positive", suits, dealer=0)
    g.act("auction")
    g.act("offer:up:3")
    g.act("pass")
    g.act("pass")
    g.act("accept")
    said = [e for e in g.events_for(2) if e["type"] in ("bid", "decision")]
    assert [(e["type"], e["entry"]["action"]) for e in said] == [
        ("decision", "auction"),
        ("bid", "offer:up:3"),
        ("bid", "pass"),
        ("bid", "pass"),
        ("decision", "accept"),
    ]
    assert said[0]["then"]["phase"] == "auction" and said[0]["then"]["turn"] == 1
    assert said[-1]["then"]["phase"] == "trump" and said[-1]["then"]["buyer"] == 1
    g.act("up:H")
    e = g.events_for(0)[-1]
    assert e["type"] == "decision" and e["then"]["contract"] == "up:H" and e["then"]["trump"] == "H"


def test_four_three_three_three_ends_the_deal_after_the_decision_is_told():
    suits = [[r + s for r in "23456789TJQKA"] for s in "CDHS"]
    g = kingweb.scenario("king", "positive", suits, dealer=0)
    g.act("auction")
    for _ in range(3):
        g.act("pass")
    g.act("4333")
    kinds = [e["type"] for e in g.events_for(0)]
    assert kinds[-3:] == ["decision", "deal-end", "match-end"]
    assert g.events_for(0)[-3]["then"] is None


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10**6))
def test_a_deal_is_told_to_each_audience_as_its_view(game, seed):
    """Each audience's ``deal`` event holds its view as the deal starts (less the finished
    deals and the actions open): in King and Кинг, where a seat's view is the public one
    but for its seat and hand, it is built once and given each seat's hand
    (``SEAT_VIEW_IS_PUBLIC_AND_HAND``); this checks it against each seat's own view, in
    every deal of random play, a scenario's and after a JSON round trip."""
    gid, options = game
    g = kingweb.new_game(gid, seed=seed, options=options)
    rng = random.Random(seed)
    deals = 0
    while not g.over:
        told = g.event_count
        g.act(rng.choice(g.legal()))
        if rng.random() < 0.005:
            g = kingweb.from_json(g.to_json())
        for a in audiences(g):
            for e in g.events_for(a, told):
                if e["type"] == "deal":
                    want = {k: v for k, v in g.view(a).items() if k not in ("deals", "legal")}
                    assert e["state"] == want, (a, {k: v for k, v in want.items() if e["state"].get(k) != v})
                    assert list(e["state"]) == list(want)  # (the same fields, in the same order)
                    deals += a is None
    assert deals >= len(g.deals) - 1  # (the first is dealt before any action, or after the dealer is named)
    if gid != "whist":
        contract = "queens" if gid == "king" else "girls"
        deck = [c for c in CODES if gid == "king" or c[0] not in "23456"]
        rng.shuffle(deck)
        n = len(deck) // 4
        sc = kingweb.scenario(gid, contract, [deck[i * n : (i + 1) * n] for i in range(4)], leader=1)
        for a in audiences(sc):
            (e,) = sc.events_for(a)
            assert e["state"] == {k: v for k, v in sc.view(a).items() if k not in ("deals", "legal")}


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10**6))
def test_a_trick_is_told_as_it_stood_whenever_its_event_is_read(game, seed):
    """Card play's events, and King's and Кинг's ``deal`` events, are built when read
    (``EventLog.made``), the tallies and points of a ``trick`` worked out again from the
    deal's record: read as the trick is taken they hold the play's own figures then, and
    read again at the match's end (or after a JSON round trip, where they are the
    replay's), the very same events."""
    gid, options = game
    g = kingweb.new_game(gid, seed=seed, options=options)
    rng = random.Random(seed)
    told = [g.events_for(a) for a in audiences(g)]
    while not g.over:
        n, before = g.event_count, g.p
        g.act(rng.choice(g.legal()))
        for i, a in enumerate(audiences(g)):
            told[i] += g.events_for(a, n)
        p = g.p
        if p is None or p is not before or p.over:  # (the figures to compare: a deal's, still played)
            continue
        for e in g.events_for(None, n):
            if e["type"] == "trick":
                now = g._stage_tallies() if gid == "whist" else {"taken": p.ntricks}
                assert {k: e[k] for k in now} == now and e["deal_points"] == p.points_so_far()
    replayed = kingweb.from_json(g.to_json())
    for i, a in enumerate(audiences(g)):
        assert g.events_for(a) == told[i] == replayed.events_for(a)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10**6))
def test_no_audience_is_told_a_card_hidden_from_it(game, seed):
    """What each event tells an audience is public, or its own: a card as it is played,
    a trick's played cards, German Whist's face-up cards (the loser's drawn card to the
    loser alone), no card in a bid or decision, a dealt hand to its own seat only (a
    spectator: none), and nothing in a deal's state that lies in another hand or the
    stock.  A finished deal's record is public."""
    gid, options = game
    g = kingweb.new_game(gid, seed=seed, options=options)
    rng = random.Random(seed)
    while not g.over:
        told, turn, action = g.event_count, g.turn, rng.choice(g.legal())
        g.act(action)
        hidden = _secrets(g)
        for a in audiences(g):
            for e in g.events_for(a, told):
                kind, seen = e["type"], _cards_in(e)
                claim = action.startswith("claim:")  # (its cards follow it)
                if kind == "claim":
                    assert claim and not seen and e["seat"] == turn
                elif kind == "play":
                    assert seen == {e["card"]} and (claim or (e["seat"], e["card"]) == (turn, action))
                elif kind == "trick":
                    assert seen == set(e["cards"]) and (claim or action in seen)
                elif kind == "draw":
                    assert (e["hidden"] is not None) == (a is not None and a != e["winner"])
                elif kind in ("bid", "decision"):
                    assert not seen
                elif kind == "deal":
                    state = e["state"]
                    assert state["seat"] == a and state["hand"] == (g.hand(a) if a is not None else [])
                    # (the last trick of the deal before is public: its cards are dealt anew)
                    fresh = _cards_in({k: v for k, v in state.items() if k != "last_trick"})
                    assert not (fresh & hidden[a]), (a, fresh & hidden[a])
                else:
                    assert kind in ("deal-end", "match-end")


def _secrets(g):
    """For each audience, the cards of the current deal it may not know now."""
    out = {}
    for a in audiences(g):
        mine = set(g.hand(a)) if a is not None else set()
        others = set()
        for s in range(g.players):
            if s != a:
                others |= set(g.hand(s))
        if g.id == "whist" and g.p is not None:
            others |= {kingweb.cards.code(c) for c in g.play.stock[1:]}
        out[a] = others - mine
    return out


def _cards_in(e):
    found = set()

    def walk(x):
        if isinstance(x, str) and x in CODES:
            found.add(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk({k: v for k, v in e.items() if k not in ("deal_no",)})
    return found


# -- the page's model against the engine's views -------------------------------------------------


def _trace(gid, options, seed, audience, rng):
    g = kingweb.new_game(gid, seed=seed, options=options)
    start = {**g.view(audience), "n": g.event_count}
    updates, views = [], []
    told = g.event_count
    while not g.over:
        for _ in range(rng.randint(1, 6)):  # a batch: several actions told at once
            if g.over:
                break
            g.act(rng.choice(g.legal()))
        v = g.view(audience)
        updates.append({"events": g.events_for(audience, told), "legal": v["legal"]})
        views.append(v)
        told = g.event_count
    return {"start": start, "updates": updates}, views


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node to run the page's model")
def test_the_pages_model_fed_the_events_is_the_engines_view():
    rng = random.Random(2024)
    traces, expected = [], []
    for i in range(24):
        gid, options = GAMES[i % len(GAMES)]
        g = kingweb.new_game(gid, seed=0, options=options)
        audience = rng.choice(audiences(g))
        trace, views = _trace(gid, options, rng.randrange(10**6), audience, rng)
        traces.append(trace)
        expected.append(views)
    r = subprocess.run(
        ["node", str(ROOT / "tests" / "engine" / "apply_events.mjs")],
        input=json.dumps(traces),
        capture_output=True,
        text=True,
        check=True,
    )
    models = json.loads(r.stdout)
    checked = 0
    for views, ms in zip(expected, models, strict=True):
        assert len(views) == len(ms)
        for v, m in zip(views, ms, strict=True):
            got = {k: m[k] for k in v}
            assert got == v, {k: (got[k], v[k]) for k in v if got[k] != v[k]}
            checked += 1
    assert checked > 500
