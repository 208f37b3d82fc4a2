"""The two exceptions of the public API, and every refusal they can carry.

Both are ``ValueError`` subclasses so that callers who only care that the input was
bad can catch ``ValueError``; callers who care *which* input was bad catch these.

Each carries a stable kebab-case ``code`` and JSON ``params`` beside its English message,
so that a page can say the same thing in its own language without reading the English:

>>> e = IllegalAction("follow-suit", suit="S")
>>> e.code, e.params, str(e)
('follow-suit', {'suit': 'S'}, 'must follow suit: spades')

Param conventions: cards as codes (``"KH"``), suits as ``"C"``/``"D"``/``"H"``/``"S"``,
offers as action strings (``"offer:up:5"``), seats as ints.  ``REFUSALS``, ``ERRORS``
and ``kingweb.bots.hints.HINT_REASONS`` declare every code once; ``english`` writes a
template out with its params.
"""

from collections.abc import Callable
from typing import Any

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

#: What each phase of a King deal is, for ``not-possible-now``.
PHASE_LABELS = {
    "dealer": "the first dealer is being named",
    "choose": "the owner is choosing the deal",
    "auction": "the auction is on",
    "decide": "the owner is deciding on the offer",
    "ultimatum": "the ultimatum is being answered",
    "trump": "the trump is being named",
}

#: Refusals of an action (``IllegalAction``, and a session's "nothing to do"), code → English.
REFUSALS = {
    "game-over": "the game is over",
    "not-your-turn": "not your turn: seat {seat} is to act",
    "not-a-string": "an action is a string such as 'QS' or 'pass', not {value}",
    "not-a-card": "{action} is not a card code; play one of {legal}",
    "not-in-hand": "{card} is not in your hand",
    "follow-suit": "must follow suit: {suit}",
    "hearts-lead-ban": "cannot lead hearts while holding other suits",
    "king-forced-hearts-led": "the K♥ must be played when hearts are led",
    "king-forced-void": "the K♥ must be played: you have no {suit}",
    "king-forced-only-hearts": "the K♥ must be played: you hold only hearts",
    "not-possible-now": "{action} is not possible now: {phase}; possible: {legal}",
    "offer-format": "an offer is offer:up:1 … offer:up:8 or offer:null:1 … offer:null:{max_nulls}",
    "offer-too-low": "an offer must be worth more than {offer}",
    "offer-same-terms": "an offer worth the same as {offer} must be in the same terms: {offer}",
    "offer-preference": "only a player who speaks before seat {seat} may match {offer}; offer more",
    "no-offer-to-accept": "there is no offer to accept",
    "no-4333": "4-3-3-3 is allowed only with no offer or a best offer worth at most 75",
    "ultimatum-no-offer": "“8 o nulos” needs an offer; with none, reject or take 4-3-3-3",
    "ultimatum-too-high": "“8 o nulos” needs a best offer worth less than 200",
    "ultimatum-answer": "the ultimatum is answered only with 8 up (offer:up:8) or pass",
    "name-trump": "a buyer at up names a trump (up:C … up:S) or no trump (up:NT)",
    "claim-format": "a claim is claim:all (your cards take every trick left) or, in German Whist's stage 2, claim:none (they take none)",
    "claim-stock": "no claim while the stock lasts: the tricks that count come after it",
    "claim-not-sure": "cannot claim: your cards do not surely {claim}, whatever the others hold and play",
    "no-bot-to-act": "no bot is to act",
    "no-clock": "no move clock runs now",
    "clock-running": "the move clock has not run out: {ms} ms left",
    "nothing-to-undo": "nothing to undo",
    "bot-seat": "a bot plays seat {seat} now",
    "undo-off": "undo is off while more than one person plays",
    "daily-no-undo": "a daily challenge is played without undo",
    "daily-no-hint": "a daily challenge is played without hints",
}

#: Bad requests (``RulesError``), code → what is wrong in general; the message of each
#: raise names the field and what is allowed in detail.
ERRORS = {
    "unknown-game": "game {game} is not a game here",
    "unknown-option": "option {option} is not an option of this game",
    "bad-option": "option {option}: this value is not allowed",
    "option-combination": "option {option}: needs {needs} on",
    "bad-options": "options: expected an object of option names to values",
    "bad-seed": "seed: expected a whole number ≥ 0",
    "bad-seat": "{field}: not a seat of this game",
    "unknown-contract": "contract {contract} is not a contract of this game",
    "bad-scenario": "{field}: not a valid part of this scenario",
    "bad-cards": "{field}: not a valid set of cards here",
    "bad-snapshot": "snapshot: field {field} is corrupt or foreign",
    "bad-save": "save: field {field} is corrupt or foreign",
    "bad-level": "level: not a bot level",
    "unknown-lesson": "lesson {lesson} is not a lesson",
    "no-lesson": "no lesson is open",
    "no-game": "no game: start one first",
    "unknown-command": "unknown command {cmd}",
    "bad-request": "request: {field} is missing or of the wrong type",
    "lesson-not-saved": "a lesson is not saved: open it again from the lessons",
    "bad-seats": "{field}: not a valid seat of this table",
    "bad-name": "{field}: a name must be text",
    "not-shared": "only a match of one person against bots can be shared",
    "bad-record": "the record is not valid at {field}",
    "bad-replay-code": "the replay code is corrupt or was changed: {field}",
    "not-daily": "the table is not a daily challenge played to its end",
    "internal-error": "internal error: please report it",
}


def describe(value: object, limit: int = 40) -> str:
    """A short repr of any value, for a message that echoes bad input: never fails (a
    value nested too deeply to repr is described as such), never longer than ``limit``."""
    try:
        text = repr(value)
    except Exception:  # RecursionError, or a foreign object whose repr raises
        text = f"a {type(value).__name__} too deep to show"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _card(c: str) -> str:
    return ("10" if c[0] == "T" else c[0]) + _SYMBOLS[c[1]]


def _offer(action: str) -> str:
    _, kind, n = action.split(":")
    return f"{n} up" if kind == "up" else f"{n} null" + ("s" if int(n) > 1 else "")


_FORMAT: dict[str, Callable[[Any], object]] = {
    "card": _card,
    "best": _card,
    "faceup": _card,
    "suit": SUIT_NAMES.__getitem__,
    "offer": _offer,
    "action": describe,
    "legal": ", ".join,
    "phase": PHASE_LABELS.get,
    "claim": {"all": "take every trick left", "none": "lose every trick left"}.get,
}


def english(template: str, params: dict[str, Any]) -> str:
    """``template`` with its params written out in English: ``{card}`` as ``K♥``,
    ``{suit}`` as ``spades``, ``{offer}`` as ``5 up``, ``{action}`` quoted."""
    return template.format(**{k: _FORMAT[k](v) if k in _FORMAT else v for k, v in params.items()})


class RulesError(ValueError):
    """A bad request before or outside play: an unknown game, contract, option or
    option value, a malformed scenario hand, or a corrupt or foreign JSON snapshot.
    The message names the bad field and what is allowed; ``code`` is one of ``ERRORS``."""

    def __init__(self, code: str, message: str, /, **params: Any) -> None:
        super().__init__(message)
        self.code, self.params = code, params


class IllegalAction(ValueError):
    """An action the rules do not allow in the current position.

    The message says why in plain words ("must follow suit: hearts"); ``code`` is one of
    ``REFUSALS`` and the message is its template written out.  The game is left exactly
    as it was before the call.
    """

    def __init__(self, code: str, /, **params: Any) -> None:
        super().__init__(english(REFUSALS[code], params))
        self.code, self.params = code, params
