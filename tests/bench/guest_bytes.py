"""The bytes a guest is sent for each action at a table of people (issue 19's target: a
guest's message for one card played <= 1 KB), from the host's session as the page uses it:
a King, a Кинг and a German Whist match of people only, the host here and every other seat
a guest away, each person playing a random legal action in turn.  A guest's message for an
action is the session's ``outbox`` text for that guest; the page wraps it in the peer
envelope (``{kp: 1, type: "update", ...}``, a few dozen bytes more) before it is sent.

Run alone (``.venv/bin/python tests/bench/guest_bytes.py``) or as part of
``python build.py bench``."""

import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2]))  # kingweb from the repository

from kingweb.session import Session
from kingweb.table import person

PLAYERS = {"king": 4, "kingru": 4, "whist": 2}


def guest_messages(game: str, seed: int = 1) -> dict[str, list[int]]:
    """Each guest message's size in UTF-8 bytes, by what the action was: a card played
    ("play", with the trick it may close and the card drawn after it), a bid or decision
    ("bid"), or an action that ended a deal (its summary and record go with it)."""
    s = Session()
    seats = [person("Host")] + [person(f"Guest {i}", away=True) for i in range(1, PLAYERS[game])]
    s.start(game, seed=seed, seats=seats)
    s.follow(here=[0], away=list(range(1, PLAYERS[game])))
    rng = random.Random(seed)
    sizes: dict[str, list[int]] = {"play": [], "bid": [], "deal end": []}
    assert s.table is not None
    g = s.table.game
    while not g.over:
        seat = g.turn
        action = rng.choice(g.legal())
        answer = s.act(action, seat)
        kinds = {e["type"] for e in answer["updates"]["0"]["events"]}
        kind = "deal end" if "deal-end" in kinds else "play" if "play" in kinds else "bid"
        sizes[kind].extend(len(text.encode()) for text in answer["outbox"].values())
    return sizes


def report() -> list[str]:
    lines = []
    for game in PLAYERS:
        sizes = guest_messages(game)
        parts = []
        for kind, xs in sizes.items():
            if xs:
                xs.sort()
                p95 = xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]
                parts.append(f"{kind} median {statistics.median(xs):.0f} B, p95 {p95} B, max {xs[-1]} B ({len(xs)})")
        worst = max(sizes["play"])
        lines.append(
            f"  a guest's message, {game:6s}: "
            + "; ".join(parts)
            + f"  (target: a card played ≤ 1024 B: {'met' if worst <= 1024 else 'MISSED'})"
        )
    return lines


if __name__ == "__main__":
    print("kingweb guest messages: one whole match per game, people only, random legal play")
    print("\n".join(report()))
