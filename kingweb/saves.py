"""A table's save: the match's seed, options, seats, level, match token and actions,
written after every change and restored by replaying it (``kingweb.session``'s ``save``
and ``load``); every field is checked, and a save that cannot be replayed is refused
with ``bad-save`` naming the field."""

import json
import math
import secrets
from typing import Any, cast

from . import RulesError, from_json, new_game, safejson, seeds
from .errors import describe
from .game import Game, check_seat
from .table import Seat, Table, bot, check_clock, check_level, check_seats, person

SAVE_FORMAT = "kingweb-save"
SAVE_VERSION = 2


def copy_seat(s: Seat) -> Seat:
    return cast(Seat, dict(s))


def save_of(t: Table, match: str) -> dict[str, Any]:
    """The save of table ``t`` (a lesson is not saved), with its match token."""
    if t.lesson is not None:
        raise RulesError("lesson-not-saved", "a lesson is not saved: open it again from the lessons")
    g = t.game
    out: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": g.id,
        "seed": seeds.to_json(g.seed),
        "options": g.options,
        "seats": [copy_seat(s) for s in t.seats],
        "level": t.level,
        "match": match,
        "actions": list(g.actions),
    }
    if t.daily is not None:
        out["daily"] = t.daily
    if t.clock is not None:
        out["clock"] = t.clock
    return out


def share_of(t: Table) -> dict[str, Any]:
    """A solo match's link data: the same deals and bot play for whoever opens it.  A
    table of several people shares nothing: the seed would show every hand."""
    if not t.solo or t.lesson is not None:
        raise RulesError("not-shared", "only a match of one person against bots can be shared")
    if t.daily is not None:  # a link's bots play on a clock: not the daily's
        raise RulesError("not-shared", "a daily challenge is shared by its replay code, once it is over")
    g = t.game
    return {"game": g.id, "seed": seeds.to_json(g.seed), "options": g.options, "level": t.level}


def undo_marks(game: Game, seat: int) -> list[int]:
    """Where each of ``seat``'s actions stands in ``game.actions`` (found by replaying), for
    the undo of a solo match restored from its save."""
    replay = new_game(game.id, game.seed, game.options)
    out = []
    for i, a in enumerate(game.actions):
        if replay.turn == seat:
            out.append(i)
        replay.act(a)
    return out


def read_save(data: object) -> tuple[Table, str]:
    """The table of a save (an object, or its JSON text), all checked, and its match token;
    a corrupt or foreign save raises ``RulesError`` with code ``bad-save`` saying why."""
    try:
        return _read_save(data)
    except RulesError as e:
        if e.code == "bad-save":
            raise
        field = e.params.get("field") or _SAVE_FIELD_OF.get(e.code)
        raise RulesError("bad-save", f"save: {e}", field=field) from None


#: The save field behind each error of a game read from a save.
_SAVE_FIELD_OF = {
    "bad-level": "level",
    "unknown-game": "game",
    "bad-seed": "seed",
    "bad-options": "options",
    "bad-option": "options",
    "unknown-option": "options",
    "option-combination": "options",
    "bad-seats": "seats",
    "bad-name": "seats",
}
#: The fields of a save, per version (version 1: one person at ``seat``, bots at ``level``)
SAVE_FIELDS = {
    1: ("format", "version", "game", "seed", "options", "level", "seat", "actions"),
    2: ("format", "version", "game", "seed", "options", "seats", "level", "match", "actions", "daily", "clock"),
}


def _read_save(data: object) -> tuple[Table, str]:
    """The table of a save, all checked, and its match token."""
    if isinstance(data, str):
        try:
            data = safejson.loads(data)
        except ValueError as e:
            raise RulesError("bad-save", f"save: not JSON ({e})", field=None) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise RulesError("bad-save", "save: not a kingweb save", field="format")
    version = data.get("version")
    if type(version) is not int or version not in SAVE_FIELDS:
        raise RulesError(
            "bad-save",
            f"save: version {describe(version)} is not one this version reads ({', '.join(map(str, SAVE_FIELDS))})",
            field="version",
        )
    fields = SAVE_FIELDS[version]
    for key in data:
        if key not in fields:
            raise RulesError(
                "bad-save",
                f"save: {describe(key)} is not a field of a save (fields: {', '.join(fields)})",
                field=key,
            )
    level = check_level(data.get("level"))
    try:
        snapshot = json.dumps(
            {
                "format": "kingweb",
                "version": 1,
                "game": data.get("game"),
                "seed": data.get("seed"),
                "options": data.get("options"),
                "scenario": None,
                "actions": data.get("actions"),
            }
        )
    except (RecursionError, TypeError, ValueError):  # too deep, or not JSON data at all
        raise RulesError("bad-save", "save: its fields are not plain JSON data", field=None) from None
    g = from_json(snapshot)
    if version == 1:
        seat = check_seat(data.get("seat"), g.players, "seat")
        seats = [person() if s == seat else bot(level) for s in range(g.players)]
        match = secrets.token_hex(6)
    else:
        seats = check_seats(data.get("seats"), g.players)
        token = data.get("match")
        if not (isinstance(token, str) and 0 < len(token) <= 32 and token.isalnum()):
            raise RulesError("bad-save", "save: match is not a match token", field="match")
        match = token
    if "daily" in data:
        return _daily_table(g, seats, level, data["daily"]), match
    return Table(g, seats, level, clock=check_clock(data.get("clock"))), match


def _daily_table(g: Game, seats: list[Seat], level: str, date: object) -> Table:
    """The table of a daily challenge's save (its optional field ``daily``, the date): it
    must be that day's match as the daily deals and seats it, or it is refused."""
    from . import daily

    try:
        setup = daily.setup(g.id, date)
    except RulesError as e:
        raise RulesError("bad-save", f"save: daily: {e}", field="daily") from None
    want = [person(seats[s]["name"]) if s == setup["seat"] else bot(setup["level"]) for s in range(g.players)]
    if (
        g.seed != setup["seed"]
        or g.options != daily.new(g.id, setup["date"]).options
        or seats != want
        or level != setup["level"]
    ):
        raise RulesError("bad-save", f"save: not the daily challenge of {setup['date']} as it is dealt", field="daily")
    return Table(g, seats, level, math.inf, daily=setup["date"])
