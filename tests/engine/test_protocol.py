"""The protocol with the page: refusal and error codes with params, hint reasons, the deal
records a results screen reads, and the public log of a positive."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kingweb
from kingweb import IllegalAction, RulesError
from kingweb.bots.hints import HINT_REASONS, words
from kingweb.cards import CODES
from kingweb.errors import ERRORS, REFUSALS, english
from kingweb.session import Session, handle, info

from conftest import ODD_ACTIONS, play_out

SUIT_HANDS = [[r + s for r in "23456789TJQKA"] for s in "CDHS"]


def refusal(g, action, seat=None):
    """The IllegalAction ``g.act`` raises, after checking it changed nothing and speaks
    its registered template."""
    before = g.to_json()
    with pytest.raises(IllegalAction) as info_:
        g.act(action, seat=seat)
    e = info_.value
    assert g.to_json() == before
    assert e.code in REFUSALS
    assert json.loads(json.dumps(e.params)) == e.params
    assert str(e) == english(REFUSALS[e.code], e.params)
    return e


def k(contract, hands, leader=0, **kw):
    return kingweb.scenario("king", contract, hands, leader=leader, **kw)


def positive(owner=0, **kw):
    return kingweb.scenario("king", "positive", SUIT_HANDS, dealer=owner, **kw)


# -- refusals: every site, its code, params and words --------------------------------------------


def test_card_refusals_name_code_params_and_words():
    g = k("tricks", [["2C", "3D"], ["4C", "5D"], ["6C", "7D"], ["8C", "9D"]], leader=0)
    g.act("2C")
    e = refusal(g, "5D")
    assert (e.code, e.params, str(e)) == ("follow-suit", {"suit": "C"}, "must follow suit: clubs")
    e = refusal(g, "2C")
    assert (e.code, e.params, str(e)) == ("not-in-hand", {"card": "2C"}, "2♣ is not in your hand")
    e = refusal(g, "TC")
    assert (e.code, e.params, str(e)) == ("not-in-hand", {"card": "TC"}, "10♣ is not in your hand")
    e = refusal(g, "pass")
    assert (e.code, e.params) == ("not-a-card", {"action": "pass", "legal": ["4C"]})
    assert str(e) == "'pass' is not a card code; play one of 4C"
    e = refusal(g, "4C", seat=2)
    assert (e.code, e.params, str(e)) == ("not-your-turn", {"seat": 1}, "not your turn: seat 1 is to act")
    e = refusal(g, 7)
    assert (e.code, e.params) == ("not-a-string", {"value": "7"})
    assert str(e) == "an action is a string such as 'QS' or 'pass', not 7"


def test_claim_refusals():
    g = k("up:NT", [["KS", "AH"], ["AS", "2H"], ["2S", "3H"], ["3S", "4H"]])
    e = refusal(g, "claim:all")
    assert (e.code, e.params) == ("claim-not-sure", {"claim": "all"})
    assert (refusal(g, "claim:none").code, refusal(g, "claim:x").code) == ("claim-format", "claim-format")
    w = kingweb.new_game("whist", seed=1)
    assert (refusal(w, "claim:none").code, refusal(w, "claim:none").params) == ("claim-stock", {})
    assert str(refusal(w, "claim:all")) == "no claim while the stock lasts: the tricks that count come after it"


def test_hearts_and_king_of_hearts_refusals():
    g = k("hearts", [["2H", "3C"], ["4C", "5H"], ["6C", "7H"], ["8C", "9H"]], leader=0)
    e = refusal(g, "2H")
    assert (e.code, e.params, str(e)) == ("hearts-lead-ban", {}, "cannot lead hearts while holding other suits")
    g = k("king-of-hearts", [["KH", "3H"], ["4C", "5C"], ["6C", "7C"], ["8C", "9C"]], leader=0)
    e = refusal(g, "3H")
    assert (e.code, str(e)) == ("king-forced-only-hearts", "the K♥ must be played: you hold only hearts")
    g = k("king-of-hearts", [["2H", "3C"], ["KH", "5H"], ["6C", "7C"], ["8C", "9C"]], leader=3)
    g.act("8C")
    g.act("3C")
    e = refusal(g, "5H")
    assert (e.code, e.params, str(e)) == ("king-forced-void", {"suit": "C"}, "the K♥ must be played: you have no clubs")
    g = k("king-of-hearts", [["2H", "2C"], ["KH", "5H"], ["6C", "7C"], ["8H", "9H"]], leader=3)
    g.act("8H")
    e = refusal(g, "2C")
    assert e.code == "follow-suit"
    g.act("2H")
    e = refusal(g, "5H")
    assert (e.code, e.params, str(e)) == ("king-forced-hearts-led", {}, "the K♥ must be played when hearts are led")


def test_auction_and_decision_refusals():
    g = positive(0)
    e = refusal(g, "offer:up:3")
    assert e.code == "not-possible-now" and e.params["phase"] == "choose" and e.params["action"] == "offer:up:3"
    assert e.params["legal"] == g.legal()
    assert str(e).startswith("'offer:up:3' is not possible now: the owner is choosing the deal; possible: up:C")
    g.act("auction")
    e = refusal(g, "offer:null:3")
    assert (e.code, e.params) == ("offer-format", {"max_nulls": 2})
    assert str(e) == "an offer is offer:up:1 … offer:up:8 or offer:null:1 … offer:null:2"
    for bad in ("offer:up:٣", "offer:up:²", "offer:up:03", "offer:up:", "offer:up:-1", "offer:down:2"):
        assert refusal(g, bad).code == "offer-format"
    g.act("offer:up:3")  # seat 1
    e = refusal(g, "offer:null:1")
    assert (e.code, e.params, str(e)) == (
        "offer-same-terms",
        {"offer": "offer:up:3"},
        "an offer worth the same as 3 up must be in the same terms: 3 up",
    )
    e = refusal(g, "offer:up:2")
    assert (e.code, e.params, str(e)) == (
        "offer-too-low",
        {"offer": "offer:up:3"},
        "an offer must be worth more than 3 up",
    )
    e = refusal(g, "offer:up:3")
    assert (e.code, e.params) == ("offer-preference", {"offer": "offer:up:3", "seat": 1})
    assert str(e) == "only a player who speaks before seat 1 may match 3 up; offer more"
    g.act("offer:null:2")  # seat 2: 150 beats 75
    e = refusal(g, "offer:up:5")
    assert (e.code, str(e)) == ("offer-too-low", "an offer must be worth more than 2 nulls")
    g.act("pass")
    g.act("pass")  # seats 3 and 1 pass: seat 2 holds 2 nulls (150)
    assert g.phase == "decide"
    e = refusal(g, "4333")
    assert (e.code, e.params) == ("no-4333", {})
    e = refusal(g, "offer:up:8")
    assert e.code == "not-possible-now" and e.params["phase"] == "decide"
    g.act("ultimatum")
    e = refusal(g, "offer:up:7")
    assert (e.code, str(e)) == ("ultimatum-answer", "the ultimatum is answered only with 8 up (offer:up:8) or pass")
    g.act("offer:up:8")
    e = refusal(g, "down")
    assert (e.code, str(e)) == ("name-trump", "a buyer at up names a trump (up:C … up:S) or no trump (up:NT)")


def test_decision_refusals_without_offer_and_above_limits():
    g = positive(0)
    g.act("auction")
    for _ in range(3):
        g.act("pass")
    assert refusal(g, "accept").code == "no-offer-to-accept"
    assert refusal(g, "ultimatum").code == "ultimatum-no-offer"
    g = positive(0)
    g.act("auction")
    g.act("offer:up:8")
    g.act("pass")
    g.act("pass")
    assert refusal(g, "ultimatum").code == "ultimatum-too-high"
    assert refusal(g, "4333").code == "no-4333"


def test_game_over_refusal():
    g = play_out(kingweb.new_game("kingru", seed=1))
    e = refusal(g, "7C")
    assert (e.code, e.params, str(e)) == ("game-over", {}, "the game is over")


MANY_ACTIONS = st.one_of(
    st.text(max_size=10),
    st.sampled_from(CODES),
    st.sampled_from(ODD_ACTIONS),
    st.integers(),
    st.none(),
    st.lists(st.integers(), max_size=2),
)
GAMES = st.sampled_from(
    [
        ("king", {}),
        ("king", {"king_chooses_dealer": True}),
        ("kingru", {}),
        ("kingru", {"king_discard": True}),
        ("whist", {"target": 2}),
    ]
)


@settings(max_examples=150, deadline=None)
@given(GAMES, st.integers(0, 10**6), st.integers(0, 400), MANY_ACTIONS, st.none() | st.integers(0, 3))
def test_every_refusal_has_a_registered_code(game, seed, steps, action, seat):
    gid, options = game
    g = kingweb.new_game(gid, seed=seed, options=options)
    play_out(g, random.Random(seed), until=lambda g: len(g.actions) >= steps)
    if seat is not None and seat >= g.players:
        seat = None
    if not g.over and action in g.legal() and seat in (None, g.turn):
        return
    refusal(g, action, seat=seat)


def test_every_refusal_code_is_reachable_here():
    """The registry holds no dead code: each refusal is raised by one of the tests above
    (or by the session's nothing-to-do answers)."""
    import pathlib

    text = pathlib.Path(__file__).read_text()
    for code in REFUSALS:
        assert f'"{code}"' in text, code


# -- RulesError codes ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call,code,params",
    [
        (lambda: kingweb.new_game("bridge"), "unknown-game", {"game": "bridge"}),
        (lambda: kingweb.new_game("king", options={"nope": 1}), "unknown-option", {"option": "nope"}),
        (lambda: kingweb.new_game("king", options={"max_nulls": 9}), "bad-option", {"option": "max_nulls", "value": 9}),
        (lambda: kingweb.new_game("king", options=[1]), "bad-options", {}),
        (
            lambda: kingweb.new_game("kingru", options={"king_discard_on_heart_lead": True}),
            "option-combination",
            {"option": "king_discard_on_heart_lead", "needs": "king_discard"},
        ),
        (lambda: kingweb.new_game("king", seed=-1), "bad-seed", {}),
        (lambda: kingweb.new_game("king").hand(4), "bad-seat", {"field": "seat"}),
        (lambda: kingweb.scenario("king", "nope", SUIT_HANDS, leader=0), "unknown-contract", {"contract": "nope"}),
        (
            lambda: kingweb.scenario("king", "tricks", [["2C"], ["3C"], ["4C"], ["5C"]], seat=1),
            "bad-scenario",
            {"field": "seat"},
        ),
        (
            lambda: kingweb.scenario("king", "tricks", [["2C"], ["2C"], ["4C"], ["5C"]], leader=0),
            "bad-cards",
            {"field": "hands[1]"},
        ),
        (
            lambda: kingweb.scenario("king", "tricks", [["2C"], ["3C"], ["4C"], ["5C"]], leader=9),
            "bad-seat",
            {"field": "leader"},
        ),
        (lambda: kingweb.scenario("whist", "whist", [["2C"], ["3C"]], dealer=0), "bad-scenario", {"field": "trump"}),
        (lambda: kingweb.from_json("[]"), "bad-snapshot", {"field": "format"}),
        (
            lambda: kingweb.from_json(
                '{"format": "kingweb", "version": 1, "game": "king", "seed": 1, "options": {}, "actions": ["ZZ"]}'
            ),
            "bad-snapshot",
            {"field": "actions[0]"},
        ),
    ],
)
def test_rules_errors_carry_code_and_params(call, code, params):
    with pytest.raises(RulesError) as e:
        call()
    assert (e.value.code, e.value.params) == (code, params)
    assert code in ERRORS


# -- hint reasons --------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(GAMES, st.integers(0, 10**6), st.integers(0, 300))
def test_hints_answer_a_registered_reason_with_params(game, seed, steps):
    gid, options = game
    g = kingweb.new_game(gid, seed=seed, options=options)
    play_out(g, random.Random(seed), until=lambda g: len(g.actions) >= steps)
    if g.over:
        return
    for seat in range(g.players):
        h = kingweb.hint(g, seat)
        assert set(h) == {"action", "reason", "params", "text"}
        assert h["reason"] in HINT_REASONS
        assert json.loads(json.dumps(h["params"])) == h["params"]
        assert h["text"] == words(h["reason"], h["params"])  # the template written out
        if seat == g.turn:
            assert h["action"] in g.legal()
            if "card" in h["params"]:
                assert h["params"]["card"] == h["action"]
        else:
            assert h == {"action": None, "reason": "wait", "params": {}, "text": "not your turn"}


def test_hint_params_name_the_cards():
    g = k("tricks", [["8C", "KC", "2D"], ["9C", "3D", "4D"], ["5C", "5D", "6D"], ["6C", "7D", "8D"]], leader=1)
    for a in ("9C", "5C", "6C"):
        g.act(a)
    h = kingweb.hint(g, 0)
    assert h == {
        "action": "8C",
        "reason": "duck",
        "params": {"card": "8C", "best": "9C"},
        "text": "duck with 8♣, your highest card under 9♣: it cannot take this trick",
    }
    g = positive(0)
    g.act("auction")
    h = kingweb.hint(g, 1)
    assert h["reason"] in ("offer", "pass")
    if h["reason"] == "offer":
        assert h["params"]["offer"] == h["action"] and isinstance(h["params"]["pts"], int)


# -- the session speaks codes --------------------------------------------------------------------


def test_session_refusals_and_errors_carry_codes():
    s = Session()
    s.lesson("king/follow-suit")
    r = s.act("9S")
    assert r["ok"] is False and r["code"] == "follow-suit" and r["params"] == {"suit": "D"}
    assert r["error"] == "must follow suit: diamonds" and set(r) == {"ok", "error", "code", "params"}
    r = s.lesson_try("9S")
    assert r["verdict"] == "illegal" and r["code"] == "follow-suit" and r["params"] == {"suit": "D"}
    r = s.lesson("king/duck")
    r = s.lesson_try("KC")
    assert r["verdict"] == "wrong" and set(r["hint"]) == {"action", "reason", "params", "text"}
    assert r["hint"]["reason"] == "duck"
    # a right answer is told why too, as a code and its params (the page words it)
    r = s.lesson_try("8C")
    assert r["verdict"] == "right" and r["hint"]["action"] == "8C" and r["hint"]["reason"] == "duck"
    assert r["hint"]["params"] == {"card": "8C", "best": "9C"}
    assert next(e["card"] for e in r["updates"]["0"]["events"] if e["type"] == "play") == "8C"
    s.undo()
    r = s.undo()
    assert (r["ok"], r["code"], r["params"]) == (False, "nothing-to-undo", {})
    r = json.loads(handle(json.dumps({"cmd": "fly"})))
    assert r == {
        "ok": False,
        "error": "unknown command 'fly'",
        "kind": "RulesError",
        "code": "unknown-command",
        "params": {"cmd": "fly"},
    }
    r = json.loads(handle(json.dumps({"cmd": "start", "args": {"game": "king", "level": "godlike"}})))
    assert r["code"] == "bad-level" and r["code"] in ERRORS
    s2 = Session()
    s2.start("king", seed=3)
    while s2.table.game.turn != 0:
        s2.step()
    r = s2.step()
    assert (r["ok"], r["code"]) == (False, "no-bot-to-act")
    # the move clock's answers to the host page's timer (tests/engine/test_clock.py)
    r = json.loads(s2.handle(json.dumps({"cmd": "clock"})))["result"]
    assert (r["ok"], r["code"]) == (False, "no-clock")
    s2.start("whist", seed=5, seats=[{"kind": "person", "away": True}, {"kind": "person"}], clock=30)
    r = json.loads(s2.handle(json.dumps({"cmd": "clock"})))["result"]
    assert (r["ok"], r["code"], r["params"]["ms"]) == (False, "clock-running", r["deadline"]["ms"])


def test_table_refusals_carry_codes():
    from kingweb.table import bot, person

    s = Session()
    s.start("kingru", seed=1, seats=[person("A"), bot(), person("B"), bot()])
    while s.table.bot_seat() is not None:
        s.step()
    turn = s.table.game.turn
    r = s.act(s.table.game.legal()[0], seat=(turn + 1) % 4)
    assert (r["code"], r["params"]) == ("bot-seat", {"seat": (turn + 1) % 4}) and r["error"] == (
        f"a bot plays seat {(turn + 1) % 4} now"
    )
    r = s.undo()
    assert (r["ok"], r["code"], r["error"]) == (False, "undo-off", "undo is off while more than one person plays")


def test_daily_refusals_carry_codes():
    s = Session()
    s.start_daily("whist", "2026-12-03")
    while s.table.bot_seat() is not None:
        s.step()
    s.act(s.table.game.legal()[0])
    r = s.undo()
    assert (r["code"], r["error"]) == ("daily-no-undo", "a daily challenge is played without undo")
    with pytest.raises(IllegalAction) as e:
        s.hint()
    assert (e.value.code, str(e.value)) == ("daily-no-hint", "a daily challenge is played without hints")


def test_info_lists_every_code():
    codes = info()["codes"]
    assert codes == {"refusals": list(REFUSALS), "reasons": list(HINT_REASONS), "errors": list(ERRORS)}
    assert all(c == c.lower() and " " not in c for c in [*REFUSALS, *HINT_REASONS, *ERRORS])


# -- deal records ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "gid,options",
    [
        ("king", {}),
        ("king", {"uncapped_payment": True}),
        ("kingru", {}),
        ("kingru", {"boys": "jacks-kings"}),
        ("kingru", {"play_all_tricks": True}),
        ("whist", {"target": 3}),
    ],
)
@pytest.mark.parametrize("seed", range(3))
def test_deal_records_explain_their_points(gid, options, seed):
    g = kingweb.new_game(gid, seed=seed, options=options)
    rng = random.Random(seed)
    running = [0] * g.players
    seen_tricks = []
    while not g.over:
        n = len(g.deals)
        v = g.view(0)
        g.act(rng.choice(g.legal()))
        if len(g.deals) > n:
            d = g.deals[-1]
            # the record's tricks are exactly the deal's public tricks
            last = g.view(0)["last_trick"] if d["tricks"] else None
            # (the deal's last action: a card, or a claim that played out the rest)
            assert d["tricks"][: len(v["tricks"])] == v["tricks"]
            assert len(d["tricks"]) > len(v["tricks"]) or d["tricks"] == []
            assert all(t["winner"] is not None and len(t["cards"]) == g.players for t in d["tricks"])
            assert [
                sum(t["winner"] == s for t in d["tricks"][d.get("stage2_from", 0) :]) for s in range(g.players)
            ] == d["taken"]
            if d["tricks"]:
                assert d["tricks"][-1] == {k: last[k] for k in ("leader", "cards", "winner")}
            seen_tricks.append(len(d["tricks"]))
            # every seat's counted items add up to its points
            assert [sum(i["points"] for i in items) for items in d["counted"]] == d["points"]
            for s, items in enumerate(d["counted"]):
                won = {c for t in d["tricks"] if t["winner"] == s for c in t["cards"]}
                for i in items:
                    assert i["kind"] in ("card", "trick", "tricks", "payment", "4333")
                    if i["kind"] == "card":
                        assert i["card"] in won and i["points"] != 0
                    elif i["kind"] == "trick":
                        assert d["tricks"][i["trick"] - 1]["winner"] == s
                    elif i["kind"] == "tricks":
                        assert i["count"] == d["taken"][s]
            running = [a + b for a, b in zip(running, d["points"], strict=True)]
            assert d["scores"] == running
            if gid == "whist":
                assert d["target"] == options["target"] and len(d["tricks"]) == 26 and d["stage2_from"] == 13
    assert g.view(0)["deals"] == g.deals
    assert any(seen_tricks)


def test_counted_items_per_contract():
    # hearts: each heart won, -20
    g = k("hearts", [["AC", "2H"], ["KC", "3H"], ["QC", "4H"], ["JC", "5D"]], leader=0)
    play_out(g)
    d = g.deals[-1]
    assert d["counted"][2] == [
        {"kind": "card", "card": "2H", "points": -20},
        {"kind": "card", "card": "3H", "points": -20},
        {"kind": "card", "card": "4H", "points": -20},
    ]
    assert d["counted"][0] == d["counted"][1] == d["counted"][3] == []
    # last-two: the tricks numbered in the deal
    g = k("last-two", [["AC", "2D"], ["KC", "3D"], ["QC", "4D"], ["JC", "5D"]], leader=0)
    for a in ("AC", "KC", "QC", "JC", "2D", "3D", "4D", "5D"):
        g.act(a)
    assert g.deals[-1]["counted"] == [
        [{"kind": "trick", "trick": 12, "points": -90}],
        [],
        [],
        [{"kind": "trick", "trick": 13, "points": -90}],
    ]
    # down: every seat's trick count, 325 - 75 each
    g = k("down", [["AC", "2D"], ["KC", "3D"], ["QC", "4D"], ["JC", "5D"]], leader=0)
    for a in ("AC", "KC", "QC", "JC", "2D", "3D", "4D", "5D"):
        g.act(a)
    assert g.deals[-1]["counted"][0] == [{"kind": "tricks", "count": 1, "points": 250}]
    assert g.deals[-1]["counted"][1] == [{"kind": "tricks", "count": 0, "points": 325}]


def test_eralash_counts_each_card_under_each_deal_it_counts_in():
    """«ералаш»'s cards item by item under the deal each counts for (``part``, named
    as the deals are): a card that counts in two is in each, so that the summary can say
    what a seat's points were for; tricks and the last two besides."""

    def eralash(options=None):
        hands = [["KH", "7C"], ["JH", "8C"], ["QH", "9C"], ["TS", "TC"]]
        g = kingweb.scenario("kingru", "no-everything", hands, options, leader=0)
        for a in ("7C", "8C", "9C", "TC", "TS", "KH", "JH", "QH"):
            g.act(a)
        return g.deals[-1]

    def card(code, points, part):
        return {"kind": "card", "card": code, "points": points, "part": part}

    d = eralash()
    assert d["counted"][3] == [
        {"kind": "tricks", "count": 2, "points": -4},
        card("JH", -2, "hearts"),
        card("QH", -2, "hearts"),
        card("KH", -2, "hearts"),
        card("JH", -4, "boys"),
        card("QH", -4, "girls"),
        card("KH", -16, "king"),
        {"kind": "trick", "trick": 7, "points": -8},
        {"kind": "trick", "trick": 8, "points": -8},
    ]
    assert d["counted"][:3] == [[{"kind": "tricks", "count": 0, "points": 0}]] * 3
    assert d["points"] == [0, 0, 0, -50]
    # with kings among the boys the K♥ is in three
    d = eralash({"boys": "jacks-kings"})
    assert [(x["card"], x["points"]) for x in d["counted"][3] if x.get("part") == "boys"] == [("JH", -2), ("KH", -2)]
    assert [x["part"] for x in d["counted"][3] if x.get("card") == "KH"] == ["hearts", "boys", "king"]
    assert d["points"] == [0, 0, 0, -50]
    # a deal that counts one kind of card names none: its title says what it is for
    g = kingweb.scenario("kingru", "no-hearts", [["KH", "7C"], ["JH", "8C"], ["QH", "9C"], ["TS", "TC"]], leader=0)
    for a in ("7C", "8C", "9C", "TC", "TS", "KH", "JH", "QH"):
        g.act(a)
    assert g.deals[-1]["counted"][3] == [{"kind": "card", "card": c, "points": -2} for c in ("JH", "QH", "KH")]


def test_bought_positive_counts_the_payment_and_4333_its_points():
    g = positive(0)
    g.act("auction")
    g.act("offer:up:1")  # seat 1
    g.act("pass")
    g.act("pass")
    g.act("accept")
    g.act("up:D")  # seat 1 names diamonds: it takes every trick
    play_out(g)
    d = g.deals[-1]
    assert d["counted"][1] == [
        {"kind": "tricks", "count": 13, "points": 325},
        {"kind": "payment", "seat": 0, "points": -25},
    ]
    assert d["counted"][0] == [
        {"kind": "tricks", "count": 0, "points": 0},
        {"kind": "payment", "seat": 1, "points": 25},
    ]
    g = positive(2)
    g.act("auction")
    for _ in range(3):
        g.act("pass")
    g.act("4333")
    d = g.deals[-1]
    assert d["tricks"] == [] and d["counted"] == [[{"kind": "4333", "points": p}] for p in (75, 75, 100, 75)]


# -- the public log of a positive -----------------------------------------------------------------


def test_positive_log_in_view_and_record():
    g = positive(0)  # worked example 5 of RULES.md
    g.act("auction")
    for a in [
        "offer:up:2",
        "offer:up:3",
        "offer:up:4",
        "offer:up:4",
        "offer:up:5",
        "pass",
        "offer:up:5",
        "offer:up:6",
        "pass",
    ]:
        g.act(a)
    log = g.view(2)["log"]
    assert log == [
        {"seat": 0, "phase": "choose", "action": "auction"},
        {"seat": 1, "phase": "auction", "action": "offer:up:2"},
        {"seat": 2, "phase": "auction", "action": "offer:up:3"},
        {"seat": 3, "phase": "auction", "action": "offer:up:4"},
        {"seat": 1, "phase": "auction", "action": "offer:up:4", "matches": 3},
        {"seat": 2, "phase": "auction", "action": "offer:up:5"},
        {"seat": 3, "phase": "auction", "action": "pass"},
        {"seat": 1, "phase": "auction", "action": "offer:up:5", "matches": 2},
        {"seat": 2, "phase": "auction", "action": "offer:up:6"},
        {"seat": 1, "phase": "auction", "action": "pass"},
    ]
    g.act("ultimatum")
    g.act("pass")  # seat 1
    g.act("offer:up:8")  # seat 2
    g.act("up:NT")
    assert g.view(0)["log"][-4:] == [
        {"seat": 0, "phase": "decide", "action": "ultimatum"},
        {"seat": 1, "phase": "ultimatum", "action": "pass"},
        {"seat": 2, "phase": "ultimatum", "action": "offer:up:8"},
        {"seat": 2, "phase": "trump", "action": "up:NT"},
    ]
    full = g.view(0)["log"]
    play_out(g)
    d = g.deals[-1]
    assert d["log"] == full and d["buyer"] == 2 and d["bought"] == "offer:up:8" and d["contract"] == "up:NT"


def test_log_is_per_deal_and_negatives_have_none():
    g = kingweb.new_game("king", seed=5)
    assert g.view(0)["log"] == []
    play_out(g, until=lambda g: g.contract == "positive")
    g.act("down")
    assert g.view(1)["log"] == [{"seat": g.owner, "phase": "choose", "action": "down"}]
    play_out(g, until=lambda g: g.deal_no == 7)
    assert g.view(0)["log"] == [] and g.deals[6]["log"] == [
        {"seat": g.deals[6]["owner"], "phase": "choose", "action": "down"}
    ]
    assert "log" not in g.deals[0]


def test_whist_view_has_the_match_and_stage_two():
    g = kingweb.new_game("whist", seed=4, options={"target": 5})
    v = g.view(0)
    assert v["target"] == 5 and v["scores"] == [0, 0] and v["stage"] == 1 and v["stage2_from"] == 13
    play_out(g, until=lambda g: g.deals)
    d = g.deals[0]
    assert d["scores"] == g.scores and d["target"] == 5
    assert sum(1 for t in d["tricks"][13:] if t["winner"] == 0) == d["taken"][0]


def test_every_code_raised_in_the_source_is_registered():
    """A static sweep beside the fuzzing: each ``RulesError("code", ...)`` and
    ``IllegalAction("code", ...)`` written in kingweb names a registered code."""
    import pathlib
    import re

    root = pathlib.Path(kingweb.__file__).parent
    found = {"RulesError": set(), "IllegalAction": set()}
    for path in root.rglob("*.py"):
        for kind, code in re.findall(r'\b(RulesError|IllegalAction)\(\s*"([^"]+)"', path.read_text()):
            found[kind].add(code)
    assert found["IllegalAction"] and found["IllegalAction"] <= set(REFUSALS)
    assert found["RulesError"] and found["RulesError"] <= set(ERRORS)
    # and every refusal of the registry is raised somewhere (no dead codes)
    assert set(REFUSALS) - found["IllegalAction"] <= {
        "follow-suit",
        "not-in-hand",
        "hearts-lead-ban",
        "king-forced-hearts-led",
        "king-forced-void",
        "king-forced-only-hearts",
        "not-a-card",
        "not-possible-now",
        "ultimatum-no-offer",
        "ultimatum-too-high",
        "offer-format",
        "offer-too-low",
        "offer-same-terms",
        "offer-preference",
    }
