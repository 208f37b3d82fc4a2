"""Fitting ``normal``'s bidding to played-out deals: ``python -m kingweb calibrate``.

**Tricks.** Each of ``deals`` random deals is played out once per positive contract (up
with each trump, up with no trump, down) by four ``normal`` players (``policy.rollout``:
the bot's own card play, each seat playing from the cards it has not seen), seat 0
leading as the owner does.  Every seat's tricks are a sample of its hand, its place after
the leader and the contract: four a deal for down and for no trump, sixteen for a trump
(each suit in turn).  One linear model per kind of contract, over the sparse features of
``bidding`` (``down_features``, ``notrump_features``, ``trump_features``), is fitted by
ridge least squares on the first ``deals`` and measured on ``test`` more (mean absolute
and root mean square error in tricks, beside a constant's).

**The auction.** With those models, ``SHARE`` is what a seat expects from a positive it
neither owns nor buys: the mean points of the other seats when the owner plays his
best-estimated contract.  Then every owner of the same deals opens the auction (four
``normal`` bots bid, the owner decides) and the gain over playing his best-estimated contract
himself is fitted as a line in what he expects playing down, playing his best up and his
high-card points (``AUCTION``): an owner opens the auction when the line says it adds
more than ``bidding.MARGIN``.

``--write`` stores the weights in ``kingweb/bots/weights.py``; docs/BENCHMARKS.md keeps the
method and the last fit's errors.
"""

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from .. import cards, scenario
from ..king import King
from ..kingcontracts import POSITIVES
from ..play import Play
from . import Bot, bidding, weights
from .policy import rollout

RIDGE = 1.0
Row = tuple[list[int], float]


def play_modes(hands: list[int]) -> dict[str, list[int]]:
    """Each positive contract's points per seat, played out by four ``normal`` players with
    seat 0 leading."""
    return {m: rollout(Play(con, list(hands), 0, 13)) for m, con in POSITIVES.items()}


def deal(rng: random.Random) -> list[int]:
    deck = list(range(52))
    rng.shuffle(deck)
    return [cards.mask_of(deck[k * 13 : (k + 1) * 13]) for k in range(4)]


def samples(deals: list[list[int]], played: list[dict[str, list[int]]]) -> dict[str, list[Row]]:
    """The rows of each model: (features, tricks taken)."""
    rows: dict[str, list[Row]] = {"down": [], "notrump": [], "trump": []}
    for hands, pts in zip(deals, played, strict=True):
        for s in range(4):
            rows["down"].append((bidding.down_features(hands[s], s), (325 - pts["down"][s]) / 75))
            rows["notrump"].append((bidding.notrump_features(hands[s], s), pts["up:NT"][s] / 25))
            for t in range(4):
                rows["trump"].append((bidding.trump_features(hands[s], s, t), pts[f"up:{'CDHS'[t]}"][s] / 25))
    return rows


def fit(rows: list[Row], size: int, ridge: float = RIDGE) -> tuple[float, ...]:
    """Ridge least squares: the weights w minimising Σ (Σ w[f] − y)² + ridge·|w|², from the
    normal equations (the rows are sparse: a few dozen features of ``size``)."""
    a = [[0.0] * size for _ in range(size)]
    b = [0.0] * size
    for f, y in rows:
        counts: dict[int, int] = {}
        for i in f:
            counts[i] = counts.get(i, 0) + 1
        items = list(counts.items())
        for i, ci in items:
            b[i] += ci * y
            row = a[i]
            for j, cj in items:
                row[j] += ci * cj
    for i in range(size):
        a[i][i] += ridge
    return tuple(_solve(a, b))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (``a`` is symmetric positive definite)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for k in range(n):
        p = max(range(k, n), key=lambda i: abs(m[i][k]))
        m[k], m[p] = m[p], m[k]
        for i in range(k + 1, n):
            f = m[i][k] / m[k][k]
            if f:
                mi, mk = m[i], m[k]
                for j in range(k, n + 1):
                    mi[j] -= f * mk[j]
    x = [0.0] * n
    for i in range(n - 1, -1, -1):
        x[i] = (m[i][n] - sum(m[i][j] * x[j] for j in range(i + 1, n))) / m[i][i]
    return x


def errors(rows: list[Row], predict: Callable[[list[int]], float]) -> tuple[float, float, float]:
    """(mean absolute error, root mean square error, bias) of ``predict`` on ``rows``."""
    diffs = [predict(f) - y for f, y in rows]
    return (
        statistics.fmean(abs(d) for d in diffs),
        math.sqrt(statistics.fmean(d * d for d in diffs)),
        statistics.fmean(diffs),
    )


def _linear(w: tuple[float, ...]) -> Callable[[list[int]], float]:
    return lambda f: sum(w[i] for i in f)


def _constant(x: float) -> Callable[[list[int]], float]:
    return lambda f: x


def owner_auction(hands: list[int], seed: int) -> int:
    """The owner's (seat 0's) points when he opens the auction and four ``normal`` bots
    bid, decide and play it."""
    g = scenario(King.id, "positive", [cards.codes_of(h) for h in hands], dealer=0)
    g.act("auction")
    bots = [Bot("normal", seed=seed * 4 + s) for s in range(4)]
    while not g.over:
        seat = g.turn
        assert seat is not None
        g.act(bots[seat].decide(g.view(seat)))
    return g.deals[-1]["points"][0]


def main(args: argparse.Namespace) -> None:
    t0 = time.perf_counter()
    rng = random.Random(args.seed)
    deals = [deal(rng) for _ in range(args.deals + args.test)]
    played = [play_modes(h) for h in deals]
    train = samples(deals[: args.deals], played[: args.deals])
    test = samples(deals[args.deals :], played[args.deals :])
    print(f"{len(deals)} deals played out in every contract ({time.perf_counter() - t0:.0f} s)")
    fitted = {k: fit(train[k], bidding.SIZES[k]) for k in train}
    print("model    rows(fit/test)  MAE   RMSE  bias   (a constant: MAE RMSE)")
    for k, w in fitted.items():
        mae, rmse, bias = errors(test[k], _linear(w))
        mean = statistics.fmean(y for _, y in train[k])
        cmae, crmse, _ = errors(test[k], _constant(mean))
        print(
            f"{k:8} {len(train[k]):6}/{len(test[k]):<6}  {mae:.2f}  {rmse:.2f}  {bias:+.2f}   ({cmae:.2f} {crmse:.2f})"
        )
    weights.DOWN, weights.NOTRUMP, weights.TRUMP = fitted["down"], fitted["notrump"], fitted["trump"]
    # SHARE: the others' points when the owner plays his best-estimated contract
    others, direct = [], []
    for hands, pts in zip(deals, played, strict=True):
        contract = bidding.Estimates.of_hand(hands[0]).best_contract()
        others.extend(pts[contract][1:])
        direct.append(pts[contract][0])
    weights.SHARE = round(statistics.fmean(others), 1)
    print(
        f"SHARE (others' mean in an owner's deal) {weights.SHARE}; owner playing his best contract {statistics.fmean(direct):.1f}"
    )
    # AUCTION: the gain of opening the auction, by the owner's estimates and high cards
    xs, gains = [], []
    for i, hands in enumerate(deals):
        est = bidding.Estimates.of_hand(hands[0])
        xs.append([1.0, est.points("down"), est.points(est.best_up()[0]), float(bidding.high_cards(hands[0]))])
        gains.append(owner_auction(hands, i) - direct[i])
    a = [[sum(x[i] * x[j] for x in xs) for j in range(4)] for i in range(4)]
    b = [sum(x[i] * y for x, y in zip(xs, gains, strict=True)) for i in range(4)]
    coef = _solve(a, b)
    weights.AUCTION = (round(coef[0], 2), round(coef[1], 4), round(coef[2], 4), round(coef[3], 3))
    pred = [sum(c * v for c, v in zip(coef, x, strict=True)) for x in xs]
    opened = [p > bidding.MARGIN for p in pred]
    mean = statistics.fmean(gains)
    r2 = 1 - sum((p - y) ** 2 for p, y in zip(pred, gains, strict=True)) / sum((y - mean) ** 2 for y in gains)
    print(f"AUCTION gain = {weights.AUCTION[0]} + {weights.AUCTION[1]} × down + {weights.AUCTION[2]} × up")
    print(f"  + {weights.AUCTION[3]} × high-card points; mean gain {mean:.1f}, R² {r2:.3f} (in sample)")
    chosen = [y for y, o in zip(gains, opened, strict=True) if o]
    print(
        f"  owners who open it (gain > {bidding.MARGIN}): {len(chosen) / len(gains):.0%}, their mean gain "
        f"{statistics.fmean(chosen) if chosen else 0:.1f}; the others' {statistics.fmean([y for y, o in zip(gains, opened, strict=True) if not o] or [0]):.1f}"
    )
    print(f"done in {time.perf_counter() - t0:.0f} s")
    if args.write:
        path = Path(weights.__file__)
        path.write_text(source(args), encoding="utf-8")
        print(f"wrote {path}")


def source(args: argparse.Namespace) -> str:
    def tup(w: tuple[float, ...]) -> str:
        body = "".join(f"    {x!r},\n" for x in (round(v, 4) for v in w))
        return f"(\n{body})"

    return (
        '"""The weights of ``normal``\'s bidding estimates (``kingweb.bots.bidding``), written by\n'
        f"``python -m kingweb calibrate --deals {args.deals} --test {args.test} --seed {args.seed} --write``\n"
        '(the method: ``kingweb.bots.calibrate`` and docs/BENCHMARKS.md).  Do not edit by hand."""\n\n'
        "#: Tricks playing down, by ``bidding.down_features``\n"
        f"DOWN: tuple[float, ...] = {tup(weights.DOWN)}\n"
        "#: Tricks playing up with no trump, by ``bidding.notrump_features``\n"
        f"NOTRUMP: tuple[float, ...] = {tup(weights.NOTRUMP)}\n"
        "#: Tricks playing up with a trump, by ``bidding.trump_features``\n"
        f"TRUMP: tuple[float, ...] = {tup(weights.TRUMP)}\n"
        "#: What a seat expects from a positive it neither owns nor buys\n"
        f"SHARE: float = {weights.SHARE!r}\n"
        "#: What opening the auction adds for an owner: a + b × down points + c × best up points + d × high-card points\n"
        f"AUCTION: tuple[float, float, float, float] = {weights.AUCTION!r}\n"
    )
