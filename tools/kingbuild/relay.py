"""Where the peers of a room meet: the relays a build names by default, and a relay on this
machine for ``python build.py serve --relay`` and the browser tests.

A relay is a WebTorrent tracker reached over a WebSocket: the peers of a room announce
themselves there and pass their connection offers through it, then talk directly
(WebRTC).  The page reads the build's defaults from build.json (``relays``, ``stun``);
the address parameter ``relays`` replaces them (site/p2p/params.js)."""

import json
import shutil
import subprocess
from pathlib import Path
from types import TracebackType
from typing import IO, cast

from . import CACHE, ROOT, log
from .node import npm_tool

# The build's relays: trystero 0.25.4's own first three WebTorrent trackers (its default
# set, as its maintainer keeps it), all reached over wss.  One place: build.json carries
# them to the page, and the Content Security Policy allows any wss: relay (csp.py).
DEFAULT_RELAYS = [
    "wss://open.ftorrent.com",
    "wss://tracker.webtorrent.dev",
    "wss://tracker.openwebtorrent.com",
]
# STUN servers let two peers behind home routers find their public addresses; no TURN
# relay by default (the address parameter ``turn`` names one).  These are the public
# servers trystero uses when given none.
DEFAULT_STUN = ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"]
# The path of `serve --relay`'s relay on the site's own origin: a relay entry without a
# scheme is resolved against the page's address (ws: beside http:, wss: beside https:).
LOCAL_RELAY = "relay"

RELAY_SPEC = ROOT / "tools" / "relay"  # package.json and the package-lock.json that pins it
RELAY_SCRIPT = Path(__file__).resolve().parent / "relay.mjs"
# What the tracker asks peers to re-announce after: trystero re-announces every
# max(interval / 5, 10 s), so 50 s gives its 10 s floor (see relay.mjs).
ANNOUNCE_INTERVAL_MS = 50_000


class Relay:
    """A WebTorrent tracker on 127.0.0.1 in a Node process, from the pinned
    bittorrent-tracker; a context manager that stops it on exit."""

    def __init__(self, port: int = 0, interval_ms: int = ANNOUNCE_INTERVAL_MS, cache: Path = CACHE) -> None:
        node = shutil.which("node")
        tools = npm_tool(RELAY_SPEC, cache / "relay", "bittorrent-tracker", ignore_scripts=True)
        if not (node and tools):
            raise SystemExit("a local relay needs Node and npm (python build.py test installs them)")
        self.process = subprocess.Popen(
            [node, str(RELAY_SCRIPT), str(port), str(interval_ms)],
            cwd=tools,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        line = cast(IO[str], self.process.stdout).readline()
        if not line:
            self.process.wait(5)
            raise SystemExit("the relay did not start (see above)")
        self.port: int = json.loads(line)["port"]
        self.url = f"ws://127.0.0.1:{self.port}"

    def stop(self) -> None:
        """Close its standard input (it exits), and kill it if it lingers."""
        if self.process.poll() is None:
            cast(IO[str], self.process.stdin).close()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()

    def __enter__(self) -> "Relay":
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()


def start_relay(port: int = 0) -> Relay:
    relay = Relay(port)
    log(f"relay (bittorrent-tracker) listening on {relay.url}")
    return relay
