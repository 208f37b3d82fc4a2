"""The table as a player sees it, in real Chromium on the built site: every card of the
hand readable and tappable at every turn, at desktop and phone sizes, also with a card
hovered or focused from the keyboard; no sideways scrolling; no message over the hand."""

import json
import random

import pytest

from browser_support import CARD_SPOT, hand_problems, open_game, page_state

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def new_page(browser, viewport, console_errors, lang="en"):
    phone = viewport["width"] < 600
    ctx = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    # no forced card plays itself while the test looks at the hand
    prefs = json.dumps({"lang": lang, "speed": "instant", "autoplay": False})
    page.add_init_script(f"localStorage.setItem('kingweb.prefs.v1', {json.dumps(prefs)})")
    page.on("console", lambda m: m.type == "error" and console_errors.append(m.text))
    page.on("pageerror", lambda e: console_errors.append(str(e)))
    return ctx, page


def wait_my_card_turn(page, timeout=30_000):
    """Until the human must play a card (True), or a dialog opened (False)."""
    page.wait_for_function("""() => document.querySelector('#dialog').open ||
        (document.querySelector('#seat-bottom').classList.contains('to-act') &&
         document.querySelectorAll('#hand .card.legal').length > 0)""", timeout=timeout)
    return not page.evaluate("document.querySelector('#dialog').open")


def check_every_turn_of_a_deal(page, rng, phone):
    """Play one deal (King) or hand (German Whist) with the checks at each of our turns."""
    turns = 0
    while wait_my_card_turn(page):
        turns += 1
        s = page_state(page)
        where = f"turn {turns}, hand {s['hand']}"
        assert hand_problems(page) == [], where
        # a card hovered by the mouse
        cards = page.locator("#hand .card")
        cards.nth(len(s["hand"]) // 2).hover(position={"x": 10, "y": 24})  # where it shows
        assert hand_problems(page, tap=None) == [], where + ", hovered"
        # keyboard focus on the hand, moved once with an arrow key
        page.locator("#hand .card[tabindex='0']").focus()
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.classList.contains('card')")
        assert hand_problems(page, tap=None) == [], where + ", focused"
        if turns % 4 == 1:  # a hint's message must not lie over the hand
            page.locator("#btn-hint").click()
            page.locator("#toast").wait_for(state="visible")
            assert hand_problems(page, tap=None) == [], where + ", hint shown"
        card = rng.choice(s["legal"])
        n = len(s["hand"])
        page.locator(f'#hand .card[data-card="{card}"]').click(position=CARD_SPOT)
        # our card leaves the hand (German Whist's first stage draws another one at once)
        page.wait_for_function("""([c, n]) => !document.querySelector(`#hand .card[data-card="${c}"]`) ||
            document.querySelectorAll('#hand .card').length < n""", arg=[card, n], timeout=30_000)
    return turns


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
@pytest.mark.parametrize("game,seed", [("king", 21), ("whist", 5)])
def test_every_card_of_the_hand_shows_its_index_at_every_turn(browser, base_url, console_errors, viewport, game, seed):
    ctx, page = new_page(browser, viewport, console_errors)
    open_game(page, base_url, game, seed=seed, level="normal")
    turns = check_every_turn_of_a_deal(page, random.Random(seed), viewport["width"] < 600)
    assert turns >= (13 if game == "whist" else 3), turns  # a deal's worth of our turns was checked
    ctx.close()


@pytest.mark.parametrize("width", [360, 390])
def test_whist_and_king_never_scroll_sideways_on_a_phone(browser, base_url, console_errors, width):
    for game in ("whist", "king"):
        ctx, page = new_page(browser, {"width": width, "height": 740}, console_errors)
        open_game(page, base_url, game, seed=8, level="easy")
        for _ in range(4):
            if not wait_my_card_turn(page):
                break
            assert page.evaluate("document.documentElement.scrollWidth") <= width, game
            s = page_state(page)
            page.locator(f'#hand .card[data-card="{s["legal"][0]}"]').click(position=CARD_SPOT)
            page.wait_for_timeout(100)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, game
        ctx.close()


def test_big_screens_get_big_cards(browser, base_url, console_errors):
    widths = {}
    for w, h in ((1920, 1080), (1280, 800), (390, 844)):
        ctx, page = new_page(browser, {"width": w, "height": h}, console_errors)
        open_game(page, base_url, "king", seed=3, level="easy")
        widths[w] = page.evaluate("document.querySelector('#hand .card').getBoundingClientRect().width")
        ctx.close()
    assert widths[1920] >= 110 and widths[1280] >= 84 and widths[390] >= 48, widths
    assert widths[1920] > widths[1280] > widths[390], widths
