"""The tests' own Chromium (browser_support.CHROMIUM_ARGS): a new context opens no page
of browser UI beside its own, and the features Playwright turns off stay off under the
list of ours.  No site needed."""

import pytest

pytestmark = pytest.mark.browser


def test_a_new_context_preloads_no_address_bar_popup(browser):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto("about:blank")
    page.wait_for_timeout(1000)  # the window's preload starts with it, done within this
    targets = browser.new_browser_cdp_session().send("Target.getTargets")["targetInfos"]
    ctx.close()
    assert [t["url"] for t in targets if t["type"] == "browser_ui"] == []


def test_the_last_disable_features_keeps_every_feature_of_the_earlier_ones(browser):
    # Chromium reads only the last --disable-features of its command line, as chrome://version shows it
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto("chrome://version/")
    line = page.locator("#command_line").inner_text().split()
    ctx.close()
    lists = [set(a.split("=", 1)[1].split(",")) for a in line if a.startswith("--disable-features=")]
    assert len(lists) >= 2, line  # Playwright's and ours
    assert set().union(*lists[:-1]) <= lists[-1], set().union(*lists[:-1]) - lists[-1]
