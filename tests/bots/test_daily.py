"""The daily challenge (kingweb.daily): the same deals for everyone on a date, other deals
the next day, bots with no clock, replay codes that a page verifies by replaying them and
that refuse every change with a reason, and par."""

import math
import random

import pytest

from kingweb import RulesError, daily, record
from kingweb.bots import Bot


def play_daily(game, day, seat=0, rng=None):
    """The daily played at ``seat`` by random legal actions, the bots by themselves."""
    rng = rng or random.Random(1)
    g = daily.new(game, day)
    bots = daily.bots(g)
    while not g.over:
        turn = g.turn
        g.act(rng.choice(g.legal()) if turn == seat else bots[turn].decide(g.view(turn)))
    return g


def first_hands(game, day):
    g = daily.new(game, day)
    if game == "king" and g.phase == "dealer":
        g.act(g.legal()[0])
    return [g.hand(s) for s in range(g.players)]


@pytest.mark.parametrize("game", ["king", "kingru", "whist"])
def test_the_same_date_deals_the_same_cards_and_the_next_day_others(game):
    assert daily.setup(game, "2026-12-03") == daily.setup(game, "2026-12-03")
    assert first_hands(game, "2026-12-03") == first_hands(game, "2026-12-03")
    assert first_hands(game, "2026-12-03") != first_hands(game, "2026-12-04")
    assert daily.seed(game, "2026-12-03") != daily.seed(game, "2026-12-04")
    setup = daily.setup(game, "2026-12-03")
    assert setup["seed"] == daily.seed(game, "2026-12-03") and setup["budget"] is None and setup["seat"] == daily.SEAT


def test_the_seed_is_the_documented_derivation():
    import hashlib

    digest = hashlib.sha256(b"kingweb-daily/king/2026-12-03").digest()
    assert daily.seed("king", "2026-12-03") == int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def test_the_bots_have_no_clock(monkeypatch):
    """The daily's bots decide by the position alone: on a machine slow enough to run out
    of any budget at once (a clock that leaps 10 s a reading), they play German Whist's
    deal exactly as on this one (the normal bot would otherwise cut its stock-stage search
    and give up its exact endgame)."""
    import time

    g = daily.new("whist", "2026-12-03")
    bots = daily.bots(g)
    assert all(b.budget == math.inf and b.level == daily.LEVEL for b in bots)
    views = []
    while not g.deals:
        views.append(g.view(g.turn))
        g.act(bots[g.turn].decide(views[-1]))
    ticks = iter(range(0, 10**9, 10))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    again = daily.bots(daily.new("whist", "2026-12-03"))
    assert [again[v["seat"]].decide(v) for v in views] == g.actions


@pytest.mark.parametrize("game", ["king", "kingru", "whist"])
def test_a_code_replays_to_the_same_result(game):
    g = play_daily(game, "2026-12-03")
    code = daily.code(game, "2026-12-03", 0, g.actions)
    assert code.startswith(f"{daily.LETTERS[game]}1.20261203.0.") and len(code) < 200
    assert all(c.isalnum() or c in "._-" for c in code)  # URL-safe as it is
    result = daily.verify(code)
    assert result["score"] == g.scores[0] and result["scores"] == g.scores and result["actions"] == g.actions
    assert record.to_game(result["record"]).scores == g.scores


def test_a_tampered_code_is_refused_with_a_reason():
    g = play_daily("kingru", "2026-12-03")
    code = daily.code("kingru", "2026-12-03", 0, g.actions)
    head, payload, check = code.rsplit(".", 2)

    def refused(text, field):
        with pytest.raises(RulesError) as e:
            daily.verify(text)
        assert e.value.code == "bad-replay-code" and e.value.params == {"field": field}, str(e.value)
        assert str(e.value).startswith("replay code: ")
        return str(e.value)

    flipped = payload[:5] + ("A" if payload[5] != "A" else "B") + payload[6:]
    assert "was changed or mistyped" in refused(f"{head}.{flipped}.{check}", "check")
    refused(code.replace("R1.20261203", "R1.20261204", 1), "check")  # another day: the check sees it
    refused(code.replace("R1.", "R2.", 1), "version")
    refused(code.replace("R1.", "X1.", 1), "game")
    refused("hello", "code")
    # a change with its check written anew: the replay itself refuses it
    short = payload[:-4]
    redone = f"{head}.{short}.{daily._check(head, short)}"
    assert "is not over" in refused(redone, "moves")
    moves = daily._unpack(payload)
    moves[3] = 14  # no hand holds 15 legal cards in Кинг
    bad = daily._pack(moves)
    assert "is not among the" in refused(f"{head}.{bad}.{daily._check(head, bad)}", "moves[3]")
    longer = daily._pack([*daily._unpack(payload), 0, 0])
    refused(f"{head}.{longer}.{daily._check(head, longer)}", "moves")
    bad_day = "R1.20261303.0"
    refused(f"{bad_day}.{payload}.{daily._check(bad_day, payload)}", "date")


def test_codes_are_made_only_from_the_daily_bots_own_play():
    g = play_daily("king", "2026-12-05")
    forged = list(g.actions)
    replay = daily.new("king", "2026-12-05")
    for i, a in enumerate(g.actions):  # the first choice a bot made: replaced by another legal action
        if replay.turn != 0 and len(replay.legal()) > 1:
            forged[i] = next(x for x in replay.legal() if x != a)
            break
        replay.act(a)
    with pytest.raises(RulesError) as e:
        daily.code("king", "2026-12-05", 0, forged)
    assert "bot plays" in str(e.value) and e.value.params == {"field": f"actions[{i}]"}


def test_dates_and_games_are_checked():
    for game, day in [("chess", "2026-12-03"), ("king", "2026-13-01"), ("king", "20261203"), ("king", "1999-01-01")]:
        with pytest.raises(RulesError):
            daily.setup(game, day)


def test_par_is_the_hard_bot_from_the_same_seat_deal_by_deal():
    """Par's first two deals, one a call, are the hard bot's play at the seat against the
    daily's bots (a whole par match runs in the benchmark: ``review-bench``)."""
    first = daily.par_step("kingru", "2026-12-03", 0)
    second = daily.par_step("kingru", "2026-12-03", 0, first["actions"])
    assert (first["deals"], second["deals"], second["done"], second["score"]) == (1, 2, False, None)
    g = daily.new("kingru", "2026-12-03")
    players = daily.bots(g)
    players[0] = Bot("hard", seed=g.seed * 8, budget=math.inf)
    while len(g.deals) < 2:
        g.act(players[g.turn].decide(g.view(g.turn)))
    assert g.actions == second["actions"]
    with pytest.raises(RulesError):
        daily.par_step("kingru", "2026-12-03", 0, ["AS", *first["actions"]])
