"""Fixtures and helpers shared by every test, in tests/ and its subfolders (engine/, bots/,
browser/): pytest puts tests/ on sys.path (pyproject.toml), so ``browser_support`` and
``conftest`` import from anywhere below it."""

import functools
import os
import random
import threading
from pathlib import Path

import evidence
import pytest

from kingbuild.serve import SiteServer, StaticHandler  # the same server as `python build.py serve`

ROOT = Path(__file__).resolve().parent.parent
DIST = Path(os.environ.get("KINGWEB_DIST", ROOT / "dist"))

# tests/node/ holds the page's Node tests and the script that made their QR vectors (it
# needs python-qrcode, no test dependency): nothing there for pytest or its doctests.
collect_ignore = ["node"]


def play_out(g, rng=None, until=None):
    """Play random legal actions until the game is over (or ``until(g)`` holds)."""
    rng = rng or random.Random(0)
    while not g.over and not (until and until(g)):
        g.act(rng.choice(g.legal()))
    return g


def pytest_configure(config):
    """One evidence folder for the run, named once here (build.py test names it too) and
    inherited by every pytest worker."""
    os.environ.setdefault("KINGWEB_EVIDENCE", str(ROOT / "test-evidence" / evidence.run_folder_name()))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    evidence.begin()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test that opened pages says what they showed (tests/evidence.py)."""
    outcome = yield
    rep = outcome.get_result()
    if rep.failed and evidence.tracked():
        rep.sections.append(("kingweb: what the pages showed", evidence.report(item.nodeid)))


def pytest_collection_modifyitems(items):
    """Tests under tests/browser/ drive the built site: marked so, as test files above it mark themselves."""
    for item in items:
        if item.path.is_relative_to(ROOT / "tests" / "browser"):
            item.add_marker(pytest.mark.browser)


# Action strings a fuzzer tries beside the legal ones: every King word, offers out of range
# or in non-ASCII digits, unknown dealers and trumps, and the malformed.
ODD_ACTIONS = [
    "pass",
    "accept",
    "reject",
    "4333",
    "ultimatum",
    "auction",
    "down",
    "up:NT",
    "up:X",
    "offer:up:9",
    "offer:null:5",
    "offer:up:0",
    "offer:up:8",
    "offer:up:1",
    "offer:null:1",
    "offer:up:٣",
    "offer:up:²",
    "offer:up:03",
    "dealer:4",
    "dealer:0",
    "dealer:x",
    "offer:",
    "::",
    "",
]


@pytest.fixture
def rng():
    return random.Random(12345)


# -- browser fixtures (used by tests marked "browser") ---------------------------------------


class _Cors(StaticHandler):
    """As GitHub Pages does: anyone may load these files (king-embed.js from a host page)."""

    def end_headers(self):
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


def need_dist():
    """Skip (or, under `python build.py test`, fail) a test that needs the built site."""
    if not (DIST / "build.json").exists():
        if os.environ.get("KINGWEB_DIST"):
            pytest.fail(f"{DIST} holds no build: run python build.py")
        pytest.skip("no built site: run the browser tests through `python build.py test`")


@pytest.fixture(scope="session")
def serve():
    """Start a static server of a folder on its own port (its own origin)."""
    servers = []

    def start(root, handler=StaticHandler):
        httpd = SiteServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        servers.append(httpd)
        return f"http://127.0.0.1:{httpd.server_address[1]}/"

    yield start
    for s in servers:
        s.shutdown()


@pytest.fixture(scope="session")
def base_url(serve):
    need_dist()
    return serve(DIST, _Cors)


@pytest.fixture(scope="session")
def playwright():
    """One Playwright for the whole run: its sync API runs one event loop per process, so
    every browser (the usual one, and the peer-to-peer tests' with loopback WebRTC) comes
    from this one."""
    if not os.environ.get("KINGWEB_DIST"):
        pytest.importorskip("playwright", reason="browser tests run through `python build.py test`")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        # every browser the tests launch tracks its pages, for a failure's evidence
        launch = p.chromium.launch

        def launched(**kw):
            b = launch(**kw)
            evidence.instrument(b)
            return b

        p.chromium.launch = launched  # type: ignore[method-assign]
        yield p


def _kept_copy(new_context, base_url):
    """What a player's browser holds after one visit to the site: the engine the page
    installed with micropip and kept (site/kept.js, IndexedDB), and nothing else (no
    preferences, no saved match).  Made once a run by a real first visit."""
    from browser_support import open_game

    ctx = new_context(bypass_csp=True)
    page = ctx.new_page()
    open_game(page, base_url, "whist", seed=1, level="easy")
    page.wait_for_function("window.kingwebInstall.kept === true", timeout=60_000)
    state = ctx.storage_state(indexed_db=True)
    ctx.close()
    origins = [
        {
            "origin": o["origin"],
            "localStorage": [],
            "indexedDB": [d for d in o["indexedDB"] if d["name"] == "kingweb-kept"],
        }
        for o in state["origins"]
        if o.get("indexedDB")
    ]
    assert origins, "the first visit kept no copy of the engine"
    return {"cookies": [], "origins": origins}


@pytest.fixture(scope="session")
def browser(playwright, base_url):
    from browser_support import TEST_CHROMIUM_ARGS

    b = playwright.chromium.launch(
        executable_path=os.environ.get("KINGWEB_CHROMIUM", "/usr/bin/chromium"), headless=True, args=TEST_CHROMIUM_ARGS
    )
    new_context = b.new_context
    # Each context is a returning player's browser: it holds the engine kept on a first
    # visit, so a page boots the way most visits do, from that copy, without micropip
    # (0.3-0.5 s of CPU less a page, and no copy to keep afterwards).  A first visit is
    # asked for with storage_state=None (test_install.py); other origins (a test's own
    # server, the peer-to-peer sites) have nothing kept and boot as first visits.
    returning = _kept_copy(new_context, base_url)
    evidence.begin()  # that first visit is no page of the test being set up
    # Playwright runs wait_for_function's predicates through eval in the page, which the
    # site's Content Security Policy forbids; so contexts bypass the policy unless a test
    # asks for it (bypass_csp=False: test_csp.py, which polls with evaluate instead).
    b.new_context = lambda **kw: new_context(**{"bypass_csp": True, "storage_state": returning, **kw})  # type: ignore[method-assign]
    yield b
    b.close()


@pytest.fixture(scope="session")
def p2p_browser(playwright):
    """A browser whose pages make WebRTC connections over the loopback and reach no other
    host (p2p_support.launch): one for every peer-to-peer test of the run."""
    from p2p_support import launch

    b = launch(playwright)
    yield b
    b.close()


@pytest.fixture(scope="module")
def p2p_site():
    """The built site with a relay of its own (p2p_support.Site), no STUN server: one for
    every module of peer-to-peer tests that asks for it."""
    from p2p_support import Site

    need_dist()
    s = Site(DIST, build={"stun": []})
    yield s
    s.stop()


@pytest.fixture
def people(p2p_browser, console_errors):
    """A factory of people at a site: each a page in its own browser context
    (p2p_support.person_context), closed after the test."""
    from p2p_support import TEST_PACE_MS, person_context

    made = []

    def make(site, clock=0, pace_ms=TEST_PACE_MS):
        ctx = person_context(p2p_browser, site, console_errors, clock=clock, pace_ms=pace_ms)
        made.append(ctx)
        return ctx.new_page()

    yield make
    for ctx in made:
        ctx.close()


@pytest.fixture
def console_errors():
    errors = []
    yield errors
    assert not errors, f"console errors: {errors}"


@pytest.fixture
def page(browser, console_errors):
    ctx = browser.new_context(viewport={"width": 1100, "height": 820})
    pg = ctx.new_page()
    # an error's source too: "Failed to load resource" names no file by itself
    pg.on("console", lambda m: m.type == "error" and console_errors.append(f"{m.text} ({m.location.get('url')})"))
    pg.on("pageerror", lambda e: console_errors.append(str(e)))
    yield pg
    ctx.close()
