"""The review of a recorded deal in real Chromium, with the site's review worker, real
Pyodide and the real wheel: marks on every decision, a bad play marked as the engine
marks it, a cancelled analysis, export and import through the page (paste, file, link),
a bad record refused with its field and line, the viewer and <kingweb-deal> stepping and
asking "what would you play?", in four languages."""

import base64
import json
import zlib

import pytest

import kingweb
from kingweb.bots import Bot
from kingweb.record import of_game
from kingweb.review import analyse, review

from browser_support import prefs_script, read, until

pytestmark = pytest.mark.browser


def code_of(text):
    """The viewer's code of a record's text (records/link.js: raw DEFLATE, base64url)."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = c.compress(text.encode()) + c.flush()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def random_deal(gid, seed):
    """The record of the first deal of a match the random bots play (every seat)."""
    g = kingweb.new_game(gid, seed=seed)
    bots = [Bot("random", seed=seed * 8 + s) for s in range(g.players)]
    while not g.deals:
        g.act(bots[g.turn].decide(g.view(g.turn)))
    return of_game(g, deal=0)


def bad_play():
    """A King deal where seat 0 made a play the analysis marks ? or worse, exactly (in the
    last three tricks, every deal of the unseen cards solved), and its analysis."""
    for seed in range(1, 60):
        rec = random_deal("king", seed)
        steps = review(rec, 0)["steps"]
        last = len(steps) - 1
        for st in steps[:-1]:
            if st["seat"] == 0 and st["decision"] and st["step"] >= last - 12:
                a = analyse(rec, 0, st["step"])
                if a["exact"] and a["mark"] in ("mistake", "blunder"):
                    return rec, a
    raise AssertionError("no exact mistake of seat 0 in 60 random deals")


BAD = {}


def the_bad_play():
    if not BAD:
        BAD["rec"], BAD["a"] = bad_play()
    return BAD["rec"], BAD["a"]


def open_viewer(page, base_url, text, query=""):
    page.add_init_script(prefs_script())
    page.goto(f"{base_url}viewer.html{query}#z={code_of(text)}")
    page.wait_for_selector(".review .rv-cursor", timeout=120_000)


VERDICT = "(() => { const v = document.querySelector('.rv-verdict'); return v && v.dataset.mark || ''; })()"


def test_the_viewer_marks_a_bad_play_as_the_engine_does(page, base_url):
    rec, a = the_bad_play()
    open_viewer(page, base_url, json.dumps(rec))
    # every hand open at the start: 4 × 13 cards
    assert read(page, "document.querySelectorAll('.rv-hand .card').length") == 52
    page.locator(f".rv-go[data-step='{a['step']}']").click()
    mark = until(page, VERDICT, timeout=120)
    assert mark == a["mark"] and mark in ("mistake", "blunder")
    box = page.locator(".rv-verdict")
    assert box.locator(".rv-mark").inner_text().startswith(a["symbol"] + " ")
    assert "Exact" in box.locator(".rv-how").inner_text()
    # the card played is marked in its hand with the same sign, and the best has its own
    played = page.locator(f".rv-acting .card[data-card='{a['action']}']")
    assert played.get_attribute("data-mark") == a["mark"]
    assert page.locator(f".rv-acting .card[data-card='{a['best']}']").get_attribute("data-mark") == "good"
    # the cursor: keys step through, never past either end
    page.locator(".rv-forward").focus()
    page.keyboard.press("End")
    until(page, "document.querySelector('.rv-where').textContent === \"The deal's end\"")
    page.keyboard.press("ArrowRight")
    assert read(page, "document.querySelector('.rv-jump').value") == str(len(rec["deals"][0]["actions"]))
    page.keyboard.press("Home")
    until(page, "document.querySelector('.rv-jump').value === '0'")
    page.keyboard.press("ArrowRight")
    until(page, "document.querySelector('.rv-jump').value === '1'")
    # the whole analysis ends in a summary that counts the mistake among the costliest
    until(page, "!!document.querySelector('.rv-summary:not([hidden]) .rv-lost')", timeout=300)
    costly = page.locator(".rv-costliest li").all_inner_texts()
    assert any(f"Step {a['step'] + 1}:" in c for c in costly), costly
