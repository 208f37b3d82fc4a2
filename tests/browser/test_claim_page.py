"""Claim the rest, as a person does it: the button near the hand when the engine offers
the seat a claim, reached and pressed from the keyboard; the table says so, plays the
remaining tricks out and ends the deal as usual.  The real built site in real Chromium."""

import json
import time

import pytest

import kingweb

from browser_support import CARD_SPOT, open_game, page_state, plant_save, play_until, prefs_script, stored_save, until

pytestmark = pytest.mark.browser

ORDER = {c: i for i, c in enumerate(kingweb.cards.CODES)}


def test_claim_the_rest_plays_the_deal_out_and_ends_it(page, base_url):
    # seed 19: playing his highest card each trick, the bottom seat is sure to take the
    # last three tricks of the first deal, "don't take tricks" (the normal bots play the others)
    open_game(page, base_url, "kingru", seed=19, level="normal")
    claim = page.locator('#claim button[data-action="claim:all"]')
    play_until(page, lambda s: max(s["legal"], key=ORDER.get), stop=lambda s: claim.count() > 0, timeout=300)
    # the table read once the button shows (the state play_until read before it may be a
    # trick older: a fresh clone's run saw four cards there)
    s = page_state(page)
    assert s["my_turn"] and len(s["hand"]) == 3, s
    assert claim.inner_text() == "Claim the rest"
    assert page.locator("#claim button").count() == 1  # no concession in a four-player game
    claim.focus()
    assert page.evaluate("() => document.activeElement.dataset.action") == "claim:all"
    page.keyboard.press("Enter")
    until(page, "() => document.querySelector('#toast').textContent === 'You claim the rest'", timeout=30, every=0.05)
    title = until(
        page, "() => document.querySelector('#dialog').open && document.querySelector('#dialog-title').textContent"
    )
    assert title.startswith("Deal 1")
    assert page.locator("#claim").is_hidden()
    save = json.loads(stored_save(page))
    assert "claim:all" in save["actions"]
    g = kingweb.new_game(save["game"], save["seed"], save["options"])
    for a in save["actions"][: save["actions"].index("claim:all") + 1]:
        g.act(a)
    assert [t["winner"] for t in g.deals[0]["tricks"][-3:]] == [0, 0, 0]
    assert g.deals[0]["points"][0] == -2 * g.deals[0]["taken"][0]
    assert len(g.deals[0]["tricks"]) == 8


def test_a_bot_that_claims_is_named_and_the_rest_is_played_out(page, base_url):
    # seed 18: the bottom seat playing its lowest card, East is sure of the last four
    # tricks of the first deal and claims them; the bottom seat's four cards go with them
    open_game(page, base_url, "kingru", seed=18, level="normal")
    toast = "() => document.querySelector('#toast').textContent"
    play_until(
        page, lambda s: min(s["legal"], key=ORDER.get), stop=lambda s: page.evaluate(toast) == "East claims the rest"
    )
    title = until(
        page, "() => document.querySelector('#dialog').open && document.querySelector('#dialog-title').textContent"
    )
    assert title.startswith("Deal 1")
    # the claim is told in the summary, which would hide the message behind it
    assert page.locator("#dialog #claim-note").inner_text() == "East claims the rest"
    until(page, "() => document.querySelector('#toast').hidden", timeout=30, every=0.05)
    save = json.loads(stored_save(page))
    g = kingweb.new_game(save["game"], save["seed"], save["options"])
    for a in save["actions"]:
        if g.deals:
            break
        g.act(a)
    assert g.actions[-1] == "claim:all"
    assert [t["winner"] for t in g.deals[0]["tricks"][-4:]] == [3, 3, 3, 3]


# German Whist, seed 3, normal bots (whose choices follow the match's token): once the
# bottom seat plays the 3♠, the bot claims the twelve tricks left.
CLAIM_OF_TWELVE = json.dumps(
    {
        "format": "kingweb-save",
        "version": 2,
        "game": "whist",
        "seed": 3,
        "options": {"target": 15},
        "seats": [{"kind": "person", "name": ""}, {"kind": "bot", "name": "", "level": "normal"}],
        "level": "normal",
        "match": "ec53cd755c2f",
        "actions": [
            "7C",
            "8C",
            "5H",
            "7H",
            "4S",
            "2S",
            "JS",
            "7S",
            "QS",
            "5S",
            "6D",
            "JD",
            "JC",
            "9C",
            "4H",
            "9H",
            "TD",
            "2D",
            "9S",
            "8S",
            "3D",
            "8D",
            "2H",
            "3H",
            "3C",
            "5C",
            "QC",
            "4C",
        ],
    }
)


# What the table says while a claim plays out: the message, the note under the trick.
SAID_JS = """() => ({ toast: document.querySelector('#toast').hidden ? null : document.querySelector('#toast').textContent,
  note: document.querySelector('#trick-note').textContent, summary: document.querySelector('#dialog').open })"""


def test_a_bots_claim_of_twelve_tricks_is_said_throughout_and_the_summary_follows_soon(page, base_url):
    # German Whist at the normal speed: the bot claimed twelve tricks and the table went
    # quiet for 10 s (the message gone after 3.5 s, "Opponent takes the trick" left up),
    # the claim named only in the summary
    card = "3S"
    plant_save(page, base_url, CLAIM_OF_TWELVE)
    page.add_init_script(prefs_script(speed="normal", autoplay=False))
    page.goto(base_url)
    page.wait_for_selector(f'#hand .card.legal[data-card="{card}"]', timeout=90_000)
    page.locator(f'#hand .card[data-card="{card}"]').click(position=CARD_SPOT)
    t0 = time.monotonic()
    seen = []
    while time.monotonic() - t0 < 20:
        said = page.evaluate(SAID_JS)
        seen.append(said)
        if said["summary"]:
            break
        page.wait_for_timeout(40)
    took = time.monotonic() - t0
    assert seen[-1]["summary"], seen[-5:]
    # about 1.5 s at the normal speed (a loaded machine draws more slowly)
    assert took < 3.5, took
    claimed = [x for x in seen[:-1] if x["toast"] == "Opponent claims the rest"]
    assert claimed, seen
    first = seen.index(claimed[0])
    assert all(x["toast"] == "Opponent claims the rest" and x["note"] == "" for x in seen[first:-1]), seen[first:]
    assert page.locator("#dialog #claim-note").inner_text() == "Opponent claims the rest"
