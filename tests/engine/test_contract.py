"""The exception contract (issue 10): every public entry point refuses bad input with
IllegalAction or RulesError, names the problem, and changes nothing; the session's
``handle`` never raises and a failed request leaves the session as it was."""

import json
import math
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kingweb
from kingweb import IllegalAction, RulesError
from kingweb.bots.hints import HINT_REASONS
from kingweb.cards import CODES
from kingweb.errors import ERRORS, REFUSALS
from kingweb.session import Session, handle

from conftest import ODD_ACTIONS, play_out

SUIT_HANDS = [[r + s for r in "23456789TJQKA"] for s in "CDHS"]
# KINGWEB_FUZZ=5000 runs a long hunt; the suite's default keeps each fuzzer to seconds
RUNS = int(os.environ.get("KINGWEB_FUZZ", "120"))
FAST = settings(max_examples=RUNS, deadline=None, suppress_health_check=list(HealthCheck))


def deep(n):
    return "[" * n + "]" * n


# -- the bullets of issue 10, one by one ---------------------------------------------------------


def auction_game():
    g = kingweb.scenario("king", "positive", SUIT_HANDS, dealer=0)
    g.act("auction")
    return g


@pytest.mark.parametrize(
    "action", ["offer:up:²", "offer:up:٣", "offer:up:03", "offer:up:+3", "offer:up: 3", "offer:up:3.0", "offer:null:١"]
)
def test_offers_take_only_plain_ascii_numbers(action):
    g = auction_game()
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.act(action)
    assert e.value.code == "offer-format" and "offer:up:1 … offer:up:8" in str(e.value)
    assert g.to_json() == before


@pytest.mark.parametrize("seat", [True, False, 1.0, 2.0, "1", [1], -1, 4, None])
def test_a_bool_or_float_is_not_a_seat(seat):
    g = kingweb.new_game("king", seed=1)
    before = g.to_json()
    if seat is None:
        g.act(g.legal()[0], seat=None)  # no seat given: the seat to act
        return
    with pytest.raises(IllegalAction) as e:
        g.act(g.legal()[0], seat=seat)
    assert e.value.code == "not-your-turn" and e.value.params == {"seat": g.turn}
    assert g.to_json() == before
    for bad in (True, 1.0, "0"):
        with pytest.raises(RulesError) as r:
            g.view(bad)
        assert r.value.code == "bad-seat"
        with pytest.raises(RulesError):
            g.hand(bad)


def snapshot(**change):
    g = kingweb.new_game("king", seed=3)
    g.act(g.legal()[0])
    data = json.loads(g.to_json())
    data.update(change)
    return json.dumps(data)


@pytest.mark.parametrize(
    "text,field",
    [
        (deep(3000), None),
        ('{"format": "kingweb", "x": ' + deep(5000) + "}", None),
        (snapshot(seed=None), "seed"),
        (snapshot(seed=1.0), "seed"),
        (snapshot(seed=True), "seed"),
        (snapshot(version=True), "version"),
        (snapshot(version=1.0), "version"),
        (snapshot(version="1"), "version"),
        (snapshot(scenario={"contract": "tricks", "hands": [], "options": {}}), "scenario"),
        (snapshot(scenario={"contract": ["tricks"], "hands": SUIT_HANDS, "leader": 0}), None),
        (snapshot(scenario={"contract": "positive", "hands": SUIT_HANDS, "dealer": 99}), "dealer"),
        (snapshot(scenario={"contract": "positive", "hands": SUIT_HANDS, "dealer": "x"}), "dealer"),
        (snapshot(extra=1), "extra"),
        (snapshot(actions=[deep(20)]), "actions[0]"),
    ],
)
def test_from_json_refuses_corrupt_snapshots(text, field):
    with pytest.raises(RulesError) as e:
        kingweb.from_json(text)
    assert e.value.code in ERRORS and str(e.value)
    if field is not None:
        assert e.value.params.get("field") == field


@pytest.mark.parametrize(
    "kw,field",
    [
        (
            {"game": "king", "contract": "hearts", "hands": [["2C"], ["3C"], ["4C"], ["5C"]], "leader": 0, "trick": 5},
            "trick",
        ),
        (
            {
                "game": "king",
                "contract": "hearts",
                "hands": [["2C"], ["3C"], ["4C"], ["5C"]],
                "leader": 0,
                "trick": "2D",
            },
            "trick",
        ),
        ({"game": "king", "contract": "positive", "hands": SUIT_HANDS, "dealer": 99}, "dealer"),
        ({"game": "king", "contract": "positive", "hands": SUIT_HANDS, "dealer": "x"}, "dealer"),
        ({"game": "king", "contract": "positive", "hands": SUIT_HANDS, "dealer": True}, "dealer"),
        (
            {"game": "king", "contract": "up:S", "hands": [["2C"], ["3C"], ["4C"], ["5C"]], "leader": 0, "dealer": 7},
            "dealer",
        ),
        (
            {"game": "king", "contract": "hearts", "hands": [["2C"], ["3C"], ["4C"], ["5C"]], "leader": 0, "dealer": 1},
            "dealer",
        ),
        ({"game": "king", "contract": "positive", "hands": SUIT_HANDS, "dealer": 0, "leader": 1}, "leader"),
        ({"game": "whist", "contract": "whist", "hands": [["2C"], ["3C"]], "dealer": 0, "trump": ""}, "trump"),
        ({"game": "whist", "contract": "whist", "hands": [["2C"], ["3C"]], "dealer": 0, "trump": "CDHS"}, "trump"),
        ({"game": "whist", "contract": "whist", "hands": [["2C"], ["3C"]], "dealer": 0, "trump": "CD"}, "trump"),
        ({"game": "whist", "contract": "whist", "hands": [["2C"], ["3C"]], "dealer": 1.0, "trump": "S"}, "dealer"),
        ({"game": "whist", "contract": "whist", "hands": [["2C"], ["3C"]], "dealer": 0, "stock": "4C5C"}, "stock"),
        ({"game": "kingru", "contract": ["no-tricks"], "hands": [["7C"], ["8C"], ["9C"], ["TC"]], "leader": 0}, None),
        ({"game": ["king"], "contract": "tricks", "hands": [["2C"], ["3C"], ["4C"], ["5C"]], "leader": 0}, None),
    ],
)
def test_scenario_args_are_validated(kw, field):
    with pytest.raises(RulesError) as e:
        kingweb.scenario(kw.pop("game"), kw.pop("contract"), kw.pop("hands"), **kw)
    assert e.value.code in ERRORS
    if field is not None:
        assert e.value.params.get("field") == field


def session_print(s):
    t = s.table
    return (
        None if t is None else t.game.to_json(),
        None if t is None else (t.level, t.budget, t.lesson, json.dumps(t.seats), list(t.undo_marks)),
        s.match,
        list(s.here),
        list(s.away),
        s.told,
        id(t),
        None if t is None else id(t.game),
        None if t is None else dict(t._bots),
    )


def test_a_refusal_outside_a_move_is_answered_as_one():
    """A hint asked for a bot's seat is refused by the table, not a malformed request:
    Hypothesis once found it answered as a RulesError whose code is no error's."""
    s = Session()
    s.start("king", seed=2, budget=0.05)
    before = session_print(s)
    r = json.loads(s.handle(json.dumps({"cmd": "hint", "args": {"seat": 1}})))
    assert (r["ok"], r["kind"], r["code"], r["params"]) == (False, "IllegalAction", "bot-seat", {"seat": 1})
    assert r["code"] in REFUSALS and r["error"] == "a bot plays seat 1 now"
    assert session_print(s) == before


@pytest.mark.parametrize(
    "request_",
    [
        None,
        [],
        5,
        "x",
        "null",
        "[]",
        "5",
        '"x"',
        deep(3000),
        b"{}",
        '{"cmd": "act"}',
        '{"cmd": "act", "args": []}',
        '{"cmd": "act", "args": 5}',
        '{"cmd": "start", "args": {"game": "king", "seat": true}}',
        '{"cmd": "start", "args": {"game": "king", "budget": "x"}}',
        '{"cmd": "start", "args": {"game": "king", "budget": 0}}',
        '{"cmd": "start", "args": {"game": "king", "level": ["hard"]}}',
        '{"cmd": "start", "args": {"game": "king", "wat": 1}}',
        '{"cmd": "start", "args": {"game": "king", "options": 0}}',
        '{"cmd": "load", "args": {"save": {"format": "kingweb-save"}}}',
        '{"cmd": "load", "args": {"save": "' + "[" * 3000 + '"}}',
        '{"cmd": "lesson", "args": {"id": ["king/duck"]}}',
        '{"cmd": ["act"]}',
        '{"cmd": "act", "args": {"action": "QS"}, "x": 1}',
    ],
)
def test_handle_never_raises_and_changes_nothing_on_error(request_):
    s = Session()
    s.start("king", seed=5, seat=0, budget=0.05)
    s.act(s.table.game.legal()[0]) if s.table.game.turn == 0 else s.step()
    before = session_print(s)
    r = json.loads(s.handle(request_))
    assert r["ok"] is False and r["kind"] == "RulesError" and r["code"] in ERRORS and r["error"]
    assert session_print(s) == before


def test_start_with_a_bad_seat_keeps_the_session_working():
    r = json.loads(handle(json.dumps({"cmd": "start", "args": {"game": "king", "seed": 1, "seat": True}})))
    assert r["code"] == "bad-seat"
    r = json.loads(handle(json.dumps({"cmd": "start", "args": {"game": "king", "seed": 1, "seat": 2}})))
    assert r["ok"] and list(r["result"]["states"]) == ["2"] and r["result"]["states"]["2"]["seat"] == 2
    assert json.loads(handle('{"cmd": "sync"}'))["ok"]


# -- fuzzing: act ---------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)
actions = st.one_of(
    st.sampled_from(CODES),
    json_values,
    st.sampled_from(ODD_ACTIONS),
)
seats = st.one_of(st.none(), st.integers(-2, 5), st.booleans(), st.floats(0, 4), st.text(max_size=2))
games = st.sampled_from(
    [
        ("king", {}),
        ("king", {"king_chooses_dealer": True}),
        ("kingru", {}),
        ("kingru", {"king_discard": True}),
        ("whist", {"target": 2}),
    ]
)


@FAST
@given(games, st.integers(0, 10**6), st.integers(0, 300), actions, seats)
def test_fuzz_act_refuses_with_a_code_and_changes_nothing(game, seed, steps, action, seat):
    gid, options = game
    g = kingweb.new_game(gid, seed=seed, options=options)
    play_out(g, random.Random(seed), until=lambda g: len(g.actions) >= steps)
    before = (g.to_json(), [g.view(s) for s in range(g.players)])
    legal, turn = g.legal(), g.turn
    try:
        g.act(action, seat=seat)
    except IllegalAction as e:
        assert e.code in REFUSALS and str(e)
        json.dumps(e.params)
        assert (g.to_json(), [g.view(s) for s in range(g.players)]) == before
    else:  # taken only when legal, for the seat to act
        assert isinstance(action, str) and action in legal
        assert seat is None or (type(seat) is int and seat == turn)


# -- fuzzing: from_json ---------------------------------------------------------------------------


def _base_snapshots():
    out = []
    for gid, n in (("king", 70), ("kingru", 20), ("whist", 30)):
        g = kingweb.new_game(gid, seed=11)
        rng = random.Random(1)
        for _ in range(n):
            g.act(rng.choice(g.legal()))
        out.append(json.loads(g.to_json()))
    s = kingweb.scenario("whist", "whist", [["2S"], ["3H"]], dealer=0, stock=["4S", "5D"])
    out.append(json.loads(s.to_json()))
    s = kingweb.scenario("king", "positive", SUIT_HANDS, dealer=2)
    out.append(json.loads(s.to_json()))
    return out


BASES = _base_snapshots()
FIELDS = ["format", "version", "game", "seed", "options", "scenario", "actions", "extra"]


@st.composite
def snapshots(draw):
    data = json.loads(json.dumps(draw(st.sampled_from(BASES))))
    for _ in range(draw(st.integers(0, 3))):
        how = draw(st.sampled_from(["set", "del", "inner", "action"]))
        key = draw(st.sampled_from(FIELDS))
        if how == "set":
            data[key] = draw(json_values)
        elif how == "del":
            data.pop(key, None)
        elif how == "inner" and isinstance(data.get(key), dict):
            data[key][
                draw(
                    st.sampled_from(
                        [
                            "contract",
                            "hands",
                            "leader",
                            "dealer",
                            "trick",
                            "stock",
                            "trump",
                            "options",
                            "max_nulls",
                            "target",
                            "boys",
                        ]
                    )
                )
            ] = draw(json_values)
        elif how == "action" and isinstance(data.get("actions"), list):
            data["actions"].insert(draw(st.integers(0, 3)), draw(actions))
    text = json.dumps(data)
    return draw(
        st.sampled_from(
            [
                text,
                text[: draw(st.integers(0, len(text)))],
                deep(draw(st.integers(1, 5000))),
                text.replace("1", "true", 1),
            ]
        )
    )


@FAST
@given(snapshots())
def test_fuzz_from_json_raises_only_rules_error(text):
    try:
        g = kingweb.from_json(text)
    except RulesError as e:
        assert e.code in ERRORS and str(e)
        json.dumps(e.params)
    else:
        assert kingweb.from_json(g.to_json()).to_json() == g.to_json()
        json.dumps(g.view(0))


# -- fuzzing: scenario ----------------------------------------------------------------------------

cards_lists = st.lists(st.one_of(st.sampled_from(CODES), json_values), max_size=4)
hands_ = st.one_of(json_values, st.lists(cards_lists, min_size=1, max_size=5))
where_ = st.dictionaries(
    st.sampled_from(["leader", "dealer", "trick", "stock", "trump", "seat", "options"]),
    st.one_of(seats, cards_lists, st.sampled_from(["C", "S", "", "CD"])),
    max_size=3,
)


@FAST
@given(
    st.sampled_from(["king", "kingru", "whist", "bridge", 5]),
    st.one_of(
        st.sampled_from(["tricks", "hearts", "positive", "up:S", "down", "no-tricks", "everything", "whist"]),
        json_values,
    ),
    hands_,
    where_,
    st.one_of(st.none(), st.just({}), json_values),
)
def test_fuzz_scenario_raises_only_rules_error(game, contract, hands, where, options):
    where.pop("options", None)
    try:
        g = kingweb.scenario(game, contract, hands, options, **where)
    except RulesError as e:
        assert e.code in ERRORS and str(e)
        json.dumps(e.params)
    else:
        h = kingweb.from_json(g.to_json())
        assert h.to_json() == g.to_json() and json.dumps(h.view(0))


def test_fuzz_scenario_reaches_valid_positions_too():
    """The strategy above is not all refusals: a plain valid call goes through it."""
    g = kingweb.scenario("kingru", "no-tricks", [["7C"], ["8C"], [], ["TC"]], None, leader=2, trick=["9C"])
    assert g.turn == 3


# -- fuzzing: handle ------------------------------------------------------------------------------

SAVE = None


def _save():
    global SAVE
    if SAVE is None:
        s = Session()
        s.start("kingru", seed=4, budget=0.05)
        for _ in range(6):
            if s.table.game.turn == 0:
                s.act(s.table.game.legal()[0])
            else:
                s.step()
        SAVE = s.save()
    return SAVE


@st.composite
def requests(draw):
    cmd = draw(
        st.one_of(
            st.sampled_from(
                [
                    "start",
                    "act",
                    "step",
                    "hint",
                    "undo",
                    "save",
                    "share",
                    "load",
                    "lesson",
                    "lesson_try",
                    "sync",
                    "follow",
                    "seat",
                    "info",
                ]
            ),
            json_values,
        )
    )
    names = [
        "game",
        "options",
        "seed",
        "level",
        "seat",
        "seats",
        "budget",
        "action",
        "save",
        "id",
        "audience",
        "here",
        "away",
        "name",
        "stand_in",
        "x",
    ]
    args = {}
    for name in draw(st.lists(st.sampled_from(names), max_size=4, unique=True)):
        if name == "game":
            args[name] = draw(st.one_of(st.sampled_from(["king", "kingru", "whist"]), json_values))
        elif name == "level":
            args[name] = draw(st.one_of(st.sampled_from(["random", "easy", "normal"]), json_values))
        elif name == "budget":
            args[name] = draw(st.sampled_from([0.01, 0.05, 0, -1, "x", True, None, 11, [0.1]]))
        elif name == "action":
            args[name] = draw(actions)
        elif name == "seats":
            person, robot = {"kind": "person", "name": "Ana"}, {"kind": "bot", "level": "easy"}
            away = {"kind": "person", "name": "Ben", "away": True}
            args[name] = draw(
                st.one_of(
                    st.sampled_from([[person, robot, away, robot], [person, away], [robot] * 4, [person] * 3]),
                    st.lists(st.one_of(st.sampled_from([person, robot, away]), json_values), max_size=4),
                    json_values,
                )
            )
        elif name in ("here", "away"):
            args[name] = draw(st.one_of(st.lists(st.one_of(st.none(), seats), max_size=3), json_values))
        elif name == "name":
            args[name] = draw(st.one_of(st.text(max_size=30), st.sampled_from(["<b>x</b>", "a\x00b", "Ана"])))
        elif name == "stand_in":
            args[name] = draw(st.one_of(st.booleans(), json_values))
        elif name == "id":
            args[name] = draw(st.one_of(st.sampled_from(["king/duck", "whist/take-faceup", "nope"]), json_values))
        elif name == "save":
            save = dict(_save())
            if draw(st.booleans()):
                save[draw(st.sampled_from([*list(save), "x"]))] = draw(json_values)
            args[name] = draw(st.sampled_from([save, json.dumps(save), deep(2000)]))
        elif name == "seat":
            args[name] = draw(seats)
        else:
            args[name] = draw(json_values)
    req = {"cmd": cmd, "args": draw(st.sampled_from([args, args, None, [args]]))}
    if draw(st.booleans()):
        return json.dumps(req)
    return draw(st.one_of(json_values, st.just(json.dumps(req)[: draw(st.integers(0, 40))])))


@FAST
@given(st.lists(requests(), min_size=1, max_size=4), st.sampled_from([None, "start", "lesson"]))
def test_fuzz_handle_never_raises_and_a_failure_changes_nothing(reqs, opening):
    s = Session()
    if opening == "start":
        s.start("king", seed=2, budget=0.05)
    elif opening == "lesson":
        s.lesson("king/duck")
    for req in reqs:
        before = session_print(s)
        text = s.handle(req)
        r = json.loads(text)
        assert r.get("kind") != "InternalError", r
        if not r["ok"]:
            # a bad request, or a refusal by the table's rules (a hint for a bot's seat)
            codes = REFUSALS if r["kind"] == "IllegalAction" else ERRORS
            assert r["kind"] in ("RulesError", "IllegalAction") and r["code"] in codes and r["error"]
            json.dumps(r["params"])
            assert session_print(s) == before
        elif isinstance(r["result"], dict) and r["result"].get("ok") is False:
            assert r["result"]["code"] in REFUSALS  # a refused action: nothing changed either
            assert session_print(s)[:2] == before[:2]
        elif isinstance(r["result"], dict) and "reason" in r["result"]:
            assert r["result"]["reason"] in HINT_REASONS


def test_budget_must_be_a_sane_number():
    s = Session()
    for bad in ("x", True, 0, -1, math.nan, math.inf, 11, [1]):
        with pytest.raises(RulesError) as e:
            s.start("king", budget=bad)
        assert e.value.code == "bad-request" and e.value.params == {"field": "budget"}
    assert s.table is None
    s.start("king", budget=2)
    assert s.table.budget == 2.0


def test_undo_in_a_lesson_replays_the_lesson_and_save_refuses_it():
    s = Session()
    s.lesson("king/duck")
    start = s.table.game.to_json()
    assert s.act("KC")["ok"]
    assert s.undo()["ok"] and s.table.game.to_json() == start
    with pytest.raises(RulesError) as e:
        s.save()
    assert e.value.code == "lesson-not-saved"
    r = s.lesson_try("8C")
    assert r["verdict"] == "right"
    r = s.lesson_try("8C")  # already played: judged on the table as it is
    assert r["verdict"] == "illegal" and r["code"] in REFUSALS
