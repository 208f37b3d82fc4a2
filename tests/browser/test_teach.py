"""The sample teaching page and the other static pages, in real Chromium: a lesson's frame
is as tall as what it holds, also once answered ("Right!", "Next lesson"); the heading
beside a frame follows it to the next lesson; no page asks for a file that is not there."""

import functools
import threading
import time
from typing import ClassVar

import pytest

from kingbuild.serve import SiteServer, StaticHandler

from browser_support import CARD_SPOT, prefs_script, read, until
from conftest import DIST, need_dist

pytestmark = pytest.mark.browser

# What a frame shows against what it holds: its own height on the host page, its body's
# height, whether its document scrolls, and where the lesson's feedback and next-lesson
# button end inside it.
FRAME_JS = """(sel) => {
  const f = document.querySelector(sel);
  const doc = f.contentDocument;
  const bottom = (id) => { const e = doc.getElementById(id); return e ? e.getBoundingClientRect().bottom : null; };
  return {
    frame: f.getBoundingClientRect().height,
    body: doc.body.scrollHeight,
    scrolls: doc.documentElement.scrollHeight > doc.documentElement.clientHeight + 1,
    feedback: bottom('lesson-feedback'),
    next: bottom('next-lesson'),
  };
}"""
DUCK = 'kingweb-table[lesson="king/duck"] iframe'


def _frame(page):
    return read(page, FRAME_JS, DUCK)


def _until_frame(page, ok, timeout=60):
    """The duck frame's measures once ``ok(measures)`` holds (polled: the frame follows its
    content through the host's resize messages)."""
    deadline = time.monotonic() + timeout
    while True:
        got = _frame(page)
        if ok(got):
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"the frame did not follow its content within {timeout} s: {got}")
        page.wait_for_timeout(100)


def _answer(frame, lesson_id):
    import kingweb.lessons as L

    card = L.LESSONS[lesson_id].answers[0]
    frame.locator(f'#hand .card[data-card="{card}"]').click(position=CARD_SPOT)


# Each piece of the contract's badge ("Hearts", "Tricks so far") that overlaps a side
# seat's plate or card backs, read inside a lesson's frame.
OVER_BACKS_JS = """(center) => {
  const doc = center.ownerDocument, box = (e) => e.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const sides = [...doc.querySelectorAll('.seat-left .backs, .seat-right .backs, .seat-left .plate, .seat-right .plate')];
  return [...doc.querySelectorAll('#contract-badge > *')].filter((p) => box(p).width && sides.some((s) => meet(box(p), box(s))))
    .map((p) => p.textContent);
}"""


def test_a_lesson_frame_grows_to_its_answer_and_its_heading_follows_it(page, base_url):
    page.set_viewport_size({"width": 390, "height": 844})  # a phone, whose side columns are narrow
    page.add_init_script(prefs_script())
    page.goto(base_url + "teach.html")
    duck = page.locator('kingweb-table[lesson="king/duck"]')
    heading = page.locator("section.lesson", has=duck).locator("h2")
    assert heading.inner_text() == "Lesson 2: duck"
    frame = page.frame_locator('kingweb-table[lesson="king/duck"] iframe')
    frame.locator("#hand .card.legal").first.wait_for(timeout=120_000)
    # drawn: the frame holds the whole table, nothing scrolls inside it
    got = _until_frame(page, lambda r: not r["scrolls"])
    assert got["frame"] >= got["body"] > 300
    # the contract's badge keeps off the side seats' card backs (it was drawn over them)
    for lesson in ("king/heart-lead-ban", "king/duck"):
        center = page.frame_locator(f'kingweb-table[lesson="{lesson}"] iframe').locator("#center")
        center.locator("#contract-badge > *").first.wait_for(timeout=120_000)
        assert center.evaluate(OVER_BACKS_JS) == [], lesson
    _answer(frame, "king/duck")
    frame.locator("#lesson-feedback", has_text="Right!").wait_for()
    frame.locator("#next-lesson").wait_for()
    # answered: the frame grew to hold "Right!" and the next lesson's button, in sight
    # without scrolling inside the frame
    got = _until_frame(page, lambda r: not r["scrolls"] and r["next"] is not None and r["next"] <= r["frame"])
    assert got["feedback"] <= got["frame"] and got["frame"] >= got["body"]
    # the next lesson: the heading names it, in the frame's words, and the first lesson's
    # introduction goes
    frame.locator("#next-lesson").click()
    frame.locator("#banner", has_text="Preference in the auction").wait_for(timeout=60_000)
    until(page, "() => document.querySelectorAll('section.lesson h2')[1].textContent === 'Preference in the auction'")
    assert heading.get_attribute("lang") == "en"
    assert page.locator("section.lesson", has=duck).locator("p").first.is_hidden()
    # the other lesson, not moved on, keeps its own heading and introduction
    assert page.locator("section.lesson h2").first.inner_text() == "Lesson 1: no heart leads"
    assert page.locator("section.lesson p").first.is_visible()
    # and the frame still follows its content
    _until_frame(page, lambda r: not r["scrolls"] and r["frame"] >= r["body"])


class _Logged(StaticHandler):
    """The site's server, noting every path asked for and every request it answered with
    an error."""

    asked: ClassVar[list[str]] = []
    failures: ClassVar[list[str]] = []

    def log_request(self, code="-", size="-"):
        type(self).asked.append(self.path)
        if str(code).isdigit() and int(code) >= 400:
            type(self).failures.append(f"{int(code)} {self.path}")


def _pages():
    need_dist()
    return sorted(p.name for p in DIST.glob("*.html"))


@pytest.fixture
def logged_site():
    handler = type("Logged", (_Logged,), {"asked": [], "failures": []})
    httpd = SiteServer(("127.0.0.1", 0), functools.partial(handler, directory=str(DIST)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/", handler
    httpd.shutdown()


ICONS = ("/icon.svg", "/favicon.ico")


def test_no_page_asks_for_a_missing_file(browser, logged_site):
    """Every page of the site (each .html the build writes), each in a browser of its own
    (nothing cached), with its frames drawn and its icon asked for: not one request
    answered 404, the favicon's included (a browser asks for it on its own)."""
    url, log = logged_site
    pages = _pages()
    assert {"index.html", "teach.html", "embedding.html"} <= set(pages)
    for name in pages:
        ctx = browser.new_context()
        page = ctx.new_page()
        errors = []
        page.on("console", lambda m, errors=errors: m.type == "error" and errors.append(m.text))
        page.add_init_script(prefs_script())
        log.asked.clear()
        page.goto(url + name)
        # every frame of the page has drawn its table, and the main page its own (or its
        # welcome): the page has asked for all it will ask for
        until(
            page,
            """() => [...document.querySelectorAll('iframe')].every((f) => f.contentDocument
                 && f.contentDocument.querySelector('#hand .card, .welcome, #dialog[open], .rv-body'))
               && (!document.getElementById('table') || !!document.querySelector('#dialog[open], #hand .card'))""",
            timeout=180,
        )
        # the browser asks for the page's icon once the page has loaded
        deadline = time.monotonic() + 60
        while not any(p.split("?")[0] in ICONS for p in log.asked):
            assert time.monotonic() < deadline, (name, "no icon asked for", log.asked[-5:])
            page.wait_for_timeout(100)
        ctx.close()
        assert log.failures == [], (name, log.failures)
        assert not [e for e in errors if "404" in e], (name, errors)
