"""The daily challenge at the table (kingweb.session's ``start_daily`` and ``daily_code``): the
day's deals with the daily's bots, no undo, no hints, no share link, a save that resumes
as the same daily, and at the end a replay code that verifies to the score played."""

import json
import random

import pytest

from kingweb import RulesError, daily
from kingweb.session import Session


def _request(s: Session, cmd: str, **args: object) -> dict:
    return json.loads(s.handle(json.dumps({"cmd": cmd, "args": args})))


def _play_out(s: Session, rng: random.Random) -> None:
    """Play the person's turns at random and the bots' as the worker does, to the end."""
    t = s.table
    assert t is not None
    while not t.game.over:
        if t.bot_seat() is not None:
            s.step()
        else:
            assert s.act(rng.choice(t.game.legal()))["ok"]


def test_a_daily_deals_the_days_cards_and_tells_the_page_no_seed():
    s = Session()
    r = _request(s, "start_daily", game="whist", date="2026-12-03")
    assert r["ok"]
    sync = r["result"]
    assert sync["table"]["daily"] == "2026-12-03" and not sync["table"]["can_undo"]
    assert str(daily.seed("whist", "2026-12-03")) not in json.dumps(sync)
    assert s.table is not None and s.table.game.seed == daily.seed("whist", "2026-12-03")
    assert s.table.game.options["target"] == 5
    other = Session()
    other.start_daily("whist", "2026-12-04")
    assert other.table is not None and other.table.game.view(0)["hand"] != s.table.game.view(0)["hand"]
    # an ordinary match says it is none
    assert _request(Session(), "start", game="whist")["result"]["table"]["daily"] is None


def test_a_daily_refuses_undo_hints_and_the_share_link():
    s = Session()
    s.start_daily("kingru", "2026-12-03")
    t = s.table
    assert t is not None
    while t.bot_seat() is not None:
        s.step()
    assert s.act(t.game.legal()[0])["ok"]
    assert not s.details()["can_undo"]
    r = s.undo()
    assert (r["ok"], r["code"]) == (False, "daily-no-undo")
    h = _request(s, "hint")
    assert (h["ok"], h["code"]) == (False, "daily-no-hint")
    sh = _request(s, "share")
    assert (sh["ok"], sh["code"]) == (False, "not-shared")
    # and no code before the end
    c = _request(s, "daily_code")
    assert (c["ok"], c["code"]) == (False, "not-daily")
    assert _request(Session(), "start_daily", game="whist", date="2026-02-30")["code"] == "bad-request"


def test_a_daily_played_out_gives_the_code_of_its_score():
    s = Session()
    s.start_daily("whist", "2026-12-03")
    _play_out(s, random.Random(3))
    r = _request(s, "daily_code")
    assert r["ok"], r
    got = r["result"]
    assert (got["game"], got["date"], got["seat"]) == ("whist", "2026-12-03", 0)
    checked = daily.verify(got["code"])
    assert checked["score"] == got["score"] and checked["actions"] == s.table.game.actions  # type: ignore[union-attr]


def test_a_daily_save_resumes_as_the_same_daily_and_a_forged_one_is_refused():
    s = Session()
    s.start_daily("whist", "2026-12-03")
    t = s.table
    assert t is not None
    while t.bot_seat() is not None:
        s.step()
    s.act(t.game.legal()[0])
    save = s.save()
    assert save["daily"] == "2026-12-03"
    back = Session()
    back.load(json.loads(json.dumps(save)))
    assert back.table is not None and back.table.daily == "2026-12-03" and back.table.budget == float("inf")
    assert back.table.game.actions == t.game.actions and not back.details()["can_undo"]
    for field, value in (("daily", "2026-12-04"), ("daily", "someday"), ("level", "hard"), ("seed", 5)):
        bad = {**save, field: value, "actions": []}
        with pytest.raises(RulesError) as e:
            Session().load(bad)
        assert (e.value.code, e.value.params["field"]) == ("bad-save", "daily"), field
