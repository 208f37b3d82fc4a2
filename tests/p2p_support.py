"""What the peer-to-peer tests and the bench share: a relay started here from the pinned
bittorrent-tracker, the built site served with that relay on its own origin (as
``python build.py serve --relay`` does) and the test page of tests/browser/p2p/, and a
Chromium that makes WebRTC connections over the loopback and can resolve no other host.

Headless Chromium offers loopback ICE candidates only with
``--allow-loopback-in-peer-connection`` and with camera and microphone granted to the
page's origin (otherwise it hides local addresses behind mDNS names); the tests use no
STUN or TURN server (``iceServers: []``)."""

import functools
import http.server
import re
import threading
import time
from pathlib import Path

from kingbuild.relay import LOCAL_RELAY, Relay
from kingbuild.serve import RelayHandler

from browser_support import CHROMIUM_ARGS

HERE = Path(__file__).resolve().parent
PAGE_DIR = HERE / "browser" / "p2p"
PAGE = "p2p-test.html"  # at the site's root, where the import map's relative URLs lead
PAGE_FILES = {"/p2p-test.html": PAGE_DIR / "page.html", "/p2p-test.js": PAGE_DIR / "page.js"}
P2P_ARGS = [
    *CHROMIUM_ARGS,
    "--allow-loopback-in-peer-connection",
    # no test can reach a public relay, STUN server or anything else by accident
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
IMPORT_MAP = re.compile(r'<script type="importmap">.*?</script>', re.S)


def page_handler(dist: Path, relay_port: int) -> type[RelayHandler]:
    """The built site with the relay at /relay, and the test page at /p2p-test.html
    carrying the import map of the built index.html."""
    import_map = IMPORT_MAP.search((dist / "index.html").read_text())
    assert import_map, "dist/index.html has no import map"

    class Handler(RelayHandler):
        def do_GET(self) -> None:
            file = PAGE_FILES.get(self.path.split("?", 1)[0].split("#", 1)[0])
            if file:
                body = file.read_bytes()
                if file.suffix == ".html":
                    body = body.replace(b"<!--IMPORTMAP", import_map.group(0).encode() + b"<!--", 1)
                self.send_response(200)
                self.send_header("Content-Type", "text/html" if file.suffix == ".html" else "text/javascript")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)
                return
            super().do_GET()

    Handler.relay_port = relay_port
    return Handler


class Site:
    """The relay and the server, started together; ``base`` is the site's address and
    ``relay`` its relay's, on the same origin."""

    def __init__(self, dist: Path) -> None:
        self.relay_process = Relay()
        handler = page_handler(dist, self.relay_process.port)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(dist)))
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        port = self.httpd.server_address[1]
        self.base = f"http://127.0.0.1:{port}/"
        self.relay = f"ws://127.0.0.1:{port}/{LOCAL_RELAY}"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.relay_process.stop()


def launch(playwright):
    import os

    return playwright.chromium.launch(
        executable_path=os.environ.get("KINGWEB_CHROMIUM", "/usr/bin/chromium"), headless=True, args=P2P_ARGS
    )


def new_page(browser, site: Site, *, bypass_csp: bool = True, errors: list[str] | None = None):
    """A page of the test page in a new browser context (its own storage: its own peer
    id), allowed local ICE candidates."""
    ctx = browser.new_context(bypass_csp=bypass_csp)
    ctx.grant_permissions(["camera", "microphone"], origin=site.base.rstrip("/"))
    page = ctx.new_page()
    if errors is not None:
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site.base + PAGE)
    page.wait_for_function("window.t && window.t.ready", timeout=30_000)
    return page


def wait_until(page, js: str, arg=None, timeout: float = 30):
    """Poll ``js`` (a function of ``arg``) in the page with evaluate until it is truthy: its value."""
    t0 = time.time()
    while True:
        value = page.evaluate(js, arg)
        if value:
            return value
        if time.time() - t0 > timeout:
            raise AssertionError(f"not within {timeout} s: {js} ({arg})")
        page.wait_for_timeout(50)
