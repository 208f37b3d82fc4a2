"""``python -m kingweb hint-agreement``: how often the review marks the hinted card good,
over random positions of each game (issue 33, "one judge": at least 99%), beside the
``normal`` bot's own card in the same positions, the hint's time, and how often its
reason is one that explains (not the analysis's figures alone).

``positions`` is the test suite's generator of random positions too
(``tests/bots/test_hints.py``, ``tests/bots/test_judge.py``)."""

import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from . import cards, new_game, scenario
from .bots import Bot
from .bots.hints import hint
from .bots.knowledge import contract_of
from .game import Game
from .games import GAMES
from .steps import judge

#: The reasons that quote only what an analysis or a search found
FIGURES = ("search-best", "search-even", "stock-best")


def positions(game: str, count: int, seed: int) -> Iterator[Game]:
    """``count`` random positions of ``game`` with someone to act: random legal play from a
    new match, up to its ``position_steps`` (a game whose deal can be chosen in the deal,
    King's positive: also such a deal from a random deal, with random bids before)."""
    f = GAMES[game]
    rng = random.Random(seed)
    made = 0
    while made < count:
        if f.chosen and rng.random() < 0.3:
            deck = cards.codes_of(f.deck)
            rng.shuffle(deck)
            hands = [deck[k * f.hand : (k + 1) * f.hand] for k in range(f.players)]
            g = scenario(game, f.chosen, hands, dealer=rng.randrange(f.players))
            steps = rng.randrange(0, 12)
        else:
            g = new_game(
                game,
                seed=rng.randrange(10**6),
                options={"play_all_tricks": rng.random() < 0.2} if "play_all_tricks" in f.cls.OPTIONS else {},
            )
            steps = rng.randrange(0, f.position_steps)
        for _ in range(steps):
            if g.over:
                break
            g.act(rng.choice(g.legal()))
        if not g.over:
            made += 1
            yield g


def card_decisions(game: str, count: int, seed: int) -> Iterator[Game]:
    """``count`` positions of ``game`` where a card is to be chosen among two or more (no
    claim open: a claim is not judged)."""
    made = 0
    for g in positions(game, 10 * count + 100, seed):
        view = g.view(g.turn)
        legal = view["legal"]
        if view.get("phase", "play") != "play" or len(legal) < 2 or any(a.startswith("claim:") for a in legal):
            continue
        yield g
        made += 1
        if made == count:
            return


def measure(game: str, count: int, seed: int = 33) -> dict[str, Any]:
    """The hint against the review over ``count`` card decisions of ``game``."""
    good = bot_good = 0
    reasons: Counter[str] = Counter()
    deals: Counter[str] = Counter()  # the decisions per contract played
    figured: Counter[str] = Counter()  # of those, the ones whose reason is only figures
    secs: list[float] = []
    bad: list[dict[str, Any]] = []
    for g in card_decisions(game, count, seed):
        view = g.view(g.turn)
        t0 = time.process_time()
        h = hint(g)
        secs.append(time.process_time() - t0)
        a = judge(g, str(h["action"]))
        reasons[h["reason"]] += 1
        con = contract_of(view)
        deal = con.id if con is not None else "?"
        deals[deal] += 1
        figured[deal] += h["reason"] in FIGURES
        if a["mark"] == "good":
            good += 1
        else:
            bad.append({"hint": h["action"], "best": a["best"], "loss": a["loss"], "mark": a["mark"]})
        bot_good += a["marks"][Bot("normal").decide(view)] == "good"
    n = sum(reasons.values())
    return {
        "game": game,
        "positions": n,
        "hint_good": good,
        "bot_good": bot_good,
        "figures_only": sum(reasons[r] for r in FIGURES),
        "reasons": dict(reasons.most_common()),
        "figures_by_contract": {d: (figured[d], k) for d, k in deals.most_common()},
        "hint_cpu": sorted(secs),
        "bad": bad,
    }


def main(count: int = 300, seed: int = 33, out: Callable[[str], object] = print) -> int:
    import platform

    out(
        f"hint against review on {platform.python_implementation()} {platform.python_version()}: {count} random card"
        f" decisions a game (seed {seed})"
    )
    for game in GAMES:
        m = measure(game, count, seed)
        n, cpu = m["positions"], m["hint_cpu"]
        out(
            f"  {game:7s} hinted card marked good {m['hint_good']}/{n} ({100 * m['hint_good'] / n:.1f}%);"
            f" the normal bot's card {m['bot_good']}/{n} ({100 * m['bot_good'] / n:.1f}%);"
            f" reason only the analysis's figures {m['figures_only']}/{n};"
            f" hint CPU median {1000 * cpu[n // 2]:.0f} ms, p95 {1000 * cpu[(95 * n) // 100 - 1]:.0f} ms"
        )
        out(f"          reasons: {m['reasons']}")
        if not GAMES[game].stock:  # King and Кинг: which deals the figure-only reasons come from
            by = ", ".join(f"{d} {k}/{n}" for d, (k, n) in m["figures_by_contract"].items())
            out(f"          reason only figures, by contract: {by}")
        for b in m["bad"]:
            out(f"          not good: {b}")
    return 0
