"""The public ``Game`` interface, and what every game shares.

A game is a state with a seat to act (``turn``), the actions open to it (``legal()``)
and one way to change it (``act``).  Everything is replayable: a game is its id, its
options, its seed (or scenario) and the list of actions taken, which is exactly what
``to_json`` writes and ``from_json`` replays.
"""

import json
import math
import random
from collections.abc import Iterable
from typing import Any, ClassVar, TypedDict

from . import cards, seeds
from .errors import IllegalAction, RulesError, describe
from .events import Audience, Event, EventLog
from .views import BaseView, DealRecord, View

FORMAT = "kingweb"
VERSION = 1


class DealtCards(TypedDict, total=False):
    """The cards of one deal given in advance: ``hands`` per seat, and German Whist's
    ``stock``, top (face-up) card first."""

    hands: list[list[str]]
    stock: list[str]


class Preset(TypedDict):
    """A match dealt from given cards (an imported record) instead of from its seed:
    ``first`` is the seat its random start would pick (King: the receiver of the K♥;
    Кинг: the first leader; German Whist: the first dealer) and ``deals`` the cards of its
    first deals, in order; any deal after them is dealt from the seed."""

    first: int
    deals: list[DealtCards]


class Option:
    """One rules option: its default and the values allowed."""

    def __init__(self, default: Any, allowed: Iterable[Any], doc: str) -> None:
        self.default, self.allowed, self.doc = default, tuple(allowed), doc

    def check(self, key: str, value: object) -> Any:
        # bool is an int: compare types too, so that True is not taken for 1
        if not any(type(value) is type(a) and value == a for a in self.allowed):
            allowed = ", ".join(json.dumps(a) for a in self.allowed)
            shown = json.dumps(value) if _is_json_scalar(value) else describe(value)
            raise RulesError(
                "bad-option",
                f"option {key}: {shown} is not allowed (one of {allowed})",
                option=key,
                value=value if _is_json_scalar(value) else None,
            )
        return value


def is_seat(value: object, players: int) -> bool:
    """A seat is a plain int 0..players-1: not a bool, not a float, not a string."""
    return type(value) is int and 0 <= value < players


def check_seat(value: object, players: int, field: str, need: str = "") -> int:
    """``value`` if it is a seat, else a ``RulesError`` naming ``field`` (and what it is for)."""
    if not (type(value) is int and 0 <= value < players):
        why = f"; {need}" if need else ""
        raise RulesError("bad-seat", f"{field}: {describe(value)} is not a seat (0..{players - 1}){why}", field=field)
    return value


def _is_json_scalar(value: object) -> bool:
    return value is None or type(value) in (str, int, bool) or (type(value) is float and math.isfinite(value))


def flag(doc: str) -> Option:
    return Option(False, (False, True), doc)


class Game:
    """One match (or, from ``scenario``, one deal) of a game.  Subclasses fill in the rules."""

    id = ""
    players = 4
    OPTIONS: ClassVar[dict[str, Option]] = {}  # each game declares its own
    #: A seat's view is the public one but for its ``seat``, ``hand`` and ``legal`` (a game
    #: that shows one seat more, as German Whist a drawn card, says False)
    SEAT_VIEW_IS_PUBLIC_AND_HAND: ClassVar[bool] = False

    def __init__(self, seed: int | str | None = None, options: dict[str, Any] | None = None) -> None:
        seed = seeds.new() if seed is None else seeds.read(seed)
        self.seed = seed
        self.options = self.check_options(options)
        self.rng = random.Random(seed)
        self.actions: list[str] = []
        self.scores = [0] * self.players
        self.deals: list[DealRecord] = []
        self.deal_no = 0
        self.over = False
        self.scenario_args: dict[str, Any] | None = None
        self.out_of_play = 0
        self.contract = ""
        self._events = EventLog()
        self.preset: Preset | None = None  # a match dealt from given cards

    @classmethod
    def check_options(cls, options: object) -> dict[str, Any]:
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RulesError("bad-options", "options: expected an object of option names to values")
        out = {k: o.default for k, o in cls.OPTIONS.items()}
        for k, v in options.items():
            if k not in cls.OPTIONS:
                known = ", ".join(cls.OPTIONS) or "none"
                raise RulesError(
                    "unknown-option",
                    f"option {describe(k)} is not an option of {cls.id} (options: {known})",
                    option=k if isinstance(k, str) else None,
                )
            out[k] = cls.OPTIONS[k].check(k, v)
        cls.check_option_combination(out)
        return out

    @classmethod
    def check_option_combination(cls, options: dict[str, Any]) -> None:
        """Refuse option values that do not go together (each game knows its own)."""

    # -- the public API ----------------------------------------------------------

    @property
    def turn(self) -> int | None:
        """The seat to act (None once the game is over)."""
        if self.over:
            return None
        return self._turn()

    def legal(self) -> list[str]:
        """The actions open to ``turn``, in a stable order (cards low to high, by suit)."""
        if self.over:
            return []
        return self._legal()

    def act(self, action: str, seat: int | None = None) -> None:  # action, seat: anything, checked
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
            raise IllegalAction("not-a-string", value=describe(action))
        if not self._is_legal(action):
            raise self._refusal(action)
        self._apply(action)
        self.actions.append(action)

    def hand(self, seat: int) -> list[str]:
        self._check_seat(seat)
        return cards.codes_of(self._hand_mask(seat))

    def view(self, seat: Audience) -> View:
        """Everything ``seat`` may know, as plain JSON data, and nothing more: the game's
        own shape of ``kingweb.views`` (``KingView``, ``KingRuView``, ``WhistView``).
        ``None`` is a spectator, who sees what every seat sees and no hand (``seat`` is
        then None too)."""
        if seat is not None:
            self._check_seat(seat)
        return self._view(seat)

    # -- events ----------------------------------------------------------------------

    @property
    def event_count(self) -> int:
        """The number of the latest event (0 before any)."""
        return len(self._events)

    def events_for(self, audience: Audience, since: int = 0) -> list[Event]:
        """The events after number ``since``, as ``audience`` (a seat, or None for a
        spectator) may know them: see ``kingweb.events``."""
        if audience is not None:
            self._check_seat(audience)
        return self._events.since(since, audience)

    def _emit(self, event: dict[str, Any], own: dict[int, dict[str, Any]] | None = None) -> None:
        """Log ``event`` (its ``type`` and fields) for everyone, ``own[seat]`` for that seat."""
        self._events.add(event, own)

    def _emit_deal(self) -> None:
        """A deal is dealt: each seat is told its own view of it, a spectator the public one
        (each without the finished deals, which the page already holds, and the actions
        open, asked for when needed)."""

        def state(audience: Audience) -> dict[str, Any]:
            v: dict[str, Any] = dict(self._view(audience))
            del v["deals"], v["legal"]
            return v

        public = state(None)
        if self.SEAT_VIEW_IS_PUBLIC_AND_HAND:
            # one view built where five were the same, and each seat's copy of it with its
            # hand only when that seat's event is read
            hands = [self._hand_mask(s) for s in range(self.players)]
            self._events.made(_deal_event, self.deal_no, public, hands)
        else:
            own = {s: {"state": state(s)} for s in range(self.players)}
            self._emit({"type": "deal", "deal_no": self.deal_no, "state": public}, own)

    def _file_deal(self, record: DealRecord) -> None:
        """Keep a finished deal's record and tell it (the scores are already added up)."""
        self.deals.append(record)
        self._emit({"type": "deal-end", "deal_no": len(self.deals) - 1, "record": record, "scores": list(self.scores)})

    def _end_match(self) -> None:
        self.over = True
        self._emit({"type": "match-end", "scores": list(self.scores)})

    def _base_view(self, seat: Audience) -> BaseView:
        return {
            "game": self.id,
            "options": dict(self.options),
            "players": self.players,
            "seat": seat,
            "turn": self.turn,
            "over": self.over,
            "deal_no": self.deal_no,
            "contract": self.contract,
            "scores": list(self.scores),
            "deals": [d.copy() for d in self.deals],
            "hand": [] if seat is None else self.hand(seat),
            "legal": self.legal() if seat is not None and seat == self.turn else [],
            "scenario": self.scenario_args is not None,
            # a scenario deals part of the deck: the rest is publicly out of play
            "out_of_play": cards.codes_of(self.out_of_play),
        }

    def to_json(self) -> str:
        """An exact snapshot: ``kingweb.from_json`` restores the same position (a match
        dealt from given cards carries them as ``preset``)."""
        snapshot: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.id,
            "seed": seeds.to_json(self.seed),
            "options": self.options,
            "scenario": self.scenario_args,
            "actions": self.actions,
        }
        if self.preset is not None:
            snapshot["preset"] = self.preset
        return json.dumps(snapshot, separators=(",", ":"), ensure_ascii=False)

    def __repr__(self) -> str:
        state = "over" if self.over else f"deal {self.deal_no + 1}, {self.contract}, seat {self.turn} to act"
        return f"<{type(self).__name__} {self.id} seed={self.seed} {state}>"

    # -- helpers for subclasses ----------------------------------------------------

    def _check_seat(self, seat: object) -> None:
        check_seat(seat, self.players, "seat")

    def _turn(self) -> int | None:
        raise NotImplementedError

    def _refusal(self, action: str) -> IllegalAction:
        """Why ``action``, which is not legal now, is refused."""
        raise NotImplementedError

    def _legal(self) -> list[str]:
        raise NotImplementedError

    def _is_legal(self, action: str) -> bool:
        """Whether ``action`` is in ``_legal()`` (a game may know it sooner)."""
        return action in self._legal()

    def _apply(self, action: str) -> None:
        raise NotImplementedError

    def _hand_mask(self, seat: int) -> int:
        raise NotImplementedError

    def _view(self, seat: Audience) -> View:
        raise NotImplementedError


def _deal_event(audience: Audience, deal_no: int, public: dict[str, Any], hands: list[int]) -> dict[str, Any]:
    """The ``deal`` event of a game whose seat's view is the public one but for its seat and
    hand (``hands``: each seat's as dealt), as ``audience`` is told it."""
    state = public if audience is None else {**public, "seat": audience, "hand": cards.codes_of(hands[audience])}
    return {"type": "deal", "deal_no": deal_no, "state": state}
