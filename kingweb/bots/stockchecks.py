"""The checks of German Whist's stock-stage reasons: what a card is for while the tricks
do not count (win the face-up card when it is worth more than the hidden card the loser
draws, keep trumps for the second stage, shed a card that will not take a trick there,
give up a trick that only wins a low card).  Each is True when every fact its words
state holds (``reasons.CODES`` pairs each code with its check)."""

from typing import cast

from .. import cards
from ..cards import SUITS
from ..games import GAMES
from .hintfacts import Facts, Params, _is_trump, _rank

#: The highest rank of a "low card" a reason may call one: a nine (ranks count from the 2)
LOW_RANK = 7
#: A card is "unlikely to take a trick" in stage 2 when this many higher cards of its suit are still out
SHED_ABOVE = 2


def _stock_stage(f: Facts) -> bool:
    """German Whist's stock stage, with the face-up card on the stock."""
    return GAMES[f.game].stock and f.faceup is not None


def _worth(f: Facts, c: int) -> int:
    """A card's rank, trumps above every other suit: what "ranks above" compares."""
    return _rank(c) + (13 if _is_trump(f, c) else 0)


def _wins(f: Facts, c: int) -> bool:
    """``c`` wins this trick for sure: second to play, it beats the lead; leading, nothing
    still out (the other hand or the stock) can beat it."""
    return f.wins_now(c) if f.trick else f.takes(c)


def outranked(f: Facts) -> tuple[int, int]:
    """``(lower, out)``: of the ``out`` cards still out other than the face-up card, how
    many rank below it."""
    up = cast(int, f.faceup)
    others = cards.cards_of(f.out & ~(1 << up))
    return sum(1 for x in others if _worth(f, x) < _worth(f, up)), len(others)


def _stock_win(f: Facts, c: int, p: Params) -> bool:
    if not _stock_stage(f) or not _wins(f, c):
        return False
    lower, out = outranked(f)
    return 2 * lower > out and (p["lower"], p["out"], p["faceup"]) == (lower, out, cards.code(cast(int, f.faceup)))


def _low_faceup(f: Facts) -> bool:
    up = cast(int, f.faceup)
    return not _is_trump(f, up) and _rank(up) <= LOW_RANK


def _stock_give_up(f: Facts, c: int, p: Params) -> bool:
    """Second to play: ``c`` loses, a card could have won, and every other losing card is
    higher or a trump: the trick only brings a low face-up card."""
    if not (_stock_stage(f) and f.trick) or f.wins_now(c) or not _low_faceup(f):
        return False
    xs = f.legal_cards()
    losers = [x for x in xs if not f.wins_now(x)]
    lowest = min(losers, key=lambda x: (_is_trump(f, x), _rank(x))) == c
    return lowest and any(f.wins_now(x) for x in xs) and p["faceup"] == cards.code(cast(int, f.faceup))


def _stock_lead_low(f: Facts, c: int, p: Params) -> bool:
    """Leading: the face-up card is low, and ``c`` is the lowest card outside trumps."""
    if not _stock_stage(f) or f.trick or not _low_faceup(f) or _is_trump(f, c):
        return False
    side = [x for x in f.legal_cards() if not _is_trump(f, x)]
    return _rank(c) == min(_rank(x) for x in side) and p["faceup"] == cards.code(cast(int, f.faceup))


def _stock_keep_trumps(f: Facts, c: int, p: Params) -> bool:
    """Second to play: only a trump would win, and ``c`` is not one."""
    if not (_stock_stage(f) and f.trick) or _is_trump(f, c) or f.wins_now(c):
        return False
    winners = [x for x in f.legal_cards() if f.wins_now(x)]
    return bool(winners) and all(_is_trump(f, x) for x in winners)


def shed_above(f: Facts, c: int) -> int:
    """The cards of ``c``'s suit still out that are higher than ``c``."""
    return (f.out_in(c // 13) & ~((1 << (c + 1)) - 1)).bit_count()


def _stock_shed(f: Facts, c: int, p: Params) -> bool:
    """``c`` is no trump, and at least ``SHED_ABOVE`` higher cards of its suit are still out."""
    if not _stock_stage(f) or _is_trump(f, c):
        return False
    above = shed_above(f, c)
    return above >= SHED_ABOVE and (p["above"], p["suit"]) == (above, SUITS[c // 13])


def stock_tries(f: Facts, c: int) -> list[tuple[str, Params]]:
    """The stock-stage reasons for ``c``, the most telling first (a hint gives the first
    whose check holds)."""
    card = cards.code(c)
    up = cards.code(cast(int, f.faceup))
    lower, out = outranked(f)
    suit = SUITS[c // 13]
    return [
        ("stock-win", {"card": card, "faceup": up, "lower": lower, "out": out}),
        ("stock-give-up", {"card": card, "faceup": up}),
        ("stock-lead-low", {"card": card, "faceup": up}),
        ("stock-keep-trumps", {"card": card}),
        ("stock-shed", {"card": card, "suit": suit, "above": shed_above(f, c)}),
        ("take-faceup", {"card": card, "faceup": up}),
        ("lose-cheap", {"card": card, "faceup": up}),
    ]


def _stock_best(f: Facts, c: int, p: Params) -> bool:
    """The analysis found ``c`` best (a judgement, worded as one)."""
    v = f.values
    return _stock_stage(f) and v is not None and not v.exact and c == v.best()
