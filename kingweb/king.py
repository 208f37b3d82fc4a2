"""King (``king``): 52 cards, four players, six negative deals then four positives
with an auction.  RULES.md §1 is the reference; the comments here say only why."""

from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar, TypeVar

from . import cards
from .cards import HEART_MASK, JACKS_KINGS, KH, KH_BIT, QUEENS, SUITS
from .errors import IllegalAction, RulesError, describe
from .events import Audience, PositiveState
from .game import Option, check_seat, flag
from .games import DealError, GameFacts, register
from .play import KH_VOID, KH_VOID_OR_HEARTS, Contract, Scorer
from .trickgame import TrickGame, scenario_hands
from .views import Auction, Bid, Counted, KingDeal, KingPlan, KingView, LogEntry


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

ULTIMATUM_OFFER = "offer:up:8"
_T = TypeVar("_T")


def offer_terms(action: str) -> tuple[str, int, int] | None:
    """``"offer:up:5"`` → ``("up", 5, 125)``; None if not an offer."""
    parts = action.split(":")
    if len(parts) != 3 or parts[0] != "offer" or parts[1] not in ("up", "null"):
        return None
    digits = parts[2]
    # only a number written plainly: no "03", no "٣" or "²" (str.isdigit accepts those)
    if not (digits.isascii() and digits.isdigit()) or digits != str(int(digits)):
        return None
    n = int(digits)
    return parts[1], n, n * (UP_VALUE if parts[1] == "up" else NULL_VALUE)


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


class King(TrickGame):
    id = "king"
    players = 4
    OPTIONS: ClassVar[dict[str, Option]] = {
        "king_chooses_dealer": flag("the receiver of the K♥ names the first dealer"),
        "first_lead": Option("dealer", ("dealer", "left_of_dealer"), "who leads trick 1"),
        "king_forced_on_heart_lead": Option(True, (True, False), "K♥ must be played when hearts are led"),
        "play_all_tricks": flag("no early end: every deal plays 13 tricks"),
        "max_nulls": Option(2, (2, 3, 4), "the highest null offer"),
        "buyer_leads": flag("the buyer leads trick 1 of a bought deal"),
        "uncapped_payment": flag("the buyer pays the full offer, even below zero"),
    }
    DEALS = 10

    def __init__(
        self, seed: int | str | None = None, options: dict[str, Any] | None = None, *, _deal: bool = True
    ) -> None:
        super().__init__(seed, options)
        self.phase = "play"
        self._reset_positive()
        if _deal:
            self._open()

    def _reset_positive(self) -> None:
        self.owner: int | None = None
        self.mode: str | None = None  # fixed contract of a positive, or "4333"
        self.bids: list[Bid] = []
        self.passed: set[int] = set()
        self.holder: int | None = None  # seat holding the standing offer
        self.standing: str | None = None  # the standing offer action
        self.speaker: int | None = None
        self.buyer: int | None = None
        self.bought: str | None = None  # the offer the buyer bought
        self.asked: int | None = None  # seat answering the ultimatum
        self.log: list[LogEntry] = []  # every spoken action of the deal: see ``_view``

    # -- match flow ----------------------------------------------------------------

    def _open(self) -> None:
        """Find the first dealer: cards turned up from a random seat until the K♥ (a
        preset match names its receiver)."""
        if self.preset is not None:
            self.kh_receiver = self.preset["first"]
        else:
            deck = cards.cards_of(cards.FULL_DECK)
            self.rng.shuffle(deck)
            start = self.rng.randrange(4)
            self.kh_receiver = (start + deck.index(KH)) % 4
        if self.options["king_chooses_dealer"]:
            self.phase = "dealer"
        else:
            self.first_dealer = self.kh_receiver
            self._start_deal()

    def _start_deal(self) -> None:
        self.dealer = (self.first_dealer + self.deal_no) % 4
        self.dealt = self._deal_cards()[0]
        self._reset_positive()
        self.p = None
        self.tricks = []
        if self.deal_no < 6:
            self.contract = NEGATIVE_ORDER[self.deal_no]
            self._begin_play(contract_for(self.contract, self.options), self.dealer)
        else:
            self.contract = "positive"
            self.owner = self.dealer
            self.phase = "choose"
        self._emit_deal()

    def _first_leader(self, default: int) -> int:
        if self.options["first_lead"] == "left_of_dealer":
            return (default + 1) % 4
        return default

    def _begin_play(self, contract: Contract, dealer: int) -> None:
        leader = self._first_leader(dealer)
        if self.buyer is not None and self.options["buyer_leads"]:
            leader = self.buyer
        self.phase = "play"
        self._start_play(self._new_play(contract, self.dealt, leader))

    def _set_mode(self, mode: str) -> None:
        self.mode = self.contract = mode
        self._begin_play(POSITIVES[mode], self.dealer)

    def _end_play(self) -> None:
        p = self.play
        points = p.points()
        raw, payment = list(points), None
        counted = p.c.counted(p.won, p.ntricks, p.winners)
        if self.buyer is not None:
            owner, bought = _known(self.owner), _known(self.bought)
            points, payment = settle(points, owner, self.buyer, offer_value(bought), self.options["uncapped_payment"])
            counted[self.buyer].append({"kind": "payment", "seat": owner, "points": -payment})
            counted[owner].append({"kind": "payment", "seat": self.buyer, "points": payment})
        self._close_deal(points, counted, list(p.ntricks), self.bought, raw, payment, p.ended_early)

    def _close_deal(
        self,
        points: list[int],
        counted: list[list[Counted]],
        taken: list[int],
        offer: str | None,
        raw: list[int] | None = None,
        payment: int | None = None,
        early_end: bool = False,
    ) -> None:
        """File the deal's record: besides the points, its public ``tricks``, what each
        seat ``counted`` (``Contract.counted``, plus ``{"kind": "payment", "seat": other,
        "points": ±n}`` of a bought positive and ``{"kind": "4333", "points": n}``), the
        match ``scores`` after it and, for a positive, its owner, buyer, offer and
        ``log``."""
        for s in range(4):
            self.scores[s] += points[s]
        record: KingDeal = {
            "contract": self.contract,
            "dealer": self.dealer,
            "taken": taken,
            "points": points,
            "total": TOTALS.get(self.contract, 325),  # what the table shares
            "tricks": self._finished_tricks(),
            "early_end": early_end,
            "counted": counted,
            "scores": list(self.scores),
            "hands": self._dealt_codes(),
        }
        if self.owner is not None:
            record["owner"], record["buyer"], record["offer"] = self.owner, self.buyer, offer
            record["log"] = [e.copy() for e in self.log]
            if raw is not None:
                record["raw"] = raw
            if payment is not None:
                record["payment"] = payment
        self._file_deal(record)
        if self.scenario_args is not None or self.deal_no + 1 == self.DEALS:
            self.phase = "over"
            self._end_match()
            return
        self.deal_no += 1
        self._start_deal()

    # -- the phases ------------------------------------------------------------------
    # Each phase has its turn, legal actions, refusal and effect, side by side below;
    # ``_PHASES`` (after the class) maps a phase to its four.  ``play`` is TrickGame's.

    _PHASES: ClassVar[
        dict[
            str,
            tuple[
                Callable[["King"], int | None],
                Callable[["King"], list[str]],
                Callable[["King", str], IllegalAction],
                Callable[["King", str], None],
            ],
        ]
    ]

    def _turn(self) -> int | None:
        return self._PHASES[self.phase][0](self)

    def _legal(self) -> list[str]:
        return self._PHASES[self.phase][1](self)

    def _refusal(self, action: str) -> IllegalAction:
        return self._PHASES[self.phase][2](self, action)

    def _apply(self, action: str) -> None:
        phase = self.phase
        if phase == "play":
            self._play_apply(action)
            return
        # a bid or decision is told before what it led to (a deal scored, the next dealt),
        # with where the positive stands after it unless a deal came of it
        at, seat = len(self._events), _known(self._turn())
        log, logged = self.log, len(self.log)  # (a deal that ends with it starts a new log)
        self._PHASES[phase][3](self, action)
        # naming the first dealer is not a positive's, and not in its log
        entry = log[logged].copy() if len(log) > logged else LogEntry(seat=seat, phase=phase, action=action)
        kind = "bid" if phase in ("auction", "ultimatum") else "decision"
        then = self._positive_state() if len(self._events) == at else None
        self._events.insert(at, {"type": kind, "entry": entry, "then": then})

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

    _play_turn, _play_legal = TrickGame._turn, TrickGame._legal
    _play_refusal, _play_apply = TrickGame._refusal, TrickGame._apply

    def _not_now(self, action: str) -> IllegalAction:
        return IllegalAction("not-possible-now", action=action[:40], phase=self.phase, legal=self._legal())

    def _say(self, action: str) -> None:
        """Log a spoken action of the positive (see ``_view``)."""
        entry: LogEntry = {"seat": _known(self._turn()), "phase": self.phase, "action": action}
        if self.phase == "auction" and action == self.standing:
            entry["matches"] = _known(self.holder)  # a preference: the same terms, taken over
        self.log.append(entry)

    # dealer: with king_chooses_dealer, the receiver of the K♥ names the first dealer.

    def _dealer_turn(self) -> int | None:
        return self.kh_receiver

    def _dealer_legal(self) -> list[str]:
        return [f"dealer:{s}" for s in range(4)]

    _dealer_refusal = _not_now

    def _dealer_apply(self, action: str) -> None:
        self.first_dealer = int(action.split(":")[1])
        self._start_deal()

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
            self._set_mode(action)

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

    def _offers(self) -> list[str]:
        return [f"offer:up:{n}" for n in range(1, 9)] + [
            f"offer:null:{m}" for m in range(1, self.options["max_nulls"] + 1)
        ]

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
                self._set_mode("down")
            else:
                self.phase = "trump"
        elif action == "reject":
            self.phase = "trump"
        elif action == "4333":
            self.mode = self.contract = "4333"
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
            self._set_mode("down")
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
        self._set_mode(action)

    # -- views -------------------------------------------------------------------------

    def _view(self, seat: Audience) -> KingView:
        """Besides the trick view: the ``phase``, the positive's ``owner``, ``auction``
        state, ``buyer`` and ``bought`` offer, and ``log``, every spoken action of the
        deal in order, each ``{"seat", "phase", "action"}`` where ``phase`` is the one it
        was taken in (``choose``: the owner's choice; ``auction``: an offer or pass, with
        ``"matches": seat`` when it takes over that seat's offer by preference; ``decide``:
        accept, reject, 4333 or ultimatum; ``ultimatum``: an answer; ``trump``: the trump
        named).  An ultimatum nobody takes leaves the owner playing ``down`` (the
        ``contract``) with no entry of its own.  A finished positive's record keeps its log."""
        auction = self._auction()
        return {
            **self._base_view(seat),
            **self._play_view(),
            **self._tallies(),
            "phase": self.phase,
            "dealer": self.dealer,
            "owner": self.owner,
            "first_dealer": {"kh_receiver": self.kh_receiver, "chosen": self.options["king_chooses_dealer"]},
            "auction": auction,
            "buyer": self.buyer,
            "bought": self.bought,
            "deals_total": self.DEALS,
            "deal_total": TOTALS.get(self.contract, 325),
            "log": [e.copy() for e in self.log],
            **self._plan(),
        }

    def _plan(self) -> KingPlan:
        """The match's deals as the score sheet lists them before they are played: each
        deal's contract (a positive is ``positive`` until its owner chooses) and each
        positive's owner, its dealer (None for a negative, and for every deal while the
        first dealer is still being named)."""
        if self.scenario_args is not None:
            return {"order": [self.contract], "owners": [self.owner]}
        named = self.phase != "dealer"
        return {
            "order": [*NEGATIVE_ORDER, *["positive"] * (self.DEALS - len(NEGATIVE_ORDER))],
            "owners": [
                (self.first_dealer + k) % 4 if named and k >= len(NEGATIVE_ORDER) else None for k in range(self.DEALS)
            ],
        }

    def _auction(self) -> Auction:
        return {
            "bids": [b.copy() for b in self.bids],
            "holder": self.holder,
            "offer": self.standing,
            "passed": sorted(self.passed),
            "speaker": self.speaker,
            "asked": self.asked,
        }

    # -- scenarios -----------------------------------------------------------------------

    @classmethod
    def from_scenario(
        cls,
        contract: object,
        hands: object,
        leader: object = None,
        dealer: object = None,
        trick: object = None,
        options: dict[str, Any] | None = None,
    ) -> "King":
        g = cls(0, options, _deal=False)
        g.first_dealer = g.kh_receiver = 0
        name = contract if isinstance(contract, str) else ""  # (a list is not hashable)
        if name in NEGATIVES or name in POSITIVES:
            lead = check_seat(leader, 4, "leader", "a scenario of a played deal needs the seat that leads")
            if dealer is not None and name in NEGATIVES:
                raise RulesError(
                    "bad-scenario",
                    "dealer: only a positive has an owner; a negative scenario names its leader",
                    field="dealer",
                )
            g.dealer = g.first_dealer = lead
            g.contract = name
            if name in POSITIVES:
                g.owner = g.dealer if dealer is None else check_seat(dealer, 4, "dealer", "the owner")
                g.mode = name
            g._scenario_play(contract_for(name, g.options), hands, lead, trick)
        elif name == "positive":
            owner = check_seat(dealer, 4, "dealer", "a positive scenario needs its owner")
            if leader is not None or trick is not None:
                field = "leader" if leader is not None else "trick"
                raise RulesError(
                    "bad-scenario",
                    f"{field}: a positive scenario starts before play, at the owner's choice",
                    field=field,
                )
            g.dealt = cls._full_hands(hands)
            g.dealer = g.owner = g.first_dealer = owner
            g.contract = "positive"
            g.phase = "choose"
        else:
            allowed = ", ".join([*NEGATIVES, "positive", *POSITIVES])
            raise RulesError(
                "unknown-contract",
                f"contract {describe(contract)} is not a King contract (one of {allowed})",
                contract=name if isinstance(contract, str) else None,
            )
        return g

    @staticmethod
    def _full_hands(hands: object) -> list[int]:
        masks, _ = scenario_hands(hands, 4, cards.FULL_DECK)
        for i, m in enumerate(masks):
            if m.bit_count() != 13:
                raise RulesError(
                    "bad-cards",
                    f"hands[{i}]: a positive is chosen on full hands: expected 13 cards, got {m.bit_count()}",
                    field=f"hands[{i}]",
                )
        return masks


def _known(value: _T | None) -> _T:
    """``value``, which the phase guarantees is set (the owner during a positive, ...)."""
    assert value is not None
    return value


King._PHASES = {
    ph: (
        getattr(King, f"_{ph}_turn"),
        getattr(King, f"_{ph}_legal"),
        getattr(King, f"_{ph}_refusal"),
        getattr(King, f"_{ph}_apply"),
    )
    for ph in ("play", "dealer", "choose", "auction", "decide", "ultimatum", "trump")
}


def _record_deal(k: int, d: dict[str, Any], options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    if k < 6:
        expect = NEGATIVE_ORDER[k]
        if d["contract"] != expect:
            raise DealError("contract", f"deal {k + 1} of King is {expect}, not {describe(d['contract'])}")
        return expect, {"leader": (d["dealer"] + (1 if options["first_lead"] == "left_of_dealer" else 0)) % 4}
    if k < King.DEALS:
        return "positive", {"dealer": d["dealer"]}
    raise DealError("deal_no", "a King match has 10 deals, 0 to 9")


def _view_contract(view: KingView) -> Contract | None:
    cid, opts = view["contract"], view["options"]
    if cid in NEGATIVES or cid in POSITIVES:
        return contract_for(cid, opts)
    return None


def _board(index: int, deck: list[str], options: dict[str, Any]) -> tuple[str, list[list[str]], dict[str, Any]]:
    # each of the match's deals in turn: the six negatives, then four positives
    hands = [deck[i * 13 : (i + 1) * 13] for i in range(4)]
    k = index % King.DEALS
    if k < len(NEGATIVE_ORDER):
        return NEGATIVE_ORDER[k], hands, {"leader": index % 4}
    return "positive", hands, {"dealer": index % 4}


def _contracts() -> list[Contract]:
    return [*NEGATIVES.values(), *POSITIVES.values()]


def _first_deal(sc: dict[str, Any], options: dict[str, Any]) -> int | None:
    if sc["contract"] == "positive":
        return 6
    if sc["contract"] in NEGATIVES and sc.get("leader") is not None and options["first_lead"] == "dealer":
        return NEGATIVE_ORDER.index(sc["contract"])
    return None  # a positive's card play alone (its bidding is missing), or its dealer unknown


register(
    GameFacts(
        King,
        name="King",
        seat_field="dealer",
        max_deals=King.DEALS,
        letter="K",
        scenario_args=("leader", "dealer", "trick"),
        phases=("dealer", "choose", "auction", "decide", "ultimatum", "trump", "play", "over"),
        scoring=("card", "trick", "tricks", "payment", "4333"),
        review_worlds=320,
        review_thresholds=(8.0, 25.0, 70.0),
        hard_samples=160,
        deal_scenario=_record_deal,
        first_deal=_first_deal,
        view_contract=_view_contract,
        board=_board,
        contracts=_contracts,
        chosen="positive",
        kh_receiver=True,
        offers={"up": UP_VALUE, "null": NULL_VALUE, "ultimatum": offer_value(ULTIMATUM_OFFER)},
        bench_targets=(10_000, 1_800),
        beside_hearts=True,
        position_steps=600,
        latency_deals={"normal": 10, "hard": 3, "expert": 1},
        rungs=(("hard", 1000, 30),),
    )
)
