"""Duplicate arena: the same deals, the bots rotated through every seat.

``python -m kingweb arena --game king --bots hard,normal,normal,normal --deals 200 --seed 1``

Each board is one deal (its contract cycling through the game's deals, its cards from the
seed), played once per rotation of the bots over the seats with the same cards at each
seat, so that every bot plays every hand.  A bot's score on a board is its mean over the
rotations; the figures are means over boards with 95% confidence intervals, and for each
pair of bot kinds the mean difference per board with its interval (duplicate scoring
removes most of the luck of the cards, which is why few boards suffice).
"""

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypedDict, cast

from .. import cards, scenario
from ..games import GAMES
from . import DEFAULT_BUDGET, Bot
from .cheat import CheatBot

if TYPE_CHECKING:
    from .spiel import IsmctsBot

#: ``scenario``'s keywords for a board: ``leader``, ``dealer``, ``stock``
Where = dict[str, int | list[str]]


class Latency(TypedDict):
    """A bot kind's decision times in milliseconds (wall clock)."""

    median: float
    p95: float
    max: float
    decisions: int


class KindResult(TypedDict):
    mean: float  # points per deal
    ci95: float
    latency_ms: Latency
    cpu_ms: float  # mean process time per decision


class PairResult(TypedDict):
    a: str
    b: str
    diff: float  # a − b, points per deal
    ci95: float
    significant: bool


class Result(TypedDict):
    game: str
    bots: list[str]
    deals: int  # boards played
    seed: int
    kinds: dict[str, KindResult]
    pairs: list[PairResult]
    boards: dict[str, list[float]]  # each kind's points on each board, in the seed's order
    seconds: float


def board(game: str, index: int, rng: random.Random, options: dict[str, Any]) -> tuple[str, list[list[str]], Where]:
    """(contract, hands, where) of board ``index``."""
    facts = GAMES[game]
    deck = cards.codes_of(facts.deck)
    rng.shuffle(deck)
    contract, hands, where = facts.board(index, deck, options)
    return contract, hands, cast(Where, where)


def make(kind: str, seed: int, budget: float) -> "Bot | CheatBot | IsmctsBot":
    """A bot of ``kind``: a level, ``cheat``, or ``ismcts:N`` (OpenSpiel's ISMCTS with N
    simulations a decision; needs the ``open_spiel`` package)."""
    if kind == "cheat":
        return CheatBot(seed)
    if kind.startswith("ismcts"):
        from .spiel import IsmctsBot

        n = kind.partition(":")[2]
        if n and not n.isdigit():
            raise ValueError(f"{kind!r}: ismcts:N takes a whole number of simulations")
        return IsmctsBot(int(n or 1000), seed=seed)
    return Bot(kind, seed=seed, budget=budget)


def play_board(
    game: str,
    contract: str,
    hands: list[list[str]],
    where: Where,
    options: dict[str, Any],
    kinds: list[str],
    seed: int,
    budget: float,
    latency: dict[str, list[float]],
    cpu: dict[str, list[float]],
) -> list[float]:
    """Play one board under every rotation; return each entry's mean points."""
    n = len(hands)
    totals = [0.0] * len(kinds)
    for r in range(n):
        g = scenario(game, contract, hands, options, **where)
        seat_of = [(i + r) % n for i in range(len(kinds))]  # entry i sits at seat_of[i]
        entry_at = {s: i for i, s in enumerate(seat_of)}
        bots = [make(kinds[i], seed * 7919 + i, budget) for i in range(len(kinds))]
        while not g.over:
            turn = g.turn
            assert turn is not None  # the game is not over
            i = entry_at[turn]
            t0, c0 = time.perf_counter(), time.process_time()
            b = bots[i]
            a = b.decide_game(g) if isinstance(b, CheatBot) else b.decide(g.view(turn))  # kinds[i] == "cheat"
            latency.setdefault(kinds[i], []).append(time.perf_counter() - t0)
            cpu.setdefault(kinds[i], []).append(time.process_time() - c0)
            g.act(a)
        for i, s in enumerate(seat_of):
            totals[i] += g.scores[s]
    return [t / n for t in totals]


def ci95(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, float("inf")
    return m, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def run(
    game: str,
    kinds: list[str],
    deals: int,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    budget: float = DEFAULT_BUDGET,
    out: Callable[[str], object] | None = None,
    minutes: float | None = None,
    first: int = 0,
) -> Result:
    """Play ``deals`` boards (fewer if ``minutes`` run out first: the result says how
    many were played) and return the figures.  ``first``: start at that board of the
    seed's sequence, to add boards to a match already played."""
    options = options or {}
    players = GAMES[game].players
    if len(kinds) != players:
        raise ValueError(f"{game} needs {players} bots, got {len(kinds)}")
    rng = random.Random(seed)
    for b in range(first):  # the boards played before: dealt again to reach board ``first``
        board(game, b, rng, options)
    per_board = []
    latency: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    t_start = time.perf_counter()
    for i in range(deals):
        if minutes is not None and i >= 2 and time.perf_counter() - t_start > 60 * minutes:
            deals = i  # out of time: the boards played so far are the match
            break
        b = first + i
        contract, hands, where = board(game, b, rng, options)
        per_board.append(play_board(game, contract, hands, where, options, kinds, seed + b, budget, latency, cpu))
        if out and (i + 1) % max(1, deals // 10) == 0:
            lead = [j for j, k in enumerate(kinds) if k == kinds[0]]
            other = [j for j, k in enumerate(kinds) if k != kinds[0]]
            if other:  # a running figure for whoever watches a long match
                d, h = ci95(
                    [statistics.fmean(pb[j] for j in lead) - statistics.fmean(pb[j] for j in other) for pb in per_board]
                )
                out(f"  … {i + 1}/{deals} boards, {kinds[0]} − the others {d:+.2f} ± {h:.2f}")
            else:
                out(f"  … {i + 1}/{deals} boards")
    # per kind: the mean over its entries on each board
    result: Result = {
        "game": game,
        "bots": kinds,
        "deals": deals,
        "seed": seed,
        "kinds": {},
        "pairs": [],
        "boards": {},
        "seconds": time.perf_counter() - t_start,
    }
    # each kind's points on each board, kept in the result so that runs of other bots on
    # the same seed can be paired board by board
    by_kind = result["boards"]
    for k in dict.fromkeys(kinds):
        idx = [i for i, x in enumerate(kinds) if x == k]
        by_kind[k] = [statistics.fmean(pb[i] for i in idx) for pb in per_board]
        m, h = ci95(by_kind[k])
        lat = sorted(latency.get(k, [0.0]))
        result["kinds"][k] = {
            "mean": m,
            "ci95": h,
            "latency_ms": {
                "median": 1000 * statistics.median(lat),
                "p95": 1000 * lat[int(0.95 * (len(lat) - 1))],
                "max": 1000 * lat[-1],
                "decisions": len(lat),
            },
            # CPU time, not wall time: a fair cost on a shared machine
            "cpu_ms": 1000 * statistics.fmean(cpu.get(k, [0.0])),
        }
    names = list(by_kind)
    for i, a in enumerate(names):
        for bname in names[i + 1 :]:
            diff = [x - y for x, y in zip(by_kind[a], by_kind[bname], strict=True)]
            m, h = ci95(diff)
            result["pairs"].append({"a": a, "b": bname, "diff": m, "ci95": h, "significant": abs(m) > h})
    return result


def report(r: Result) -> str:
    lines = [
        f"{r['game']}: {r['deals']} duplicate boards, seed {r['seed']}, bots {','.join(r['bots'])}",
        f"  {'bot':12s} {'points/deal':>12s} {'±95%':>8s} {'median ms':>10s} {'p95 ms':>8s} {'max ms':>8s} {'CPU ms':>8s}",
    ]
    for k, v in r["kinds"].items():
        lat = v["latency_ms"]
        lines.append(
            f"  {k:12s} {v['mean']:12.2f} {v['ci95']:8.2f} {lat['median']:10.2f} {lat['p95']:8.2f} "
            f"{lat['max']:8.1f} {v['cpu_ms']:8.2f}"
        )
    for p in r["pairs"]:
        verdict = "significant" if p["significant"] else "not significant"
        lines.append(f"  {p['a']} − {p['b']}: {p['diff']:+.2f} ± {p['ci95']:.2f} per deal ({verdict})")
    lines.append(f"  ({r['seconds']:.0f} s)")
    return "\n".join(lines)


def main(args: argparse.Namespace) -> Result:
    kinds = args.bots.split(",")
    opts = json.loads(args.options) if args.options else {}
    r = run(args.game, kinds, args.deals, args.seed, opts, args.budget, out=None if args.json else print)
    print(json.dumps(r, indent=1) if args.json else report(r))
    return r
