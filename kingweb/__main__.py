"""Command line: ``python -m kingweb bench | arena | play``."""

import argparse
import sys


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m kingweb")
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("bench", help="playouts per second of each game")
    b.add_argument("--seconds", type=float, default=1.5, help="time per figure")
    args = ap.parse_args(argv)
    if args.cmd == "bench":
        from .bench import main as bench
        bench(args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
