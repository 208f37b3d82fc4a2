"""A record's proof: it is read only by replaying it in full on the engine (``load``), the
match from its seed or its cards, or one deal from the middle of a match as a scenario;
``Loaded`` keeps the replay for the review to step through."""

import hashlib
import json
from dataclasses import dataclass
from typing import Any, cast

from . import IllegalAction, RulesError, from_json, new_game, scenario, seeds
from .cards import code, codes_of
from .errors import describe
from .game import Game, is_seat
from .games import GAMES, DealError, GameFacts
from .recordjson import (
    DEAL_FIELDS,
    FIELDS,
    FORMAT,
    VERSION,
    Record,
    RecordDeal,
    bad,
    check_deal,
    check_names,
    check_points,
    compact,
)
from .trickgame import TrickGame


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
        return hashlib.sha256(compact(self.record).encode()).hexdigest()[:16]

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
        bad("record", "nested too deeply to be a record")


def _load(data: object) -> Loaded:
    if not isinstance(data, dict):
        bad("record", "expected a JSON object {format, version, game, deals, ...}")
    if data.get("format") != FORMAT:
        bad("format", f"{describe(data.get('format'))} is not {FORMAT!r}: not a kingweb record")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        bad("version", f"{describe(version)} is not a version this kingweb reads ({VERSION})")
    for key in data:
        if key not in FIELDS:
            bad(str(key)[:40], f"not a field of a record (fields: {', '.join(FIELDS)})")
    gid = data.get("game")
    if not (isinstance(gid, str) and gid in GAMES):
        bad("game", f"{describe(gid)} is not a game here (one of {', '.join(GAMES)})")
    facts = GAMES[gid]
    cls = facts.cls
    try:
        options = cls.check_options(data.get("options", {}))
    except RulesError as e:
        option = e.params.get("option")
        bad("options" if not isinstance(option, str) else f"options.{option}", str(e))
    n = cls.players
    names = data.get("names")
    if names is not None:
        check_names(names, n)
    seed = data.get("seed")
    if seed is not None:
        try:
            seed = seeds.read(seed)
        except RulesError:
            bad("seed", f"{describe(seed)} is not a whole number 0 ≤ seed < 2^{seeds.BITS} (or its digits)")
    kh = data.get("kh_receiver")
    if kh is not None and (not facts.kh_receiver or not is_seat(kh, n)):
        bad("kh_receiver", "only a King record names the K♥'s receiver, a seat 0..3")
    deals = data.get("deals")
    if not isinstance(deals, list) or not 1 <= len(deals) <= facts.max_deals:
        bad("deals", f"expected a list of 1 to {facts.max_deals} deals")
    checked = [check_deal(k, d, facts) for k, d in enumerate(deals)]
    first = checked[0]["deal_no"]
    for k, d in enumerate(checked):
        if d["deal_no"] != first + k:
            bad(f"deals[{k}].deal_no", f"expected {first + k}: the deals of a record follow one another")
    scores = data.get("scores")
    if scores is not None:
        if first != 0:
            bad("scores", "only a record from the match's first deal has the match's scores")
        check_points(scores, n, "scores")
    if first == 0:
        replay = _replay_match(facts, options, checked, seed, kh)
    elif len(checked) > 1:
        bad("deals[0].deal_no", "a record of several deals starts at the match's first deal, 0")
    else:
        replay = _replay_deal(facts, options, checked[0])
    g = replay.game
    head: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": gid, "options": options}
    if names is not None:
        head["names"] = list(names)
    if seed is not None:
        head["seed"] = seeds.to_json(seed)
    if facts.kh_receiver and first == 0 and options["king_chooses_dealer"]:
        head["kh_receiver"] = cast(Any, g).kh_receiver
    record = cast(Record, {**head, "deals": replay.deals})
    if first == 0:
        if scores is not None and list(scores) != g.scores:
            bad("scores", f"{scores} are not the match's scores after these deals, {g.scores}")
        record["scores"] = list(g.scores)
    return Loaded(record, replay.snapshot, replay.actions, replay.starts, replay.turns)


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
    facts: GameFacts, options: dict[str, Any], deals: list[dict[str, Any]], seed: int | None, kh: int | None
) -> _Replay:
    first = deals[0][facts.seat_field]
    if facts.kh_receiver:
        if kh is not None and not options["king_chooses_dealer"] and kh != first:
            bad("kh_receiver", "the K♥'s receiver deals first, unless king_chooses_dealer is on")
        first = first if kh is None else kh
    if seed is not None:
        try:  # a kingweb match: the seeded game, which goes on dealing as the original did
            return _play(new_game(facts.id, seed, options), facts, deals, kh, seeded=True)
        except _Mismatch:
            pass
    preset = {
        "first": first,
        "deals": [{"hands": d["hands"], **({"stock": d["stock"]} if facts.stock else {})} for d in deals],
    }
    return _play(facts.cls.from_preset(preset, seed or 0, options), facts, deals, kh, seeded=False)


def _replay_deal(facts: GameFacts, options: dict[str, Any], d: dict[str, Any]) -> _Replay:
    """One deal from the middle of a match: played from its hands as a scenario."""
    try:
        contract, where = facts.deal_scenario(d["deal_no"], d, options)
    except DealError as e:
        bad(f"deals[0].{e.field}", e.why)
    g = scenario(facts.id, contract, d["hands"], options, **where)
    replay = _Replay.of(g)
    _play_deal(replay, d, 0, last=True)
    return replay


def _play(g: Game, facts: GameFacts, deals: list[dict[str, Any]], kh: int | None, seeded: bool) -> _Replay:
    """Replay ``deals`` from the start of match ``g``; a seeded match that deals other
    cards than the record raises ``_Mismatch``."""
    replay = _Replay.of(g)
    if facts.kh_receiver:
        receiver = cast(Any, g).kh_receiver
        if seeded and kh is not None and kh != receiver:
            raise _Mismatch
        if cast(Any, g).phase == "dealer":  # king_chooses_dealer: the receiver names deal 1's dealer
            action = f"dealer:{deals[0]['dealer']}"
            g.act(action)
            replay.actions.append(action)
    key = facts.seat_field
    for k, d in enumerate(deals):
        if g.over:
            bad(f"deals[{k}]", "the match is over before this deal")
        tg = cast(TrickGame, g)
        if seeded and (
            [codes_of(h) for h in tg.dealt] != d["hands"]
            or (facts.stock and [code(c) for c in cast(Any, g).stock_dealt] != d["stock"])
        ):
            raise _Mismatch
        expect = getattr(tg, key)
        if d[key] != expect:
            if seeded:
                raise _Mismatch
            bad(f"deals[{k}].{key}", f"seat {expect} is the {key} of deal {k + 1} here, not seat {d[key]}")
        if g.contract != facts.chosen and d["contract"] != g.contract:
            bad(f"deals[{k}].contract", f"deal {k + 1} is {g.contract}, not {describe(d['contract'])}")
        _play_deal(replay, d, k, last=k == len(deals) - 1)
    return replay


def _play_deal(replay: _Replay, d: dict[str, Any], k: int, last: bool) -> None:
    """Play deal ``k``'s actions (``replay.game`` is at its start), refusing any that the
    rules do not allow and any after the deal's end; file its canonical form."""
    g, at = replay.game, f"deals[{k}]"
    done, start = len(g.deals), g.contract
    replay.starts.append(len(replay.actions))
    turns: list[int] = []
    actions = d["actions"]
    for i, a in enumerate(actions):
        if len(g.deals) > done:
            bad(f"{at}.actions[{i}]", "the deal is over after the action before")
        turn = g.turn
        try:
            g.act(a)
        except IllegalAction as e:
            bad(f"{at}.actions[{i}]", f"{describe(a)} cannot be played here: {e}")
        assert turn is not None  # an action was taken
        turns.append(turn)
        replay.actions.append(a)
    replay.turns.append(turns)
    finished = len(g.deals) > done
    if not finished and not last:
        bad(f"{at}.actions", f"the deal is not over after its {len(actions)} actions, yet another deal follows")
    played = g.deals[done]["contract"] if finished else g.contract
    # (a record may name a deal whose contract is chosen in it by how it started)
    if d["contract"] != played and not (d["contract"] == start == GAMES[g.id].chosen):
        bad(f"{at}.contract", f"the deal was played as {played}, not {describe(d['contract'])}")
    out = cast(RecordDeal, {**d, "contract": played})
    if finished:
        points = g.deals[done]["points"]
        if "points" in d and d["points"] != points:
            bad(f"{at}.points", f"{d['points']} are not the deal's points, {points}")
        out["points"] = list(points)
    elif "points" in d:
        bad(f"{at}.points", "the deal is not over: it has no points yet")
    for j, m in enumerate(d.get("marks", [])):
        step = m["step"]
        if "seat" in m and m["seat"] != turns[step]:
            bad(f"{at}.marks[{j}].seat", f"step {step} was seat {turns[step]}'s, not seat {m['seat']}'s")
        if "action" in m and m["action"] != actions[step]:
            bad(f"{at}.marks[{j}].action", f"step {step} is {actions[step]}, not {describe(m['action'])}")
    replay.deals.append(_ordered(out))


def _ordered(d: RecordDeal) -> RecordDeal:
    """A deal's fields in the format's order."""
    return cast(RecordDeal, {k: d[k] for k in DEAL_FIELDS if k in d})  # type: ignore[literal-required]
