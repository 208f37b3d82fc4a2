"""Why the bots suggest what they suggest: a reason code with its params and its words,
for the hint button, the lessons and the deal review.

The reason is the bot's own: the rule of thumb that chose a card (``policy.choose``),
what a search found each card worth (``search.search_values``; German Whist's endgame
exactly), or the estimates a bid rests on (``bidding.choose``).  Each code is declared
once in ``HINT_REASONS`` with its English template and its *check*: a predicate over what the
seat knows (``Facts``: its hand, the trick, what wins it so far, the cards still out, the
suits each seat has shown out of) that holds when every fact the sentence states is true.
A reason whose truth is a judgement (an estimate, a search over sampled deals) says so in
its words ("about", "can expect", "the search finds"), and its check tests the figures it
quotes.  A reason is given only when its check holds (else the plain ``suggest``), and
``tests/bots/test_hints.py`` checks thousands of them against the whole game.

The page says a code as ``why_<code>`` in its language with the same params: cards as
codes, suits as letters, offers and other actions as action strings, seats as ints,
points (``pts``, ``gain``, ``cost``, …) as the engine's unit points.

This module is the API (``hint``, ``suggest``, ``reason_for``, ``cost``); the parts are
``hintfacts`` (what a seat knows: ``Facts``), ``cardchecks`` and ``bidchecks`` (the
checks of card and bid reasons) and ``reasons`` (the catalogue ``CODES`` and its words).
"""

import random
from typing import TYPE_CHECKING, cast

from .. import cards
from ..cards import INDEX, SUITS
from ..games import GAMES
from ..kingauction import offer_value
from ..views import Hint, KingView, View, WhistView
from . import bidding
from .bidchecks import BidFacts
from .cardchecks import (
    _cannot_win,
    _discard_boss,
    _king_forced,
    _lead_alone,
    _lead_counts,
    _play_low,
    _top,
    _win_anyway,
    _worse_spends,
    _worse_takes,
)
from .hintfacts import Facts, Params, _only_stage1
from .khchecks import kh_tries
from .knowledge import Knowledge
from .planchecks import plan_tries
from .policy import DUCK_RULES, TAKE_RULES, wants_tricks
from .reasons import CODES, HINT_REASONS, answer, words
from .search import Values
from .stockchecks import stock_tries

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "CODES",
    "HINT_REASONS",
    "BidFacts",
    "Facts",
    "answer",
    "card_hint",
    "card_reason",
    "checked",
    "considered",
    "cost",
    "fact_cost",
    "hint",
    "reason_for",
    "suggest",
    "values_reason",
    "words",
]

# -- the reasons of the bot's own choices ----------------------------------------------------


def card_reason(f: Facts, c: int, rule: str) -> tuple[str, Params]:
    """The reason for ``c``, which the rule of thumb ``rule`` (``policy.RULES``) chose: the
    rule's code, in the wording whose facts hold."""
    card = cards.code(c)
    p: Params = {"card": card}
    if rule == "forced":
        return ("king-forced" if _king_forced(f, c, p) else "forced"), p
    if rule in ("shed-early", "win-cheap", "win-sure", "lead-winner", "draw-trumps", "lead-long"):
        return rule, p
    if rule == "duck":
        return "duck", {**p, "best": cards.code(f.best)}
    if rule == "win-anyway":
        return ("win-anyway" if _win_anyway(f, c, p) else "win-free"), p
    if rule == "play-low":
        q = {**p, "best": cards.code(f.best), "suit": SUITS[f.led]}
        return ("play-low" if _play_low(f, c, q) else "play-low-free"), q
    if rule == "discard":
        q = {**p, "suit": SUITS[f.led]}
        if f.cost(c) < 0:
            return "discard-penalty", q
        return ("discard-boss" if _discard_boss(f, c, q) else "discard-high"), q
    if rule == "lead-low":
        above, below = _lead_counts(f, c)
        if _lead_alone(f, c, p):
            return "lead-alone", p
        if not below:
            return "lead-under", {**p, "suit": SUITS[c // 13]}
        return "lead-low", {**p, "suit": SUITS[c // 13], "above": above, "below": below}
    if rule in ("win-high", "win-low"):
        return rule, {**p, "best": cards.code(f.best)}
    if rule == "cannot-win":
        q = {**p, "best": cards.code(f.best)}
        return ("cannot-win" if _cannot_win(f, c, q) else "cannot-win-trumps"), q
    return "suggest", {"choice": card}


def values_reason(f: Facts, c: int) -> tuple[str, Params]:
    """The reason for ``c``, the best card by the values ``f.values`` a search found."""
    v = f.values
    assert v is not None
    card = cards.code(c)
    if v.exact:
        tricks = int(v.means[c])
        left = f.hand.bit_count()
        worse = sorted((x for x in v.means if v.means[x] < v.means[c]), key=lambda x: (-v.means[x], x))
        if not worse:
            return "endgame-any", {"card": card, "tricks": tricks, "left": left}
        o = worse[0]
        return "endgame-best", {
            "card": card,
            "tricks": tricks,
            "left": left,
            "other": cards.code(o),
            "other_tricks": int(v.means[o]),
        }
    top = [x for x in _top(v) if x != c]
    if not top:
        return "suggest", {"choice": card}
    o = top[0]
    gain = round(v.means[c] - v.means[o], 1)
    return ("search-best" if gain >= 0.1 else "search-even"), {
        "card": card,
        "other": cards.code(o),
        "gain": gain,
        "n": v.worlds[c],
    }


def checked(
    facts: "Facts | BidFacts | None", action: str, code: str, params: Params, fallback: str = "suggest"
) -> Hint:
    """The hint ``(code, params)`` for ``action`` if its check holds, else the plain
    ``fallback`` (``suggest``, or for a wrong play's cost ``worse``): a hint never states
    what is not so."""
    if CODES[code].holds(facts, action, params):
        return answer(action, code, params)
    plain = {"choice": action} if fallback == "suggest" else {"choice": action, "better": params["better"]}
    return answer(action, fallback, plain)


def suggest(view: View) -> Hint:
    """The hint for the seat to act in ``view``: the card the review finds best, and why."""
    return considered(view)[0]


def considered(view: View) -> tuple[Hint, Values | None]:
    """``suggest``'s hint, with the values its card was chosen by (None for a bid, a
    claim, a forced card or German Whist's endgame, which the solver settles).

    A card is the one the review's own analysis finds best (``analysis.best_card``: the
    same worlds, seeded by the position, as the review's), so the review marks it good;
    a bid is the ``normal`` bot's."""
    from . import Bot

    if view.get("phase", "play") != "play":
        kv = cast(KingView, view)
        if kv["phase"] == "dealer":
            named = bidding.choose(kv, None)
            return answer(named.action, named.reason, named.params), None
        est = Bot("normal").estimates(kv)
        bid = bidding.choose(kv, est)
        return checked(BidFacts(kv, est), bid.action, bid.reason, bid.params), None
    legal = view["legal"]
    claims = [a for a in legal if a.startswith("claim:")]
    if claims:  # the engine offers a claim only when it is sure: the bots make it
        return answer(claims[0], "claim-" + claims[0][6:], {}), None
    if len(legal) == 1:
        f = Facts.of_view(view)
        return checked(f, legal[0], *card_reason(f, INDEX[legal[0]], "forced")), None
    if GAMES[view["game"]].stock and cast(WhistView, view)["stage"] == 2:
        # both hands are known: the hint is the exact solver's play, with its tricks
        from .search import whist_values

        values = whist_values(Knowledge(view), [INDEX[x] for x in legal])
        f = Facts.of_view(view, values)
        c = values.best()
        return checked(f, cards.code(c), *values_reason(f, c)), values
    # (the review's analysis sits above the bots: imported when a hint is asked, as
    # ``kingweb.hint`` imports the bots)
    from ..analysis import best_card

    action, found = best_card(view)
    values = Values(
        {INDEX[a]: m for a, m in found.means.items()},
        {INDEX[a]: found.worlds if a in found.full else len(found.samples.get(a, ())) for a in found.means},
    )
    return card_hint(view, action, values), values


def card_hint(view: View, action: str, values: Values | None = None) -> Hint:
    """Why ``action``, the card a hint names: the first reason whose facts hold, those
    that speak of what the deal is played for first (German Whist's stock stage: what the
    card is for; the K♥'s deals: the K♥), then the ``normal`` bot's own reason when it
    plays the same card, then any rule's; else what the analysis (``values``) found."""
    from . import Bot

    f = Facts.of_view(view, values)
    c = INDEX[action]
    tries = _tries(f, c)
    if not GAMES[f.game].stock:
        bot, why = Bot("normal").explain(view)
        if bot == action and why.rule:
            tries.insert(len(kh_tries(f, c)), card_reason(f, c, why.rule))
    for code, params in tries:
        if code != "suggest" and CODES[code].holds(f, action, params):
            return answer(action, code, params)
    if values is not None and GAMES[f.game].stock:  # a number alone is never a stock-stage reason
        return checked(f, action, "stock-best", {"card": action})
    if values is not None:
        return checked(f, action, *values_reason(f, c))
    return answer(action, "suggest", {"choice": action})


def _tries(f: Facts, c: int) -> list[tuple[str, Params]]:
    """The reasons that may hold for ``c``, the most telling first."""
    if GAMES[f.game].stock:
        return stock_tries(f, c) if f.faceup is not None else []
    rules = TAKE_RULES if wants_tricks(f.contract) else DUCK_RULES
    card = cards.code(c)
    # (what the card does to this trick, when no rule's reason holds)
    best = {"card": card, "best": cards.code(f.best)} if f.trick else {"card": card}
    tail = [("stay-under", best), ("take-free", best), ("let-go", best)]
    return [*kh_tries(f, c), *(card_reason(f, c, rule) for rule in rules), *tail, *plan_tries(f, c)]


def hint(game: "Game", seat: int | None = None) -> Hint:
    """The hint for ``seat`` (default: the seat to act): ``{"action", "reason", "params",
    "text"}``, ``action`` None when ``seat`` is not to act."""
    seat = game.turn if seat is None else seat
    if seat is None:  # the game is over
        return answer(None, "wait", {})
    view = game.view(seat)
    if seat != game.turn or not view["legal"]:
        return answer(None, "wait", {})
    return suggest(view)


def reason_for(view: View, action: str) -> Hint | None:
    """A reason for ``action``, a card the bots need not have chosen (a lesson's answer):
    the first of the reasons whose facts all hold for it; German Whist's endgame by its
    exact tricks.  None when no reason holds (a bid: only the bots' own)."""
    if view.get("phase", "play") != "play" or action not in INDEX:
        return None
    c = INDEX[action]
    f = Facts.of_view(view)
    if f.legal == 1 << c:
        return checked(f, action, *card_reason(f, c, "forced"))
    if GAMES[f.game].stock and f.faceup is None:
        from .search import whist_values

        f = Facts.of_view(view, whist_values(Knowledge(view), f.legal_cards()))
        code, params = values_reason(f, c)
        return answer(action, code, params) if CODES[code].holds(f, action, params) else None
    for code, params in _tries(f, c):
        if code != "suggest" and CODES[code].holds(f, action, params):
            return answer(action, code, params)
    return None


# -- what a wrong play costs ------------------------------------------------------------------


def cost(view: View, action: str, better: str, rng: random.Random | None = None) -> Hint:
    """Why ``action`` (legal in ``view``) is worse than ``better``: what it costs, from the
    facts of the trick where they show it, else from what the search or the estimates find."""
    if view.get("phase", "play") != "play":
        from . import Bot

        kv = cast(KingView, view)
        b = BidFacts(kv, Bot("normal").estimates(kv))
        if action.startswith("offer:") and better.startswith("offer:") and offer_value(action) > offer_value(better):
            p: Params = {"offer": action, "better": better, "extra": offer_value(action) - offer_value(better)}
            return checked(b, action, "worse-raise", p, "worse")
        w = bidding.worth(kv, b.est)
        p = {"choice": action, "better": better, "pts": _pts(w[action]), "other_pts": _pts(w[better])}
        return checked(b, action, "worse-bid", p, "worse")
    f = Facts.of_view(view)
    c, good = INDEX[action], INDEX[better]
    found = fact_cost(f, c, good)
    if found is not None:
        return checked(f, action, *found)
    card = {"card": action}
    if GAMES[f.game].stock and f.faceup is None:
        from .search import whist_values

        v = whist_values(Knowledge(view), f.legal_cards())
        f = Facts.of_view(view, v)
        p = {**card, "tricks": int(v.means[c]), "left": f.hand.bit_count(), "better": better}
        return checked(f, action, "worse-endgame", {**p, "better_tricks": int(v.means[good])}, "worse")
    from .search import search_values

    know = Knowledge(view)
    v = search_values(know, f.legal_cards(), rng or random.Random(0), 60, 2.0, exact_end=True)
    f = Facts.of_view(view, v)
    gap = round(v.means[good] - v.means[c], 1)
    p = {**card, "better": better, "cost": gap, "n": min(v.worlds[c], v.worlds[good])}
    return checked(f, action, "worse-search", p, "worse")


def fact_cost(f: Facts, c: int, good: int) -> tuple[str, Params] | None:
    """What playing ``c`` rather than ``good`` costs, when the trick shows it for sure:
    ``c`` takes a trick that costs, lets go one that pays, keeps a costly card, or
    (German Whist) gives the face-up card away or spends a high card on a low one."""
    action, better = cards.code(c), cards.code(good)
    card: Params = {"card": action}
    if _only_stage1(f):
        up = {**card, "faceup": cards.code(cast(int, f.faceup))}
        if not f.wins_now(c) and f.wins_now(good):
            return "worse-gives-faceup", up
        if f.wins_now(c) and not f.wins_now(good) and _worse_spends(f, c, up):
            return "worse-spends", up
        return None
    if GAMES[f.game].stock:
        return None
    taken = -f.worth(f.on_trick() | 1 << c)
    if _worse_takes(f, c, {"pts": taken}) and not f.wins_now(good):
        return "worse-takes", {**card, "pts": taken}
    pts = f.worth(f.on_trick() | 1 << good)
    if f.last and f.wins_now(good) and not f.wins_now(c) and pts > 0:
        return "worse-loses", {**card, "better": better, "pts": pts}
    if f.void_in_led() and f.cost(good) < min(0, f.cost(c)):
        return "worse-keeps", {**card, "better": better, "pts": -f.cost(good)}
    return None


def _pts(x: float) -> int:
    return int(5 * round(x / 5))
