"""The public API: names, errors, snapshots."""

import json
import random

import pytest

import kingweb
from kingweb import IllegalAction, RulesError
from kingweb.cards import CODES

from conftest import play_out


def test_games_and_shapes():
    assert kingweb.GAMES == ("king", "kingru", "whist")
    for gid, players, cards in [("king", 4, 13), ("kingru", 4, 8), ("whist", 2, 13)]:
        g = kingweb.new_game(gid, seed=1)
        assert g.players == players and g.deal_no == 0 and not g.over
        assert all(len(g.hand(s)) == cards for s in range(players))
        assert g.scores == [0] * players and g.deals == []
        assert all(isinstance(a, str) for a in g.legal())


def test_same_seed_same_game():
    a, b = kingweb.new_game("king", seed=42), kingweb.new_game("king", seed=42)
    assert a.hand(0) == b.hand(0) and a.turn == b.turn
    assert kingweb.new_game("king", seed=43).hand(0) != a.hand(0)


@pytest.mark.parametrize(
    "call,match",
    [
        (lambda: kingweb.new_game("bridge"), "game 'bridge' is not a game here"),
        (lambda: kingweb.new_game("king", options={"nope": 1}), "option 'nope' is not an option of king"),
        (lambda: kingweb.new_game("king", options={"max_nulls": 9}), "option max_nulls: 9 is not allowed"),
        (lambda: kingweb.new_game("king", options={"play_all_tricks": 1}), "play_all_tricks: 1 is not allowed"),
        (lambda: kingweb.new_game("kingru", options={"boys": "queens"}), 'boys: "queens" is not allowed'),
        (lambda: kingweb.new_game("king", seed=-1), "seed"),
        (lambda: kingweb.new_game("king", options=[1]), "options: expected an object"),
        (lambda: kingweb.scenario("kingru", "no-tricks", [[]] * 3, leader=0), "hands: expected 4 lists"),
        (lambda: kingweb.scenario("king", "tricks", "2C", leader=0), "hands"),
        (lambda: kingweb.scenario("king", "tricks", [["2C"], ["3C"], ["4C"], ["5C"]], leader=7), "leader"),
        (
            lambda: kingweb.scenario("king", "tricks", [["2C"], ["3C"], ["4C"], ["5C"]], seat=1),
            "seat: not a scenario field",
        ),
        (lambda: kingweb.new_game("king").hand(4), "seat: 4 is not a seat"),
    ],
)
def test_rules_errors_name_the_field(call, match):
    with pytest.raises(RulesError, match=match):
        call()


def test_rules_error_and_illegal_action_are_value_errors():
    assert issubclass(RulesError, ValueError) and issubclass(IllegalAction, ValueError)


def test_out_of_turn_and_non_string_and_unknown_actions_change_nothing():
    g = kingweb.new_game("king", seed=2)
    before = g.to_json()
    other = (g.turn + 1) % 4
    with pytest.raises(IllegalAction, match=f"not your turn: seat {g.turn} is to act"):
        g.act(g.legal()[0], seat=other)
    with pytest.raises(IllegalAction, match="is not in your hand"):
        g.act(g.hand(other)[0])
    with pytest.raises(IllegalAction, match="not a card code"):
        g.act("pass")
    with pytest.raises(IllegalAction, match="an action is a string"):
        g.act(7)
    assert g.to_json() == before


@pytest.mark.parametrize("gid", ["king", "kingru", "whist"])
def test_a_card_played_without_a_seat_is_judged_as_with_one(gid):
    """A legal card with no ``seat`` is played past ``Game.act``'s layers (``TrickGame.act``):
    over random matches it changes the game as the same card given with its seat does, and
    any card refused there (another's, one that breaks a rule, one out of its phase, or not
    a plain str) is refused with the same reason, the game unchanged."""
    rng = random.Random(4)
    g, h = kingweb.new_game(gid, seed=9), kingweb.new_game(gid, seed=9)
    while not g.over:
        legal = g.legal()
        for c in rng.sample(CODES, 3):
            if c in legal:
                continue
            before = g.to_json(), g.event_count
            with pytest.raises(IllegalAction) as fast:
                g.act(c)
            with pytest.raises(IllegalAction) as slow:
                h.act(c, seat=h.turn)
            assert str(fast.value) == str(slow.value) and (g.to_json(), g.event_count) == before
        with pytest.raises(IllegalAction, match="an action is a string"):
            g.act([legal[0]])
        action = rng.choice(legal)
        g.act(type("Code", (str,), {})(action) if rng.random() < 0.1 else action)
        h.act(action, seat=h.turn)
        assert g.to_json() == h.to_json()
    assert [g.events_for(a) for a in (None, 0, 1)] == [h.events_for(a) for a in (None, 0, 1)]
    assert [g.view(a) for a in (None, 0, 1)] == [h.view(a) for a in (None, 0, 1)]


def test_game_over_refuses_actions():
    g = play_out(kingweb.new_game("kingru", seed=1))
    assert g.turn is None and g.legal() == []
    with pytest.raises(IllegalAction, match="the game is over"):
        g.act("7C")


@pytest.mark.parametrize("gid", ["king", "kingru", "whist"])
def test_a_game_is_at_play_until_its_match_is_over(gid):
    # one ``phase`` for every game: the fast path of a card reads it, and the view shows it
    g = kingweb.new_game(gid, seed=3)
    phases = set()
    while not g.over:
        phases.add(g.phase)
        assert g.view(None)["phase"] == g.phase
        g.act(random.Random(len(g.actions)).choice(g.legal()))
    assert "play" in phases and "over" not in phases
    assert g.phase == "over" == g.view(0)["phase"] == kingweb.from_json(g.to_json()).phase


def test_json_round_trip_mid_game_and_scenario():
    g = kingweb.new_game("king", seed=8, options={"max_nulls": 4})
    play_out(g, until=lambda g: g.deal_no == 6 and g.contract != "positive")
    h = kingweb.from_json(g.to_json())
    assert h.to_json() == g.to_json() and h.view(1) == g.view(1)
    s = kingweb.scenario("whist", "whist", [["2S"], ["3H"]], dealer=0, stock=["4S", "5D"])
    s.act("3H")
    assert kingweb.from_json(s.to_json()).view(0) == s.view(0)


@pytest.mark.parametrize(
    "text,match",
    [
        ("not json", "not JSON"),
        ("[]", "not a kingweb game"),
        ('{"format": "other"}', "not a kingweb game"),
        ('{"format": "kingweb", "version": 99}', "version 99 is not supported"),
        ('{"format": "kingweb", "version": 1, "game": "king", "options": {}}', "'actions'"),
        ('{"format": "kingweb", "version": 1, "game": "chess", "seed": 1, "options": {}, "actions": []}', "chess"),
        (
            '{"format": "kingweb", "version": 1, "game": "king", "seed": 1, "options": {}, "actions": ["ZZ"]}',
            r"actions\[0\] 'ZZ' cannot be replayed",
        ),
    ],
)
def test_corrupt_snapshots_are_refused(text, match):
    with pytest.raises(RulesError, match=match):
        kingweb.from_json(text)


def test_view_is_json_safe_and_has_the_essentials():
    g = kingweb.new_game("king", seed=3)
    v = g.view(g.turn)
    assert json.loads(json.dumps(v)) == v
    for key in ("game", "seat", "turn", "hand", "legal", "trick", "tricks", "scores", "contract", "phase"):
        assert key in v
    assert v["legal"] == g.legal() and g.view((g.turn + 1) % 4)["legal"] == []
