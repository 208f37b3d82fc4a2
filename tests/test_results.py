"""The table tells what happened: a positive's bids and decisions narrated, what each bid
is worth, deal summaries that list what counted, the match's end, local statistics, German
Whist's layout and the welcome screen.  The real built site in real Chromium, compared with
the engine's own account of the same match (replayed from the page's save)."""

import json
import random
import re

import pytest

from browser_support import open_game, page_state, play_until, prefs_script
from kingweb.king import offer_terms
from kingweb.session import Session

pytestmark = pytest.mark.browser

SEATS_EN = ["You", "West", "North", "East"]


def engine_view(page):
    """The engine's view of the match the page is playing, from the page's own save."""
    page.wait_for_function("() => !!localStorage.getItem('kingweb.save.v1')")
    save = page.evaluate("localStorage.getItem('kingweb.save.v1')")
    return Session().load(save)


def offer_words(action):
    kind, n, value = offer_terms(action)
    return (f"{n} up" if kind == "up" else f"{n} null" + ("s" if n > 1 else "")), value


def curious(rng):
    """Own positives go to auction; anything else at random."""
    def choose(s):
        if s["actions"]:
            if "auction" in s["actions"]:
                return "auction"
            return rng.choice(s["actions"])
        return rng.choice(s["legal"])
    return choose


def test_a_positive_narrates_every_bid_and_each_decision_states_its_worth(page, base_url):
    open_game(page, base_url, "king", seed=21, level="random")
    # play to the human's decision on his own positive's auction
    play_until(page, curious(random.Random(1)), timeout=300,
               stop=lambda s: "reject" in s["actions"] and page.locator("#deal-log li").count() >= 2)
    page.wait_for_timeout(400)  # the save follows the view
    v = engine_view(page)
    assert v["phase"] == "decide" and v["owner"] == 0
    lines = page.locator("#deal-log li").all_inner_texts()
    log = v["log"]
    assert len(lines) == len(log)
    assert lines[0] == "You open the auction"
    for line, e in zip(lines, log):
        who = SEATS_EN[e["seat"]]
        assert line.startswith(who), (line, e)
        if e["action"] == "pass":
            assert "pass" in line, (line, e)
        elif e["action"].startswith("offer:"):
            words, value = offer_words(e["action"])
            assert f"{words} ({value})" in line, (line, e)
    # each decision button says what it means in points
    auction = v["auction"]
    if auction["offer"]:
        words, value = offer_words(auction["offer"])
        accept = page.locator('#panel button[data-action="accept"] .bid-pts').inner_text()
        assert accept == f"{SEATS_EN[auction['holder']]} pays you up to {value}"
    if "4333" in v["legal"]:
        assert "you 100, the others 75 each" in page.locator('#panel button[data-action="4333"]').inner_text()
    # the rules link opens the rules of this match at the owner's decision
    page.locator("#panel button.rules-link").click()
    section = page.locator("#rules-decision")
    assert "rules-here" in section.get_attribute("class")
    box, dlg = section.bounding_box(), page.locator("#dialog .dialog-body").bounding_box()
    assert dlg["y"] <= box["y"] < dlg["y"] + dlg["height"]  # scrolled to it
    page.locator("#dialog-actions button.primary").click()
    # accepting (or rejecting): the top line then names owner, buyer, offer and trump
    bought = auction["offer"]
    page.locator(f'#panel button[data-action="{"accept" if bought else "reject"}"]').click()
    play_until(page, curious(random.Random(2)), stop=lambda s: s["legal"] and "tricks" not in s["banner"].split("·")[1])
    banner = page.locator("#banner strong").inner_text()
    v = engine_view(page)
    if bought:
        words, _ = offer_words(bought)
        assert banner.startswith(f"{SEATS_EN[auction['holder']]} bought {words} from you"), banner
    else:
        assert banner.startswith("You play your positive"), banner
    mode = v["contract"]
    assert banner.endswith("down (nulls)" if mode == "down" else "no trump" if mode == "up:NT"
                           else f"{ {'C': '♣', 'D': '♦', 'H': '♥', 'S': '♠'}[mode[3]]} trumps"), banner


def test_bid_buttons_carry_their_points_and_preference_is_told(page, base_url):
    page.add_init_script(prefs_script())
    page.goto(f"{base_url}?lesson=king/auction-preference")
    page.wait_for_selector("#panel button[data-action]", timeout=90_000)
    lines = page.locator("#deal-log li").all_inner_texts()
    # seat 1 plays; the owner, seat 0, sits on its right (East), seats 2 and 3 are West and North
    assert lines == ["East opens the auction", "You bid 4 up (100)", "West passes", "North bids 5 up (125)"]
    assert page.locator("#panel .prompt").inner_text() == "Your bid"
    buttons = page.locator("#panel button[data-action]")
    seen = 0
    for i in range(buttons.count()):
        b = buttons.nth(i)
        a = b.get_attribute("data-action")
        pts = b.locator(".bid-pts").inner_text()
        if a.startswith("offer:"):
            assert pts == f"= {offer_terms(a)[2]}"
            seen += 1
        else:
            assert a == "pass" and pts == "out of this auction for good"
    assert seen >= 2
    assert page.locator('#panel button[data-action="offer:up:5"] .bid-what').inner_text() == "match 5 up"
    page.select_option("#lang-pick", "ru")
    assert page.locator("#deal-log li").nth(3).inner_text() == "Север заявляет 5 на взятки (125)"
    assert page.locator("#panel .prompt").inner_text() == "Ваше слово"
