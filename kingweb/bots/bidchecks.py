"""The checks of the bid reasons of a King positive (``BidFacts``: the view and the
seat's estimates), and of the costs of a wrong bid."""

from collections.abc import Callable
from dataclasses import dataclass

from .. import cards
from ..cards import INDEX
from ..kingauction import offer_terms, offer_value
from ..views import KingView, seat_of
from . import bidding
from .hintfacts import Params

# -- bids ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BidFacts:
    """A bidding decision: the view (the auction so far, what is legal) and the seat's
    estimates (``bidding.Estimates``), on which every figure of a bid's reason rests."""

    view: KingView
    est: bidding.Estimates


BidCheck = Callable[[BidFacts, str, Params], bool]


def _near(quoted: object, x: float) -> bool:
    """A quoted estimate: points to the nearest 5."""
    return isinstance(quoted, int) and abs(quoted - x) <= 2.5


def _near_tricks(quoted: object, x: float) -> bool:
    return isinstance(quoted, float | int) and abs(quoted - x) <= 0.05


def _worth(b: BidFacts) -> dict[str, float]:
    return bidding.worth(b.view, b.est)


def _best_of(b: BidFacts, action: str) -> bool:
    w = _worth(b)
    return action in w and all(w[action] >= v for v in w.values())


def _choose_mode(b: BidFacts, a: str, p: Params) -> bool:
    est = b.est
    if a == "down":
        ok = _near_tricks(p["expect"], est.down) and _near(p["pts"], est.points("down"))
        return (
            ok
            and est.points("down") >= est.points(est.best_up()[0])
            and _near(p["other_pts"], est.points(est.best_up()[0]))
        )
    best_up = est.best_up()[0]
    ok = a == best_up and _near_tricks(p["expect"], est.up[a]) and _near(p["pts"], est.points(a))
    if a != "up:NT":
        ok = ok and p["suit"] == a[3]
    if "other_pts" in p:
        ok = ok and _near(p["other_pts"], est.points("down")) and est.points(a) >= est.points("down")
    return ok


def _open_auction(b: BidFacts, a: str, p: Params) -> bool:
    hcp = bidding.high_cards(cards.mask_of(INDEX[c] for c in b.view["hand"]))
    return a == "auction" and _near(p["pts"], b.est.own()) and bidding.auction_gain(b.est, hcp) > bidding.MARGIN


def _offer(b: BidFacts, a: str, p: Params, match: bool = False) -> bool:
    auc = b.view["auction"]
    w = _worth(b)
    good = [x for x in b.view["legal"] if x.startswith("offer:") and w[x] >= bidding.stay_out()]
    cheapest = bool(good) and a == min(good, key=offer_value) and p["offer"] == a and _near(p["pts"], w[a])
    if not match:
        return cheapest
    owner, holder = b.view["owner"], auc["holder"]
    if owner is None or holder is None:
        return False
    # preference: speaking earlier in the fixed order owner+1, owner+2, owner+3
    earlier = (seat_of(b.view) - owner) % 4 < (holder - owner) % 4
    return cheapest and a == auc["standing"] and p["seat"] == holder and earlier


def _pass(b: BidFacts, a: str, p: Params) -> bool:
    w = _worth(b)
    offers = [x for x in b.view["legal"] if x.startswith("offer:")]
    cheapest = min(offers, key=lambda x: (offer_value(x), -w[x])) if offers else None
    none_pays = all(w[x] < bidding.stay_out() for x in offers)
    return (
        a == "pass"
        and none_pays
        and p["offer"] == cheapest
        and _near(p["pts"], w[cheapest] if cheapest else 0)
        and _near(p["share"], w["pass"])
    )


def _decide(b: BidFacts, a: str, p: Params) -> bool:
    w = _worth(b)
    ok = _best_of(b, a) and _near(p["own"], b.est.own())
    if "accept" in w:
        ok = ok and p.get("offer") == b.view["auction"]["standing"] and _near(p["pts"], w["accept"])
    if a == "ultimatum":
        ok = ok and b.est.best_contract() == "down"
    return ok


def _reject_no_offer(b: BidFacts, a: str, p: Params) -> bool:
    return b.view["auction"]["standing"] is None and _best_of(b, "reject") and _near(p["own"], b.est.own())


def _answer8(b: BidFacts, a: str, p: Params) -> bool:
    value = bidding.buyer_value("up", 8, b.est, bool(b.view["options"].get("uncapped_payment", False)))
    gives = value >= bidding.stay_out()
    return _near(p["pts"], value) and (a == "offer:up:8") == gives


def _worse_raise(b: BidFacts, a: str, p: Params) -> bool:
    better = p["better"]
    return (
        a.startswith("offer:")
        and better in b.view["legal"]
        and offer_terms(better) is not None
        and p["extra"] == offer_value(a) - offer_value(better) > 0
    )


def _worse_bid(b: BidFacts, a: str, p: Params) -> bool:
    w = _worth(b)
    return (
        p["choice"] == a
        and p["better"] in w
        and _near(p["pts"], w[a])
        and _near(p["other_pts"], w[p["better"]])
        and w[p["better"]] > w[a]
    )
