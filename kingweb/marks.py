"""The review's verdicts: a decision's loss against the best action, its mark and the
reason for it, and the summary of a seat's marks (docs/RECORDS.md §5)."""

import math
import statistics
from typing import Any, NotRequired, TypedDict, cast

from .analysis import _Found
from .bots.knowledge import Knowledge, card_values
from .cards import INDEX
from .games import GAMES
from .kingauction import offer_terms
from .play import beats
from .record import MARKS
from .recordjson import Mark
from .views import View

# -- the shapes of a verdict and a summary -----------------------------------------------------------


class Analysis(TypedDict):
    """The analysis of one action from the acting seat's own view (``kingweb.review``):
    every legal action's expected points, the best, what the action done lost."""

    deal: NotRequired[int]  # a record's deal and step (not for a position alone)
    step: NotRequired[int]
    seat: int
    phase: str
    kind: str  # card or bid
    action: str
    legal: list[str]
    values: dict[str, float]  # expected points of each legal action (German Whist: yours minus the other's)
    best: str
    value: float
    best_value: float
    loss: float
    margin: float  # a sampled loss counts only beyond it (0 when exact)
    exact: bool
    worlds: int  # deals of the unseen cards valued (0 for a forced action)
    method: str  # forced, solved (exact), sampled, simulated (a bid)
    mark: str  # good, inaccuracy, mistake, blunder
    symbol: str
    reason: str  # a code of kingweb.review.MARK_REASONS
    params: dict[str, Any]
    text: str  # the reason in English
    marks: dict[str, str]  # the mark each legal action would have had


class Costly(TypedDict):
    """One of the costliest decisions of a summary."""

    deal: int
    step: int
    seat: int
    action: str
    best: str
    value: float  # what the action was worth
    best_value: float  # what the best action was worth
    loss: float
    mark: str
    exact: bool


class Tally(TypedDict):
    decisions: int  # analysed actions that were choices
    marks: dict[str, int]  # decisions per mark
    lost: float  # expected points lost to the marked decisions
    # (a page that shows each loss as the difference of its two rounded figures adds those
    # up, not ``lost`` rounded apart)
    gaps: list[tuple[float, float]]  # each marked decision's value and its best's
    costliest: list[Costly]  # the three costliest marked decisions


class DealTally(Tally):
    deal: int


class Summary(Tally):
    """What a deal's or a match's analyses add up to, and per deal."""

    deals: list[DealTally]


#: Loss (expected points given up) from which a decision is marked inaccuracy, mistake,
#: blunder, per game (``GameFacts.review_thresholds``); below the first it is good
THRESHOLDS = {gid: f.review_thresholds for gid, f in GAMES.items()}
#: A sampled loss counts only beyond this many standard errors of the difference between
#: the two choices over the same worlds: below, the analysis cannot tell them apart
MARGIN_SE = 2.0

#: Reason code → English template (the page translates ``rev_<code>`` with the params:
#: ``action`` and ``best`` as actions, a card as its code; ``loss``, ``points`` numbers).
MARK_REASONS = {
    "forced": "{action} was the only choice",
    "best": "{action} is the best choice the analysis found",
    "close": "{best} is rated {loss} points better, too little to mark",
    "within-margin": "{best} is rated {loss} points better, within the analysis's margin of error",
    "takes-points": "{action} takes this trick, which costs {points} points; {best} lets it go",
    "gives-trick": "{action} lets this trick go; {best} takes it",
    "tricks-lost": "{action} gives up {tricks} trick(s) that {best} keeps, both sides playing their best",
    "solved": "solved over all {worlds} possible deals of the unseen cards, {best} averages {loss} points more",
    "sampled": "over {worlds} deals of the unseen cards, {best} averages {loss} points more",
}


# -- the verdict -------------------------------------------------------------------------------------------


def _verdict(head: dict[str, Any], found: _Found, gid: str, view: View) -> Analysis:
    action = head["action"]
    means = found.means
    best = found.best(action, head["legal"])
    marks = {a: _mark(found, a, best, gid) for a in head["legal"]}
    loss, margin, mark = marks[action]
    reason, params = _reason(head, found, best, loss, margin, mark, view)
    return {
        **head,  # type: ignore[typeddict-item]  # (seat, phase, kind, action, legal)
        "values": {a: round(means[a], 3) for a in head["legal"]},
        "best": best,
        "value": round(means[action], 3),
        "best_value": round(means[best], 3),
        "loss": round(loss, 3),
        "margin": round(margin, 3),
        "exact": found.exact,
        "worlds": found.worlds,
        "method": found.method,
        "mark": mark,
        "symbol": MARKS[mark],
        "reason": reason,
        "params": params,
        "text": MARK_REASONS[reason].format(**{k: _words(k, v) for k, v in params.items()}),
        "marks": {a: m for a, (_, _, m) in marks.items()},
    }


def _mark(found: _Found, action: str, best: str, gid: str) -> tuple[float, float, str]:
    """``(loss, margin, mark)`` of ``action`` against ``best``: a sampled loss is compared
    on the worlds both were valued on, and counts only beyond its margin of error."""
    loss = max(0.0, found.means[best] - found.means[action])
    margin = 0.0
    if found.samples and loss > 0:
        pairs = list(zip(found.samples[action], found.samples[best], strict=False))
        if len(pairs) > 1:
            diffs = [b - a for a, b in pairs]
            loss = max(0.0, statistics.fmean(diffs))
            margin = MARGIN_SE * statistics.pstdev(diffs) / math.sqrt(len(diffs))
    mark = "good"
    if loss > margin:
        for name, limit in zip(("inaccuracy", "mistake", "blunder"), GAMES[gid].review_thresholds, strict=True):
            if loss >= limit:
                mark = name
    return loss, margin, mark


def figures(value: float, best: float, digits: int = 2) -> tuple[float, float, float, int]:
    """A verdict's two figures, each rounded once to ``digits`` decimals (to more, up to
    three, while two different values would look alike), the gap between them as the
    difference of those rounded figures, and the decimals: a reader who subtracts the
    figures shown finds the gap stated (−2.04 and −1.56 do not say "0.49 more")."""
    while digits < 3 and value != best and round(value, digits) == round(best, digits):
        digits += 1
    shown, best_shown = round(value, digits), round(best, digits)
    return shown, best_shown, round(best_shown - shown, digits), digits


def _reason(
    head: dict[str, Any], found: _Found, best: str, loss: float, margin: float, mark: str, view: View
) -> tuple[str, dict[str, Any]]:
    action = head["action"]
    # the gap as the figures a verdict shows (the values kept to three decimals) make it
    rounded = figures(round(found.means[action], 3), round(found.means[best], 3))[2]
    if found.method == "forced":
        return "forced", {"action": action}
    if loss <= 1e-9:
        return "best", {"action": action}
    if mark == "good":
        if loss <= margin:
            return "within-margin", {"best": best, "loss": rounded}
        return "close", {"best": best, "loss": rounded}
    if found.tricks is not None:
        return "tricks-lost", {"action": action, "best": best, "tricks": found.tricks[best] - found.tricks[action]}
    fact = _trick_fact(view, action, best) if head["kind"] == "card" else None
    if fact is not None:
        return fact
    method = "solved" if found.exact else "sampled"
    return method, {"action": action, "best": best, "loss": rounded, "worlds": found.worlds}


def _trick_fact(view: View, action: str, best: str) -> tuple[str, dict[str, Any]] | None:
    """What the card does to the trick, when the seat plays last to it (then it is
    settled): takes a trick that costs points where the best card lets it go, or lets a
    trick go in a positive where the best card takes it."""
    know = Knowledge(view)
    con = know.contract
    if con is None or len(know.trick) != know.n - 1:
        return None
    best_card = know.trick[0][1]
    for _, x in know.trick[1:]:
        if beats(x, best_card, con.trump):
            best_card = x
    wins = beats(INDEX[action], best_card, con.trump)
    best_wins = beats(INDEX[best], best_card, con.trump)
    if con.sign > 0:
        if best_wins and not wins:
            return "gives-trick", {"action": action, "best": best}
        return None
    if wins and not best_wins and not GAMES[view["game"]].stock:
        vals, per_trick = card_values(con)
        cost = per_trick + sum(vals[c] for _, c in know.trick) + vals[INDEX[action]]
        if cost < 0:
            return "takes-points", {"action": action, "best": best, "points": cost}
    return None


def _words(key: str, value: Any) -> Any:
    """A param as the English text shows it: a card with its suit's symbol, a bid in
    words."""
    if key in ("action", "best") and isinstance(value, str):
        if value in INDEX:
            return f"{'10' if value[0] == 'T' else value[0]}{'♣♦♥♠'['CDHS'.index(value[1])]}"
        return _bid_words(value)
    return value


def _bid_words(action: str) -> str:
    terms = offer_terms(action)
    if terms is not None:
        kind, n, _ = terms
        return f"{n} up" if kind == "up" else f"{n} null" + ("s" if n > 1 else "")
    if action.startswith("up:"):
        suit = action[3:]
        return (
            "up with no trump"
            if suit == "NT"
            else f"up with {dict(zip('CDHS', ('clubs', 'diamonds', 'hearts', 'spades'), strict=True))[suit]}"
        )
    return {"4333": "4-3-3-3", "ultimatum": "“8 o nulos”"}.get(action, action)


def mark_of(analysis: Analysis) -> Mark:
    """The ``Mark`` a record keeps of an analysis."""
    keys = (
        "step",
        "mark",
        "seat",
        "action",
        "best",
        "value",
        "best_value",
        "loss",
        "exact",
        "worlds",
        "reason",
        "params",
    )
    return cast(Mark, {k: cast(dict[str, Any], analysis)[k] for k in keys})


# -- summaries -------------------------------------------------------------------------------------------


def summary(analyses: list[Analysis], seat: int | None = None) -> Summary:
    """What a set of analyses (of one deal or a match) adds up to, for ``seat`` (or
    every seat): decisions by mark, the expected points lost to marked decisions, the
    three costliest; per deal, the same."""
    picked = [a for a in analyses if seat is None or a["seat"] == seat]
    deals: dict[int, list[Analysis]] = {}
    for a in picked:
        deals.setdefault(a.get("deal", 0), []).append(a)
    per_deal = [cast(DealTally, {"deal": k, **_tally(v)}) for k, v in sorted(deals.items())]
    return cast(Summary, {**_tally(picked), "deals": per_deal})


def _tally(analyses: list[Analysis]) -> Tally:
    decisions = [a for a in analyses if a["method"] != "forced"]
    marked = [a for a in decisions if a["mark"] != "good"]
    costly = sorted(marked, key=lambda a: (-a["loss"], a.get("deal", 0), a.get("step", 0)))[:3]
    return {
        "decisions": len(decisions),
        "marks": {m: sum(1 for a in decisions if a["mark"] == m) for m in MARKS},
        "lost": round(sum(a["loss"] for a in marked), 3),
        "gaps": [(a["value"], a["best_value"]) for a in marked],
        "costliest": [
            cast(
                Costly,
                {
                    k: a.get(k)
                    for k in ("deal", "step", "seat", "action", "best", "value", "best_value", "loss", "mark", "exact")
                },
            )
            for a in costly
        ],
    }
