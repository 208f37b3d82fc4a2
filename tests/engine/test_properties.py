"""Invariants over many random games (hypothesis)."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import kingweb
from kingweb import IllegalAction
from kingweb.cards import CODES
from kingweb.king import TOTALS

from conftest import ODD_ACTIONS, play_out

seeds = st.integers(min_value=0, max_value=2**31 - 1)
king_options = st.fixed_dictionaries(
    {},
    optional={
        "king_chooses_dealer": st.booleans(),
        "first_lead": st.sampled_from(["dealer", "left_of_dealer"]),
        "king_forced_on_heart_lead": st.booleans(),
        "play_all_tricks": st.booleans(),
        "max_nulls": st.sampled_from([2, 3, 4]),
        "buyer_leads": st.booleans(),
        "uncapped_payment": st.booleans(),
    },
)
kingru_options = st.fixed_dictionaries(
    {},
    optional={
        "boys": st.sampled_from(["jacks", "jacks-kings"]),
        "order": st.sampled_from(["classic", "simple"]),
        "eralash": st.booleans(),
        "play_all_tricks": st.booleans(),
        "scale": st.sampled_from([1, 10]),
    },
)
games = st.one_of(
    st.tuples(st.just("king"), king_options),
    st.tuples(st.just("kingru"), kingru_options),
    st.tuples(st.just("whist"), st.fixed_dictionaries({"target": st.integers(1, 8)})),
)


def kingru_total(cid):
    unit = 96 if cid.endswith("everything") else 16
    return -unit if cid.startswith("no-") else unit


@settings(max_examples=60, deadline=None)
@given(games, seeds, seeds)
def test_random_play_never_raises_and_totals_hold(game, seed, play_seed):
    gid, options = game
    g = kingweb.new_game(gid, seed=seed, options=options)
    rng = random.Random(play_seed)
    while not g.over:
        legal = g.legal()
        assert legal and len(set(legal)) == len(legal)
        g.act(rng.choice(legal))
    for d in g.deals:
        total = sum(d["points"])
        assert total == d["total"]
        if gid == "king":
            uncapped = options.get("uncapped_payment")
            assert total == TOTALS.get(d["contract"], 325) or (uncapped and total == 325)
        elif gid == "kingru":
            assert total == kingru_total(d["contract"])
        else:
            assert total == max(d["taken"]) - 6
    if gid != "whist":
        assert sum(g.scores) == 0
    assert g.scores == [sum(d["points"][s] for d in g.deals) for s in range(g.players)]


def played(game, seed, play_seed, steps):
    """A game of ``game`` = (id, options) after up to ``steps`` random legal actions."""
    gid, options = game
    g = kingweb.new_game(gid, seed=seed, options=options)
    play_out(g, random.Random(play_seed), until=lambda g: len(g.actions) >= steps)
    return g


def hidden_cards(g, seat):
    """Cards in other seats' hands, and the whist stock, that ``seat`` must not see."""
    out = set()
    for s in range(g.players):
        if s != seat:
            out |= set(g.hand(s))
    if g.id == "whist":
        known = set(g.view(seat)["opponent_known"])
        out -= known
        out |= {CODES[c] for c in g.p.stock[1:]}
    return out


@settings(max_examples=40, deadline=None)
@given(games, seeds, seeds, st.integers(0, 200))
def test_view_never_shows_hidden_cards(game, seed, play_seed, steps):
    g = played(game, seed, play_seed, steps)
    for seat in range(g.players):
        v = g.view(seat)
        if v.get("last_trick") and v["last_trick"]["deal_no"] != v["deal_no"]:
            del v["last_trick"]  # the cards of an earlier deal: public, and dealt anew since
        assert len(v["deals"]) == len(g.deals)  # finished deals only (the next test)
        for d in v["deals"]:  # finished deals: public, and the deck is dealt anew since
            del d["tricks"], d["counted"], d["hands"]
            d.pop("stock", None)
        text = json.dumps(v)
        for c in hidden_cards(g, seat):
            assert f'"{c}"' not in text, (seat, c)


def dealt_now(g):
    """The hands of the deal being played, as dealt (before its first card), and German
    Whist's stock in order; None before King's first dealer is named."""
    hands = [g.hand(s) for s in range(g.players)]
    if not any(hands):
        return None
    stock = [CODES[c] for c in g.p.stock] if g.id == "whist" else None
    return hands, stock


@settings(max_examples=40, deadline=None)
@given(games, seeds, seeds, st.integers(0, 400))
def test_a_finished_deal_releases_its_hands_to_every_seat(game, seed, play_seed, steps):
    """A deal's hands (and German Whist's stock, with the hidden draws it makes) reach the
    views only in the deal's record, once the deal is over, and then in every seat's view
    alike, as they were dealt, even when the deal ended early."""
    gid, options = game
    g = kingweb.new_game(gid, seed=seed, options=options)
    rng = random.Random(play_seed)
    dealt = {}
    while True:
        if not g.over and len(g.deals) not in dealt and (now := dealt_now(g)) is not None:
            dealt[len(g.deals)] = now
        if g.over or len(g.actions) >= steps:
            break
        g.act(rng.choice(g.legal()))
    for seat in range(g.players):
        records = g.view(seat)["deals"]
        assert len(records) == len(g.deals)
        for i, d in enumerate(records):
            hands, stock = dealt[i]
            assert d["hands"] == hands
            holder = {c: s for s, h in enumerate(hands) for c in h}
            for t in d["tricks"]:  # each card played came from its player's dealt hand
                for k, c in enumerate(t["cards"]):
                    assert holder.get(c) == (t["leader"] + k) % g.players or (gid == "whist" and c in stock)
            if gid == "whist":
                assert d["stock"] == stock and d["trump"] == stock[0][1]
            else:
                assert "stock" not in d


@settings(max_examples=40, deadline=None)
@given(games, seeds, seeds, st.integers(0, 300))
def test_json_round_trip_continues_identically(game, seed, play_seed, steps):
    g = played(game, seed, play_seed, steps)
    h = kingweb.from_json(g.to_json())
    r1, r2 = random.Random(1), random.Random(1)
    for _ in range(60):
        if g.over:
            break
        assert g.legal() == h.legal() and g.turn == h.turn
        a = r1.choice(g.legal())
        g.act(a)
        h.act(r2.choice(h.legal()))
    assert g.to_json() == h.to_json() and g.view(0) == h.view(0)


@settings(max_examples=60, deadline=None)
@given(
    games,
    seeds,
    st.integers(0, 150),
    st.one_of(
        st.text(max_size=12),
        st.sampled_from(CODES),
        st.sampled_from(ODD_ACTIONS),
    ),
)
def test_illegal_actions_are_refused_and_change_nothing(game, seed, steps, action):
    g = played(game, seed, seed, steps)
    if g.over or action in g.legal():
        return
    before = (g.to_json(), [g.view(s) for s in range(g.players)])
    try:
        g.act(action)
    except IllegalAction as e:
        assert str(e)
    else:
        raise AssertionError(f"{action!r} was accepted though not legal")
    assert (g.to_json(), [g.view(s) for s in range(g.players)]) == before
    # a legal action for the wrong seat is refused too
    if g.turn is not None:
        other = (g.turn + 1) % g.players
        try:
            g.act(g.legal()[0], seat=other)
        except IllegalAction as e:
            assert f"seat {g.turn} is to act" in str(e)
        assert g.to_json() == before[0]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 2**52 - 1), min_size=1, max_size=6), st.booleans())
def test_codes_of_is_each_card_of_the_mask_lowest_first(masks, fresh):
    """``cards.codes_of`` (a suit at a time, from the codes it keeps) lists exactly the
    mask's cards, lowest first, whether the suits' codes are already kept or not."""
    from kingweb import cards

    for mask in masks:
        for m in (mask, mask & cards.SUIT_MASK[mask % 4], mask & ~cards.SUIT_MASK[mask % 4]):
            if fresh:
                for known in cards._SUIT_CODES:
                    known.clear()
            assert cards.codes_of(m) == [CODES[c] for c in range(52) if m >> c & 1]
