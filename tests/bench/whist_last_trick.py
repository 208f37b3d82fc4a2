"""German Whist's last stock trick: ``hard``'s card with that trick judged exactly in each
world (``search_values(…, exact_end=True)``) against its card by playouts, both on the same
worlds, each card that differs judged on the true deal (docs/BENCHMARKS.md, *German
Whist's last stock trick, judged exactly*).

    PYTHONPATH=. python tests/bench/whist_last_trick.py 100 200     (seeds from, to)

The positions are every last-stock-trick decision with a choice in deals 1-2 of games
between two ``normal`` bots; a judgement is the seat's points less the other's."""

import math
import statistics
import sys
import time

import kingweb
from kingweb.bots import Bot, search
from kingweb.bots.knowledge import Knowledge
from kingweb.cards import INDEX


def _mean(xs: list[float]) -> tuple[float, float]:
    """The mean and its 95% half-interval."""
    if len(xs) < 2:
        return (sum(xs), 0.0)
    return statistics.mean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def main(first: int, last: int) -> None:
    ends: list[float] = []  # the card ends the trick: judged exactly
    leads: list[float] = []  # the card leads it: the other's best reply on the true deal
    n, t0 = 0, time.process_time()
    for seed in range(first, last):
        g = kingweb.new_game("whist", seed=seed)
        players = [Bot("normal", seed=seed * 8 + s) for s in range(2)]
        hard = [Bot("hard", seed=seed * 8 + s, budget=math.inf) for s in range(2)]
        while not g.over and len(g.deals) < 2:
            t = g.turn
            assert t is not None  # (the match is not over)
            v = g.view(t)
            if v.get("stage") == 1 and v["stock_count"] == 2 and len(v["legal"]) > 1:
                know, cands = Knowledge(v), [INDEX[c] for c in v["legal"]]
                new = search.search_values(know, cands, hard[t]._rng(v), 240, math.inf, exact_end=True).best()
                old = search.search_values(know, cands, hard[t]._rng(v), 240, math.inf).best()
                n += 1
                if new != old:
                    true = g.play
                    search.whist_solver(true.c.trump).deadline = None
                    gain = search.evaluate(true, new, t, search.whist_end_rollout)
                    gain -= search.evaluate(true, old, t, search.whist_end_rollout)
                    (ends if v["trick"] else leads).append(gain)
            g.act(players[t].decide(v), seat=t)
    both = ends + leads
    print(f"positions {n}, cards differ {len(both)}; new - old on the true deal, a differing position:")
    (am, ai), (em, ei), (lm, li) = _mean(both), _mean(ends), _mean(leads)
    print(
        f"  all {am:+.2f} ± {ai:.2f}; the card ends the trick ({len(ends)}) {em:+.2f} ± {ei:.2f}; it leads ({len(leads)}) {lm:+.2f} ± {li:.2f}"
    )
    print(f"  a position, all counted: {sum(both) / max(n, 1):+.2f}; CPU {time.process_time() - t0:.0f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
