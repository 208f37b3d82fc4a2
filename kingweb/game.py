"""The public ``Game`` interface, and what every game shares.

A game is a state with a seat to act (``turn``), the actions open to it (``legal()``)
and one way to change it (``act``).  Everything is replayable: a game is its id, its
options, its seed (or scenario) and the list of actions taken, which is exactly what
``to_json`` writes and ``from_json`` replays.
"""

import json
import random

from . import cards
from .errors import IllegalAction, RulesError

FORMAT = "kingweb"
VERSION = 1


class Option:
    """One rules option: its default and the values allowed."""

    def __init__(self, default, allowed, doc):
        self.default, self.allowed, self.doc = default, tuple(allowed), doc

    def check(self, key, value):
        # bool is an int: compare types too, so that True is not taken for 1
        if not any(value == a and type(value) is type(a) for a in self.allowed):
            allowed = ", ".join(json.dumps(a) for a in self.allowed)
            raise RulesError("bad-option", f"option {key}: {json.dumps(value)} is not allowed (one of {allowed})",
                            option=key, value=value if _is_json_scalar(value) else None)
        return value


def is_seat(value, players: int) -> bool:
    """A seat is a plain int 0..players-1: not a bool, not a float, not a string."""
    return type(value) is int and 0 <= value < players


def check_seat(value, players: int, field: str, need: str = "") -> int:
    """``value`` if it is a seat, else a ``RulesError`` naming ``field`` (and what it is for)."""
    if not is_seat(value, players):
        why = f"; {need}" if need else ""
        raise RulesError("bad-seat", f"{field}: {_short(value)} is not a seat (0..{players - 1}){why}",
                         field=field)
    return value


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_json_scalar(value) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def flag(doc):
    return Option(False, (False, True), doc)


class Game:
    """One match (or, from ``scenario``, one deal) of a game.  Subclasses fill in the rules."""

    id = ""
    players = 4
    OPTIONS: dict = {}

    def __init__(self, seed=None, options=None):
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise RulesError("bad-seed", f"seed: {seed!r} is not allowed (a whole number ≥ 0)")
        self.seed = seed
        self.options = self.check_options(options)
        self.rng = random.Random(seed)
        self.actions: list[str] = []
        self.scores = [0] * self.players
        self.deals: list[dict] = []
        self.deal_no = 0
        self.over = False
        self.scenario_args = None
        self.out_of_play = 0

    @classmethod
    def check_options(cls, options) -> dict:
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RulesError("bad-options", "options: expected an object of option names to values")
        out = {k: o.default for k, o in cls.OPTIONS.items()}
        for k, v in options.items():
            if k not in cls.OPTIONS:
                known = ", ".join(cls.OPTIONS) or "none"
                raise RulesError("unknown-option", f"option {k!r} is not an option of {cls.id} (options: {known})",
                                option=k)
            out[k] = cls.OPTIONS[k].check(k, v)
        cls.check_option_combination(out)
        return out

    @classmethod
    def check_option_combination(cls, options):
        pass

    # -- the public API ----------------------------------------------------------

    turn: int | None = None
    contract: str = ""

    def legal(self) -> list[str]:
        """The actions open to ``turn``, in a stable order (cards low to high, by suit)."""
        if self.over:
            return []
        return self._legal()

    def act(self, action: str, seat: int | None = None) -> None:
        """Apply one action for the seat to act.

        ``seat``, when given, must be the seat to act: the web layer passes it so that a
        stale click is refused instead of played for someone else.  Raises
        :class:`IllegalAction` with the reason, leaving the game unchanged.
        """
        if self.over:
            raise IllegalAction("game-over")
        if seat is not None and (not is_seat(seat, self.players) or seat != self.turn):
            raise IllegalAction("not-your-turn", seat=self.turn)
        if not isinstance(action, str):
            raise IllegalAction("not-a-string", value=repr(action)[:40])
        if action not in self._legal():
            raise self._refusal(action)
        self._apply(action)
        self.actions.append(action)

    def hand(self, seat: int) -> list[str]:
        self._check_seat(seat)
        return cards.codes_of(self._hand_mask(seat))

    def view(self, seat: int) -> dict:
        """Everything ``seat`` may know, as plain JSON data, and nothing more."""
        self._check_seat(seat)
        v = {
            "game": self.id, "options": dict(self.options), "players": self.players,
            "seat": seat, "turn": self.turn, "over": self.over, "deal_no": self.deal_no,
            "contract": self.contract, "scores": list(self.scores),
            "deals": [dict(d) for d in self.deals], "hand": self.hand(seat),
            "legal": self.legal() if seat == self.turn else [],
            "scenario": self.scenario_args is not None,
            # a scenario deals part of the deck: the rest is publicly out of play
            "out_of_play": cards.codes_of(self.out_of_play),
        }
        v.update(self._view(seat))
        return v

    def to_json(self) -> str:
        """An exact snapshot: ``kingweb.from_json`` restores the same position."""
        return json.dumps({
            "format": FORMAT, "version": VERSION, "game": self.id, "seed": self.seed,
            "options": self.options, "scenario": self.scenario_args,
            "actions": self.actions,
        }, separators=(",", ":"), ensure_ascii=False)

    def __repr__(self):
        state = "over" if self.over else f"deal {self.deal_no + 1}, {self.contract}, seat {self.turn} to act"
        return f"<{type(self).__name__} {self.id} seed={self.seed} {state}>"

    # -- helpers for subclasses ----------------------------------------------------

    def _check_seat(self, seat):
        check_seat(seat, self.players, "seat")

    def _refusal(self, action: str) -> IllegalAction:
        """Why ``action``, which is not legal now, is refused."""
        raise NotImplementedError

    def _legal(self) -> list[str]:
        raise NotImplementedError

    def _apply(self, action: str) -> None:
        raise NotImplementedError

    def _hand_mask(self, seat: int) -> int:
        raise NotImplementedError

    def _view(self, seat: int) -> dict:
        return {}
