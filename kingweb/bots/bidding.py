"""King's positive deals: the owner's choice, offers, the owner's decision, the
ultimatum answer and the buyer's trump.

Each decision rests on two estimates for the deciding seat: the tricks it would take
playing up with each trump (or none), and the tricks it would take playing down.
``normal`` estimates them from its hand with linear models fitted to deals that four
``normal`` players played out (``kingweb.bots.calibrate``; the weights are in
``weights.py``); ``hard`` by playing sampled deals out.  Every decision then takes what it
expects to be worth most in points, and says so: ``choose`` returns the action with its
reason code and the figures it rests on (``kingweb.bots.hints`` words them).
"""

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Self

from .. import cards
from ..cards import INDEX, SUIT_MASK, mask_of
from ..kingauction import offer_terms, offer_value
from ..kingcontracts import NULL_VALUE, POSITIVES, UP_MODES, UP_VALUE
from ..play import Contract
from ..views import KingView, seat_of
from . import weights

#: What the owner gets from 4-3-3-3
FOUR_THREE = 100
#: What an ultimatum asks: 8 up
ULTIMATUM_VALUE = 200
#: How much more than the alternative a bidder's offer must leave him, and the auction
#: must be expected to bring an owner, to be worth it (one trick up: an owner who would
#: gain less plays his hand, as players do to keep the game moving)
MARGIN = 25


def _suit_ranks(hand: int, s: int) -> list[int]:
    return [c % 13 for c in cards.cards_of(hand & SUIT_MASK[s])][::-1]  # high first


# -- the features of a hand ------------------------------------------------------------------
# Each model is linear: its estimate is the sum of the weights of the hand's features (a
# list of indices, one entry per occurrence), one of which is the seat's place after the
# player who leads the deal's first trick (0: it leads), and so works as the intercept.


def down_features(hand: int, place: int) -> list[int]:
    """Down: each card by its rank and how many lower cards of its suit guard it (0-3+);
    each suit's length (0-7+)."""
    f: list[int] = []
    for s in range(4):
        rs = _suit_ranks(hand, s)
        n = len(rs)
        f.extend(r * 4 + min(n - 1 - i, 3) for i, r in enumerate(rs))
        f.append(52 + min(n, 7))
    f.append(60 + place)
    return f


def notrump_features(hand: int, place: int) -> list[int]:
    """Up with no trump: each card by its rank and how many higher cards of its suit the
    hand holds (0-2+); each suit's length (0-8+)."""
    f: list[int] = []
    for s in range(4):
        rs = _suit_ranks(hand, s)
        f.extend(r * 3 + min(i, 2) for i, r in enumerate(rs))
        f.append(39 + min(len(rs), 8))
    f.append(48 + place)
    return f


def trump_features(hand: int, place: int, trump: int) -> list[int]:
    """Up with a trump: each trump by its rank, the number of trumps (0-10+); each side
    card by its rank and the higher cards of its suit held (0-2+); each side suit's
    length (0-6+) against the number of trumps (0-2, 3-4, 5-6, 7+: what ruffs it)."""
    f = []
    n_trumps = (hand & SUIT_MASK[trump]).bit_count()
    band = 0 if n_trumps <= 2 else 1 if n_trumps <= 4 else 2 if n_trumps <= 6 else 3
    for s in range(4):
        rs = _suit_ranks(hand, s)
        if s == trump:
            f.extend(rs)
            f.append(13 + min(len(rs), 10))
        else:
            f.extend(24 + r * 3 + min(i, 2) for i, r in enumerate(rs))
            f.append(63 + min(len(rs), 6) * 4 + band)
    f.append(91 + place)
    return f


#: How many weights each model has
SIZES = {"down": 64, "notrump": 52, "trump": 95}


def _linear(w: tuple[float, ...], f: list[int]) -> float:
    return min(13.0, max(0.0, sum(w[i] for i in f)))


def estimate_up(hand: int, trump: int, place: int = 0) -> float:
    """Tricks a hand expects to take playing up with ``trump`` (−1: no trump), ``place``
    seats after the first leader."""
    if trump < 0:
        return _linear(weights.NOTRUMP, notrump_features(hand, place))
    return _linear(weights.TRUMP, trump_features(hand, place, trump))


def estimate_down(hand: int, place: int = 0) -> float:
    """Tricks a hand expects to take playing down (no trump, avoiding tricks)."""
    return _linear(weights.DOWN, down_features(hand, place))


class Estimates:
    """The tricks one seat expects, per contract."""

    def __init__(self, up: dict[str, float], down: float) -> None:
        self.up, self.down = up, down

    @classmethod
    def of_hand(cls, hand: int, place: int = 0) -> Self:
        return cls({m: estimate_up(hand, _trump(m), place) for m in UP_MODES}, estimate_down(hand, place))

    def best_up(self) -> tuple[str, float]:
        m = max(UP_MODES, key=lambda k: self.up[k])
        return m, self.up[m]

    def points(self, contract: str) -> float:
        return 325 - NULL_VALUE * self.down if contract == "down" else UP_VALUE * self.up[contract]

    def best_contract(self) -> str:
        m, _ = self.best_up()
        return "down" if self.points("down") > self.points(m) else m

    def own(self) -> float:
        """What the seat expects playing the deal in its best contract."""
        return self.points(self.best_contract())

    def beside(self, kind: str) -> float:
        """What the seat expects from a deal another seat bought: down for nulls; for up,
        whose trump it does not know, its mean over the modes."""
        if kind == "null":
            return self.points("down")
        return sum(self.points(m) for m in UP_MODES) / len(UP_MODES)


def _trump(contract: str) -> int:
    s = contract.split(":")[1]
    return -1 if s == "NT" else "CDHS".index(s)


def first_leader(view: KingView, buyer: int | None = None) -> int:
    """Who leads the positive's first trick: the dealer (or his left-hand neighbour), or a
    buyer under ``buyer_leads``."""
    opts = view["options"]
    if buyer is not None and opts.get("buyer_leads", False):
        return buyer
    return (view["dealer"] + (opts.get("first_lead") == "left_of_dealer")) % 4


def place(view: KingView) -> int:
    """The deciding seat's place after the first leader, as it would play the deal: a
    bidder as the buyer it would become."""
    seat = seat_of(view)
    buying = view["phase"] in ("auction", "ultimatum") or (view["phase"] == "trump" and view["buyer"] == seat)
    return (seat - first_leader(view, seat if buying else None)) % 4


def high_cards(hand: int) -> int:
    """The hand's high-card points: ace 4, king 3, queen 2, jack 1."""
    return sum(max(0, c % 13 - 8) for c in cards.cards_of(hand))


def auction_gain(est: "Estimates", hcp: int) -> float:
    """What opening the auction is expected to add for an owner with these estimates and
    ``hcp`` high-card points (he may still reject every offer and play himself): a line
    fitted to played-out auctions, ``weights.AUCTION``."""
    a, b_down, b_up, b_hcp = weights.AUCTION
    return a + b_down * est.points("down") + b_up * est.points(est.best_up()[0]) + b_hcp * hcp


@dataclass(frozen=True)
class Choice:
    """A bidding action, the reason code that says why (``hints.HINT_REASONS``) and its params."""

    action: str
    reason: str
    params: dict[str, Any]


def _pts(x: float) -> int:
    """Points as a reason quotes an estimate: to the nearest 5."""
    return int(5 * round(x / 5))


def _tricks(x: float) -> float:
    return round(x, 1)


def decide(view: KingView, est: Estimates | None) -> str:
    """The bidding action for ``view`` (a King positive, not in card play; ``est`` may be
    None only when the first dealer is named, before the cards are dealt)."""
    return choose(view, est).action


def choose(view: KingView, est: Estimates | None) -> Choice:
    """``decide``'s action with its reason."""
    legal, phase, seat = view["legal"], view["phase"], seat_of(view)
    if phase == "dealer":
        return Choice(f"dealer:{seat}", "choose-dealer", {"seat": seat})
    assert est is not None
    if len(legal) == 1:
        return Choice(legal[0], "only", {})
    if phase == "choose":
        hcp = high_cards(mask_of(INDEX[c] for c in view["hand"]))
        if auction_gain(est, hcp) > MARGIN:
            return Choice("auction", "open-auction", {"pts": _pts(est.own())})
        return _mode(est, legal, buyer=False)
    if phase == "trump":
        return _mode(est, legal, buyer=view["buyer"] == seat)
    uncapped = bool(view["options"].get("uncapped_payment", False))
    if phase == "ultimatum":
        value = buyer_value("up", 8, est, uncapped)
        code = "give8" if value >= stay_out() else "refuse8"
        return Choice("offer:up:8" if code == "give8" else "pass", code, {"pts": _pts(value)})
    if phase == "auction":
        return _offer(view, est, uncapped)
    if phase == "decide":
        return _decision(view, est)
    return Choice(legal[0], "only", {})  # pragma: no cover - every phase is above


def stay_out() -> float:
    """What an offer must leave a bidder, after paying, to be worth making: his share of a
    deal he stays out of, and ``MARGIN``."""
    return weights.SHARE + MARGIN


def _mode(est: Estimates, legal: list[str], buyer: bool) -> Choice:
    """The owner's (or a buyer's) contract: the contract worth most points."""
    up, up_tricks = est.best_up()
    if up not in legal:  # pragma: no cover - every up contract is legal where one is chosen
        up = next(m for m in legal if m in UP_MODES)
    if "down" in legal and est.points("down") >= est.points(up):
        return Choice(
            "down",
            "choose-down",
            {"expect": _tricks(est.down), "pts": _pts(est.points("down")), "other_pts": _pts(est.points(up))},
        )
    params: dict[str, Any] = {"expect": _tricks(up_tricks), "pts": _pts(est.points(up))}
    if up != "up:NT":
        params["suit"] = up[3]
    if "down" not in legal:
        return Choice(up, "trump-notrump" if up == "up:NT" else "trump-best", params)
    params["other_pts"] = _pts(est.points("down"))
    return Choice(up, "choose-notrump" if up == "up:NT" else "choose-up", params)


def buyer_value(kind: str, n: int, est: Estimates, uncapped: bool = False) -> float:
    """Expected points of buying ``n`` up or ``n`` nulls, after paying the owner.

    Under the default capped payment the buyer pays at most what he made, so a bought
    "up" deal never goes below zero and a bought null deal loses only what he made."""
    if kind == "up":
        made = UP_VALUE * est.best_up()[1]
        value = UP_VALUE * n
    else:
        made = 325 - NULL_VALUE * est.down
        value = NULL_VALUE * n
    pay = value if uncapped else min(value, max(0.0, made))
    return made - pay


def _offer(view: KingView, est: Estimates, uncapped: bool) -> Choice:
    """The cheapest legal offer worth more to this seat than staying out, or pass.  The
    cheapest is a match of the standing offer when preference allows it (the engine lists
    it as legal only then): the same deal at the same price."""
    offers = [a for a in view["legal"] if a.startswith("offer:")]
    if not offers:
        return Choice("pass", "only", {})

    def worth(a: str) -> float:
        terms = offer_terms(a)
        assert terms is not None, a  # a legal offer is well formed
        return buyer_value(terms[0], terms[1], est, uncapped)

    good = [a for a in offers if worth(a) >= stay_out()]
    if not good:
        cheapest = min(offers, key=lambda a: (offer_value(a), -worth(a)))
        return Choice("pass", "pass", {"offer": cheapest, "pts": _pts(worth(cheapest)), "share": _pts(weights.SHARE)})
    best = min(good, key=offer_value)
    auc = view["auction"]
    if best == auc["standing"] and auc["holder"] is not None:
        return Choice(best, "match", {"offer": best, "seat": auc["holder"], "pts": _pts(worth(best))})
    return Choice(best, "offer", {"offer": best, "pts": _pts(worth(best))})


def accept_value(view: KingView, est: Estimates) -> float:
    """What the owner expects from accepting the standing offer: its price (paid in full
    when the buyer makes it, as the estimates expect) and his own points in the deal."""
    offer = view["auction"]["standing"]
    assert offer is not None
    terms = offer_terms(offer)
    assert terms is not None
    return terms[2] + est.beside(terms[0])


def worth(view: KingView, est: Estimates) -> dict[str, float]:
    """What each legal action of ``view`` is expected to bring the deciding seat, in points:
    a contract its estimate; the auction what the owner expects playing himself and what it is
    fitted to add; an offer what the buyer keeps after paying, and passing his share of a
    deal he stays out of; the owner's decision its outcome ("8 o nulos" as playing down,
    which it is when nobody gives 8 up)."""
    legal = view["legal"]
    uncapped = bool(view["options"].get("uncapped_payment", False))
    out: dict[str, float] = {}
    for a in legal:
        if a == "down" or a in UP_MODES:
            out[a] = est.points(a)
        elif a == "auction":
            hcp = high_cards(mask_of(INDEX[c] for c in view["hand"]))
            out[a] = est.own() + auction_gain(est, hcp)
        elif a.startswith("offer:"):
            terms = offer_terms(a)
            assert terms is not None, a  # a legal offer is well formed
            out[a] = buyer_value(terms[0], terms[1], est, uncapped)
        elif a == "pass":
            out[a] = weights.SHARE
        elif a == "accept":
            out[a] = accept_value(view, est)
        elif a == "reject":
            out[a] = est.own()
        elif a == "4333":
            out[a] = FOUR_THREE
        elif a == "ultimatum":
            out[a] = est.points("down")
    return out


def _decision(view: KingView, est: Estimates) -> Choice:
    """The owner after the auction: the option worth most.  "8 o nulos" is worth at least
    playing down (nobody gives 8 up: he plays down), so it replaces a rejection to play
    down; 4-3-3-3 is a sure 100."""
    options = worth(view, est)
    offer = view["auction"]["standing"]
    # on a tie the surer thing: 4-3-3-3, then a sale, then the ultimatum over playing
    order = ("4333", "accept", "ultimatum", "reject")
    action = max(options, key=lambda a: (options[a], -order.index(a)))
    params: dict[str, Any] = {"own": _pts(est.own())}
    if "accept" in options:
        params["offer"] = offer
        params["pts"] = _pts(options["accept"])
    if action == "reject" and not offer:
        return Choice("reject", "reject-no-offer", params)
    return Choice(action, action, params)


def of_deal(seat: int, hands: list[int], rollout_points: Callable[[Contract, list[int]], Sequence[float]]) -> Estimates:
    """The estimates of ``seat`` from one deal whose every hand is given (the cheat bot's
    true deal): ``rollout_points(contract, hands)`` of each contract, as ``simulate`` counts them."""
    ups = {m: rollout_points(POSITIVES[m], hands)[seat] / UP_VALUE for m in UP_MODES}
    return Estimates(ups, (325 - rollout_points(POSITIVES["down"], hands)[seat]) / NULL_VALUE)


def simulate(
    view: KingView,
    rng: random.Random,
    samples: int,
    rollout_points: Callable[[Contract, list[int]], list[int]],
    deadline: float | None = None,
) -> Estimates:
    """Estimates for the deciding seat by playing ``samples`` sampled deals per contract
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
            ups[m] += rollout_points(POSITIVES[m], hands)[seat] / UP_VALUE
        down += (325 - rollout_points(POSITIVES["down"], hands)[seat]) / NULL_VALUE
    return Estimates({m: v / done for m, v in ups.items()}, down / done)
