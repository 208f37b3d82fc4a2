"""The first seconds: the welcome, the games, the rules and the settings need no Python, so
they show at first paint while the runtime loads behind them, and a Play pressed before the
engine is ready starts the game the moment it is.  Real Chromium, the real runtime (held
back on purpose until the test lets it go, so that the order is certain whatever the
machine's load)."""

import threading

import pytest
from evidence import TRACE_JS

from kingbuild.serve import StaticHandler

from browser_support import asked, hold, prefs_script
from conftest import DIST, need_dist

pytestmark = pytest.mark.browser

# The runtime's WebAssembly is held back until this is set (a slow network).  A safety
# bound keeps a forgotten release from hanging the run.
RELEASE = threading.Event()
HOLD_MAX_S = 120


class _Slow(StaticHandler):
    """The site, with the runtime's WebAssembly sent only once RELEASE is set, each
    request in its own thread."""

    def do_GET(self):
        if self.path.split("?")[0].endswith("pyodide.asm.wasm"):
            RELEASE.wait(HOLD_MAX_S)
        super().do_GET()


@pytest.fixture(scope="module")
def slow_url(serve):
    need_dist()
    return serve(DIST, _Slow)


@pytest.fixture(autouse=True)
def held():
    """Each test starts with the runtime held back, and lets it go at the latest when it ends."""
    RELEASE.clear()
    yield
    RELEASE.set()


def test_the_welcome_is_usable_before_the_engine_and_play_waits_for_it(page, slow_url):
    page.add_init_script(prefs_script())
    page.goto(slow_url)
    page.locator("#dialog[open] #play-king").wait_for(timeout=60_000)  # while the runtime is held
    assert page.evaluate("window.kingwebBoot === undefined")  # the engine is not up yet
    # the rules read without Python, from the welcome
    page.get_by_role("button", name="Rules · King").click()
    page.locator("#dialog-title", has_text="King").wait_for()
    page.locator("#dialog-actions button").last.click()
    page.locator("#dialog[open] #play-king").wait_for()
    page.locator("#play-king").click()  # before the engine is up: the game starts when it is
    assert page.evaluate("window.kingwebBoot === undefined")
    page.locator("#loading").wait_for(state="visible")
    RELEASE.set()
    page.wait_for_selector("#hand .card", timeout=120_000)
    assert page.locator("#banner").inner_text().startswith("Deal 1 of 10")


# Whether the worker keeps a match (it writes the save after each move).
SAVE_KEPT_JS = """() => new Promise((resolve) => {
  const req = indexedDB.open('kingweb-saves', 1);
  req.onsuccess = () => { const g = req.result.transaction('saves').objectStore('saves').count('match:kingru');
    g.onsuccess = () => resolve(g.result > 0); };
})"""


def test_a_match_to_resume_waits_for_the_engine_instead_of_the_welcome(page, slow_url):
    page.add_init_script(prefs_script())
    # whether the welcome ever opened, from the first paint on
    page.add_init_script("""addEventListener('DOMContentLoaded', () => {
      window.welcomed = false;
      new MutationObserver(() => { if (document.querySelector('#dialog[open] #play-king')) window.welcomed = true; })
        .observe(document.body, { subtree: true, childList: true, attributes: true });
    });""")
    RELEASE.set()  # the first visit's engine comes at once; the reload's may be held
    page.goto(slow_url + "?game=kingru&seed=3")
    page.wait_for_selector("#hand .card.legal", timeout=90_000)
    page.wait_for_function(SAVE_KEPT_JS, timeout=30_000)
    RELEASE.clear()
    page.reload()
    # the runtime held (or, from the browser's cache, not asked for): the page meanwhile
    page.locator("#loading:visible").or_(page.locator("#toast", has_text="resumed")).wait_for(timeout=60_000)
    RELEASE.set()
    page.locator("#toast", has_text="resumed").wait_for(timeout=120_000)
    assert page.evaluate("window.welcomed") is False  # no welcome over the match to resume


def test_a_welcome_closed_before_the_engine_is_up_stays_closed(page, slow_url):
    # the player closes the welcome to set the language first; the engine coming up after
    # must not open it again over the page (it once did, and hid the New game button)
    page.add_init_script(prefs_script())
    page.goto(slow_url)
    page.locator("#dialog[open] #play-king").wait_for(timeout=60_000)
    page.keyboard.press("Escape")
    page.locator("#btn-settings").click()
    page.select_option("#set-lang", "es")
    page.locator("#dialog-actions button.primary").click()
    assert page.evaluate("window.kingwebBoot === undefined")  # still before the engine
    RELEASE.set()
    # whatever the engine's arrival opens (a welcome, once) is open by then
    page.wait_for_function("window.kingwebOpened === 1", timeout=120_000)
    assert page.locator("dialog[open]").count() == 0
    page.locator("#btn-new").click()  # and New game answers, in Spanish
    page.locator("#dialog[open] #play-king").wait_for()
    assert page.locator("#btn-new").inner_text() == "Nueva partida"


def test_an_engine_up_before_the_pages_script_still_opens_the_table_the_address_asks_for(browser, base_url):
    # The reverse order: index.html starts the worker before the page's modules load, and a
    # loaded machine can have the engine ready first (the module script held back here
    # until the worker says so). The address is read all the same.
    ctx = browser.new_context()
    page = ctx.new_page()
    page.add_init_script(TRACE_JS)
    page.add_init_script(prefs_script())
    held = []
    ctx.route("**/app.js", lambda route: held.append(route))
    page.goto(base_url + "?game=king&seed=2&level=easy", wait_until="commit")
    page.wait_for_function('(window.__kingwebTrace || []).some((l) => l.includes(\'"type":"ready"\'))', timeout=90_000)
    assert len(held) == 1, held
    held[0].continue_()
    page.wait_for_selector("#hand .card", timeout=60_000)
    assert not page.locator("dialog[open]").count()
    assert page.evaluate("location.search") == ""  # read once: a reload resumes the match
    ctx.close()


def test_a_welcome_opened_before_a_slow_storage_answered_gives_way_to_the_resumed_match(page, base_url):
    # The page asks IndexedDB whether a match is kept before it opens the welcome, and opens
    # it when no answer comes within a second (a loaded machine): the engine then resumes
    # the match, and the welcome must not stay over it.  The page's own IndexedDB never
    # answers here (the worker's, which keeps the save, is not touched).
    page.add_init_script(prefs_script())
    page.goto(base_url + "?game=kingru&seed=3")
    page.wait_for_selector("#hand .card.legal", timeout=90_000)
    page.wait_for_function(SAVE_KEPT_JS, timeout=30_000)
    page.add_init_script("indexedDB.open = () => ({});")
    page.reload()
    page.locator("#toast", has_text="resumed").wait_for(timeout=90_000)
    page.wait_for_selector("#hand .card", timeout=30_000)
    assert not page.locator("#dialog[open]").count()


# Where the welcome's first buttons are on the screen.
BUTTONS_AT_JS = """() => ['play-people', 'new-level', 'play-king', 'play-whist'].map((id) => {
  const r = document.getElementById(id).getBoundingClientRect();
  return [id, Math.round(r.x), Math.round(r.y)];
})"""


def test_the_welcomes_buttons_stay_put_when_the_daily_entry_arrives(page, slow_url):
    # The daily's entry fills its place a moment after the welcome opens (its module loads
    # then).  The dialog, centred, moved every button above it by half the entry's height
    # when it came, and a fresh clone's run lost its first click (on Play with people) to
    # that move.  The module is held back here so that the order is certain.
    page.add_init_script(prefs_script())
    held = hold(page, "**/daily/play.js")
    page.goto(slow_url)
    page.locator("#dialog[open] #play-people").wait_for(timeout=60_000)
    asked(page, held, timeout=10)  # the request is made with the welcome; its route is called soon after
    assert len(held) == 1 and page.locator("#daily-slot").count() == 1
    before = page.evaluate(BUTTONS_AT_JS)
    held[0].continue_()
    page.locator("#daily-play-king").wait_for(timeout=30_000)
    assert page.locator("#daily-slot").count() == 0
    assert page.evaluate(BUTTONS_AT_JS) == before
    page.get_by_role("button", name="Play with people").click()
    page.locator("#people-game").wait_for(timeout=10_000)


def test_a_welcome_waits_for_its_languages_words(page, base_url):
    # A language's words load when chosen.  Fetched beside the engine's boot, they could
    # come after a kept engine had opened the welcome, which then stayed in English (r72):
    # the page now has them before it boots anything.  They are held back here for longer
    # than a kept engine's boot takes.
    page.add_init_script(prefs_script(lang="es"))
    held = hold(page, "**/i18n/es.js")
    page.goto(base_url)
    for _ in range(80):  # eight seconds: nothing is opened meanwhile, in English or at all
        if page.evaluate("!!document.querySelector('#dialog[open]')"):
            break
        page.wait_for_timeout(100)
    assert len(held) == 1
    assert page.evaluate("document.querySelector('#dialog[open]')") is None
    held[0].continue_()
    page.locator("#dialog[open] #play-king").wait_for(timeout=90_000)
    assert page.locator("#dialog-title").inner_text() == "Bienvenido a kingweb"
