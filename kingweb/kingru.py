"""Кинг / Russian King (``kingru``): 32 cards, four players, seven "don't take" deals
then the same seven as "take".  RULES.md §2 is the reference."""

from functools import cache
from typing import Any, ClassVar

from .cards import HEART_MASK, JACKS, JACKS_KINGS, KH_BIT, QUEENS, SHORT_DECK
from .errors import RulesError, describe
from .events import Audience
from .game import Option, check_seat, flag
from .games import DealError, GameFacts, register
from .play import KH_NONE, KH_VOID, KH_VOID_OR_HEARTS, Contract, Scorer
from .trickgame import TrickGame
from .views import KingRuView

BASES = ("tricks", "hearts", "boys", "girls", "last-two", "king", "everything")
ORDERS: dict[str, tuple[str, ...]] = {
    "classic": BASES,
    "simple": ("tricks", "boys", "girls", "hearts", "king", "last-two", "everything"),
}
HEARTS32 = HEART_MASK & SHORT_DECK


def _boys(option: str) -> tuple[int, int]:
    """(mask, unit) of the boys under the ``boys`` option."""
    return (JACKS, 4) if option == "jacks" else (JACKS_KINGS & SHORT_DECK, 2)


def _scorer(base: str, sign: int, boys: str) -> Scorer:
    bmask, bunit = _boys(boys)

    def per_card(mask: int, unit: int) -> Scorer:
        return lambda won, nt, wins: [sign * unit * (w & mask).bit_count() for w in won]

    def last_two(won: list[int], nt: list[int], wins: list[int | None]) -> list[int]:
        pts = [0] * 4
        for w in wins[-2:]:
            if w is not None:  # a scenario may start inside the last two tricks
                pts[w] += sign * 8
        return pts

    parts: dict[str, Scorer] = {
        "tricks": lambda won, nt, wins: [sign * 2 * t for t in nt],
        "hearts": per_card(HEARTS32, 2),
        "boys": per_card(bmask, bunit),
        "girls": per_card(QUEENS, 4),
        "last-two": last_two,
        "king": per_card(KH_BIT, 16),
    }
    if base != "everything":
        return parts[base]

    def everything(won: list[int], nt: list[int], wins: list[int | None]) -> list[int]:
        # written out: it is scored in every playout
        pts = [
            sign
            * (
                2 * t
                + 2 * (w & HEARTS32).bit_count()
                + bunit * (w & bmask).bit_count()
                + 4 * (w & QUEENS).bit_count()
                + (16 if w & KH_BIT else 0)
            )
            for w, t in zip(won, nt, strict=True)
        ]
        for w in wins[-2:]:
            if w is not None:
                pts[w] += sign * 8
        return pts

    return everything


def contract_for(base: str, positive: bool, options: dict[str, Any]) -> Contract:
    """The ``Contract`` of one Кинг deal under the match options."""
    return _contract(base, positive, options["boys"], options["king_discard"], options["king_discard_on_heart_lead"])


@cache
def _contract(base: str, positive: bool, boys: str, king_discard: bool, on_heart_lead: bool) -> Contract:
    # one object per deal and options: the bots cache per-contract tables by identity
    sign = 1 if positive else -1
    kh = KH_NONE
    if base in ("king", "everything") and king_discard:
        kh = KH_VOID_OR_HEARTS if on_heart_lead else KH_VOID
    early = {"hearts": HEARTS32, "boys": _boys(boys)[0], "girls": QUEENS, "king": KH_BIT}.get(base, 0)
    parts = _parts(base, sign, boys)
    return Contract(
        base if positive else "no-" + base,
        _scorer(base, sign, boys),
        ban_hearts_lead=base in ("hearts", "king", "everything"),
        kh_rule=kh,
        early_mask=early,
        sign=sign,
        parts=tuple(parts.values()),
        names=tuple(parts),
    )


def _parts(base: str, sign: int, boys: str) -> dict[str, tuple[str, int, int]]:
    """The items of ``base`` for ``Contract.counted``, by base; «ералаш» has them all."""
    bmask, bunit = _boys(boys)
    parts = {
        "tricks": ("tricks", 0, 2 * sign),
        "hearts": ("card", HEARTS32, 2 * sign),
        "boys": ("card", bmask, bunit * sign),
        "girls": ("card", QUEENS, 4 * sign),
        "last-two": ("last-two", 0, 8 * sign),
        "king": ("card", KH_BIT, 16 * sign),
    }
    return parts if base == "everything" else {base: parts[base]}


def deal_order(options: dict[str, Any]) -> list[str]:
    bases = [b for b in ORDERS[options["order"]] if options["eralash"] or b != "everything"]
    return ["no-" + b for b in bases] + list(bases)


def contract_by_id(cid: str, options: dict[str, Any]) -> Contract:
    positive = not cid.startswith("no-")
    base = cid if positive else cid[3:]
    if base not in BASES:
        allowed = ", ".join(["no-" + b for b in BASES] + list(BASES))
        raise RulesError(
            "unknown-contract", f"contract {describe(cid)} is not a Кинг contract (one of {allowed})", contract=cid
        )
    return contract_for(base, positive, options)


TOTAL_UNIT = 16


class KingRu(TrickGame):
    id = "kingru"
    players = 4
    TRICKS_PER_HAND = 8
    DECK = SHORT_DECK
    SEAT_VIEW_IS_PUBLIC_AND_HAND = True  # (every card won and played is public)
    OPTIONS: ClassVar[dict[str, Option]] = {
        "boys": Option("jacks", ("jacks", "jacks-kings"), "what counts as a boy"),
        "king_discard": flag("the K♥ holder must play it when void in the suit led (king, everything)"),
        "king_discard_on_heart_lead": flag("with king_discard: also when hearts are led"),
        "order": Option("classic", ("classic", "simple"), "the order of the seven deals"),
        "scale": Option(1, (1, 10), "points are shown multiplied by this (display only)"),
        "eralash": Option(True, (True, False), "play «ералаш» (everything); off = 12 deals"),
        "play_all_tricks": flag("no early end: every deal plays 8 tricks"),
    }

    @classmethod
    def check_option_combination(cls, o: dict[str, Any]) -> None:
        if o["king_discard_on_heart_lead"] and not o["king_discard"]:
            raise RulesError(
                "option-combination",
                "option king_discard_on_heart_lead: needs king_discard on",
                option="king_discard_on_heart_lead",
                needs="king_discard",
            )

    def __init__(
        self, seed: int | str | None = None, options: dict[str, Any] | None = None, *, _deal: bool = True
    ) -> None:
        super().__init__(seed, options)
        self.order = deal_order(self.options)
        if _deal:
            self._open()

    def _open(self) -> None:
        self.first_leader = self._first_seat(4)
        self._start_deal()

    @property
    def DEALS(self) -> int:
        return len(self.order)

    def _start_deal(self) -> None:
        self.contract = self.order[self.deal_no]
        leader = (self.first_leader + self.deal_no) % 4
        self.dealer = (leader - 1) % 4
        self.dealt = self._deal_cards()[0]
        self._start_play(self._new_play(contract_by_id(self.contract, self.options), self.dealt, leader))
        self._emit_deal()

    def _end_play(self) -> None:
        """File the deal's record: its points, public ``tricks``, what each seat
        ``counted`` (``Contract.counted``) and the match ``scores`` after it."""
        p = self.play
        points = p.points()
        for s in range(4):
            self.scores[s] += points[s]
        self._file_deal(
            {
                "contract": self.contract,
                "points": points,
                "leader": self.leader,
                "taken": list(p.ntricks),
                "total": self.deal_total(self.contract),
                "tricks": self._finished_tricks(),
                "early_end": p.ended_early,
                "counted": p.c.counted(p.won, p.ntricks, p.winners),
                "scores": list(self.scores),
                "hands": self._dealt_codes(),
            }
        )
        if self.scenario_args is not None or self.deal_no + 1 == self.DEALS:
            self._end_match()
        else:
            self.deal_no += 1
            self._start_deal()

    def deal_total(self, cid: str) -> int:
        base = cid[3:] if cid.startswith("no-") else cid
        return (-1 if cid.startswith("no-") else 1) * TOTAL_UNIT * (6 if base == "everything" else 1)

    def _view(self, seat: Audience) -> KingRuView:
        return {
            **self._base_view(seat),
            **self._play_view(),
            **self._tallies(),
            "phase": self.phase,
            "dealer": self.dealer,
            "order": list(self.order),
            "match_deals": self.DEALS,
            "deal_total": self.deal_total(self.contract),
        }

    @classmethod
    def from_scenario(
        cls,
        contract: object,
        hands: object,
        leader: object = None,
        trick: object = None,
        options: dict[str, Any] | None = None,
    ) -> "KingRu":
        g = cls(0, options, _deal=False)
        con = contract_by_id(contract, g.options) if isinstance(contract, str) else None
        if con is None:
            raise RulesError("unknown-contract", f"contract {describe(contract)} is not a Кинг contract")
        leader = check_seat(leader, 4, "leader", "a scenario needs the seat that leads")
        assert isinstance(contract, str)
        g.contract, g.first_leader = contract, leader
        g.order = [contract]
        g._scenario_play(con, hands, leader, trick)
        return g


def _record_deal(k: int, d: dict[str, Any], options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    order = deal_order(options)
    if k >= len(order) or d["contract"] != order[k]:
        allowed = order[k] if k < len(order) else f"none: the match has {len(order)} deals"
        raise DealError("contract", f"deal {k + 1} of Кинг here is {allowed}, not {describe(d['contract'])}")
    return d["contract"], {"leader": d["leader"]}


def _view_contract(view: KingRuView) -> Contract:
    return contract_by_id(view["contract"], view["options"])


def _board(index: int, deck: list[str], options: dict[str, Any]) -> tuple[str, list[list[str]], dict[str, Any]]:
    order = deal_order(KingRu.check_options(options))
    return order[index % len(order)], [deck[i * 8 : (i + 1) * 8] for i in range(4)], {"leader": index % 4}


def _contracts() -> list[Contract]:
    opts = KingRu.check_options({})
    return [contract_by_id(c, opts) for c in deal_order(opts)]


def _first_deal(sc: dict[str, Any], options: dict[str, Any]) -> int | None:
    return deal_order(options).index(sc["contract"])


register(
    GameFacts(
        KingRu,
        name="Кинг",
        seat_field="leader",
        max_deals=len(BASES) * 2,  # twelve or fourteen deals
        letter="R",
        scenario_args=("leader", "trick"),
        phases=("play", "over"),
        scoring=("card", "trick", "tricks"),
        review_worlds=480,
        review_thresholds=(0.8, 2.5, 7.0),
        hard_samples=240,
        deal_scenario=_record_deal,
        first_deal=_first_deal,
        view_contract=_view_contract,
        board=_board,
        contracts=_contracts,
        deal_orders=ORDERS,
        bench_targets=(20_000, None),
        position_steps=420,
        latency_deals={"normal": 14, "hard": 4, "expert": 2},
        rungs=(("hard", 1000, 42),),
    )
)
