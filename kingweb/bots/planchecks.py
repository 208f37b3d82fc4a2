"""The checks of the reasons that say what a card keeps for the rest of the deal, mostly
in a deal that pays for tricks (King's positives, Кинг's "take" deals): the card a hint
names there is often not the one that settles this trick but the one that leaves the hand
best placed for the next ones (in a deal where tricks cost: a high card got rid of while
a higher one may still take the trick), and a reason that quotes only the search's
figures says nothing of why.  Each
check is True when every fact its words state holds (``reasons.CODES`` pairs each code
with its check); what is a plan ("for later tricks") is worded as one."""

from .. import cards
from ..cards import INDEX, SUIT_MASK, SUITS
from .hintfacts import Facts, Params, _is_trump


def _pays(f: Facts) -> bool:
    """A deal where taking tricks (or the cards on them) pays."""
    return f.contract.sign > 0


def _held_above(f: Facts, c: int) -> int:
    """The cards of ``c``'s suit in the hand above ``c``."""
    return f.hand & SUIT_MASK[c // 13] & ~((1 << (c + 1)) - 1)


def _lowest_of_suit(f: Facts, c: int) -> bool:
    own = f.hand & SUIT_MASK[c // 13]
    return bool(f.hand >> c & 1) and (own & -own).bit_length() - 1 == c


def _win_keep(f: Facts, c: int, p: Params) -> bool:
    """``c`` follows suit and beats the trick's best card, no lower card of the suit in
    hand does, and a higher one stays in the hand."""
    if not (_pays(f) and f.trick and c // 13 == f.led and f.wins_now(c)):
        return False
    lower = [x for x in f.legal_cards() if x // 13 == f.led and x < c and f.wins_now(x)]
    return not lower and bool(_held_above(f, c)) and (p["best"], p["suit"]) == (cards.code(f.best), SUITS[f.led])


def _hold_up(f: Facts, c: int, p: Params) -> bool:
    """``c`` does not beat the trick's best card, and ``other``, a legal card kept, would."""
    if not (_pays(f) and f.trick) or f.wins_now(c) or p["other"] not in INDEX:
        return False
    kept = INDEX[p["other"]]
    return kept != c and f.legal >> kept & 1 == 1 and f.wins_now(kept) and p["best"] == cards.code(f.best)


def _lead_keep(f: Facts, c: int, p: Params) -> bool:
    """A lead of the lowest card of a suit the hand holds higher cards of."""
    return (
        _pays(f) and not f.trick and _lowest_of_suit(f, c) and bool(_held_above(f, c)) and p["suit"] == SUITS[c // 13]
    )


def _lead_draw(f: Facts, c: int, p: Params) -> bool:
    """A lead of a card of a suit the hand holds lower cards of, with ``above`` higher
    cards of the suit still out."""
    above = (f.out_in(c // 13) & ~((1 << (c + 1)) - 1)).bit_count()
    lower = f.hand & SUIT_MASK[c // 13] & ((1 << c) - 1)
    return _pays(f) and not f.trick and bool(lower) and above > 0 and (p["above"], p["suit"]) == (above, SUITS[c // 13])


def _lead_short(f: Facts, c: int, p: Params) -> bool:
    """A lead of the hand's only card of a suit still out, in a trump deal, trumps in hand."""
    suit = c // 13
    return (
        _pays(f)
        and not f.trick
        and f.trump >= 0
        and not _is_trump(f, c)
        and f.hand & SUIT_MASK[suit] == 1 << c
        and bool(f.hand & SUIT_MASK[f.trump])
        and bool(f.out_in(suit))
        and p["suit"] == SUITS[suit]
    )


def _lead_trump(f: Facts, c: int, p: Params) -> bool:
    """A trump led while ``out`` trumps are still in other hands."""
    out = f.out_in(f.trump).bit_count() if f.trump >= 0 else 0
    return _pays(f) and not f.trick and _is_trump(f, c) and out > 0 and p["out"] == out


def _lead_boss(f: Facts, c: int, p: Params) -> bool:
    """A lead outside trumps that no card of its suit still out beats, while trumps are out
    (``lead-winner`` when none are)."""
    above = f.out_in(c // 13) & ~((1 << (c + 1)) - 1)
    trumps_out = f.trump >= 0 and bool(f.out_in(f.trump))
    return _pays(f) and not f.trick and not _is_trump(f, c) and not above and trumps_out and p["suit"] == SUITS[c // 13]


def _shed_high(f: Facts, c: int, p: Params) -> bool:
    """A deal where tricks cost: ``c`` follows suit and beats the trick's best card, a seat
    still to play may hold a higher card of the suit, and a lower card of the suit stays in
    the hand (``c`` is a high card of it)."""
    if f.contract.sign > 0 or not f.trick or c // 13 != f.led or not f.wins_now(c):
        return False
    suit = SUIT_MASK[f.led]
    lower = f.hand & suit & ((1 << c) - 1)
    return bool(f.threats(c) & suit) and bool(lower) and (p["best"], p["suit"]) == (cards.code(f.best), SUITS[f.led])


def _spare(f: Facts, c: int, p: Params) -> bool:
    """No legal card beats the trick's best card, and ``c`` is the card the search found
    best over ``n`` deals."""
    v = f.values
    if v is None or v.exact or not (_pays(f) and f.trick) or c != v.best():
        return False
    lost = not any(f.wins_now(x) for x in f.legal_cards())
    return lost and p["best"] == cards.code(f.best) and p["n"] == v.worlds[c]


def plan_tries(f: Facts, c: int) -> list[tuple[str, Params]]:
    """The reasons of what ``c`` keeps for later tricks (in a deal where tricks cost: of
    the high card it gets rid of)."""
    card = cards.code(c)
    suit = SUITS[c // 13]
    if not _pays(f):
        return [("shed-high", {"card": card, "best": cards.code(f.best), "suit": suit})] if f.trick else []
    if not f.trick:
        out = f.out_in(f.trump).bit_count() if f.trump >= 0 else 0
        return [
            ("lead-trump", {"card": card, "out": out}),
            ("lead-boss", {"card": card, "suit": suit}),
            ("lead-short", {"card": card, "suit": suit}),
            ("lead-keep", {"card": card, "suit": suit}),
            ("lead-draw", {"card": card, "suit": suit, "above": (f.out_in(c // 13) >> (c + 1)).bit_count()}),
        ]
    best = cards.code(f.best)
    winners = [x for x in f.legal_cards() if f.wins_now(x)]
    tries: list[tuple[str, Params]] = [("win-keep", {"card": card, "best": best, "suit": suit})]
    if winners:  # the strongest card that would beat the trick's best is the one kept
        kept = max(winners, key=lambda x: (_is_trump(f, x), x % 13))
        tries.append(("hold-up", {"card": card, "best": best, "other": cards.code(kept)}))
    if f.values is not None and not f.values.exact:
        tries.append(("spare", {"card": card, "best": best, "n": f.values.worlds.get(c, 0)}))
    return tries
