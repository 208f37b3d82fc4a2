"""The Content Security Policy of every page, made from the built pages themselves.

Each page gets a ``<meta http-equiv="Content-Security-Policy">`` that allows only what
the site needs: its own scripts, modules and workers, its inline scripts and styles by
sha256 (computed here, from the built file, so an edited boot script cannot go stale),
Pyodide's WebAssembly (``'wasm-unsafe-eval'``), fetches, images, styles and frames from
its own origin, and nothing else: no plugin, no other origin, no ``eval``.  The one
connection beyond the site's origin is a room's relay (CONNECT below).

A meta policy cannot say who may frame a page (browsers ignore ``frame-ancestors``
there) and does not reach workers, whose policy comes with their own response.  So the
build also writes ``_headers`` (the format Netlify and Cloudflare Pages read): one
site-wide header policy with the union of the pages' needs plus the embedding policy,
``frame-ancestors *``: any page may frame the table, since embedding is a feature (the
frame talks only to the origin that greets it, and holds nothing a framing page could
take: no account, no server).  A host that serves headers sends it; one that cannot
(GitHub Pages) still has the meta policies.
"""

import base64
import hashlib
from html.parser import HTMLParser
from pathlib import Path

FRAME_ANCESTORS = "*"
HEADERS_FILE = "_headers"
# Where the page may connect: its own origin (its files; the relays of `serve --relay`,
# WebSockets to the same host and port) and any relay over a secure WebSocket: the
# build's public trackers, Nostr relays and MQTT brokers all speak wss:, and the address
# parameter `relays` can name any relay of any kind without a rebuild.  No
# plain ws: to another origin: an https page could not use one anyway (mixed content),
# and site/p2p/params.js refuses a relay the policy would block.  WebRTC's own traffic
# (STUN, TURN, the peers' data) is not governed by connect-src.
CONNECT = "'self' wss:"


class _Inline(HTMLParser):
    """Collects inline scripts and styles, and what a policy without 'unsafe-inline'
    would block (event-handler and style attributes)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.scripts: list[str] = []
        self.styles: list[str] = []
        self.blocked: list[str] = []
        self._into: list[str] | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {k for k, _ in attrs}
        self.blocked += [f"<{tag} {k}=...>" for k in sorted(names) if k.startswith("on") or k == "style"]
        if tag == "script" and "src" not in names:
            self._into, self._text = self.scripts, []
        elif tag == "style":
            self._into, self._text = self.styles, []

    def handle_data(self, data: str) -> None:
        if self._into is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._into is not None and tag in ("script", "style"):
            self._into.append("".join(self._text))
            self._into = None


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def _inline(html: str, name: str) -> tuple[list[str], list[str]]:
    """The hashes of a page's inline scripts and of its inline styles."""
    p = _Inline()
    p.feed(html)
    p.close()
    if p.blocked:
        raise SystemExit(
            f"{name}: {', '.join(p.blocked)} would be blocked by the site's policy: "
            "move it to a script or a style sheet"
        )
    return [_sha256(s) for s in p.scripts], [_sha256(s) for s in p.styles]


def policy(scripts: list[str], styles: list[str], *, frame_ancestors: bool = False) -> str:
    directives = [
        "default-src 'none'",
        # module scripts and workers, the boot script by hash, Pyodide's WebAssembly
        "script-src " + " ".join(["'self'", *scripts, "'wasm-unsafe-eval'"]),
        "worker-src 'self'",
        f"connect-src {CONNECT}",  # build.json, the runtime's files, the wheels; a room's relays
        "img-src 'self'",  # the icon and the classic deck
        "style-src " + " ".join(["'self'", *styles]),
        "manifest-src 'self'",
        "frame-src 'self'",  # the sample pages frame the table (king-embed.js)
        "base-uri 'self'",
        "form-action 'none'",
    ]
    if frame_ancestors:
        directives.append(f"frame-ancestors {FRAME_ANCESTORS}")
    return "; ".join(directives)


def apply(dist: Path) -> str:
    """Put a meta policy in every built page; write and return the site-wide header policy."""
    all_scripts: set[str] = set()
    all_styles: set[str] = set()
    for page in sorted(dist.rglob("*.html")):
        html = page.read_text()
        scripts, styles = _inline(html, page.relative_to(dist).as_posix())
        all_scripts.update(scripts)
        all_styles.update(styles)
        meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(scripts, styles)}">'
        charset = '<meta charset="utf-8">'
        if html.count(charset) != 1:
            raise SystemExit(f'{page}: the policy goes right after the one <meta charset="utf-8">')
        # before anything it governs: a meta policy applies only to what follows it
        page.write_text(html.replace(charset, f"{charset}\n{meta}"))
    header = policy(sorted(all_scripts), sorted(all_styles), frame_ancestors=True)
    (dist / HEADERS_FILE).write_text(f"/*\n  Content-Security-Policy: {header}\n")
    return header


def read_headers(path: Path) -> dict[str, str]:
    """The site-wide headers of a ``_headers`` file written by :func:`apply`."""
    headers: dict[str, str] = {}
    rule = None
    for line in path.read_text().splitlines():
        if line and not line[0].isspace():
            rule = line.strip()
        elif line.strip() and rule == "/*":
            name, value = line.strip().split(":", 1)
            headers[name.strip()] = value.strip()
    return headers
