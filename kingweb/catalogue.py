"""What exists, for the start screen and the page's words (the engine's ``info``): each
registered game with the facts the page draws from (``facts``: its players, phases, stock, the
seat a deal names, its scoring kinds, King's offer values, the contract a player chooses in the deal, whether its deals are named by their
contract, whether a match is played to a target, Кинг's orders of deals) and its options, the bot levels,
the lessons, and every code the page may have to translate."""

from typing import Any

from .bots import LEVELS
from .bots.hints import HINT_REASONS
from .errors import ERRORS, REFUSALS
from .games import GAMES

#: The facts of a game the page draws from (``facts``), each named for its idea: the page
#: reads them, never a game's id, and copies no rule's value (``tests/docs/test_page_rules.py``)
FACTS = (
    "players",
    "phases",
    "stock",
    "seat_field",
    "scoring",
    "offers",
    "chosen",
    "named_deals",
    "to_target",
    "deal_orders",
)


def facts(game: str) -> dict[str, Any]:
    """What the page knows of game ``game``'s rules (``GameFacts``, as JSON data): in
    ``info`` beside its options, and in every state of a table (``TableDetails.facts``)."""
    f = GAMES[game]
    return {k: _data(getattr(f, k)) for k in FACTS}


def _data(x: Any) -> Any:
    """A fact as JSON data: tuples as lists, dicts copied."""
    if isinstance(x, tuple):
        return list(x)
    if isinstance(x, dict):
        return {k: _data(v) for k, v in x.items()}
    return x


def info() -> dict[str, Any]:
    """The games and their options, for the start screen, and every code the page may
    have to translate."""
    out: dict[str, Any] = {}
    for gid, f in GAMES.items():
        out[gid] = {
            **facts(gid),
            "options": {
                k: {"default": o.default, "allowed": list(o.allowed), "doc": o.doc} for k, o in f.cls.OPTIONS.items()
            },
        }
    from . import __version__
    from .lessons import LESSONS
    from .table import CLOCK_CHOICES, CLOCK_DEFAULT

    return {
        "games": out,
        "levels": list(LEVELS),
        "clock": {"choices": list(CLOCK_CHOICES), "default": CLOCK_DEFAULT},
        "version": __version__,
        "lessons": list(LESSONS),
        "codes": {"refusals": list(REFUSALS), "reasons": list(HINT_REASONS), "errors": list(ERRORS)},
    }
