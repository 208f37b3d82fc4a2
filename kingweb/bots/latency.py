"""``python -m kingweb latency``: how long bots take to decide, on this Python.

Plays whole deals of each game with every seat at one level and times each decision;
times the German Whist stage-2 solver on fresh 13-card endgames (a new solver each, so
no warm table helps).
"""

import random
import statistics
import time
from collections.abc import Callable

from .. import new_game
from ..cards import FULL_DECK, cards_of, mask_of
from ..games import GAMES
from . import DEFAULT_BUDGET, EXPERT, Bot
from .endgame import WhistSolver


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * (len(xs) - 1) + 0.5))]


def decisions(
    game: str, level: str, deals: int, budget: float = DEFAULT_BUDGET, seed: int = 1, cpu: list[float] | None = None
) -> list[float]:
    """Wall-clock seconds of each decision (and, into ``cpu``, its process time: on a
    shared machine the wall clock also counts other jobs)."""
    times = []
    g = new_game(game, seed=seed)
    bots = [Bot(level, seed=seed + s, budget=budget) for s in range(g.players)]
    while len(g.deals) < deals and not g.over:
        turn = g.turn
        assert turn is not None  # the game is not over
        t0, c0 = time.perf_counter(), time.process_time()
        a = bots[turn].decide(g.view(turn))
        times.append(time.perf_counter() - t0)
        if cpu is not None:
            cpu.append(time.process_time() - c0)
        g.act(a)
    return times


def solver_times(n: int = 40, seed: int = 0) -> list[float]:
    out = []
    for i in range(n):
        r = random.Random(seed + i)
        d = cards_of(FULL_DECK)
        r.shuffle(d)
        s = WhistSolver(r.randrange(4))
        t0 = time.perf_counter()
        s.best_lead(mask_of(d[:13]), mask_of(d[13:26]))
        out.append(time.perf_counter() - t0)
    return out


def main(out: Callable[[str], object] = print, budget: float = DEFAULT_BUDGET, expert: bool = False) -> None:
    import platform

    out(f"kingweb bot latency on {platform.python_implementation()} {platform.python_version()}")
    levels = ["normal", "hard"] + (["expert"] if expert else [])
    for level in levels:
        for game, f in GAMES.items():
            n = f.latency_deals[level]
            cpu: list[float] = []
            ts = [1000 * t for t in decisions(game, level, n, budget, cpu=cpu)]
            cs = [1000 * t for t in cpu]
            cap = 1000 * budget * (EXPERT if level == "expert" else 1)
            out(
                f"  {level:6s} {game:7s} median {statistics.median(ts):7.2f} ms  p95 {_pct(ts, 0.95):7.2f} ms  "
                f"max {max(ts):7.1f} ms  (CPU p95 {_pct(cs, 0.95):7.2f} ms, max {max(cs):7.1f} ms; "
                f"{len(ts)} decisions, budget {cap:.0f} ms)"
            )
    ts = [1000 * t for t in solver_times()]
    out(
        f"  whist stage-2 solver, fresh 13-card endgames: median {statistics.median(ts):.1f} ms, "
        f"worst {max(ts):.1f} ms over {len(ts)} deals"
    )
