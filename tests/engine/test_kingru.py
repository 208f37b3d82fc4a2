"""Кинг (RULES.md §2): one test per rule."""

import random

import pytest

import kingweb
from kingweb import IllegalAction, RulesError

from conftest import play_out

SUITS32 = [[r + s for r in "789TJQKA"] for s in "CDHS"]  # seat i holds suit i


def kr(contract, hands, leader=0, **kw):
    return kingweb.scenario("kingru", contract, hands, leader=leader, **kw)


def test_fourteen_deals_in_classic_order():
    g = play_out(kingweb.new_game("kingru", seed=4), random.Random(4))
    assert [d["contract"] for d in g.deals] == [
        "no-tricks",
        "no-hearts",
        "no-boys",
        "no-girls",
        "no-last-two",
        "no-king",
        "no-everything",
        "tricks",
        "hearts",
        "boys",
        "girls",
        "last-two",
        "king",
        "everything",
    ]


def test_simple_order_and_no_eralash():
    g = play_out(kingweb.new_game("kingru", seed=4, options={"order": "simple", "eralash": False}))
    assert [d["contract"] for d in g.deals] == [
        "no-tricks",
        "no-boys",
        "no-girls",
        "no-hearts",
        "no-king",
        "no-last-two",
        "tricks",
        "boys",
        "girls",
        "hearts",
        "king",
        "last-two",
    ]


@pytest.mark.parametrize("seed", range(6))
def test_random_first_leader_then_passes_left(seed):
    first = random.Random(seed).randrange(4)
    g = kingweb.new_game("kingru", seed=seed)
    leaders = []
    rng = random.Random(seed)
    while not g.over:
        if len(leaders) == g.deal_no:
            leaders.append(g.turn)
        g.act(rng.choice(g.legal()))
    assert leaders == [(first + i) % 4 for i in range(14)]


@pytest.mark.parametrize("boys", ["jacks", "jacks-kings"])
@pytest.mark.parametrize("seed", range(5))
def test_every_deal_totals_16_or_96_and_the_match_zero(seed, boys):
    g = play_out(kingweb.new_game("kingru", seed=seed, options={"boys": boys}), random.Random(seed))
    for d in g.deals:
        unit = 96 if d["contract"].endswith("everything") else 16
        assert sum(d["points"]) == (-unit if d["contract"].startswith("no-") else unit)
        assert all(p <= 0 for p in d["points"]) if d["contract"].startswith("no-") else all(p >= 0 for p in d["points"])
    assert sum(g.scores) == 0


def test_units_of_each_contract():
    def one_trick(contract, cards, **kw):
        hands = [[cards[0], "7D"], [cards[1], "8D"], [cards[2], "9D"], [cards[3], "TD"]]
        g = kr(contract, hands, **kw)
        for c in cards:
            g.act(c)
        return g.view(0)["deal_points"]

    assert one_trick("no-tricks", ["7C", "8C", "9C", "TC"]) == [0, 0, 0, -2]
    assert one_trick("tricks", ["7C", "8C", "9C", "TC"]) == [0, 0, 0, 2]
    assert one_trick("no-boys", ["JC", "8C", "9C", "TC"]) == [-4, 0, 0, 0]
    assert one_trick("no-boys", ["JC", "KC", "9C", "TC"], options={"boys": "jacks-kings"}) == [0, -4, 0, 0]
    assert one_trick("girls", ["QC", "8C", "9C", "TC"]) == [4, 0, 0, 0]


def test_eralash_counts_the_king_of_hearts_three_ways():
    g = kr("no-everything", [["7C", "KH"], ["8C", "AH"], ["9C", "7H"], ["TC", "8H"]], leader=3)
    g.act("TC")
    g.act("7C")
    g.act("8C")
    g.act("9C")  # seat 3 takes trick 7 of 8: tricks 2 + last-two 8
    g.act("8H")  # seat 3 holds only hearts now and may lead one
    g.act("KH")
    g.act("AH")
    g.act("7H")
    # seat 1 takes trick 8: 2 + 4 hearts·2 + K♥ 16 + last-two 8
    assert g.scores == [0, -(2 + 8 + 16 + 8), 0, -(2 + 8)]
    g = kr("everything", [["KH"], ["AH"], ["7H"], ["8H"]], leader=3, options={"boys": "jacks-kings"})
    for c in ["8H", "KH", "AH", "7H"]:
        g.act(c)
    # the last trick: 2 for the trick, 4 hearts, K♥ 16, the K♥ as a boy 2, last-two 8
    assert g.scores == [0, 2 + 8 + 16 + 2 + 8, 0, 0]


def test_hearts_lead_ban_in_hearts_king_everything_both_halves():
    hands = [["7H", "7C"], ["8C", "8D"], ["9C", "9D"], ["TC", "TD"]]
    for c in ["no-hearts", "hearts", "no-king", "king", "no-everything", "everything"]:
        g = kr(c, hands)
        assert g.legal() == ["7C"], c
        with pytest.raises(IllegalAction, match="cannot lead hearts"):
            g.act("7H")
    for c in ["no-tricks", "no-boys", "girls", "last-two"]:
        assert kr(c, hands).legal() == ["7C", "7H"]


def test_early_end_cases():
    # hearts: all 8 hearts taken in one... seat 2 holds them all and wins each
    g = kr("no-hearts", SUITS32, leader=2)
    play_out(g)
    assert g.over and g.scores == [0, 0, -16, 0]
    # king: stops the moment the K♥ is taken
    hands = [["KH", "8D", "9D"], ["AC", "9C", "TC"], ["JC", "QC", "KC"], ["7D", "TD", "JD"]]
    g = kr("no-king", hands, leader=1)
    for c in ["AC", "JC", "7D", "KH"]:
        g.act(c)
    assert g.over and g.scores == [0, -16, 0, 0] and sum(g.deals[0]["taken"]) == 1
    assert g.deals[0]["early_end"]  # the record says so: the page tells it from this
    # boys: 4 jacks
    hands = [["JC", "7D"], ["JD", "8D"], ["JH", "9D"], ["JS", "TD"]]
    g = kr("no-boys", hands)
    for c in ["JC", "JD", "JH", "JS"]:
        g.act(c)
    assert g.over and g.scores == [-16, 0, 0, 0]
    # tricks, last-two and everything always play 8 tricks
    for c in ["no-tricks", "no-last-two", "everything"]:
        g = play_out(kr(c, SUITS32, leader=2))
        assert sum(g.deals[0]["taken"]) == 8 and not g.deals[0]["early_end"]


def test_play_all_tricks_option():
    hands = [["JC", "7D"], ["JD", "8D"], ["JH", "9D"], ["JS", "TD"]]
    g = kr("no-boys", hands, options={"play_all_tricks": True})
    for c in ["JC", "JD", "JH", "JS"]:
        g.act(c)
    assert not g.over
    play_out(g)
    assert not g.deals[0]["early_end"]


def test_king_discard_option():
    hands = [["KH", "7D"], ["7C", "8D"], ["8C", "9D"], ["9C", "TD"]]
    g = kr("no-king", hands, leader=1)
    g.act("7C")
    g.act("8C")
    g.act("9C")
    assert g.legal() == ["7D", "KH"]  # default: no obligation
    g = kr("no-king", hands, leader=1, options={"king_discard": True})
    for c in ["7C", "8C", "9C"]:
        g.act(c)
    assert g.legal() == ["KH"]
    with pytest.raises(RulesError, match="needs king_discard"):
        kingweb.new_game("kingru", options={"king_discard_on_heart_lead": True})


def test_king_discard_on_heart_lead_forces_the_king():
    opts = {"king_discard": True, "king_discard_on_heart_lead": True}
    g = kr("king", [["AH", "8H"], ["KH", "7H"], ["9H", "TH"], ["JH", "QH"]], leader=0, options=opts)
    g.act("8H")
    assert g.legal() == ["KH"]
    g = kr("king", [["AH", "8H"], ["KH", "7H"], ["9H", "TH"], ["JH", "QH"]], leader=0, options={"king_discard": True})
    g.act("8H")
    assert g.legal() == ["7H", "KH"]


def test_scale_is_display_only():
    g = kingweb.new_game("kingru", seed=1, options={"scale": 10})
    play_out(g)
    assert g.view(0)["options"]["scale"] == 10 and sum(abs(s) for s in g.scores) < 192 * 4


def test_scenario_deck_is_32_cards():
    with pytest.raises(RulesError, match="not in this game's deck"):
        kr("no-tricks", [["2C"], ["8C"], ["9C"], ["TC"]])


def test_the_view_gives_what_each_item_counts():
    # the banner's price per trick or card: the contract's unit, signed; none for «ералаш»
    hands = [["7C", "7D"], ["8C", "8D"], ["9C", "9D"], ["TC", "TD"]]
    units = {
        c: kr(c, hands).view(0)["deal_unit"] for c in ["no-tricks", "hearts", "no-boys", "girls", "no-last-two", "king"]
    }
    assert units == {"no-tricks": -2, "hearts": 2, "no-boys": -4, "girls": 4, "no-last-two": -8, "king": 16}
    assert kr("boys", hands, options={"boys": "jacks-kings"}).view(0)["deal_unit"] == 2
    assert kr("no-everything", hands).view(0)["deal_unit"] is None
    assert kingweb.new_game("whist", seed=3).view(0)["deal_unit"] is None
    g = kingweb.new_game("kingru", seed=3)
    assert g.view(0)["deal_unit"] == -2 and g.view(0)["deal_total"] == -16  # deal 1: don't take tricks
