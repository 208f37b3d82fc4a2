"""What exists, for the start screen and the page's words (the engine's ``info``): each
registered game with the facts the page draws from (its players, phases, stock, the seat
a deal names, its scoring kinds, King's offer values, Кинг's orders of deals) and its options, the bot levels,
the lessons, and every code the page may have to translate."""

from typing import Any

from .bots import LEVELS
from .bots.hints import REASONS
from .errors import ERRORS, REFUSALS
from .games import GAMES


def info() -> dict[str, Any]:
    """The games and their options, for the start screen, and every code the page may
    have to translate."""
    out: dict[str, Any] = {}
    for gid, f in GAMES.items():
        out[gid] = {
            "players": f.players,
            "phases": list(f.phases),
            "stock": f.stock,
            "seat_field": f.seat_field,
            "scoring": list(f.scoring),
            "offers": dict(f.offers),
            "deal_orders": {k: list(v) for k, v in f.deal_orders.items()},
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
        "codes": {"refusals": list(REFUSALS), "reasons": list(REASONS), "errors": list(ERRORS)},
    }
