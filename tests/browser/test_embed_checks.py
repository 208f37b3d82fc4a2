"""Hostile addresses and host messages: names that exist on every JavaScript object
("__proto__", "toString", "constructor"), values of the wrong type, options that are not an
object.  Each is refused by name in the visible notice and the table still plays.  Real
built site, real Chromium, real Pyodide."""

import json
from urllib.parse import quote

import pytest

from browser_support import prefs_script

pytestmark = pytest.mark.browser


def notice_text(page):
    notice = page.locator("#notice")
    notice.wait_for(state="visible", timeout=90_000)
    return notice.inner_text()


def plays(page):
    """The table answers a person: a legal card of theirs goes to the table."""
    page.wait_for_function("document.querySelector('#seat-bottom').classList.contains('to-act')", timeout=60_000)
    n = page.locator("#hand .card").count()
    page.locator("#hand .card.legal").first.click()
    page.wait_for_function("(n) => document.querySelectorAll('#hand .card').length < n", arg=n, timeout=30_000)


def test_object_builtins_in_the_address_are_refused_by_name(page, base_url):
    page.add_init_script(prefs_script())
    page.goto(base_url + "?embed=1&game=toString&level=constructor&speed=__proto__&lang=hasOwnProperty&seat=")
    text = notice_text(page)
    for bad in ("game=toString", "level=constructor", "speed=__proto__", "lang=hasOwnProperty", "seat="):
        assert bad in text, (bad, text)
    page.wait_for_selector("#hand .card", timeout=60_000)
    assert "Deal 1 of 10" in page.locator("#banner").inner_text()  # the player's game: King
    plays(page)


@pytest.mark.parametrize(
    "options, named",
    [
        ("__proto__=1,toString=2,play_all_tricks=true", ["options.__proto__", "options.toString"]),
        (
            json.dumps({"__proto__": {"x": 1}, "constructor": 1, "max_nulls": "5"}),
            ["options.__proto__", "options.constructor", 'options.max_nulls="5"'],
        ),
    ],
)
def test_object_builtins_as_option_names_are_refused_by_name(page, base_url, options, named):
    page.add_init_script(prefs_script())
    page.goto(base_url + f"?game=king&seed=3&options={quote(options)}")
    text = notice_text(page)
    for bad in named:
        assert bad in text, (bad, text)
    # a link that cannot be read in full starts nothing: the welcome, whose King plays
    assert "nothing was started" in text, text
    page.locator("#dialog[open] #play-king").click(timeout=60_000)
    plays(page)


def test_numbers_in_the_address_are_ascii_digits_only(page, base_url):
    page.add_init_script(prefs_script())
    page.goto(base_url + "?game=whist&seed=1e3&seat=0x1&level=easy")
    text = notice_text(page)
    assert "seed=1e3" in text and "seat=0x1" in text and "nothing was started" in text, text
    page.locator("#dialog[open] #play-whist").wait_for(timeout=60_000)  # the welcome, no table
    assert page.locator("#hand .card").count() == 0


HOST_PAGE = """<!doctype html><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,">
<script type="module" src="{kingweb}king-embed.js"></script>
<kingweb-table id="t" game="king" seed="5" level="normal" lang="en" speed="instant"></kingweb-table>
<script>
  window.events = [];
  document.addEventListener("kingweb-ready", (e) => window.events.push(e.detail));
  window.send = (method, json) => document.querySelector("#t")[method](JSON.parse(json));
</script>"""


def test_host_messages_with_bad_fields_are_named_and_the_table_plays(page, serve, base_url, tmp_path):
    (tmp_path / "index.html").write_text(HOST_PAGE.format(kingweb=base_url))
    page.goto(serve(tmp_path))
    page.wait_for_function("window.events.length > 0", timeout=90_000)
    frame = page.frame_locator("#t iframe")
    frame.locator("#hand .card").first.wait_for()
    notice = frame.locator("#notice")
    # JSON.parse makes "__proto__" an own field, as a hostile host would send it
    page.evaluate(
        "([m, j]) => window.send(m, j)",
        [
            "setOptions",
            json.dumps(
                {"speed": "toString", "lang": "constructor", "deck": "__proto__", "fourColor": "yes", "options": "abc"}
            ),
        ],
    )
    notice.wait_for(state="visible", timeout=10_000)
    text = notice.inner_text()
    for bad in ('speed="toString"', 'lang="constructor"', 'deck="__proto__"', 'fourColor="yes"', 'options="abc"'):
        assert bad in text, (bad, text)
    assert "options.0" not in text  # a string is not read as a list of characters
    page.evaluate(
        "([m, j]) => window.send(m, j)",
        ["newGame", json.dumps({"__proto__": {"x": 1}, "game": "constructor", "options": {"toString": 1}, "seed": -1})],
    )
    frame.locator("#notice", has_text='game="constructor"').wait_for(timeout=10_000)
    text = notice.inner_text()
    for bad in ("__proto__", "options.toString", "seed=-1"):
        assert bad in text, (bad, text)
    # the refused fields fell back to the table's own: a new King match, which plays
    frame.locator("#banner", has_text="Deal 1 of 10").wait_for(timeout=30_000)
    page.evaluate("([m, j]) => window.send(m, j)", ["newGame", json.dumps({"game": "whist", "options": {"target": 3}})])
    frame.locator("#banner", has_text="Stage 1").wait_for(timeout=30_000)
    frame.locator("#seat-bottom.to-act").wait_for(timeout=30_000)
    before = frame.locator("#hand").inner_text()
    frame.locator("#hand .card.legal").first.click()
    inner = next(f for f in page.frames if f.url.startswith(base_url))
    inner.wait_for_function("(b) => document.querySelector('#hand').innerText !== b", arg=before, timeout=30_000)
