"""A table as the web layer sees it: one human seat, bots in the others, JSON in and out.

The worker calls ``handle(request_json)`` and gets JSON back; nothing here knows about
browsers.  A session is saved as seed + options + level + actions (``save``), which is
also what a shared link carries, and restored by replaying (``load``): the bots are
deterministic for a seed, so a replay reproduces their play exactly.
"""

import json
import time

from . import IllegalAction, RulesError, from_json, new_game
from .bots import LEVELS, Bot
from .bots.hints import REASONS, hint
from .errors import ERRORS, REFUSALS

SAVE_FORMAT = "kingweb-save"
SAVE_VERSION = 1


class Session:
    def __init__(self):
        self.game = None
        self.lesson_id = None
        self.level = "normal"
        self.seat = 0
        self.budget = 0.3

    # -- lifecycle ------------------------------------------------------------------

    def start(self, game, options=None, seed=None, level="normal", seat=0, budget=None):
        if level not in LEVELS:
            raise RulesError("bad-level", f"level: {level!r} is not a bot level (one of {', '.join(LEVELS)})")
        g = new_game(game, seed, options or {})
        if not isinstance(seat, int) or not 0 <= seat < g.players:
            raise RulesError("bad-seat", f"seat: {seat!r} is not a seat of {game}", field="seat")
        self.game, self.level, self.seat = g, level, seat
        self.lesson_id = None
        if budget is not None:
            self.budget = float(budget)
        self._bots = {}
        self.human_moves = []  # indices in game.actions of the human's actions
        return self.state()

    def bot(self, seat):
        b = self._bots.get(seat)
        if b is None:
            b = self._bots[seat] = Bot(self.level, seed=self.game.seed * 8 + seat, budget=self.budget)
        return b

    # -- play -------------------------------------------------------------------------

    def act(self, action):
        """The human's action; refused with the engine's reason, changing nothing."""
        g = self._need()
        try:
            g.act(action, seat=self.seat)
        except IllegalAction as e:
            return self._refused(e)
        self.human_moves.append(len(g.actions) - 1)
        return {"ok": True, "state": self.state()}

    def lesson(self, lesson_id):
        """Open a lesson: its position, with the learner to act."""
        from .lessons import LESSONS
        if lesson_id not in LESSONS:
            raise RulesError("unknown-lesson", f"lesson {lesson_id!r} is not a lesson (lessons: {', '.join(LESSONS)})",
                            lesson=lesson_id if isinstance(lesson_id, str) else None)
        lesson = LESSONS[lesson_id]
        self.game, self.seat, self.level = lesson.position(), lesson.seat, "normal"
        self._bots = {}
        self.human_moves = []
        self.lesson_id = lesson_id
        return self.state()

    def lesson_try(self, action):
        """The learner's answer: right (played), wrong (explained, not played) or
        illegal (the rule, not played)."""
        from .lessons import check
        if self.lesson_id is None:
            raise RulesError("no-lesson", "no lesson is open")
        verdict, detail = check(self.lesson_id, action)
        if verdict == "right":
            self.game.act(action, seat=self.seat)
            return {"verdict": "right", "state": self.state()}
        if verdict == "illegal":
            return {"verdict": "illegal", "error": str(detail), "code": detail.code,
                    "params": detail.params, "state": self.state()}
        return {"verdict": "wrong", "hint": detail, "state": self.state()}

    def bot_step(self):
        """Let the bot whose turn it is act once."""
        g = self._need()
        if g.over or g.turn == self.seat:
            return self._refused(IllegalAction("no-bot-to-act"))
        seat = g.turn
        t0 = time.perf_counter()
        action = self.bot(seat).decide(g.view(seat))
        ms = 1000 * (time.perf_counter() - t0)
        g.act(action, seat=seat)
        return {"ok": True, "seat": seat, "action": action, "ms": ms, "state": self.state()}

    def hint(self):
        return hint(self._need(), self.seat)

    def undo(self):
        """Take back the human's last action and everything after it (solo play)."""
        g = self._need()
        if not self.human_moves:
            return self._refused(IllegalAction("nothing-to-undo"))
        self._replay(g.actions[:self.human_moves.pop()])
        return {"ok": True, "state": self.state()}

    def _human_action_indices(self):
        """Indices in ``actions`` of the human's actions (found by replaying seats)."""
        g = self.game
        replay = new_game(g.id, g.seed, g.options)
        out = []
        for i, a in enumerate(g.actions):
            if replay.turn == self.seat:
                out.append(i)
            replay.act(a)
        return out

    def _replay(self, actions):
        g = self.game
        fresh = new_game(g.id, g.seed, g.options)
        for a in actions:
            fresh.act(a)
        self.game = fresh

    # -- save / load ------------------------------------------------------------------

    def save(self):
        g = self._need()
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": g.id, "seed": g.seed,
                "options": g.options, "level": self.level, "seat": self.seat, "actions": list(g.actions)}

    def load(self, data):
        """Restore a save; a corrupt or foreign one raises ``RulesError`` saying why."""
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except ValueError as e:
                raise RulesError("bad-save", f"save: not JSON ({e})", field=None) from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise RulesError("bad-save", "save: not a kingweb save", field="format")
        if data.get("version") != SAVE_VERSION:
            raise RulesError("bad-save", f"save: version {data.get('version')!r} is not this version ({SAVE_VERSION})",
                            field="version")
        level = data.get("level")
        if level not in LEVELS:
            raise RulesError("bad-save", f"save: level {level!r} is unknown", field="level")
        snap = json.dumps({"format": "kingweb", "version": 1, "game": data.get("game"),
                           "seed": data.get("seed"), "options": data.get("options"),
                           "scenario": None, "actions": data.get("actions")})
        g = from_json(snap)
        seat = data.get("seat", 0)
        if not isinstance(seat, int) or not 0 <= seat < g.players:
            raise RulesError("bad-save", "save: seat is not a seat of this game", field="seat")
        self.game, self.level, self.seat = g, level, seat
        self._bots = {}
        self.human_moves = self._human_action_indices()
        return self.state()

    # -- what the page draws ------------------------------------------------------------

    def state(self):
        g = self._need()
        v = g.view(self.seat)
        v["human"] = self.seat
        v["level"] = self.level
        v["seed"] = g.seed
        v["actions_count"] = len(g.actions)
        v["can_undo"] = bool(self.human_moves)
        v["lesson"] = self.lesson_id
        return v

    def _refused(self, e):
        """The answer to a refused request: the reason as words, code and params."""
        return {"ok": False, "error": str(e), "code": e.code, "params": e.params, "state": self.state()}

    def _need(self):
        if self.game is None:
            raise RulesError("no-game", "no game: start one first")
        return self.game


_SESSION = Session()


def handle(request: str) -> str:
    """One JSON request ``{"cmd": ..., "args": {...}}`` → JSON response.

    The answer is ``{"ok": true, "result": ...}``; errors come back as ``{"ok": false,
    "error": message, "kind": "RulesError", "code": code, "params": {...}}``, never
    raised, so that the worker never dies on bad input.  A refused action is not an
    error: its result is ``{"ok": false, "error", "code", "params", "state"}``."""
    try:
        req = json.loads(request)
        cmd, args = req.get("cmd"), req.get("args") or {}
        s = _SESSION
        if cmd == "start":
            out = s.start(**args)
        elif cmd == "act":
            out = s.act(args["action"])
        elif cmd == "bot":
            out = s.bot_step()
        elif cmd == "hint":
            out = s.hint()
        elif cmd == "undo":
            out = s.undo()
        elif cmd == "save":
            out = s.save()
        elif cmd == "load":
            out = s.load(args["save"])
        elif cmd == "lesson":
            out = s.lesson(args["id"])
        elif cmd == "lesson_try":
            out = s.lesson_try(args["action"])
        elif cmd == "state":
            out = s.state()
        elif cmd == "info":
            out = info()
        else:
            raise RulesError("unknown-command", f"unknown command {cmd!r}", cmd=cmd if isinstance(cmd, str) else None)
        return json.dumps({"ok": True, "result": out})
    except (RulesError, IllegalAction) as e:
        return json.dumps({"ok": False, "error": str(e), "kind": type(e).__name__,
                           "code": e.code, "params": e.params})
    except (KeyError, TypeError, ValueError) as e:
        return json.dumps({"ok": False, "error": f"request: {e}", "kind": "RulesError",
                           "code": "bad-request", "params": {"field": "args"}})


def info():
    """The games and their options, for the start screen."""
    from . import _CLASSES
    out = {}
    for gid, cls in _CLASSES.items():
        out[gid] = {"players": cls.players,
                    "options": {k: {"default": o.default, "allowed": list(o.allowed), "doc": o.doc}
                                for k, o in cls.OPTIONS.items()}}
    from . import __version__
    from .lessons import LESSONS
    return {"games": out, "levels": list(LEVELS), "version": __version__, "lessons": list(LESSONS),
            "codes": {"refusals": list(REFUSALS), "reasons": list(REASONS), "errors": list(ERRORS)}}
