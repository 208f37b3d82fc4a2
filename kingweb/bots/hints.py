"""Reasons for a suggested action, as a code, params and words: for the hint button and
lessons.  ``REASONS`` declares every code once, with its English template; the page
translates the code (``why_<code>``) with the same params."""

from typing import TYPE_CHECKING, Any, cast

from .. import cards
from ..cards import INDEX
from ..errors import english
from ..play import beats
from ..views import Hint, View, WhistView
from .knowledge import Knowledge, card_values

if TYPE_CHECKING:
    from ..game import Game

#: Reason code → English template; params as in ``kingweb.errors`` (cards as codes,
#: suits as letters, offers as action strings, seats as ints).
REASONS = {
    "wait": "not your turn",
    "forced": "{card} is your only legal card",
    "king-forced": "K♥ must go now",
    "lead-winner": "lead {card}: nobody can beat it in {suit}",
    "draw-trumps": "lead trumps with {card} to draw the others' trumps",
    "lead-long": "lead {card} from your longest suit",
    "lead-low": "lead {card}: others still hold lower {suit}",
    "take-faceup": "win the face-up {faceup} with {card}, the cheapest card that does",
    "lose-cheap": "the face-up {faceup} is not worth a good card: lose cheaply with {card}",
    "win-cheap": "win with {card}, the cheapest card that takes this trick",
    "cannot-win": "you cannot win this trick: keep your good cards, play {card}",
    "duck": "duck: {card} is lower than {best}, so it loses this trick",
    "discard-penalty": "you have no {suit}: shed {card}, it costs points",
    "discard-high": "you have no {suit}: get rid of the high {card}",
    "win-high": "you must win this trick: win it with your highest, {card}",
    "endgame-best": "both hands are known now: {card} makes the most tricks",
    "open-auction": "your hand is not strong enough to play: let the others bid",
    "pass": "no offer would pay for itself with this hand",
    "accept": "the offer is worth more than you expect to make yourself",
    "reject": "you expect to make more by playing yourself",
    "4333": "take 4-3-3-3: 100 sure points beat a weak deal",
    "ultimatum": "“8 o nulos”: someone pays 200, or you play down",
    "offer": "the cheapest offer your hand still profits from",
    "choose-down": "your low cards make playing down worth most",
    "choose-up": "play up with {suit} as trump: your best tricks",
    "choose-notrump": "play up with no trump: your best tricks",
    "choose-dealer": "seat {seat} deals first",
}

_BIDS = {
    "auction": "open-auction",
    "pass": "pass",
    "accept": "accept",
    "reject": "reject",
    "4333": "4333",
    "ultimatum": "ultimatum",
    "down": "choose-down",
}


def reason(view: View, action: str) -> tuple[str, dict[str, Any]]:
    """``(code, params)`` saying why ``action`` is a good play in ``view``."""
    legal = view["legal"]
    if view.get("phase", "play") != "play":
        return _bid_reason(action)
    c = INDEX[action]
    card, suit = action, action[1]
    if len(legal) == 1:
        if action == "KH" and view["game"] != "whist" and len(view["hand"]) > 1:
            return "king-forced", {"card": card}
        return "forced", {"card": card}
    know = Knowledge(view)
    con = know.contract
    assert con is not None  # a card is played: the contract is known
    vals, _ = card_values(con)
    trick = know.trick
    positive = con.sign > 0
    if not trick:
        if positive:
            others = know.unseen
            higher = others & cards.SUIT_MASK[c // 13] & ~((1 << (c + 1)) - 1)
            if not higher:
                return "lead-winner", {"card": card, "suit": suit}
            if con.trump == c // 13:
                return "draw-trumps", {"card": card}
            return "lead-long", {"card": card}
        return "lead-low", {"card": card, "suit": suit}
    led = trick[0][1] // 13
    best = trick[0][1]
    for _, x in trick[1:]:
        if beats(x, best, con.trump):
            best = x
    follows = c // 13 == led
    wins = beats(c, best, con.trump)
    wv = cast(WhistView, view)  # read below only when the game is German Whist
    if view["game"] == "whist" and wv["stage"] == 1 and wv.get("faceup"):
        up = wv["faceup"]
        if wins:
            return "take-faceup", {"card": card, "faceup": up}
        if any(beats(INDEX[x], best, con.trump) for x in view["legal"]):
            return "lose-cheap", {"card": card, "faceup": up}
    if positive:
        if wins:
            return "win-cheap", {"card": card}
        return "cannot-win", {"card": card}
    if follows and not wins:
        return "duck", {"card": card, "best": cards.code(best)}
    if not follows:
        why = "discard-penalty" if vals[c] < 0 else "discard-high"
        return why, {"card": card, "suit": cards.SUITS[led]}
    return "win-high", {"card": card}


def explain(view: View, action: str) -> tuple[str, str]:
    """``(reason_code, text)`` for ``action`` in ``view``."""
    code, params = reason(view, action)
    return code, english(REASONS[code], params)


def _bid_reason(action: str) -> tuple[str, dict[str, Any]]:
    if action in _BIDS:
        return _BIDS[action], {}
    if action.startswith("offer:"):
        return "offer", {"offer": action}
    if action == "up:NT":
        return "choose-notrump", {}
    if action.startswith("up:"):
        return "choose-up", {"suit": action[3]}
    return "choose-dealer", {"seat": int(action.split(":")[1])}


def hint(game: "Game", seat: int | None = None) -> Hint:
    """The ``normal`` bot's suggestion for ``seat`` (default: the seat to act):
    ``{"action", "reason", "params", "text"}``, ``action`` None when ``seat`` is not to act."""
    from . import Bot

    seat = game.turn if seat is None else seat
    if seat is None:  # the game is over
        return _answer(None, "wait", {})
    view = game.view(seat)
    if seat != game.turn or not view["legal"]:
        return _answer(None, "wait", {})
    if view["game"] == "whist" and cast(WhistView, view)["stage"] == 2 and len(view["legal"]) > 1:
        # the endgame is open information: the hint is the exact solver's play
        from .search import solve_whist

        action = cards.code(solve_whist(Knowledge(view)))
        return _answer(action, "endgame-best", {"card": action})
    action = Bot("normal").decide(view)
    return _answer(action, *reason(view, action))


def _answer(action: str | None, code: str, params: dict[str, Any]) -> Hint:
    return {"action": action, "reason": code, "params": params, "text": english(REASONS[code], params)}
