"""King's positive deals: the owner's choice, offers, the owner's decision, the
ultimatum answer and the buyer's trump.

Each decision rests on two estimates for the deciding seat: the tricks it would take
playing up with each trump (or none), and the tricks it would take playing down.
``normal`` estimates from hand shape; ``hard`` by playing sampled deals out.
"""

import random
from collections.abc import Callable
from typing import Self

from .. import cards
from ..cards import INDEX, SUIT_MASK, mask_of
from ..king import POSITIVES, UP_MODES, offer_terms, offer_value
from ..play import Contract
from ..views import KingView, seat_of

SHARE = 50  # what a seat expects from a positive it neither owns nor buys


def _suit_ranks(hand: int, s: int) -> list[int]:
    return [c % 13 for c in cards.cards_of(hand & SUIT_MASK[s])][::-1]  # high first


def estimate_up(hand: int, trump: int) -> float:
    """Tricks a hand expects to take playing up with ``trump`` (−1: no trump)."""
    t = 0.0
    trumps = (hand & SUIT_MASK[trump]).bit_count() if trump >= 0 else 0
    for s in range(4):
        rs = _suit_ranks(hand, s)
        n = len(rs)
        honours = 0.0
        for i, r in enumerate(rs):
            top_gap = 12 - r  # how many higher cards exist in the suit
            if top_gap <= i:  # A, AK, AKQ …: a sure winner in sequence
                honours += 1
            elif top_gap == 1 and n >= 2:
                honours += 0.6
            elif top_gap == 2 and n >= 3:
                honours += 0.35
        t += honours
        if s == trump and n > 3:
            t += (n - 3) * 0.9
        elif trump < 0 and n >= 5 and rs and rs[0] >= 11:
            t += (n - 4) * 0.6
        elif trump >= 0 and s != trump and n <= 1 and trumps >= 3:
            t += (2 - n) * 0.7  # ruffing a short side suit
    return min(t, 13.0)


def estimate_down(hand: int) -> float:
    """Tricks a hand expects to take playing down (no trump, avoiding tricks)."""
    t = 0.0
    for s in range(4):
        rs = _suit_ranks(hand, s)
        lows = sum(1 for r in rs if r <= 5)
        for r in rs:
            if r >= 9:  # J Q K A
                weight = (r - 8) * 0.22
                t += weight * (1.3 if lows == 0 else 0.8 if lows == 1 else 0.45)
    return min(t, 13.0)


class Estimates:
    """The tricks one seat expects, per mode."""

    def __init__(self, up: dict[str, float], down: float) -> None:
        self.up, self.down = up, down

    @classmethod
    def of_hand(cls, hand: int) -> Self:
        return cls({m: estimate_up(hand, _trump(m)) for m in UP_MODES}, estimate_down(hand))

    def best_up(self) -> tuple[str, float]:
        m = max(UP_MODES, key=lambda k: self.up[k])
        return m, self.up[m]

    def points(self, mode: str) -> float:
        return 325 - 75 * self.down if mode == "down" else 25 * self.up[mode]

    def best_mode(self) -> str:
        m, _ = self.best_up()
        return "down" if self.points("down") > self.points(m) else m


def _trump(mode: str) -> int:
    s = mode.split(":")[1]
    return -1 if s == "NT" else "CDHS".index(s)


def decide(view: KingView, est: Estimates | None) -> str:
    """The bidding action for ``view`` (a King positive, not in card play; ``est`` may be
    None only when the first dealer is named, before the cards are dealt)."""
    legal, phase, seat = view["legal"], view["phase"], view["seat"]
    if phase == "dealer":
        return f"dealer:{seat}"
    assert est is not None
    if phase in ("choose", "trump"):
        best = est.best_mode()
        if phase == "choose" and est.points(best) < 150:
            return "auction"
        if best not in legal:
            best = est.best_up()[0]
        return best
    if phase == "ultimatum":
        return "offer:up:8" if est.up[est.best_up()[0]] >= 9.5 else "pass"
    if phase == "auction":
        return _offer(legal, est, view["options"].get("uncapped_payment", False))
    if phase == "decide":
        auc = view["auction"]
        value = offer_value(auc["offer"]) if auc["offer"] else 0
        own = est.points(est.best_mode())
        if "4333" in legal and own < 110 and value + SHARE < 110:
            return "4333"
        if "ultimatum" in legal and est.points("down") >= max(value + SHARE, own) + 40:
            return "ultimatum"
        if "accept" in legal and value + SHARE >= own:
            return "accept"
        return "reject"
    return legal[0]


def buyer_value(kind: str, n: int, est: Estimates, uncapped: bool = False) -> float:
    """Expected points of buying ``n`` up or ``n`` nulls, after paying the owner.

    Under the default capped payment the buyer pays at most what he made, so a bought
    "up" deal never goes below zero and a bought null deal loses only what he made."""
    if kind == "up":
        made = 25 * est.best_up()[1]
        value = 25 * n
    else:
        made = 325 - 75 * est.down
        value = 75 * n
    pay = value if uncapped else min(value, max(0.0, made))
    return made - pay


def _offer(legal: list[str], est: Estimates, uncapped: bool = False) -> str:
    """The cheapest legal offer worth more to this seat than staying out, or pass."""
    best = None
    for a in legal:
        if not a.startswith("offer:"):
            continue
        terms = offer_terms(a)
        assert terms is not None, a  # a legal offer is well formed
        kind, n, value = terms
        if buyer_value(kind, n, est, uncapped) >= SHARE + 25 and (best is None or value < offer_value(best)):
            best = a
    return best or "pass"


def simulate(
    view: KingView,
    rng: random.Random,
    samples: int,
    rollout_points: Callable[[Contract, list[int]], list[int]],
    deadline: float | None = None,
) -> Estimates:
    """Estimates for the deciding seat by playing ``samples`` sampled deals per mode
    (fewer if ``deadline``, a ``time.perf_counter()`` value, comes first).

    ``rollout_points(contract, hands)`` plays one deal out and returns the points."""
    import time

    seat = seat_of(view)
    hand = mask_of(INDEX[c] for c in view["hand"])
    pool = cards.cards_of(cards.FULL_DECK & ~hand)
    ups = dict.fromkeys(UP_MODES, 0.0)
    down = 0.0
    done = 0
    for _ in range(samples):
        if done and deadline is not None and time.perf_counter() > deadline:
            break
        done += 1
        rng.shuffle(pool)
        hands, k = [0] * 4, 0
        for s in range(4):
            if s == seat:
                hands[s] = hand
            else:
                hands[s] = mask_of(pool[k : k + 13])
                k += 13
        for m in UP_MODES:
            ups[m] += rollout_points(POSITIVES[m], hands)[seat] / 25
        down += (325 - rollout_points(POSITIVES["down"], hands)[seat]) / 75
    return Estimates({m: v / done for m, v in ups.items()}, down / done)
