"""Cards as small integers and sets of cards as integer bitmasks.

A card is ``suit * 13 + rank`` with suits clubs, diamonds, hearts, spades = 0..3 and
ranks 2..A = 0..12, so within a suit a higher integer is a higher card, and a hand is
an ``int`` with bit ``card`` set for each card held.  The public API speaks card codes
(``"QS"``, ``"TH"``); this module converts between the two.
"""

from collections.abc import Iterable

from .errors import RulesError, describe

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)

SUIT_MASK = tuple(0x1FFF << (13 * s) for s in range(4))
FULL_DECK = (1 << 52) - 1
#: The 32-card deck of Кинг: 7 to A in every suit.
SHORT_DECK = sum((0x1FFF & ~0x1F) << (13 * s) for s in range(4))

CODES = tuple(r + s for s in SUITS for r in RANKS)
INDEX = {code: i for i, code in enumerate(CODES)}


def card(suit: int, rank: str) -> int:
    return suit * 13 + RANKS.index(rank)


def rank_mask(*ranks: str) -> int:
    """All cards of the given ranks, in every suit."""
    return sum(1 << card(s, r) for s in range(4) for r in ranks)


KH = card(HEARTS, "K")
KH_BIT = 1 << KH
QUEENS = rank_mask("Q")
JACKS = rank_mask("J")
JACKS_KINGS = rank_mask("J", "K")
HEART_MASK = SUIT_MASK[HEARTS]


def parse(code: str) -> int:
    """The card integer of a code such as ``"QS"``; raises ``KeyError`` if unknown."""
    return INDEX[code]


def code(c: int) -> str:
    return CODES[c]


def name(c: int) -> str:
    """Human form with a suit symbol, e.g. ``"K♥"`` (``"10♠"`` for the ten)."""
    r = RANKS[c % 13]
    return ("10" if r == "T" else r) + SUIT_SYMBOLS[c // 13]


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


#: per suit, the codes of a 13-bit mask of it, kept as they are met (at most 4 × 8,192)
_SUIT_CODES: tuple[dict[int, tuple[str, ...]], ...] = ({}, {}, {}, {})
_C, _D, _H, _S = _SUIT_CODES


def _suit_codes(suit: int, m: int) -> tuple[str, ...]:
    """The codes of ``m``, a 13-bit mask of ``suit``, kept for the next time."""
    got = _SUIT_CODES[suit][m] = tuple(CODES[13 * suit + r] for r in range(13) if m >> r & 1)
    return got


def codes_of(mask: int) -> list[str]:
    """The codes of a mask, lowest first."""
    # (``legal()`` builds one a call: a suit at a time, from codes kept, is faster than a
    # card at a time, and the four suits written out faster than a loop over them)
    out: list[str] = []
    m = mask & 0x1FFF
    if m:
        out += _C.get(m) or _suit_codes(0, m)
    m = mask >> 13 & 0x1FFF
    if m:
        out += _D.get(m) or _suit_codes(1, m)
    m = mask >> 26 & 0x1FFF
    if m:
        out += _H.get(m) or _suit_codes(2, m)
    m = mask >> 39 & 0x1FFF
    if m:
        out += _S.get(m) or _suit_codes(3, m)
    return out


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def parse_hand(codes: object, field: str, deck: int = FULL_DECK) -> int:
    """Mask of a list of codes, refusing unknown, duplicate or out-of-deck cards."""
    if isinstance(codes, str) or not isinstance(codes, (list, tuple)):
        raise RulesError("bad-cards", f"{field}: expected a list of card codes such as ['QS', 'TH']", field=field)
    m = 0
    for x in codes:
        if not isinstance(x, str) or x not in INDEX:
            raise RulesError(
                "bad-cards",
                f"{field}: unknown card {describe(x)} (codes are rank 23456789TJQKA + suit CDHS)",
                field=field,
            )
        bit = 1 << INDEX[x]
        if not bit & deck:
            raise RulesError("bad-cards", f"{field}: {x} is not in this game's deck", field=field)
        if m & bit:
            raise RulesError("bad-cards", f"{field}: duplicate card {x}", field=field)
        m |= bit
    return m
