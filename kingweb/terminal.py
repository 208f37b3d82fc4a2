"""``python -m kingweb play king``: play in a terminal, you at seat 0 against bots."""

import sys
from collections.abc import Callable
from typing import Any, cast

from . import GAMES, IllegalAction, new_game
from .bots import Bot
from .cards import INDEX, name

NAMES = {4: ["You", "West", "North", "East"], 2: ["You", "Opponent"]}


def show_hand(codes: list[str]) -> str:
    by_suit: dict[str, list[str]] = {}
    for c in codes:
        by_suit.setdefault(c[1], []).append(c)
    return "   ".join(" ".join(name(INDEX[c]) for c in cs) for _, cs in sorted(by_suit.items()))


def main(
    game: str,
    level: str = "normal",
    seed: int | None = None,
    inp: Callable[[str], str] = input,
    out: Callable[[str], object] = print,
) -> int:
    g = new_game(game, seed)
    names = NAMES[g.players]
    bots = {s: Bot(level, seed=g.seed * 8 + s) for s in range(1, g.players)}
    out(
        f"{game}, seed {g.seed}: you are seat 0 against {level} bots. Type a card (QS, TH), "
        "an action, 'legal', 'hint' or 'quit'."
    )
    shown_deals = 0
    last_serial = 0
    while (turn := g.turn) is not None:
        v = g.view(0)
        lt = v["last_trick"]
        if lt and lt["serial"] != last_serial:
            last_serial = lt["serial"]
            played = ", ".join(
                f"{names[(lt['leader'] + i) % g.players]} {name(INDEX[c])}" for i, c in enumerate(lt["cards"])
            )
            out(f"  trick: {played} → {names[lt['winner']]}")
        if len(g.deals) > shown_deals:
            d = g.deals[shown_deals]
            shown_deals += 1
            out(
                f"Deal {shown_deals} ({d['contract']}): "
                + ", ".join(f"{names[s]} {p:+d}" for s, p in enumerate(d["points"]))
            )
            out("Totals: " + ", ".join(f"{names[s]} {p}" for s, p in enumerate(g.scores)))
        if turn != 0:
            a = bots[turn].decide(cast(dict[str, Any], g.view(turn)))
            if not a[0].isdigit() and a not in INDEX:
                out(f"  {names[turn]}: {a}")
            g.act(a)
            continue
        trick = " ".join(f"{names[x['seat']]}:{name(INDEX[x['card']])}" for x in v["trick"])
        out(
            f"\nDeal {v['deal_no'] + 1} · {v['contract']}"
            + (f" · trump {v['trump']}" if v["trump"] else "")
            + (f" · on the table: {trick}" if trick else "")
        )
        out("Your hand: " + show_hand(v["hand"]))
        try:
            a = inp("> ").strip()
        except EOFError:
            return 0
        if a in ("quit", "q"):
            return 0
        if a == "legal":
            out("Legal: " + ", ".join(g.legal()))
            continue
        if a == "hint":
            from . import hint

            h = hint(g, 0)
            out(f"Hint: {h['action']} ({h['text']})")
            continue
        try:
            g.act(a.upper() if len(a) == 2 else a, seat=0)
        except IllegalAction as e:
            out(f"Not allowed: {e}")
    out("Match over. " + ", ".join(f"{names[s]} {p}" for s, p in enumerate(g.scores)))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else GAMES[0]))
