"""``python -m kingweb review FILE``: the marks of a recorded deal or match, and
``python -m kingweb review-bench``: how long the review takes on this Python."""

import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from . import GAMES, RulesError, new_game, record, review
from .bots import Bot
from .game import Game
from .king import King
from .kingru import KingRu
from .marks import Analysis, figures
from .recordjson import Record
from .whist import Whist


def main(
    path: str,
    as_json: bool = False,
    seat: int | None = None,
    deal: int | None = None,
    worlds: int | None = None,
    out: Callable[[str], object] = print,
) -> int:
    """Analyse every decision (of ``seat``, of ``deal``) of the record in ``path`` (JSON
    or text form; ``-`` reads standard input) and print the marks and the summary."""
    import sys

    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()  # noqa: SIM115
    except OSError as e:
        out(f"cannot read {path}: {e.strerror}")
        return 2
    try:
        loaded = record.parse(text)
    except RulesError as e:
        out(str(e))
        return 1
    rec = loaded.record
    deals = range(len(rec["deals"])) if deal is None else [deal]
    if deal is not None and not 0 <= deal < len(rec["deals"]):
        out(f"deal {deal} is not in the record (0..{len(rec['deals']) - 1})")
        return 2
    letters = record.SEATS[len(rec["deals"][0]["hands"])]
    names = rec.get("names") or [None] * len(letters)
    analyses: list[Analysis] = []
    for k in deals:
        d = rec["deals"][k]
        steps = review.review(rec, k)["steps"]
        if not as_json:
            out(f"Deal {d['deal_no'] + 1}: {d['contract']}" + (f", points {d['points']}" if "points" in d else ""))
        for s in steps:
            if not s["decision"] or (seat is not None and s["seat"] != seat):
                continue
            a = review.analyse(rec, k, s["step"], worlds)
            analyses.append(a)
            if not as_json:
                who = names[a["seat"]] or letters[a["seat"]]
                mark = "" if a["mark"] == "good" else f" {a['symbol']}"
                exact = "exact" if a["exact"] else f"{a['worlds']} worlds"
                # the figures to the decimals of the gap the text states, which is their difference
                value, best, _, digits = figures(a["value"], a["best_value"])
                out(
                    f"  {a['step']:3d} {who:>8s} {a['action']}{mark:4s} {value:9.{digits}f}"
                    f"  best {a['best']} {best:9.{digits}f}  ({exact}) {a['text']}"
                )
    summary = review.summary(analyses, seat)
    if as_json:
        out(json.dumps({"analyses": analyses, "summary": summary}, ensure_ascii=False, indent=1))
        return 0
    marks = ", ".join(f"{n} {record.MARKS[m]}" for m, n in summary["marks"].items() if n)
    # the sum of the gaps the lines state, not the losses rounded apart: the figures add up
    lost = round(sum(figures(v, b)[2] for v, b in summary["gaps"]), 3)
    out(f"{summary['decisions']} decisions ({marks}); expected points lost to marked ones: {lost}")
    for c in summary["costliest"]:
        board = rec["deals"][c["deal"]]["deal_no"] + 1
        mark = record.MARKS[c["mark"]]
        gap = figures(c["value"], c["best_value"])[2]
        out(f"  deal {board}, step {c['step']}: {c['action']} {mark} for {c['best']}, −{gap} points")
    return 0


# -- the benchmark ----------------------------------------------------------------------------------------


def _bot_match(game: str, seed: int, deals: int, options: dict[str, Any] | None = None) -> Game:
    g = new_game(game, seed, options or {})
    bots = [Bot("normal", seed=seed * 8 + s) for s in range(g.players)]
    while len(g.deals) < deals and not g.over:
        g.act(bots[g.turn or 0].decide(g.view(g.turn or 0)))
    return g


def _review_deal(rec: Record, k: int, seat: int, stage: int | None = None) -> tuple[float, int]:
    """CPU seconds to analyse every decision of ``seat`` in deal ``k`` (German Whist: of
    one stage), and how many there were."""
    review._CACHE.clear()
    t0 = time.process_time()
    steps = review.review(rec, k)["steps"]
    n = 0
    for s in steps:
        if s["seat"] == seat and s["decision"] and (stage is None or s.get("stage") == stage):
            review.analyse(rec, k, s["step"])
            n += 1
    return time.process_time() - t0, n


def bench(out: Callable[[str], object] = print, deals: int = 3, par: bool = False) -> None:
    """CPU time of a whole deal's review (every decision of one seat), per game, over a
    few deals played by the normal bots; German Whist's two stages apart."""
    import platform

    out(f"kingweb review benchmark on {platform.python_implementation()} {platform.python_version()} (CPU seconds)")
    rng = random.Random(1)
    king, kingru, whist1, whist2 = [], [], [], []
    for i in range(deals):
        g = _bot_match(King.id, 100 + i, 10)
        rec = record.of_game(g)
        for k in (rng.randrange(6), 6 + rng.randrange(4)):  # a negative and a positive
            king.append((_review_deal(rec, k, rng.randrange(4)), k))
        g = _bot_match(KingRu.id, 200 + i, 1)
        kingru.append((_review_deal(record.of_game(g), 0, rng.randrange(4)), 0))
        g = _bot_match(Whist.id, 300 + i, 1, {"target": 1})
        rec = record.of_game(g)
        seat = rng.randrange(2)
        whist1.append((_review_deal(rec, 0, seat, stage=1), 0))
        review._CACHE.clear()
        from .bots.search import _SOLVERS

        _SOLVERS.clear()  # stage 2 from a cold solver, as a review worker's first deal
        whist2.append((_review_deal(rec, 0, seat, stage=2), 0))
    for name, runs in (
        ("King deal (13 cards and any bids)", king),
        ("Кинг deal (8 cards)", kingru),
        ("German Whist stage 1 (13 cards)", whist1),
        ("German Whist stage 2, exact (13 cards)", whist2),
    ):
        secs = [r[0][0] for r in runs]
        decisions = [r[0][1] for r in runs]
        out(
            f"  {name:40s} median {statistics.median(secs):6.2f} s, worst {max(secs):6.2f} s"
            f"  ({len(secs)} deals, {statistics.mean(decisions):.1f} decisions each)"
        )
    if par:
        from . import daily

        for game in GAMES:
            t0 = time.process_time()
            score = daily.par(game, "2026-12-03")
            out(f"  daily par, {game:7s} 2026-12-03: {score:5d} in {time.process_time() - t0:6.1f} s")
