"""The table as the page's worker serves it: JSON requests in, JSON answers out.

The worker calls ``handle(request_json)`` and gets JSON back; nothing here knows about
browsers.  A session holds one ``Table`` and the audiences the page follows: those
*here* (the page draws them: the one person of a solo table, or, at a device passed
round, the spectator's table and the person who has just revealed their hand) and those
*away* (guests, whose words the page passes on unread).  Every answer that changes the
table carries, for each followed audience, the engine's new events as that audience may
know them and its legal actions (``Update``); a page that lost count asks ``sync``.
Nothing a page is told names the match's seed: the seed stays here, in the save, which
the worker keeps itself (``save``), and in a solo player's ``share`` link.

A save is the match's seed, options, seats and actions: restored by replaying (``load``);
the bots are deterministic for a seed, so a replay reproduces their play exactly
(``kingweb.saves`` writes and checks them).
"""

import json
import secrets
import time
from collections.abc import Callable
from typing import Any, NotRequired, TypedDict

from . import IllegalAction, RulesError, catalogue, handler, new_game
from .bots import DEFAULT_BUDGET
from .catalogue import facts
from .errors import describe
from .events import Audience, Event
from .game import check_seat
from .handler import Command
from .moveclock import SUMMARY_MAX, Deadline, MoveClock, Timeout, summary_wait
from .saves import SAVE_FIELDS, SAVE_FORMAT, SAVE_VERSION, copy_seat, read_save, save_of, share_of, undo_marks
from .table import Seat, Table, bot, check_budget, check_clock, check_level, check_seats, person
from .views import Hint

__all__ = [
    "COMMANDS",
    "SAVE_FIELDS",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SUMMARY_MAX",
    "Session",
    "handle",
    "info",
    "key_of",
    "summary_wait",
]

#: An answer's ``result``: plain JSON data.
Result = dict[str, Any]

SPECTATOR = "spectator"


class TableDetails(TypedDict):
    """What the page knows of the table besides a view: who sits where, the bots' level,
    the lesson (if it is one), whether one person plays alone (undo, share) and can undo
    now, ``match``, a token that tells one match from another (never the seed),
    ``daily``, the UTC date of the daily challenge the match is (else null), and
    ``clock``, the move clock's seconds a decision at a table with people away (else
    null), and ``deadline``, for whom it runs now (else null); ``facts``, the facts of the
    game's rules the page draws from (``catalogue.facts``), so that a guest's page, which
    runs no engine, draws from them too."""

    seats: list[Seat]
    level: str
    lesson: str | None
    solo: bool
    can_undo: bool
    match: str
    daily: str | None
    clock: int | None
    deadline: "Deadline | None"
    facts: dict[str, Any]


class Update(TypedDict):
    """An audience's news: the events after the last it was told (numbered ``n``, with no
    gaps), then its legal actions now (empty unless it is to act)."""

    events: list[Event]
    legal: list[str]
    deadline: NotRequired[Deadline]
    timeout: NotRequired[Timeout]


def key_of(audience: Audience) -> str:
    """An audience's key in an answer's maps: the seat as text, or ``"spectator"``."""
    return SPECTATOR if audience is None else str(audience)


class Session:
    """The page's one table, and whom the page follows."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.table: Table | None = None
        self.match = ""
        self.here: list[Audience] = []
        self.away: list[Audience] = []
        self.told = 0  # the number of the last event the followed audiences were sent
        self.move_clock = MoveClock(now)

    # -- opening a table ----------------------------------------------------------------------

    def start(
        self,
        game: str,
        options: dict[str, Any] | None = None,
        seed: int | str | None = None,
        level: str = "normal",
        seat: int = 0,
        budget: float | None = None,
        seats: object = None,
        clock: object = None,
    ) -> Result:
        """A new match.  ``seats`` (one per player: a person, here or away, or a bot at a
        level) default to a person at ``seat`` and bots at ``level``; ``clock``, the move
        clock's seconds, runs only while people away are at the table.  Everything is
        checked before the old table is replaced: a refused start leaves the session as
        it was."""
        level = check_level(level)
        budget = DEFAULT_BUDGET if budget is None else check_budget(budget)
        clock = check_clock(clock)
        g = new_game(game, seed, {} if options is None else options)
        if seats is None:
            seat = check_seat(seat, g.players, "seat")
            seats = [person() if s == seat else bot(level) for s in range(g.players)]
        self._open(Table(g, check_seats(seats, g.players), level, budget, clock=clock), secrets.token_hex(6))
        return self.sync()

    def start_daily(self, game: object, date: object) -> Result:
        """The daily challenge of ``game`` on UTC ``date`` (``kingweb.daily``): its deals,
        the person at its seat, its bots with no clock; no undo, no hints.  The page is
        told the table, never the seed."""
        from . import daily

        self._open(daily.table(game, date), secrets.token_hex(6))
        return self.sync()

    def daily_code(self) -> Result:
        """The replay code of the daily challenge played here, once it is over
        (``daily.code_of``)."""
        from . import daily

        return daily.code_of(self._need())

    def _open(self, table: Table, match: str) -> None:
        self.table, self.match = table, match
        here = [s for s in table.people if not table.seats[s].get("away")]
        # one person here sees their own table; people passing a device round start at
        # the spectator's (the page reveals a hand when its person asks)
        self.here = [here[0]] if len(here) == 1 else [None]
        self.away = [s for s in table.people if table.seats[s].get("away")]
        self.told = table.game.event_count
        self.move_clock.reset(table.game.deal_no)

    def lesson(self, lesson_id: str) -> Result:
        """Open a lesson: its position, with the learner to act."""
        from .lessons import LESSONS

        if not (isinstance(lesson_id, str) and lesson_id in LESSONS):
            raise RulesError(
                "unknown-lesson",
                f"lesson {describe(lesson_id)} is not a lesson (lessons: {', '.join(LESSONS)})",
                lesson=lesson_id if isinstance(lesson_id, str) else None,
            )
        lesson = LESSONS[lesson_id]
        g = lesson.position()
        seats = [person() if s == lesson.seat else bot() for s in range(g.players)]
        self._open(Table(g, seats, lesson=lesson_id), lesson_id)
        return self.sync()

    # -- play ---------------------------------------------------------------------------------

    def act(self, action: object, seat: object = None) -> Result:
        """A person's action (``seat`` may be left out when one person plays here alone);
        refused with the engine's reason, changing nothing."""
        t = self._need()
        if seat is None:
            seat = self._only_person_here()
        try:
            t.act(seat, action)
        except IllegalAction as e:
            return _refused(e)
        return self.updates()

    def step(self) -> Result:
        """Let the bot whose turn it is act once."""
        t = self._need()
        played = t.step()
        if played is None:
            return _refused(IllegalAction("no-bot-to-act"))
        seat, action, ms = played
        return {**self.updates(), "seat": seat, "action": action, "ms": ms}

    def clock(self) -> Result:
        """The host page's timer says the move clock may have run out: if it has, the
        seat's stand-in makes the decision (**Updates** with ``timeout`` in each audience's
        update, and ``table`` when the seat was marked away); if not, the refusal
        ``clock-running`` with the ``deadline`` to wait for, or ``no-clock``."""
        t = self._need()
        deadline = self.deadline()
        if deadline is None:
            return _refused(IllegalAction("no-clock"))
        if deadline["ms"] > 0:
            return {**_refused(IllegalAction("clock-running", ms=deadline["ms"])), "deadline": deadline}
        n = t.game.event_count + 1
        seat, action, away = t.time_out()
        out = {**self.updates({"seat": seat, "n": n, "away": away}), "seat": seat, "action": action}
        if away:
            out["table"] = self.details()
        return out

    def deadline(self) -> Deadline | None:
        """The move clock now (``MoveClock.deadline``): for whom it runs, how long it has left."""
        return self.move_clock.deadline(self._need())

    def hint(self, seat: object = None) -> Hint:
        t = self._need()
        return t.hint(self._only_person_here() if seat is None else seat)

    def undo(self) -> Result:
        """Take back the person's last action and everything after it (one person only)."""
        t = self._need()
        try:
            t.undo()
        except IllegalAction as e:
            return _refused(e)
        self.told = 0  # a new game object: its events start again
        return {"ok": True, **self.sync()}

    def lesson_try(self, action: str) -> Result:
        """The learner's answer: right (played, with why: ``hint``), wrong (explained, not played) or
        illegal (the rule, not played).  An answer to a lesson already answered is
        judged on the table as it is now: illegal if it cannot be played there."""
        from .lessons import check, why

        t = self._need()
        if t.lesson is None:
            raise RulesError("no-lesson", "no lesson is open")
        refusal, better, cost = check(t.lesson, action)
        if refusal is None and better is None:  # right
            try:
                t.act(self._only_person_here(), action)
            except IllegalAction as e:
                refusal = e
            else:
                # "one decision, and why": a right answer is told why too, not only a wrong one
                return {"verdict": "right", "hint": why(t.lesson, action), **self.updates()}
        if refusal is not None:
            return {"verdict": "illegal", "error": str(refusal), "code": refusal.code, "params": refusal.params}
        return {"verdict": "wrong", "hint": better, "cost": cost}

    # -- seats -----------------------------------------------------------------------------------

    def seat(self, seat: object, name: object = None, stand_in: object = None) -> Result:
        """Name a person, or stand a bot in for a person away who has gone (and stand it
        down when they are back).  Returns the table's new ``TableDetails``."""
        self._need().set_seat(seat, name, stand_in)
        table = self.details()
        return {"table": table, "bots": self._need().bot_seat() is not None, "deadline": table["deadline"]}

    def follow(self, here: object = None, away: object = None) -> Result:
        """Choose the audiences the answers are for: ``here`` those the page draws, ``away``
        those it passes on; each a seat held by a person, or None for a spectator."""
        t = self._need()
        lists = []
        for field, value in (("here", here), ("away", away)):
            if value is None:
                value = []
            if not isinstance(value, list):
                raise RulesError("bad-request", f"{field}: expected a list of seats (null: a spectator)", field=field)
            out: list[Audience] = []
            for i, a in enumerate(value):
                if a is not None:
                    a = check_seat(a, t.game.players, f"{field}[{i}]")
                    if t.seats[a]["kind"] != "person":
                        raise RulesError("bad-seat", f"{field}[{i}]: seat {a} is a bot's", field=f"{field}[{i}]")
                if a not in out:
                    out.append(a)
            lists.append(out)
        self.here, self.away = lists
        return self.sync()

    # -- what the page is told -------------------------------------------------------------------

    def details(self) -> TableDetails:
        t = self._need()
        return {
            "seats": [copy_seat(s) for s in t.seats],
            "level": t.level,
            "lesson": t.lesson,
            "solo": t.solo,
            "can_undo": t.can_undo,
            "match": self.match,
            "daily": t.daily,
            "clock": t.clock,
            "deadline": self.deadline(),
            "facts": facts(t.game.id),
        }

    def state(self, audience: Audience) -> Result:
        """``audience``'s whole view of the table (to draw from scratch): the engine's view,
        the table's ``TableDetails`` beside it, and the number ``n`` of the last event in it."""
        t = self._need()
        return {**t.game.view(audience), **self.details(), "n": t.game.event_count}

    def sync(self, audience: object = ...) -> Result:
        """The whole state of each followed audience, or of ``audience`` alone (one that
        lost count: the others are not told again): ``states`` for those here, ``outbox``
        (JSON text) for those away, and ``bots``: whether a bot is to act."""
        t = self._need()
        if audience is ...:
            here, away = self.here, self.away
            self.told = t.game.event_count
        else:
            if audience is not None:
                audience = check_seat(audience, t.game.players, "audience")
            here, away = ([], [audience]) if audience in self.away else ([audience], [])
        return {
            "n": t.game.event_count,
            "table": self.details(),
            "states": {key_of(a): self.state(a) for a in here},
            "outbox": {key_of(a): json.dumps(self.state(a), separators=(",", ":")) for a in away},
            "bots": t.bot_seat() is not None,
            "deadline": self.deadline(),
        }

    def updates(self, timeout: Timeout | None = None) -> Result:
        """What happened since the followed audiences were last told, for each of them
        (``timeout``: the move clock made the last decision)."""
        t = self._need()
        since, self.told = self.told, t.game.event_count
        deadline = self.deadline()
        return {
            "ok": True,
            "n": self.told,
            "updates": {key_of(a): self._update(a, since, deadline, timeout) for a in self.here},
            "outbox": {
                key_of(a): json.dumps(self._update(a, since, deadline, timeout), separators=(",", ":"))
                for a in self.away
            },
            "can_undo": t.can_undo,
            "bots": t.bot_seat() is not None,
            "deadline": deadline,
        }

    def _update(self, audience: Audience, since: int, deadline: Deadline | None, timeout: Timeout | None) -> Update:
        g = self._need().game
        legal = g.legal() if audience is not None and audience == g.turn else []
        u: Update = {"events": g.events_for(audience, since), "legal": legal}
        if deadline is not None:
            u["deadline"] = deadline
        if timeout is not None:
            u["timeout"] = timeout
        return u

    # -- save / load ----------------------------------------------------------------------------

    def save(self) -> Result:
        return save_of(self._need(), self.match)

    def share(self) -> Result:
        """A solo match's link data, never a table of several people's (``saves.share_of``)."""
        return share_of(self._need())

    def load(self, save: object) -> Result:
        """Restore a save (an object, or its JSON text); a corrupt or foreign one raises
        ``RulesError`` with code ``bad-save`` saying why, and leaves the session as it was."""
        table, match = read_save(save)
        if table.solo:
            table.undo_marks = undo_marks(table.game, table.people[0])
        self._open(table, match)
        return self.sync()

    def handle(self, request: object) -> str:
        """One JSON request ``{"cmd": ..., "args": {...}}`` → JSON response; never raises
        (see ``_handle``)."""
        return _handle(self, request)

    # -- helpers ----------------------------------------------------------------------------------

    def _need(self) -> Table:
        if self.table is None:
            raise RulesError("no-game", "no game: start one first")
        return self.table

    def _only_person_here(self) -> int:
        t = self._need()
        here = [s for s in t.people if not t.seats[s].get("away")]
        if len(here) != 1:
            raise RulesError("bad-request", "seat: several people play here: say whose action it is", field="seat")
        return here[0]


def _refused(e: IllegalAction) -> Result:
    """The answer to a refused action: the reason as words, code and params."""
    return {"ok": False, "error": str(e), "code": e.code, "params": e.params}


_SESSION = Session()


def info() -> dict[str, Any]:
    """What exists (``catalogue.info``), and the commands the session answers: ``changes``,
    those whose answer may change the table (the worker writes the save again after them
    and wakes the bots), read from ``COMMANDS``."""
    return {
        **catalogue.info(),
        "commands": list(COMMANDS),
        "changes": [cmd for cmd, c in COMMANDS.items() if c.changes],
    }


#: The session's commands: each one's handler (called with the session and the checked
#: arguments), its arguments (required, then optional) and whether it may change the table.
COMMANDS: handler.Commands = {
    "start": Command(
        Session.start, ("game",), ("options", "seed", "level", "seat", "budget", "seats", "clock"), changes=True
    ),
    "act": Command(Session.act, ("action",), ("seat",), changes=True),
    "step": Command(Session.step, changes=True),
    "clock": Command(Session.clock),
    "hint": Command(Session.hint, (), ("seat",)),
    "undo": Command(Session.undo, changes=True),
    "save": Command(Session.save),
    "share": Command(Session.share),
    "load": Command(Session.load, ("save",), changes=True),
    "lesson": Command(lambda s, id: s.lesson(id), ("id",), changes=True),
    "lesson_try": Command(Session.lesson_try, ("action",), changes=True),
    "sync": Command(Session.sync, (), ("audience",)),
    "follow": Command(Session.follow, (), ("here", "away"), changes=True),
    "seat": Command(Session.seat, ("seat",), ("name", "stand_in"), changes=True),
    "info": Command(lambda s: info()),
    "start_daily": Command(Session.start_daily, ("game", "date"), changes=True),
    "daily_code": Command(Session.daily_code),
}


def handle(request: object) -> str:
    """The page's session answers ``request``: see ``Session.handle``."""
    return _SESSION.handle(request)


def _handle(s: Session, request: object) -> str:
    """One JSON request ``{"cmd": ..., "args": {...}}`` → JSON response, run through
    ``COMMANDS`` (every part of the request checked first).

    The answer is ``{"ok": true, "result": ...}``; errors come back as ``{"ok": false,
    "error": message, "kind": "RulesError", "code": code, "params": {...}}``, never
    raised, so that the worker never dies on bad input, and a request that fails leaves
    the session as it was (``kingweb.handler``).  A refused action is not an error: its
    result is ``{"ok": false, "error", "code", "params"}``."""
    return handler.serve(request, COMMANDS, s)
