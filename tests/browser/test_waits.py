"""The tests' own waits (browser_support.read and until) live through a navigation, as a
service worker's reload of the page makes one, and still fail on a script error.  A
plain page that reloads itself, in real Chromium; no Pyodide needed."""

import pytest
from playwright.sync_api import Error as PlaywrightError

from browser_support import read, until

pytestmark = pytest.mark.browser

# A page that counts its loads.
RELOADING = """<!doctype html><meta charset="utf-8"><title>reloading</title><link rel="icon" href="data:,">
<script>
  window.loads = Number(sessionStorage.getItem("loads") || 0) + 1;
  sessionStorage.setItem("loads", String(window.loads));
</script>"""


def slow(last):
    """An answer that takes longer than the page lives: until its load ``last`` the page
    reloads while it is asked, which destroys the context the question runs in."""
    return f"""async () => {{
      if (window.loads < {last}) setTimeout(() => location.reload(), 50);
      await new Promise((r) => setTimeout(r, 500));
      return window.loads;
    }}"""


@pytest.fixture
def reloading(browser, serve, tmp_path):
    (tmp_path / "index.html").write_text(RELOADING)
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(serve(tmp_path))
    yield page
    ctx.close()


def test_a_plain_evaluate_dies_with_the_page_it_asked(reloading):
    # what the helpers are for: this is the error a wait met when the page reloaded
    with pytest.raises(PlaywrightError, match="Execution context was destroyed"):
        reloading.evaluate(slow(3))


def test_read_and_until_ask_the_next_document(reloading):
    assert read(reloading, slow(3)) == 3  # asked of loads 1, 2 and 3
    assert until(reloading, f"async () => (await ({slow(6)})()) >= 6") is True  # of 3, 4, 5 and 6


def test_a_script_error_is_not_taken_for_a_navigation(reloading):
    with pytest.raises(PlaywrightError, match="nothing is not defined"):
        read(reloading, "() => nothing.here")
    with pytest.raises(AssertionError, match="not within 1 s"):
        until(reloading, "() => false", timeout=1)
