"""A local static server of a built site, as a static host serves it."""

import contextlib
import functools
import http.server
from pathlib import Path

from . import DIST, log
from .csp import HEADERS_FILE, read_headers


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


def serve(port: int = 8000, dist: Path = DIST) -> None:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(StaticHandler, directory=str(dist)))
    log(f"serving {dist} on http://127.0.0.1:{port}/ (Ctrl-C to stop)")
    with contextlib.suppress(KeyboardInterrupt):
        httpd.serve_forever()
