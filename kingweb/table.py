"""A table: one match (or one lesson) and who sits in each seat.

Each seat holds a person or a bot.  A person is *here* (at the device that runs the
table, alone or passing it round) or *away* (at another device, joined through the
host); a bot plays at a level.  The table checks that an action comes from the person of
the seat to act, plays its bots' turns itself (``step``), and keeps the save.  What each
audience is told comes from the engine's numbered events (``Game.events_for``), so the
same table serves one player against bots, people passing one device round, and a host
with guests; only the page decides whom to ask and where the words go.

>>> t = Table.new("kingru", seed=4, seats=[person("Ana"), bot("normal"), person("Ben"), bot("easy")])
>>> t.people, t.solo
([0, 2], False)
>>> while t.bot_seat() is not None:
...     _ = t.step()
>>> t.game.turn in t.people
True
"""

import time
from typing import Any, Literal, NotRequired, TypedDict, cast

from . import names, new_game
from .bots import DEFAULT_BUDGET, LEVELS, Bot
from .bots.hints import hint
from .errors import IllegalAction, RulesError, describe
from .game import Game, check_seat
from .views import Hint

#: The move clock (a table with people away): the seconds a person has for a decision.
#: The host's dialogs offer 15 s to 5 min (``CLOCK_CHOICES``); the engine takes any whole
#: number of seconds up to ``CLOCK_MAX``, so that a test may run a clock of a few seconds.
CLOCK_CHOICES = (15, 30, 60, 120, 300)
CLOCK_DEFAULT = 60
CLOCK_MAX = 300
#: Timeouts in a row after which a person away is marked away (a stand-in plays on)
TIMEOUTS_AWAY = 3


class Seat(TypedDict):
    """Who plays a seat.  ``name`` is a person's own ("" until given: the page then names
    the seat by where it sits); ``level`` a bot's.  ``away``: a person at another device;
    ``stand_in``: that person is gone for now and a bot at the table's level plays the
    seat until they are back."""

    kind: Literal["person", "bot"]
    name: str
    level: NotRequired[str]
    away: NotRequired[bool]
    stand_in: NotRequired[bool]


def person(name: str = "", away: bool = False) -> Seat:
    seat: Seat = {"kind": "person", "name": name}
    if away:
        seat["away"] = True
    return seat


def bot(level: str = "normal") -> Seat:
    return {"kind": "bot", "name": "", "level": level}


def check_name(name: object, field: str = "name") -> str:
    """A person's name: any text, cleaned by the one name rule (``kingweb.names``), so
    that no name can stop a table; "" when nothing is left.  It is shown as text, never
    as markup.  Only a name that is not text at all is refused."""
    if not isinstance(name, str):
        raise RulesError("bad-name", f"{field}: {describe(name)} is not a name (text)", field=field)
    return names.clean(name)


def check_clock(clock: object, field: str = "clock") -> int | None:
    """A move clock: whole seconds from 1 to ``CLOCK_MAX``, or None (no clock)."""
    if clock is None:
        return None
    if not (type(clock) is int and 1 <= clock <= CLOCK_MAX):
        raise RulesError(
            "bad-request",
            f"{field}: {describe(clock)} is not a move clock (1 to {CLOCK_MAX} seconds, or null)",
            field=field,
        )
    return clock


#: The most a bot may think a decision (seconds)
MAX_BUDGET = 10.0


def check_budget(budget: object) -> float:
    """A bot's seconds a decision: a number above 0, at most ``MAX_BUDGET``."""
    if not (
        type(budget) in (int, float) and isinstance(budget, int | float) and 0 < budget <= MAX_BUDGET
    ):  # (NaN fails too; bool is not a number here)
        raise RulesError(
            "bad-request",
            f"budget: {describe(budget)} is not a number of seconds above 0 and at most {MAX_BUDGET}",
            field="budget",
        )
    return float(budget)


def check_level(level: object, field: str = "level") -> str:
    if not (isinstance(level, str) and level in LEVELS):
        raise RulesError("bad-level", f"{field}: {describe(level)} is not a bot level (one of {', '.join(LEVELS)})")
    return level


def check_seats(seats: object, players: int) -> list[Seat]:
    """The seats of a new table, each checked: a list of ``players`` objects, each a
    person (``{"kind": "person", "name"?, "away"?}``) or a bot (``{"kind": "bot",
    "level"}``), with at least one person."""
    if not isinstance(seats, list) or len(seats) != players:
        raise RulesError("bad-seats", f"seats: expected a list of {players} seats", field="seats")
    out: list[Seat] = []
    for i, s in enumerate(seats):
        field = f"seats[{i}]"
        if not isinstance(s, dict):
            raise RulesError("bad-seats", f"{field}: expected an object with a kind", field=field)
        kind = s.get("kind")
        allowed = {"person": ("kind", "name", "away", "stand_in"), "bot": ("kind", "name", "level")}.get(
            kind if isinstance(kind, str) else ""
        )
        if allowed is None:
            raise RulesError("bad-seats", f"{field}: kind {describe(kind)} is not person or bot", field=field)
        for key in s:
            if key not in allowed:
                raise RulesError(
                    "bad-seats", f"{field}: {describe(key)} is not a field of a {kind} seat", field=f"{field}.{key}"
                )
        if kind == "bot":
            out.append(bot(check_level(s.get("level"), f"{field}.level")))
            continue
        away, stand_in = (_flag(s, key, field) for key in ("away", "stand_in"))
        if stand_in and not away:
            raise RulesError("bad-seats", f"{field}: only a person away can be stood in for", field=f"{field}.stand_in")
        seat = person(check_name(s.get("name", ""), f"{field}.name"), away)
        if stand_in:
            seat["stand_in"] = True
        out.append(seat)
    if not any(s["kind"] == "person" for s in out):
        raise RulesError("bad-seats", "seats: a table needs at least one person", field="seats")
    return out


def _flag(seat: dict[str, object], key: str, field: str) -> bool:
    value = seat.get(key, False)
    if type(value) is not bool:
        raise RulesError("bad-seats", f"{field}.{key}: expected true or false", field=f"{field}.{key}")
    return value


class Table:
    """One game and its seats.  ``act`` takes a person's action, ``step`` plays the turn
    of the bot to act; both raise ``IllegalAction`` and change nothing when refused."""

    def __init__(
        self,
        game: Game,
        seats: list[Seat],
        level: str = "normal",
        budget: float = DEFAULT_BUDGET,
        lesson: str | None = None,
        daily: str | None = None,
        clock: int | None = None,
    ) -> None:
        self.game = game
        self.seats = seats
        self.level = level  # the table's bots' level: a stand-in plays at it
        self.budget = budget
        self.lesson = lesson
        # the UTC date of the daily challenge this match is (kingweb.daily): no undo, no
        # hints, bots with no clock
        self.daily = daily
        self._bots: dict[tuple[int, str], Bot] = {}
        # where each undo goes back to: the number of actions before a person's action
        self.undo_marks: list[int] = []
        # the move clock's seconds a decision (None: no clock), and each seat's timeouts
        # in a row (a decision of its own clears them)
        self.clock = clock
        self.timeouts: dict[int, int] = {}

    @classmethod
    def new(
        cls,
        game: str,
        options: dict[str, Any] | None = None,
        seed: int | str | None = None,
        seats: object = None,
        level: str = "normal",
        budget: float = DEFAULT_BUDGET,
    ) -> "Table":
        """A new match; ``seats`` default to a person at seat 0 and bots at ``level``."""
        level = check_level(level)
        g = new_game(game, seed, options)
        if seats is None:
            seats = [person()] + [bot(level) for _ in range(g.players - 1)]
        return cls(g, check_seats(seats, g.players), level, budget)

    # -- who plays --------------------------------------------------------------------------

    @property
    def people(self) -> list[int]:
        """The seats people hold (here or away)."""
        return [i for i, s in enumerate(self.seats) if s["kind"] == "person"]

    @property
    def solo(self) -> bool:
        """One person, here: undo is offered only then."""
        ppl = self.people
        return len(ppl) == 1 and not self.seats[ppl[0]].get("away", False)

    def plays_itself(self, seat: int) -> bool:
        """Whether the table plays ``seat``'s turns: a bot, or a stand-in for a person away."""
        s = self.seats[seat]
        return s["kind"] == "bot" or bool(s.get("stand_in"))

    def bot_seat(self) -> int | None:
        """The seat to act if the table plays it now (never in a lesson, which waits for
        its learner alone)."""
        turn = self.game.turn
        if turn is None or self.lesson is not None or not self.plays_itself(turn):
            return None
        return turn

    def _bot(self, seat: int) -> Bot:
        level = self.seats[seat].get("level") or self.level
        key = (seat, level)
        b = self._bots.get(key)
        if b is None:
            b = self._bots[key] = Bot(level, seed=self.game.seed * 8 + seat, budget=self.budget)
        return b

    # -- play ---------------------------------------------------------------------------------

    def act(self, seat: object, action: object) -> None:
        """The action of the person at ``seat``: refused (``IllegalAction``, nothing
        changed) unless that person is to act and the rules allow it."""
        g = self.game
        if not (type(seat) is int and 0 <= seat < g.players):
            raise IllegalAction("not-your-turn", seat=g.turn)
        if self.plays_itself(seat):
            raise IllegalAction("bot-seat", seat=seat)
        before = len(g.actions)
        g.act(cast(str, action), seat=seat)  # (the engine checks the action's type too)
        self.timeouts.pop(seat, None)
        if self.solo:
            self.undo_marks.append(before)

    def on_clock(self) -> int | None:
        """The seat whose person the move clock runs for now: at a table with a clock and
        a person away who is at the table (not stood in for), the person to act, unless a
        stand-in plays their seat.  With every guest gone nobody waits on the host."""
        turn = self.game.turn
        if (
            self.clock is None
            or turn is None
            or self.lesson is not None
            or not any(s.get("away") and not s.get("stand_in") for s in self.seats)
            or self.plays_itself(turn)
        ):
            return None
        return turn

    def time_out(self) -> tuple[int, str, bool]:
        """The move clock ran out for the person to act: the seat's stand-in (a bot at the
        table's level) makes this one decision, and the person keeps the seat; after
        ``TIMEOUTS_AWAY`` timeouts in a row a person away is marked away (the stand-in
        plays on until they are back).  ``(seat, action, marked away)``."""
        seat = self.on_clock()
        if seat is None:
            raise IllegalAction("no-clock")
        action = self._bot(seat).decide(cast(dict[str, Any], self.game.view(seat)))
        self.game.act(action, seat=seat)
        count = self.timeouts[seat] = self.timeouts.get(seat, 0) + 1
        away = count >= TIMEOUTS_AWAY and bool(self.seats[seat].get("away"))
        if away:
            self.seats[seat]["stand_in"] = True
            del self.timeouts[seat]
        return seat, action, away

    def step(self) -> tuple[int, str, float] | None:
        """Play the turn of the bot to act, if any: ``(seat, action, ms)`` of its decision."""
        seat = self.bot_seat()
        if seat is None:
            return None
        t0 = time.perf_counter()
        # (the bots read a view as a plain dict: the shape is kingweb.views')
        action = self._bot(seat).decide(cast(dict[str, Any], self.game.view(seat)))
        ms = 1000 * (time.perf_counter() - t0)
        self.game.act(action, seat=seat)
        return seat, action, ms

    def hint(self, seat: object) -> Hint:
        """A suggestion for the person at ``seat``, from that seat's view alone."""
        g = self.game
        if not (type(seat) is int and 0 <= seat < g.players) or self.plays_itself(seat):
            raise IllegalAction("bot-seat", seat=seat if type(seat) is int else None)
        if self.daily is not None:  # a hint is the review's best card: it would play for you
            raise IllegalAction("daily-no-hint")
        return hint(g, seat)

    @property
    def can_undo(self) -> bool:
        return self.solo and self.daily is None and bool(self.undo_marks)

    def undo(self) -> None:
        """Take back the person's last action and everything the bots did after it; only
        while one person plays (with more, one person's undo would take back another's)."""
        if not self.solo:
            raise IllegalAction("undo-off")
        if self.daily is not None:  # one attempt: a card taken back would be a second
            raise IllegalAction("daily-no-undo")
        if not self.undo_marks:
            raise IllegalAction("nothing-to-undo")
        self.game = replayed(self.game, self.game.actions[: self.undo_marks.pop()])

    # -- seats while playing ---------------------------------------------------------------------

    def set_seat(self, seat: object, name: object = None, stand_in: object = None) -> None:
        """Name the person at ``seat``, or say that a person away has gone (``stand_in``
        true: a bot plays their seat meanwhile) or is back (false).  All is checked before
        anything changes."""
        seat = check_seat(seat, self.game.players, "seat")
        s = self.seats[seat]
        if s["kind"] != "person":
            raise RulesError("bad-seats", f"seat: seat {seat} is a bot's", field="seat")
        if name is not None:
            name = check_name(name)
        if stand_in is not None:
            if type(stand_in) is not bool:
                raise RulesError("bad-seats", "stand_in: expected true or false", field="stand_in")
            if not s.get("away"):
                raise RulesError("bad-seats", "stand_in: only a person away can be stood in for", field="stand_in")
        if name is not None:
            s["name"] = name
        if stand_in:
            s["stand_in"] = True
        elif stand_in is False:
            s.pop("stand_in", None)
        if stand_in is not None:
            self.timeouts.pop(seat, None)


def replayed(game: Game, actions: list[str]) -> Game:
    """``game`` from its start (its seed, or its scenario's position) with ``actions``."""
    import json

    from . import from_json

    data = json.loads(game.to_json())
    data["actions"] = actions
    return from_json(json.dumps(data))
