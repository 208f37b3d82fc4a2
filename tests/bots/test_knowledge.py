"""Worlds dealt to match what a seat knows (kingweb.bots.knowledge): every seat gets its
count of the unseen cards and none of a suit it is known to lack, even where a greedy
deal paints itself into a corner."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kingweb
from kingweb.bots.knowledge import Knowledge, deal_within
from kingweb.cards import FULL_DECK, SUIT_MASK, cards_of


@st.composite
def dealt(draw):
    """A true deal of some unseen cards to 1 or 3 other seats (and, for one, a stock), and
    voids each seat really has: what a view's facts can say of it."""
    seats = draw(st.sampled_from([1, 3]))
    whist = seats == 1 and draw(st.booleans())
    per = draw(st.integers(1, 8))
    stock = draw(st.integers(1, 10)) if whist else 0
    cards = draw(st.permutations(cards_of(FULL_DECK)))[: per * seats + stock]
    hands = {s + 1: cards[s * per : (s + 1) * per] for s in range(seats)}
    voids = [0] * 4
    for s, hand in hands.items():
        for suit in range(4):
            if not any(SUIT_MASK[suit] >> c & 1 for c in hand) and draw(st.booleans()):
                voids[s] |= SUIT_MASK[suit]
    return cards, dict.fromkeys(hands, per), voids, stock


@settings(max_examples=300, deadline=None)
@given(dealt(), st.integers(0, 2**32))
def test_a_guided_deal_fits_every_fact(case, seed):
    pool, need, voids, stock = case
    got = deal_within(list(pool), need, voids, random.Random(seed), stock=stock)
    assert got is not None
    hands, rest = got
    assert sorted(cards_of(sum(hands[s] for s in need)) + rest) == sorted(pool)
    assert len(rest) == stock
    for s, n in need.items():
        assert hands[s].bit_count() == n
        assert hands[s] & voids[s] == 0


def test_a_deal_no_hand_can_take_is_refused():
    # seat 1 lacks spades, and the only unseen card is a spade
    assert deal_within([cards_of(SUIT_MASK[3])[0]], {1: 1}, [0, SUIT_MASK[3], 0, 0], random.Random(0)) is None


@pytest.mark.parametrize("greedy", [True, False], ids=["greedy first", "guided only"])
def test_a_tight_world_keeps_every_void(greedy, monkeypatch):
    """Three seats, each lacking a different two suits of the three left: a deal where
    a greedy draw can strand a card; every world still respects the voids, whether the
    quick greedy deal fits or every try of it fails and the guided deal is drawn."""
    if not greedy:
        monkeypatch.setattr(Knowledge, "_greedy", lambda *a: None)
    g = kingweb.new_game("kingru", seed=1)
    know = Knowledge(g.view(0))
    pool = cards_of(SUIT_MASK[0])[:2] + cards_of(SUIT_MASK[1])[:2] + cards_of(SUIT_MASK[2])[:2]
    know.unseen = sum(1 << c for c in pool)
    know.counts = [know.hand.bit_count(), 2, 2, 2]
    know.voids = [0, SUIT_MASK[2] | SUIT_MASK[3], SUIT_MASK[0] | SUIT_MASK[3], SUIT_MASK[1] | SUIT_MASK[3]]
    rng = random.Random(3)
    seen = set()
    for _ in range(200):
        hands, rest = know.deal_unseen(rng)
        assert rest == []
        for s in (1, 2, 3):
            assert hands[s].bit_count() == 2 and hands[s] & know.voids[s] == 0
        seen.add(tuple(hands[1:]))
    assert len(seen) > 1  # still a draw, not one fixed deal
