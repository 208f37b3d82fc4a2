"""The move clock of a table with people away (kingweb.table, kingweb.session): the
engine's rules on a fake clock.  The host page's timer only asks ``clock`` when the
deadline the engine gave has passed; everything else is decided here."""

import json

import pytest

from kingweb import RulesError
from kingweb.session import Session
from kingweb.table import TIMEOUTS_AWAY, person


class FakeClock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def hosted(clock: int | None = 60, game: str = "whist"):
    """A host (seat 0, here) and a guest away (seat 1) at German Whist, on a fake clock."""
    now = FakeClock()
    s = Session(now=now)
    s.start(game, seed=5, seats=[person("Host"), person("Ana", away=True)], clock=clock)  # the host leads
    s.follow(here=[0], away=[1, None])
    return s, now


def to_guest(s: Session) -> dict:
    """The host plays until the guest is to act: the last answer."""
    t = s.table
    assert t is not None
    r = s.sync()
    while t.game.turn != 1:
        r = s.act(t.game.legal()[0], seat=0)
    return r


def test_the_clock_runs_for_the_person_away_and_says_so_to_every_audience():
    s, now = hosted()
    r = to_guest(s)
    assert r["deadline"] == {"seat": 1, "ms": 60_000}
    # the guest and the spectators learn it from their own words (the outbox), the host too
    assert json.loads(r["outbox"]["1"])["deadline"] == {"seat": 1, "ms": 60_000}
    assert json.loads(r["outbox"]["spectator"])["deadline"] == {"seat": 1, "ms": 60_000}
    assert r["updates"]["0"]["deadline"] == {"seat": 1, "ms": 60_000}
    now.t += 20.5
    assert s.sync(1)["outbox"]["1"] and json.loads(s.sync(1)["outbox"]["1"])["deadline"] == {"seat": 1, "ms": 39_500}


def test_the_clock_does_not_run_out_early_and_changes_nothing():
    s, now = hosted()
    to_guest(s)
    before = s.save()
    now.t += 59.9
    r = s.clock()
    assert (r["ok"], r["code"], r["deadline"]) == (False, "clock-running", {"seat": 1, "ms": 100})
    assert s.save() == before


def test_when_it_runs_out_the_stand_in_plays_that_one_decision_and_the_person_keeps_the_seat():
    s, now = hosted()
    to_guest(s)
    t = s.table
    assert t is not None
    n = t.game.event_count + 1
    acted = len(t.game.actions)
    now.t += 60
    r = s.clock()
    assert r["seat"] == 1 and t.game.actions[acted] == r["action"]
    timeout = {"seat": 1, "n": n, "away": False}
    assert json.loads(r["outbox"]["1"])["timeout"] == timeout
    assert r["updates"]["0"]["timeout"] == timeout
    play = json.loads(r["outbox"]["1"])["events"][0]
    assert (play["n"], play["type"], play["card"]) == (n, "play", r["action"])
    assert not t.seats[1].get("stand_in") and t.timeouts == {1: 1}
    assert "table" not in r


def test_three_timeouts_in_a_row_mark_the_seat_away_and_a_decision_of_its_own_clears_the_count():
    s, now = hosted()
    t = s.table
    assert t is not None
    for _ in range(TIMEOUTS_AWAY - 1):
        to_guest(s)
        now.t += 60
        assert s.clock()["updates"]["0"]["timeout"]["away"] is False
    assert t.timeouts == {1: TIMEOUTS_AWAY - 1}
    to_guest(s)
    s.act(t.game.legal()[0], seat=1)  # the guest plays: the count starts again
    assert t.timeouts == {}
    for _ in range(TIMEOUTS_AWAY):
        to_guest(s)
        now.t += 60
        r = s.clock()
    assert json.loads(r["outbox"]["1"])["timeout"]["away"] is True
    assert t.seats[1]["stand_in"] is True and r["table"]["seats"][1]["stand_in"] is True
    assert r["bots"] is (t.game.turn == 1) and r["deadline"] is None


def test_the_clock_never_runs_for_a_stand_in_a_bot_or_a_table_with_no_one_away():
    s, _ = hosted()
    s.seat(1, stand_in=True)
    assert s.sync()["deadline"] is None
    s2 = Session(now=FakeClock())
    s2.start("whist", seed=3, seats=[person("A"), person("B")], clock=60)
    assert s2.sync()["deadline"] is None
    assert s2.clock()["code"] == "no-clock"
    s3, _ = hosted(clock=None)
    to_guest(s3)
    assert s3.sync()["deadline"] is None and s3.clock()["code"] == "no-clock"


def test_the_host_here_is_on_the_clock_too_but_never_marked_away():
    s, now = hosted()
    t = s.table
    assert t is not None
    for _ in range(TIMEOUTS_AWAY + 1):
        while t.game.turn != 0:
            s.act(t.game.legal()[0], seat=1)
        assert s.sync()["deadline"]["seat"] == 0
        now.t += 60
        assert s.clock()["seat"] == 0
    assert not t.seats[0].get("stand_in")


@pytest.mark.parametrize("bad", [0, -1, 301, 1.5, "60", True])
def test_a_clock_out_of_range_is_refused_and_the_session_stays(bad):
    s, _ = hosted()
    before = s.save()
    with pytest.raises(RulesError) as e:
        s.start("whist", seats=[person("A"), person("B", away=True)], clock=bad)
    assert e.value.params["field"] == "clock"
    assert s.save() == before


def test_the_clock_is_saved_and_comes_back_with_the_match():
    s, _ = hosted(clock=45)
    save = s.save()
    assert save["clock"] == 45
    s2 = Session(now=FakeClock())
    assert s2.load(save)["table"]["clock"] == 45
    assert "clock" not in hosted(clock=None)[0].save()
    with pytest.raises(RulesError) as e:
        s2.load({**save, "clock": 9999})
    assert e.value.code == "bad-save" and e.value.params["field"] == "clock"


def test_a_new_deals_clock_waits_for_the_last_deals_summary_at_most_one_decisions_time():
    from kingweb.session import SUMMARY_MAX, summary_wait

    s, now = hosted(clock=20)
    t = s.table
    assert t is not None
    while t.game.deal_no == 0:  # the first deal played out at once (no time passes)
        r = s.act(t.game.legal()[0], seat=t.game.turn)
    # the new deal's first decision: its clock starts only after the summary's wait
    seat = t.game.turn
    assert summary_wait(20) == 20 and summary_wait(300) == SUMMARY_MAX == 30
    assert r["deadline"] == {"seat": seat, "ms": 40_000}
    now.t += 25
    assert s.clock()["code"] == "clock-running"
    # a decision later in the deal, once the wait is over, has the clock alone
    s.act(t.game.legal()[0], seat=seat)
    assert s.sync()["table"]["deadline"] == {"seat": t.game.turn, "ms": 20_000}
    # one who never plays holds the table no longer than the wait and one clock
    now.t += 20
    assert s.clock()["ok"] is True
