"""Paired regret of inference: do ``hard-infer``'s weights choose better cards than
``hard``'s equal weights, judged on the true deal?

``python -m kingweb.bots.regret --game kingru --bots hard,hard,normal,normal --deals 200 --seed 51``

Deals (the arena's boards of the seed, one seating, no rotation) are played by the
table's bots as usual.  At every card decision of a ``hard`` seat with more than one
legal card (claims aside; German Whist: the stock stage only) three searches are run
on the same worlds, the rng made afresh from the bot's own seed for each:

- ``u``: the uniform search, ``hard``'s own (its card c_u is the card played);
- ``w``: each world weighed by ``inference.Evidence(know).weight`` (``hard-infer``);
- ``t``: tempered, the weights raised to the largest β in ``TEMPERS`` whose effective
  sample size (Σw)²/Σw² is at least half the worlds.

Each search records the hands of the worlds it weighs; the three lists must be equal
(``same_worlds``).  Where c_w or c_t differs from c_u, the cards are judged on the true
deal by the ceiling's evaluator (``cheat``): max-n where ``search.exact_from`` says the
rest is solved exactly (King and Кинг), else the mean of ``ROLLOUTS`` noisy playouts of
the true deal, every seat by ``normal``'s heuristics with all hands known, with common
random numbers across the cards.  The figure is Q(c_w) − Q(c_u) in the seat's points
(German Whist: its points less the other's, as the search and the ceiling value it), 0
where the cards agree: per differing position (a bootstrap over deals) and per deal (a
normal interval over deals).
"""

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from .. import cards, scenario
from ..cards import INDEX
from ..games import GAMES
from ..play import Play
from ..trickgame import TrickGame
from ..whist import WhistPlay
from . import Bot
from .arena import board
from .cheat import ROLLOUTS, _normal_card, _playout, _whist_card_of
from .inference import Evidence
from .knowledge import Knowledge
from .policy import rollout
from .search import Values, evaluate, exact_from, search_values

#: The tempering powers, largest first
TEMPERS = (1.0, 0.5, 0.25, 0.125, 0.0)


def ess(ws: list[float]) -> float:
    """The effective sample size of weights, (Σw)²/Σw²."""
    s2 = sum(w * w for w in ws)
    return sum(ws) ** 2 / s2 if s2 else 0.0


def temper(ws: list[float]) -> float:
    """The largest β of ``TEMPERS`` whose weights w^β keep an effective sample size of at
    least half the worlds (β = 0, equal weights, always does)."""
    for beta in TEMPERS:
        if ess([w**beta for w in ws]) >= len(ws) / 2:
            return beta
    return 0.0  # pragma: no cover - β = 0 gives len(ws)


@dataclass
class Paired:
    """The three searches of one decision on the same worlds."""

    u: Values
    w: Values
    t: Values
    beta: float
    ess: float  # of the plain weights
    same_worlds: bool


def paired_values(know: Knowledge, legal_cards: list[int], key: str, samples: int) -> Paired:
    """Search ``know`` uniformly, weighted and tempered, each with ``random.Random(key)``
    made afresh and no clock (``budget=math.inf``), recording the worlds each sees."""
    seen: dict[str, list[list[int]]] = {"u": [], "w": [], "t": []}
    ws: list[float] = []

    def flat(hands: list[int]) -> float:
        seen["u"].append(list(hands))
        return 1.0  # (the same arithmetic as ``weigh=None``)

    ev = Evidence(know)

    def weighted(hands: list[int]) -> float:
        seen["w"].append(list(hands))
        ws.append(ev.weight(hands))
        return ws[-1]

    vu = search_values(know, legal_cards, random.Random(key), samples, math.inf, flat)
    vw = search_values(know, legal_cards, random.Random(key), samples, math.inf, weighted)
    beta = temper(ws) if ws else 0.0
    if beta == 1.0:
        vt, seen["t"] = vw, seen["w"]
    elif beta == 0.0:
        vt, seen["t"] = vu, seen["u"]
    else:
        it = iter(ws)

        def tempered(hands: list[int]) -> float:
            seen["t"].append(list(hands))
            return float(next(it) ** beta)

        vt = search_values(know, legal_cards, random.Random(key), samples, math.inf, tempered)
    same = seen["u"] == seen["w"] == seen["t"]
    return Paired(vu, vw, vt, beta, ess(ws) if ws else 0.0, same)


def judge(p: Play, seat: int, cands: list[int], rng: random.Random, rounds: int = ROLLOUTS) -> dict[int, float]:
    """Each card's value to ``seat`` on the true deal ``p`` by the ceiling's evaluator:
    max-n where the rest is solved exactly, else the mean of ``rounds`` noisy playouts
    (common random numbers across the cards; German Whist: points less the other's, its
    first playout without noise, as ``cheat._by_playouts``)."""
    whist = isinstance(p, WhistPlay)
    if not whist:
        q = p.copy()
        q.play(cands[0])
        if exact_from(q):  # (whatever the card, the trick after it is the same one)
            return {c: float(evaluate(p, c, seat, rollout)) for c in cands}
    pick = _whist_card_of if whist else _normal_card
    totals = dict.fromkeys(cands, 0.0)
    for i in range(rounds):
        state = rng.getstate()
        for c in cands:
            rng.setstate(state)
            q = p.copy()
            q.play(c)
            pts = _playout(q, rng if i or not whist else None, pick)
            totals[c] += pts[seat] - pts[1 - seat] if whist else pts[seat]
    return {c: t / rounds for c, t in totals.items()}


@dataclass
class Decision:
    """One measured decision: the three cards, the tempering, and Q(c) − Q(c_u) on the
    true deal (0 where the cards agree)."""

    deal: int
    seat: int
    trick_no: int
    legal: int
    u: str
    w: str
    t: str
    beta: float
    ess: float
    same_worlds: bool
    dw: float = 0.0
    dt: float = 0.0
    q: dict[str, float] = field(default_factory=dict)


def play_deal(
    game: str, b: int, rng: random.Random, seed: int, kinds: list[str], samples: int | None = None
) -> list[Decision]:
    """Board ``b`` of the seed's sequence (``rng`` at that board) played by ``kinds``
    seated in order; the decisions of its ``hard`` seats, measured."""
    contract, hands, where = board(game, b, rng, {})
    g = scenario(game, contract, hands, {}, **where)
    assert isinstance(g, TrickGame)  # (as every kingweb game is)
    bots = [Bot(k, seed=(seed + b) * 7919 + i, budget=math.inf) for i, k in enumerate(kinds)]
    out = []
    while not g.over:
        s = g.turn
        assert s is not None  # the game is not over
        view = g.view(s)
        legal = view["legal"]
        bot = bots[s]
        measured = (
            kinds[s] == "hard"
            and g.phase == "play"
            and len(legal) > 1
            and not any(a.startswith("claim:") for a in legal)
            and view.get("stage", 1) == 1
        )
        if not measured:
            g.act(bot.decide(view))
            continue
        know = Knowledge(view)
        legal_cards = [INDEX[c] for c in legal]
        key = repr(_key(bot, view))
        pv = paired_values(know, legal_cards, key, samples or know.facts.hard_samples)
        cu, cw, ct = pv.u.best(), pv.w.best(), pv.t.best()
        p = g.play
        d = Decision(
            b,
            s,
            p.trick_no,
            len(legal),
            cards.code(cu),
            cards.code(cw),
            cards.code(ct),
            pv.beta,
            pv.ess,
            pv.same_worlds,
        )
        cands = list(dict.fromkeys((cu, cw, ct)))
        if len(cands) > 1:
            q = judge(p, s, cands, random.Random(repr(("judge", key))))
            d.dw, d.dt = q[cw] - q[cu], q[ct] - q[cu]
            d.q = {cards.code(c): v for c, v in q.items()}
        out.append(d)
        g.act(cards.code(cu))  # the card ``hard`` plays: the uniform search's
    return out


def _key(bot: Bot, view: object) -> tuple[object, ...]:
    from . import position_key

    return position_key(bot.seed, view)  # type: ignore[arg-type]  # (a view)


def summary(decisions: list[Decision], deals: int, which: str, resamples: int = 4000) -> dict[str, float]:
    """Positions, differing positions, the mean difference per differing position (95%
    bootstrap over deals) and per deal (normal interval over deals) of ``which`` (``w``
    or ``t``) against ``u``."""
    per_deal: dict[int, list[float]] = {}
    n_diff: dict[int, int] = {}
    for d in decisions:
        x = d.dw if which == "w" else d.dt
        differs = (d.w if which == "w" else d.t) != d.u
        per_deal.setdefault(d.deal, []).append(x)
        n_diff[d.deal] = n_diff.get(d.deal, 0) + differs
    ids = sorted(set(per_deal) | set(range(deals)))
    sums = [sum(per_deal.get(i, [])) for i in ids]
    cnts = [n_diff.get(i, 0) for i in ids]
    total_diff = sum(cnts)
    m = statistics.fmean(sums) if sums else 0.0
    h = 1.96 * statistics.stdev(sums) / math.sqrt(len(sums)) if len(sums) > 1 else math.inf
    rng = random.Random(0)
    boots = []
    for _ in range(resamples):
        pick = [rng.randrange(len(ids)) for _ in ids]
        c = sum(cnts[i] for i in pick)
        if c:
            boots.append(sum(sums[i] for i in pick) / c)
    boots.sort()
    lo, hi = (boots[int(0.025 * len(boots))], boots[int(0.975 * len(boots)) - 1]) if boots else (math.nan, math.nan)
    return {
        "positions": len(decisions),
        "differ": total_diff,
        "per_differing": sum(sums) / total_diff if total_diff else 0.0,
        "per_differing_lo": lo,
        "per_differing_hi": hi,
        "per_deal": m,
        "per_deal_ci95": h,
    }


def run(
    game: str,
    kinds: list[str],
    deals: int,
    seed: int,
    minutes: float | None = None,
    out: Callable[[str], object] | None = print,
    wall: float | None = None,
    save: Callable[[dict[str, Any]], object] | None = None,
) -> dict[str, Any]:
    """Play up to ``deals`` boards (fewer if ``minutes`` of CPU, or ``wall`` minutes of the
    clock, run out: the result says how many) and measure; the figures of ``w`` and ``t``
    against ``u``, and CPU seconds (``save``d every ten deals too, for a run cut short)."""
    rng = random.Random(seed)
    c0, t0 = time.process_time(), time.perf_counter()
    decisions: list[Decision] = []
    played = 0
    for b in range(deals):
        if minutes is not None and played and time.process_time() - c0 > 60 * minutes:
            break
        if wall is not None and played and time.perf_counter() - t0 > 60 * wall:
            break
        decisions += play_deal(game, b, rng, seed, kinds)
        played += 1
        if played % 10 == 0 and save:
            save(_result(game, kinds, seed, played, time.process_time() - c0, decisions))
        if out and played % 10 == 0:
            s = summary(decisions, played, "w", 0)
            out(
                f"  … {played} deals, {s['positions']} positions, {s['differ']} differ, {time.process_time() - c0:.0f} s CPU"
            )
    return _result(game, kinds, seed, played, time.process_time() - c0, decisions)


def _result(
    game: str, kinds: list[str], seed: int, played: int, cpu: float, decisions: list[Decision]
) -> dict[str, Any]:
    return {
        "game": game,
        "bots": kinds,
        "seed": seed,
        "deals": played,
        "cpu_s": cpu,
        "not_same_worlds": sum(not d.same_worlds for d in decisions),
        "beta": {str(b): sum(d.beta == b for d in decisions) for b in TEMPERS},
        "weighted": summary(decisions, played, "w"),
        "tempered": summary(decisions, played, "t"),
        "decisions": [asdict(d) for d in decisions],
    }


def report(r: dict[str, Any]) -> str:
    lines = [
        f"{r['game']}: {r['deals']} deals, seed {r['seed']}, table {','.join(r['bots'])}, {r['cpu_s']:.0f} s CPU",
        f"  worlds not identical in {r['not_same_worlds']} positions; β chosen: {r['beta']}",
    ]
    for name in ("weighted", "tempered"):
        s = r[name]
        lines.append(
            f"  {name}: {s['positions']} positions, {s['differ']} differ; Q(c)−Q(c_u) per differing position "
            f"{s['per_differing']:+.3f} [{s['per_differing_lo']:+.3f}, {s['per_differing_hi']:+.3f}], "
            f"per deal {s['per_deal']:+.3f} ± {s['per_deal_ci95']:.3f}"
        )
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True, choices=sorted(GAMES))
    ap.add_argument("--bots", default="hard,hard,normal,normal")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=51)
    ap.add_argument("--minutes", type=float, default=None, help="stop after this much CPU time")
    ap.add_argument("--wall", type=float, default=None, help="stop after this many minutes of the clock")
    ap.add_argument("--json", default=None, help="write the result with every decision to this file")
    a = ap.parse_args()

    def save(r: dict[str, Any]) -> None:
        if a.json:
            with open(a.json, "w") as f:
                json.dump(r, f, indent=1)

    r = run(a.game, a.bots.split(","), a.deals, a.seed, a.minutes, wall=a.wall, save=save)
    print(report(r))
    save(r)


if __name__ == "__main__":
    main()
