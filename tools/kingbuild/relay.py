"""Where the peers of a room meet: the relays a build names by default, and relays on this
machine for ``python build.py serve --relay`` and the browser tests.

Rooms meet through relays of three kinds at once, one trystero strategy each
(site/p2p/room.js): WebTorrent trackers, Nostr relays and MQTT brokers, all reached over a
WebSocket.  The peers of a room announce themselves there and pass their connection offers
through them, then talk directly (WebRTC).  The page reads the build's defaults from
build.json (``relays``, ``stun``); the address parameter ``relays`` replaces them
(site/p2p/params.js).  An entry names its kind by a prefix of its scheme: ``wss://…`` is a
tracker, ``nostr+wss://…`` a Nostr relay, ``mqtt+wss://…`` an MQTT broker."""

import json
import shutil
import subprocess
from hashlib import sha256
from pathlib import Path
from types import TracebackType
from typing import IO, cast

from . import CACHE, ROOT, log
from .node import npm_tool

# The kinds of relay, in the order the page tries them and names them.
KINDS = ("torrent", "nostr", "mqtt")
# The build's relays, by kind: one place.  build.json carries them to the page, and the
# Content Security Policy allows any wss: relay (csp.py).  Each list comes from trystero
# 0.25.4's own defaults (its maintainer keeps them: `defaultRelayUrls` in each strategy's
# dist/index.mjs), all over wss:
DEFAULT_RELAYS = {
    # @trystero-p2p/torrent: its first three WebTorrent trackers (its default set)
    "torrent": ["wss://open.ftorrent.com", "wss://tracker.webtorrent.dev", "wss://tracker.openwebtorrent.com"],
    # @trystero-p2p/nostr: five of its 28 relays (it uses five, picked by the app id)
    "nostr": [
        "nostr+wss://nos.lol",
        "nostr+wss://relay.mostr.pub",
        "nostr+wss://purplerelay.com",
        "nostr+wss://relay.agorist.space",
        "nostr+wss://nostr.data.haus",
    ],
    # @trystero-p2p/mqtt: its brokers but the one whose address holds a password (an
    # address parameter never does: params.js)
    "mqtt": [
        "mqtt+wss://test.mosquitto.org:8081/mqtt",
        "mqtt+wss://broker.emqx.io:8084/mqtt",
        "mqtt+wss://broker-cn.emqx.io:8084/mqtt",
        "mqtt+wss://broker.hivemq.com:8884/mqtt",
    ],
}
# STUN servers let two peers behind home routers find their public addresses; no TURN
# relay by default (the address parameter ``turn`` names one).  These are the public
# servers trystero uses when given none.
DEFAULT_STUN = ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"]
# The paths of `serve --relay`'s relays on the site's own origin, by kind: an entry without
# a scheme is resolved against the page's address (ws: beside http:, wss: beside https:).
LOCAL_PATHS = {"torrent": "relay", "nostr": "relay/nostr", "mqtt": "relay/mqtt"}
LOCAL_RELAY = LOCAL_PATHS["torrent"]
PREFIX = {"torrent": "", "nostr": "nostr+", "mqtt": "mqtt+"}


def default_relays() -> list[str]:
    """build.json's ``relays``: every kind's, in KINDS' order."""
    return [url for kind in KINDS for url in DEFAULT_RELAYS[kind]]


def local_relays(kinds: tuple[str, ...] = KINDS) -> list[str]:
    """build.json's ``relays`` for relays on the site's own origin (`serve --relay`)."""
    return [PREFIX[kind] + LOCAL_PATHS[kind] for kind in kinds]


RELAY_SPEC = ROOT / "tools" / "relay"  # package.json and the package-lock.json that pins it
RELAY_SCRIPT = Path(__file__).resolve().parent / "relay.mjs"
# What the tracker asks peers to re-announce after: trystero re-announces every
# max(interval / 5, 10 s), so 50 s gives its 10 s floor (see relay.mjs).
ANNOUNCE_INTERVAL_MS = 50_000


def relay_tools(cache: Path = CACHE) -> Path | None:
    """The folder where the pinned relays are installed: one per lock, so that work trees
    pinning other versions, sharing the cache, never reinstall under each other's feet."""
    lock = sha256((RELAY_SPEC / "package-lock.json").read_bytes()).hexdigest()[:12]
    return npm_tool(RELAY_SPEC, cache / f"relay-{lock}", "bittorrent-tracker", ignore_scripts=True)


class Relay:
    """A relay of one kind (KINDS) on 127.0.0.1 in a Node process, from the pinned
    packages (relay.mjs); a context manager that stops it on exit."""

    def __init__(
        self, kind: str = "torrent", port: int = 0, interval_ms: int = ANNOUNCE_INTERVAL_MS, cache: Path = CACHE
    ) -> None:
        node = shutil.which("node")
        tools = relay_tools(cache)
        if not (node and tools):
            raise SystemExit("a local relay needs Node and npm (python build.py test installs them)")
        self.kind = kind
        self.process = subprocess.Popen(
            [node, str(RELAY_SCRIPT), kind, str(port), str(interval_ms)],
            cwd=tools,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        line = cast(IO[str], self.process.stdout).readline()
        if not line:
            self.process.wait(5)
            raise SystemExit(f"the {kind} relay did not start (see above)")
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


class LocalRelays:
    """A relay of each kind asked for, each in its own process (so one can die alone);
    a context manager that stops them all on exit."""

    def __init__(self, kinds: tuple[str, ...] = KINDS) -> None:
        self.relays: dict[str, Relay] = {}
        try:
            for kind in kinds:
                self.relays[kind] = Relay(kind)
        except BaseException:
            self.stop()
            raise

    def ports(self) -> dict[str, int]:
        """Each relay's port by its path on the site's origin (serve.py's RelayHandler)."""
        return {f"/{LOCAL_PATHS[kind]}": relay.port for kind, relay in self.relays.items()}

    def stop(self, kind: str | None = None) -> None:
        """Stop one kind's relay, or all."""
        for k, relay in self.relays.items():
            if kind in (None, k):
                relay.stop()

    def __enter__(self) -> "LocalRelays":
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()


WHAT = {
    "torrent": "a WebTorrent tracker, bittorrent-tracker",
    "nostr": "a Nostr relay, @nostr-relay/core",
    "mqtt": "an MQTT broker, aedes",
}


def start_relays() -> LocalRelays:
    relays = LocalRelays()
    for kind, relay in relays.relays.items():
        log(f"relay ({WHAT[kind]}) listening on {relay.url}")
    return relays
