"""Records of deals and matches: kingweb's open deal format, as JSON and as text.

A record holds one deal or a whole match of any of the three games: the options, every
deal's hands as dealt (and German Whist's stock in order), every action in order, the
players' names, the result and, optionally, analysis marks.  ``docs/RECORDS.md`` is the
format's reference; ``site/kingweb-record.schema.json`` its JSON Schema.

>>> import kingweb, random
>>> from kingweb import record
>>> g = kingweb.new_game("kingru", seed=3)
>>> while not g.deals:
...     g.act(g.legal()[0])
>>> rec = record.of_game(g, names=["Ann", "Bob", None, None])
>>> record.loads(record.dumps(rec, "text")) == record.loads(record.dumps(rec)) == rec
True
>>> record.to_game(rec).deals == g.deals
True

Import checks everything: a record that is malformed, or that contradicts the rules
anywhere, is refused whole with a ``RulesError`` (code ``bad-record``) whose message
says what is wrong and where: ``params`` carry the ``field`` (a JSON path such as
``deals[2].actions[14]``) and, for the text form, the ``line`` (else None).
"""

import hashlib
import json
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, NoReturn, cast

from . import _CLASSES, IllegalAction, RulesError, from_json, new_game, safejson, scenario, seeds
from .cards import FULL_DECK, INDEX, RANKS, SHORT_DECK, code, codes_of, parse_hand
from .errors import describe
from .game import Game
from .king import NEGATIVE_ORDER, NEGATIVES
from .kingru import deal_order
from .names import ZWJ
from .trickgame import TrickGame
from .views import Mark, Record, RecordDeal

FORMAT = "kingweb-record"
VERSION = 1
#: A mark's code → the symbol a reader sees
MARKS = {"good": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
#: Seat letters of the text form, seat 0 first: the player at the bottom of the table is
#: South and play goes left, to West, North and East (German Whist: South and North)
SEATS = {4: "SWNE", 2: "SN"}
SEAT_NAMES = {"S": "South", "W": "West", "N": "North", "E": "East"}
MAX_TEXT = 1_000_000
MAX_NAME = 60
MAX_ACTIONS = 400  # of one deal: far above any real deal's
MAX_DEALS = {"king": 10, "kingru": 14, "whist": 500}
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


def _bad(field: str, what: str) -> NoReturn:
    raise RulesError("bad-record", f"record: {field}: {what}", field=field, line=None)


# -- a record's replay ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Loaded:
    """A checked record and its replay: ``snapshot`` is the game it starts from (a
    ``Game.to_json`` object with no actions), ``actions`` every action of the replay, deal
    ``k`` from ``starts[k]`` on, taken by the seats ``turns[k]``."""

    record: Record
    snapshot: dict[str, Any]
    actions: list[str]
    starts: list[int]
    turns: list[list[int]]

    @property
    def key(self) -> str:
        """A short digest of the canonical record: the same record, the same key."""
        return hashlib.sha256(dumps(self.record).encode()).hexdigest()[:16]

    def game(self, actions: int | None = None) -> Game:
        """The game replayed through its first ``actions`` actions (all by default)."""
        return from_json(json.dumps({**self.snapshot, "actions": self.actions[:actions]}))

    def position(self, deal: int, step: int) -> Game:
        """The game just before action ``step`` of deal ``deal`` (``step`` may be the
        deal's number of actions: its end)."""
        return self.game(self.starts[deal] + step)


class _Mismatch(Exception):
    """The seeded match deals other cards than the record: replay its cards instead."""


def read(data: object) -> Record:
    """The canonical record of ``data`` (a record as JSON data), checked in full by
    replaying it: options completed with their defaults, hands sorted, each deal's
    ``points`` and contract as played, the match's ``scores``.  A record that is
    malformed or contradicts the rules raises ``RulesError`` (``bad-record``)."""
    return load(data).record


def load(data: object) -> Loaded:
    """``read``, keeping the replay: what ``kingweb.review`` steps through."""
    try:
        return _load(data)
    except RecursionError:  # data nested too deeply to check (safejson bounds text)
        _bad("record", "nested too deeply to be a record")


def _load(data: object) -> Loaded:
    if not isinstance(data, dict):
        _bad("record", "expected a JSON object {format, version, game, deals, ...}")
    if data.get("format") != FORMAT:
        _bad("format", f"{describe(data.get('format'))} is not {FORMAT!r}: not a kingweb record")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        _bad("version", f"{describe(version)} is not a version this kingweb reads ({VERSION})")
    for key in data:
        if key not in FIELDS:
            _bad(str(key)[:40], f"not a field of a record (fields: {', '.join(FIELDS)})")
    gid = data.get("game")
    if not (isinstance(gid, str) and gid in _CLASSES):
        _bad("game", f"{describe(gid)} is not a game here (one of {', '.join(_CLASSES)})")
    cls = _CLASSES[gid]
    try:
        options = cls.check_options(data.get("options", {}))
    except RulesError as e:
        option = e.params.get("option")
        _bad("options" if not isinstance(option, str) else f"options.{option}", str(e))
    n = cls.players
    names = data.get("names")
    if names is not None:
        _names(names, n)
    seed = data.get("seed")
    if seed is not None:
        try:
            seed = seeds.read(seed)
        except RulesError:
            _bad("seed", f"{describe(seed)} is not a whole number 0 ≤ seed < 2^{seeds.BITS} (or its digits)")
    kh = data.get("kh_receiver")
    if kh is not None and (gid != "king" or not _is_seat(kh, n)):
        _bad("kh_receiver", "only a King record names the K♥'s receiver, a seat 0..3")
    deals = data.get("deals")
    if not isinstance(deals, list) or not 1 <= len(deals) <= MAX_DEALS[gid]:
        _bad("deals", f"expected a list of 1 to {MAX_DEALS[gid]} deals")
    checked = [_deal(k, d, gid, n) for k, d in enumerate(deals)]
    first = checked[0]["deal_no"]
    for k, d in enumerate(checked):
        if d["deal_no"] != first + k:
            _bad(f"deals[{k}].deal_no", f"expected {first + k}: the deals of a record follow one another")
    scores = data.get("scores")
    if scores is not None:
        if first != 0:
            _bad("scores", "only a record from the match's first deal has the match's scores")
        _points(scores, n, "scores")
    if first == 0:
        replay = _replay_match(gid, options, checked, seed, kh)
    elif len(checked) > 1:
        _bad("deals[0].deal_no", "a record of several deals starts at the match's first deal, 0")
    else:
        replay = _replay_deal(gid, options, checked[0])
    g = replay.game
    head: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": gid, "options": options}
    if names is not None:
        head["names"] = list(names)
    if seed is not None:
        head["seed"] = seeds.to_json(seed)
    if gid == "king" and first == 0 and options["king_chooses_dealer"]:
        head["kh_receiver"] = cast(Any, g).kh_receiver
    record = cast(Record, {**head, "deals": replay.deals})
    if first == 0:
        if scores is not None and list(scores) != g.scores:
            _bad("scores", f"{scores} are not the match's scores after these deals, {g.scores}")
        record["scores"] = list(g.scores)
    return Loaded(record, replay.snapshot, replay.actions, replay.starts, replay.turns)


def _is_seat(value: object, n: int) -> bool:
    return type(value) is int and 0 <= value < n


def _names(names: object, n: int) -> None:
    if not isinstance(names, list) or len(names) != n:
        _bad("names", f"expected a list of {n} names (or nulls), seat 0 first")
    for i, name in enumerate(names):
        if name is None:
            continue
        if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME:
            _bad(f"names[{i}]", f"a name is text of 1 to {MAX_NAME} characters, or null")
        # (a ZWJ joins an emoji sequence in a name: kingweb.names keeps it)
        if name != name.strip() or any(unicodedata.category(ch)[0] == "C" and ch != ZWJ for ch in name) or '"' in name:
            _bad(f"names[{i}]", "a name has no control characters, no double quote, no space at either end")


def _points(points: object, n: int, field: str) -> list[int]:
    if not isinstance(points, list) or len(points) != n or any(type(p) is not int for p in points):
        _bad(field, f"expected {n} whole numbers, seat 0 first")
    return points


def _deal(k: int, d: object, gid: str, n: int) -> dict[str, Any]:
    """Deal ``k`` checked for its shape (the replay checks it against the rules)."""
    at = f"deals[{k}]"
    if not isinstance(d, dict):
        _bad(at, "expected an object {deal_no, contract, hands, actions, ...}")
    for key in d:
        if key not in DEAL_FIELDS:
            _bad(f"{at}.{str(key)[:40]}", f"not a field of a deal (fields: {', '.join(DEAL_FIELDS)})")
    need = ["deal_no", "contract", "hands", "actions", "leader" if gid == "kingru" else "dealer"]
    if gid == "whist":
        need.append("stock")
    for key in need:
        if key not in d:
            _bad(f"{at}.{key}", "missing")
    for key, game in (("leader", "kingru"), ("stock", "whist")):
        if key in d and gid != game:
            _bad(f"{at}.{key}", f"a {gid} deal has no {key}")
    if "dealer" in d and gid == "kingru":
        _bad(f"{at}.dealer", "a Кинг deal names its leader, not its dealer")
    deal_no = d["deal_no"]
    if type(deal_no) is not int or not 0 <= deal_no < MAX_DEALS[gid]:
        _bad(f"{at}.deal_no", f"expected the deal's number in the match, 0 to {MAX_DEALS[gid] - 1}")
    if not isinstance(d["contract"], str) or len(d["contract"]) > 40:
        _bad(f"{at}.contract", "expected a contract id such as 'tricks'")
    seat_key = "leader" if gid == "kingru" else "dealer"
    if not _is_seat(d[seat_key], n):
        _bad(f"{at}.{seat_key}", f"expected a seat 0..{n - 1}")
    deck = SHORT_DECK if gid == "kingru" else FULL_DECK
    hands = d["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        _bad(f"{at}.hands", f"expected {n} hands, seat 0 first")
    seen, masks = 0, []
    per = 8 if gid == "kingru" else 13
    for s, h in enumerate(hands):
        m = _cards(h, f"{at}.hands[{s}]", deck)
        if m.bit_count() != per:
            _bad(f"{at}.hands[{s}]", f"a hand is dealt {per} cards, not {m.bit_count()}")
        if m & seen:
            _bad(f"{at}.hands[{s}]", f"{codes_of(m & seen)[0]} is also in another hand")
        seen |= m
        masks.append(m)
    out: dict[str, Any] = {
        "deal_no": deal_no,
        "contract": d["contract"],
        seat_key: d[seat_key],
        "hands": [codes_of(m) for m in masks],
    }
    if gid == "whist":
        stock = _cards(d["stock"], f"{at}.stock", deck)
        if stock & seen or stock | seen != deck:
            _bad(f"{at}.stock", "the stock is the 26 cards not in the hands, top first")
        out["stock"] = list(d["stock"])
    actions = d["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        _bad(f"{at}.actions", f"expected a list of at most {MAX_ACTIONS} actions")
    for i, a in enumerate(actions):
        if not isinstance(a, str) or not a or len(a) > 40:
            _bad(f"{at}.actions[{i}]", f"{describe(a)} is not an action (a card code such as 'QS', or a bid)")
    out["actions"] = list(actions)
    if "points" in d:
        out["points"] = _points(d["points"], n, f"{at}.points")
    if "marks" in d:
        out["marks"] = _marks(d["marks"], f"{at}.marks", len(actions))
    return out


def _cards(codes: object, field: str, deck: int) -> int:
    try:
        return parse_hand(codes, field, deck)
    except RulesError as e:
        _bad(field, str(e).split(": ", 1)[-1])


def _marks(marks: object, at: str, count: int) -> list[Mark]:
    if not isinstance(marks, list) or len(marks) > count:
        _bad(at, "expected a list of marks, at most one a step")
    out: list[Mark] = []
    steps = set()
    for j, m in enumerate(marks):
        where = f"{at}[{j}]"
        if not isinstance(m, dict) or "step" not in m or "mark" not in m:
            _bad(where, "expected an object {step, mark, ...}")
        for key, value in m.items():
            kind = MARK_FIELDS.get(key)
            ok = kind is not None and (
                type(value) is kind
                or (kind is float and type(value) is int)
                or (kind is dict and isinstance(value, dict) and _plain(value))
            )
            if not ok:
                _bad(f"{where}.{str(key)[:40]}", "not a field of a mark, or of the wrong type")
        step = m["step"]
        if not 0 <= step < count or step in steps:
            _bad(f"{where}.step", f"expected a step of the deal, 0..{count - 1}, marked once")
        steps.add(step)
        if m["mark"] not in MARKS:
            _bad(f"{where}.mark", f"{describe(m['mark'])} is not a mark (one of {', '.join(MARKS)})")
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


@dataclass
class _Replay:
    """A record being replayed on ``game``: the ``Loaded`` parts, and the canonical deals."""

    game: Game
    snapshot: dict[str, Any]
    actions: list[str]
    starts: list[int]
    turns: list[list[int]]
    deals: list[RecordDeal]

    @classmethod
    def of(cls, g: Game) -> "_Replay":
        return cls(g, {**json.loads(g.to_json()), "actions": []}, [], [], [], [])


def _replay_match(
    gid: str, options: dict[str, Any], deals: list[dict[str, Any]], seed: int | None, kh: int | None
) -> _Replay:
    key = "leader" if gid == "kingru" else "dealer"
    first = deals[0][key]
    if gid == "king":
        if kh is not None and not options["king_chooses_dealer"] and kh != first:
            _bad("kh_receiver", "the K♥'s receiver deals first, unless king_chooses_dealer is on")
        first = first if kh is None else kh
    if seed is not None:
        try:  # a kingweb match: the seeded game, which goes on dealing as the original did
            return _play(new_game(gid, seed, options), gid, deals, kh, seeded=True)
        except _Mismatch:
            pass
    preset = {
        "first": first,
        "deals": [{"hands": d["hands"], **({"stock": d["stock"]} if gid == "whist" else {})} for d in deals],
    }
    return _play(_CLASSES[gid].from_preset(preset, seed or 0, options), gid, deals, kh, seeded=False)


def _replay_deal(gid: str, options: dict[str, Any], d: dict[str, Any]) -> _Replay:
    """One deal from the middle of a match: played from its hands as a scenario."""
    k, contract = d["deal_no"], d["contract"]
    if gid == "king":
        if k < 6:
            expect = NEGATIVE_ORDER[k]
            if contract != expect:
                _bad("deals[0].contract", f"deal {k + 1} of King is {expect}, not {describe(contract)}")
            lead = (d["dealer"] + (1 if options["first_lead"] == "left_of_dealer" else 0)) % 4
            g = scenario(gid, contract, d["hands"], options, leader=lead)
        elif k < 10:
            g = scenario(gid, "positive", d["hands"], options, dealer=d["dealer"])
        else:
            _bad("deals[0].deal_no", "a King match has 10 deals, 0 to 9")
    elif gid == "kingru":
        order = deal_order(options)
        if k >= len(order) or contract != order[k]:
            allowed = order[k] if k < len(order) else f"none: the match has {len(order)} deals"
            _bad("deals[0].contract", f"deal {k + 1} of Кинг here is {allowed}, not {describe(contract)}")
        g = scenario(gid, contract, d["hands"], options, leader=d["leader"])
    else:
        if contract != "whist":
            _bad("deals[0].contract", f"a German Whist deal's contract is 'whist', not {describe(contract)}")
        g = scenario(gid, "whist", d["hands"], options, dealer=d["dealer"], stock=d["stock"])
    replay = _Replay.of(g)
    _play_deal(replay, d, 0, last=True)
    return replay


def _play(g: Game, gid: str, deals: list[dict[str, Any]], kh: int | None, seeded: bool) -> _Replay:
    """Replay ``deals`` from the start of match ``g``; a seeded match that deals other
    cards than the record raises ``_Mismatch``."""
    replay = _Replay.of(g)
    if gid == "king":
        receiver = cast(Any, g).kh_receiver
        if seeded and kh is not None and kh != receiver:
            raise _Mismatch
        if cast(Any, g).phase == "dealer":  # king_chooses_dealer: the receiver names deal 1's dealer
            action = f"dealer:{deals[0]['dealer']}"
            g.act(action)
            replay.actions.append(action)
    key = "leader" if gid == "kingru" else "dealer"
    for k, d in enumerate(deals):
        if g.over:
            _bad(f"deals[{k}]", "the match is over before this deal")
        tg = cast(TrickGame, g)
        if seeded and (
            [codes_of(h) for h in tg.dealt] != d["hands"]
            or (gid == "whist" and [code(c) for c in cast(Any, g).stock_dealt] != d["stock"])
        ):
            raise _Mismatch
        expect = tg.leader if gid == "kingru" else tg.dealer
        if d[key] != expect:
            if seeded:
                raise _Mismatch
            _bad(f"deals[{k}].{key}", f"seat {expect} is the {key} of deal {k + 1} here, not seat {d[key]}")
        if (gid != "king" or k < 6) and d["contract"] != g.contract:
            _bad(f"deals[{k}].contract", f"deal {k + 1} is {g.contract}, not {describe(d['contract'])}")
        _play_deal(replay, d, k, last=k == len(deals) - 1)
    return replay


def _play_deal(replay: _Replay, d: dict[str, Any], k: int, last: bool) -> None:
    """Play deal ``k``'s actions (``replay.game`` is at its start), refusing any that the
    rules do not allow and any after the deal's end; file its canonical form."""
    g, at = replay.game, f"deals[{k}]"
    done = len(g.deals)
    replay.starts.append(len(replay.actions))
    turns: list[int] = []
    actions = d["actions"]
    for i, a in enumerate(actions):
        if len(g.deals) > done:
            _bad(f"{at}.actions[{i}]", "the deal is over after the action before")
        turn = g.turn
        try:
            g.act(a)
        except IllegalAction as e:
            _bad(f"{at}.actions[{i}]", f"{describe(a)} cannot be played here: {e}")
        assert turn is not None  # an action was taken
        turns.append(turn)
        replay.actions.append(a)
    replay.turns.append(turns)
    finished = len(g.deals) > done
    if not finished and not last:
        _bad(f"{at}.actions", f"the deal is not over after its {len(actions)} actions, yet another deal follows")
    played = g.deals[done]["contract"] if finished else g.contract
    if d["contract"] != played and not (g.id == "king" and d["contract"] == "positive" and played not in NEGATIVES):
        _bad(f"{at}.contract", f"the deal was played as {played}, not {describe(d['contract'])}")
    out = cast(RecordDeal, {**d, "contract": played})
    if finished:
        points = g.deals[done]["points"]
        if "points" in d and d["points"] != points:
            _bad(f"{at}.points", f"{d['points']} are not the deal's points, {points}")
        out["points"] = list(points)
    elif "points" in d:
        _bad(f"{at}.points", "the deal is not over: it has no points yet")
    for j, m in enumerate(d.get("marks", [])):
        step = m["step"]
        if "seat" in m and m["seat"] != turns[step]:
            _bad(f"{at}.marks[{j}].seat", f"step {step} was seat {turns[step]}'s, not seat {m['seat']}'s")
        if "action" in m and m["action"] != actions[step]:
            _bad(f"{at}.marks[{j}].action", f"step {step} is {actions[step]}, not {describe(m['action'])}")
    replay.deals.append(_ordered(out))


def _ordered(d: RecordDeal) -> RecordDeal:
    """A deal's fields in the format's order."""
    return cast(RecordDeal, {k: d[k] for k in DEAL_FIELDS if k in d})  # type: ignore[literal-required]


# -- export ---------------------------------------------------------------------------------------


def of_game(game: Game, deal: int | None = None, names: list[str | None] | None = None) -> Record:
    """The record of ``game``'s finished deals (``deal``: only that one, numbered from 0
    in the match), with the players' ``names`` (one a seat, or None).  A deal in progress
    is never recorded: its hands are still secret."""
    data = json.loads(game.to_json())
    fresh = from_json(json.dumps({**data, "actions": []}))
    sc = data["scenario"]
    if sc is not None:
        first = _scenario_deal_no(fresh)
    else:
        first = 0
    per_deal: list[list[str]] = [[] for _ in game.deals]
    for a in game.actions:
        k = len(fresh.deals)
        before = fresh.event_count
        fresh.act(a)
        if k >= len(per_deal) or a.startswith("dealer:"):
            continue
        if a.startswith("claim:"):  # recorded as the cards it played out (RECORDS.md §1.1)
            per_deal[k] += [e["card"] for e in fresh.events_for(None, before) if e["type"] == "play"]
        else:
            per_deal[k].append(a)
    if not game.deals:
        raise RulesError("bad-record", "record: game: no deal is over yet, nothing to record", field="game", line=None)
    if deal is not None and not (type(deal) is int and 0 <= deal < len(game.deals)):
        raise RulesError(
            "bad-record", f"record: deal: {describe(deal)} is not a finished deal of this game", field="deal", line=None
        )
    key = "leader" if game.id == "kingru" else "dealer"
    deals: list[dict[str, Any]] = []
    for k, d in enumerate(game.deals):
        out: dict[str, Any] = {"deal_no": first + k, "contract": d["contract"]}
        out[key] = cast(dict[str, Any], d)[key]
        out["hands"] = d["hands"]
        if game.id == "whist":
            out["stock"] = cast(dict[str, Any], d)["stock"]
        out["actions"] = per_deal[k]
        out["points"] = d["points"]
        deals.append(out)
    rec: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": game.id, "options": dict(game.options)}
    if names is not None:
        rec["names"] = list(names)
    if sc is None and game.preset is None:
        rec["seed"] = seeds.to_json(game.seed)
    if game.id == "king" and sc is None and game.options["king_chooses_dealer"]:
        rec["kh_receiver"] = cast(Any, game).kh_receiver
    if deal is not None:
        deals = [deals[deal]]
    elif first == 0:
        rec["scores"] = list(game.scores)
    rec["deals"] = deals
    return read(rec)


def _scenario_deal_no(g: Game) -> int:
    """Which deal of a match a one-deal scenario is (by its contract); a scenario that is
    not a whole deal from its start cannot be recorded."""
    sc = g.scenario_args
    assert sc is not None
    whole = all(len(h) == cast(TrickGame, g).TRICKS_PER_HAND for h in sc["hands"]) and not sc.get("trick")
    if g.id == "whist":
        whole = whole and len(sc.get("stock") or []) == 26
        return _whole(whole, 0)
    if g.id == "kingru":
        return _whole(whole, deal_order(g.options).index(sc["contract"]))
    if sc["contract"] == "positive":
        return _whole(whole, 6)
    if sc["contract"] in NEGATIVES and sc.get("leader") is not None:
        if g.options["first_lead"] != "dealer":
            whole = False  # (its dealer is unknown)
        return _whole(whole, NEGATIVE_ORDER.index(sc["contract"]))
    return _whole(False, 0)  # a positive's card play alone: its bidding is missing


def _whole(whole: bool, deal_no: int) -> int:
    if not whole:
        raise RulesError(
            "bad-record", "record: game: this scenario is not a whole deal from its start", field="game", line=None
        )
    return deal_no


def to_game(record: object) -> Game:
    """The game that replays ``record`` exactly: the match (dealt from the record's cards,
    or from its seed when that deals the same cards), or, for one deal from the middle of
    a match, that deal as a scenario."""
    return load(record).game()


# -- reading and writing --------------------------------------------------------------------------


def dumps(record: Record, form: str = "json") -> str:
    """``record`` (canonical, as ``read`` gives it) as compact JSON or as the text form."""
    if form == "json":
        return json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    if form == "text":
        return _text(record)
    raise ValueError(f"form {form!r} is not json or text")


def loads(text: str) -> Record:
    """The canonical record of ``text``, in either form (JSON begins with ``{``)."""
    return parse(text).record


def parse(text: object) -> Loaded:
    """``loads``, keeping the replay."""
    if not isinstance(text, str):
        _bad("record", "expected the text of a record")
    if len(text) > MAX_TEXT:
        _bad("record", f"{len(text)} characters: a record is at most {MAX_TEXT}")
    body = text.lstrip("\ufeff \t\r\n")
    if body.startswith("{"):
        try:
            data = safejson.loads(body)
        except ValueError as e:
            _bad("record", f"not JSON ({e})")
        return load(data)
    data, lines, claims = _read_text(body, 1 + text.count("\n") - body.count("\n"))
    try:
        loaded = load(data)
    except RulesError as e:
        field = str(e.params.get("field") or "record")
        raise _at_line(field, lines, str(e).split(": ", 2)[-1]) from None
    for field, seat, line in claims:  # the seat letters written in the bidding and the play
        k, step = field
        actual = loaded.turns[k][step]
        if actual != seat:
            letters = SEATS[len(loaded.record["deals"][k]["hands"])]
            raise _line_error(
                line,
                f"deals[{k}].actions[{step}]",
                f"{letters[seat]} is written, but {letters[actual]} is to act there",
            )
    return loaded


def _at_line(field: str, lines: dict[str, int], what: str) -> RulesError:
    probe = field
    while probe not in lines and probe:
        cut = max(probe.rfind("."), probe.rfind("["))
        probe = probe[:cut] if cut > 0 else ""
    return _line_error(lines.get(probe), field, what)


def _line_error(line: int | None, field: str, what: str) -> RulesError:
    where = f"line {line} ({field})" if line is not None else field
    return RulesError("bad-record", f"record: {where}: {what}", field=field, line=line)


# the text form: PBN's tag pairs and hands, kingweb's card codes and actions

_TAG = re.compile(r'\[([A-Za-z]+)\s+"([^"\\]*)"\]$')
_HEADER_TAGS = ("Game", "Options", "South", "West", "North", "East", "Seed", "KHReceiver", "Scores")
_DEAL_TAGS = ("Board", "Contract", "Dealer", "Leader", "Deal", "Stock", "Points", "Bidding", "Play")
_MARK_OF = {sym: m for m, sym in MARKS.items() if m != "good"}
_PBN_SUITS = "SHDC"  # a PBN hand lists spades, hearts, diamonds, clubs


def _text(record: Record) -> str:
    gid = record["game"]
    cls = _CLASSES[gid]
    letters = SEATS[cls.players]
    out = [f"% kingweb record {VERSION}: docs/RECORDS.md", f'[Game "{gid}"]']
    changed = [f"{k}={_option_text(v)}" for k, v in record["options"].items() if v != cls.OPTIONS[k].default]
    if changed:
        out.append(f'[Options "{",".join(changed)}"]')
    for s, name in enumerate(record.get("names") or []):
        if name is not None:
            out.append(f'[{SEAT_NAMES[letters[s]]} "{name}"]')
    if "seed" in record:
        out.append(f'[Seed "{record["seed"]}"]')
    if "kh_receiver" in record:
        out.append(f'[KHReceiver "{letters[record["kh_receiver"]]}"]')
    if "scores" in record:
        out.append(f'[Scores "{_seat_numbers(record["scores"], letters)}"]')
    loaded = load(record)
    for k, d in enumerate(record["deals"]):
        out += ["", f'[Board "{d["deal_no"] + 1}"]', f'[Contract "{d["contract"]}"]']
        key = "Leader" if gid == "kingru" else "Dealer"
        out.append(f'[{key} "{letters[cast(int, d.get(key.lower()))]}"]')
        start = cast(int, d.get("leader" if gid == "kingru" else "dealer"))
        hands = " ".join(_pbn_hand(d["hands"][(start + i) % len(letters)]) for i in range(len(letters)))
        out.append(f'[Deal "{letters[start]}:{hands}"]')
        if "stock" in d:
            out.append(f'[Stock "{" ".join(d["stock"])}"]')
        if "points" in d:
            out.append(f'[Points "{_seat_numbers(d["points"], letters)}"]')
        out += _sections(loaded, k, d, letters)
    return "\n".join(out) + "\n"


def _option_text(value: object) -> str:
    return json.dumps(value) if isinstance(value, bool) else str(value)


def _seat_numbers(numbers: list[int], letters: str) -> str:
    return " ".join(f"{letters[s]} {p}" for s, p in enumerate(numbers))


def _pbn_hand(codes: list[str]) -> str:
    return ".".join(
        "".join(r for r in reversed(RANKS) if r + suit in codes) for suit in _PBN_SUITS
    )  # (ranks high to low)


def _sections(loaded: Loaded, k: int, d: RecordDeal, letters: str) -> list[str]:
    """The Bidding and Play sections of deal ``k``: one spoken action a line, one trick a
    line from its leader, marks after the action they mark."""
    marks = {m["step"]: MARKS[m["mark"]] for m in d.get("marks", []) if m["mark"] != "good"}
    turns = loaded.turns[k]
    out: list[str] = []
    tokens = [a + marks.get(i, "") for i, a in enumerate(d["actions"])]
    cards_from = next((i for i, a in enumerate(d["actions"]) if a in INDEX), len(d["actions"]))
    if cards_from:
        out.append(f'[Bidding "{letters[turns[0]]}"]')
        out += [f"{letters[turns[i]]} {tokens[i]}" for i in range(cards_from)]
    if cards_from < len(tokens):
        out.append(f'[Play "{letters[turns[cards_from]]}"]')
        g = loaded.position(k, cards_from)
        whist = g.id == "whist"
        per = len(letters)
        for t, first in enumerate(range(cards_from, len(tokens), per)):
            line = f"{letters[turns[first]]} " + " ".join(tokens[first : first + per])
            if whist and t == 13:
                out.append("; stage 2: the tricks that score")
            if whist and t < 13 and first + per <= len(tokens):
                after = loaded.position(k, first + per)
                draw = cast(Any, after).play.draws[-1]
                won = cast(Any, after).play.winners[draw[0]]
                line += f"  ; {letters[won]} takes {code(draw[1])}, {letters[1 - won]} draws {code(draw[2])}"
            out.append(line)
    return out


def _read_text(text: str, first_line: int) -> tuple[dict[str, Any], dict[str, int], list[Any]]:
    """The JSON data of a text record, where each field was written (``lines``), and the
    seats written beside the actions (checked once the record is replayed)."""
    blocks: list[list[tuple[int, str]]] = [[]]  # the header, then a block a Board
    for n, raw in enumerate(text.split("\n"), first_line):
        line = raw.strip()
        if line.startswith(("%", ";")):
            continue
        if not line.startswith("["):
            line = line.split(";", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[Board "):
            blocks.append([])
        blocks[-1].append((n, line))
    lines: dict[str, int] = {}
    header = _tags(blocks[0], _HEADER_TAGS, "before the first Board")
    if "Game" not in header:
        raise _line_error(first_line, "game", 'a text record starts with its [Game "..."] tag')
    gid = header["Game"][1]
    if gid not in _CLASSES:
        raise _line_error(header["Game"][0], "game", f"{gid!r} is not a game here (one of {', '.join(_CLASSES)})")
    cls = _CLASSES[gid]
    letters = SEATS[cls.players]
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": gid}
    lines["game"] = header["Game"][0]
    if "Options" in header:
        n, value = header["Options"]
        data["options"] = _options(value, n, cls)
        lines["options"] = n
    names: list[str | None] = [None] * cls.players
    for letter, tag in SEAT_NAMES.items():
        if tag not in header:
            continue
        if letter not in letters:
            raise _line_error(header[tag][0], "names", f"a {cls.players}-player game has no {tag}")
        names[letters.index(letter)] = header[tag][1]
        lines[f"names[{letters.index(letter)}]"] = header[tag][0]
    if any(x is not None for x in names):
        data["names"] = names
    if "Seed" in header:
        n, value = header["Seed"]
        if not re.fullmatch(r"\d{1,39}", value):
            raise _line_error(n, "seed", f"{describe(value)} is not a whole number")
        data["seed"] = value  # digits: read as any record's seed
        lines["seed"] = n
    if "KHReceiver" in header:
        n, value = header["KHReceiver"]
        data["kh_receiver"] = _seat(value, n, "kh_receiver", letters)
        lines["kh_receiver"] = n
    if "Scores" in header:
        n, value = header["Scores"]
        data["scores"] = _seat_values(value, n, "scores", letters)
        lines["scores"] = n
    deals: list[dict[str, Any]] = []
    claims: list[Any] = []
    for k, block in enumerate(blocks[1:]):
        deals.append(_text_deal(k, block, gid, letters, lines, claims))
    data["deals"] = deals
    return data, lines, claims


def _tags(block: list[tuple[int, str]], allowed: tuple[str, ...], where: str) -> dict[str, tuple[int, str]]:
    out: dict[str, tuple[int, str]] = {}
    for n, line in block:
        m = _TAG.match(line)
        if not m:
            raise _line_error(n, "record", f'expected a tag [Name "value"] {where}, not {describe(line)}')
        name, value = m.groups()
        if name not in allowed:
            raise _line_error(n, "record", f"[{name}] is not a tag here (tags: {', '.join(allowed)})")
        if name in out:
            raise _line_error(n, "record", f"[{name}] is written twice")
        out[name] = (n, value)
    return out


def _options(value: str, n: int, cls: type[Game]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in filter(None, (p.strip() for p in value.split(","))):
        name, eq, v = pair.partition("=")
        if not eq or name.strip() not in cls.OPTIONS:
            raise _line_error(
                n, "options", f"{describe(pair)}: expected option=value, options {', '.join(cls.OPTIONS)}"
            )
        v = v.strip()
        out[name.strip()] = {"true": True, "false": False}.get(v, int(v) if re.fullmatch(r"\d{1,3}", v) else v)
    return out


def _number(value: str, n: int, field: str) -> int:
    if not re.fullmatch(r"\d{1,12}", value):
        raise _line_error(n, field, f"{describe(value)} is not a whole number")
    return int(value)


def _seat(value: str, n: int, field: str, letters: str) -> int:
    if len(value) != 1 or value not in letters:
        raise _line_error(n, field, f"{describe(value)} is not a seat ({', '.join(letters)})")
    return letters.index(value)


def _seat_values(value: str, n: int, field: str, letters: str) -> list[int]:
    parts = value.replace("−", "-").split()
    seats = parts[0::2]
    if sorted(seats) != sorted(letters) or len(parts) != 2 * len(letters):
        raise _line_error(
            n, field, f"expected each seat and its points, e.g. {_seat_numbers([0] * len(letters), letters)}"
        )
    out = [0] * len(letters)
    for letter, p in zip(seats, parts[1::2], strict=True):
        if not re.fullmatch(r"-?\d{1,6}", p):
            raise _line_error(n, field, f"{describe(p)} is not a whole number of points")
        out[letters.index(letter)] = int(p)
    return out


def _text_deal(
    k: int, block: list[tuple[int, str]], gid: str, letters: str, lines: dict[str, int], claims: list[Any]
) -> dict[str, Any]:
    at = f"deals[{k}]"
    tags: list[tuple[int, str]] = []
    sections: dict[str, list[tuple[int, str]]] = {}
    current: list[tuple[int, str]] | None = None
    for n, line in block:
        m = _TAG.match(line)
        if m and m.group(1) in ("Bidding", "Play"):
            if m.group(1) in sections:
                raise _line_error(n, at, f"[{m.group(1)}] is written twice")
            current = sections[m.group(1)] = [(n, line)]
        elif m or current is None:
            tags.append((n, line))
            current = None
        else:
            current.append((n, line))
    t = _tags(tags, _DEAL_TAGS, "in a Board")
    n_board, board = t["Board"]
    lines[at] = n_board
    d: dict[str, Any] = {"deal_no": _number(board, n_board, f"{at}.deal_no") - 1}
    if d["deal_no"] < 0:
        raise _line_error(n_board, f"{at}.deal_no", "boards are numbered from 1")
    need = ["Contract", "Deal", "Leader" if gid == "kingru" else "Dealer"] + (["Stock"] if gid == "whist" else [])
    for tag in need:
        if tag not in t:
            raise _line_error(n_board, at, f'board {board} has no [{tag} "..."] tag')
    for tag in ("Leader", "Dealer", "Stock"):
        if tag in t and tag not in need:
            raise _line_error(t[tag][0], at, f"a {gid} board has no [{tag}]")
    d["contract"] = t["Contract"][1]
    lines[f"{at}.contract"] = t["Contract"][0]
    key = "leader" if gid == "kingru" else "dealer"
    n, value = t[key.capitalize()]
    d[key] = _seat(value, n, f"{at}.{key}", letters)
    lines[f"{at}.{key}"] = n
    n, value = t["Deal"]
    d["hands"] = _deal_line(value, n, at, letters, gid)
    lines[f"{at}.hands"] = n
    if "Stock" in t:
        n, value = t["Stock"]
        d["stock"] = value.split()
        lines[f"{at}.stock"] = n
    if "Points" in t:
        n, value = t["Points"]
        d["points"] = _seat_values(value, n, f"{at}.points", letters)
        lines[f"{at}.points"] = n
    actions: list[str] = []
    marks: list[dict[str, Any]] = []
    lines[f"{at}.actions"] = n_board
    for name in ("Bidding", "Play"):
        section = sections.get(name)
        if section is None:
            continue
        n, tag_line = section[0]
        first = _seat(_TAG.match(tag_line).group(2), n, f"{at}.actions", letters)  # type: ignore[union-attr]
        lines.setdefault(f"{at}.actions", n)
        for i, (n, line) in enumerate(section[1:]):
            words = line.split()
            if len(words) < 2 or words[0] not in letters:
                raise _line_error(n, f"{at}.actions", f"expected a seat ({', '.join(letters)}) then its action(s)")
            seat = letters.index(words[0])
            if i == 0 and seat != first:
                raise _line_error(n, f"{at}.actions", f'[{name} "{letters[first]}"] begins with {words[0]}')
            if name == "Bidding" and len(words) != 2:
                raise _line_error(n, f"{at}.actions", "the bidding has one seat and its action a line")
            last = i == len(section) - 2
            if name == "Play" and (len(words) - 1 > len(letters) or (len(words) - 1 < len(letters) and not last)):
                raise _line_error(n, f"{at}.actions", f"a trick a line: its leader, then {len(letters)} cards")
            claims.append(((k, len(actions)), seat, n))
            for word in words[1:]:
                action, mark = _marked(word, n, at)
                lines[f"{at}.actions[{len(actions)}]"] = n
                if mark is not None:
                    lines[f"{at}.marks[{len(marks)}]"] = n
                    marks.append({"step": len(actions), "mark": mark})
                actions.append(action)
    d["actions"] = actions
    if marks:
        d["marks"] = marks
    return d


def _marked(word: str, n: int, at: str) -> tuple[str, str | None]:
    action = word.rstrip("?!")
    sym = word[len(action) :]
    if not sym:
        return word, None
    if sym not in _MARK_OF:
        raise _line_error(n, f"{at}.marks", f"{sym!r} after {action} is not a mark (marks: ?! ? ??)")
    return action, _MARK_OF[sym]


def _deal_line(value: str, n: int, at: str, letters: str, gid: str) -> list[list[str]]:
    first, colon, rest = value.partition(":")
    if not colon or len(first) != 1 or first not in letters:
        raise _line_error(n, f"{at}.hands", f'expected "{letters[0]}:" and the hands from that seat on')
    parts = rest.split()
    if len(parts) != len(letters):
        raise _line_error(n, f"{at}.hands", f"expected {len(letters)} hands, not {len(parts)}")
    hands: list[list[str]] = [[] for _ in letters]
    start = letters.index(first)
    for i, part in enumerate(parts):
        suits = part.split(".")
        if len(suits) != 4:
            raise _line_error(n, f"{at}.hands", f"hand {part!r}: four suits (spades.hearts.diamonds.clubs), by dots")
        seat = (start + i) % len(letters)
        for suit, ranks in zip(_PBN_SUITS, suits, strict=True):
            if ranks == "-":
                continue
            for r in ranks.upper():
                if r not in RANKS:
                    raise _line_error(n, f"{at}.hands", f"hand {part!r}: {r!r} is not a rank ({RANKS[::-1]})")
                hands[seat].append(r + suit)
    return hands
