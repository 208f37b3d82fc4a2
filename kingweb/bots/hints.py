"""Reasons for a suggested action, as a code and words: for the hint button and lessons."""

from .. import cards
from ..cards import INDEX, SUIT_NAMES, name
from .knowledge import Knowledge, card_values


def explain(view, action):
    """``(reason_code, text)`` for ``action`` in ``view``."""
    legal = view["legal"]
    if view.get("phase", "play") != "play":
        return _bid_reason(view, action)
    c = INDEX[action]
    if len(legal) == 1:
        if action == "KH" and view["game"] != "whist" and len(view["hand"]) > 1:
            return "king-forced", "K♥ must go now"
        return "forced", f"{name(c)} is your only legal card"
    know = Knowledge(view)
    con = know.contract
    vals, _ = card_values(con)
    trick = know.trick
    positive = con.sign > 0
    if not trick:
        if positive:
            others = know.unseen
            higher = others & cards.SUIT_MASK[c // 13] & ~((1 << (c + 1)) - 1)
            if not higher:
                return "lead-winner", f"lead {name(c)}: nobody can beat it in {SUIT_NAMES[c // 13]}"
            if con.trump == c // 13:
                return "draw-trumps", f"lead trumps with {name(c)} to draw the others' trumps"
            return "lead-long", f"lead {name(c)} from your longest suit"
        return "lead-low", f"lead {name(c)}: others still hold lower {SUIT_NAMES[c // 13]}"
    led = trick[0][1] // 13
    best = max((x for _, x in trick if x // 13 == led), default=trick[0][1])
    trumped = [x for _, x in trick if con.trump >= 0 and x // 13 == con.trump and led != con.trump]
    if trumped:
        best = max(trumped)
    follows = c // 13 == led
    beats = _beats(c, best, con.trump)
    if view["game"] == "whist" and view["stage"] == 1 and view.get("faceup"):
        up = view["faceup"]
        if beats:
            return "take-faceup", f"win the face-up {name(INDEX[up])} with {name(c)}, the cheapest card that does"
        if any(_beats(INDEX[x], best, con.trump) for x in view["legal"]):
            return "lose-cheap", f"the face-up {name(INDEX[up])} is not worth a good card: lose cheaply with {name(c)}"
    if positive:
        if beats:
            return "win-cheap", f"win with {name(c)}, the cheapest card that takes this trick"
        return "cannot-win", f"you cannot win this trick: keep your good cards, play {name(c)}"
    if follows and not beats:
        return "duck", f"duck: {name(c)} is lower than {name(best)}, so it loses this trick"
    if not follows:
        if vals[c] < 0:
            return "discard-penalty", f"you have no {SUIT_NAMES[led]}: shed {name(c)}, it costs points"
        return "discard-high", f"you have no {SUIT_NAMES[led]}: get rid of the high {name(c)}"
    return "win-high", f"you must win this trick: win it with your highest, {name(c)}"


def _beats(c, best, trump):
    return (c // 13 == best // 13 and c > best) or (trump >= 0 and c // 13 == trump and best // 13 != trump)


def _bid_reason(view, action):
    texts = {
        "auction": ("open-auction", "your hand is not strong enough to play: let the others bid"),
        "pass": ("pass", "no offer would pay for itself with this hand"),
        "accept": ("accept", "the offer is worth more than you expect to make yourself"),
        "reject": ("reject", "you expect to make more by playing yourself"),
        "4333": ("4333", "take 4-3-3-3: 100 sure points beat a weak deal"),
        "ultimatum": ("ultimatum", "“8 o nulos”: someone pays 200, or you play down"),
    }
    if action in texts:
        return texts[action]
    if action.startswith("offer:"):
        return "offer", "the cheapest offer your hand still profits from"
    if action == "down":
        return "choose-down", "your low cards make playing down worth most"
    if action.startswith("up:"):
        return "choose-up", f"play up with {'no trump' if action == 'up:NT' else SUIT_NAMES['CDHS'.index(action[3])] + ' as trump'}: your best tricks"
    return "choice", action
