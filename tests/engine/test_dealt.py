"""A match dealt from given cards (``TrickGame.from_preset``, what an imported record
replays): the same rules as a seeded match, its snapshot carrying the cards, and every
wrong preset refused with the field named."""

import json
import random

import pytest

import kingweb
from kingweb import RulesError
from kingweb.king import King
from kingweb.kingru import KingRu
from kingweb.whist import Whist

from conftest import play_out


def preset_of(g):
    """The preset that deals ``g``'s finished deals again."""
    first = {"king": lambda: g.kh_receiver, "kingru": lambda: g.first_leader}.get(g.id)
    first_seat = first() if first else g.deals[0]["dealer"]
    deals = [{"hands": d["hands"], **({"stock": d["stock"]} if g.id == "whist" else {})} for d in g.deals]
    return {"first": first_seat, "deals": deals}


@pytest.mark.parametrize(
    "cls,options", [(King, {}), (King, {"king_chooses_dealer": True}), (KingRu, {}), (Whist, {"target": 4})]
)
def test_a_preset_match_replays_a_seeded_match_exactly(cls, options):
    g = play_out(kingweb.new_game(cls.id, seed=11, options=options), random.Random(3))
    p = cls.from_preset(preset_of(g), seed=999, options=options)  # another seed: the cards come from the preset
    for a in g.actions:
        p.act(a)
    assert p.over and p.deals == g.deals and p.scores == g.scores
    again = kingweb.from_json(p.to_json())
    assert json.loads(again.to_json())["preset"] == preset_of(g) and again.deals == g.deals


def test_deals_after_the_preset_come_from_the_seed():
    g = play_out(kingweb.new_game("kingru", seed=5), random.Random(1), until=lambda g: len(g.deals) == 1)

    def second_deal(seed):
        p = KingRu.from_preset(preset_of(g), seed=seed)
        for a in g.actions:
            p.act(a)
        assert p.deal_no == 1 and p.deals == g.deals
        return [p.hand(s) for s in range(4)]

    assert second_deal(5) == second_deal(5) != second_deal(6)


HANDS = [[r + s for r in "23456789TJQKA"] for s in "CDHS"]


@pytest.mark.parametrize(
    "preset,field",
    [
        ([], "preset"),
        ({"first": 4, "deals": []}, "preset.first"),
        ({"first": 0, "deals": {}}, "preset.deals"),
        ({"first": 0, "deals": [{"hands": HANDS, "x": 1}]}, "preset.deals[0]"),
        ({"first": 0, "deals": [{"hands": HANDS[:3]}]}, "hands"),
        ({"first": 0, "deals": [{"hands": [HANDS[0], HANDS[0], HANDS[2], HANDS[3]]}]}, "hands[1]"),
        ({"first": 0, "deals": [{"hands": [HANDS[0][:12], *HANDS[1:]]}]}, "preset.deals[0].hands[0]"),
    ],
)
def test_a_wrong_preset_is_refused_naming_the_field(preset, field):
    with pytest.raises(RulesError) as e:
        King.from_preset(preset)
    assert e.value.code in ("bad-cards", "bad-seat") and e.value.params["field"] == field


def test_a_whist_preset_needs_the_whole_stock_in_order():
    deck = kingweb.cards.codes_of(kingweb.cards.FULL_DECK)
    hands, stock = [deck[:13], deck[13:26]], deck[26:]
    g = Whist.from_preset({"first": 1, "deals": [{"hands": hands, "stock": stock}]})
    assert g.trump == kingweb.cards.SUITS.index(stock[0][1]) and g.view(0)["faceup"] == stock[0]
    for bad in (stock[:-1], [*stock[:-1], deck[0]]):
        with pytest.raises(RulesError) as e:
            Whist.from_preset({"first": 1, "deals": [{"hands": hands, "stock": bad}]})
        assert e.value.params["field"] == "preset.deals[0].stock"


def test_a_snapshot_with_a_wrong_preset_is_a_bad_snapshot():
    text = json.dumps(
        {"format": "kingweb", "version": 1, "game": "king", "seed": 1, "options": {}, "actions": [], "preset": []}
    )
    with pytest.raises(RulesError) as e:
        kingweb.from_json(text)
    assert (e.value.code, e.value.params) == ("bad-snapshot", {"field": "preset"})
