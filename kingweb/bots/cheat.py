"""The ceiling: ``CheatBot`` sees every hand and German Whist's stock, for measurement only.

It takes the game itself, not a view, so it cannot be mistaken for a fair bot, and it
decides every action from the whole deal, never through a fair bot:

- a claim that is open is taken: it is sure, so no card does better (all the tricks
  left when tricks pay, and when a claim is a fate every card comes to the same);
- King's bids are chosen by ``bidding.choose`` from what the true deal makes in each
  contract (``bidding.of_deal``), not from sampled deals;
- King and Кинг: in the last ``RESPOND_TRICKS`` tricks (all of Кинг's eight) the bot
  searches every line of its own choices to the deal's end against a model of the
  others (``_respond``: the best reply to that model, its table kept through the deal):
  in King each other seat plays the card the ``normal`` heuristics would play from its
  own hand; in Кинг each searches as ``hard`` does with the one world that is true (each
  of its cards valued by a ``normal`` playout, ``_searched_card``) and every seat plays
  its best (max-n) in the last tricks, where ``hard`` solves its worlds so
  (``GameFacts.ceiling_models_searchers``).
  Cards alike in points that touch in rank are one choice (``endgame.choices``): exact
  for the max-n tricks, and a shortcut against the models, whose heuristics may tell such
  cards apart.  Before those tricks each card is judged by ``ROLLOUTS`` playouts of the
  true deal in which every seat plays the ``normal`` heuristics with all hands known,
  and sometimes (``NOISE``) another legal card, so that one brittle line of play does
  not decide.  (Max-n over the last five tricks was the endgame before: it expects the
  others to dodge as only a player who sees the cards can; the best reply to ``normal``
  measured stronger; in Кинг the searching model screened stronger still against
  ``hard`` on one seed, a lead fresh boards did not confirm, docs/BENCHMARKS.md,
  *The ceiling*);
- German Whist: stage 2 is solved exactly, and so is the last trick of the stock stage
  when the bot's card ends it; before that, with the stock's order known, each card is
  judged by ``WHIST_ROLLOUTS`` playouts of the true deal (the greedy German Whist play,
  with the same ``NOISE``).
"""

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import cards
from ..cards import INDEX
from ..games import GAMES
from ..play import Contract, Play
from ..views import KingView
from ..whist import WhistPlay
from . import bidding
from .endgame import alike, choices, in_play, maxn, reps_mask
from .policy import choose, rollout
from .search import evaluate, exact_from, whist_greedy, whist_solver

if TYPE_CHECKING:
    from ..game import Game

#: Tricks left from which King's and Кинг's card play searches the bot's every line
#: against the others' ``normal`` play (Кинг's deals have 8 tricks: all of them)
RESPOND_TRICKS = 8
#: Playouts a card before that, and the share of a playout's cards played at random
ROLLOUTS, NOISE = 12, 0.1
#: German Whist's stock stage: playouts a card
WHIST_ROLLOUTS = 24


class CheatBot:
    """Sees every hand (and the whist stock): the ceiling, for measurement only."""

    level = "cheat"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        # (the deal's play, the best replies found in it): a position's value holds for
        # the whole deal, the others' model being the same
        self._replies: tuple[object, dict[tuple[int, ...], int]] | None = None

    def decide_game(self, game: "Game") -> str:
        from ..trickgame import TrickGame

        assert isinstance(game, TrickGame)  # as every kingweb game is
        seat = game.turn
        assert seat is not None  # the game is not over
        legal = game.legal()
        claims = [a for a in legal if a.startswith("claim:")]
        if claims:
            return claims[0]
        if len(legal) == 1:
            return legal[0]
        view = game.view(seat)
        if view.get("phase", "play") != "play":
            return self._bid(game, view)  # type: ignore[arg-type]  # (only King bids)
        p = game.play
        rng = random.Random(repr((self.seed, game.deal_no, p.trick_no, len(p.trick), seat)))
        cands = [INDEX[c] for c in legal]
        if isinstance(p, WhistPlay):
            return cards.code(_whist_card(p, seat, cands, rng))
        return cards.code(self._four_card(p, seat, cands, rng, _model(game)))

    def _bid(self, game: "Game", view: KingView) -> str:
        if view["phase"] == "dealer":  # naming the first dealer: no cards are dealt yet
            return bidding.choose(view, None).action
        seat = game.turn
        assert seat is not None  # (a bid is to be made)
        hands = [game._hand_mask(s) for s in range(game.players)]
        buying = view["phase"] in ("auction", "ultimatum")
        leader = bidding.first_leader(view, seat if buying else None)
        est = bidding.of_deal(seat, hands, lambda c, h: _true_points(c, h, leader))
        action = bidding.choose(view, est).action
        return action if action in view["legal"] else view["legal"][-1]

    def _four_card(self, p: Play, seat: int, cands: list[int], rng: random.Random, model: "Others") -> int:
        left = p.last_trick + 1 - p.trick_no
        if left <= RESPOND_TRICKS:
            if self._replies is None or self._replies[0] is not p:
                self._replies = (p, {})
            memo = self._replies[1]
            values = {}
            for c in cands:
                q = p.copy()
                q.play(c)
                values[c] = _respond(q, seat, memo, model)
            return max(cands, key=lambda c: (values[c], -c))
        return _by_playouts(p, cands, seat, rng, ROLLOUTS, _normal_card)


def _respond(p: Play, seat: int, memo: dict[tuple[int, ...], int], model: "Others") -> int:
    """``seat``'s points at the deal's end when from ``p`` on it plays its best and every
    other seat plays ``model``'s card, and, in a model that is ``exact``, every seat its
    best (max-n) in the tricks ``hard`` solves so in its worlds (``p`` is changed).
    Cards alike in points and rules that touch in rank among the cards still in play are
    one choice (``endgame.choices``)."""
    exact = model.exact
    while not p.over and p.turn != seat and not (exact and exact_from(p)):
        p.play(model.card(p))
    if p.over:
        return p.points()[seat]
    # (the hands, the trick, its leader and what each seat has taken: the whole position
    # the points and the others' play read)
    key = (*p.hands, *p.trick, p.leader, *p.won, *p.ntricks)
    hit = memo.get(key)
    if hit is not None:
        return hit
    if exact and exact_from(p):
        best = maxn(p)[0][seat]
    else:
        best = -(1 << 30)
        for c in cards.cards_of(choices(p.legal_mask(), in_play(p), alike(p.c))):
            q = p.copy()
            q.play(c)
            best = max(best, _respond(q, seat, memo, model))
    memo[key] = best
    return best


def _searched_card(p: Play) -> int:
    """The card of the seat to play that is worth the most to it on the true deal when
    after it every seat plays ``normal``'s card, or, in the tricks ``hard`` solves by
    max-n, its best: ``hard``'s search with the one world that is true (``normal``'s own
    card where cards tie)."""
    t = p.turn
    legal = p.legal_mask()
    normal = _normal_card(p)
    if not legal & (legal - 1):
        return normal
    best, best_v = normal, None
    for c in cards.cards_of(choices(legal, in_play(p), alike(p.c))):
        v = evaluate(p, c, t, rollout)
        if best_v is None or v > best_v or (v == best_v and c == normal):
            best, best_v = c, v
    return best


@dataclass(frozen=True)
class Others:
    """How the cheat expects the other seats to play in the tricks it searches to the end:
    ``card`` of the seat to play, and whether every seat plays its best (max-n) in the
    tricks ``hard`` solves so (``exact``)."""

    card: Callable[[Play], int]
    exact: bool


def _true_points(contract: Contract, hands: list[int], leader: int) -> list[int]:
    return rollout(Play(contract, hands, leader, 13))


def _normal_card(p: Play) -> int:
    return choose(p, p.live & ~p.hands[p.turn])[0]  # (``live``: the cards in hands)


#: The models of the others (docs/BENCHMARKS.md, *The ceiling*): ``normal``'s card, or (a
#: game's ``GameFacts.ceiling_models_searchers``, Кинг) a search as ``hard``'s with the true
#: deal for its worlds, which against two ``hard``\s screened better than ``normal``'s card
#: (neither is a ceiling at that table on fresh boards).  King keeps ``normal``'s card: the
#: search costs 0.56 s a decision over its 13-trick deals (53 s at the most, one board timed).
NORMAL, SEARCHERS = Others(_normal_card, exact=False), Others(_searched_card, exact=True)


def _model(game: "Game") -> Others:
    return SEARCHERS if GAMES[game.id].ceiling_models_searchers else NORMAL


def _whist_card_of(p: Play) -> int:
    assert isinstance(p, WhistPlay)
    return whist_greedy(p, p.hands[1 - p.turn])


def _by_playouts(
    p: Play, searched: list[int], seat: int, rng: random.Random, rounds: int, pick: Callable[[Play], int]
) -> int:
    """The card of ``searched`` whose ``rounds`` playouts of the true deal (``_playout``
    by ``pick``) bring ``seat`` the most: its points, or in German Whist its points less
    the other's (there the first playout is played without noise)."""
    whist = isinstance(p, WhistPlay)
    totals = dict.fromkeys(searched, 0.0)
    for i in range(rounds):
        state = rng.getstate()
        for c in searched:  # (every card against the same noise: common random numbers)
            rng.setstate(state)
            q = p.copy()
            q.play(c)
            pts = _playout(q, rng if i or not whist else None, pick)
            totals[c] += pts[seat] - pts[1 - seat] if whist else pts[seat]
    return max(searched, key=lambda c: (totals[c], -c))


def _playout(p: Play, rng: random.Random | None, pick: Callable[[Play], int]) -> list[int]:
    """Play ``p`` out, every seat by ``pick`` with every hand known, a card in ``NOISE``
    at random among the legal ones (none without ``rng``); the points."""
    while not p.over:
        legal = p.legal_mask()
        if rng is not None and legal & (legal - 1) and rng.random() < NOISE:
            cs = cards.cards_of(legal)
            p.play(cs[int(rng.random() * len(cs))])
            continue
        p.play(pick(p))
    return p.points()


# -- German Whist -----------------------------------------------------------------------


def _whist_card(p: WhistPlay, seat: int, cands: list[int], rng: random.Random) -> int:
    other = 1 - seat
    solver = whist_solver(p.c.trump)
    solver.deadline = None  # the ceiling takes the time it needs
    if not p.stock:
        if not p.trick:
            return solver.best_lead(p.hands[seat], p.hands[other])[1]
        led = p.trick[0]
        return solver.best_reply(p.hands[other] | (1 << led), p.hands[seat], led)[1]
    searched = cards.cards_of(reps_mask(sum(1 << c for c in cands), in_play(p)))
    if p.trick and len(p.stock) == 2:
        # the last trick of the stock stage: my card ends it and the draws empty the
        # stock, so what each card leads to is solved exactly
        values = {}
        for c in searched:
            q = p.copy()
            q.play(c)
            n = q.hands[0].bit_count()
            led = solver.solve_exact(q.hands[q.turn], q.hands[1 - q.turn])
            values[c] = float(led if q.turn == seat else n - led)
        return max(searched, key=lambda c: (values[c], -c))
    return _by_playouts(p, searched, seat, rng, WHIST_ROLLOUTS, _whist_card_of)
