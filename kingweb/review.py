"""The review of a recorded deal: every step with every hand, and an analysis of each
decision from the deciding seat's own view at that moment.

Stateless, JSON in and out, one decision per call, so that a browser worker can show
progress and stop between calls (``handle``).  ``docs/RECORDS.md`` states how a decision
is valued, which verdicts are exact, and the marks' thresholds:

- a card in King or Кинг: over ``WORLDS[game]`` deals of the unseen cards consistent
  with everything the seat has seen (the hard bot's sampling, on more worlds, every card
  on the same worlds), each played out by the bots' policy and, from three tricks before
  the end, solved by max-n; in the last three tricks, when the seat's unknowns leave at
  most ``EXACT_DEALS`` deals, every one of them is solved: the verdict is exact;
- a card of German Whist's stage 2: exact (both hands are known; the endgame solver);
  of stage 1: sampled, with the hard bot's own evaluation;
- a bid, the owner's choice or a trump: over ``BID_WORLDS`` deals of the unseen cards,
  each action followed by the normal bots' bidding and the policy's play.

``judge(game, action)`` is the same analysis for any position of a game.

>>> import kingweb, random
>>> from kingweb import record, review
>>> g = kingweb.new_game("whist", seed=2, options={"target": 1})
>>> while not g.over:
...     g.act(g.legal()[-1])
>>> rec = record.of_game(g)
>>> steps = review.review(rec, 0)["steps"]
>>> a = review.analyse(rec, 0, 40)
>>> (a["exact"], a["mark"] in review.MARKS)
(True, True)

This module is the review worker's server (``handle``) and re-exports the parts:
``steps`` (``review``, ``analyse``, ``judge``), ``analysis`` (the values of a decision)
and ``marks`` (the verdicts and the summary).
"""

from typing import Any, cast

from . import RulesError, handler
from .analysis import BID_WORLDS, EXACT_DEALS, EXACT_TRICKS, RACE_AT, RACE_KEEP, WORLDS
from .analysis import _settlement as _settlement
from .catalogue import facts
from .errors import describe
from .games import GAMES
from .handler import Command
from .marks import MARGIN_SE, MARK_REASONS, THRESHOLDS, Analysis, Summary, mark_of, summary
from .record import MARKS
from .steps import _CACHE as _CACHE
from .steps import CACHE_SIZE, _loaded, analyse, judge, review

__all__ = [
    "BID_WORLDS",
    "CACHE_SIZE",
    "COMMANDS",
    "EXACT_DEALS",
    "EXACT_TRICKS",
    "MARGIN_SE",
    "MARKS",
    "MARK_REASONS",
    "RACE_AT",
    "RACE_KEEP",
    "THRESHOLDS",
    "WORLDS",
    "analyse",
    "handle",
    "info",
    "judge",
    "mark_of",
    "review",
    "summary",
]


# -- the review worker's requests ------------------------------------------------------------------------


def handle(request: object) -> str:
    """One JSON request ``{"cmd": ..., "args": {...}}`` → JSON answer, as
    ``kingweb.session.handle``: ``{"ok": true, "result": ...}`` or ``{"ok": false, "error",
    "kind", "code", "params"}``; it never raises, and keeps nothing but a few checked
    records (a record that fails its check is not kept)."""
    return handler.serve(request, COMMANDS)


def info() -> dict[str, Any]:
    """What the review offers: the marks, their thresholds, the reasons, the worlds, and
    the facts of each game's rules its page draws from (``catalogue.facts``)."""
    return {
        "games": {gid: facts(gid) for gid in GAMES},
        "marks": dict(MARKS),
        "thresholds": {
            g: dict(zip(("inaccuracy", "mistake", "blunder"), t, strict=True)) for g, t in THRESHOLDS.items()
        },
        "reasons": dict(MARK_REASONS),
        "worlds": {**WORLDS, "bids": BID_WORLDS},
        "exact": {"tricks": EXACT_TRICKS, "deals": EXACT_DEALS},
        "commands": list(COMMANDS),
    }


def _read(text: object) -> dict[str, Any]:
    return {"record": _loaded(text).record}


def _write(record: object, form: object = "json") -> dict[str, Any]:
    from .record import dumps

    if form not in ("json", "text"):
        raise RulesError("bad-request", f"form: {describe(form)} is not json or text", field="form")
    return {"text": dumps(_loaded(record).record, form)}


def _record(save: object, names: object = None, deal: object = None) -> dict[str, Any]:
    """The record of a saved match (a table's save, checked as the table checks it): its
    finished deals."""
    from .record import of_game
    from .session import Session

    session = Session()
    session.load(save)
    table = session.table
    assert table is not None  # loaded
    if names is not None and not (isinstance(names, list) and all(n is None or isinstance(n, str) for n in names)):
        raise RulesError("bad-request", "names: expected a list of names (or nulls), seat 0 first", field="names")
    if deal is not None and type(deal) is not int:
        raise RulesError("bad-request", "deal: expected a deal number", field="deal")
    return {"record": of_game(table.game, deal, cast(list[str | None] | None, names))}


def _analyses(analyses: object, seat: object = None) -> Summary:
    keys = ("deal", "step", "seat", "action", "best", "value", "best_value", "loss", "mark", "exact", "method")
    if not isinstance(analyses, list) or not all(
        isinstance(a, dict) and all(k in a for k in keys) and a["mark"] in MARKS for a in analyses
    ):
        raise RulesError("bad-request", "analyses: expected a list of analyse answers", field="analyses")
    if seat is not None and type(seat) is not int:
        raise RulesError("bad-request", "seat: expected a seat number", field="seat")
    return summary(cast(list[Analysis], analyses), seat)


def _daily_setup(game: object, date: object) -> Any:
    from . import daily

    return daily.setup(game, date)


def _encode_daily(game: object, date: object, seat: object, actions: object) -> Any:
    from . import daily

    return {"code": daily.code(game, date, seat, actions)}


def _verify(code: object) -> Any:
    from . import daily

    return daily.verify(code)


def _par(game: object, date: object, seat: object, actions: object = None) -> Any:
    from . import daily

    return daily.par_step(game, date, seat, actions)


#: The review worker's commands: each one's handler and arguments (required, then optional)
COMMANDS: handler.Commands = {
    "info": Command(info),
    "read": Command(_read, ("text",)),
    "write": Command(_write, ("record",), ("form",)),
    "record": Command(_record, ("save",), ("names", "deal")),
    "review": Command(review, ("record", "deal")),
    "analyse": Command(analyse, ("record", "deal", "step"), ("worlds",)),
    "summary": Command(_analyses, ("analyses",), ("seat",)),
    "daily_setup": Command(_daily_setup, ("game", "date")),
    "encode_daily": Command(_encode_daily, ("game", "date", "seat", "actions")),
    "verify": Command(_verify, ("code",)),
    "par": Command(_par, ("game", "date", "seat"), ("actions",)),
}
