"""The daily challenge: for each game and UTC date, the same deals for everyone, played
against bots whose every decision is fixed by the date; a replay code proves a score by
replaying it, so that a score cannot be typed in, only played.

- The match: ``new(game, date)``, with the seed ``seed(game, date)`` (the first four bytes
  of SHA-256 of ``"kingweb-daily/<game>/<date>"``, as a number below 2³¹) and the game's
  ``OPTIONS``; the player sits at ``SEAT``, the others are ``normal`` bots with no clock
  (``bots``), so they play the same on every machine.
- The replay code: ``code(game, date, seat, actions)`` → ``K1.20261203.0.<moves>.<check>``:
  the game's letter and the code's version, the date, the seat, the player's actions as
  their places in the legal lists (a nibble each, base64url), and a check of the rest.
  ``verify(code)`` replays it (the bots' actions are recomputed, not read) and answers the
  result, or refuses the code with ``RulesError`` (``bad-replay-code``) saying why.
- Par: the ``hard`` bot's score from the same seat against the same bots on the same deals
  (``par``, one deal a call with ``par_step``).

>>> from kingweb import daily
>>> daily.seed("king", "2026-12-03") == daily.seed("king", "2026-12-03") != daily.seed("king", "2026-12-04")
True
"""

import base64
import hashlib
import math
import re
from datetime import date as Date
from typing import TYPE_CHECKING, Any, TypedDict, cast

from . import IllegalAction, RulesError, new_game
from .bots import Bot
from .errors import describe
from .game import Game
from .games import GAMES, facts_of
from .record import of_game
from .recordjson import Record

# -- the shapes of a daily ------------------------------------------------------------------------------


class DailySetup(TypedDict):
    """How to play a game's daily on a UTC date: a match of this seed and these options,
    the player at ``seat``, bots of ``level`` with no clock (``budget`` None)."""

    game: str
    date: str
    seed: int
    options: dict[str, Any]
    seat: int
    level: str
    budget: None
    version: int  # of the replay code


class DailyResult(TypedDict):
    """A replay code verified: the match it plays, and its record to review."""

    game: str
    date: str
    seat: int
    score: int
    scores: list[int]
    actions: list[str]
    record: Record


class ParStep(TypedDict):
    """Par's match one deal further: its actions so far; ``score`` once it is over."""

    actions: list[str]
    deals: int
    done: bool
    score: int | None


if TYPE_CHECKING:
    from .table import Table

#: The daily's options: the defaults, but those a game's facts set (German Whist to 5
#: points: a 15-point match runs an hour, a daily a few minutes)
OPTIONS: dict[str, dict[str, Any]] = {gid: f.daily_options for gid, f in GAMES.items()}
SEAT = 0
LEVEL = "normal"
PAR_LEVEL = "hard"
VERSION = 1
#: Game id → its letter in a replay code (``GameFacts.letter``)
LETTERS = {gid: f.letter for gid, f in GAMES.items()}
FIRST_DAY, LAST_DAY = Date(2020, 1, 1), Date(2199, 12, 31)
_CODE = re.compile(r"([A-Z])(\d+)\.(\d{8})\.(\d)\.([A-Za-z0-9_-]*)\.([A-Za-z0-9_-]{6})")
MAX_CODE = 2000


def _bad(field: str, why: str) -> RulesError:
    return RulesError("bad-replay-code", f"replay code: {field}: {why}", field=field)


def check_day(game: object, date: object) -> tuple[str, str]:
    """``(game, date)`` checked: a game of kingweb and a UTC date written YYYY-MM-DD."""
    gid = facts_of(game).id
    if not (isinstance(date, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", date)):
        raise RulesError("bad-request", f"date: {describe(date)} is not a date written YYYY-MM-DD", field="date")
    try:
        day = Date.fromisoformat(date)
    except ValueError:
        raise RulesError("bad-request", f"date: {date} is not a day of the calendar", field="date") from None
    if not FIRST_DAY <= day <= LAST_DAY:
        raise RulesError("bad-request", f"date: {date} is not between {FIRST_DAY} and {LAST_DAY}", field="date")
    return gid, date


def seed(game: str, date: str) -> int:
    """The seed of ``game``'s daily on ``date`` (UTC, YYYY-MM-DD)."""
    check_day(game, date)
    digest = hashlib.sha256(f"kingweb-daily/{game}/{date}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def setup(game: object, date: object) -> DailySetup:
    """What a page needs to play the daily: the match's seed and options, the player's
    seat, the bots' level (with no clock: ``budget`` null) and the code's version."""
    gid, day = check_day(game, date)
    return {
        "game": gid,
        "date": day,
        "seed": seed(gid, day),
        "options": dict(GAMES[gid].daily_options),
        "seat": SEAT,
        "level": LEVEL,
        "budget": None,
        "version": VERSION,
    }


def new(game: str, date: str) -> Game:
    """The daily's match, before anyone acts."""
    return new_game(game, seed(game, date), GAMES[game].daily_options)


def bots(g: Game, level: str = LEVEL) -> list[Bot]:
    """The bots of match ``g``, one a seat, seeded as a table seeds them (the match's seed
    × 8 + the seat) and with no clock."""
    return [Bot(level, seed=g.seed * 8 + s, budget=math.inf) for s in range(g.players)]


def _replay(game: str, date: str, seat: int, moves: list[int]) -> tuple[Game, int]:
    """The daily played with ``moves`` (indices in the legal lists) at ``seat``; returns
    the game and how many moves were used."""
    g = new(game, date)
    players = bots(g)
    used = 0
    while not g.over:
        turn = cast(int, g.turn)
        if turn == seat:
            if used == len(moves):
                break
            legal = g.legal()
            if moves[used] >= len(legal):
                raise _bad(
                    f"moves[{used}]",
                    f"place {moves[used]} is not among the {len(legal)} legal actions there ({', '.join(legal)})",
                )
            g.act(legal[moves[used]])
            used += 1
        else:
            g.act(players[turn].decide(g.view(turn)))
    return g, used


def code(game: object, date: object, seat: object, actions: object) -> str:
    """The replay code of a daily played at ``seat`` with ``actions``: every action of
    the match in order (a table's save), the bots' included, which must be the daily
    bots' own."""
    gid, day = check_day(game, date)
    if not (type(seat) is int and 0 <= seat < GAMES[gid].players):
        raise RulesError("bad-seat", f"seat: {describe(seat)} is not a seat of {gid}", field="seat")
    if not (isinstance(actions, list) and all(isinstance(a, str) for a in actions)):
        raise RulesError("bad-request", "actions: expected the list of the match's actions", field="actions")
    g = new(gid, day)
    players = bots(g)
    moves: list[int] = []
    for i, a in enumerate(actions):
        if g.over:
            raise RulesError("bad-request", f"actions[{i}]: the match is over before it", field=f"actions[{i}]")
        turn = cast(int, g.turn)
        legal = g.legal()
        if turn == seat:
            if a not in legal:
                raise RulesError(
                    "bad-request", f"actions[{i}]: {describe(a)} is not legal there", field=f"actions[{i}]"
                )
            moves.append(legal.index(a))
        else:
            expect = players[turn].decide(g.view(turn))
            if a != expect:
                raise RulesError(
                    "bad-request",
                    f"actions[{i}]: seat {turn}'s bot plays {expect} there, not {describe(a)}",
                    field=f"actions[{i}]",
                )
        g.act(a)
    head = f"{GAMES[gid].letter}{VERSION}.{day.replace('-', '')}.{seat}"
    payload = _pack(moves)
    return f"{head}.{payload}.{_check(head, payload)}"


def _pack(moves: list[int]) -> str:
    """The moves as nibbles, two a byte (an odd count ends with 0xF), in base64url."""
    nibbles = [*moves, 15] if len(moves) % 2 else list(moves)
    data = bytes(16 * a + b for a, b in zip(nibbles[0::2], nibbles[1::2], strict=True))
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unpack(payload: str) -> list[int]:
    try:
        data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except ValueError:
        raise _bad("moves", "not base64url") from None
    out: list[int] = []
    for byte in data:
        out += [byte >> 4, byte & 15]
    if out and out[-1] == 15:
        out.pop()
    if 15 in out:
        raise _bad("moves", "a move out of range (15 only ends an odd count)")
    return out


def _check(head: str, payload: str) -> str:
    digest = hashlib.sha256(f"{head}.{payload}".encode()).digest()
    return base64.urlsafe_b64encode(digest).decode()[:6]


def verify(text: object) -> DailyResult:
    """Replay a daily's code: ``{game, date, seat, score, scores, par: None, actions,
    record}`` (``record``: the match in kingweb's deal format, to review); a code that is
    malformed, was changed, or does not play a whole match is refused (``bad-replay-code``)."""
    if not isinstance(text, str) or len(text) > MAX_CODE:
        raise _bad("code", f"expected the text of a replay code, at most {MAX_CODE} characters")
    m = _CODE.fullmatch(text.strip())
    if not m:
        raise _bad("code", "not a kingweb replay code (K1.YYYYMMDD.seat.moves.check)")
    letter, version, ymd, seat_text, payload, check = m.groups()
    games = {f.letter: gid for gid, f in GAMES.items()}
    if letter not in games:
        raise _bad("game", f"{letter} is not a game's letter ({', '.join(games)})")
    if int(version) != VERSION:
        raise _bad("version", f"version {version} is not this kingweb's ({VERSION})")
    head = f"{letter}{version}.{ymd}.{seat_text}"
    if _check(head, payload) != check:
        raise _bad("check", "the check does not match the rest: the code was changed or mistyped")
    gid = games[letter]
    day = f"{ymd[:4]}-{ymd[4:6]}-{ymd[6:]}"
    try:
        check_day(gid, day)
    except RulesError as e:
        raise _bad("date", str(e)) from None
    seat = int(seat_text)
    if seat >= GAMES[gid].players:
        raise _bad("seat", f"seat {seat} is not a seat of {gid}")
    moves = _unpack(payload)
    try:
        g, used = _replay(gid, day, seat, moves)
    except IllegalAction as e:  # pragma: no cover - a legal list's entry is always legal
        raise _bad("moves", str(e)) from None
    if not g.over:
        raise _bad("moves", f"the match is not over after the code's {len(moves)} moves")
    if used < len(moves):
        raise _bad("moves", f"the match is over after {used} of the code's {len(moves)} moves")
    return {
        "game": gid,
        "date": day,
        "seat": seat,
        "score": g.scores[seat],
        "scores": list(g.scores),
        "actions": list(g.actions),
        "record": of_game(g),
    }


def par_step(game: object, date: object, seat: object, actions: object = None) -> ParStep:
    """One deal more of the par match (the ``hard`` bot at ``seat``, no clock) after
    ``actions``, its actions so far: ``{actions, deals, done, score}``, ``score`` None
    until ``done``.  A page calls it deal by deal in its review worker and keeps the
    result: par is the same for everyone."""
    gid, day = check_day(game, date)
    if not (type(seat) is int and 0 <= seat < GAMES[gid].players):
        raise RulesError("bad-seat", f"seat: {describe(seat)} is not a seat of {gid}", field="seat")
    if actions is None:
        actions = []
    if not (isinstance(actions, list) and all(isinstance(a, str) for a in actions)):
        raise RulesError("bad-request", "actions: expected the par match's actions so far", field="actions")
    g = new(gid, day)
    players = bots(g)
    players[seat] = Bot(PAR_LEVEL, seed=g.seed * 8 + seat, budget=math.inf)
    for i, a in enumerate(actions):  # (the page's own results: replayed, not decided again)
        try:
            g.act(a)
        except IllegalAction as e:
            raise RulesError("bad-request", f"actions[{i}]: {e}", field=f"actions[{i}]") from None
    deals = len(g.deals)
    while not g.over and len(g.deals) == deals:
        turn = cast(int, g.turn)
        g.act(players[turn].decide(g.view(turn)))
    return {
        "actions": list(g.actions),
        "deals": len(g.deals),
        "done": g.over,
        "score": g.scores[seat] if g.over else None,
    }


def par(game: str, date: str, seat: int = SEAT) -> int:
    """Par of the daily: the hard bot's final score from ``seat``."""
    step = par_step(game, date, seat)
    while not step["done"]:
        step = par_step(game, date, seat, step["actions"])
    return cast(int, step["score"])


def table(game: object, date: object) -> "Table":
    """The table of the daily challenge of ``game`` on UTC ``date``: its deals, the person
    at its seat, its bots with no clock (``kingweb.session``'s ``daily``)."""
    from .table import Table, bot, person

    day = setup(game, date)
    g = new(day["game"], day["date"])
    seats = [person() if s == day["seat"] else bot(day["level"]) for s in range(g.players)]
    return Table(g, seats, day["level"], math.inf, daily=day["date"])


def code_of(t: "Table") -> dict[str, Any]:
    """The replay code of the daily challenge played at table ``t``, once it is over:
    ``{code, game, date, seat, score}``."""
    if t.daily is None or not t.game.over:
        raise RulesError("not-daily", "the table is not a daily challenge played to its end")
    seat = t.people[0]
    return {
        "code": code(t.game.id, t.daily, seat, list(t.game.actions)),
        "game": t.game.id,
        "date": t.daily,
        "seat": seat,
        "score": t.game.scores[seat],
    }
