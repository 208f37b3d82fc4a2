"""The first seconds: the welcome, the games, the rules and the settings need no Python, so
they show at first paint while the runtime loads behind them, and a Play pressed before the
engine is ready starts the game the moment it is.  Real Chromium, the real runtime (held
back on purpose, so that the order is certain)."""

import time

import pytest

from kingbuild.serve import StaticHandler

from browser_support import prefs_script
from conftest import DIST, need_dist

pytestmark = pytest.mark.browser

HOLD_S = 6  # the runtime's WebAssembly is held back this long


class _Slow(StaticHandler):
    """The site, with the runtime's WebAssembly sent only after HOLD_S seconds (a slow
    network), each request in its own thread."""

    def do_GET(self):
        if self.path.split("?")[0].endswith("pyodide.asm.wasm"):
            time.sleep(HOLD_S)
        super().do_GET()


@pytest.fixture(scope="module")
def slow_url(serve):
    need_dist()
    return serve(DIST, _Slow)


def test_the_welcome_is_usable_before_the_engine_and_play_waits_for_it(page, slow_url):
    page.add_init_script(prefs_script())
    t0 = time.time()
    page.goto(slow_url)
    page.locator("#dialog[open] #play-king").wait_for(timeout=HOLD_S * 1000 - 1000)
    shown = time.time() - t0
    assert shown < HOLD_S, shown
    assert page.evaluate("window.kingwebBoot === undefined")  # the engine is not up yet
    # the rules read without Python, from the welcome
    page.get_by_role("button", name="Rules · King").click()
    page.locator("#dialog-title", has_text="King").wait_for()
    page.locator("#dialog-actions button").last.click()
    page.locator("#dialog[open] #play-king").wait_for()
    page.locator("#play-king").click()  # before the engine is up: the game starts when it is
    assert page.evaluate("window.kingwebBoot === undefined")
    page.locator("#loading").wait_for(state="visible")
    page.wait_for_selector("#hand .card", timeout=120_000)
    assert page.locator("#banner").inner_text().startswith("Deal 1 of 10")


def test_a_match_to_resume_waits_for_the_engine_instead_of_the_welcome(page, slow_url):
    page.add_init_script(prefs_script())
    # whether the welcome ever opened, from the first paint on
    page.add_init_script("""addEventListener('DOMContentLoaded', () => {
      window.welcomed = false;
      new MutationObserver(() => { if (document.querySelector('#dialog[open] #play-king')) window.welcomed = true; })
        .observe(document.body, { subtree: true, childList: true, attributes: true });
    });""")
    page.goto(slow_url + "?game=kingru&seed=3")
    page.wait_for_selector("#hand .card.legal", timeout=90_000)
    page.wait_for_function(
        """() => new Promise((resolve) => {
      const req = indexedDB.open('kingweb-saves', 1);
      req.onsuccess = () => { const g = req.result.transaction('saves').objectStore('saves').count('match');
        g.onsuccess = () => resolve(g.result > 0); };
    })""",
        timeout=30_000,
    )
    page.reload()
    page.locator("#toast", has_text="resumed").wait_for(timeout=120_000)
    assert page.evaluate("window.welcomed") is False  # no welcome over the match to resume


def test_a_welcome_closed_before_the_engine_is_up_stays_closed(page, slow_url):
    # the player closes the welcome to set the language first; the engine coming up after
    # must not open it again over the page (it once did, and hid the New game button)
    page.add_init_script(prefs_script())
    page.goto(slow_url)
    page.locator("#dialog[open] #play-king").wait_for(timeout=HOLD_S * 1000 - 1000)
    page.keyboard.press("Escape")
    page.locator("#btn-settings").click()
    page.select_option("#set-lang", "es")
    page.locator("#dialog-actions button.primary").click()
    assert page.evaluate("window.kingwebBoot === undefined")  # still before the engine
    page.wait_for_function("window.kingwebBoot !== undefined", timeout=120_000)
    page.wait_for_timeout(2000)  # what the engine's arrival opens (a welcome), it opens in a few calls
    assert page.locator("dialog[open]").count() == 0
    page.locator("#btn-new").click()  # and New game answers, in Spanish
    page.locator("#dialog[open] #play-king").wait_for()
    assert page.locator("#btn-new").inner_text() == "Nueva partida"
