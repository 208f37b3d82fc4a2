"""The Content Security Policy: every page carries one that allows only what the site
needs, and the game, a lesson and the embed load and play under it (and under the header
policy of _headers, which also reaches the workers) with no violation reported."""

import base64
import hashlib
import json
import re

import pytest

from kingbuild.csp import CONNECT, HEADERS_FILE, read_headers

from browser_support import prefs_script, read, until
from conftest import DIST, need_dist

PAGES = ["index.html", "teach.html", "embedding.html", "viewer.html"]
META = re.compile(r'<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="([^"]+)">')

CSP_SAYS = re.compile(r"Content.Security.Policy|Refused to", re.I)
# Every frame keeps the violations it sees (set before any page script runs).
WATCH = """document.addEventListener("securitypolicyviolation", (e) => {
  (window.cspViolations = window.cspViolations || []).push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});"""


def _policy(page):
    m = META.search((DIST / page).read_text())
    assert m, f"{page}: no policy right after <meta charset>"
    return dict(([*d.split(" ", 1), ""])[:2] for d in m.group(1).split("; "))


@pytest.mark.parametrize("name", PAGES)
def test_every_page_carries_a_policy_that_allows_only_what_the_site_needs(name):
    need_dist()
    html = (DIST / name).read_text()
    policy = _policy(name)
    assert policy["default-src"] == "'none'"
    assert policy["worker-src"] == policy["img-src"] == "'self'"
    # its own origin (files, and `serve --relay`'s relay), and a room's relays over wss
    assert policy["connect-src"] == CONNECT == "'self' wss:"
    assert "frame-ancestors" not in policy  # browsers ignore it in a meta policy (and say so)
    text = " ".join(policy.values())
    assert "unsafe-inline" not in text and "'unsafe-eval'" not in text and "*" not in text
    # inline scripts (the boot script, the import map) and styles are allowed by their hash, and only those
    inline = re.findall(r'<script(?: type="importmap")?>(.*?)</script>', html, re.S)
    styles = re.findall(r"<style>(.*?)</style>", html, re.S)
    digest = lambda s: "'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"
    assert policy["script-src"].split() == ["'self'", *map(digest, inline), "'wasm-unsafe-eval'"]
    assert policy["style-src"].split() == ["'self'", *map(digest, styles)]
    assert (name == "index.html") == bool(inline)  # the boot script


def test_the_header_policy_says_who_may_frame_the_table():
    need_dist()
    header = read_headers(DIST / HEADERS_FILE)["Content-Security-Policy"]
    assert header.endswith("; frame-ancestors *")
    assert "'wasm-unsafe-eval'" in header and "unsafe-inline" not in header
    assert HEADERS_FILE not in (DIST / "sw.js").read_text()  # hosts read it; the page never does


def violations(page):
    return [v for f in page.frames for v in (read(f, "window.cspViolations || []") if not f.is_detached() else [])]


@pytest.fixture
def strict_page(browser, base_url):
    """A page that does not bypass the policy (see the browser fixture), served with the
    header policy too, that records console errors and violations."""
    ctx = browser.new_context(bypass_csp=False, viewport={"width": 1100, "height": 820})
    page = ctx.new_page()
    page.add_init_script(WATCH)
    errors = []  # what the browser says of the policy in the console (a frame's and a worker's too)
    page.on("console", lambda m: m.type == "error" and CSP_SAYS.search(m.text) and errors.append(m.text))
    page.on("pageerror", lambda e: CSP_SAYS.search(str(e)) and errors.append(str(e)))
    page.errors = errors
    yield page
    ctx.close()


HAND = "[...document.querySelectorAll('#hand .card')].map((e) => e.dataset.card).join()"


def _played_a_card(frame):
    """Click the first legal card; True once the hand changed (in whist's first stage the
    trick's winner draws at once, so the hand may keep its size)."""
    frame.wait_for_selector("#hand .card.legal", timeout=90_000)
    before = read(frame, HAND)
    frame.locator("#hand .card.legal").first.click()
    until(frame, f"({HAND}) !== {json.dumps(before)}", timeout=30, every=0.1)
    return True


@pytest.mark.browser
def test_the_game_loads_and_plays_under_the_policy(strict_page, base_url):
    page = strict_page
    prefs = {"lang": "en", "speed": "instant", "autoplay": True, "deck": "classic"}
    page.add_init_script(f"localStorage.setItem('kingweb.prefs.v1', {json.dumps(json.dumps(prefs))});")
    resp = page.goto(base_url + "?game=king&seed=4&level=easy&options=%7B%7D")
    assert "frame-ancestors *" in resp.headers["content-security-policy"]  # the host's header, too
    page.wait_for_selector("#hand .card", timeout=90_000)
    assert page.evaluate("window.kingwebInstall.from") in ("micropip", "kept")  # Pyodide ran, wasm and all
    until(page, "document.querySelector('#seat-bottom').classList.contains('to-act')")
    assert _played_a_card(page)
    # the classic deck's drawings are images of the site's own
    until(page, "[...document.querySelectorAll('#hand img.art')].some((i) => i.complete && i.naturalWidth > 0)")
    # the service worker registers and takes over under the policy too
    until(page, "navigator.serviceWorker.getRegistration().then((r) => !!(r && r.active))")
    assert violations(page) == [] and page.errors == []
    # the watch can fail: an inline script added now is refused and reported
    page.evaluate("() => { const s = document.createElement('script'); s.textContent = '1'; document.head.append(s); }")
    until(page, "(window.cspViolations || []).length > 0", timeout=10)
    assert violations(page)[0].startswith("script-src-elem inline")


@pytest.mark.browser
@pytest.mark.parametrize("name, frames", [("teach.html", 3), ("embedding.html", 1)])
def test_lessons_and_the_embed_load_and_play_under_the_policy(strict_page, base_url, name, frames):
    page = strict_page
    page.add_init_script(prefs_script())
    page.goto(base_url + name)
    tables = page.locator("kingweb-table iframe")
    tables.first.wait_for(timeout=30_000)
    assert tables.count() == frames
    first = page.frame_locator("kingweb-table iframe").first
    first.locator("#hand .card").first.wait_for(timeout=120_000)
    frame = next(f for f in page.frames if f != page.main_frame and "embed=1" in f.url)
    until(
        frame, "document.querySelectorAll('#hand .card.legal').length > 0 && !document.querySelector('#dialog[open]')"
    )
    assert _played_a_card(frame)
    assert violations(page) == [] and page.errors == []


@pytest.mark.browser
def test_the_deal_viewer_and_its_element_review_under_the_policy(strict_page, base_url):
    """viewer.html on its own and framed by <kingweb-deal> in teach.html: the deal is drawn
    and the review's worker (Pyodide) judges a decision, with no violation."""
    page = strict_page
    page.add_init_script(prefs_script())
    page.goto(base_url + "teach.html")
    page.locator("kingweb-deal iframe").wait_for(timeout=30_000)
    frame = next(f for f in page.frames if "viewer.html" in f.url)
    until(frame, "document.querySelectorAll('.rv-go[data-mark]').length > 0", timeout=180)
    assert read(frame, "document.querySelectorAll('.rv-hand .card').length") > 0
    assert violations(page) == [] and page.errors == []
    url = frame.url
    page.goto(url)
    until(page, "document.querySelectorAll('.rv-go[data-mark]').length > 0", timeout=180)
    assert violations(page) == [] and page.errors == []
