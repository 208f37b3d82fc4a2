"""Command line: ``python -m kingweb bench | arena | latency | ladder | owners | calibrate |
play | review | review-bench | hint-agreement``."""

import argparse
import sys

from . import GAMES


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m kingweb")
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("bench", help="playouts per second of each game")
    b.add_argument("--seconds", type=float, default=1.5, help="time per figure")
    a = sub.add_parser("arena", help="duplicate matches between bots")
    a.add_argument("--game", choices=GAMES, required=True)
    a.add_argument(
        "--bots",
        required=True,
        help="one bot a seat: random, easy, normal, hard, expert, cheat, ismcts:N (OpenSpiel, N simulations)",
    )
    a.add_argument("--deals", type=int, default=100)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--options", help='game options as JSON, e.g. \'{"boys": "jacks-kings"}\'')
    a.add_argument("--budget", type=float, default=0.4, help="hard bot's wall-clock cap a decision (its default)")
    a.add_argument("--json", action="store_true", help="print the result as JSON")
    lat = sub.add_parser("latency", help="bot decision times and the whist solver")
    lat.add_argument("--expert", action="store_true", help="also time the expert level")
    d = sub.add_parser("ladder", help="the bots against OpenSpiel's ISMCTS, into docs/BENCHMARKS.md")
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--rungs", help="comma-separated rungs to play (default: all)")
    d.add_argument("--boards", help="boards per rung, e.g. whist-hard=40,king-hard=20")
    d.add_argument("--budget", type=float, default=1.0, help="hard bot's wall-clock cap a decision")
    d.add_argument("--minutes", type=float, help="stop a rung after this long (with the boards played)")
    d.add_argument(
        "--extend", action="store_true", help="add --boards boards to each rung kept (same seed) and merge the results"
    )
    d.add_argument("--table-only", action="store_true", help="rewrite the table from docs/ladder.json, play nothing")
    d.add_argument("--docs", default="docs", help="where BENCHMARKS.md and ladder.json are")
    o = sub.add_parser("owners", help="how the owners of King's positives choose and fare")
    o.add_argument("--levels", default="normal", help="comma-separated bot levels, one table each")
    o.add_argument("--boards", type=int, default=2000, help="positives per table")
    o.add_argument("--seed", type=int, default=1)
    o.add_argument("--budget", type=float, default=0.4, help="hard bot's wall-clock cap a decision (its default)")
    c = sub.add_parser("calibrate", help="fit normal's bidding estimates to played-out deals")
    c.add_argument("--deals", type=int, default=4000, help="deals to fit on")
    c.add_argument("--test", type=int, default=1000, help="more deals to measure the fit on")
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--write", action="store_true", help="store the weights in kingweb/bots/weights.py")
    p = sub.add_parser("play", help="play in the terminal against bots")
    p.add_argument("game", choices=GAMES)
    p.add_argument("--level", default="normal")
    p.add_argument("--seed", type=int)
    r = sub.add_parser("review", help="the marks of a recorded deal or match (JSON or text form; - reads stdin)")
    r.add_argument("file")
    r.add_argument("--json", action="store_true", help="print the analyses and the summary as JSON")
    r.add_argument("--seat", type=int, help="only this seat's decisions (seat 0 first)")
    r.add_argument("--deal", type=int, help="only this deal of the record (from 0)")
    r.add_argument("--worlds", type=int, help="worlds a sampled decision is valued over")
    rb = sub.add_parser("review-bench", help="how long the review takes (CPU seconds)")
    rb.add_argument("--deals", type=int, default=3, help="deals per game")
    rb.add_argument("--par", action="store_true", help="also time a daily's par in each game")
    ha = sub.add_parser("hint-agreement", help="how often the review marks the hinted card good")
    ha.add_argument("--positions", type=int, default=300, help="random card decisions a game")
    ha.add_argument("--seed", type=int, default=33)
    args = ap.parse_args(argv)
    if args.cmd == "bench":
        from .bench import main as bench

        bench(args.seconds)
    elif args.cmd == "arena":
        from .bots.arena import main as arena

        arena(args)
    elif args.cmd == "ladder":
        from .bots.ladder import main as ladder

        ladder(args)
    elif args.cmd == "latency":
        from .bots.latency import main as latency

        latency(expert=args.expert)
    elif args.cmd == "review":
        from .reviewcli import main as review

        return review(args.file, args.json, args.seat, args.deal, args.worlds)
    elif args.cmd == "review-bench":
        from .reviewcli import bench as review_bench

        review_bench(deals=args.deals, par=args.par)
    elif args.cmd == "hint-agreement":
        from .agreement import main as agreement

        return agreement(args.positions, args.seed)
    elif args.cmd == "owners":
        from .bots.owners import main as owners

        owners(args)
    elif args.cmd == "calibrate":
        from .bots.calibrate import main as calibrate

        calibrate(args)
    elif args.cmd == "play":
        from .terminal import main as play

        return play(args.game, args.level, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
