"""King (``king``): 52 cards, four players, six negative deals then four positives
with an auction.  RULES.md §1 is the reference; the comments here say only why.

Here: the match, the deal's play and its scoring; King's contracts are in
``kingweb.kingcontracts``, a positive's auction and its offers in ``kingweb.kingauction``
(their public names are imported back here, where the bots and the tests find them)."""

from collections.abc import Callable
from typing import Any, ClassVar

from . import cards
from .cards import KH
from .claiming import TrickLog
from .errors import IllegalAction, RulesError, describe
from .events import Audience
from .game import Option, check_seat, flag
from .games import DealError, GameFacts, register
from .kingauction import ULTIMATUM_OFFER, KingAuction, _known, offer_value
from .kingauction import describe_offer as describe_offer
from .kingauction import offer_terms as offer_terms
from .kingauction import settle as settle
from .kingcontracts import DOWN_STAKE as DOWN_STAKE
from .kingcontracts import KING_OF_HEARTS_NOT_FORCED as KING_OF_HEARTS_NOT_FORCED
from .kingcontracts import NEGATIVE_ORDER, NEGATIVES, NULL_VALUE, POSITIVES, TOTALS, UP_VALUE, contract_for
from .kingcontracts import UP_MODES as UP_MODES
from .play import Contract
from .trickgame import TrickGame, scenario_hands
from .views import Counted, KingDeal, KingPlan, KingView, LogEntry


class King(KingAuction):
    id = "king"
    players = 4
    SEAT_VIEW_IS_PUBLIC_AND_HAND = True  # (every card won and played is public)
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
        self._reset_positive()
        if _deal:
            self._open()

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
        self._log = TrickLog(4)
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

    def _play_positive(self, contract: str) -> None:
        self.contract = contract
        self._begin_play(POSITIVES[contract], self.dealer)

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
            record["owner"], record["buyer"], record["bought"] = self.owner, self.buyer, offer
            record["log"] = [e.copy() for e in self.log]
            if raw is not None:
                record["raw"] = raw
            if payment is not None:
                record["payment"] = payment
        self._file_deal(record)
        if self.scenario_args is not None or self.deal_no + 1 == self.DEALS:
            self._end_match()
            return
        self.deal_no += 1
        self._start_deal()

    # -- the phases ------------------------------------------------------------------
    # Each phase has its turn, legal actions, refusal and effect; ``_PHASES`` (after the
    # class) maps a phase to its four.  ``play`` is TrickGame's, ``dealer`` is below, the
    # positive's phases before its play are KingAuction's (kingweb.kingauction).

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

    _play_turn, _play_legal = TrickGame._turn, TrickGame._legal
    _play_refusal, _play_apply = TrickGame._refusal, TrickGame._apply

    # dealer: with king_chooses_dealer, the receiver of the K♥ names the first dealer.

    def _dealer_turn(self) -> int | None:
        return self.kh_receiver

    def _dealer_legal(self) -> list[str]:
        return [f"dealer:{s}" for s in range(4)]

    _dealer_refusal = KingAuction._not_now

    def _dealer_apply(self, action: str) -> None:
        self.first_dealer = int(action.split(":")[1])
        self._start_deal()

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
            "match_deals": self.DEALS,
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
