"""German Whist (``whist``): two players, a stock stage of 13 tricks with draws, then a
13-trick endgame that alone scores.  RULES.md §3 is the reference."""

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from . import cards
from .cards import INDEX, SUITS, code
from .errors import RulesError, describe
from .events import Audience
from .game import Option, check_seat
from .games import DealError, GameFacts, register
from .play import Contract, Play
from .trickgame import TrickGame, scenario_hands
from .views import Draw, WhistTallies, WhistView

STAGE_TRICKS = 13
#: German Whist's one contract (a record's deal names it)
CONTRACT = "whist"


def whist_contract(trump: int, stage2_from: int) -> Contract:
    """Tricks from number ``stage2_from`` on count; t ≥ 7 of them scores t − 6."""

    def score(won: list[int], nt: list[int], wins: list[int | None]) -> list[int]:
        t = [0, 0]
        for w in wins[stage2_from:]:
            if w is not None:
                t[w] += 1
        return [x - 6 if x >= 7 else 0 for x in t]

    return Contract("whist", score, trump=trump, sign=1)


class WhistPlay(Play):
    """A ``Play`` whose first tricks draw from a stock: the winner takes the face-up
    card, the loser the next one face down (``stock[0]`` is the face-up card)."""

    __slots__ = ("draws", "stock")

    def __init__(
        self, contract: Contract, hands: Iterable[int], leader: int, stock: Iterable[int], stage2_from: int
    ) -> None:
        super().__init__(contract, hands, leader, stage2_from + STAGE_TRICKS)
        self.stock = list(stock)
        # (trick_no, winner's card, loser's card) of each stage-1 trick
        self.draws: list[tuple[int, int, int]] = []

    def copy(self) -> "WhistPlay":
        q = self._copy_into(WhistPlay.__new__(WhistPlay))
        q.stock, q.draws = self.stock[:], self.draws[:]
        return q

    def play(self, card: int) -> None:
        Play.play(self, card)
        if not self.trick and self.stock:
            w = self.leader
            up, down = self.stock[0], self.stock[1]
            del self.stock[:2]
            self.hands[w] |= 1 << up
            self.hands[1 - w] |= 1 << down
            self.live |= (1 << up) | (1 << down)
            self.draws.append((self.trick_no - 1, up, down))
            self.over = False

    def random_playout(self, rand: Callable[[], float]) -> list[int]:
        """Play to the end choosing uniformly among legal cards; return the points."""
        while not self.over:
            m = self.legal_mask()
            k = int(rand() * m.bit_count())
            while k:
                m &= m - 1
                k -= 1
            self.play((m & -m).bit_length() - 1)
        return self.points()


class Whist(TrickGame):
    id = "whist"
    players = 2
    OPTIONS: ClassVar[dict[str, Option]] = {"target": Option(15, tuple(range(1, 101)), "points that win the match")}

    def __init__(
        self, seed: int | str | None = None, options: dict[str, Any] | None = None, *, _deal: bool = True
    ) -> None:
        super().__init__(seed, options)
        self.contract = "whist"
        if _deal:
            self._open()

    def _open(self) -> None:
        self.dealer = self._first_seat(2)
        self._start_deal()

    def _start_deal(self) -> None:
        hands, stock = self._deal_cards()
        self._begin(hands, stock, 1 - self.dealer, stock[0] // 13)
        self._emit_deal()

    def _begin(self, hands: list[int], stock: list[int], leader: int, trump: int) -> None:
        self.trump = trump
        self.stock_dealt = list(stock)  # kept for the deal's record
        self.stage2_from = len(stock) // 2
        self._start_play(WhistPlay(whist_contract(trump, self.stage2_from), hands, leader, stock, self.stage2_from))

    @property
    def play(self) -> WhistPlay:
        assert isinstance(self.p, WhistPlay)
        return self.p

    @property
    def stage(self) -> int:
        return 1 if self.play.stock else 2

    def _claims_open(self) -> bool:
        """Only the tricks after the stock count, and only then are both hands known."""
        return not self.play.stock

    def _end_play(self) -> None:
        """File the deal's record: its points, the stage-2 tricks ``taken``, every public
        trick (``tricks[stage2_from:]`` are stage 2's), what each seat ``counted`` (its
        stage-2 tricks: ``{"kind": "tricks", "count": t, "points": t − 6 or 0}``), and the
        match ``scores`` after it against the ``target``."""
        points = self.play.points()
        taken = self._stage_tallies()["taken"]
        for s in (0, 1):
            self.scores[s] += points[s]
        self._file_deal(
            {
                "contract": "whist",
                "points": points,
                "dealer": self.dealer,
                "total": sum(points),
                "trump": SUITS[self.trump],
                "taken": taken,
                "tricks": self._finished_tricks(),
                "early_end": False,  # every trick of German Whist is played
                "stage2_from": self.stage2_from,
                "counted": [
                    [{"kind": "tricks", "count": t, "points": pts}] for t, pts in zip(taken, points, strict=True)
                ],
                "scores": list(self.scores),
                "target": self.options["target"],
                "hands": self._dealt_codes(),
                "stock": [code(c) for c in self.stock_dealt],
            }
        )
        if self.scenario_args is not None or max(self.scores) >= self.options["target"]:
            self._end_match()
        else:
            self.deal_no += 1
            self.dealer = 1 - self.dealer
            self._start_deal()

    @staticmethod
    def _trick_tallies(ntricks: list[int], wins: list[int | None], p: Play) -> dict[str, object]:
        # (a deal's play has its stage 1's tricks and the 13 of stage 2)
        return {**stage_tallies(wins, len(p.winners) - STAGE_TRICKS)}

    def _after_trick(self) -> None:
        """The draws of a stock-stage trick: the face-up card for all to see, the loser's
        card for the loser alone."""
        p = self.play
        if not p.draws or p.draws[-1][0] != p.trick_no - 1:
            return
        t, up, down = p.draws[-1]
        w = _known_winner(p.winners[t])
        self._emit(
            {
                "type": "draw",
                "trick": t,
                "winner": w,
                "faceup": code(up),
                "hidden": None,
                "next_faceup": code(p.stock[0]) if p.stock else None,
                "stock_count": len(p.stock),
                "stage": self.stage,
            },
            {1 - w: {"hidden": code(down)}},
        )

    def _stage_tallies(self) -> WhistTallies:
        return stage_tallies(self.play.winners, self.stage2_from)

    def _view(self, seat: Audience) -> WhistView:
        p = self.play
        draws: list[Draw] = []
        known = 0  # face-up cards the opponent took and still holds
        for t, up, down in p.draws:
            w = _known_winner(p.winners[t])
            mine = seat is not None and w != seat  # the loser's card, for the loser alone
            draws.append({"trick": t, "winner": w, "faceup": code(up), "hidden": code(down) if mine else None})
            if mine:
                known |= 1 << up
        known = 0 if seat is None else known & p.hands[1 - seat]
        return {
            **self._base_view(seat),
            **self._play_view(),
            **self._stage_tallies(),
            "phase": self.phase,
            "dealer": self.dealer,
            "stage": self.stage,
            "faceup": code(p.stock[0]) if p.stock else None,
            "stock_count": len(p.stock),
            "draws": draws,
            "opponent_known": cards.codes_of(known),
            "target": self.options["target"],
            "stage2_from": self.stage2_from,
        }

    @classmethod
    def from_scenario(
        cls,
        contract: object,
        hands: object,
        dealer: object = None,
        stock: object = None,
        trump: object = None,
        options: dict[str, Any] | None = None,
    ) -> "Whist":
        if contract != "whist":
            raise RulesError(
                "unknown-contract",
                f"contract {describe(contract)} is not a German Whist contract (one of whist)",
                contract=contract if isinstance(contract, str) else None,
            )
        g = cls(0, options, _deal=False)
        dealer = check_seat(dealer, 2, "dealer")
        masks, seen = scenario_hands(hands, 2, cards.FULL_DECK)
        if stock is None:
            stock = []
        st = cards.parse_hand(stock, "stock")
        assert isinstance(stock, (list, tuple))  # parse_hand refuses anything else
        if st & seen:
            raise RulesError(
                "bad-cards", f"stock: {code((st & seen).bit_length() - 1)} is also in a hand", field="stock"
            )
        n = masks[0].bit_count()
        if masks[1].bit_count() != n or not 1 <= n <= 13:
            raise RulesError("bad-cards", "hands: both hands hold the same number of cards, 1 to 13", field="hands")
        stock = [INDEX[c] for c in stock]
        if len(stock) % 2:
            raise RulesError(
                "bad-cards", "stock: expected an even number of cards (two are drawn per trick)", field="stock"
            )
        if trump is not None:  # a position later in the deal: the first card turned is gone
            if not (isinstance(trump, str) and len(trump) == 1 and trump in SUITS):  # not "" or "CD"
                raise RulesError("bad-scenario", "trump: the trump suit is one of C, D, H, S", field="trump")
            trump_suit = SUITS.index(trump)
        elif stock:
            trump_suit = stock[0] // 13
        else:
            raise RulesError(
                "bad-scenario", "trump: with an empty stock, name the trump suit: C, D, H or S", field="trump"
            )
        g.dealer = dealer
        g.out_of_play = cards.FULL_DECK & ~(seen | st)
        g._begin(masks, stock, 1 - dealer, trump_suit)
        return g


def stage_tallies(wins: list[int | None], stage2_from: int) -> WhistTallies:
    """Tricks taken in each stage (only stage 2's score), from the winner of each trick."""
    return {
        "taken": [sum(1 for x in wins[stage2_from:] if x == s) for s in (0, 1)],
        "stage1_taken": [sum(1 for x in wins[:stage2_from] if x == s) for s in (0, 1)],
    }


def _known_winner(w: int | None) -> int:
    assert w is not None  # a draw follows a finished trick
    return w


def _record_deal(k: int, d: dict[str, Any], options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    if d["contract"] != CONTRACT:
        raise DealError("contract", f"a German Whist deal's contract is 'whist', not {describe(d['contract'])}")
    return CONTRACT, {"dealer": d["dealer"], "stock": d["stock"]}


def _view_contract(view: WhistView) -> Contract:
    trump = view["trump"]
    assert trump is not None  # German Whist always has one
    return whist_contract(cards.SUITS.index(trump), view["stage2_from"])


def _board(index: int, deck: list[str], options: dict[str, Any]) -> tuple[str, list[list[str]], dict[str, Any]]:
    return CONTRACT, [deck[:13], deck[13:26]], {"dealer": index % 2, "stock": deck[26:]}


def _contracts() -> list[Contract]:
    return [whist_contract(trump, STAGE_TRICKS) for trump in range(4)]


def _first_deal(sc: dict[str, Any], options: dict[str, Any]) -> int | None:
    return 0 if len(sc.get("stock") or []) == 26 else None


register(
    GameFacts(
        Whist,
        name="German Whist",
        seat_field="dealer",
        max_deals=500,  # far above any match's
        letter="W",
        scenario_args=("dealer", "stock", "trump"),
        phases=("play", "over"),
        scoring=("tricks",),
        review_worlds=320,
        review_thresholds=(0.3, 0.8, 1.8),
        hard_samples=240,
        deal_scenario=_record_deal,
        first_deal=_first_deal,
        view_contract=_view_contract,
        board=_board,
        contracts=_contracts,
        stock=True,
        named_deals=False,
        to_target=True,
        daily_options={"target": 5},  # a 15-point match runs an hour, a daily a few minutes
        position_steps=52,
        latency_deals={"normal": 4, "hard": 2, "expert": 1},
        rungs=(("hard", 1000, 60), ("normal", 200, 60)),
    )
)
