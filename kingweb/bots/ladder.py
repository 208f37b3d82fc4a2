"""``python -m kingweb ladder``: the bots against OpenSpiel's ISMCTS, duplicate boards,
written as a table into ``docs/BENCHMARKS.md`` (section "Bot ladder").

Each rung is one arena match (see ``arena``): in the four-player games one ISMCTS seat
against three kingweb bots of a level, rotated through every seat, so that every hand
is played by both.  A rung's result is kept in ``docs/ladder.json`` as soon as it is
played, so that rungs may be run one at a time (``--rungs``), or side by side in two
processes on a machine with two cores, and the table is always written from every result
kept; each row says its seed, boards and how long it ran.  ``--extend`` adds boards to a
rung already kept: it plays the boards after those played (same seed) and merges the two
results exactly (means, and the interval from both runs' spreads).
"""

import argparse
import json
import math
import platform
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypedDict

from ..games import GAMES
from .arena import run

#: (game, kingweb level, ISMCTS simulations, boards by default)
#: (each game's ``GameFacts.rungs``; the two-seat game's first, as the table lists them)
RUNGS = {
    f"{f.id}-{level}": (f.id, level, sims, boards)
    for f in sorted(GAMES.values(), key=lambda f: f.players)
    for level, sims, boards in f.rungs
}
NAMES = {gid: f.name for gid, f in GAMES.items()}
HEADING = "## Bot ladder"


class Rung(TypedDict):
    """A rung's result, as ``docs/ladder.json`` keeps it."""

    rung: str
    game: str
    level: str
    simulations: int
    bots: list[str]
    boards: int
    seed: int
    budget: float
    diff: float  # kingweb − ISMCTS, points per deal
    ci95: float
    mean: dict[str, float]  # per side (the level, "ismcts"): points per deal
    cpu_ms: dict[str, float]
    p95_ms: dict[str, float]
    minutes: float
    python: str
    date: str


def _kinds(game: str, level: str, sims: int) -> list[str]:
    spiel = f"ismcts:{sims}"
    players = GAMES[game].players
    return [level, spiel] if players == 2 else [spiel] + [level] * (players - 1)


def play(
    rung: str,
    boards: int,
    seed: int,
    budget: float,
    out: Callable[[str], object] = print,
    minutes: float | None = None,
    first: int = 0,
) -> Rung:
    game, level, sims, _ = RUNGS[rung]
    kinds = _kinds(game, level, sims)
    t0 = time.perf_counter()
    r = run(game, kinds, boards, seed, budget=budget, out=out, minutes=minutes, first=first)
    boards = r["deals"]
    spiel = f"ismcts:{sims}"
    pair = next(p for p in r["pairs"] if {p["a"], p["b"]} == {level, spiel})
    diff = pair["diff"] if pair["a"] == level else -pair["diff"]
    return {
        "rung": rung,
        "game": game,
        "level": level,
        "simulations": sims,
        "bots": kinds,
        "boards": boards,
        "seed": seed,
        "budget": budget,
        "diff": diff,
        "ci95": pair["ci95"],
        "mean": {level: r["kinds"][level]["mean"], "ismcts": r["kinds"][spiel]["mean"]},
        "cpu_ms": {level: r["kinds"][level]["cpu_ms"], "ismcts": r["kinds"][spiel]["cpu_ms"]},
        "p95_ms": {level: r["kinds"][level]["latency_ms"]["p95"], "ismcts": r["kinds"][spiel]["latency_ms"]["p95"]},
        "minutes": (time.perf_counter() - t0) / 60,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "date": time.strftime("%Y-%m-%d", time.gmtime()),
    }


def merge(a: Rung, b: Rung) -> Rung:
    """One rung from two runs of it over different boards of the same seed: ``b`` played
    the boards after ``a``'s.  Means are weighted by boards and the interval comes from
    the pooled spread, exactly as if the boards had been played in one run; CPU time is
    weighted by boards, and the p95 is the larger of the two (a p95 cannot be merged)."""
    if (a["rung"], a["seed"]) != (b["rung"], b["seed"]):
        raise ValueError(f"cannot merge {a['rung']} seed {a['seed']} with {b['rung']} seed {b['seed']}")
    na, nb = a["boards"], b["boards"]
    n = na + nb

    def avg(x: float, y: float) -> float:
        return (na * x + nb * y) / n

    diff = avg(a["diff"], b["diff"])

    def spread(r: Rung) -> float:  # the sum of squares about its own mean, from its interval
        k = r["boards"]
        return (k - 1) * (r["ci95"] * math.sqrt(k) / 1.96) ** 2 if k > 1 else 0.0

    ss = spread(a) + spread(b) + na * (a["diff"] - diff) ** 2 + nb * (b["diff"] - diff) ** 2
    return {
        **b,
        "boards": n,
        "diff": diff,
        "ci95": 1.96 * math.sqrt(ss / (n - 1) / n),
        "mean": {k: avg(a["mean"][k], b["mean"][k]) for k in b["mean"]},
        "cpu_ms": {k: avg(a["cpu_ms"][k], b["cpu_ms"][k]) for k in b["cpu_ms"]},
        "p95_ms": {k: max(a["p95_ms"][k], b["p95_ms"][k]) for k in b["p95_ms"]},
        "budget": max(a["budget"], b["budget"]),
        "minutes": a["minutes"] + b["minutes"],
    }


def table(results: dict[str, Rung]) -> str:
    lines = [
        "| game | kingweb vs ISMCTS (simulations) | seats | boards | kingweb − ISMCTS, points/deal | "
        "kingweb / ISMCTS mean | CPU ms per move, kingweb / ISMCTS | run |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for rung in RUNGS:
        r = results.get(rung)
        if r is None:
            continue
        lvl = r["level"]
        verdict = "" if abs(r["diff"]) > r["ci95"] else " (not significant)"
        players = GAMES[r["game"]].players
        seats = "1 vs 1" if players == 2 else f"1 ISMCTS vs {players - 1}"
        lines.append(
            f"| {NAMES[r['game']]} | `{lvl}` vs {r['simulations']} | {seats} | {r['boards']} | "
            f"**{r['diff']:+.2f} ± {r['ci95']:.2f}**{verdict} | {r['mean'][lvl]:.2f} / {r['mean']['ismcts']:.2f} | "
            f"{r['cpu_ms'][lvl]:.1f} / {r['cpu_ms']['ismcts']:.0f} | seed {r['seed']}, budget {r['budget']:g} s, "
            f"{r['minutes']:.0f} min |"
        )
    return "\n".join(lines)


def section(results: dict[str, Rung]) -> str:
    any_r = next(iter(results.values()))
    return f"""{HEADING}

`python -m kingweb ladder --seed 1` (needs `open_spiel`, a test dependency; `--rungs` plays
some rungs only, `--boards` sets the board counts, `--minutes` stops a rung early with the
boards played, `--extend` adds `--boards` more boards to a kept rung and merges them,
`--table-only` rewrites this section from `docs/ladder.json`): duplicate
boards against OpenSpiel's own Information-Set MCTS (`open_spiel.python.algorithms.ismcts`:
UCT c = 2, the most visited action, one random rollout per simulation, played by the
engine's playout loop, which deals the same distribution as OpenSpiel's random-rollout
evaluator, faster; the game is wrapped by `kingweb/bots/spiel.py`, whose resampling reads
only the acting seat's view). In King and Кинг one ISMCTS seat plays three kingweb bots,
rotated through the four seats over the same cards; a board is one deal, its contract
cycling through the match's deals (King's six negatives and four positives with their
auction, Кинг's fourteen deals). Means are points per deal with 95% intervals; CPU ms is
process time per decision (the machine is shared, so wall time is not a fair cost, and
the run time is long for the same reason).

{table(results)}

Measured with {any_r["python"]}. *Budget* is `--budget`, the kingweb bot's wall-clock cap
a decision: for `hard` it is raised above the page's 0.4 s so that on this shared machine
its fixed number of worlds, not other jobs, decides its play (its decision times in the
browser are in *Browser*, from `python build.py bench`); `normal` plays with the page's
0.4 s, which caps its light search of German Whist's stock stage at 60 ms.
"""


def write(results: dict[str, Rung], doc: Path) -> None:
    text = doc.read_text() if doc.exists() else "# Benchmarks\n"
    new = section(results)
    if HEADING in text:
        start = text.index(HEADING)
        nxt = text.find("\n## ", start + len(HEADING))
        text = text[:start] + new + (text[nxt + 1 :] if nxt >= 0 else "")
    else:
        text = text.rstrip("\n") + "\n\n" + new
    doc.write_text(text)


def main(args: argparse.Namespace) -> None:
    root = Path(args.docs)
    root.mkdir(parents=True, exist_ok=True)
    store = root / "ladder.json"
    results: dict[str, Rung] = json.loads(store.read_text()) if store.exists() else {}
    if args.table_only:
        write(results, root / "BENCHMARKS.md")
        print(table(results))
        return
    rungs = args.rungs.split(",") if args.rungs else list(RUNGS)
    boards = dict(kv.split("=") for kv in args.boards.split(",")) if args.boards else {}
    for rung in rungs:
        if rung not in RUNGS:
            raise SystemExit(f"{rung!r} is not a rung (one of {', '.join(RUNGS)})")
        n = int(boards.get(rung, RUNGS[rung][3]))
        before = results.get(rung) if args.extend else None
        if args.extend and (before is None or before["seed"] != args.seed):
            raise SystemExit(f"--extend: no {rung} result with seed {args.seed} is kept to extend")
        first = before["boards"] if before else 0
        print(f"{rung}: {n} boards" + (f" after the {first} kept" if before else ""))
        r = play(rung, n, args.seed, args.budget, minutes=args.minutes, first=first)
        if before:
            r = merge(before, r)
        # read the kept results again: another process may have played other rungs meanwhile
        results = json.loads(store.read_text()) if store.exists() else {}
        results[rung] = r
        print(
            f"  {r['level']} − ismcts:{r['simulations']}: {r['diff']:+.2f} ± {r['ci95']:.2f} ({r['minutes']:.1f} min)"
        )
        store.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n")
        write(results, root / "BENCHMARKS.md")
    print(table(results))
