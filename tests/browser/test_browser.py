"""The real built site (dist/) in real Chromium with the real Pyodide runtime and wheel,
driven like a person: clicks on cards and buttons, reloads, keyboard.

Run through ``python build.py test``, which builds dist/ and installs Chromium first.
"""

import json
import random
import re

import pytest

from browser_support import CARD_SPOT, open_game, page_state, play_until, prefs_script, settled_state

pytestmark = pytest.mark.browser


def human_policy(rng, seen):
    """Choose like a curious player: own positives go to auction, bid when asked."""

    def choose(state):
        acts = state["actions"]
        if acts:
            for pref in ("auction", "accept"):
                if pref in acts:
                    seen.add(pref)
                    return pref
            offers = [a for a in acts if a.startswith("offer:")]
            if offers and "pass" in acts and state["phase_hint"] == "auction":
                seen.add("offer")
                return offers[0]
            return acts[0]
        return rng.choice(state["legal"])

    return choose


def finish_match(page, rng, seen):
    end = play_until(page, human_policy(rng, seen), stop=lambda s: s["winner"])
    assert end["winner"]
    # the sheet's sums agree with the engine's totals, so it says nothing about them
    check = page.locator("#sheet-check")
    assert check.get_attribute("data-sums") == "ok", check.text_content()
    assert check.is_hidden()
    return end


def test_whole_king_match_with_auction_and_owned_positive(page, base_url):
    rng = random.Random(1)
    seen = set()
    open_game(page, base_url, "king", seed=11, level="normal")
    finish_match(page, rng, seen)
    assert {"auction", "accept"} & seen and "auction" in seen, seen
    rows = page.locator("#sheet tbody tr")
    assert rows.count() == 10
    # every King match sums to zero
    assert page.locator("#sheet tfoot td").last.text_content() == "0"  # the sheet is folded under the places


def test_whole_kingru_match(page, base_url):
    open_game(page, base_url, "kingru", seed=5, level="normal")
    finish_match(page, random.Random(2), set())
    assert page.locator("#sheet tbody tr").count() == 14
    assert page.locator("#sheet tfoot td").last.text_content() == "0"  # the sheet is folded under the places
    # the match's end offers its review, whole: its 14 deals
    page.locator("#dialog-actions button", has_text="Review the match").click()
    page.locator("#review .rv-deal").wait_for(timeout=60_000)
    assert page.locator("#review .rv-bar h2").text_content() == "Review of the match"
    assert page.locator("#review .rv-deal option").count() == 14
    page.locator("#review .rv-close").click()
    # the dialog goes at its close event, a task after the click: waited for, not raced
    page.locator("#review").wait_for(state="detached", timeout=10_000)


def test_whole_whist_match(page, base_url):
    open_game(page, base_url, "whist", seed=3, level="normal", options={"target": 3})
    end = finish_match(page, random.Random(3), set())
    assert page.locator("#sheet tbody tr").count() >= 1
    assert re.search(r"wins|share", end["winner_text"])


def test_illegal_click_shows_reason_and_changes_nothing(page, base_url):
    # seed 4: wait for a trick where we must follow suit and hold another suit
    open_game(page, base_url, "king", seed=4, level="normal")
    for _ in range(40):
        s = play_until(page, lambda st: None, stop=lambda st: st["my_turn"] and st["dim"])
        if s["dim"]:
            break
    before = page_state(page)
    card = before["dim"][0]
    page.locator(f'#hand .card[data-card="{card}"]').click(position=CARD_SPOT)
    toast = page.locator("#toast")
    toast.wait_for(state="visible")
    assert re.search(r"follow suit|cannot lead hearts|K♥ must be played", toast.inner_text()), toast.inner_text()
    after = page_state(page)
    assert after["hand"] == before["hand"] and after["trick"] == before["trick"]


def test_reload_mid_deal_resumes_the_same_position(page, base_url):
    open_game(page, base_url, "kingru", seed=9, level="easy")
    rng = random.Random(4)
    n = {"k": 0}

    def stop(s):
        n["k"] += 1 if s["my_turn"] else 0
        return s["my_turn"] and n["k"] > 5

    play_until(page, lambda s: rng.choice(s["legal"]), stop=stop)
    before = settled_state(page)
    assert before["my_turn"]
    page.reload()
    page.wait_for_selector("#hand .card")
    page.wait_for_function("document.querySelector('#seat-bottom').classList.contains('to-act')")
    after = settled_state(page)
    assert after["hand"] == before["hand"] and after["trick"] == before["trick"]
    assert after["banner"] == before["banner"]
    assert page.locator("#toast").inner_text().startswith("Your game was resumed")


def test_corrupt_save_is_set_aside_with_a_message(page, base_url):
    page.add_init_script(prefs_script())
    page.add_init_script("""
      if (!sessionStorage.getItem('corrupted')) {
        sessionStorage.setItem('corrupted', '1');
        localStorage.setItem('kingweb.save.v1', '{"format":"kingweb-save","version":1,"game":"king","seed":1,"options":{},"level":"normal","actions":["ZZ"]}');
      }""")
    page.goto(base_url)
    toast = page.locator("#toast")
    toast.wait_for(state="visible", timeout=60000)
    assert "could not be resumed" in toast.inner_text()
    page.locator("#play-king").wait_for(timeout=30_000)  # the welcome, to start a new game
    kept = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('kingweb.save.corrupt.')).length")
    assert kept == 1
    assert page.evaluate("localStorage.getItem('kingweb.save.v1')") is None


def test_language_switch_changes_visible_text(page, base_url):
    open_game(page, base_url, "king", seed=2, level="normal")
    assert page.locator("#btn-sheet").inner_text() == "Score sheet"
    assert "Deal 1 of 10" in page.locator("#banner").inner_text()
    page.locator("#btn-settings").click()
    page.select_option("#set-lang", "ru")
    # (the Russian words are loaded when chosen)
    page.wait_for_function("() => document.getElementById('btn-sheet').textContent === 'Запись'", timeout=30_000)
    # the hand and the table are named in the page's language too (a Spanish hand was "Your hand")
    assert page.locator("#hand").get_attribute("aria-label") == "Ваши карты"
    assert page.get_by_role("toolbar", name="Ваши карты").count() == 1
    assert page.locator("#trick").get_attribute("aria-label") == "Карты на столе"
    assert "Сдача 1 из 10" in page.locator("#banner").inner_text()
    assert page.locator("#dialog-title").inner_text() == "Настройки"  # the menu, in its new language
    page.select_option("#set-lang", "es")
    page.wait_for_function("() => document.getElementById('btn-rules').textContent === 'Reglas'", timeout=30_000)
    page.locator("#dialog-actions button.primary").click()
    page.locator("#btn-rules").click()
    page.locator("#dialog .rules").wait_for()  # the rules' texts load when first opened
    assert "Las seis negativas" in page.locator("#dialog").inner_text()
    assert page.evaluate("document.documentElement.lang") == "es"


def test_accessibility_scan_has_no_serious_violations(page, base_url):
    from axe_playwright_python.sync_playwright import Axe

    open_game(page, base_url, "king", seed=6, level="normal")
    play_until(page, lambda s: random.Random(0).choice(s["legal"]), stop=lambda s: s["my_turn"])
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, json.dumps([(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in bad], indent=1)


def test_keyboard_play(page, base_url):
    open_game(page, base_url, "kingru", seed=8, level="normal")
    play_until(page, lambda s: None, stop=lambda s: s["my_turn"] and len(s["legal"]) > 1)
    before = page_state(page)
    page.locator("#hand .card[tabindex='0']").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => document.querySelectorAll('#hand .card').length < n", arg=len(before["hand"]))
    page.keyboard.press("s")
    assert page.locator("#dialog").is_visible()


def test_classic_deck_is_chosen_in_the_new_game_dialog_and_loaded_only_then(page, base_url):
    drawings = []
    page.on("request", lambda r: drawings.append(r.url) if "/cards/" in r.url else None)
    open_game(page, base_url, "kingru", seed=4, level="easy")
    assert not drawings  # the plain faces need none
    page.locator("#btn-new").click()
    page.locator("#display summary").click()  # display settings are folded under the games
    page.select_option("#new-deck", "classic")
    assert page.locator("#new-four").is_disabled()  # the drawings have two colours
    page.locator("#play-kingru").click()
    page.wait_for_function(
        """() => { const art = [...document.querySelectorAll('#hand .card .art')];
      return art.length > 0 && art.every((i) => i.complete && i.naturalWidth > 0); }""",
        timeout=30_000,
    )
    # each card and its drawing, read at one moment (forced cards play themselves)
    pairs = page.eval_on_selector_all(
        "#hand .card", "cs => cs.map(c => [c.dataset.card, c.querySelector('.art').getAttribute('src')])"
    )
    names = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10"}
    suits = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}
    assert pairs and all(src == f"cards/classic/{suits[c[1]]}{names.get(c[0], c[0])}.svg" for c, src in pairs)
    assert all(u.endswith(".svg") and "/cards/classic/" in u for u in drawings)
    assert page.evaluate("JSON.parse(localStorage.getItem('kingweb.prefs.v1')).deck") == "classic"
    page.locator("#btn-rules").click()
    page.locator("#dialog .rules").wait_for()
    assert "Saul Spatz" in page.locator("#dialog").inner_text()  # the drawings' credit


def test_an_auction_panel_leaves_the_hand_on_a_desktop_screen(browser, base_url):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.add_init_script(prefs_script())
    page.goto(f"{base_url}?lesson=king/auction-preference")
    page.wait_for_selector("#panel button", timeout=90_000)
    bottom, height = page.evaluate("[document.querySelector('#hand').getBoundingClientRect().bottom, innerHeight]")
    assert bottom <= height  # the empty trick gave its room to the panel
    ctx.close()


def test_phone_viewport_is_playable(browser, base_url, console_errors):
    ctx = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.on("console", lambda m: m.type == "error" and console_errors.append(m.text))
    open_game(page, base_url, "king", seed=7, level="normal")
    rng = random.Random(5)
    count = {"n": 0}

    def policy(s):
        count["n"] += 1
        return rng.choice(s["legal"]) if s["legal"] else s["actions"][0]

    play_until(page, policy, stop=lambda s: count["n"] >= 6)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 380, width  # no sideways scrolling of the page
    hand_box = page.locator("#hand").bounding_box()
    assert hand_box["width"] <= 360
    ctx.close()
