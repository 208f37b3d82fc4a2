"""A King positive before its card play: the owner's choice, the auction, the owner's
decision, the ultimatum ("8 o nulos") and the trump named (RULES.md §1.5-§1.8), and the
offers' terms and worth.  ``KingAuction`` holds these phases for ``kingweb.king.King``,
which adds the match, the deal's play and its scoring."""

from typing import Any, TypeVar

from .cards import SUITS
from .errors import IllegalAction
from .events import PositiveState
from .kingcontracts import NULL_VALUE, TOTALS, UP_MODES, UP_VALUE
from .trickgame import TrickGame
from .views import Auction, Bid, Counted, LogEntry

ULTIMATUM_OFFER = "offer:up:8"
_T = TypeVar("_T")


def offer_terms(action: str) -> tuple[str, int, int] | None:
    """``"offer:up:5"`` → ``("up", 5, 125)``; None if not an offer."""
    # (an auction's legal() weighs every offer, each against the standing one: the offers
    # that can be made are looked up, anything else read)
    return _TERMS.get(action) or _read_offer(action)


def _read_offer(action: str) -> tuple[str, int, int] | None:
    parts = action.split(":")
    if len(parts) != 3 or parts[0] != "offer" or parts[1] not in ("up", "null"):
        return None
    digits = parts[2]
    # only a number written plainly: no "03", no "٣" or "²" (str.isdigit accepts those)
    if not (digits.isascii() and digits.isdigit()) or digits != str(int(digits)):
        return None
    n = int(digits)
    return parts[1], n, n * (UP_VALUE if parts[1] == "up" else NULL_VALUE)


#: every offer that can be made, in the order they are listed (ups, then nulls)
_OFFERS = tuple(f"offer:up:{n}" for n in range(1, 9)) + tuple(f"offer:null:{m}" for m in range(1, 5))
_TERMS = {a: _read_offer(a) for a in _OFFERS}


def offer_value(action: str) -> int:
    """What the offer ``action`` (a valid one) is worth."""
    terms = offer_terms(action)
    assert terms is not None, action
    return terms[2]


def describe_offer(action: str) -> str:
    terms = offer_terms(action)
    assert terms is not None, action
    kind, n, _ = terms
    return f"{n} up" if kind == "up" else f"{n} null" + ("s" if n > 1 else "")


def settle(raw: list[int], owner: int, buyer: int, value: int, uncapped: bool = False) -> tuple[list[int], int]:
    """The points of a bought positive: the buyer pays the owner ``value``, or under
    the default capped payment only what he made, ``min(value, max(0, raw[buyer]))``.
    Returns ``(points, payment)``."""
    pay = value if uncapped else min(value, max(0, raw[buyer]))
    points = list(raw)
    points[buyer] -= pay
    points[owner] += pay
    return points, pay


def _known(value: _T | None) -> _T:
    """``value``, which the phase guarantees is set (the owner during a positive, ...)."""
    assert value is not None
    return value


class KingAuction(TrickGame):
    """The spoken part of a positive: each phase's turn, legal actions, refusal and effect,
    side by side (``King._PHASES`` maps a phase to its four), and what the view shows of it."""

    def _play_positive(self, contract: str) -> None:
        """Play the positive as ``contract`` (an ``up:`` contract or ``down``)."""
        raise NotImplementedError

    def _close_deal(self, points: list[int], counted: list[list[Counted]], taken: list[int], offer: str | None) -> None:
        """File the deal's record and go on to the next deal (``King._close_deal``; the
        auction closes one only at 4-3-3-3)."""
        raise NotImplementedError

    def _reset_positive(self) -> None:
        self.owner: int | None = None
        self.bids: list[Bid] = []
        self.passed: set[int] = set()
        self.holder: int | None = None  # seat holding the standing offer
        self.standing: str | None = None  # the standing offer action
        self.speaker: int | None = None
        self.buyer: int | None = None
        self.bought: str | None = None  # the offer the buyer bought
        self.asked: int | None = None  # seat answering the ultimatum
        self.log: list[LogEntry] = []  # every spoken action of the deal: see ``_view``

    def _positive_state(self) -> PositiveState:
        p = self.p
        return {
            "phase": self.phase,
            "turn": self._turn(),
            "owner": self.owner,
            "auction": self._auction(),
            "buyer": self.buyer,
            "bought": self.bought,
            "contract": self.contract,
            "trump": None if p is None or p.c.trump < 0 else SUITS[p.c.trump],
            "leader": self.leader if p is None else p.leader,
            "deal_total": TOTALS.get(self.contract, 325),
            "deal_points": [0] * 4 if p is None else p.points_so_far(),
            "deal_unit": None if p is None else p.c.unit,
        }

    def _not_now(self, action: str) -> IllegalAction:
        return IllegalAction("not-possible-now", action=action[:40], phase=self.phase, legal=self._legal())

    def _say(self, action: str) -> None:
        """Log a spoken action of the positive (see ``_view``)."""
        entry: LogEntry = {"seat": _known(self._turn()), "phase": self.phase, "action": action}
        if self.phase == "auction" and action == self.standing:
            entry["matches"] = _known(self.holder)  # a preference: the same terms, taken over
        self.log.append(entry)

    # choose: the owner of a positive plays up or down himself, or opens the auction.

    def _choose_turn(self) -> int | None:
        return self.owner

    def _choose_legal(self) -> list[str]:
        return [*UP_MODES, "down", "auction"]

    _choose_refusal = _not_now

    def _choose_apply(self, action: str) -> None:
        self._say(action)
        if action == "auction":
            self.phase = "auction"
            self.speaker = (_known(self.owner) + 1) % 4
        else:
            self._play_positive(action)

    # auction: owner+1..+3 outbid each other (or match by preference) until all but one pass.

    def _auction_turn(self) -> int | None:
        return self.speaker

    def _auction_legal(self) -> list[str]:
        return [a for a in self._offers() if self._offer_refusal(a) is None] + ["pass"]

    def _auction_refusal(self, action: str) -> IllegalAction:
        why = self._offer_refusal(action) if action.startswith("offer:") else None
        return self._not_now(action) if why is None else IllegalAction(why[0], **why[1])

    def _auction_apply(self, action: str) -> None:
        s = _known(self.speaker)
        self._say(action)
        self.bids.append({"seat": s, "action": action})
        if action == "pass":
            self.passed.add(s)
        else:
            self.standing, self.holder = action, s
        # Next speaker: the next seat in owner+1..+3 order that has not passed.
        nxt = s
        for _ in range(3):
            nxt = (nxt + 1) % 4
            if nxt == self.owner:
                nxt = (nxt + 1) % 4
            if nxt not in self.passed:
                break
        if len(self.passed) == 3 or (len(self.passed) == 2 and self.holder is not None):
            self.phase, self.speaker = "decide", None
        else:
            self.speaker = nxt

    def _offers(self) -> tuple[str, ...]:
        return _OFFERS[: 8 + self.options["max_nulls"]]

    def _value(self) -> int:
        return 0 if self.standing is None else offer_value(self.standing)

    def _order(self, seat: int | None) -> int:
        return (_known(seat) - _known(self.owner)) % 4

    def _offer_refusal(self, action: str) -> tuple[str, dict[str, Any]] | None:
        """Why ``action`` is not an acceptable offer from the speaker, as ``(code, params)``
        (None if it is acceptable)."""
        terms = offer_terms(action)
        top = self.options["max_nulls"]
        if terms is None or not (1 <= terms[1] <= (8 if terms[0] == "up" else top)):
            return "offer-format", {"max_nulls": top}
        if self.standing is None:
            return None
        value, standing = terms[2], self._value()
        if value > standing:
            return None
        if value == standing:
            if action != self.standing:
                return "offer-same-terms", {"offer": self.standing}
            if self._order(self.speaker) < self._order(self.holder):
                return None
            return "offer-preference", {"offer": self.standing, "seat": self.holder}
        return "offer-too-low", {"offer": self.standing}

    # decide: the owner accepts the best offer, rejects it, takes 4-3-3-3 or sets the ultimatum.

    def _decide_turn(self) -> int | None:
        return self.owner

    def _decide_legal(self) -> list[str]:
        out = ["accept"] if self.standing else []
        out.append("reject")
        if self._value() <= 75:
            out.append("4333")
        if self.standing and self._value() < 200:
            out.append("ultimatum")
        return out

    def _decide_refusal(self, action: str) -> IllegalAction:
        if action == "4333":
            return IllegalAction("no-4333")
        if action == "ultimatum":
            return IllegalAction("ultimatum-too-high" if self.standing else "ultimatum-no-offer")
        if action == "accept":
            return IllegalAction("no-offer-to-accept")
        return self._not_now(action)

    def _decide_apply(self, action: str) -> None:
        self._say(action)
        owner = _known(self.owner)
        if action == "accept":
            self.buyer, self.bought = self.holder, self.standing
            if _known(offer_terms(_known(self.bought)))[0] == "null":
                self._play_positive("down")
            else:
                self.phase = "trump"
        elif action == "reject":
            self.phase = "trump"
        elif action == "4333":
            self.contract = "4333"
            points = [100 if s == owner else 75 for s in range(4)]
            self._close_deal(points, [[{"kind": "4333", "points": pts}] for pts in points], [0] * 4, self.standing)
        else:  # ultimatum
            self.phase = "ultimatum"
            self.asked = (owner + 1) % 4

    # ultimatum ("8 o nulos"): owner+1..+3 in turn give 8 up or pass; nobody: the owner plays down.

    def _ultimatum_turn(self) -> int | None:
        return self.asked

    def _ultimatum_legal(self) -> list[str]:
        return [ULTIMATUM_OFFER, "pass"]

    def _ultimatum_refusal(self, action: str) -> IllegalAction:
        return IllegalAction("ultimatum-answer") if action.startswith("offer:") else self._not_now(action)

    def _ultimatum_apply(self, action: str) -> None:
        asked = _known(self.asked)
        self._say(action)
        self.bids.append({"seat": asked, "action": action, "ultimatum": True})
        if action == ULTIMATUM_OFFER:
            self.buyer, self.bought = asked, ULTIMATUM_OFFER
            self.phase = "trump"
        elif self._order(asked) == 3:
            self._play_positive("down")
        else:
            self.asked = (asked + 1) % 4

    # trump: a buyer at up names the trump; an owner who rejected names up or down.

    def _trump_turn(self) -> int | None:
        return self.buyer if self.buyer is not None else self.owner

    def _trump_legal(self) -> list[str]:
        return list(UP_MODES) + ([] if self.buyer is not None else ["down"])

    def _trump_refusal(self, action: str) -> IllegalAction:
        return IllegalAction("name-trump") if action == "down" else self._not_now(action)

    def _trump_apply(self, action: str) -> None:
        self._say(action)
        self._play_positive(action)

    def _auction(self) -> Auction:
        return {
            "bids": [b.copy() for b in self.bids],
            "holder": self.holder,
            "standing": self.standing,
            "passed": sorted(self.passed),
            "speaker": self.speaker,
            "asked": self.asked,
        }
