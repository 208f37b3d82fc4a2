"""``python -m kingweb bench``: random-legal-move playouts of one whole deal per second.

Two paths per game: the fast path the bots use (``Play.random_playout`` on bitmasks)
and the public string API (``legal()`` / ``act()``).  A bare bitmask playout loop with
no rules at all is timed first, as the yardstick of this machine's speed; German Whist's
stage-2 solver is timed last (``whist_endgames``).
"""

import random
import time
from collections.abc import Callable

from . import cards, new_game
from .games import GAMES
from .play import Play
from .whist import WhistPlay, whist_contract

POOL = 400  # deals dealt in advance, so that shuffling is not what is timed


Deals = list[tuple[list[int], list[int]]]  # hands as masks, and the rest of the deck


def _deals(rng: random.Random, deck: int, per_hand: int, players: int = 4) -> Deals:
    out: Deals = []
    d = cards.cards_of(deck)
    for _ in range(POOL):
        rng.shuffle(d)
        out.append(
            ([cards.mask_of(d[i * per_hand : (i + 1) * per_hand]) for i in range(players)], d[players * per_hand :])
        )
    return out


def _rate(fn: Callable[[], int], seconds: float) -> float:
    """Best of three timings of ``fn`` (which returns how many deals it played)."""
    rates = []
    for _ in range(3):
        n, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds / 3:
            n += fn()
        rates.append(n / (time.perf_counter() - t0))
    return max(rates)


def bare_loop(seconds: float = 1.0) -> float:
    """Deals per second of a plain follow-suit loop over bitmasks: no rules, no scoring."""
    rng = random.Random(0)
    deals = _deals(rng, cards.FULL_DECK, 13)
    r, suit = rng.random, cards.SUIT_MASK

    def run() -> int:
        for hands, _ in deals:
            hands, turn = hands[:], 0
            for _ in range(13):
                led = best = -1
                bs = turn
                for _ in range(4):
                    h = hands[turn]
                    m = (h & suit[led]) if led >= 0 else 0
                    m = m or h
                    k = int(r() * m.bit_count())
                    while k:
                        m &= m - 1
                        k -= 1
                    b = m & -m
                    c = b.bit_length() - 1
                    hands[turn] = h ^ b
                    if led < 0:
                        led, best, bs = c // 13, c, turn
                    elif c // 13 == led and c > best:
                        best, bs = c, turn
                    turn = (turn + 1) % 4
                turn = bs
        return len(deals)

    return _rate(run, seconds)


def fast_path(game: str, seconds: float = 1.0) -> float:
    """Fast-path playouts per second, over every contract of the game in turn."""
    rng = random.Random(1)
    r = rng.random
    facts = GAMES[game]
    if facts.stock:
        deals = _deals(rng, facts.deck, facts.hand, facts.players)

        def run_whist() -> int:
            for hands, stock in deals:
                WhistPlay(whist_contract(stock[0] // 13, 13), hands, 0, stock, 13).random_playout(r)
            return len(deals)

        return _rate(run_whist, seconds)
    per_hand = facts.hand
    deals = _deals(rng, facts.deck, per_hand, facts.players)
    cons = facts.contracts()

    def run() -> int:
        for i, (hands, _) in enumerate(deals):
            Play(cons[i % len(cons)], hands, i % 4, per_hand).random_playout(r)
        return len(deals)

    return _rate(run, seconds)


def public_api(game: str, seconds: float = 1.0) -> float:
    """Whole deals per second played through ``legal()`` and ``act()`` of a match."""
    rng = random.Random(2)

    def run() -> int:
        g = new_game(game, seed=rng.randrange(10**6))
        while not g.over:
            g.act(rng.choice(g.legal()))
        return len(g.deals)

    return _rate(run, seconds)


def spiel_hearts(seconds: float = 1.0) -> float | None:
    """Whole random deals per second of OpenSpiel's Hearts (C++) driven from Python the way
    ``public_api`` drives King: ``legal_actions()`` and ``apply_action`` of each action,
    the deal and the passing included; None without ``open_spiel`` (a test and benchmark
    dependency, not one of the wheel)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(3)

    def run() -> int:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        return 1

    return _rate(run, seconds)


def whist_endgames(count: int = 40, seed: int = 1) -> dict[str, float]:
    """German Whist's stage 2 solved from its first lead (``WhistSolver.best_lead``) in
    ``count`` 13-card endgames of random deals (``seed``), each by a solver of its own
    (no table kept from another), in CPU seconds: the median, the 90th percentile and
    the worst, and the mean nodes searched."""
    from .bots import endgame

    rng = random.Random(seed)
    d = cards.cards_of(cards.FULL_DECK)
    times, nodes = [], []
    for _ in range(count):
        rng.shuffle(d)
        solver = endgame.WhistSolver(rng.randrange(4))
        t0 = time.process_time()
        solver.best_lead(cards.mask_of(d[:13]), cards.mask_of(d[13:26]))
        times.append(time.process_time() - t0)
        nodes.append(solver.nodes)
    times.sort()
    return {
        "median": times[count // 2],
        "p90": times[count * 9 // 10],
        "worst": times[-1],
        "nodes": sum(nodes) / count,
    }


#: (fast path, public API) deals per second each game is to reach (``GameFacts.bench_targets``)
TARGETS = {gid: f.bench_targets for gid, f in GAMES.items()}


def main(seconds: float = 1.0, out: Callable[[str], object] = print) -> dict[str, object]:
    import platform

    out(
        f"kingweb bench on {platform.python_implementation()} {platform.python_version()} "
        f"({seconds:.1f} s a figure, best of 3 slices)"
    )
    base = bare_loop(seconds)
    out(f"  yardstick: bare 52-card bitmask loop, no rules   {base:9,.0f} deals/s")
    results: dict[str, object] = {"bare": base}
    beside: dict[str, float] = {}  # the public APIs held to OpenSpiel's Hearts
    for game, f in GAMES.items():
        fast, api = fast_path(game, seconds), public_api(game, seconds)
        if f.beside_hearts:
            beside[game] = api
        t_fast, t_api = TARGETS[game]
        out(f"  {game:7s} fast path  {fast:9,.0f} deals/s{_mark(fast, t_fast)}")
        out(f"  {game:7s} public API {api:9,.0f} deals/s{_mark(api, t_api)}")
        results[game] = {"fast": fast, "api": api}
    hearts = spiel_hearts(seconds)
    if hearts is not None:
        # the same machine, the same minute: the measure such an API is held to (≥ 1.0×)
        told = "; ".join(f"{g} public API {api / hearts:.2f}×" for g, api in beside.items())
        out(f"  OpenSpiel hearts (C++, from Python) {hearts:9,.0f} deals/s; {told}")
        results["spiel_hearts"] = hearts
    solved = whist_endgames()
    out(
        f"  whist   stage-2 solver: median {solved['median'] * 1000:.0f} ms, p90 {solved['p90'] * 1000:.0f} ms, "
        f"worst {solved['worst'] * 1000:.0f} ms of CPU, {solved['nodes']:,.0f} nodes (40 fresh 13-card endgames)"
    )
    results["whist_endgames"] = solved
    return results


def _mark(value: float, target: int | None) -> str:
    return "" if target is None else f"  (target ≥ {target:,}: {'met' if value >= target else 'MISSED'})"
