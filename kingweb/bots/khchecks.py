"""The checks of the reasons of the deals that score the K♥ alone (King's "no K♥", Кинг's
"take / do not take the K♥"): a card's reason there speaks of the K♥, what decides the
deal, rather than of a trick that scores nothing.  Each is True when every fact its
words state holds (``reasons.CODES`` pairs each code with its check)."""

from .. import cards
from ..cards import KH, KH_BIT, SUITS
from .cardchecks import _lead_under, _lead_winner
from .hintfacts import Facts, Params


def kh_only(f: Facts) -> bool:
    """The deal scores the K♥ and nothing else."""
    parts = f.contract.parts
    return len(parts) == 1 and parts[0][0] == "card" and parts[0][1] == KH_BIT


def _kh_out(f: Facts) -> bool:
    """The K♥ is in another hand."""
    return bool(f.out & KH_BIT)


def _on_trick(f: Facts) -> bool:
    return any(x == KH for _, x in f.trick)


def _kh_take(f: Facts, c: int, p: Params) -> bool:
    """Take the K♥: it is on the trick, and ``c`` takes the trick for sure."""
    return kh_only(f) and f.contract.sign > 0 and _on_trick(f) and f.takes(c)


def _kh_dodge(f: Facts, c: int, p: Params, out: bool = False) -> bool:
    """Avoid the K♥: ``c`` stays under the card winning the trick (it cannot take it), and
    the K♥ is on the trick (``out``: not yet, but a seat still to play may hold it)."""
    if not (kh_only(f) and f.contract.sign < 0 and f.trick) or f.wins_now(c) or c == KH:
        return False
    there = _kh_out(f) and bool(f.later()) if out else _on_trick(f)
    return there and p["best"] == cards.code(f.best)


def _kh_lead_under(f: Facts, c: int, p: Params) -> bool:
    """Avoid the K♥: a lead every card of whose suit still out is higher, the K♥ out."""
    return kh_only(f) and f.contract.sign < 0 and _kh_out(f) and c != KH and _lead_under(f, c, p)


def _kh_lead_winner(f: Facts, c: int, p: Params) -> bool:
    """Take the K♥: a lead nothing still out can beat, the K♥ still out."""
    return kh_only(f) and f.contract.sign > 0 and _kh_out(f) and _lead_winner(f, c, p)


def kh_tries(f: Facts, c: int) -> list[tuple[str, Params]]:
    """The K♥ reasons for ``c`` (none outside the K♥'s deals)."""
    if not kh_only(f):
        return []
    card = cards.code(c)
    best = cards.code(f.best) if f.trick else None
    return [
        ("kh-take", {"card": card}),
        ("kh-dodge", {"card": card, "best": best}),
        ("kh-dodge-out", {"card": card, "best": best}),
        ("kh-lead-under", {"card": card, "suit": SUITS[c // 13]}),
        ("kh-lead-winner", {"card": card}),
    ]
