"""A table as the web layer sees it: one human seat, bots in the others, JSON in and out.

The worker calls ``handle(request_json)`` and gets JSON back; nothing here knows about
browsers.  A session is saved as seed + options + level + actions (``save``), which is
also what a shared link carries, and restored by replaying (``load``): the bots are
deterministic for a seed, so a replay reproduces their play exactly.
"""

import json
import time
from collections.abc import Iterable
from typing import Any, cast

from . import IllegalAction, RulesError, from_json, new_game, safejson
from .bots import DEFAULT_BUDGET, LEVELS, Bot
from .bots.hints import REASONS, hint
from .errors import ERRORS, REFUSALS, describe
from .game import Game, check_seat
from .views import Hint, SessionPart

#: An answer's ``result``: plain JSON data (the state is a view plus ``SessionPart``).
Result = dict[str, Any]

SAVE_FORMAT = "kingweb-save"
SAVE_VERSION = 1
MAX_BUDGET = 10.0


class Session:
    """One human seat at one table (a match or a lesson), bots in the others."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.lesson_id: str | None = None
        self.level = "normal"
        self.seat = 0
        self.budget: float = DEFAULT_BUDGET
        self._bots: dict[int, Bot] = {}
        self.human_moves: list[int] = []  # indices in game.actions of the human's actions

    # -- lifecycle ------------------------------------------------------------------

    def start(
        self,
        game: str,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        level: str = "normal",
        seat: int = 0,
        budget: float | None = None,
    ) -> Result:
        """A new match with the human at ``seat``.  Everything is checked before the old
        game is replaced: a refused start leaves the session as it was."""
        level = _level(level, "level")
        budget = self.budget if budget is None else _budget(budget)
        g = new_game(game, seed, {} if options is None else options)
        self._set(g, level, check_seat(seat, g.players, "seat"))
        self.budget = budget
        return self.state()

    def _set(
        self, game: Game, level: str, seat: int, lesson_id: str | None = None, human_moves: Iterable[int] = ()
    ) -> None:
        self.game, self.level, self.seat, self.lesson_id = game, level, seat, lesson_id
        self._bots = {}
        self.human_moves = list(human_moves)

    def bot(self, seat: int) -> Bot:
        b = self._bots.get(seat)
        if b is None:
            b = self._bots[seat] = Bot(self.level, seed=self._need().seed * 8 + seat, budget=self.budget)
        return b

    # -- play -------------------------------------------------------------------------

    def act(self, action: str) -> Result:
        """The human's action; refused with the engine's reason, changing nothing."""
        g = self._need()
        try:
            g.act(action, seat=self.seat)
        except IllegalAction as e:
            return self._refused(e)
        self.human_moves.append(len(g.actions) - 1)
        return {"ok": True, "state": self.state()}

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
        self._set(lesson.position(), "normal", lesson.seat, lesson_id)
        return self.state()

    def lesson_try(self, action: str) -> Result:
        """The learner's answer: right (played), wrong (explained, not played) or
        illegal (the rule, not played).  An answer to a lesson already answered is
        judged on the table as it is now: illegal if it cannot be played there."""
        from .lessons import check

        if self.lesson_id is None:
            raise RulesError("no-lesson", "no lesson is open")
        refusal, better, cost = check(self.lesson_id, action)
        if refusal is None and better is None:  # right
            try:
                self._need().act(action, seat=self.seat)
            except IllegalAction as e:
                refusal = e
            else:
                return {"verdict": "right", "state": self.state()}
        if refusal is not None:
            return {
                "verdict": "illegal",
                "error": str(refusal),
                "code": refusal.code,
                "params": refusal.params,
                "state": self.state(),
            }
        return {"verdict": "wrong", "hint": better, "cost": cost, "state": self.state()}

    def bot_step(self) -> Result:
        """Let the bot whose turn it is act once."""
        g = self._need()
        seat = g.turn
        if seat is None or seat == self.seat:
            return self._refused(IllegalAction("no-bot-to-act"))
        t0 = time.perf_counter()
        # (the bots read a view as a plain dict: the shape is kingweb.views')
        action = self.bot(seat).decide(cast(dict[str, Any], g.view(seat)))
        ms = 1000 * (time.perf_counter() - t0)
        g.act(action, seat=seat)
        return {"ok": True, "seat": seat, "action": action, "ms": ms, "state": self.state()}

    def hint(self) -> Hint:
        return hint(self._need(), self.seat)

    def undo(self) -> Result:
        """Take back the human's last action and everything after it (solo play)."""
        g = self._need()
        if not self.human_moves:
            return self._refused(IllegalAction("nothing-to-undo"))
        self.game = self._replayed(g.actions[: self.human_moves.pop()])
        return {"ok": True, "state": self.state()}

    def _replayed(self, actions: list[str]) -> Game:
        """The game from its start (the match's seed, or the lesson's position) with
        ``actions`` played."""
        data = json.loads(self._need().to_json())
        data["actions"] = actions
        return from_json(json.dumps(data))

    # -- save / load ------------------------------------------------------------------

    def save(self) -> Result:
        g = self._need()
        if self.lesson_id is not None:
            raise RulesError("lesson-not-saved", "a lesson is not saved: open it again from the lessons")
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": g.id,
            "seed": g.seed,
            "options": g.options,
            "level": self.level,
            "seat": self.seat,
            "actions": list(g.actions),
        }

    def load(self, data: object) -> Result:
        """Restore a save (an object, or its JSON text); a corrupt or foreign one raises
        ``RulesError`` with code ``bad-save`` saying why, and leaves the session as it was."""
        try:
            g, level, seat = _read_save(data)
        except RulesError as e:
            if e.code == "bad-save":
                raise
            field = e.params.get("field") or _SAVE_FIELD_OF.get(e.code)
            raise RulesError("bad-save", f"save: {e}", field=field) from None
        self._set(g, level, seat, human_moves=_human_action_indices(g, seat))
        return self.state()

    # -- what the page draws ------------------------------------------------------------

    def state(self) -> Result:
        """The human's view of the table, and the session's own fields (``SessionPart``)."""
        g = self._need()
        part: SessionPart = {
            "human": self.seat,
            "level": self.level,
            "seed": g.seed,
            "actions_count": len(g.actions),
            "can_undo": bool(self.human_moves),
            "lesson": self.lesson_id,
        }
        return {**g.view(self.seat), **part}

    def _refused(self, e: IllegalAction) -> Result:
        """The answer to a refused request: the reason as words, code and params."""
        return {"ok": False, "error": str(e), "code": e.code, "params": e.params, "state": self.state()}

    def handle(self, request: object) -> str:
        """One JSON request ``{"cmd": ..., "args": {...}}`` → JSON response; never raises
        (see ``_handle``)."""
        return _handle(self, request)

    def _need(self) -> Game:
        if self.game is None:
            raise RulesError("no-game", "no game: start one first")
        return self.game


#: The save field behind each error of a game read from a save.
_SAVE_FIELD_OF = {
    "bad-level": "level",
    "unknown-game": "game",
    "bad-seed": "seed",
    "bad-options": "options",
    "bad-option": "options",
    "unknown-option": "options",
    "option-combination": "options",
}
SAVE_FIELDS = ("format", "version", "game", "seed", "options", "level", "seat", "actions")


def _read_save(data: object) -> tuple[Game, str, int]:
    """The game, level and seat of a save, all checked."""
    if isinstance(data, str):
        try:
            data = safejson.loads(data)
        except ValueError as e:
            raise RulesError("bad-save", f"save: not JSON ({e})", field=None) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise RulesError("bad-save", "save: not a kingweb save", field="format")
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        raise RulesError(
            "bad-save", f"save: version {describe(version)} is not this version ({SAVE_VERSION})", field="version"
        )
    for key in data:
        if key not in SAVE_FIELDS:
            raise RulesError(
                "bad-save",
                f"save: {describe(key)} is not a field of a save (fields: {', '.join(SAVE_FIELDS)})",
                field=key,
            )
    level = _level(data.get("level"), "level")
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
    return g, level, check_seat(data.get("seat"), g.players, "seat")


def _level(level: object, field: str) -> str:
    if not (isinstance(level, str) and level in LEVELS):
        raise RulesError("bad-level", f"{field}: {describe(level)} is not a bot level (one of {', '.join(LEVELS)})")
    return level


def _budget(budget: object) -> float:
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


def _human_action_indices(game: Game, seat: int) -> list[int]:
    """Indices in ``game.actions`` of ``seat``'s actions (found by replaying a new match)."""
    replay = new_game(game.id, game.seed, game.options)
    out = []
    for i, a in enumerate(game.actions):
        if replay.turn == seat:
            out.append(i)
        replay.act(a)
    return out


_SESSION = Session()

#: Each command's arguments: the required ones, then the optional ones.
COMMANDS = {
    "start": (("game",), ("options", "seed", "level", "seat", "budget")),
    "act": (("action",), ()),
    "bot": ((), ()),
    "hint": ((), ()),
    "undo": ((), ()),
    "save": ((), ()),
    "load": (("save",), ()),
    "lesson": (("id",), ()),
    "lesson_try": (("action",), ()),
    "state": ((), ()),
    "info": ((), ()),
}


def handle(request: object) -> str:
    """The page's session answers ``request``: see ``Session.handle``."""
    return _SESSION.handle(request)


def _handle(s: Session, request: object) -> str:
    """One JSON request ``{"cmd": ..., "args": {...}}`` → JSON response.

    The answer is ``{"ok": true, "result": ...}``; errors come back as ``{"ok": false,
    "error": message, "kind": "RulesError", "code": code, "params": {...}}``, never
    raised, so that the worker never dies on bad input, and a request that fails leaves
    the session as it was.  A refused action is not an error: its result is
    ``{"ok": false, "error", "code", "params", "state"}``."""
    try:
        return json.dumps({"ok": True, "result": _run(s, request)})
    except (RulesError, IllegalAction) as e:
        return json.dumps({"ok": False, "error": str(e), "kind": "RulesError", "code": e.code, "params": e.params})
    except Exception as e:  # a bug of ours: reported, so that the worker lives on
        return json.dumps(
            {
                "ok": False,
                "error": f"internal error: {type(e).__name__}: {describe(e, 200)}",
                "kind": "InternalError",
                "code": "internal-error",
                "params": {},
            }
        )


def _run(s: Session, request: object) -> Any:
    """Check ``request`` fully, then run it on session ``s``."""
    if not isinstance(request, str):
        raise RulesError("bad-request", "request: expected JSON text", field="request")
    try:
        req = safejson.loads(request)
    except ValueError as e:
        raise RulesError("bad-request", f"request: not JSON ({e})", field="request") from None
    if not isinstance(req, dict):
        raise RulesError("bad-request", 'request: expected an object {"cmd": ..., "args": {...}}', field="request")
    for key in req:
        if key not in ("cmd", "args"):
            raise RulesError("bad-request", f"request: {describe(key)} is not a field (fields: cmd, args)", field=key)
    cmd, args = req.get("cmd"), req.get("args")
    if not (isinstance(cmd, str) and cmd in COMMANDS):
        raise RulesError(
            "unknown-command", f"unknown command {describe(cmd)}", cmd=cmd if isinstance(cmd, str) else None
        )
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise RulesError("bad-request", "args: expected an object of argument names to values", field="args")
    required, optional = COMMANDS[cmd]
    for name in required:
        if name not in args:
            raise RulesError("bad-request", f"args: {cmd} needs {name!r}", field=name)
    for name in args:
        if name not in required and name not in optional:
            raise RulesError(
                "bad-request",
                f"args: {describe(name)} is not an argument of {cmd} "
                f"(arguments: {', '.join(required + optional) or 'none'})",
                field=name,
            )
    if cmd == "start":
        return s.start(**args)
    if cmd == "act":
        return s.act(args["action"])
    if cmd == "bot":
        return s.bot_step()
    if cmd == "hint":
        return s.hint()
    if cmd == "undo":
        return s.undo()
    if cmd == "save":
        return s.save()
    if cmd == "load":
        return s.load(args["save"])
    if cmd == "lesson":
        return s.lesson(args["id"])
    if cmd == "lesson_try":
        return s.lesson_try(args["action"])
    if cmd == "state":
        return s.state()
    return info()


def info() -> Result:
    """The games and their options, for the start screen, and every code the page may
    have to translate."""
    from . import _CLASSES

    out: dict[str, Any] = {}
    for gid, cls in _CLASSES.items():
        out[gid] = {
            "players": cls.players,
            "options": {
                k: {"default": o.default, "allowed": list(o.allowed), "doc": o.doc} for k, o in cls.OPTIONS.items()
            },
        }
    from . import __version__
    from .lessons import LESSONS

    return {
        "games": out,
        "levels": list(LEVELS),
        "version": __version__,
        "lessons": list(LESSONS),
        "codes": {"refusals": list(REFUSALS), "reasons": list(REASONS), "errors": list(ERRORS)},
    }
