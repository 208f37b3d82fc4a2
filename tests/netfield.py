"""A small internet in Linux network namespaces, for the field test of play between people
(tests/browser/test_p2p_field.py): four homes, each a browser behind a router of its own
that translates its addresses (NAT), and a server room holding the site, the relays and a
STUN server, all on one wide-area bridge.  Every address is from the RFC 5737
documentation ranges and exists only inside these namespaces: the homes' LANs are
192.0.2.16·i/28, the wide area is 198.51.100.0/24.  Nothing here can reach any other
network: the namespaces have no route out, and the wide area no gateway.

    with Field(nats=["cone", "cone", "symmetric", "no-udp"]) as field:
        field.run_in("server", start_the_site)      # a thread in the server's namespace
        field.chromium("home0")                     # an executable for Playwright

Every name made starts with ``kwf-``; ``close()`` (and leaving the ``with``) removes every
namespace and so every link, rule and address in it, and a leftover of an earlier run
that died is removed before anything is made.  Needs root, ``ip`` and ``nft``."""

import contextlib
import ctypes
import os
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import threading
import time
from pathlib import Path

PREFIX = "kwf-"
WAN = "198.51.100."
SERVER_IP = WAN + "10"
CLONE_NEWNET = 0x40000000
STUN_SECONDS = 900  # the STUN server answers for this long at most (a test's bound)
# How a home's router translates (nft rules on its wide-area side):
# cone: a full-cone NAT, as many home routers are: Linux's masquerade, which keeps a flow's
#   source port where it can (one mapping per local port, whoever it talks to), and any
#   UDP that reaches that port from outside goes in to the same port of the home.  (Linux
#   alone filters by the remote's address and port, and an early check from a peer then
#   makes it map the home's next flow to another port: hole punching fails.)
# symmetric: a new random port for every destination (`fully-random`), so what a STUN
#   server sees is not what a peer sees;
# no-udp: cone, but no UDP leaves the home at all (WebRTC's media and data need UDP).
NATS = ("cone", "symmetric", "no-udp")


def unavailable() -> str | None:
    """Why a field cannot be built on this machine, or None."""
    if os.geteuid() != 0:
        return "network namespaces need root"
    for tool in ("ip", "nft"):
        if not shutil.which(tool):
            return f"`{tool}` is missing (Debian's iproute2 and nftables; python build.py test installs them as root)"
    probe = PREFIX + "probe"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if made.returncode:
        return f"cannot make a network namespace: {made.stderr.strip()}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


def _sh(*args: str) -> None:
    r = subprocess.run(list(args), capture_output=True, text=True, timeout=20)
    if r.returncode:
        raise RuntimeError(f"{' '.join(args)}: {r.stderr.strip()}")


def _in(ns: str, *args: str) -> None:
    _sh("ip", "netns", "exec", ns, *args)


class Field:
    def __init__(self, nats: list[str]) -> None:
        assert all(n in NATS for n in nats), nats
        self.nats = nats
        self.names = [
            "wan",
            "server",
            *(f"router{i}" for i in range(len(nats))),
            *(f"home{i}" for i in range(len(nats))),
        ]
        self.dir = Path(tempfile.mkdtemp(prefix=PREFIX))
        self.threads: list[threading.Thread] = []
        self.stun: socket.socket | None = None

    def ns(self, name: str) -> str:
        return PREFIX + name

    def home_ip(self, i: int) -> str:
        return f"192.0.2.{16 * i + 2}"

    def router_wan_ip(self, i: int) -> str:
        return WAN + str(11 + i)

    def __enter__(self) -> "Field":
        try:
            self.build()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def build(self) -> None:
        self._remove_namespaces()  # what an earlier run left, if it died before its own close
        for name in self.names:
            _sh("ip", "netns", "add", self.ns(name))
            _in(self.ns(name), "ip", "link", "set", "lo", "up")
        wan = self.ns("wan")
        _in(wan, "ip", "link", "add", "br0", "type", "bridge")
        _in(wan, "ip", "link", "set", "br0", "up")
        self._wire("server", SERVER_IP)
        for i, nat in enumerate(self.nats):
            router, home = self.ns(f"router{i}"), self.ns(f"home{i}")
            self._wire(f"router{i}", self.router_wan_ip(i))
            gw = f"192.0.2.{16 * i + 1}"
            _in(router, "ip", "link", "add", "lan0", "type", "veth", "peer", "name", "up0", "netns", home)
            _in(router, "ip", "addr", "add", f"{gw}/28", "dev", "lan0")
            _in(router, "ip", "link", "set", "lan0", "up")
            _in(home, "ip", "addr", "add", f"{self.home_ip(i)}/28", "dev", "up0")
            _in(home, "ip", "link", "set", "up0", "up")
            _in(home, "ip", "route", "add", "default", "via", gw)
            _in(router, "sysctl", "-q", "-w", "net.ipv4.ip_forward=1")
            rules = [
                "add table ip nat",
                "add chain ip nat post { type nat hook postrouting priority 100 ; }",
                'add rule ip nat post oifname "wan0" masquerade'
                + (" random,fully-random" if nat == "symmetric" else ""),
            ]
            if nat != "symmetric":
                rules += [
                    "add chain ip nat pre { type nat hook prerouting priority -100 ; }",
                    f'add rule ip nat pre iifname "wan0" meta l4proto udp dnat to {self.home_ip(i)}',
                ]
            if nat == "no-udp":
                rules += [
                    "add table ip filter",
                    "add chain ip filter forward { type filter hook forward priority 0 ; }",
                    "add rule ip filter forward meta l4proto udp drop",
                ]
            for rule in rules:
                _in(router, "nft", *rule.split())

    def _wire(self, name: str, ip: str) -> None:
        """A link from the wide-area bridge to ``name``'s namespace, its end there ``wan0``."""
        wan, inner = self.ns("wan"), self.ns(name)
        port = f"w-{name}"[:15]
        _in(wan, "ip", "link", "add", port, "type", "veth", "peer", "name", "wan0", "netns", inner)
        _in(wan, "ip", "link", "set", port, "master", "br0")
        _in(wan, "ip", "link", "set", port, "up")
        _in(inner, "ip", "addr", "add", f"{ip}/24", "dev", "wan0")
        _in(inner, "ip", "link", "set", "wan0", "up")

    def run_in(self, name: str, fn, *args):
        """Call ``fn(*args)`` in a thread that has entered ``name``'s namespace, and return
        its result: sockets it opens, threads it starts and processes it spawns live there."""
        out: dict = {}

        def body() -> None:
            try:
                libc = ctypes.CDLL(None, use_errno=True)
                fd = os.open(f"/run/netns/{self.ns(name)}", os.O_RDONLY)
                try:
                    if libc.setns(fd, CLONE_NEWNET):
                        raise OSError(ctypes.get_errno(), "setns")
                finally:
                    os.close(fd)
                out["value"] = fn(*args)
            except BaseException as e:  # handed to the caller
                out["error"] = e

        t = threading.Thread(target=body, daemon=True)
        t.start()
        t.join(60)
        if "error" in out:
            raise out["error"]
        if "value" not in out:
            raise RuntimeError(f"{fn} did not return within 60 s in {name}")
        return out["value"]

    def start_stun(self) -> str:
        """A STUN server (RFC 5389 binding requests only) in the server room: the address
        each home's router shows it, which a browser offers its peers as its own."""
        sock = self.run_in("server", lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM))
        sock.bind((SERVER_IP, 3478))
        sock.settimeout(0.5)
        self.stun = sock

        def serve() -> None:
            deadline = time.monotonic() + STUN_SECONDS
            while self.stun is sock and time.monotonic() < deadline:
                try:
                    data, (host, port) = sock.recvfrom(2048)
                except (TimeoutError, OSError):
                    continue
                if len(data) < 20 or data[:2] != b"\x00\x01" or data[4:8] != b"\x21\x12\xa4\x42":
                    continue
                xport = port ^ 0x2112
                xaddr = struct.unpack("!I", socket.inet_aton(host))[0] ^ 0x2112A442
                attr = struct.pack("!HHBBHI", 0x0020, 8, 0, 1, xport, xaddr)
                with contextlib.suppress(OSError):
                    sock.sendto(struct.pack("!HH", 0x0101, len(attr)) + data[4:20] + attr, (host, port))

        t = threading.Thread(target=serve, daemon=True)
        t.start()
        self.threads.append(t)
        return f"stun:{SERVER_IP}:3478"

    def chromium(self, name: str, real: str = "/usr/bin/chromium") -> str:
        """An executable that runs Chromium in ``name``'s namespace, for Playwright's
        ``executable_path`` (it talks to the browser over pipes, which cross namespaces)."""
        path = self.dir / f"chromium-{name}"
        path.write_text(f'#!/bin/sh\nexec ip netns exec {self.ns(name)} {real} "$@"\n')
        path.chmod(0o755)
        return str(path)

    def close(self) -> None:
        """Remove every namespace this field makes (and so all in them); stop the STUN server."""
        sock, self.stun = self.stun, None
        if sock:
            sock.close()
        for t in self.threads:
            t.join(2)
        self._remove_namespaces()
        shutil.rmtree(self.dir, ignore_errors=True)

    def _remove_namespaces(self) -> None:
        listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout.split()
        for name in self.names:
            if self.ns(name) in listed:
                # a process still inside would keep the namespace alive after its name goes
                pids = subprocess.run(["ip", "netns", "pids", self.ns(name)], capture_output=True, text=True)
                for pid in pids.stdout.split():
                    with contextlib.suppress(ProcessLookupError, ValueError):
                        os.kill(int(pid), signal.SIGKILL)
                subprocess.run(["ip", "netns", "del", self.ns(name)], capture_output=True)
