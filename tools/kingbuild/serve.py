"""A local static server of a built site, as a static host serves it; with ``--relay`` it
also passes the WebSockets of relays on this machine, one of each kind, through its own
origin."""

import contextlib
import functools
import http.server
import selectors
import socket
import sys
from pathlib import Path

from . import DIST, log
from .csp import HEADERS_FILE, read_headers
from .relay import LOCAL_PATHS, start_relays


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading server that lets a browser go away quietly: a page closed or a request
    cancelled mid-file (a test's context closing, a reload) is the browser's choice, not a
    fault, so it prints no traceback; any other error still does."""

    def handle_error(self, request: socket.socket | tuple[bytes, socket.socket], client_address: object) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder quietly, with the right types for modules and WebAssembly, and the
    site-wide headers of its ``_headers`` file (the Content Security Policy with
    ``frame-ancestors``), as a host that reads that file does."""

    # an instance attribute in typeshed's stubs, a class default here
    extensions_map: dict[str, str] = {  # noqa: RUF012
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
    }

    def end_headers(self) -> None:
        headers = Path(self.directory, HEADERS_FILE)
        if headers.exists():
            for name, value in read_headers(headers).items():
                self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # the base's name
        pass


class RelayHandler(StaticHandler):
    """A static server whose ``/relay``, ``/relay/nostr`` and ``/relay/mqtt`` are the
    WebSockets of relays on 127.0.0.1, at the ports ``relay_ports`` names by path.

    On the site's own origin the relays need nothing more from the Content Security
    Policy (``connect-src 'self'`` covers a WebSocket to the same host and port), and a
    site reached over the local network or a tunnel reaches them at the same address."""

    relay_ports: dict[str, int] = {}  # noqa: RUF012 (each server's subclass sets its own)
    # unbuffered reading: after the request's head the socket is the WebSocket's, and a
    # buffered reader could hold bytes of it
    rbufsize = 0

    def do_GET(self) -> None:
        port = self.relay_ports.get(self.path.split("?", 1)[0])
        if port and self.headers.get("Upgrade", "").lower() == "websocket":
            self._tunnel(port)
        else:
            super().do_GET()

    def _tunnel(self, port: int) -> None:
        """Hand the request to the relay and pass bytes both ways until either side closes."""
        self.close_connection = True
        try:
            upstream = socket.create_connection(("127.0.0.1", port), timeout=5)
        except OSError:
            self.send_error(502, "the relay is not running")
            return
        upstream.settimeout(None)
        lines = [self.requestline, *(f"{k}: {v}" for k, v in self.headers.items())]
        head = "".join(f"{line}\r\n" for line in lines).encode("latin-1")
        client = self.connection
        with upstream, selectors.DefaultSelector() as sel:
            upstream.sendall(head + b"\r\n")
            sel.register(client, selectors.EVENT_READ, upstream)
            sel.register(upstream, selectors.EVENT_READ, client)
            while True:
                for key, _ in sel.select():
                    source = key.fileobj
                    assert isinstance(source, socket.socket)
                    try:
                        data = source.recv(65536)
                        if data:
                            key.data.sendall(data)
                    except OSError:
                        data = b""
                    if not data:
                        return


def serve(port: int = 8000, dist: Path = DIST, relay: bool = False, host: str = "127.0.0.1") -> None:
    """Serve ``dist`` on ``host``:``port`` until Ctrl-C; with ``relay``, relays of every
    kind at /relay (a WebTorrent tracker), /relay/nostr and /relay/mqtt.
    Another device on the network reaches a server on ``0.0.0.0`` over plain http: not a
    secure context, so its page can use invitation codes but not rooms."""
    handler: type[StaticHandler] = StaticHandler
    local = None
    if relay:
        local = start_relays()
        handler = type("ServeRelayHandler", (RelayHandler,), {"relay_ports": local.ports()})
    httpd = SiteServer((host, port), functools.partial(handler, directory=str(dist)))
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    log(f"serving {dist} on http://{shown}:{port}/ (Ctrl-C to stop)")
    if local:
        where = ", ".join(f"ws://{shown}:{port}/{path} ({kind})" for kind, path in LOCAL_PATHS.items())
        log(f"rooms meet at the relays on this machine: {where}")
    if host != "127.0.0.1":
        log(
            "other devices reach it at this machine's address over plain http: invitation codes work there, rooms need https"
        )
    try:
        with contextlib.suppress(KeyboardInterrupt):
            httpd.serve_forever()
    finally:
        httpd.server_close()
        if local:
            local.stop()
