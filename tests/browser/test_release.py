"""A new release reaches a returning player: build A is live and kept offline, build B
replaces it at the same address, and after one reload every file the page gets is B's,
although the host's headers let the browser's HTTP cache keep A's files for hours.
Also: two builds of the same sources are the same site, byte for byte."""

import email.utils
import hashlib
import json
import shutil
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError

from kingbuild import backend, wheel
from kingbuild.assemble import SITE, build
from kingbuild.serve import SiteServer, StaticHandler

from browser_support import open_game, read, until
from conftest import DIST, need_dist

MARK = "build B"


@pytest.fixture(scope="module")
def build_b(tmp_path_factory):
    """A real second build, from the sources with every page, script and style sheet changed."""
    need_dist()
    tmp = tmp_path_factory.mktemp("release")
    site = tmp / "site"
    shutil.copytree(SITE, site)
    for p in site.rglob("*"):
        if p.suffix in (".js", ".css"):
            p.write_text(p.read_text() + f"/* {MARK} */\n")
        elif p.suffix == ".html":
            p.write_text(p.read_text() + f"<!-- {MARK} -->\n")
    return build(tmp / "dist", site=site)


def _files(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_two_builds_of_the_same_sources_are_the_same_site(tmp_path):
    need_dist()
    again = build(tmp_path / "dist")
    assert (
        json.loads((again / "build.json").read_text())["build"]
        == json.loads((DIST / "build.json").read_text())["build"]
    )
    assert _files(again) == _files(DIST)


def test_pip_builds_the_wheel_the_site_ships(tmp_path):
    """pyproject.toml's backend and the site build make one wheel (before the build adds
    its bytecode), the same bytes every time, with the package's one version."""
    a, b = tmp_path / "a", tmp_path / "b"
    name = backend.build_wheel(str(a))
    assert backend.build_wheel(str(b)) == name == wheel.build_wheel(tmp_path / "c").name
    assert (a / name).read_bytes() == (b / name).read_bytes() == (tmp_path / "c" / name).read_bytes()
    import kingweb

    assert name == f"kingweb-{kingweb.__version__}-py3-none-any.whl"
    assert f"Version: {kingweb.__version__}\n".encode() in wheel.metadata()


class _Host(StaticHandler):
    """Serves whichever build is live, as a static host does after a deploy, with the
    headers of a plain host: a Last-Modified a day old and no Cache-Control, so the
    browser's HTTP cache keeps each file fresh for a tenth of that age (2.4 hours)."""

    live: Path = DIST

    def __init__(self, *a, **kw):
        super().__init__(*a, directory=str(type(self).live), **kw)

    def send_header(self, keyword, value):
        if keyword == "Last-Modified":
            value = email.utils.formatdate(time.time() - 86400, usegmt=True)
        super().send_header(keyword, value)


CONTROLLED_BY = """async (build) => {
  const reg = await navigator.serviceWorker.getRegistration();
  const keys = await caches.keys();
  return !!(reg && reg.active && reg.active.state === 'activated' && !reg.installing && !reg.waiting &&
            navigator.serviceWorker.controller && keys.length === 1 && keys[0] === 'kingweb-' + build);
}"""


# The new build's page, whole: its game on the table and its runtime booted.
LOADED = "!!(document.querySelector('#hand .card') && window.kingwebInstall && window.kingwebInstall.stdlib)"


@pytest.mark.browser
def test_after_a_new_release_one_reload_serves_only_the_new_files(browser, build_b):
    build_a = DIST
    id_a = json.loads((build_a / "build.json").read_text())["build"]
    id_b = json.loads((build_b / "build.json").read_text())["build"]
    assert id_a != id_b

    class Host(_Host):
        live = build_a

    httpd = SiteServer(("127.0.0.1", 0), Host)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        # a first visit to A: the page, then the service worker, which keeps A offline
        open_game(page, url, "king", seed=3, level="easy")
        until(page, CONTROLLED_BY, id_a)

        Host.live = build_b  # the release
        got = {}  # the responses of the page's latest load

        def seen(r):
            if r.frame == page.main_frame and r.request.is_navigation_request():
                got.clear()
            got[r.url] = r

        page.on("response", seen)
        # The player comes back and reloads once: A's page comes from A's cache while B's
        # service worker installs; once B takes over, it loads the page again, as B (the
        # waits below live through that second load).
        page.reload()
        until(page, CONTROLLED_BY, id_b)
        index_b = (build_b / "index.html").read_bytes()

        def loaded_b():
            doc = next((r for u, r in list(got.items()) if urlsplit(u).path == "/"), None)
            try:
                if not doc or doc.body() != index_b:
                    return False
            except PlaywrightError:  # the body of a document already replaced is gone
                return False
            return read(page, LOADED)

        t0 = time.monotonic()
        while not loaded_b():
            assert time.monotonic() - t0 < 90, "the page did not load build B"
            page.wait_for_timeout(250)
        wrong, checked = [], []
        for u, r in got.items():
            parts = urlsplit(u)
            if not u.startswith(url) or r.status != 200:
                continue
            rel = parts.path[1:] or "index.html"
            if (build_b / rel).is_file():
                checked.append(rel)
                if r.body() != (build_b / rel).read_bytes():
                    wrong.append(rel)
        assert not wrong, f"files of the old build served after the release: {wrong}"
        # the page, its scripts, style sheet and manifest, the worker's build.json: all B's
        changed = {rel for rel in _files(build_b) if _files(build_b)[rel] != _files(build_a).get(rel)}
        assert {"index.html", "build.json"} <= set(checked)
        assert len(changed & set(checked)) >= 5, sorted(checked)
        assert read(page, "fetch('build.json').then((r) => r.json()).then((b) => b.build)") == id_b
    finally:
        ctx.close()
        httpd.shutdown()
