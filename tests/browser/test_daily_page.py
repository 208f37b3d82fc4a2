"""The daily challenge on the page: today's deals the same in every browser and others the
next day, a whole German Whist daily played by clicking to its replay code, par and share
text, a shared code replayed and checked (a tampered one refused with its reason), the
history and streak over two days, and a corrupt history set aside.  The real built site
in real Chromium with the real runtime; the day is the page's clock, set with
Playwright's clock (the page reads no date from its address)."""

import json
import random

import pytest

from kingweb import daily
from kingweb.session import Session

from browser_support import PLANT_JS, page_state, play_until, prefs_script, stored_save, until

pytestmark = pytest.mark.browser

DAILY_KEY = "kingweb.daily.v1"
DAY, NEXT = "2026-12-03", "2026-12-04"
HAND = "() => [...document.querySelectorAll('#hand .card')].map((e) => e.dataset.card)"


def at_day(page, day, lang="en"):
    """The page's clock fixed at noon UTC on ``day``; instant play."""
    page.clock.set_fixed_time(f"{day}T12:00:00Z")
    page.add_init_script(prefs_script(lang=lang))


def welcome(page, offered=True):
    """The welcome (or New game) with its daily entry, which fills in once its modules are
    loaded.  ``offered``: the page opens the welcome itself (nothing to resume); else New
    game opens it."""
    games = page.locator("#dialog[open] #play-whist")
    if offered:
        games.wait_for(timeout=90_000)
    else:
        page.locator("#btn-new").click()
    entry = page.locator("#dialog[open] #daily")
    entry.wait_for(timeout=30_000)
    return entry


def start_daily(page, game="whist"):
    """Press the daily's Play for ``game``; the first hand once it is dealt."""
    page.locator(f"#daily-play-{game}").click()
    page.wait_for_selector("#hand .card", timeout=90_000)
    return until(page, f"() => {{ const h = ({HAND})(); return h.length === 13 && h; }}", timeout=60)


def play_daily_to_its_end(page, rng):
    """Click legal cards until the daily's result shows; its title."""
    s = play_until(
        page,
        lambda s: rng.choice(s["legal"]),
        stop=lambda s: bool(s["dialog"]) and page.locator("#daily-score").count() > 0,
        timeout=900,
    )
    return s["dialog"]


def test_the_same_day_deals_the_same_cards_everywhere_and_the_next_day_others(browser, base_url):
    hands, saves = {}, {}
    for name, day in (("a", DAY), ("b", DAY), ("c", NEXT)):
        ctx = browser.new_context(viewport={"width": 1100, "height": 820})
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        at_day(page, day)
        page.goto(base_url)
        entry = welcome(page)
        assert f"Daily challenge · {day} (UTC)" in entry.inner_text()
        hands[name] = start_daily(page)
        saves[name] = json.loads(stored_save(page))
        if name == "a":  # no undo and no hint in a daily
            until(page, "() => document.querySelector('#seat-bottom').classList.contains('to-act')", timeout=60)
            assert page.locator("#btn-hint").is_disabled()
            page.locator("#hand .card.legal").first.click(position={"x": 8, "y": 24})
            until(page, f"(h) => JSON.stringify(({HAND})()) !== JSON.stringify(h)", hands[name])
            assert page.locator("#btn-undo").is_disabled()
            page.keyboard.press("h")
            assert "without hints" in page.locator("#toast").inner_text()
        assert not errors, errors
        ctx.close()
    assert hands["a"] == hands["b"] != hands["c"]
    for name, day in (("a", DAY), ("b", DAY), ("c", NEXT)):
        assert saves[name]["seed"] == daily.seed("whist", day) and saves[name]["daily"] == day
        assert saves[name]["options"]["target"] == 5


def test_a_whole_daily_to_its_code_par_share_text_review_and_the_history_over_two_days(page, base_url):
    rng = random.Random(20)
    at_day(page, DAY)
    page.goto(base_url)
    welcome(page)
    hand = start_daily(page)
    title = play_daily_to_its_end(page, rng)
    assert title == f"German Whist daily · {DAY}"
    code = page.locator("#daily-code").inner_text()
    assert page.locator("#daily-practice").count() == 0 and "null" not in page.locator("#dialog").inner_text()
    checked = daily.verify(code)  # the page's code replays here, to the score it shows
    score = int(page.locator("#daily-score").get_attribute("data-score"))
    assert (checked["game"], checked["date"], checked["seat"], checked["score"]) == ("whist", DAY, 0, score)
    assert checked["actions"] == json.loads(stored_save(page))["actions"]
    par = daily.par("whist", DAY)
    until(page, "() => document.querySelector('#daily-par').textContent.includes('hard bot')", timeout=600)
    minus = lambda n: str(n).replace("-", "\u2212")
    assert page.locator("#daily-par").inner_text().endswith(f": {minus(par)}")
    link = f"{base_url}#daily={code}"
    share = page.locator("#daily-share").input_value()
    assert share == f"German Whist daily {DAY}: {minus(score)}, par {minus(par)}\n{link}"
    # the review's link carries the match's record as verify gives it
    href = until(
        page,
        "() => { const a = document.querySelector('#daily-review'); return a && a.getAttribute('href'); }",
        timeout=300,
    )
    assert href.startswith("viewer.html#z=")
    text = page.evaluate(
        "async (h) => (await import('./records/link.js')).readFragment(h)", href.split("viewer.html", 1)[1]
    )
    assert json.loads(text["text"]) == checked["record"]
    # the history: today's whist played, with par; a streak of one
    page.locator("#dialog-actions button", has_text="Close").click()
    welcome(page, offered=False)
    assert page.locator("#daily-status-whist").inner_text() == f"{minus(score)}, par {minus(par)}"
    assert page.locator("#daily-streak").inner_text() == "Streak: 1 day"
    assert page.locator("#daily-play-whist").inner_text() == "Play again (not counted)"
    # its result again, from the entry: par is kept, not worked out again
    page.locator("#daily-result-whist").click()
    assert page.locator("#daily-code").inner_text() == code
    until(page, "() => document.querySelector('#daily-par').textContent.includes('hard bot')", timeout=30)
    page.locator("#dialog-actions button", has_text="Back").click()
    welcome(page)
    first = page.evaluate("(k) => localStorage.getItem(k)", DAILY_KEY)
    # a second attempt is practice: the same deals, and the history keeps the first
    assert start_daily(page) == hand
    assert page.evaluate("(k) => localStorage.getItem(k)", DAILY_KEY) == first
    # the next day: another daily, another streak day
    page.clock.set_fixed_time(f"{NEXT}T00:30:00Z")
    welcome(page, offered=False)
    assert page.locator("#daily-status-whist").inner_text() == "Not played yet"
    start_daily(page)
    play_daily_to_its_end(page, rng)
    code2 = page.locator("#daily-code").inner_text()
    assert daily.verify(code2)["date"] == NEXT
    page.locator("#dialog-actions button", has_text="Close").click()
    welcome(page, offered=False)
    assert page.locator("#daily-streak").inner_text() == "Streak: 2 days"
    page.locator("#daily-history").click()
    page.locator("#daily-table").wait_for()
    rows = page.locator("#daily-table tbody tr")
    assert [rows.nth(i).get_attribute("data-key") for i in range(rows.count())] == [f"whist/{NEXT}", f"whist/{DAY}"]
    assert rows.nth(1).locator(".score").inner_text() == minus(score)
    assert rows.nth(1).locator(".par").inner_text() == minus(par)
    assert "Streak: 2 days · best: 2" in page.locator("#daily-streaks").inner_text()
    stored = json.loads(page.evaluate("(k) => localStorage.getItem(k)", DAILY_KEY))
    assert [(e["date"], e["code"]) for e in stored["entries"]] == [(DAY, code), (NEXT, code2)]


def _whist_code(day, seed=1):
    """A whole whist daily played at random here, to its code."""
    s = Session()
    s.start_daily("whist", day)
    t, rng = s.table, random.Random(seed)
    while not t.game.over:
        s.step() if t.bot_seat() is not None else s.act(rng.choice(t.game.legal()))
    return s.daily_code()


def test_a_shared_code_is_replayed_and_shown_and_a_tampered_one_refused_with_its_reason(browser, base_url):
    made = _whist_code(DAY)
    code = made["code"]
    head, moves, check = code.rsplit(".", 2)
    flipped = moves[:3] + ("A" if moves[3] != "A" else "B") + moves[4:]
    ctx = browser.new_context()
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.clock.set_fixed_time(f"{NEXT}T12:00:00Z")
    for lang, text, reason in (
        ("en", f"{head}.{flipped}.{check}", "This replay code was refused: it was changed or mistyped."),
        ("ru", f"{head}.{flipped}.{check}", "Код партии не принят: его изменили или переписали с ошибкой."),
        ("es", "K1.2026.0.AA.abcdef", "Este código fue rechazado: no es un código de partida."),
    ):
        page.goto(base_url + "icon.svg")  # a new document each time (a hash alone would not load one)
        page.evaluate(
            "(p) => localStorage.setItem('kingweb.prefs.v1', p)", json.dumps({"lang": lang, "speed": "instant"})
        )
        page.goto(f"{base_url}#daily={text}")
        refused = page.locator("#daily-refused")
        refused.wait_for(timeout=120_000)
        assert reason in refused.inner_text()
        assert "daily=" not in page.url  # read once: a reload does not check it again
    page.goto(base_url + "icon.svg")
    page.evaluate("(p) => localStorage.setItem('kingweb.prefs.v1', p)", json.dumps({"lang": "en", "speed": "instant"}))
    page.goto(f"{base_url}#daily={code}")
    page.locator("#daily-checked").wait_for(timeout=120_000)
    assert page.locator("#dialog-title").inner_text() == f"German Whist daily · {DAY}"
    assert page.locator("#daily-score").get_attribute("data-score") == str(made["score"])
    assert page.locator("#daily-code").inner_text() == code
    href = until(
        page,
        "() => { const a = document.querySelector('#daily-review'); return a && a.getAttribute('href'); }",
        timeout=120,
    )
    assert href.startswith("viewer.html#z=")
    # the review's link looks like the dialog's buttons beside it, not a bare blue link
    looks = "(s) => (c => [c.backgroundColor, c.borderTopStyle, c.textDecorationLine])(getComputedStyle(document.querySelector(s)))"
    assert page.evaluate(looks, "#daily-review") == page.evaluate(looks, "#daily-copy")
    # a code checked is not a daily played here: the history stays empty
    assert page.evaluate("(k) => localStorage.getItem(k)", DAILY_KEY) is None
    # in one's own profile, where that daily's end is the match to resume, a tampered code was
    # hidden under one's own result, without a word: its refusal stays, and changes nothing
    own = Session()
    own.start_daily("whist", DAY)
    rng = random.Random(1)
    while not own.table.game.over:
        own.step() if own.table.bot_seat() is not None else own.act(rng.choice(own.table.game.legal()))
    save, mine = own.save(), own.daily_code()
    began = {
        "version": 1,
        "entries": [{"game": "whist", "date": DAY, "match": save["match"], "score": None, "code": None}],
        "pars": {},
    }
    page.goto(base_url + "icon.svg")
    page.evaluate(PLANT_JS, json.dumps(save))
    page.evaluate(
        "([p, k, h]) => { localStorage.setItem('kingweb.prefs.v1', p); localStorage.setItem(k, h); }",
        [json.dumps({"lang": "pt", "speed": "instant"}), DAILY_KEY, json.dumps(began)],
    )
    page.goto(f"{base_url}#daily={head}.{flipped}.{check}")
    page.locator("#daily-refused").wait_for(timeout=120_000)
    ended = "(k) => { const h = JSON.parse(localStorage.getItem(k)); return h.entries[0].code; }"
    assert until(page, ended, DAILY_KEY, timeout=120) == mine["code"]  # one's own daily's end, resumed behind
    refused = page.locator("#dialog[open] #daily-refused")
    assert "Este código foi recusado: foi alterado ou copiado mal." in refused.inner_text()
    assert [e["score"] for e in json.loads(page.evaluate("(k) => localStorage.getItem(k)", DAILY_KEY))["entries"]] == [
        mine["score"]
    ]
    # pasted into the open page's address (its fragment alone changes): answered all the same
    page.locator("#dialog-actions button", has_text="Fechar").click()
    # (closing a dialog goes Back, site/back.js: a navigation begun before that ends is aborted)
    until(
        page, "() => !document.querySelector('#dialog[open]') && !(history.state && history.state.kingweb === 'dialog')"
    )
    page.goto(f"{base_url}#daily=K1.2026.0.AA.abcdef")
    page.locator("#dialog[open] #daily-refused").wait_for(timeout=60_000)
    assert not errors, errors
    ctx.close()


def test_a_corrupt_history_is_set_aside_the_daily_still_plays_and_a_reload_resumes_it(page, base_url):
    raw = '{"version": 1, "entries": [{"game": "bridge"'
    at_day(page, DAY)
    page.add_init_script(f"""
      if (!sessionStorage.getItem('corrupted')) {{
        sessionStorage.setItem('corrupted', '1');
        localStorage.setItem({json.dumps(DAILY_KEY)}, {json.dumps(raw)});
      }}""")
    page.goto(base_url)
    welcome(page)
    toast = page.locator("#toast")
    toast.wait_for(state="visible")
    assert (
        "The daily history could not be read (not JSON); it was set aside as kingweb.daily.corrupt."
        in toast.inner_text()
    )
    kept = page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('kingweb.daily.corrupt.'))")
    assert len(kept) == 1 and page.evaluate("(k) => localStorage.getItem(k)", kept[0]) == raw
    assert page.locator("#daily-status-whist").inner_text() == "Not played yet"
    assert page.locator("#daily-streak").inner_text() == "Streak: 0 days"
    start_daily(page)
    stored = json.loads(page.evaluate("(k) => localStorage.getItem(k)", DAILY_KEY))
    assert [(e["game"], e["date"], e["score"]) for e in stored["entries"]] == [("whist", DAY, None)]
    assert page_state(page)["hand"]
    # a reload resumes the same daily: still a daily, still no hint and no undo
    page.locator("#hand .card.legal").first.click(position={"x": 8, "y": 24})
    save = json.loads(stored_save(page))
    page.reload()
    page.wait_for_selector("#hand .card", timeout=90_000)
    daily_of = "async () => { const { page } = await import('./store.js'); return page.model && page.model.daily; }"
    assert until(page, daily_of) == DAY
    assert page.locator("#btn-hint").is_disabled() and page.locator("#btn-undo").is_disabled()
    # the table says it is the day's daily (it was a match like any other to the eye)
    assert page.locator("#banner #banner-daily").inner_text() == f"Daily challenge {DAY}"
    resumed = json.loads(stored_save(page))
    assert resumed["daily"] == DAY and resumed["actions"][: len(save["actions"])] == save["actions"]
