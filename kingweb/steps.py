"""The review of a record: a deal step by step with every hand open (``review``), the
analysis of one step (``analyse``, ``judge``), and the records checked once (a small
cache, so that a deal's steps and analyses replay its record once)."""

import json
from collections import OrderedDict
from typing import Any, NotRequired, TypedDict, cast

from . import RulesError
from .analysis import BID_WORLDS, _bid_values, _card_values, _Found, review_rng
from .cards import code
from .claim import cards_only
from .errors import describe
from .game import Game
from .games import GAMES
from .marks import Analysis, _verdict
from .record import Loaded, load, parse
from .views import KingView, LogEntry, Trick, TrickCard

# -- the shapes of a reviewed deal ----------------------------------------------------------------------


class ReviewStep(TypedDict):
    """A position of a reviewed deal, every hand open: before action ``step``, or (the
    last) the deal's end."""

    step: int
    seat: int | None  # who acts (None at the end)
    phase: str  # play, choose, auction, decide, ultimatum, trump; over at the end
    action: str | None  # what was done there (None at the end)
    legal: list[str]
    decision: bool  # more than one legal action
    hands: list[list[str]]  # every hand now, seat 0 first
    trick: list[TrickCard]
    last_trick: Trick | None  # the deal's latest finished trick
    taken: list[int]
    deal_points: list[int]
    contract: str
    trump: str | None
    stage: NotRequired[int]  # German Whist
    faceup: NotRequired[str | None]  # German Whist: the stock's face-up card
    stock: NotRequired[list[str]]  # German Whist: the stock, the face-up card first
    log: NotRequired[list[LogEntry]]  # King: the positive's spoken actions so far


class Review(TypedDict):
    """One deal of a record, step by step (``kingweb.review.review``)."""

    game: str
    options: dict[str, Any]
    names: list[str | None] | None
    deal: int  # its place in the record's deals
    deal_no: int  # its number in the match, from 0
    contract: str
    dealer: NotRequired[int]
    leader: NotRequired[int]
    hands: list[list[str]]  # as dealt
    stock: NotRequired[list[str]]
    points: NotRequired[list[int]]
    steps: list[ReviewStep]


# -- records, checked once ----------------------------------------------------------------------------------

_CACHE: "OrderedDict[str, Loaded]" = OrderedDict()
CACHE_SIZE = 4


def _loaded(rec: object) -> Loaded:
    """The checked replay of ``rec`` (a record as JSON data, or its text in either form),
    kept for the next calls about the same record."""
    try:
        key = rec if isinstance(rec, str) else json.dumps(rec, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        raise RulesError("bad-record", "record: record: not JSON data", field="record", line=None) from None
    hit = _CACHE.get(key)
    if hit is not None:
        _CACHE.move_to_end(key)
        return hit
    loaded = parse(rec) if isinstance(rec, str) else load(rec)
    _CACHE[key] = loaded
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    return loaded


def _deal_index(loaded: Loaded, deal: object) -> int:
    n = len(loaded.record["deals"])
    if not (type(deal) is int and 0 <= deal < n):
        raise RulesError(
            "bad-request", f"deal: {describe(deal)} is not a deal of the record (0..{n - 1})", field="deal"
        )
    return deal


# -- the steps of a deal ------------------------------------------------------------------------------


def review(record: object, deal: int) -> Review:
    """Deal ``deal`` of ``record`` (a record as JSON data, or its text) step by step,
    every hand open: ``steps[i]`` is the position before action ``i`` (and one more, the
    deal's end), with who acted, what was legal and what was done."""
    loaded = _loaded(record)
    k = _deal_index(loaded, deal)
    d = loaded.record["deals"][k]
    g = loaded.position(k, 0)
    steps = []
    for i, action in enumerate(d["actions"]):
        steps.append(_step(g, i, action))
        g.act(action)
    steps.append(_end_step(loaded, k, g))
    head = {key: value for key, value in d.items() if key not in ("actions", "marks")}
    rec = loaded.record
    return cast(
        Review,
        {"game": rec["game"], "options": rec["options"], "names": rec.get("names"), "deal": k, **head, "steps": steps},
    )


def _step(g: Game, i: int, action: str | None) -> ReviewStep:
    seat = g.turn
    assert seat is not None
    v = cast(dict[str, Any], g.view(seat))
    out: ReviewStep = {
        "step": i,
        "seat": seat,
        "phase": v.get("phase", "play"),
        "action": action,
        "legal": cards_only(v["legal"]),
        "decision": len(cards_only(v["legal"])) > 1,
        "hands": [g.hand(s) for s in range(g.players)],
        "trick": v["trick"],
        "last_trick": _last_trick(v),
        "taken": v["taken"],
        "deal_points": v["deal_points"],
        "contract": v["contract"],
        "trump": v["trump"],
    }
    facts = GAMES[g.id]
    if facts.stock:
        out["stage"] = v["stage"]
        out["faceup"] = v["faceup"]
        out["stock"] = [code(c) for c in cast(Any, g).play.stock]
    if facts.offers:  # a game whose positives are bid: the spoken actions
        out["log"] = v["log"]
    return out


def _last_trick(v: dict[str, Any]) -> Trick | None:
    tricks = v.get("tricks") or []
    return tricks[-1] if tricks else None


def _end_step(loaded: Loaded, k: int, g: Game) -> ReviewStep:
    """The position once deal ``k``'s actions are done: the deal's record if it is over."""
    d = loaded.record["deals"][k]
    n = len(d["actions"])
    if "points" not in d:  # a record of a deal under way: its last position
        return _step(g, n, None)
    done = g.deals[k]  # (a one-deal record's game is that deal: k is 0)
    played = {c for t in done["tricks"] for c in t["cards"]}
    stock = cast(dict[str, Any], done).get("stock", [])
    hands = [[c for c in h if c not in played] for h in done["hands"]]
    out: ReviewStep = {
        "step": n,
        "seat": None,
        "phase": "over",
        "action": None,
        "legal": [],
        "decision": False,
        "hands": hands,
        "trick": [],
        "last_trick": done["tricks"][-1] if done["tricks"] else None,
        "taken": done["taken"],
        "deal_points": done["points"],
        "contract": done["contract"],
        "trump": _trump_of(done),
    }
    facts = GAMES[loaded.record["game"]]
    if facts.stock:
        out["stage"], out["faceup"], out["stock"] = 2, None, [c for c in stock if c not in played]
    if facts.offers:
        out["log"] = cast(dict[str, Any], done).get("log", [])
    return out


def _trump_of(done: Any) -> str | None:
    if "trump" in done:  # German Whist's deal names it
        return cast(str, done["trump"])
    contract = done["contract"]
    if contract.startswith("up:") and contract != "up:NT":  # a King positive played up
        return cast(str, contract[3])
    return None


# -- the analysis of one decision ---------------------------------------------------------------------


def analyse(record: object, deal: int, step: int, worlds: int | None = None) -> Analysis:
    """The analysis of action ``step`` of deal ``deal``, from the acting seat's own view
    at that moment: every legal action's expected points, the best, the loss, the mark
    and its reason (see the module's docstring)."""
    loaded = _loaded(record)
    k = _deal_index(loaded, deal)
    d = loaded.record["deals"][k]
    if not (type(step) is int and 0 <= step < len(d["actions"])):
        raise RulesError(
            "bad-request",
            f"step: {describe(step)} is not an action of deal {k} (0..{len(d['actions']) - 1})",
            field="step",
        )
    if worlds is not None and not (type(worlds) is int and 1 <= worlds <= 5000):
        raise RulesError(
            "bad-request", f"worlds: {describe(worlds)} is not a number of worlds, 1 to 5000", field="worlds"
        )
    g = loaded.position(k, step)
    return {"deal": k, "step": step, **judge(g, d["actions"][step], worlds)}


def judge(g: Game, action: str, worlds: int | None = None, salt: str = "") -> Analysis:
    """The analysis of ``action`` by the seat to act in ``g`` (any position of a deal),
    from that seat's own view; its worlds are drawn from a generator seeded by the
    position (``analysis.position_digest``: not the record's names, marks or other
    deals) and ``salt``, so a verdict never changes, and a hint (``bots.hints``), which
    asks the same in the same position, finds the same values."""
    seat = g.turn
    if seat is None:
        raise RulesError("bad-request", "position: nobody is to act", field="position")
    view = g.view(seat)
    legal = cards_only(view["legal"])  # a claim is not judged: it changes no score
    if action not in legal:
        raise RulesError("bad-request", f"action: {describe(action)} is not legal here", field="action")
    phase = cast(dict[str, Any], view).get("phase", "play")
    rng = review_rng(view, worlds, salt)
    head: dict[str, Any] = {
        "seat": seat,
        "phase": phase,
        "kind": "card" if phase == "play" else "bid",
        "action": action,
        "legal": legal,
    }
    if len(legal) == 1:
        found = _Found({action: 0.0}, exact=True, worlds=0, method="forced")
    elif phase != "play":
        found = _bid_values(g, cast(KingView, view), worlds or BID_WORLDS, rng)
    else:
        found = _card_values(view, action, worlds, rng)
    return _verdict(head, found, g.id, view)
