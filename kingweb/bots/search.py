"""The ``hard`` level: sampling search (determinised playouts), with exact search of
the last tricks.

For each of a fixed number of worlds dealt consistently with what the seat knows, every
candidate card is played and the rest of the deal played out by every seat with the
``greedy`` heuristics (or, with at most ``EXACT_TRICKS`` tricks left, solved by max-n;
German Whist's last stock trick: the reply and stage 2 solved, ``whist_end_rollout``);
the card with the best total for the seat wins.  The number of worlds is fixed, so a
decision is deterministic for a given seed; the time budget only caps it on a slow host.
"""

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, cast

from ..cards import SUITS
from ..cards import cards_of as _cards
from ..play import Play
from ..views import WhistView
from ..whist import WhistPlay
from .endgame import OutOfTime, WhistSolver, in_play, maxn, reps_mask
from .knowledge import Knowledge
from .policy import Position, greedy, rollout

#: Plays a world to its end and returns the points per seat
Rollout = Callable[[Play], list[int]]

EXACT_TRICKS = 3
#: After ``samples // RACE_AT`` worlds only the ``RACE_KEEP`` best cards are searched on
RACE_AT, RACE_KEEP = 4, 3


class StockPosition(Position, Protocol):
    """A position of German Whist's stage 1: ``stock[0]`` is the face-up card."""

    stock: list[int]


def whist_greedy(p: StockPosition, others: int) -> int:
    """Stage 1: fight for a face-up card worth having, otherwise lose cheaply and keep
    the high cards for stage 2.  Stage 2: take tricks."""
    if not p.stock:
        return greedy(p, others)
    legal = p.legal_mask()
    if not legal & (legal - 1):
        return (legal & -legal).bit_length() - 1
    up = p.stock[0]
    trump = p.c.trump
    worth = up // 13 == trump or up % 13 >= 9
    if worth:
        return greedy(p, others)
    # lose cheaply: the lowest card, a trump only if nothing else
    cs = []
    m = legal
    while m:
        low = m & -m
        cs.append(low.bit_length() - 1)
        m ^= low
    return min(cs, key=lambda c: (c // 13 == trump, c % 13))


def whist_rollout(p: Play) -> list[int]:
    assert isinstance(p, WhistPlay)  # a German Whist world (``Rollout`` takes any ``Play``)
    while not p.over:
        t = p.turn
        p.play(whist_greedy(p, p.hands[1 - t]))
    return p.points()


def whist_end_rollout(p: Play) -> list[int]:
    """``whist_rollout``, but exact from the last trick of the stock stage: a reply to it
    is the one that does best for its player, and stage 2, which is then perfect
    information in the world, is solved (``WhistSolver``) rather than played out.  Before
    the last stock trick it is ``whist_rollout`` (a solve in every playout would cost a
    hundred times more)."""
    assert isinstance(p, WhistPlay)
    if len(p.stock) > 2 or (p.stock and not p.trick):
        return whist_rollout(p)  # (not yet the last stock trick: rule of thumb)
    if p.stock:
        # the last stock trick, led: the other seat replies with the card that does best
        # for it in this world (as a search of it would find: its stage 2 is solved too)
        r = p.turn
        best: list[int] | None = None
        for d in _cards(reps_mask(p.legal_mask(), in_play(p))):
            q = p.copy()
            q.play(d)
            pts = whist_end_rollout(q)
            if best is None or pts[r] - pts[1 - r] > best[r] - best[1 - r]:
                best = pts
        assert best is not None  # the seat to reply holds a card
        return best
    if p.trick:  # pragma: no cover - a world of stage 2 is not searched by playouts
        return whist_rollout(p)
    lead, n = p.turn, p.hands[p.turn].bit_count()
    mine = whist_solver(p.c.trump).solve_exact(p.hands[lead], p.hands[1 - lead])
    # the stage's tricks as the solve shares them out (which comes first does not score)
    return p.c.score(p.won, p.ntricks, [*p.winners, *[lead] * mine, *[1 - lead] * (n - mine)])


def exact_from(p: Play) -> bool:
    """Whether the rest of a four-seat deal is solved by max-n rather than played out: from
    the start of its ``EXACT_TRICKS``-th trick from the end."""
    left = p.last_trick + 1 - p.trick_no
    return (left <= EXACT_TRICKS and not p.trick) or left < EXACT_TRICKS


def evaluate(world: Play, cand: int, seat: int, rollout_fn: Rollout) -> int:
    q = world.copy()
    q.play(cand)
    if not isinstance(q, WhistPlay) and q.n == 4 and not q.over and exact_from(q):
        return maxn(q)[0][seat]
    pts = rollout_fn(q)
    if isinstance(q, WhistPlay):
        # a match to a target rewards my points minus the other's: this is also monotone
        # in my tricks, where my own points are flat below seven
        return pts[seat] - pts[1 - seat]
    return pts[seat]


@dataclass(frozen=True)
class Values:
    """What a search found each legal card worth to the seat.

    ``means[c]`` is the seat's mean outcome over the ``worlds[c]`` worlds card ``c`` was
    played in (points for King and Кинг; for German Whist's stock stage its stage-2 tricks
    minus the other's, as the search plays for; for stage 2 the exact number of tricks it
    still takes, ``exact`` then).  Cards equal in play (touching in rank among the live
    cards, German Whist) share their run's value.  With racing, cards ruled out early have
    fewer worlds: compare means only where the worlds are comparable, as ``best`` does.
    """

    means: dict[int, float]
    worlds: dict[int, int]
    exact: bool = False

    def best(self) -> int:
        """The card the bot plays: the best mean among the cards searched longest (the
        lowest such card on a tie)."""
        most = max(self.worlds.values())
        return max((c for c in self.means if self.worlds[c] == most), key=lambda c: (self.means[c], -c))


def search_card(
    know: Knowledge, legal_cards: list[int], rng: random.Random, samples: int = 24, budget: float = 0.3
) -> int:
    """The card with the best mean outcome over sampled worlds."""
    if len(legal_cards) == 1:
        return legal_cards[0]
    if know.facts.stock and cast(WhistView, know.view)["stage"] == 2:
        try:
            return solve_whist(know, time.perf_counter() + budget * 0.9)
        except OutOfTime:  # a rare hard endgame: play the heuristic move this once
            return whist_greedy(_full_position(know), know.unseen | know.known[1 - know.seat])
    return search_values(know, legal_cards, rng, samples, budget).best()


def search_values(
    know: Knowledge,
    legal_cards: list[int],
    rng: random.Random,
    samples: int = 24,
    budget: float = 0.3,
    weigh: Callable[[list[int]], float] | None = None,
    exact_end: bool = False,
) -> Values:
    """Every legal card's mean outcome over sampled worlds (German Whist's stage 2: its
    exact value, raising ``OutOfTime`` past the budget).  The same numbers ``search_card``
    plays by, for hints and reviews that must say what a card is worth.

    ``weigh``, when given, weighs each world by its hands (``inference.Evidence.weight``:
    how likely the world makes the others' plays), and the means are weighted means.
    ``exact_end``: German Whist's last stock trick is judged in each world by
    ``whist_end_rollout`` (the reply and stage 2 solved) rather than played out by rule."""
    if know.facts.stock and cast(WhistView, know.view)["stage"] == 2:
        return whist_values(know, legal_cards, time.perf_counter() + budget * 0.9)
    seat = know.seat
    rollout_fn = whist_rollout if know.facts.stock else rollout
    solver = None
    if exact_end and know.facts.stock and cast(WhistView, know.view)["stock_count"] == 2:
        rollout_fn = whist_end_rollout
        solver = view_solver(know)
    judged: dict[tuple[int, ...], int] = {}
    searched = legal_cards
    if know.facts.stock:
        # only tricks count: cards touching in rank among the cards still live (those on
        # the trick included) are one choice, so search one of each run
        searched = _cards(reps_mask(_mask(legal_cards), _live(know)))
    totals = dict.fromkeys(searched, 0.0)
    worlds = dict.fromkeys(searched, 0)
    weights = dict.fromkeys(searched, 0.0)
    if len(searched) > 1:
        deadline = time.perf_counter() + budget * 0.85
        if solver is not None:
            solver.deadline = deadline
        active = searched
        for done in range(samples):  # (``done``: the worlds judged so far; one left unjudged ends the search)
            if done == samples // RACE_AT and len(active) > RACE_KEEP:
                # racing: the first quarter of the worlds rules out the clear losers, and the
                # rest go to the few cards still in contention (more worlds where they count)
                active = sorted(active, key=lambda c: (-totals[c], c))[:RACE_KEEP]
            world = know.world(rng)
            w = 1.0 if weigh is None else weigh(world.hands)
            scores: list[int] = []
            try:
                for c in active:
                    if solver is None:
                        scores.append(evaluate(world, c, seat, rollout_fn))
                    else:
                        # the last stock trick's worlds differ only in which unseen card
                        # the last hidden one is (at most 14), and each is judged exactly,
                        # the same every time it is drawn
                        key = (c, *world.hands, *cast(WhistPlay, world).stock)
                        if key not in judged:
                            judged[key] = evaluate(world, c, seat, rollout_fn)
                        scores.append(judged[key])
                    if done and time.perf_counter() > deadline:
                        break
            except OutOfTime:
                assert solver is not None  # (only the last stock trick's solves give up)
                if done:
                    break  # a solve ran past the deadline: this world is not counted
                # not one world solved in time (a slow host): all are judged by playouts,
                # as before the last stock trick
                solver.deadline = None
                solver, rollout_fn = None, whist_rollout
                scores = [evaluate(world, c, seat, rollout_fn) for c in active]
            if len(scores) < len(active):
                break  # out of time: this world is left unfinished and not counted
            for c, v in zip(active, scores, strict=True):
                totals[c] += w * v
                weights[c] += w
                worlds[c] += 1
            if time.perf_counter() > deadline:
                break
    if solver is not None:
        solver.deadline = None  # (the solver is shared: its next user sets its own)
    means = {c: totals[c] / weights[c] if weights[c] else 0.0 for c in searched}
    return _spread(Values(means, worlds), legal_cards, _live(know))


def whist_values(know: Knowledge, legal_cards: list[int], deadline: float | None = None) -> Values:
    """German Whist's stage 2, exactly: the tricks the seat still takes after each legal
    card, both sides playing best (raises ``OutOfTime`` past ``deadline``)."""
    solver, me, opp = _endgame(know, deadline)
    if not know.trick:
        found, live = solver.lead_values(me, opp), me | opp
    else:
        led = know.trick[0][1]
        found, live = solver.reply_values(opp | (1 << led), me, led), me | opp | 1 << led
    means = {c: float(v) for c, v in found.items()}
    return _spread(Values(means, dict.fromkeys(means, 1), exact=True), legal_cards, live)


def _spread(values: Values, legal_cards: list[int], live: int) -> Values:
    """``values`` for every legal card: a card not searched takes the value of the
    searched card of its run (touching in rank among the ``live`` cards)."""
    if all(c in values.means for c in legal_cards):
        return values
    means, worlds = dict(values.means), dict(values.worlds)
    for c in sorted(legal_cards):
        if c in means:
            continue
        below = c - 1  # the run goes down to its searched card through dead cards
        while below >= 0 and below // 13 == c // 13 and below not in means:
            if live >> below & 1 and below not in legal_cards:
                break
            below -= 1
        rep = below if below in means and below // 13 == c // 13 else None
        if rep is None:  # pragma: no cover - every legal card is in a searched run
            raise AssertionError(f"card {c} has no searched run")
        means[c], worlds[c] = means[rep], worlds[rep]
    return Values({c: means[c] for c in legal_cards}, {c: worlds[c] for c in legal_cards}, values.exact)


def _mask(cs: list[int]) -> int:
    m = 0
    for c in cs:
        m |= 1 << c
    return m


def _live(know: Knowledge) -> int:
    """The cards still in play: unplayed, or on the trick."""
    return know.deck & ~know.played | _mask([c for _, c in know.trick])


_SOLVERS: dict[int, WhistSolver] = {}
TABLE_LIMIT = 400_000


def whist_solver(trump: int) -> WhistSolver:
    """The solver of a trump suit, kept warm between decisions: its table holds exact
    values of positions, which stay true in any deal with the same trump."""
    solver = _SOLVERS.get(trump)
    if solver is None or len(solver.table) > TABLE_LIMIT:
        _SOLVERS.clear()  # bound the memory: one trump suit's table at a time
        solver = _SOLVERS[trump] = WhistSolver(trump)
    return solver


def _full_position(know: Knowledge) -> StockPosition:
    from . import _position

    return _position(know)


def view_solver(know: Knowledge) -> WhistSolver:
    """The solver of the trump of the German Whist deal ``know`` reads."""
    trump = know.view["trump"]
    assert trump is not None  # German Whist always has one
    return whist_solver(SUITS.index(trump))


def _endgame(know: Knowledge, deadline: float | None) -> tuple[WhistSolver, int, int]:
    """German Whist's stage 2 from the seat's view: its trump's solver (stopping at
    ``deadline``), the seat's hand and the other's (each can deduce the other's)."""
    solver = view_solver(know)
    solver.deadline = deadline
    return solver, know.hand, know.unseen | know.known[1 - know.seat]


def solve_whist(know: Knowledge, deadline: float | None = None) -> int:
    """Stage 2 is perfect information (each player can deduce the other's hand): solve
    it exactly, or raise ``OutOfTime`` past ``deadline``."""
    solver, me, opp = _endgame(know, deadline)
    if not know.trick:
        return solver.best_lead(me, opp)[1]
    led = know.trick[0][1]
    # the opponent led: the reply that leaves the leader fewest tricks
    return solver.best_reply(opp | (1 << led), me, led)[1]
