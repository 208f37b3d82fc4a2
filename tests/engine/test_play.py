"""The fast path: the fused playout loop plays and scores exactly as the rules methods."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kingweb import cards, king, kingru
from kingweb.play import Play

OPTS = kingru.KingRu.check_options({"king_discard": True})
CONTRACTS = (
    [(c, 13, cards.FULL_DECK) for c in king.NEGATIVES.values()]
    + [(c, 13, cards.FULL_DECK) for c in king.POSITIVES.values()]
    + [
        (
            king.contract_for("king-of-hearts", king.King.check_options({"king_forced_on_heart_lead": False})),
            13,
            cards.FULL_DECK,
        )
    ]
    + [(kingru.contract_by_id(c, OPTS), 8, cards.SHORT_DECK) for c in kingru.deal_order(OPTS)]
)


def stepped(p, rand):
    while not p.over:
        m = p.legal_mask()
        k = int(rand() * m.bit_count())
        while k:
            m &= m - 1
            k -= 1
        p.play((m & -m).bit_length() - 1)
    return p.points()


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(range(len(CONTRACTS))), st.integers(0, 2**32), st.integers(0, 40))
def test_random_playout_equals_stepping(ci, seed, pre):
    con, per_hand, deck = CONTRACTS[ci]
    rng = random.Random(seed)
    d = cards.cards_of(deck)
    rng.shuffle(d)
    p = Play(con, [cards.mask_of(d[i * per_hand : (i + 1) * per_hand]) for i in range(4)], seed % 4, per_hand)
    r0 = random.Random(seed + 1)
    for _ in range(pre):  # start the playout mid-deal, mid-trick
        if p.over:
            break
        stepped_one = p.legal_mask()
        p.play(cards.cards_of(stepped_one)[r0.randrange(stepped_one.bit_count())])
    a, b = p.copy(), p.copy()
    pa = a.random_playout(random.Random(seed).random)
    pb = stepped(b, random.Random(seed).random)
    assert pa == pb and a.won == b.won and a.winners == b.winners and a.hands == b.hands
    assert a.over and a.turn == b.turn and a.trick_no == b.trick_no


def test_a_deal_has_one_contract_object():
    # the bots cache per-contract tables (card values) by the contract itself
    opts = kingru.KingRu.check_options({"boys": "jacks-kings"})
    assert kingru.contract_by_id("no-boys", opts) is kingru.contract_by_id("no-boys", dict(opts))
    k = king.King.check_options({"king_forced_on_heart_lead": False})
    assert king.contract_for("king-of-hearts", k) is king.contract_for("king-of-hearts", dict(k))
