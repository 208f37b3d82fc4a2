"""The ceiling: ``CheatBot`` sees every hand and German Whist's stock, for measurement only.

It takes the game itself, not a view, so it cannot be mistaken for a fair bot, and it
decides every action from the whole deal, never through a fair bot:

- a claim that is open is taken: it is sure, so no card does better (all the tricks
  left when tricks pay, and when a claim is a fate every card comes to the same);
- King's bids are chosen by ``bidding.choose`` from what the true deal makes in each
  contract (``bidding.of_deal``): the mean of ``BID_ROLLOUTS`` playouts of it;
- King and Кинг: ``hard``'s search with one world, the true deal.  Where ``hard`` solves
  its worlds by max-n (from the third-last trick, ``search.exact_from``) the bot solves
  the true deal so; before, each card is judged by ``ROLLOUTS`` playouts of the true
  deal in which every seat plays the ``normal`` heuristics with all hands known, and
  sometimes (``NOISE``) another legal card, so that one brittle line of play does not
  decide: where ``hard``'s playouts differ by their worlds, the cheat's differ by that
  noise.  Cards alike in points that touch in rank are one choice
  (``endgame.choices``).  (Until 2026-12-07 it searched to the deal's end against a
  model of the others: against ``hard`` and a second cheat no model was right often
  enough, docs/BENCHMARKS.md, *The ceiling*);
- German Whist: stage 2 is solved exactly, and so is the last trick of the stock stage
  (the other's best reply to a lead, then stage 2: ``search.whist_end_rollout`` on the
  true deal, as ``hard`` judges each of its worlds); before that, with the stock's order
  known, each card is judged by ``WHIST_ROLLOUTS`` playouts of the true deal (the greedy
  German Whist play, with the same ``NOISE``).
"""

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import cards
from ..cards import INDEX
from ..play import Contract, Play
from ..views import KingView
from ..whist import WhistPlay
from . import bidding
from .endgame import alike, choices, in_play, reps_mask
from .policy import choose, rollout
from .search import evaluate, exact_from, whist_end_rollout, whist_greedy, whist_solver

if TYPE_CHECKING:
    from ..game import Game

#: King's and Кинг's playouts a card before the tricks solved exactly, and the share of a
#: playout's cards played at random
ROLLOUTS, NOISE = 256, 0.1
#: King's bids: playouts of the true deal a contract
BID_ROLLOUTS = 64
#: German Whist's stock stage: playouts a card
WHIST_ROLLOUTS = 24


class CheatBot:
    """Sees every hand (and the whist stock): the ceiling, for measurement only."""

    level = "cheat"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

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
        if game.phase != "play":
            return self._bid(game, game.view(seat))  # type: ignore[arg-type]  # (only King bids)
        p = game.play
        rng = random.Random(repr((self.seed, game.deal_no, p.trick_no, len(p.trick), seat)))
        cands = [INDEX[c] for c in legal]
        if isinstance(p, WhistPlay):
            return cards.code(_whist_card(p, seat, cands, rng))
        return cards.code(_four_card(p, seat, cands, rng))

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


def _four_card(p: Play, seat: int, cands: list[int], rng: random.Random) -> int:
    """King's and Кинг's card: ``hard``'s search with the true deal for its one world."""
    searched = cards.cards_of(choices(sum(1 << c for c in cands), in_play(p), alike(p.c)))
    if len(searched) == 1:
        return searched[0]
    q = p.copy()
    q.play(searched[0])
    if exact_from(q):  # (whatever the card, the trick after it is the same one)
        values = {c: evaluate(p, c, seat, rollout) for c in searched}  # max-n, as ``hard``'s
        return max(searched, key=lambda c: (values[c], -c))
    return _by_playouts(p, searched, seat, rng, ROLLOUTS, _normal_card)


def _true_points(contract: Contract, hands: list[int], leader: int) -> list[float]:
    """What each seat makes of ``contract`` on the true deal: the mean of ``BID_ROLLOUTS``
    playouts (the first without noise), the same for the same deal."""
    rng = random.Random(repr((contract.id, hands, leader)))
    total = [0.0] * 4
    for i in range(BID_ROLLOUTS):
        pts = _playout(Play(contract, hands, leader, 13), rng if i else None, _normal_card)
        total = [a + b for a, b in zip(total, pts, strict=True)]
    return [t / BID_ROLLOUTS for t in total]


def _normal_card(p: Play) -> int:
    return choose(p, p.live & ~p.hands[p.turn])[0]  # (``live``: the cards in hands)


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
    if len(p.stock) == 2:
        # the last trick of the stock stage: the other's best reply to a lead, then stage
        # 2, are solved exactly on the true deal (``hard`` judges each of its worlds so)
        values = {c: evaluate(p, c, seat, whist_end_rollout) for c in searched}
        return max(searched, key=lambda c: (values[c], -c))
    return _by_playouts(p, searched, seat, rng, WHIST_ROLLOUTS, _whist_card_of)
