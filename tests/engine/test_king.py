"""King (RULES.md §1): one test per rule."""

import random

import pytest

import kingweb
from kingweb import IllegalAction, RulesError
from kingweb.king import NEGATIVE_ORDER, TOTALS, settle

from conftest import play_out

# Four hands sorted so each seat holds one suit: seat 0 clubs, 1 diamonds, 2 hearts, 3 spades.
SUIT_HANDS = [[r + s for r in "23456789TJQKA"] for s in "CDHS"]


def k(contract, hands, leader=0, **kw):
    return kingweb.scenario("king", contract, hands, leader=leader, **kw)


# -- first dealer, deal order, lead ---------------------------------------------------


def expected_kh_receiver(seed):
    r = random.Random(seed)
    deck = list(range(52))
    r.shuffle(deck)
    start = r.randrange(4)
    return (start + deck.index(kingweb.cards.KH)) % 4


@pytest.mark.parametrize("seed", range(8))
def test_first_dealer_is_the_receiver_of_the_king_of_hearts_and_deal_passes_left(seed):
    g = kingweb.new_game("king", seed=seed)
    first = expected_kh_receiver(seed)
    assert g.dealer == first
    dealers = []
    rng = random.Random(seed)
    while not g.over:
        if not dealers or dealers[-1][0] != g.deal_no:
            dealers.append((g.deal_no, g.dealer))
        g.act(rng.choice(g.legal()))
    assert [d for _, d in dealers] == [(first + i) % 4 for i in range(10)]


def test_king_chooses_dealer_option():
    g = kingweb.new_game("king", seed=3, options={"king_chooses_dealer": True})
    assert g.turn == expected_kh_receiver(3)
    assert g.legal() == ["dealer:0", "dealer:1", "dealer:2", "dealer:3"]
    g.act("dealer:2")
    assert g.dealer == 2 and g.contract == "tricks" and g.turn == 2


def test_dealer_leads_and_left_of_dealer_option():
    g = kingweb.new_game("king", seed=5)
    assert g.turn == g.dealer
    g2 = kingweb.new_game("king", seed=5, options={"first_lead": "left_of_dealer"})
    assert g2.turn == (g2.dealer + 1) % 4


def test_negatives_come_in_order_then_positives():
    g = kingweb.new_game("king", seed=1)
    seen = []
    rng = random.Random(1)
    while not g.over:
        if g.contract not in seen:
            seen.append(g.contract)
        if g.contract == "positive":
            break
        g.act(rng.choice(g.legal()))
    assert seen == [*NEGATIVE_ORDER, "positive"]


# -- follow suit and trick winner ---------------------------------------------------------


def test_must_follow_suit_and_message():
    hands = [["2C", "3D"], ["4C", "5D"], ["6C", "7D"], ["8C", "9D"]]
    g = k("tricks", hands, leader=0)
    g.act("2C")
    before = g.to_json()
    with pytest.raises(IllegalAction, match="must follow suit: clubs"):
        g.act("5D")
    assert g.to_json() == before


def test_void_player_may_discard_and_highest_of_led_suit_wins():
    hands = [["2C", "3D"], ["4D", "5D"], ["6C", "7D"], ["AS", "9D"]]
    g = k("tricks", hands)
    for c in ["2C", "5D", "6C", "AS"]:
        g.act(c)
    assert g.view(0)["tricks"][0]["winner"] == 2  # 6C beats 2C; off-suit cards never win


# -- the six negatives ------------------------------------------------------------------------


def test_tricks_costs_20_per_trick():
    g = k("tricks", SUIT_HANDS, leader=3)  # spades: seat 3 wins every trick it leads
    play_out(g)
    assert g.scores == [0, 0, 0, -260]


def test_hearts_costs_20_per_heart_and_ends_when_all_hearts_are_taken():
    # seat 2 holds all 13 hearts and may lead them (nothing else held)
    g = k("hearts", SUIT_HANDS, leader=2)
    assert all(c.endswith("H") for c in g.legal()[:-1]) and g.legal()[-1] == "claim:all"  # (they all take)
    play_out(g)
    assert g.scores == [0, 0, -260, 0] and len(g.deals[0]) and g.deals[0]["taken"] == [0, 0, 13, 0]


def test_hearts_lead_ban():
    hands = [["2H", "3C"], ["4C", "5D"], ["6C", "7D"], ["8C", "9D"]]
    g = k("hearts", hands)
    assert g.legal() == ["3C"]
    with pytest.raises(IllegalAction, match="cannot lead hearts while holding other suits"):
        g.act("2H")


def test_no_hearts_broken_rule():
    # a heart discarded earlier does not open heart leads
    hands = [["2C", "3H", "4S"], ["5C", "6H", "7S"], ["8D", "9H", "TS"], ["JC", "QH", "KS"]]
    g = k("hearts", hands)
    for c in ["2C", "5C", "9H", "JC"]:  # seat 2 is void in clubs and discards a heart
        g.act(c)
    assert g.turn == 3 and g.legal() == ["KS", "claim:all"]  # (the K♠ and Q♥ must take the rest)


def test_queens_and_jacks_kings_scores():
    hands = [["QC", "2D"], ["KC", "3D"], ["JC", "4D"], ["AC", "5D"]]
    g = k("queens", hands)
    for c in ["QC", "KC", "JC", "AC"]:
        g.act(c)
    assert g.deals[0]["points"] == [0, 0, 0, -50]
    g = k("jacks-kings", [["QC", "2D"], ["KC", "3D"], ["JC", "4D"], ["AC", "5D"]])
    for c in ["QC", "KC", "JC", "AC", "2D", "3D", "4D", "5D"]:
        if not g.over:
            g.act(c)
    assert g.deals[0]["points"] == [0, 0, 0, -60]


def test_early_end_of_queens_when_all_queens_are_taken():
    g = kingweb.new_game("king", seed=11)
    rng = random.Random(2)
    while g.contract != "queens":
        g.act(rng.choice(g.legal()))
    deal = g.deal_no
    while g.deal_no == deal:
        g.act(rng.choice(g.legal()))
    d = g.deals[-1]
    assert d["contract"] == "queens" and sum(d["points"]) == -200
    # the deal stopped at the trick that took the last queen, and its record says so
    queens_out = [i for i, t in enumerate(d["tricks"]) if any(c[0] == "Q" for c in t["cards"])][-1]
    assert len(d["tricks"]) == queens_out + 1
    assert d["early_end"] == (len(d["tricks"]) < 13)
    assert not g.deals[0]["early_end"]  # tricks: always all 13


def test_play_all_tricks_option_plays_13_tricks():
    for seed in range(5):
        g = kingweb.new_game("king", seed=seed, options={"play_all_tricks": True})
        play_out(g, random.Random(seed))
        assert all(sum(d["taken"]) == 13 for d in g.deals if d["contract"] != "4333")
        assert not any(d["early_end"] for d in g.deals)


def test_king_of_hearts_obligations():
    # (b) void in the suit led: the K♥ must go
    hands = [["KH", "2H", "3D"], ["4C", "5C", "6C"], ["7C", "8C", "9C"], ["TC", "JC", "QC"]]
    g = k("king-of-hearts", hands, leader=1)
    g.act("4C")
    g.act("7C")
    g.act("TC")
    assert g.turn == 0 and g.legal() == ["KH"]
    with pytest.raises(IllegalAction, match="K♥ must be played: you have no clubs"):
        g.act("3D")
    g.act("KH")
    assert g.over and g.scores == [0, 0, 0, -160]  # early end when the K♥ is taken
    # (a) hearts led: the K♥ must go even when holding other hearts
    g = k("king-of-hearts", [["2H", "3H"], ["AH", "4H"], ["KH", "5H"], ["5C", "6C"]], leader=0)
    g.act("2H")  # seat 0 holds only hearts: may lead one
    g.act("AH")
    with pytest.raises(IllegalAction, match="K♥ must be played when hearts are led"):
        g.act("5H")
    assert g.legal() == ["KH"]
    g = k(
        "king-of-hearts",
        [["2H", "3H"], ["AH", "4H"], ["KH", "5H"], ["5C", "6C"]],
        leader=0,
        options={"king_forced_on_heart_lead": False},
    )
    g.act("2H")
    g.act("AH")
    assert g.legal() == ["5H", "KH"]
    # (c) on lead holding only hearts: lead the K♥
    g = k("king-of-hearts", [["KH", "3H"], ["AH", "4H"], ["2H", "5H"], ["5C", "6C"]], leader=0)
    assert g.legal() == ["KH"]
    with pytest.raises(IllegalAction, match="only hearts"):
        g.act("3H")


def test_last_two_costs_90_for_each_of_the_last_two_tricks():
    g = k("last-two", SUIT_HANDS, leader=1)
    play_out(g)
    assert g.scores == [0, -180, 0, 0] and g.deals[0]["taken"] == [0, 13, 0, 0]


@pytest.mark.parametrize("seed", range(6))
def test_negatives_total_minus_1300_and_each_deal_its_table_total(seed):
    g = play_out(kingweb.new_game("king", seed=seed), random.Random(seed))
    for d in g.deals[:6]:
        assert sum(d["points"]) == TOTALS[d["contract"]]
    assert sum(sum(d["points"]) for d in g.deals[:6]) == -1300
    assert sum(sum(d["points"]) for d in g.deals[6:]) == 1300
    assert sum(g.scores) == 0


# -- positives ----------------------------------------------------------------------------------


def positive(owner=0, **kw):
    return kingweb.scenario("king", "positive", SUIT_HANDS, dealer=owner, **kw)


def test_owner_chooses_and_plays_up_with_trump():
    g = positive(0)
    assert g.turn == 0 and g.contract == "positive"
    assert g.legal() == ["up:C", "up:D", "up:H", "up:S", "up:NT", "down", "auction"]
    g.act("up:C")
    assert g.contract == "up:C" and g.turn == 0  # the dealer leads
    play_out(g)
    assert g.scores == [325, 0, 0, 0]


def test_trump_beats_the_suit_led_and_may_be_led():
    hands = [["2S", "3D"], ["AC", "4D"], ["KC", "5D"], ["QC", "6D"]]
    g = k("up:S", hands, leader=1)
    g.act("AC")
    g.act("KC")
    g.act("QC")
    g.act("2S")  # seat 0 is void in clubs and trumps
    assert g.view(0)["tricks"][0]["winner"] == 0
    hands = [["2S", "3D"], ["AS", "4D"], ["KC", "5D"], ["QC", "6D"]]
    assert k("up:S", hands, leader=0).legal() == ["3D", "2S"]  # trumps lead at any time


def test_down_scores_325_minus_75_per_trick():
    g = positive(0)
    g.act("down")
    play_out(g)
    assert g.scores == [325 - 75 * 13, 325, 325, 325]
    assert sum(g.scores) == 325


def test_a_down_deal_under_way_shows_what_its_tricks_cost():
    # not +325 a seat at 0 tricks (1300 in all, where the deal hands out 325): the stake is
    # scored with the deal; so far each trick taken has cost 75
    g = positive(0)
    assert g.view(1)["deal_unit"] is None  # nothing chosen yet
    g.act("down")
    assert g.view(1)["deal_points"] == [0, 0, 0, 0] and g.view(1)["deal_unit"] == -75
    decision = [e for e in g.events_for(1) if e["type"] == "decision"][-1]
    assert decision["then"]["deal_unit"] == -75 and decision["then"]["deal_points"] == [0, 0, 0, 0]
    seen = []
    while not g.over:
        g.act(g.legal()[0])
        if not g.over:
            v = g.view(1)
            assert v["deal_points"] == [-75 * t for t in v["taken"]]
            seen.append(sum(v["taken"]))
    assert max(seen) == 12 and g.deals[-1]["points"] == [325 - 75 * 13, 325, 325, 325]
    # what a trick's event tells the page is the same figure
    trick = next(e for e in g.events_for(1) if e["type"] == "trick")
    assert trick["deal_points"] == [-75 * t for t in trick["taken"]]


def test_the_view_plans_the_whole_match():
    # the score sheet lists the deals to come: their contracts, and whose positive each is
    g = kingweb.new_game("king", seed=5)
    v = g.view(0)
    assert v["order"] == [*NEGATIVE_ORDER, "positive", "positive", "positive", "positive"]
    assert v["owners"] == [None] * 6 + [(g.dealer + k) % 4 for k in range(6, 10)]
    play_out(g, random.Random(1), until=lambda x: x.deal_no == 7)
    assert g.view(2)["owners"][7] == g.dealer == (g.deals[-1]["owner"] + 1) % 4
    # a first dealer still to be named: no owner is known yet
    g = kingweb.new_game("king", seed=5, options={"king_chooses_dealer": True})
    assert g.view(0)["owners"] == [None] * 10
    g.act("dealer:2")
    assert g.view(0)["owners"][6:] == [(2 + k) % 4 for k in range(6, 10)]


def test_auction_preference_worked_example_5():
    g = positive(0)  # A = 0, B = 1, C = 2, D = 3
    g.act("auction")
    for seat, a in [(1, "offer:up:2"), (2, "offer:up:3")]:
        g.act(a, seat=seat)
    with pytest.raises(IllegalAction, match="same terms: 3 up"):
        g.act("offer:null:1")
    for seat, a in [
        (3, "offer:up:4"),
        (1, "offer:up:4"),
        (2, "offer:up:5"),
        (3, "pass"),
        (1, "offer:up:5"),
        (2, "offer:up:6"),
        (1, "pass"),
    ]:
        g.act(a, seat=seat)
    v = g.view(0)
    assert v["phase"] == "decide" and v["auction"]["holder"] == 2 and v["auction"]["standing"] == "offer:up:6"
    assert g.turn == 0


def test_auction_a_later_speaker_may_not_match():
    g = positive(0)
    g.act("auction")
    g.act("offer:up:2")
    g.act("offer:up:3")
    g.act("offer:up:4")  # seat 3
    g.act("pass")  # seat 1
    with pytest.raises(IllegalAction, match="must be worth more than 4 up"):
        g.act("offer:up:3")
    g.act("offer:up:5")  # seat 2
    with pytest.raises(IllegalAction, match="only a player who speaks before seat 2 may match 5 up"):
        g.act("offer:up:5")  # seat 3 speaks after seat 2


def test_offer_ceiling_and_max_nulls_option():
    g = positive(0)
    g.act("auction")
    assert "offer:up:8" in g.legal() and "offer:up:9" not in g.legal()
    assert "offer:null:2" in g.legal() and "offer:null:3" not in g.legal()
    with pytest.raises(IllegalAction, match="offer:null:1 … offer:null:2"):
        g.act("offer:null:3")
    g = positive(0, options={"max_nulls": 4})
    g.act("auction")
    assert "offer:null:4" in g.legal()


@pytest.mark.parametrize(
    "action, terms",
    [
        ("offer:up:8", ("up", 8, 200)),
        ("offer:null:4", ("null", 4, 300)),
        ("offer:up:9", ("up", 9, 225)),  # (read, then refused by the auction as too high)
        ("offer:null:5", ("null", 5, 375)),
        ("offer:up:03", None),
        ("offer:up:٣", None),
        ("offer:down:1", None),
        ("offer:up:1:", None),
        ("pass", None),
    ],
)
def test_offer_terms_of_the_offers_kept_and_of_any_other_action(action, terms):
    """``offer_terms`` looks the offers that can be made up and reads any other action: the
    same terms either way."""
    assert kingweb.king.offer_terms(action) == terms


def test_all_pass_with_no_offer_leaves_reject_or_4333():
    g = positive(2)
    g.act("auction")
    for _ in range(3):
        g.act("pass")
    assert g.turn == 2 and g.legal() == ["reject", "4333"]
    with pytest.raises(IllegalAction, match="no offer to accept"):
        g.act("accept")
    g.act("4333")
    assert g.scores == [75, 75, 100, 75] and g.contract == "4333" and g.over


def test_4333_only_up_to_75_and_ultimatum_only_below_200():
    g = positive(0)
    g.act("auction")
    g.act("offer:up:4")
    g.act("pass")
    g.act("pass")
    assert g.legal() == ["accept", "reject", "ultimatum"]
    with pytest.raises(IllegalAction, match="at most 75"):
        g.act("4333")
    g = positive(0)
    g.act("auction")
    g.act("offer:null:1")
    g.act("pass")
    g.act("pass")
    assert "4333" in g.legal()
    g = positive(0)
    g.act("auction")
    g.act("offer:up:8")
    g.act("pass")
    g.act("pass")
    assert g.legal() == ["accept", "reject"]


def test_ultimatum_first_to_give_8_up_buys():
    g = positive(0)
    g.act("auction")
    g.act("offer:up:3")
    g.act("pass")
    g.act("pass")
    g.act("ultimatum")
    assert g.turn == 1 and g.legal() == ["offer:up:8", "pass"]
    g.act("pass")
    g.act("offer:up:8")
    assert g.turn == 2 and g.view(2)["buyer"] == 2
    assert "down" not in g.legal()
    g.act("up:H")
    assert g.contract == "up:H"
    play_out(g)  # seat 2 holds all hearts: 13 tricks = 325, pays 200
    assert g.scores == [200, 0, 125, 0]


def test_ultimatum_refused_by_all_owner_plays_down():
    g = positive(0)
    g.act("auction")
    g.act("offer:up:1")
    for _ in range(2):
        g.act("pass")
    g.act("ultimatum")
    for _ in range(3):
        g.act("pass")
    assert g.contract == "down" and g.turn == 0


def test_bought_nulls_play_down_and_dealer_still_leads():
    g = positive(0)
    g.act("auction")
    g.act("offer:null:2")
    g.act("pass")
    g.act("pass")
    g.act("accept")
    assert g.contract == "down" and g.turn == 0
    g = positive(0, options={"buyer_leads": True})
    g.act("auction")
    g.act("offer:null:2")
    g.act("pass")
    g.act("pass")
    g.act("accept")
    assert g.turn == 1


def test_reject_lets_owner_choose_up_or_down():
    g = positive(0)
    g.act("auction")
    g.act("offer:up:2")
    g.act("pass")
    g.act("pass")
    g.act("reject")
    assert g.turn == 0 and "down" in g.legal() and "up:NT" in g.legal()
    g.act("up:C")
    play_out(g)
    assert g.scores == [325, 0, 0, 0] and g.deals[0]["buyer"] is None


@pytest.mark.parametrize(
    "raw,value,expect,pay",
    [
        ([50, 150, 75, 50], 125, [175, 25, 75, 50], 125),  # example 1: 5 up, B makes 6
        ([75, 100, 75, 75], 150, [175, 0, 75, 75], 100),  # example 2: 6 up, B makes 4
        ([25, 250, -50, 100], 150, [175, 100, -50, 100], 150),  # example 3: 2 nulls
        ([250, -50, 100, 25], 75, [250, -50, 100, 25], 0),  # example 4: 1 null, B makes −50
    ],
)
def test_capped_payment_worked_examples(raw, value, expect, pay):
    points, p = settle(raw, 0, 1, value)
    assert (points, p) == (expect, pay) and sum(points) == 325


def test_uncapped_payment_option():
    points, pay = settle([250, -50, 100, 25], 0, 1, 75, uncapped=True)
    assert pay == 75 and points == [325, -125, 100, 25]


def test_bought_deal_pays_the_owner_in_play():
    g = positive(0)
    g.act("auction")
    g.act("pass")
    g.act("offer:up:5")  # seat 2 holds all the hearts
    g.act("pass")
    g.act("accept")
    g.act("up:H")
    play_out(g)
    assert g.deals[0]["raw"] == [0, 0, 325, 0]
    assert g.deals[0]["payment"] == 125 and g.scores == [125, 0, 200, 0]


@pytest.mark.parametrize("seed", range(10))
def test_every_positive_totals_325_and_the_match_zero(seed):
    g = play_out(kingweb.new_game("king", seed=seed), random.Random(100 + seed))
    assert len(g.deals) == 10
    owners = [d["owner"] for d in g.deals[6:]]
    assert sorted(owners) == [0, 1, 2, 3]
    for d in g.deals[6:]:
        assert sum(d["points"]) == 325
        if d.get("buyer") is not None:
            assert settle(d["raw"], d["owner"], d["buyer"], kingweb.king.offer_terms(d["bought"])[2])[0] == d["points"]
    assert sum(g.scores) == 0


def test_scenario_refuses_bad_contract_and_hands():
    with pytest.raises(RulesError, match="not a King contract"):
        kingweb.scenario("king", "spades", SUIT_HANDS, leader=0)
    with pytest.raises(RulesError, match="duplicate card 2C"):
        k("tricks", [["2C", "2C"], ["3C", "4C"], ["5C", "6C"], ["7C", "8C"]])
    with pytest.raises(RulesError, match="expected 2 cards, got 1"):
        k("tricks", [["2C", "3C"], ["4C"], ["5C", "6C"], ["7C", "8C"]])
    with pytest.raises(RulesError, match="unknown card 'XX'"):
        k("tricks", [["2C", "XX"], ["3C", "4C"], ["5C", "6C"], ["7C", "8C"]])
    with pytest.raises(RulesError, match="is also in another hand"):
        k("tricks", [["2C", "3C"], ["3C", "4C"], ["5C", "6C"], ["7C", "8C"]])
