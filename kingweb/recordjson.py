"""A record as JSON data: the format's constants, and each field of a record checked for
its shape (the replay, ``kingweb.replay``, checks it against the rules).  The format's
reference is docs/RECORDS.md."""

import json
import unicodedata
from typing import Any, NoReturn, NotRequired, TypedDict, cast

from . import RulesError
from .cards import codes_of, parse_hand
from .errors import describe
from .game import is_seat
from .games import GameFacts
from .names import NAME_POINTS, ZWJ

# -- the shapes of a record (docs/RECORDS.md) --------------------------------------------------------


class Mark(TypedDict):
    """An analysis mark on one action of a deal (``step`` indexes its ``actions``): ``mark``
    is good, inaccuracy, mistake or blunder; the rest is what the review found."""

    step: int
    mark: str
    seat: NotRequired[int]  # who acted
    action: NotRequired[str]  # what was done
    best: NotRequired[str]  # the analysis's best choice
    value: NotRequired[float]  # expected points of the action done
    best_value: NotRequired[float]  # expected points of the best choice
    loss: NotRequired[float]
    exact: NotRequired[bool]
    worlds: NotRequired[int]  # deals of the unseen cards the values are taken over
    reason: NotRequired[str]  # a review reason code (kingweb.review.MARK_REASONS)
    params: NotRequired[dict[str, Any]]


class RecordDeal(TypedDict):
    """One deal of a record: its number in the match (from 0), hands as dealt, every action."""

    deal_no: int
    contract: str  # as played (a King positive: its contract, 4333; "positive" before it is chosen)
    dealer: NotRequired[int]  # King, German Whist
    leader: NotRequired[int]  # Кинг: who leads the deal
    hands: list[list[str]]
    stock: NotRequired[list[str]]  # German Whist: top first, the first card turned up
    actions: list[str]
    points: NotRequired[list[int]]  # a finished deal's points, per seat
    marks: NotRequired[list[Mark]]


class Record(TypedDict):
    """A record of one deal, or of a match from its first deal on."""

    format: str  # "kingweb-record"
    version: int
    game: str
    options: dict[str, Any]
    names: NotRequired[list[str | None]]  # per seat
    seed: NotRequired[int | str]  # the kingweb match it came from (digits when ≥ 2⁵³: kingweb.seeds)
    kh_receiver: NotRequired[int]  # King, king_chooses_dealer: who named deal 1's dealer
    deals: list[RecordDeal]
    scores: NotRequired[list[int]]  # a match record: the totals after its last deal


FORMAT = "kingweb-record"
VERSION = 1
#: A mark's code → the symbol a reader sees
MARKS = {"good": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
#: Seat letters of the text form, seat 0 first: the player at the bottom of the table is
#: South and play goes left, to West, North and East (German Whist: South and North)
SEATS = {4: "SWNE", 2: "SN"}
SEAT_NAMES = {"S": "South", "W": "West", "N": "North", "E": "East"}
MAX_TEXT = 1_000_000
MAX_ACTIONS = 400  # of one deal: far above any real deal's
FIELDS = ("format", "version", "game", "options", "names", "seed", "kh_receiver", "deals", "scores")
DEAL_FIELDS = ("deal_no", "contract", "dealer", "leader", "hands", "stock", "actions", "points", "marks")
MARK_FIELDS = {
    "step": int,
    "mark": str,
    "seat": int,
    "action": str,
    "best": str,
    "value": float,
    "best_value": float,
    "loss": float,
    "exact": bool,
    "worlds": int,
    "reason": str,
    "params": dict,
}


def bad(field: str, what: str) -> NoReturn:
    raise RulesError("bad-record", f"record: {field}: {what}", field=field, line=None)


def compact(record: Record) -> str:
    """``record`` as compact JSON (the form ``record.dumps`` writes and ``Loaded.key`` digests)."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def check_names(names: object, n: int) -> None:
    if not isinstance(names, list) or len(names) != n:
        bad("names", f"expected a list of {n} names (or nulls), seat 0 first")
    for i, name in enumerate(names):
        if name is None:
            continue
        if not isinstance(name, str) or not 0 < len(name) <= NAME_POINTS:
            bad(f"names[{i}]", f"a name is text of 1 to {NAME_POINTS} characters, or null")
        # (a ZWJ joins an emoji sequence in a name: kingweb.names keeps it)
        if name != name.strip() or any(unicodedata.category(ch)[0] == "C" and ch != ZWJ for ch in name) or '"' in name:
            bad(f"names[{i}]", "a name has no control characters, no double quote, no space at either end")


def check_points(points: object, n: int, field: str) -> list[int]:
    if not isinstance(points, list) or len(points) != n or any(type(p) is not int for p in points):
        bad(field, f"expected {n} whole numbers, seat 0 first")
    return points


def check_deal(k: int, d: object, facts: GameFacts) -> dict[str, Any]:
    """Deal ``k`` checked for its shape (the replay checks it against the rules)."""
    at = f"deals[{k}]"
    if not isinstance(d, dict):
        bad(at, "expected an object {deal_no, contract, hands, actions, ...}")
    for key in d:
        if key not in DEAL_FIELDS:
            bad(f"{at}.{str(key)[:40]}", f"not a field of a deal (fields: {', '.join(DEAL_FIELDS)})")
    gid, n, seat_key = facts.id, facts.players, facts.seat_field
    need = ["deal_no", "contract", "hands", "actions", seat_key] + (["stock"] if facts.stock else [])
    for key in need:
        if key not in d:
            bad(f"{at}.{key}", "missing")
    for key in ("leader", "stock"):
        if key in d and key not in need:
            bad(f"{at}.{key}", f"a {gid} deal has no {key}")
    if "dealer" in d and "dealer" not in need:
        bad(f"{at}.dealer", f"a {facts.name} deal names its {seat_key}, not its dealer")
    deal_no = d["deal_no"]
    if type(deal_no) is not int or not 0 <= deal_no < facts.max_deals:
        bad(f"{at}.deal_no", f"expected the deal's number in the match, 0 to {facts.max_deals - 1}")
    if not isinstance(d["contract"], str) or len(d["contract"]) > 40:
        bad(f"{at}.contract", "expected a contract id such as 'tricks'")
    if not is_seat(d[seat_key], n):
        bad(f"{at}.{seat_key}", f"expected a seat 0..{n - 1}")
    deck = facts.deck
    hands = d["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        bad(f"{at}.hands", f"expected {n} hands, seat 0 first")
    seen, masks = 0, []
    per = facts.hand
    for s, h in enumerate(hands):
        m = _cards(h, f"{at}.hands[{s}]", deck)
        if m.bit_count() != per:
            bad(f"{at}.hands[{s}]", f"a hand is dealt {per} cards, not {m.bit_count()}")
        if m & seen:
            bad(f"{at}.hands[{s}]", f"{codes_of(m & seen)[0]} is also in another hand")
        seen |= m
        masks.append(m)
    out: dict[str, Any] = {
        "deal_no": deal_no,
        "contract": d["contract"],
        seat_key: d[seat_key],
        "hands": [codes_of(m) for m in masks],
    }
    if facts.stock:
        stock = _cards(d["stock"], f"{at}.stock", deck)
        if stock & seen or stock | seen != deck:
            bad(f"{at}.stock", "the stock is the 26 cards not in the hands, top first")
        out["stock"] = list(d["stock"])
    actions = d["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        bad(f"{at}.actions", f"expected a list of at most {MAX_ACTIONS} actions")
    for i, a in enumerate(actions):
        if not isinstance(a, str) or not a or len(a) > 40:
            bad(f"{at}.actions[{i}]", f"{describe(a)} is not an action (a card code such as 'QS', or a bid)")
    out["actions"] = list(actions)
    if "points" in d:
        out["points"] = check_points(d["points"], n, f"{at}.points")
    if "marks" in d:
        out["marks"] = _marks(d["marks"], f"{at}.marks", len(actions))
    return out


def _cards(codes: object, field: str, deck: int) -> int:
    try:
        return parse_hand(codes, field, deck)
    except RulesError as e:
        bad(field, str(e).split(": ", 1)[-1])


def _marks(marks: object, at: str, count: int) -> list[Mark]:
    if not isinstance(marks, list) or len(marks) > count:
        bad(at, "expected a list of marks, at most one a step")
    out: list[Mark] = []
    steps = set()
    for j, m in enumerate(marks):
        where = f"{at}[{j}]"
        if not isinstance(m, dict) or "step" not in m or "mark" not in m:
            bad(where, "expected an object {step, mark, ...}")
        for key, value in m.items():
            kind = MARK_FIELDS.get(key)
            ok = kind is not None and (
                type(value) is kind
                or (kind is float and type(value) is int)
                or (kind is dict and isinstance(value, dict) and _plain(value))
            )
            if not ok:
                bad(f"{where}.{str(key)[:40]}", "not a field of a mark, or of the wrong type")
        step = m["step"]
        if not 0 <= step < count or step in steps:
            bad(f"{where}.step", f"expected a step of the deal, 0..{count - 1}, marked once")
        steps.add(step)
        if m["mark"] not in MARKS:
            bad(f"{where}.mark", f"{describe(m['mark'])} is not a mark (one of {', '.join(MARKS)})")
        out.append(cast(Mark, dict(m)))
    return sorted(out, key=lambda m: m["step"])


def _plain(value: object, depth: int = 0) -> bool:
    """JSON data of a few levels, with no float that JSON cannot write."""
    if depth > 3:
        return False
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v, depth + 1) for v in value)
    if type(value) is float:
        return value == value and abs(value) != float("inf")
    return value is None or type(value) in (str, int, bool)
