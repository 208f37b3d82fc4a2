"""Back inside the app (site/back.js), in real Chromium: Back closes the open dialog and
stays on the page; Back at a table whose match is under way asks, and leaves only when
told to."""

import pytest

from browser_support import open_game, page_state, prefs_script, until

pytestmark = pytest.mark.browser

LEFT = "() => location.pathname.endsWith('icon.svg')"


@pytest.fixture
def page(browser, console_errors):
    """conftest's page, without the site's service worker: once that worker is up it fetches
    for the origin's pages, the outside page's /favicon.ico too, past ``page.route``'s
    answer, and the server's 404 reached the console (r26, a loaded run: whether the worker
    was up in time).  Back and history are the page's, not the worker's."""
    ctx = browser.new_context(viewport={"width": 1100, "height": 820}, service_workers="block")
    pg = ctx.new_page()
    pg.on("console", lambda m: m.type == "error" and console_errors.append(f"{m.text} ({m.location.get('url')})"))
    pg.on("pageerror", lambda e: console_errors.append(str(e)))
    yield pg
    ctx.close()


def outside(page, base_url):
    """A first page of the site's origin that is no table, where Back out of it leads (the
    browser asks it for /favicon.ico: answered, so that no 404 reaches the console)."""
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(base_url + "icon.svg")


# Stay, and Back in the same moment: Back is pressed as the question closes (in the close
# event, after the page's own listener has heard it).
STAY_AND_BACK = """(name) => {
  document.getElementById('dialog').addEventListener('close', () => history.back(), { once: true });
  [...document.querySelectorAll('#dialog-actions button')].find((b) => b.textContent.trim() === name).click();
}"""


def back(page):
    """Press Back.  (Pressed after the evaluate has answered: a Back that leaves the page
    may otherwise end the page's script before its answer, r31's failure.)"""
    page.evaluate("() => { setTimeout(() => history.back(), 0); }")


def test_back_closes_a_dialog_and_stays(page, base_url):
    outside(page, base_url)
    open_game(page, base_url, "king", seed=4, level="easy")
    page.evaluate("() => { window.still = true; }")
    page.locator("#btn-rules").click()
    page.locator("#dialog[open]").wait_for()
    back(page)
    page.locator("#dialog[open]").wait_for(state="detached")
    assert page.evaluate("() => window.still === true")  # the same document: not left, not reloaded
    assert page_state(page)["hand"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_back_at_a_table_under_way_asks_before_leaving(page, base_url, lang):
    page.add_init_script(prefs_script(lang))
    outside(page, base_url)
    open_game(page, base_url, "whist", seed=3, level="easy")
    page.evaluate("() => { window.still = true; }")
    page.locator("#banner").click()  # the player touches the table
    words = page.evaluate("async (l) => (await import('./i18n/' + l + '.js')).default", lang)
    title = page.locator("#dialog[open] #dialog-title")
    # Stay, then stay with Back pressed again as the question closes: the page's own Back
    # (popping the question's entry) and the player's make one traversal and one popstate,
    # which the page once took for its own alone, and the player's Back went unheard (r22)
    for step in ("stay", "stay and back", "leave"):
        if step != "leave":  # the question is asked again by the Back that came with staying
            back(page)
        title.wait_for()
        assert title.inner_text() == words["leave_title"]
        assert page.locator("#dialog-content").inner_text() == words["leave_saved"]
        if step == "stay":
            page.get_by_role("button", name=words["leave_stay"]).click()
            page.locator("#dialog[open]").wait_for(state="detached")
            assert page.evaluate("() => window.still === true") and page_state(page)["hand"]
        elif step == "stay and back":
            page.evaluate(STAY_AND_BACK, words["leave_stay"])
        else:
            page.get_by_role("button", name=words["leave_go"]).click()
    until(page, LEFT, timeout=30)


def test_back_leaves_at_once_with_no_match_under_way(page, base_url):
    page.add_init_script(prefs_script())
    outside(page, base_url)
    page.goto(base_url)
    page.locator("#dialog[open] #play-king").wait_for(timeout=90_000)
    page.locator("#play-king").focus()
    back(page)  # closes the welcome
    page.locator("#dialog[open]").wait_for(state="detached")
    back(page)
    until(page, LEFT, timeout=30)
