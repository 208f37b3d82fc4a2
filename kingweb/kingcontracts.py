"""King's contracts: the six negatives and the positives' modes, what each deal scores
and what its points sum to at the table (RULES.md §1.3-§1.5).  The game itself is
``kingweb.king``; the positive's auction and its offers ``kingweb.kingauction``."""

from dataclasses import replace
from typing import Any

from .cards import HEART_MASK, JACKS_KINGS, KH_BIT, QUEENS, SUITS
from .play import KH_VOID, KH_VOID_OR_HEARTS, Contract, Scorer


def _per_card(mask: int, unit: int) -> Scorer:
    return lambda won, nt, wins: [unit * (w & mask).bit_count() for w in won]


def _last_two(won: list[int], nt: list[int], wins: list[int | None]) -> list[int]:
    pts = [0] * 4
    for w in wins[-2:]:
        if w is not None:  # a scenario may start inside the last two tricks
            pts[w] -= 90
    return pts


NEGATIVES = {
    "tricks": Contract("tricks", lambda won, nt, wins: [-20 * t for t in nt], parts=(("tricks", 0, -20),)),
    "hearts": Contract(
        "hearts",
        _per_card(HEART_MASK, -20),
        ban_hearts_lead=True,
        early_mask=HEART_MASK,
        parts=(("card", HEART_MASK, -20),),
    ),
    "queens": Contract("queens", _per_card(QUEENS, -50), early_mask=QUEENS, parts=(("card", QUEENS, -50),)),
    "jacks-kings": Contract(
        "jacks-kings", _per_card(JACKS_KINGS, -30), early_mask=JACKS_KINGS, parts=(("card", JACKS_KINGS, -30),)
    ),
    "king-of-hearts": Contract(
        "king-of-hearts",
        _per_card(KH_BIT, -160),
        ban_hearts_lead=True,
        kh_rule=KH_VOID_OR_HEARTS,
        kh_on_lead=True,
        early_mask=KH_BIT,
        parts=(("card", KH_BIT, -160),),
    ),
    "last-two": Contract("last-two", _last_two, parts=(("last-two", 0, -90),)),
}
NEGATIVE_ORDER = tuple(NEGATIVES)
KING_OF_HEARTS_NOT_FORCED = replace(NEGATIVES["king-of-hearts"], kh_rule=KH_VOID)


def contract_for(cid: str, options: dict[str, Any]) -> Contract:
    """The ``Contract`` of a played King deal under the match options."""
    if cid == "king-of-hearts" and not options["king_forced_on_heart_lead"]:
        return KING_OF_HEARTS_NOT_FORCED
    return NEGATIVES.get(cid) or POSITIVES[cid]


UP_VALUE, NULL_VALUE = 25, 75
DOWN_STAKE = 325  # a down deal gives each seat this, less NULL_VALUE a trick
TOTALS = {
    "tricks": -260,
    "hearts": -260,
    "queens": -200,
    "jacks-kings": -240,
    "king-of-hearts": -160,
    "last-two": -180,
    "positive": 325,
}


def _up(trump: int) -> Contract:
    return Contract(
        f"up:{'NT' if trump < 0 else SUITS[trump]}",
        lambda won, nt, wins: [25 * t for t in nt],
        trump=trump,
        sign=1,
        parts=(("tricks", 0, UP_VALUE),),
    )


POSITIVES = {c.id: c for c in [_up(s) for s in range(4)] + [_up(-1)]}
POSITIVES["down"] = Contract(
    "down",
    lambda won, nt, wins: [DOWN_STAKE - NULL_VALUE * t for t in nt],
    sign=0,
    parts=(("tricks", DOWN_STAKE, -NULL_VALUE),),
    stake=DOWN_STAKE,
)
UP_MODES = tuple(k for k in POSITIVES if k != "down")
