"""Embedding, lessons, offline play, sub-paths and shared links, in real Chromium."""

import json
import re

import pytest

from browser_support import CARD_SPOT, open_game, page_state, prefs_script, read, settled_state, until
from conftest import DIST

pytestmark = pytest.mark.browser


def precache_list():
    """The files the built service worker precaches (the build writes them into sw.js)."""
    text = (DIST / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"^const FILES = (\[.*?\]);$", text, re.M | re.S).group(1))


def wait_site_cached(page, expected, timeout=90):
    """Until the service worker's cache holds ``expected`` files and controls the page."""
    until(
        page,
        """async (expected) => {
            await navigator.serviceWorker.ready;
            const keys = (await caches.keys()).filter((k) => k.startsWith("kingweb-"));
            const n = keys.length ? (await (await caches.open(keys[0])).keys()).length : 0;
            return n >= expected && !!navigator.serviceWorker.controller;
        }""",
        expected,
        timeout=timeout,
        every=0.5,
    )


def test_served_under_a_sub_path_plays(page, serve, tmp_path):
    (tmp_path / "my-repo").symlink_to(DIST, target_is_directory=True)
    url = serve(tmp_path) + "my-repo/"
    open_game(page, url, "kingru", seed=4, level="normal")
    page.wait_for_function("document.querySelector('#seat-bottom').classList.contains('to-act')", timeout=60000)
    n = len(page_state(page)["hand"])
    page.locator("#hand .card.legal").first.click(position=CARD_SPOT)
    page.wait_for_function("(n) => document.querySelectorAll('#hand .card').length < n", arg=n)


def test_offline_reload_after_a_first_visit_plays(browser, base_url, console_errors):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.add_init_script(prefs_script())
    page.goto(base_url + "?game=whist&seed=2&level=easy")
    page.wait_for_selector("#hand .card", timeout=90000)
    # wait until the service worker has cached the whole site: every file its precache
    # list names (read from dist/sw.js), and it controls the page
    wait_site_cached(page, len(precache_list()))
    ctx.set_offline(True)
    page.reload()
    page.wait_for_selector("#hand .card", timeout=90000)
    page.wait_for_function("document.querySelector('#seat-bottom').classList.contains('to-act')", timeout=60000)
    before = settled_state(page)
    page.locator("#hand .card.legal").first.click(position=CARD_SPOT)
    # in stage 1 a trick's winner draws at once: the hand changes, not always its size
    page.wait_for_function(
        """(b) => JSON.stringify([...document.querySelectorAll('#hand .card')].map(e => e.dataset.card)) !== b""",
        arg=json.dumps(before["hand"], separators=(",", ":")),
    )
    ctx.close()


HOST_PAGE = """<!doctype html><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,">
<script type="module" src="{kingweb}king-embed.js"></script>
<kingweb-table id="t" game="king" seed="5" level="normal" lang="en" speed="instant"></kingweb-table>
<iframe id="third" src="{third}third.html" style="width:10px;height:10px"></iframe>
<script>
  window.events = [];
  for (const type of ["ready", "resize", "deal-end", "match-end"]) {{
    document.addEventListener("kingweb-" + type, (e) => window.events.push(e.detail));
  }}
</script>"""

THIRD_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script>
  // a third origin tries to drive the kingweb frame: every frame of its parent but itself
  // (the frames' order is the order they were made in, not the document's)
  window.attack = () => {
    for (let i = 0; i < parent.frames.length; i++) {
      if (parent.frames[i] !== window) parent.frames[i].postMessage({kingweb: 1, type: "new-game", game: "whist"}, "*");
    }
  };
</script>"""


def test_embed_handshake_events_resize_and_foreign_messages(page, serve, base_url, tmp_path):
    third_dir = tmp_path / "third"
    third_dir.mkdir()
    (third_dir / "third.html").write_text(THIRD_PAGE)
    third = serve(third_dir)
    host_dir = tmp_path / "host"
    host_dir.mkdir()
    (host_dir / "index.html").write_text(HOST_PAGE.format(kingweb=base_url, third=third))
    host = serve(host_dir)
    page.goto(host)
    # the protocol promises both messages, not their order: each is a separate message event
    page.wait_for_function("window.events.some(e => e.type === 'ready')", timeout=90000)
    page.wait_for_function("window.events.some(e => e.type === 'resize')", timeout=10000)
    height = page.evaluate("document.querySelector('#t iframe').getBoundingClientRect().height")
    assert height > 300
    frame = page.frame_locator("#t iframe")
    frame.locator("#hand .card").first.wait_for()
    assert "Deal 1 of 10" in frame.locator("#banner").inner_text()
    # a message from a third origin is ignored: once the frame has it (a listener of the
    # test's, after the page's own), the host's own new game is the only game started.
    # The frame's worker messages are kept by the tests' instrumentation (tests/evidence.py).
    table = page.frame(url=re.compile(r"embed=1"))
    table.evaluate("() => { window.heard = []; addEventListener('message', (e) => window.heard.push(e.data)); }")
    page.frame(url=re.compile("third.html")).evaluate("window.attack()")
    until(table, "() => window.heard.some((m) => m && m.type === 'new-game')", timeout=30)
    # the host itself may start a new game
    page.evaluate("document.querySelector('#t').newGame({game: 'whist', options: {target: 3}})")
    frame.locator("#banner", has_text="Stage 1").wait_for(timeout=30000)
    starts = [m for m in table.evaluate("window.__kingwebTrace") if '"cmd":"start"' in m and '"whist"' in m]
    assert len(starts) == 1 and '"target":3' in starts[0], starts


def test_bad_url_parameters_are_named_and_replaced(page, base_url):
    page.add_init_script(prefs_script())
    page.goto(base_url + "?embed=1&game=chess&level=godlike&lang=xx&seat=9&options=nope%3D1&colour=red")
    notice = page.locator("#notice")
    notice.wait_for(state="visible", timeout=90000)
    text = notice.inner_text()
    for bad in ("game=chess", "level=godlike", "lang=xx", "seat=9", "colour"):
        assert bad in text, (bad, text)
    page.wait_for_selector("#hand .card")
    assert page.evaluate("document.body.classList.contains('embed')")
    assert "<" not in text  # shown as text, never as markup


def test_options_in_the_url_are_checked_by_the_engine(page, base_url):
    page.add_init_script(prefs_script())
    page.goto(base_url + "?game=kingru&options=boys%3Djacks-kings,scale%3D10,scale2%3D1&seed=3")
    page.locator("#notice").wait_for(state="visible", timeout=90000)
    assert "options.scale2" in page.locator("#notice").inner_text()
    # a link that cannot be read in full starts nothing; the one without the unknown option plays
    page.locator("#dialog[open] #play-kingru").wait_for(timeout=60_000)
    assert page.locator("#hand .card").count() == 0
    page.goto(base_url + "?game=kingru&options=boys%3Djacks-kings,scale%3D10&seed=3")
    page.wait_for_selector("#hand .card")
    # 2 a trick and 16 in all, shown ×10, with the minus sign
    assert "\xa0· \u221220 per trick\xa0· \u2212160\xa0in\xa0all" in page.locator("#banner").inner_text()


@pytest.mark.parametrize("first", ["king/follow-suit", "kingru/follow-suit", "whist/follow-suit"])
def test_every_lesson_is_solvable_and_explains(page, base_url, first):
    import kingweb.lessons as L

    page.add_init_script(prefs_script())
    page.goto(base_url + f"?lesson={first}")
    game = first.split("/")[0]
    ids = [i for i in L.LESSONS if i.startswith(game + "/")]
    for i, lid in enumerate(ids):
        lesson = L.LESSONS[lid]
        page.wait_for_function(
            "(t) => document.querySelector('#banner').textContent.includes(t)", arg="Lesson", timeout=90000
        )
        s = settled_state(page)
        legal = s["legal"] or s["actions"]
        wrong = [a for a in legal if a not in lesson.answers]
        if wrong:
            click(page, wrong[0])
            page.locator("#lesson-feedback").wait_for()
            assert "Not the best play" in page.locator("#lesson-feedback").inner_text()
        illegal = [c for c in s["hand"] if c not in legal]
        if illegal and s["legal"]:
            # this card's refusal: the last lesson's may still be showing
            shown = read(page, TOASTS_JS)
            click(page, illegal[0])
            until(page, "(n) => window.toasts > n", shown, timeout=30)
            assert page.locator("#toast").inner_text()
        click(page, lesson.answers[0])
        page.locator("#lesson-feedback", has_text="Right!").wait_for()
        # answered, the lesson is over: no seat waits to act, no turn is announced
        assert page.locator(".seat.to-act").count() == 0 and page.locator("#panel .prompt").count() == 0
        if i + 1 < len(ids):
            page.locator("#next-lesson").click()


# How many messages the page has shown (each one writes the toast's text anew, the same
# words too), counted from the page's first line.
TOASTS_JS = """() => {
  if (window.toasts === undefined) {
    window.toasts = 0;
    new MutationObserver(() => { window.toasts++; }).observe(document.getElementById('toast'), { childList: true });
  }
  return window.toasts;
}"""

# The worker's answer to the first lesson_try is held back (a busy device), so that a
# second tap lands while the first is being judged.
HOLD_FIRST_TRY_JS = """(() => {
  const send = Worker.prototype.postMessage;
  let held = false;
  Worker.prototype.postMessage = function (m, transfer) {
    if (m && m.cmd === 'lesson_try' && !held) {
      held = true;
      setTimeout(() => send.call(this, m, transfer), 1500);
      return;
    }
    return send.call(this, m, transfer);
  };
})();"""


def test_the_right_answer_tapped_while_a_wrong_one_is_judged_is_taken(page, base_url):
    """A quick second tap after an illegal card: the refusal is told, then the right
    answer is played (it was dropped without a word while the first was on its way)."""
    import kingweb.lessons as L

    page.add_init_script(prefs_script())
    page.add_init_script(HOLD_FIRST_TRY_JS)
    page.goto(base_url + "?lesson=king/follow-suit")
    page.wait_for_function(
        "(t) => document.querySelector('#banner').textContent.includes(t)", arg="Lesson", timeout=90000
    )
    s = settled_state(page)
    illegal = [c for c in s["hand"] if c not in s["legal"]]
    assert illegal and s["legal"], s
    shown = read(page, TOASTS_JS)
    click(page, illegal[0])
    click(page, L.LESSONS["king/follow-suit"].answers[0])  # while the first is held back
    until(page, "(n) => window.toasts > n", shown, timeout=30)
    page.locator("#lesson-feedback", has_text="Right!").wait_for(timeout=30000)


def click(page, action):
    if re.fullmatch(r"[2-9TJQKA][CDHS]", action):
        page.locator(f'#hand .card[data-card="{action}"]').click(position=CARD_SPOT)
    else:
        page.locator(f'#panel button[data-action="{action}"]').click()


def test_shared_link_reproduces_the_same_first_deal(browser, base_url):
    hands = []
    for _ in range(2):
        ctx = browser.new_context()
        page = ctx.new_page()
        open_game(page, base_url, "king", seed=4242, level="normal")
        hands.append(sorted(page_state(page)["hand"]))
        ctx.close()
    assert hands[0] == hands[1] and len(hands[0]) == 13
