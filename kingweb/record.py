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

The record's parts: ``recordjson`` (the format's constants and the shape of each field),
``replay`` (the proof: ``load``, ``Loaded``), ``recordtext`` (the text form); this module
is the API and re-exports them.
"""

import json
from typing import Any, cast

from . import RulesError, from_json, safejson, seeds
from .errors import describe
from .game import Game
from .games import GAMES
from .recordjson import (
    DEAL_FIELDS,
    FIELDS,
    FORMAT,
    MARK_FIELDS,
    MARKS,
    MAX_ACTIONS,
    MAX_TEXT,
    SEAT_NAMES,
    SEATS,
    VERSION,
    Record,
    bad,
    compact,
)
from .recordtext import at_line, line_error, read_text, text_of
from .replay import Loaded, load, read
from .trickgame import TrickGame

__all__ = [
    "DEAL_FIELDS",
    "FIELDS",
    "FORMAT",
    "MARKS",
    "MARK_FIELDS",
    "MAX_ACTIONS",
    "MAX_TEXT",
    "SEATS",
    "SEAT_NAMES",
    "VERSION",
    "Loaded",
    "dumps",
    "load",
    "loads",
    "of_game",
    "parse",
    "read",
    "to_game",
]


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
    facts = GAMES[game.id]
    key = facts.seat_field
    deals: list[dict[str, Any]] = []
    for k, d in enumerate(game.deals):
        out: dict[str, Any] = {"deal_no": first + k, "contract": d["contract"]}
        out[key] = cast(dict[str, Any], d)[key]
        out["hands"] = d["hands"]
        if facts.stock:
            out["stock"] = cast(dict[str, Any], d)["stock"]
        out["actions"] = per_deal[k]
        out["points"] = d["points"]
        deals.append(out)
    rec: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": game.id, "options": dict(game.options)}
    if names is not None:
        rec["names"] = list(names)
    if sc is None and game.preset is None:
        rec["seed"] = seeds.to_json(game.seed)
    if facts.kh_receiver and sc is None and game.options["king_chooses_dealer"]:
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
    deal_no = GAMES[g.id].first_deal(sc, g.options)
    return _whole(whole and deal_no is not None, deal_no or 0)


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
        return compact(record)
    if form == "text":
        return text_of(record)
    raise ValueError(f"form {form!r} is not json or text")


def loads(text: str) -> Record:
    """The canonical record of ``text``, in either form (JSON begins with ``{``)."""
    return parse(text).record


def parse(text: object) -> Loaded:
    """``loads``, keeping the replay."""
    if not isinstance(text, str):
        bad("record", "expected the text of a record")
    if len(text) > MAX_TEXT:
        bad("record", f"{len(text)} characters: a record is at most {MAX_TEXT}")
    body = text.lstrip("\ufeff \t\r\n")
    if body.startswith("{"):
        try:
            data = safejson.loads(body)
        except ValueError as e:
            bad("record", f"not JSON ({e})")
        return load(data)
    data, lines, claims = read_text(body, 1 + text.count("\n") - body.count("\n"))
    try:
        loaded = load(data)
    except RulesError as e:
        field = str(e.params.get("field") or "record")
        raise at_line(field, lines, str(e).split(": ", 2)[-1]) from None
    for field, seat, line in claims:  # the seat letters written in the bidding and the play
        k, step = field
        actual = loaded.turns[k][step]
        if actual != seat:
            letters = SEATS[len(loaded.record["deals"][k]["hands"])]
            raise line_error(
                line,
                f"deals[{k}].actions[{step}]",
                f"{letters[seat]} is written, but {letters[actual]} is to act there",
            )
    return loaded
