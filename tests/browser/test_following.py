"""Following a deal, in real Chromium on the built site, against the engine's own account
of the same match (replayed from the page's save): a down deal's plates, the bidding
shown only after an auction, both games' banners giving the price and the deal's total,
a deal that stopped early told in its summary, the score sheet's whole match with its
owners, and the contract, the trump and the deal's play so far beside the trick."""

import json
import random

import pytest
from test_table import new_page, saved_match

from browser_support import choose_language, engine_view, page_state, plant_save, play_until, prefs_script, read

pytestmark = pytest.mark.browser

MINUS = "\u2212"
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
LARGE = {"width": 1920, "height": 1080}

# each seat's plate as the page shows it, by seat (the page's bottom seat is seat 0 here)
PLATES_JS = """() => Object.fromEntries(['bottom', 'left', 'top', 'right'].map((p) =>
  [p, (document.querySelector('#seat-' + p + ' .meta') || {}).textContent || '']))"""
POSITIONS = ["bottom", "left", "top", "right"]


def owner_save():
    """A King match saved at the human's own positive (seat 0), the owner's choice to make."""
    return saved_match("king", 21, lambda v: v["phase"] == "choose" and v["turn"] == 0)


def open_saved(browser, base_url, console_errors, save, viewport=DESKTOP, lang="en"):
    ctx, page = new_page(browser, viewport, console_errors, lang=lang)
    plant_save(page, base_url, save)
    page.goto(base_url)
    page.wait_for_selector("#hand .card", timeout=90_000)
    # the resumed game's notice must not cover what the test reads or taps
    page.evaluate("() => { const t = document.querySelector('#toast'); if (t) t.hidden = true; }")
    return ctx, page


def click_action(page, action):
    page.locator(f'#panel button[data-action="{action}"]').click()


def play_my_cards(page, stop, rng=None, timeout=300):
    rng = rng or random.Random(5)
    return play_until(page, lambda s: rng.choice(s["legal"]) if s["legal"] else None, stop=stop, timeout=timeout)


@pytest.mark.parametrize("lang", ["pt", "ru"])
def test_the_owners_choices_say_once_what_up_brings_and_leave_the_hand_on_a_phone(
    browser, base_url, console_errors, lang
):
    # each trump's button said "+25 a trick to whoever takes it" again, on two lines of a
    # phone's, and the hand's second row went under a 740 px screen (a play-test)
    ctx, page = open_saved(browser, base_url, console_errors, owner_save(), viewport=PHONE, lang=lang)
    page.wait_for_selector('#panel button[data-action="up:NT"]', timeout=30_000)
    assert page.locator('#panel button[data-action^="up:"]').count() == 5
    assert page.locator('#panel button[data-action^="up:"] .bid-pts').count() == 0
    assert page.locator("#up-terms").count() == 1 and "+25" in page.locator("#up-terms").inner_text()
    assert page.locator('#panel button[data-action="down"] .bid-pts').count() == 1  # down's own terms stay
    bottoms = read(
        page, "() => [...document.querySelectorAll('#hand .card')].map((c) => c.getBoundingClientRect().bottom)"
    )
    assert len(bottoms) == 13 and max(bottoms) <= PHONE["height"], bottoms
    ctx.close()


def test_a_down_deal_shows_what_its_tricks_cost_not_325_a_seat(browser, base_url, console_errors):
    ctx, page = open_saved(browser, base_url, console_errors, owner_save())
    click_action(page, "down")
    # the owner leads: his cards may be played (he was to act already, choosing the deal)
    page.wait_for_selector("#hand .card.legal", timeout=30_000)
    # at 0 tricks no plate says it has anything from the deal (it read "+325" on each seat)
    plates = read(page, PLATES_JS)
    assert not any("this deal" in m for m in plates.values()), plates
    assert "\xa0· 325 " + MINUS + " 75 per trick\xa0· +325\xa0in\xa0all" in page.locator("#banner").inner_text()
    # a trick later: what each seat's tricks cost so far, as the engine counts it
    play_my_cards(page, stop=lambda s: s["my_turn"] and s["legal"] and len(s["hand"]) <= 12)
    v = engine_view(page)
    assert v["contract"] == "down" and sum(v["taken"]) >= 1
    plates = read(page, PLATES_JS)
    for s in range(4):
        meta = plates[POSITIONS[s]]
        if v["taken"][s]:
            assert f"this deal {MINUS}{75 * v['taken'][s]}" in meta, (s, meta, v["taken"])
        else:
            assert "this deal" not in meta, (s, meta)
    assert v["deal_points"] == [-75 * t for t in v["taken"]]
    ctx.close()


def decide_save(decision):
    """The owner's positive at his decision after an auction (``4333``: every bidder passed,
    so that 4-3-3-3 is open), and the seed's auction shows a preference for ``ultimatum``."""
    if decision == "4333":
        save = json.loads(owner_save())
        save["actions"] += ["auction", "pass", "pass", "pass"]  # the three bidders' passes, replayed
        return json.dumps(save)
    return saved_match(
        "king", 34 if decision == "ultimatum" else 21, lambda v: v["phase"] == "choose" and v["turn"] == 0
    )


@pytest.mark.parametrize("path", ["at-once", "reject", "4333", "ultimatum"])
def test_the_bidding_shows_only_when_there_was_an_auction(browser, base_url, console_errors, path):
    save = owner_save() if path == "at-once" else decide_save(path)
    ctx, page = open_saved(browser, base_url, console_errors, save)
    deal = engine_view(page)["deal_no"]
    if path == "at-once":
        click_action(page, "up:S")
    else:
        if path != "4333":
            click_action(page, "auction")
        page.wait_for_selector(f'#panel button[data-action="{path}"]', timeout=60_000)
        click_action(page, path)
        if path == "reject":
            page.wait_for_selector('#panel button[data-action="up:NT"]', timeout=30_000)
            click_action(page, "up:NT")
    if path != "4333":  # 4-3-3-3 is not played: its summary comes at once
        play_until(page, lambda s: None, stop=lambda s: s["legal"] or s["dialog"], timeout=60)
        v = engine_view(page)
        assert v["phase"] == "play" and v["owner"] == 0
        link = page.locator("#btn-deal-log")
        if path == "at-once":
            assert link.count() == 0  # the banner says how it is played; there was no bidding
        else:
            assert link.is_visible() and link.inner_text() == "See the bidding"  # a link, not a word of the banner
            assert "\xa0· See the bidding" in page.locator("#banner").inner_text()
            link.click()
            lines = page.locator("#dialog .deal-log li").all_inner_texts()
            assert lines[0] == "You open the auction" and len(lines) == len(v["log"]) + (
                v["contract"] == "down" and not v["buyer"]
            )
            if path == "ultimatum":
                assert any("by preference" in x for x in lines) and any("“8 o nulos”" in x for x in lines), lines
            page.locator("#dialog-actions button.primary").click()
    end = play_my_cards(page, stop=lambda s: s["dialog"] and s["dialog"].startswith(f"Deal {deal + 1}:"))
    d = engine_view(page)["deals"][deal]
    heading = page.locator("#dialog-content h3").inner_text()
    assert heading == ("The owner's choice" if path == "at-once" else "Bidding"), (heading, d["log"], end["dialog"])
    assert len(page.locator("#dialog-content .deal-log li").all_inner_texts()) >= len(d["log"])
    ctx.close()


def test_both_games_banners_give_the_price_and_the_deals_total(page, base_url):
    """In each language, chosen in the settings as a player does (one table per game)."""
    page.add_init_script(prefs_script(lang="en"))
    for game, seed in (("king", 5), ("kingru", 3)):
        page.goto(f"{base_url}?game={game}&seed={seed}&level=random")
        page.wait_for_selector("#hand .card", timeout=90_000)
        v = engine_view(page)
        assert v["deal_no"] == 0 and v["contract"] in ("tricks", "no-tricks")
        for lang in ("en", "es", "pt", "ru"):
            if lang != "en":
                choose_language(page, lang)
            words = page.evaluate("async (l) => (await import('./i18n/' + l + '.js')).default", lang)
            total = words["in_all"].replace("{n}", f"{MINUS}{-v['deal_total']}")
            price = (
                words["cost_king_tricks"]
                if game == "king"
                else words["price_trick"].replace("{n}", f"{MINUS}{-v['deal_unit']}")
            )
            assert page.evaluate("document.documentElement.lang") == lang
            banner = page.locator("#banner").inner_text()
            assert f"\xa0· {price}\xa0· {total}" in banner, (lang, banner)
            if lang == "en" and game == "kingru":
                # the same kind of words as King's
                assert "Don't take tricks\xa0· −2 per trick\xa0· −16\xa0in\xa0all" in banner, banner
        # back to English for the next game's table (the choice is stored)
        choose_language(page, "en")


def last_queen_on_the_table():
    """A King match saved in its queens deal with the fourth queen in the trick on the table,
    before the twelfth trick, the human to play: the deal stops with this trick."""
    from kingweb.session import Session

    def queens_out(v):
        return sum(c[0] == "Q" for c in [x["card"] for x in v["trick"]] + [c for w in v["won"] for c in w])

    for seed in range(1, 80):
        save = saved_match(
            "king",
            seed,
            lambda v: (
                v["deal_no"] > 2
                or (
                    v["contract"] == "queens"
                    and v["turn"] == 0
                    and v["trick"]
                    and len(v["tricks"]) < 11
                    and queens_out(v) == 4
                )
            ),
        )
        s = Session()
        s.load(save)
        if s.state(0)["deal_no"] == 2:
            return save
    raise AssertionError("no match of these seeds reaches the position")


def test_a_deal_that_stopped_early_says_so_in_its_summary(browser, base_url, console_errors):
    ctx, page = open_saved(browser, base_url, console_errors, last_queen_on_the_table())
    play_my_cards(page, stop=lambda s: s["dialog"] == "Deal 3: Queens")
    d = engine_view(page)["deals"][2]
    assert d["early_end"] and len(d["tricks"]) < 13  # the engine's fact the page tells
    assert page.locator("#early-end").inner_text() == "The deal ended early: all four queens were taken."
    page.locator("#dialog-actions button.primary").click()
    # a deal played to its last trick says nothing of the kind
    play_my_cards(page, stop=lambda s: s["dialog"] and s["dialog"].startswith("Deal 4"))
    d = engine_view(page)["deals"][3]
    assert page.locator("#early-end").count() == (1 if d["early_end"] else 0)
    ctx.close()


def test_the_score_sheet_shows_the_whole_match_and_who_played_each_positive(browser, base_url, console_errors):
    save = saved_match("king", 4, lambda v: len(v["deals"]) >= 8)
    ctx, page = open_saved(browser, base_url, console_errors, save)
    page.keyboard.press("s")
    page.locator("#sheet").wait_for(state="visible")
    v = engine_view(page)
    rows = page.locator("#sheet tbody tr")
    assert rows.count() == 10
    names = ["You", "West", "North", "East"]
    for i in range(10):
        row = rows.nth(i)
        cells = row.locator("td").all_inner_texts()
        if i < len(v["deals"]):
            d = v["deals"][i]
            assert row.get_attribute("class") == "played"
            assert cells[2:6] == [str(p).replace("-", MINUS) for p in d["points"]], cells
            who = row.locator(".who")
            if i < 6:
                assert who.count() == 0
            elif d.get("buyer") is not None:
                assert who.inner_text().startswith(names[d["buyer"]]) and names[d["owner"]] in who.inner_text()
            else:
                assert who.inner_text() == ("owner: you" if d["owner"] == 0 else f"owner: {names[d['owner']]}")
        else:
            # the deal now and those to come: contract named, cells empty, the owner known
            now = i == v["deal_no"]
            assert row.get_attribute("class") == ("now" if now else "to-come")
            assert cells[2:7] == [""] * 5, cells
            owner = v["owners"][i]
            who = row.locator(".who").inner_text()
            if now and v["buyer"] is not None:  # the deal being played, already bought
                assert who.startswith(names[v["buyer"]]), who
            else:
                assert who == ("owner: you" if owner == 0 else f"owner: {names[owner]}"), who
            if not now:
                assert cells[1].startswith("Positive"), cells
    assert any(d.get("buyer") is not None for d in v["deals"][6:8])  # the match has a bought positive to name
    assert page.locator("#sheet-check").get_attribute("data-sums") == "ok"
    ctx.close()


def test_the_kingru_sheet_lists_the_deals_to_come(browser, base_url, console_errors):
    save = saved_match("kingru", 3, lambda v: len(v["deals"]) >= 2)
    ctx, page = open_saved(browser, base_url, console_errors, save, viewport=PHONE, lang="pt")
    page.keyboard.press("s")
    page.locator("#sheet").wait_for(state="visible")
    v = engine_view(page)
    assert page.locator("#sheet tbody tr").count() == len(v["order"]) == 14
    assert page.locator("#sheet tbody tr.played").count() == len(v["deals"]) == 2
    words = page.evaluate("async () => (await import('./i18n/pt.js')).default")
    assert page.locator("#sheet tbody tr").last.locator("td").nth(1).inner_text() == words["c_everything"]
    fit = page.evaluate(
        "() => { const b = document.querySelector('#sheet').closest('.dialog-body'); return b.scrollWidth <= b.clientWidth; }"
    )
    assert fit
    ctx.close()


# Where the badge and the cards on the table are: none may lie over another, all in the window.
BOXES_JS = """() => {
  const r = (e) => { const b = e.getBoundingClientRect(); return {x: b.x, y: b.y, w: b.width, h: b.height}; };
  return {
    badge: [...document.querySelectorAll('#contract-badge > *')].map(r),
    cards: [...document.querySelectorAll('#trick .card')].map(r),
    plates: [...document.querySelectorAll('.seat .plate')].map(r),
    view: {w: innerWidth, h: innerHeight},
  };
}"""


def overlap(a, b):
    return (
        a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]
    )


@pytest.mark.parametrize("viewport", [PHONE, LARGE], ids=["360", "1920"])
def test_the_contract_and_trump_stay_by_the_trick_and_the_play_so_far_is_one_tap_away(
    browser, base_url, console_errors, viewport
):
    # the human's own positive played up with spades, some tricks in, a card on the table
    save = json.loads(owner_save())
    s_save = json.dumps({**save, "actions": [*save["actions"], "up:S"]})
    from kingweb.session import Session

    s = Session()
    s.load(s_save)
    rng = random.Random(3)
    while len(s.state(0)["tricks"]) < 3 or not s.state(0)["trick"] or s.state(0)["turn"] != 0:
        st = s.state(0)
        s.act(rng.choice(st["legal"])) if st["turn"] == 0 else s.step()
    ctx, page = open_saved(browser, base_url, console_errors, json.dumps(s.save()), viewport=viewport)
    v = engine_view(page)
    assert v["contract"] == "up:S" and v["trick"] and len(v["tricks"]) >= 3
    badge = page.locator("#badge-contract")
    assert badge.is_visible() and badge.inner_text().replace("\n", " ").startswith("Up, spades")
    assert page.locator("#badge-contract .badge-trump").inner_text() == "♠"
    boxes = read(page, BOXES_JS)
    for b in boxes["badge"]:
        assert b["x"] >= 0 and b["y"] >= 0 and b["x"] + b["w"] <= boxes["view"]["w"], boxes
        for other in boxes["cards"] + boxes["plates"]:
            assert not overlap(b, other), (b, other)
    # the deal's play so far: a tap on a phone, the T key elsewhere
    if viewport is PHONE:
        page.locator("#btn-played").tap()
    else:
        page.keyboard.press("t")
    page.locator("#played").wait_for(state="visible")
    rows = page.locator("#played tbody tr")
    assert rows.count() == len(v["tricks"]) + 1
    finished = [
        *v["tricks"],
        {"leader": v["trick"][0]["seat"], "cards": [x["card"] for x in v["trick"]], "winner": None},
    ]
    for i, tr in enumerate(finished):
        row = rows.nth(i)
        for k, card in enumerate(tr["cards"]):
            seat = (tr["leader"] + k) % 4
            cell = row.locator(f'td[data-seat="{seat}"]')
            assert cell.locator(".card").get_attribute("data-card") == card
            assert ("led" in (cell.get_attribute("class") or "")) == (k == 0)
            assert ("took" in (cell.get_attribute("class") or "")) == (seat == tr["winner"])
        assert row.locator("td .card").count() == len(tr["cards"])
    # only cards played face up: none of the hand (the others' hands are not in the view at all)
    shown = page.evaluate("() => [...document.querySelectorAll('#played .card')].map(c => c.dataset.card)")
    assert len(shown) == 4 * len(v["tricks"]) + len(v["trick"]) and not set(shown) & set(v["hand"])
    page.locator("#dialog-actions button.primary").click()
    ctx.close()


def test_german_whist_offers_the_hands_play_so_far_from_the_stock(browser, base_url, console_errors):
    save = saved_match("whist", 2, lambda v: len(v["tricks"]) >= 4 and v["turn"] == 0)
    ctx, page = open_saved(browser, base_url, console_errors, save, viewport=PHONE)
    assert page.locator("#contract-badge").is_hidden()  # the stock names the trump
    page.locator("#stock #btn-played").tap()
    page.locator("#played").wait_for(state="visible")
    v = engine_view(page)
    assert page.locator("#played tbody tr").count() == len(v["tricks"]) + (1 if v["trick"] else 0)
    state = page_state(page)
    assert state["dialog"] == "Tricks so far"  # the dialog is named as its link
    ctx.close()
