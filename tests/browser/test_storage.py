"""Corrupt storage before the page loads: a saved game (as an earlier page kept it in
localStorage, before the worker kept saves) and preferences that cannot be used.  Each time the player is told the truth, what could not be used is set aside (or,
with no room for a copy, offered as a download and left in place), and the table ends
usable: New game starts a game.  Real built site, real Chromium, real Pyodide."""

import json

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser_support import prefs_script, stored_save

pytestmark = pytest.mark.browser

SAVE_KEY = "kingweb.save.v1"
PREFS_KEY = "kingweb.prefs.v1"
DEEP = "[" * 3000 + "]" * 3000


def corrupt(page, key, value):
    """Store `value` under `key` before the page's first load only (not on reloads)."""
    page.add_init_script(f"""
      if (!sessionStorage.getItem('corrupted:{key}')) {{
        sessionStorage.setItem('corrupted:{key}', '1');
        localStorage.setItem({json.dumps(key)}, {json.dumps(value)});
      }}""")


def stored(page, prefix):
    return page.evaluate("(p) => Object.keys(localStorage).filter((k) => k.startsWith(p)).sort()", prefix)


def new_game_plays(page):
    """The New game dialog is offered (or opened from the toolbar) and starts a game.

    With nothing to resume the page offers it itself, a moment after its notice (the
    welcome opens once the page knows there is no save): wait for it rather than decide
    at once that it is not coming and click the toolbar under it."""
    offered = page.locator("#dialog[open] #play-whist")
    try:
        offered.wait_for(timeout=20_000)
    except PlaywrightTimeout:
        page.locator("#btn-new").click()
    offered.wait_for(timeout=30_000)
    page.locator("#play-whist").click()  # the welcome's one button for German Whist
    page.wait_for_selector("#hand .card", timeout=60_000)
    page.wait_for_function("document.querySelector('#seat-bottom').classList.contains('to-act')", timeout=60_000)
    hand = "(() => [...document.querySelectorAll('#hand .card')].map((e) => e.dataset.card).join())()"
    before = page.evaluate(hand)
    page.locator("#hand .card.legal").first.click()
    # in stage 1 the trick's winner draws at once: the hand changes, not always its size
    page.wait_for_function(f"(b) => {hand} !== b", arg=before, timeout=30_000)


def notice_for_prefs(page, base_url, bad):
    """Load the page with ``bad`` stored as its preferences; the notice it shows."""
    corrupt(page, PREFS_KEY, json.dumps(bad))
    page.goto(base_url)
    notice = page.locator("#notice")
    notice.wait_for(state="visible", timeout=90_000)
    return notice.inner_text()


def shown(page):
    return page.evaluate("""() => [document.querySelector('#toast'), document.querySelector('#notice'),
      document.querySelector('#loading')].filter((e) => !e.hidden).map((e) => e.innerText).join(' | ')""")


@pytest.mark.parametrize(
    "save, problem",
    [
        (DEEP, "not a kingweb save"),
        (
            '{"format":"kingweb-save","version":1,"game":"king","seed":1,"options":{},"level":"normal","seat":0,'
            '"actions":' + DEEP + "}",
            "actions[0]=[",
        ),
    ],
)
def test_a_deeply_nested_save_is_set_aside_and_the_table_plays(page, base_url, save, problem):
    page.add_init_script(prefs_script())
    corrupt(page, SAVE_KEY, save)
    page.goto(base_url)
    toast = page.locator("#toast")
    toast.wait_for(state="visible", timeout=90_000)
    text = toast.inner_text()
    assert "could not be resumed" in text and problem in text, text
    kept = stored(page, "kingweb.save.corrupt.")
    assert len(kept) == 1 and kept[0] in text  # says where it went
    assert page.evaluate("(k) => localStorage.getItem(k)", kept[0]) == save
    assert "connection" not in shown(page)
    new_game_plays(page)
    assert "kingweb-save" in stored_save(page)  # the worker keeps the new game
    assert page.evaluate("(k) => localStorage.getItem(k)", kept[0]) == save  # beside the one set aside
    # a reload resumes the new game: nothing is left to fail the same way
    page.reload()
    page.locator("#toast", has_text="resumed").wait_for(timeout=90_000)


def test_preferences_with_a_number_for_a_games_options(page, base_url):
    text = notice_for_prefs(page, base_url, {"options": {"king": 5}, "speed": "instant"})
    assert "options.king=5" in text
    kept = stored(page, "kingweb.prefs.corrupt.")
    assert len(kept) == 1 and kept[0] in text
    assert json.loads(page.evaluate("(k) => localStorage.getItem(k)", kept[0])) == {
        "options": {"king": 5},
        "speed": "instant",
    }
    # the dialog (offered at once: there is no save) shows King's defaults and starts a game
    page.locator("#dialog[open] #play-king").wait_for(timeout=30_000)
    page.locator("#table-rules summary").click()
    assert page.locator("#opt-king-play_all_tricks").count() == 1
    assert not page.locator("#opt-king-play_all_tricks").is_checked()
    new_game_plays(page)
    prefs = json.loads(page.evaluate("(k) => localStorage.getItem(k)", PREFS_KEY))
    assert prefs["speed"] == "instant" and isinstance(prefs["options"].get("king", {}), dict)
    page.reload()
    page.wait_for_selector("#hand .card", timeout=90_000)
    assert page.locator("#notice").is_hidden()  # cleaned once, not reported again


def test_preferences_of_the_wrong_type_in_every_field(page, base_url):
    bad = {
        "lang": 5,
        "speed": "toString",
        "level": ["hard"],
        "fourColor": "yes",
        "autoplay": 0,
        "deck": "__proto__",
        "game": {"x": 1},
        "options": [],
    }
    text = notice_for_prefs(page, base_url, bad)
    for name in (
        "lang=5",
        'speed="toString"',
        'level=["hard"]',
        'fourColor="yes"',
        "autoplay=0",
        'deck="__proto__"',
        'game={"x":1}',
        "options=[]",
    ):
        assert name in text, (name, text)
    new_game_plays(page)
    prefs = json.loads(page.evaluate("(k) => localStorage.getItem(k)", PREFS_KEY))
    assert prefs["speed"] in ("slow", "normal", "fast", "instant") and prefs["deck"] in ("plain", "classic")
    assert isinstance(prefs["fourColor"], bool) and isinstance(prefs["autoplay"], bool)
    assert prefs["lang"] in ("en", "es", "pt", "ru") and prefs["game"] == "whist"


def test_preferences_naming_what_does_not_exist(page, base_url):
    bad = {
        "speed": "instant",
        "game": "constructor",
        "level": "toString",
        "options": {"__proto__": {"a": 1}, "whist": {"target": "3", "toString": 1}, "king": {"play_all_tricks": True}},
    }
    text = notice_for_prefs(page, base_url, bad)
    for name in (
        'game="constructor"',
        'level="toString"',
        'options."__proto__"',
        'options.whist.target="3"',
        "options.whist.toString",
    ):
        assert name in text, (name, text)
    page.locator("#dialog[open] #play-king").wait_for(timeout=30_000)
    assert page.locator(".game-pick.last #play-king").count() == 1  # the game named is the last one played
    page.locator("#table-rules summary").click()
    assert page.locator("#opt-king-play_all_tricks").is_checked()  # what was good is kept
    new_game_plays(page)


def test_a_huge_save_with_no_room_to_set_aside_is_offered_as_a_download(page, base_url):
    # 4 million characters: a copy beside it does not fit in the origin's storage
    junk = "{" + "x" * 4_000_000
    page.add_init_script(prefs_script())
    corrupt(page, SAVE_KEY, junk)
    page.goto(base_url)
    notice = page.locator("#notice")
    notice.wait_for(state="visible", timeout=90_000)
    text = notice.inner_text()
    assert "could not be resumed" in text and "no room" in text, text
    assert "set aside" not in shown(page)  # never says it was kept when it was not
    assert stored(page, "kingweb.save.corrupt.") == []
    # a new game plays, and does not overwrite the save waiting for the player
    new_game_plays(page)
    assert json.loads(stored_save(page))["game"] == "whist"  # the new game is saved (by the worker)
    assert page.evaluate("(k) => localStorage.getItem(k) === '{' + 'x'.repeat(4000000)", SAVE_KEY)
    with page.expect_download() as dl:
        page.locator("#save-download").click()
    path = dl.value.path()
    with open(path, encoding="utf-8") as f:
        assert f.read() == junk
    assert "download" in page.locator("#notice").inner_text()
    # then, and only then, the old save goes and new games are saved again
    assert page.evaluate(
        "(k) => localStorage.getItem(k) === null || !localStorage.getItem(k).startsWith('{x')", SAVE_KEY
    )
    page.locator("#hand .card.legal").first.click(timeout=30_000)
    assert "kingweb-save" in stored_save(page)


def test_a_huge_save_can_be_discarded(page, base_url):
    junk = "[" * 4_000_000
    page.add_init_script(prefs_script())
    corrupt(page, SAVE_KEY, junk)
    page.goto(base_url)
    page.locator("#save-discard").wait_for(timeout=90_000)
    assert "connection" not in shown(page)
    page.locator("#dialog[open] .game-pick.last button.primary").click()  # play the offered new game
    page.locator("#save-discard").click()
    assert "discarded" in page.locator("#notice").inner_text()
    assert page.evaluate("(k) => localStorage.getItem(k)", SAVE_KEY) is None
    assert "kingweb-save" in stored_save(page)


def test_the_reason_is_told_in_the_players_language(page, base_url):
    page.add_init_script(prefs_script(lang="ru"))
    corrupt(page, SAVE_KEY, DEEP)
    page.goto(base_url)
    toast = page.locator("#toast")
    toast.wait_for(state="visible", timeout=90_000)
    text = toast.inner_text()
    assert "это не сохранение kingweb" in text and "kingweb.save.corrupt." in text, text
