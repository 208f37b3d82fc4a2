"""The build's parts for play between people: the vendored meeting library (exactly the
modules it imports, as published), the import map that names it, the relays build.json
names, and `serve --relay`'s relay on the site's own origin."""

import json
import re
import socket
import threading
import urllib.request
from base64 import b64encode

import pytest

from kingbuild import vendor
from kingbuild.relay import DEFAULT_RELAYS, DEFAULT_STUN, KINDS, LOCAL_PATHS, LOCAL_RELAY, LocalRelays, default_relays
from kingbuild.serve import RelayHandler, SiteServer

from conftest import DIST, need_dist


def test_the_vendored_modules_are_exactly_what_the_strategy_imports_as_published():
    need_dist()
    modules = vendor.trystero_packages()
    needed = dict(vendor.modules_needed(modules))
    shipped = sorted(
        p.relative_to(DIST / vendor.VENDOR).as_posix() for p in (DIST / vendor.VENDOR).rglob("*") if p.is_file()
    )
    licences = [f"{folder}/LICENSE" for folder in vendor.FOLDERS.values()]
    assert shipped == sorted([*needed, *licences])
    for entry in ("torrent/index.mjs", "nostr/index.mjs", "mqtt/index.mjs", "core/index.mjs", "mqtt.js/mqtt.esm.js"):
        assert entry in needed
    assert len(needed) == 19
    for rel, source in needed.items():
        assert (DIST / vendor.VENDOR / rel).read_bytes() == source.read_bytes(), rel  # byte for byte
    for folder in licences:
        assert "Permission is hereby granted, free of charge" in (DIST / vendor.VENDOR / folder).read_text()  # MIT


def test_the_import_map_names_the_vendored_packages():
    need_dist()
    html = (DIST / "index.html").read_text()
    found = re.search(r'<script type="importmap">(.*?)</script>', html, re.S)
    assert found
    imports = json.loads(found.group(1))["imports"]
    assert imports == vendor.import_map(vendor.trystero_packages())
    for name, path in imports.items():
        if name in vendor.WRAPPED:
            assert path == vendor.WRAPPED[name][0]
        else:
            assert path.startswith(f"./{vendor.VENDOR}/")
        assert (DIST / path).is_file()


def test_a_module_the_import_map_cannot_resolve_fails_the_build(tmp_path):
    def package(name, files, exports="./dist/index.mjs"):
        root = tmp_path / "node_modules" / name
        (root / "dist").mkdir(parents=True)
        (root / "package.json").write_text(json.dumps({"name": name, "exports": {".": exports}}))
        for file, text in files.items():
            (root / "dist" / file).write_text(text)

    package(
        "@trystero-p2p/core",
        {"index.mjs": 'import { a } from "./a.mjs";\nexport { a };', "a.mjs": "export const a = 1;"},
    )
    package(
        "@trystero-p2p/torrent",
        {"index.mjs": 'import { a } from "@trystero-p2p/core";\nimport "./side.mjs";', "side.mjs": ""},
    )
    assert [rel for rel, _ in vendor.modules_needed(tmp_path / "node_modules", [vendor.ENTRY])] == [
        "core/a.mjs",
        "core/index.mjs",
        "torrent/index.mjs",
        "torrent/side.mjs",
    ]
    (tmp_path / "node_modules/@trystero-p2p/core/dist/a.mjs").write_text('export * from "left-pad";')
    with pytest.raises(SystemExit, match="left-pad"):
        vendor.modules_needed(tmp_path / "node_modules", [vendor.ENTRY])
    (tmp_path / "node_modules/@trystero-p2p/core/dist/a.mjs").write_text('export const load = () => import("./b.mjs");')
    with pytest.raises(SystemExit, match="dynamic import"):
        vendor.modules_needed(tmp_path / "node_modules", [vendor.ENTRY])


def test_build_json_names_where_rooms_meet():
    need_dist()
    build = json.loads((DIST / "build.json").read_text())
    assert build["relays"] == default_relays()
    # several public relays of each kind, each named in the address form (params.js)
    prefixes = {"torrent": "wss://", "nostr": "nostr+wss://", "mqtt": "mqtt+wss://"}
    for kind in KINDS:
        assert len(DEFAULT_RELAYS[kind]) >= 3 and all(r.startswith(prefixes[kind]) for r in DEFAULT_RELAYS[kind])
    assert build["stun"] == DEFAULT_STUN
    assert build["trystero"] == vendor.trystero_version()


@pytest.fixture(scope="module")
def relay_site(tmp_path_factory):
    """`serve --relay`'s server over a small folder, with the real relays behind /relay,
    /relay/nostr and /relay/mqtt."""
    root = tmp_path_factory.mktemp("site")
    (root / "index.html").write_text("<p>hi</p>")
    with LocalRelays() as relays:
        handler = type("H", (RelayHandler,), {"relay_ports": relays.ports()})
        httpd = SiteServer(("127.0.0.1", 0), lambda *a: handler(*a, directory=str(root)))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        yield httpd.server_address[1]
        httpd.shutdown()
        httpd.server_close()


def _upgrade(port, path):
    """A WebSocket opening handshake on ``path``; the answer's status line and the socket."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = b64encode(b"kingweb-test-key").decode()
    s.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        if not chunk:
            break
        head += chunk
    return head.split(b"\r\n", 1)[0].decode(), s


def _frame(text, opcode=0x81):
    """A masked client text frame (RFC 6455), or binary with ``opcode`` 0x82."""
    data = text.encode() if isinstance(text, str) else text
    mask = b"\x01\x02\x03\x04"
    assert len(data) < 126
    return bytes([opcode, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def _payload(s, n):
    """The first ``n`` bytes the server's binary frames carry (a broker may send a packet in
    several frames)."""
    data, payload = b"", b""
    for _ in range(20):
        while len(data) >= 2 and len(data) >= 2 + data[1]:
            assert data[0] in (0x82, 0x02, 0x80) and data[1] < 126  # binary (or continued), unmasked, short
            payload, data = payload + data[2 : 2 + data[1]], data[2 + data[1] :]
        if len(payload) >= n:
            return payload[:n]
        data += s.recv(4096)
    raise AssertionError(f"only {payload!r}")


def _answer(port, path, text):
    """What the relay at ``path`` answers a text frame first (the frame's bytes)."""
    status, s = _upgrade(port, path)
    with s:
        assert status == "HTTP/1.1 101 Switching Protocols"
        s.sendall(_frame(text))
        return s.recv(4096)


def test_serve_relay_passes_the_relay_through_the_sites_own_origin(relay_site):
    # the tracker answers a malformed announce with its failure reason: bytes both ways
    reply = _answer(relay_site, f"/{LOCAL_RELAY}", '{"action": "announce", "info_hash": "short"}')
    assert reply[0] == 0x81 and b"failure reason" in reply
    # a Nostr relay ends a subscription's stored events at once: it stores none
    reply = _answer(relay_site, f"/{LOCAL_PATHS['nostr']}", '["REQ", "sub", {"kinds": [20001]}]')
    assert reply[0] == 0x81 and b'["EOSE","sub"]' in reply
    status, s = _upgrade(relay_site, f"/{LOCAL_PATHS['mqtt']}")
    with s:
        assert status == "HTTP/1.1 101 Switching Protocols"
        # an MQTT 3.1.1 CONNECT (clean session, client id "kw") in a binary frame: a CONNACK, accepted
        connect = bytes([0x10, 14, 0, 4, *b"MQTT", 4, 2, 0, 60, 0, 2, *b"kw"])
        s.sendall(_frame(connect, 0x82))
        assert _payload(s, 4) == bytes([0x20, 2, 0, 0])
    # the site's files are served as ever, and only the relays' paths are relays
    assert urllib.request.urlopen(f"http://127.0.0.1:{relay_site}/index.html").read() == b"<p>hi</p>"
    status, s = _upgrade(relay_site, "/elsewhere")
    s.close()
    assert status.startswith("HTTP/1.0 404")
