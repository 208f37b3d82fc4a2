"""How the owners of King's positives fare: ``python -m kingweb owners``.

Four bots of one level play positives: each board is a random deal whose owner (the
dealer) moves one seat each board, bid and played as in a match (a bot does not look at
the match's score, so a positive plays the same inside a match or alone).  Printed: the
owners' first choices (down, up, the auction) with the share played down, the owner's
mean points a positive (payments and 4-3-3-3 included), how the auctions ended and what
the deals sold for, each with a 95% interval.
"""

import argparse
import math
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

from .. import cards, scenario
from ..king import King
from ..kingauction import offer_value
from . import Bot


@dataclass
class Tally:
    """What the boards showed."""

    first: Counter[str] = field(default_factory=Counter)  # the owner's first choice: down, up, auction
    played: Counter[str] = field(default_factory=Counter)  # how the deal ended: down, up, 4333
    endings: Counter[str] = field(default_factory=Counter)  # an auction's end: sold, reject, 4333, ultimatum
    owner: list[int] = field(default_factory=list)  # the owner's points, board by board
    prices: list[int] = field(default_factory=list)  # the price of each sold deal
    payments: list[int] = field(default_factory=list)  # what each buyer paid
    sold_as: Counter[str] = field(default_factory=Counter)  # up or null
    matches: int = 0  # offers that took another's standing offer over by preference


def play_board(level: str, index: int, rng: random.Random, budget: float) -> tuple[str, dict[str, object]]:
    """One positive: the owner's first choice and the deal's record."""
    deck = cards.codes_of(cards.FULL_DECK)
    rng.shuffle(deck)
    owner = index % 4
    g = scenario(King.id, "positive", [deck[k * 13 : (k + 1) * 13] for k in range(4)], dealer=owner)
    bots = [Bot(level, seed=index * 4 + s, budget=budget) for s in range(4)]
    first = None
    while not g.over:
        seat = g.turn
        assert seat is not None
        action = bots[seat].decide(g.view(seat))
        first = first or action
        g.act(action)
    assert first is not None
    return first, dict(g.deals[-1])


def run(level: str, boards: int, seed: int, budget: float) -> Tally:
    rng = random.Random(seed)
    t = Tally()
    for i in range(boards):
        first, d = play_board(level, i, rng, budget)
        owner = d["owner"]
        assert isinstance(owner, int)
        t.first["auction" if first == "auction" else "down" if first == "down" else "up"] += 1
        contract = str(d["contract"])
        t.played["4333" if contract == "4333" else "down" if contract == "down" else "up"] += 1
        points = d["points"]
        assert isinstance(points, list)
        t.owner.append(points[owner])
        if first == "auction":
            log = d["log"]
            assert isinstance(log, list)
            t.matches += sum(1 for e in log if "matches" in e)
            decided = next(e["action"] for e in log if e["phase"] == "decide")
            if decided == "accept" or d["buyer"] is not None:
                t.endings["sold" if decided == "accept" else "ultimatum, 8 up given"] += 1
                offer = str(d["bought"])
                t.prices.append(offer_value(offer))
                t.sold_as["up" if offer.startswith("offer:up") else "null"] += 1
                payment = d["payment"]
                assert isinstance(payment, int)
                t.payments.append(payment)
            else:
                t.endings[
                    {"ultimatum": "ultimatum, played down", "reject": "rejected, owner played"}.get(decided, decided)
                ] += 1
    return t


def _share(k: int, n: int) -> str:
    p = k / n if n else 0.0
    return f"{p:5.1%} ± {1.96 * math.sqrt(p * (1 - p) / n):.1%}" if n else "–"


def _mean(xs: list[int]) -> str:
    if len(xs) < 2:
        return f"{xs[0]}" if xs else "–"
    return f"{statistics.fmean(xs):.1f} ± {1.96 * statistics.stdev(xs) / math.sqrt(len(xs)):.1f}"


def report(level: str, t: Tally, seconds: float) -> str:
    n = len(t.owner)
    lines = [f"{level}: {n} positives, each owned by one of four {level} bots ({seconds:.0f} s)"]
    lines.append(
        "owner's first choice: " + ", ".join(f"{k} {_share(t.first[k], n)}" for k in ("down", "up", "auction"))
    )
    lines.append("deal played: " + ", ".join(f"{k} {_share(t.played[k], n)}" for k in ("down", "up", "4333")))
    lines.append(f"owner's points a positive: {_mean(t.owner)}")
    a = t.first["auction"]
    if a:
        ends = ", ".join(f"{k} {v}" for k, v in t.endings.most_common())
        lines.append(f"auctions: {ends} (of {a}); offers matched by preference {t.matches}")
    if t.prices:
        kinds = ", ".join(f"{k} {v}" for k, v in t.sold_as.most_common())
        lines.append(f"deals sold: {len(t.prices)} ({kinds}), price {_mean(t.prices)}, paid {_mean(t.payments)}")
    return "\n".join(lines)


def main(args: argparse.Namespace) -> None:
    for level in args.levels.split(","):
        t0 = time.perf_counter()
        t = run(level, args.boards, args.seed, args.budget)
        print(report(level, t, time.perf_counter() - t0))
