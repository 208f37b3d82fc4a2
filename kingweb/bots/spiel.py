"""The kingweb games as OpenSpiel Python games, and OpenSpiel's Information-Set MCTS as
an arena opponent (``python -m kingweb arena --game whist --bots hard,ismcts:1000``).

This is a yardstick written by somebody else: the search is OpenSpiel's own
``open_spiel.python.algorithms.ismcts`` (Cowling, Powley and Whitehouse 2011) with
random rollouts, UCT with c = 2 and the max-visit final policy.  Only the game
is ours.  ``open_spiel`` is a test and benchmark dependency, never one of the wheel, and
nothing in the browser imports this module.

One OpenSpiel state is one deal from some position on.  ISMCTS samples a full state
per simulation from the information set at the root; the sampler here reads nothing
but the acting seat's view (``Game.view(seat)``), through the same consistent dealer
the ``hard`` bot uses (counts, shown voids, whist's public draws), so the opponent is
given exactly what a seat may know.

Returns are each seat's points divided by the deal's table total (so they are of order 1,
the scale UCT's c = 2 is meant for); German Whist's are zero-sum, my points minus the
other's over 7, which is what a match to a target rewards.  ISMCTS's random rollouts are
played by the engine's fused playout loop (``FastRandomRollouts``: the same distribution
as OpenSpiel's ``RandomRolloutEvaluator``, several times faster); ``fast_rollouts=False``
uses OpenSpiel's own.
"""

import random
import sys
from collections.abc import Callable
from typing import Any, TypeGuard, cast

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError as e:  # a test and benchmark dependency, not one of the wheel
    if "pytest" in sys.modules:  # collecting kingweb's doctests without it: skip, do not fail
        import unittest

        raise unittest.SkipTest("open_spiel is not installed") from e
    raise ImportError("ISMCTS needs OpenSpiel: pip install open-spiel (python build.py test installs it)") from e

from .. import cards, scenario
from ..cards import INDEX
from ..claim import cards_only
from ..game import Game
from ..games import GAMES
from ..king import King
from ..kingauction import offer_value, settle
from ..kingcontracts import UP_MODES
from ..play import Play
from ..trickgame import TrickGame
from ..views import KingRuView, KingView, View, seat_of
from ..whist import WhistPlay
from . import position_key
from .knowledge import Knowledge

# pyspiel and open_spiel have no type stubs: their classes are ``Any`` to mypy, and the
# subclasses below say so (``type: ignore[misc]``)

#: ``State.current_player`` at the end (an ``IntEnum`` member)
TERMINAL: int = pyspiel.PlayerId.TERMINAL
#: ``(owner, buyer, offer's value, uncapped)`` of a bought King positive
Payment = tuple[int, int, int, bool]

#: Actions past the 52 cards: every word a King positive may be bid with.
WORDS = (
    *UP_MODES,
    "down",
    "auction",
    *(f"offer:up:{n}" for n in range(1, 9)),
    *(f"offer:null:{m}" for m in range(1, 5)),
    "pass",
    "accept",
    "reject",
    "4333",
    "ultimatum",
)
WORD_ID = {w: 52 + i for i, w in enumerate(WORDS)}


def action_id(action: str) -> int:
    return INDEX[action] if action in INDEX else WORD_ID[action]


def action_str(a: int) -> str:
    return cards.code(a) if a < 52 else WORDS[a - 52]


def _game_type(gid: str, players: int) -> Any:  # a pyspiel.GameType
    duel = players == 2  # German Whist: each seat's gain is the other's loss
    return pyspiel.GameType(
        short_name=f"python_kingweb_{gid}",
        long_name=f"kingweb {gid} (one deal)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if duel else pyspiel.GameType.Utility.CONSTANT_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )


class DealGame(pyspiel.Game):  # type: ignore[misc]
    """One deal of a kingweb game; states come from a position (``state_of_game``,
    ``state_of_view``), not from an initial state."""

    def __init__(self, gid: str) -> None:
        players = GAMES[gid].players
        duel = players == 2
        info = pyspiel.GameInfo(
            num_distinct_actions=52 + len(WORDS),
            max_chance_outcomes=0,
            num_players=players,
            # a King "down" or a bought deal can reach about twice the table total
            min_utility=-1.0 if duel else -3.0,
            max_utility=1.0 if duel else 3.0,
            utility_sum=0.0 if duel else None,
            max_game_length=52 + 40,
        )
        super().__init__(_game_type(gid, players), info, {})
        self.gid, self.players = gid, players

    def new_initial_state(self) -> "DealState":
        raise NotImplementedError("a deal starts from a position: use state_of_game or state_of_view")

    def state_of_game(self, game: Game) -> "DealState":
        """The full-information state of ``game``'s current deal (for tests and tools:
        a search must start from ``state_of_view``)."""
        import copy

        s = DealState(self)
        turn = game.turn
        assert turn is not None  # the game is not over
        view = game.view(turn)
        s._pay = _payment(view)
        s._scale = _scale(view)
        assert isinstance(game, TrickGame)  # as every kingweb game is
        if game.phase == "play":
            s.p = game.play.copy()
            if gid_is_whist(s.p):
                s.p.draws = []  # the key counts draws since the root, as a sampled state does
        else:
            assert isinstance(game, King)  # only a King positive has other phases
            s.g = copy.deepcopy(game)
        s._views = game.view
        return s

    def state_of_view(self, view: View, rng: random.Random, know: Knowledge | None = None) -> "DealState":
        """A state dealt at random, consistently with ``view`` and nothing else
        (``know``: ``Knowledge(view)``, when the caller keeps it between samples)."""
        s = DealState(self)
        s._pay = _payment(view)
        s._scale = _scale(view)
        know = know or Knowledge(view)
        if view.get("phase", "play") == "play":
            s.p = know.world(rng)
        else:
            # only a King positive is bid: in the other games the phase is play
            s.g = _bidding_game(cast(KingView, view), know.deal_unseen(rng)[0])
        seat = seat_of(view)
        s._views = lambda player: _only(view, seat, player)
        s._know = know
        return s


def gid_is_whist(p: Play) -> TypeGuard[WhistPlay]:
    return hasattr(p, "draws")


def _only(view: View, seat: int, player: int) -> View:
    if player != seat:
        raise ValueError(f"this state knows seat {seat}'s view only, not seat {player}'s")
    return view


def _scale(view: View) -> float:
    if view["players"] == 2:  # German Whist: the other's tricks less mine, at most 7 a deal
        return 7.0
    return float(abs(cast("KingView | KingRuView", view)["deal_total"]))


def _payment(view: View) -> Payment | None:
    """(owner, buyer, value, uncapped) of a bought King positive, else None."""
    if view.get("buyer") is None or not view.get("bought"):  # (only a King positive has a buyer)
        return None
    kv = cast(KingView, view)
    owner, buyer, bought = kv["owner"], kv["buyer"], kv["bought"]
    assert owner is not None and buyer is not None and bought is not None  # a bought positive
    return owner, buyer, offer_value(bought), kv["options"]["uncapped_payment"]


def _bidding_game(view: KingView, hands: list[int]) -> King:
    """A King positive being bid, dealt ``hands``, replayed from the view's public record."""
    gid = view["game"]
    g = scenario(
        gid, cast(str, GAMES[gid].chosen), [cards.codes_of(h) for h in hands], view["options"], dealer=view["owner"]
    )
    assert isinstance(g, King)
    phase, auc = view["phase"], view["auction"]
    if phase == "choose":
        return g
    g.act("auction")  # any later phase before play means the owner opened the auction
    plain = [b for b in auc["bids"] if not b.get("ultimatum")]
    final = [b for b in auc["bids"] if b.get("ultimatum")]
    for b in plain:
        g.act(b["action"])
    if final or phase == "ultimatum":
        g.act("ultimatum")
        for b in final:
            g.act(b["action"])
    elif phase == "trump":
        g.act("accept" if view["buyer"] is not None else "reject")
    if g.phase != phase or g.turn != view["seat"]:
        raise AssertionError("the auction could not be replayed from the view")
    return g


class DealState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress: a kingweb ``Game`` while a King positive is bid, then the
    ``Play`` fast path for the cards.  Actions are ints (cards 0..51, then ``WORDS``)."""

    def __init__(self, game: DealGame) -> None:
        super().__init__(game)
        self._game = game
        self.g: King | None = None  # a King game in its bidding phases
        self.p: Play | None = None  # the card play (one of the two is set)
        self.since: tuple[int, ...] = ()  # actions since this state's root: part of every key
        self._pay: Payment | None = None
        self._scale = 1.0
        self._views: Callable[[int], View] | None = None
        self._know: Knowledge | None = None  # Knowledge of the root view, kept for resampling

    # -- the OpenSpiel interface ISMCTS and the rollouts use ---------------------------

    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        if self.g is not None:
            turn = self.g.turn
            assert turn is not None  # not terminal
            return turn
        assert self.p is not None
        return self.p.turn

    def is_chance_node(self) -> bool:
        return False

    def is_terminal(self) -> bool:
        if self.g is not None:
            return self.g.over
        assert self.p is not None
        return self.p.over

    def legal_actions(self, player: int | None = None) -> list[int]:
        if self.is_terminal():
            return []
        if self.g is not None:
            return [action_id(a) for a in cards_only(self.g.legal())]  # (a yardstick plays it out)
        assert self.p is not None
        return cards.cards_of(self.p.legal_mask())

    def _legal_actions(self, player: int) -> list[int]:
        return self.legal_actions(player)

    def apply_action(self, action: int) -> None:
        action = int(action)
        self.since += (action,)
        if self.g is not None:
            self.g.act(action_str(action))
            if self.g.over:  # 4-3-3-3: no play
                return
            if self.g.phase == "play":
                turn = self.g.turn
                assert turn is not None  # a card is to be played
                view = self.g.view(turn)
                self._pay = _payment(view)
                self._scale = _scale(view)
                self.p, self.g = self.g.p, None
            return
        assert self.p is not None
        self.p.play(action)

    def _apply_action(self, action: int) -> None:
        self.apply_action(action)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._game.players
        if self.g is not None:
            pts = self.g.deals[-1]["points"]
        else:
            assert self.p is not None
            pts = self.p.points()
            if self._pay is not None:
                owner, buyer, value, uncapped = self._pay
                pts = settle(pts, owner, buyer, value, uncapped)[0]
        if self._game.players == 2:
            return [(pts[0] - pts[1]) / 7.0, (pts[1] - pts[0]) / 7.0]
        return [x / self._scale for x in pts]

    def information_state_string(self, player: int | None = None) -> str:
        # what ``player`` knows beyond the root's common part: its hand, the actions
        # since the root, and in German Whist the face-up cards turned since then
        player = self.current_player() if player is None else player
        if self.g is not None:
            return f"{player}|{self.g.p.hands[player] if self.g.p else self.g.dealt[player]}|{self.since}"
        p = self.p
        assert p is not None
        extra = ""
        if isinstance(p, WhistPlay):
            extra = f"|{[d[1] for d in p.draws]}|{p.stock[:1]}"
        return f"{player}|{p.hands[player]}|{self.since}{extra}"

    def clone(self) -> "DealState":
        s = DealState(self._game)
        if self.g is not None:
            import copy

            s.g = copy.deepcopy(self.g)
        else:
            assert self.p is not None
            s.p = self.p.copy()
        s.since, s._pay, s._scale, s._views = self.since, self._pay, self._scale, self._views
        s._know = self._know
        return s

    def resample(self, player: int, rng: random.Random) -> "DealState":
        """A state dealt consistently with ``player``'s view of this position and with
        nothing else (only a root state can answer: that view is all it keeps)."""
        if self.since:
            raise ValueError("resampling is from the root of a search only")
        assert self._views is not None  # a root state keeps its views
        view = self._views(player)
        know = self._know if self._know is not None and self._know.view is view else None
        return self._game.state_of_view(view, rng, know)

    def __str__(self) -> str:
        return f"DealState({self._game.gid}, since root {[action_str(a) for a in self.since]})"


_GAMES: dict[str, DealGame] = {}


def deal_game(gid: str) -> DealGame:
    if gid not in _GAMES:
        _GAMES[gid] = DealGame(gid)
    return _GAMES[gid]


class FastRandomRollouts(mcts.Evaluator):  # type: ignore[misc]
    """OpenSpiel's ``RandomRolloutEvaluator`` (one rollout, uniform prior), with the
    rollout played by the engine's fused playout loop: every seat plays a uniformly
    random legal card to the end of the deal, as there, several times faster.
    A King auction still in progress is bid out at random step by step first."""

    def __init__(self, seed: int) -> None:
        self._rand = random.Random(seed).random

    def evaluate(self, state: DealState) -> Any:  # a numpy array of the returns
        s = state.clone()
        while s.g is not None and not s.g.over:
            legal = s.legal_actions()
            s.apply_action(legal[int(self._rand() * len(legal))])
        if s.p is not None and not s.p.over:
            s.p.random_playout(self._rand)
        return np.array(s.returns())

    def prior(self, state: DealState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


class IsmctsBot:
    """OpenSpiel's ISMCTS for one seat, given only that seat's view, like every bot.

    ``simulations`` per decision; random rollouts (``fast_rollouts``: played by the
    engine's playout loop, else OpenSpiel's own evaluator step by step); UCT c = 2; the
    most visited action.  Deterministic for a seed and a position."""

    level = "ismcts"

    def __init__(self, simulations: int = 1000, seed: int = 0, uct_c: float = 2.0, fast_rollouts: bool = True) -> None:
        self.simulations, self.seed, self.uct_c = simulations, seed, uct_c
        self.fast_rollouts = fast_rollouts

    def search(self, root: DealState, rng: random.Random, seed: int) -> Any:  # an ismcts.ISMCTSBot
        rs = np.random.RandomState(seed)
        evaluator = FastRandomRollouts(seed) if self.fast_rollouts else mcts.RandomRolloutEvaluator(1, rs)
        bot = ismcts.ISMCTSBot(
            root.get_game(),
            evaluator,
            self.uct_c,
            self.simulations,
            random_state=rs,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        bot.set_resampler(lambda state, player: state.resample(player, rng))
        return bot

    def decide(self, view: View) -> str:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        key = repr((*position_key(self.seed, view), view.get("phase")))
        rng = random.Random(key)
        root = deal_game(view["game"]).state_of_view(view, rng)
        bot = self.search(root, rng, rng.randrange(2**31))
        action = action_str(int(bot.step(root)))
        if action not in legal:  # pragma: no cover - the wrapper's legal actions are the game's
            raise AssertionError(f"ISMCTS chose {action}, not legal here")
        return action
