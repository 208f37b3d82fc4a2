"""German Whist (RULES.md §3)."""

import itertools
import random

import pytest

import kingweb
from kingweb import RulesError
from kingweb.cards import FULL_DECK, cards_of, code

from conftest import play_out


def deal_of(seed):
    r = random.Random(seed)
    dealer = r.randrange(2)
    deck = cards_of(FULL_DECK)
    r.shuffle(deck)
    return dealer, deck


def test_deal_trump_is_the_first_face_up_card_and_non_dealer_leads():
    g = kingweb.new_game("whist", seed=9)
    dealer, deck = deal_of(9)
    v = g.view(0)
    assert v["dealer"] == dealer and g.turn == 1 - dealer
    assert v["faceup"] == code(deck[26]) and v["trump"] == "CDHS"[deck[26] // 13]
    assert v["stock_count"] == 26 and v["stage"] == 1
    assert sorted(g.hand(0)) == sorted(code(c) for c in deck[:13])


def test_winner_takes_the_face_up_card_loser_the_next_hidden():
    g = kingweb.new_game("whist", seed=9)
    _, deck = deal_of(9)
    g.act(g.legal()[0])
    g.act(g.legal()[0])
    w = g.view(0)["tricks"][0]["winner"]
    assert code(deck[26]) in g.hand(w) and code(deck[27]) in g.hand(1 - w)
    assert g.view(0)["faceup"] == code(deck[28]) and g.turn == w
    # the loser's draw is seen by the loser only
    assert g.view(1 - w)["draws"][0]["hidden"] == code(deck[27])
    assert g.view(w)["draws"][0]["hidden"] is None
    assert code(deck[27]) not in str(g.view(w))


def test_trump_stays_for_the_whole_deal_and_wins():
    hands = [["2S", "3D"], ["AC", "4D"]]
    g = kingweb.scenario("whist", "whist", hands, dealer=1, stock=["5S", "6H"])
    assert g.turn == 0 and g.view(0)["trump"] == "S"
    g.act("2S")
    g.act("AC")  # void in spades: may play any card; the trump wins
    assert g.view(0)["tricks"][0]["winner"] == 0 and "5S" in g.hand(0) and "6H" in g.hand(1)
    assert g.view(0)["stage"] == 2 and g.view(0)["trump"] == "S"


def test_only_stage_two_scores_t_minus_6():
    hands = [[r + "S" for r in "23456789TJQKA"], [r + "H" for r in "23456789TJQKA"]]
    g = kingweb.scenario("whist", "whist", hands, dealer=0, trump="S")
    play_out(g)
    assert g.scores == [13 - 6, 0]


def test_stage_two_led_by_winner_of_last_stage_one_trick():
    g = kingweb.new_game("whist", seed=3)
    rng = random.Random(3)
    while g.view(0)["stage"] == 1:
        g.act(rng.choice(g.legal()))
    v = g.view(0)
    assert len(v["tricks"]) == 13 and g.turn == v["tricks"][-1]["winner"]
    assert v["hand_counts"] == [13, 13]


@pytest.mark.parametrize("seed", range(5))
def test_match_to_target_and_alternating_dealer(seed):
    g = play_out(kingweb.new_game("whist", seed=seed, options={"target": 5}), random.Random(seed))
    assert max(g.scores) >= 5
    assert sum(1 for s in g.scores if s >= 5) == 1
    dealers = [d["dealer"] for d in g.deals]
    assert all(a != b for a, b in itertools.pairwise(dealers))
    for d in g.deals:
        assert sum(d["taken"]) == 13 and sum(d["points"]) == max(d["taken"]) - 6


def test_whist_scenario_errors():
    with pytest.raises(RulesError, match="trump"):
        kingweb.scenario("whist", "whist", [["2S"], ["3S"]], dealer=0)
    with pytest.raises(RulesError, match="even number"):
        kingweb.scenario("whist", "whist", [["2S"], ["3S"]], dealer=0, stock=["4S"])
    with pytest.raises(RulesError, match="target"):
        kingweb.new_game("whist", options={"target": 0})


def test_a_copy_of_a_stock_stage_play_is_its_own():
    """A search plays on copies of a world: the stock, the draws and the hands of a copy
    change without touching the original."""
    g = kingweb.new_game("whist", seed=5)
    p = g.play
    before = (list(p.hands), list(p.stock), list(p.draws), p.trick_no)
    q = p.copy()
    assert type(q) is type(p) and (list(q.hands), q.stock, q.draws, q.trick_no) == before
    for _ in range(2):  # one whole trick: the draws take two stock cards
        q.play((q.legal_mask() & -q.legal_mask()).bit_length() - 1)
    assert len(q.stock) == len(p.stock) - 2 and len(q.draws) == 1
    assert (list(p.hands), list(p.stock), list(p.draws), p.trick_no) == before
