"""The public ``Game`` interface, and what every game shares.

A game is a state with a seat to act (``turn``), the actions open to it (``legal()``)
and one way to change it (``act``).  Everything is replayable: a game is its id, its
options, its seed (or scenario) and the list of actions taken, which is exactly what
``to_json`` writes and ``from_json`` replays.
"""

import json
import random

from . import cards
from .cards import KH_BIT, HEART_MASK, code
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
        if seat is not None and seat != self.turn:
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
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise RulesError("bad-seat", f"seat: {seat!r} is not a seat (0..{self.players - 1})", field="seat")

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


def card_refusal(play, c: int) -> IllegalAction:
    """Why card ``c`` may not be played now by ``play.turn`` (the first rule it breaks)."""
    seat = play.turn
    bit = 1 << c
    if not play.hands[seat] & bit:
        return IllegalAction("not-in-hand", card=code(c))
    legal = play.legal_mask()
    con = play.c
    if not play.trick:
        if con.ban_hearts_lead and bit & HEART_MASK and play.hands[seat] & ~HEART_MASK:
            return IllegalAction("hearts-lead-ban")
        if legal == KH_BIT:
            return IllegalAction("king-forced-only-hearts")
    if legal == KH_BIT:
        if play.led == cards.HEARTS:
            return IllegalAction("king-forced-hearts-led")
        return IllegalAction("king-forced-void", suit=cards.SUITS[play.led])
    return IllegalAction("follow-suit", suit=cards.SUITS[play.led])


def not_a_card(action: str, legal: list[str]) -> IllegalAction:
    return IllegalAction("not-a-card", action=action, legal=legal)


def scenario_hands(hands, players, per_hand, deck, trick_len):
    """Validate the hands of a scenario: count, duplicates, unknown cards."""
    if not isinstance(hands, (list, tuple)) or len(hands) != players:
        raise RulesError("bad-cards", f"hands: expected {players} lists of card codes", field="hands")
    masks, seen = [], 0
    for i, h in enumerate(hands):
        m = cards.parse_hand(h, f"hands[{i}]", deck)
        if m & seen:
            dup = code((m & seen).bit_length() - 1)
            raise RulesError("bad-cards", f"hands[{i}]: {dup} is also in another hand", field=f"hands[{i}]")
        seen |= m
        masks.append(m)
    return masks, seen


def trick_record(leader, cards_, winner=None):
    return {"leader": leader, "cards": [code(c) for c in cards_], "winner": winner}


def play_recorded(game, action):
    """Play the card ``action`` on ``game.p`` and keep the public record of tricks
    (``game.tricks`` of the deal, ``game.last_trick`` across deals).  Returns whether
    the deal's play is over."""
    p = game.p
    if not p.trick:
        game.tricks.append(trick_record(p.turn, []))
    game.tricks[-1]["cards"].append(action)
    p.play(cards.INDEX[action])
    if not p.trick:
        game.tricks[-1]["winner"] = p.leader
        game.trick_serial += 1
        game.last_trick = dict(game.tricks[-1], deal_no=game.deal_no, serial=game.trick_serial)
    return p.over
