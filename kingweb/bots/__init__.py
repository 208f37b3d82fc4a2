"""Bots for every game and every decision, from the view of their own seat only.

>>> import kingweb
>>> from kingweb.bots import Bot
>>> g = kingweb.new_game("kingru", seed=1)
>>> bot = Bot("normal", seed=1)
>>> g.act(bot.decide(g.view(g.turn)))

A bot is given ``game.view(seat)``, a plain dict, and nothing else: it cannot see other
hands because it never holds the game.  The view carries the whole public history of
the deal (tricks, bids, draws), so a bot needs no memory of its own.

Levels: ``random`` (a legal action), ``easy`` (rules of thumb), ``normal`` (per-contract
heuristics with card tracking: played cards, shown voids, who can still beat a card),
``hard`` (sampling search over deals consistent with the view, exact search of the last
tricks and of German Whist's stage 2; deterministic for a seed, capped by a time budget)
and ``cheat`` (for measurement only: ``kingweb.bots.cheat.CheatBot`` is given the whole
game).
"""

import math
import random
import time
from dataclasses import dataclass
from typing import Any, cast

from .. import cards
from ..cards import INDEX
from ..games import GAMES
from ..play import Contract, beats
from ..views import Auction, Bid, KingView, View, WhistView
from . import bidding
from .endgame import OutOfTime
from .knowledge import Knowledge
from .policy import choose
from .search import Values, search_values, solve_whist, whist_greedy

LEVELS = ("random", "easy", "normal", "hard")
#: Above ``hard``, for who wants the strongest opponent and accepts a longer think; not
#: yet among the levels the page offers (it needs its name in the page's languages)
EXTRA_LEVELS = ("expert",)
#: For measurement only (the arena and the tests), never offered: ``hard`` with inference
#: from play, its worlds weighed by the others' plays (``kingweb.bots.inference``); it
#: measured no stronger than ``hard`` (docs/BENCHMARKS.md, "Inference from play")
INFERRING = "hard-infer"
DEFAULT_BUDGET = 0.4
#: The ``normal`` bot's search of German Whist's stock stage: worlds, and its time cap as
#: a share of the bot's budget (60 ms of the default)
NORMAL_WHIST = (20, 0.15)
#: Seconds the ``normal`` bot gives German Whist's exact endgame before playing by rule
NORMAL_SOLVE = 0.04
#: Worlds the ``hard`` bot samples a decision, per game (``GameFacts.hard_samples``): as many
#: as keep its p95 well inside the budget on CPython (``python -m kingweb latency``)
HARD_SAMPLES = {gid: f.hard_samples for gid, f in GAMES.items()}
#: ``expert``: four times the worlds and the bids' deals, in four times the budget
EXPERT = 4
#: Deals the ``hard`` bot plays out for each mode of a King positive before it bids: at 12
#: its choice was the one 600 deals make in 88% of bid decisions, at 64 in 95%, for about
#: 60 ms (docs/BENCHMARKS.md, *Owners of King's positives*)
HARD_BID_DEALS = 64


def position_key(seed: int, view: View) -> tuple[object, ...]:
    """What a seeded bot's randomness is keyed on: its seed and the position it decides in
    (so that the same position gets the same decision, whatever came before)."""
    # (only King's view has an auction: ``.get`` on the union of views gives ``object``)
    auction = cast("Auction | dict[str, list[Bid]]", view.get("auction", {}))
    return (
        seed,
        view["seat"],
        view["deal_no"],
        len(view.get("tricks", [])),
        len(view.get("trick", [])),
        tuple(view["hand"]),
        len(auction.get("bids", [])),
    )


@dataclass(frozen=True)
class Why:
    """What a decision rested on: the rule of thumb that chose a card (``policy.RULES``;
    ``search`` when a search chose it, ``endgame`` German Whist's solver), the values the
    search found, or a bid's choice with its reason (``bidding.Choice``)."""

    rule: str | None = None
    values: Values | None = None
    bid: bidding.Choice | None = None


class Bot:
    """A player of any game at one level.  ``decide(view)`` returns a legal action,
    ``explain(view)`` the same action with what it rested on.

    ``budget`` caps the seconds of a decision; ``math.inf`` takes the clock out of every
    decision, which then depends on the seed and the position alone, the same on every
    machine (the daily challenge's bots, whose play a replay code must reproduce)."""

    def __init__(
        self, level: str = "normal", seed: int = 0, budget: float = DEFAULT_BUDGET, samples: int | None = None
    ) -> None:
        if level not in (*LEVELS, *EXTRA_LEVELS, INFERRING):
            raise ValueError(f"level {level!r} is not a bot level (one of {', '.join(LEVELS + EXTRA_LEVELS)})")
        self.level, self.seed, self.budget = level, seed, budget
        self.samples = samples  # None: HARD_SAMPLES of the game
        self.searches = level in ("hard", "expert", INFERRING)
        self.infers = level == INFERRING  # weighs its worlds by the others' plays
        self.scale = EXPERT if level == "expert" else 1  # expert: a deeper ``hard``
        self.budget = budget * self.scale

    def _rng(self, view: View) -> random.Random:
        # a decision depends on the seed and the position only, not on earlier calls
        return random.Random(repr(position_key(self.seed, view)))

    def decide(self, view: View | dict[str, Any]) -> str:
        """A legal action for the seat of ``view`` (``game.view(seat)``; ``dict[str, Any]``
        as long as the session and the terminal hand it over as one)."""
        return self.explain(view)[0]

    def explain(self, view: View | dict[str, Any]) -> tuple[str, Why]:
        """``decide``'s action and what it rested on."""
        view = cast(View, view)
        legal = view["legal"]
        if not legal:
            raise ValueError("this seat has nothing to decide: it is not its turn")
        claims = [a for a in legal if a.startswith("claim:")]
        if claims:  # the rest is sure either way: claiming it only saves the table's time
            return claims[0], Why("claim")
        if len(legal) == 1:
            return legal[0], Why("forced")
        rng = self._rng(view)
        if self.level == "random":
            return rng.choice(legal), Why("random")
        if view.get("phase", "play") != "play":
            # only a King positive is bid: in the other games the phase is play (or over,
            # with nothing legal)
            return self._bid(cast(KingView, view), rng)
        know = Knowledge(view)
        legal_cards = [INDEX[c] for c in legal]
        if self.searches:
            samples = self.samples or know.facts.hard_samples * self.scale
            if know.facts.stock and cast(WhistView, know.view)["stage"] == 2:
                try:
                    return cards.code(solve_whist(know, time.perf_counter() + self.budget * 0.9)), Why("endgame")
                except OutOfTime:  # a rare hard endgame: play the heuristic move this once
                    c = whist_greedy(_position(know), know.unseen | know.known[1 - know.seat])
                    return cards.code(c), Why("whist")
            weigh = None
            if self.infers:
                # (imported here: the measurement-only level's module is left out of the
                # site's wheel, kingbuild/assemble.py)
                from .inference import Evidence

                weigh = Evidence(know).weight
            values = search_values(know, legal_cards, rng, samples, self.budget, weigh, exact_end=True)
            return cards.code(values.best()), Why("search", values)
        if self.level == "normal" and know.facts.stock and cast(WhistView, know.view)["stage"] == 1:
            # what a stock-stage trick is worth depends on the cards it brings in and on
            # the endgame they make, which rules of thumb judge poorly: a light search
            values = search_values(know, legal_cards, rng, NORMAL_WHIST[0], NORMAL_WHIST[1] * self.budget)
            return cards.code(values.best()), Why("search", values)
        c, rule = self._heuristic_card(know)
        return cards.code(c), Why(rule)

    def _heuristic_card(self, know: Knowledge) -> tuple[int, str]:
        pos = _position(know)
        if know.facts.stock:
            stage = cast(WhistView, know.view)["stage"]
            if self.level == "easy" and stage == 1:
                # the rookie's rule: keep the high cards for the tricks that count
                return min(cards.cards_of(pos._legal), key=lambda c: (c // 13 == pos.c.trump, c % 13)), "easy"
            if self.level != "easy" and stage == 2:
                # both hands are known: the exact endgame, when it is found quickly (the
                # solver's table stays warm, so after the first trick it nearly always is)
                try:
                    deadline = None if self.budget == math.inf else time.perf_counter() + NORMAL_SOLVE
                    return solve_whist(know, deadline), "endgame"
                except OutOfTime:
                    pass
            if self.level != "easy":
                return whist_greedy(pos, know.unseen | know.known[1 - know.seat]), "whist"
        return choose(pos, know.unseen, easy=self.level == "easy", later=_later(know))

    def estimates(self, view: KingView) -> bidding.Estimates:
        """The tricks this seat expects in each contract of the positive bid in ``view``:
        ``hard`` plays sampled deals out, the others estimate from the hand."""
        if self.searches:
            from ..play import Play
            from .policy import rollout

            seat = view["seat"]
            buying = view["phase"] in ("auction", "ultimatum")
            leader = bidding.first_leader(view, seat if buying else None)

            def points(contract: Contract, hands: list[int]) -> list[int]:
                return rollout(Play(contract, hands, leader, 13))

            rng = self._rng(view)
            return bidding.simulate(
                view, rng, HARD_BID_DEALS * self.scale, points, time.perf_counter() + self.budget * 0.85
            )
        return bidding.Estimates.of_hand(cards.mask_of(INDEX[c] for c in view["hand"]), bidding.place(view))

    def _bid(self, view: KingView, rng: random.Random) -> tuple[str, Why]:
        if view["phase"] == "dealer":  # naming the first dealer: no cards are dealt yet
            choice = bidding.choose(view, None)
            return choice.action, Why(bid=choice)
        est = self.estimates(view)
        if self.level == "easy":
            return _easy_bid(view, est), Why("easy")
        choice = bidding.choose(view, est)
        if choice.action not in view["legal"]:  # pragma: no cover - bidding answers only legal actions
            return view["legal"][-1], Why("fallback")
        return choice.action, Why(bid=choice)


def _easy_bid(view: KingView, est: bidding.Estimates) -> str:
    legal = view["legal"]
    if view["phase"] in ("choose", "trump"):
        m = est.best_up()[0]
        return m if m in legal else legal[0]
    if view["phase"] == "decide":
        return "accept" if "accept" in legal else "reject"
    if view["phase"] == "dealer":
        return legal[0]
    return "pass"


class _Position:
    """Just what ``greedy`` reads of a ``Play``: the seat's own hand and the trick."""

    __slots__ = (
        "_legal",
        "best",
        "best_seat",
        "c",
        "hands",
        "last_trick",
        "led",
        "n",
        "stock",
        "trick",
        "trick_no",
        "turn",
    )
    _legal: int
    best: int
    best_seat: int
    c: Contract
    hands: list[int]
    last_trick: int
    led: int
    n: int
    stock: list[int]
    trick: list[int]
    trick_no: int
    turn: int

    def legal_mask(self) -> int:
        return self._legal


def _position(know: Knowledge) -> _Position:
    v = know.view
    p = _Position()
    assert know.contract is not None  # a card is to be played: the contract is known
    p.c, p.n, p.turn = know.contract, know.n, know.seat
    p.hands = [0] * know.n
    p.hands[know.seat] = know.hand
    p.trick = [c for _, c in know.trick]
    p._legal = cards.mask_of(INDEX[c] for c in v["legal"])
    p.led = p.best = p.best_seat = -1
    p.stock = [know.faceup] if know.facts.stock and know.faceup is not None else []
    p.trick_no = v.get("trick_no", 0)
    # German Whist's view has no ``tricks_per_hand`` (``Tallies``): 13
    p.last_trick = cast(int, v.get("tricks_per_hand", 13)) - 1
    trump = know.contract.trump
    for s, c in know.trick:
        if p.led < 0:
            p.led, p.best, p.best_seat = c // 13, c, s
        elif beats(c, p.best, trump):
            p.best, p.best_seat = c, s
    return p


def _later(know: Knowledge) -> int:
    """The unseen cards the seats still to play to the trick may hold: a suit they have
    all shown out of is left out."""
    if not know.trick:
        return know.unseen
    after = [(know.seat + i) % know.n for i in range(1, know.n - len(know.trick))]
    m = know.unseen
    for suit in range(4):
        if after and all(know.voids[s] & cards.SUIT_MASK[suit] for s in after):
            m &= ~cards.SUIT_MASK[suit]
    return m
