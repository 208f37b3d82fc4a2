"""The table tells what happened: a positive's bids and decisions narrated, what each bid
is worth, deal summaries that list what counted, the match's end, local statistics, German
Whist's layout and the welcome screen.  The real built site in real Chromium, compared with
the engine's own account of the same match (replayed from the page's save)."""

import json
import random
import re

import pytest

from kingweb.king import offer_terms

from browser_support import (
    engine_view,
    new_page,
    open_game,
    plant_save,
    play_until,
    prefs_script,
    saved_match,
    stored_save,
)

pytestmark = pytest.mark.browser

SEATS_EN = ["You", "West", "North", "East"]


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
    play_until(
        page,
        curious(random.Random(1)),
        timeout=300,
        stop=lambda s: "reject" in s["actions"] and page.locator("#deal-log li").count() >= 2,
    )
    v = engine_view(page)
    assert v["phase"] == "decide" and v["owner"] == 0
    lines = page.locator("#deal-log li").all_inner_texts()
    log = v["log"]
    assert len(lines) == len(log)
    assert lines[0] == "You open the auction"
    for line, e in zip(lines, log, strict=True):
        who = SEATS_EN[e["seat"]]
        assert line.startswith(who), (line, e)
        if e["action"] == "pass":
            assert "pass" in line, (line, e)
        elif e["action"].startswith("offer:"):
            words, value = offer_words(e["action"])
            assert f"{words} ({value})" in line, (line, e)
    # each decision button says what it means in points
    auction = v["auction"]
    if auction["standing"]:
        words, value = offer_words(auction["standing"])
        accept = page.locator('#panel button[data-action="accept"] .bid-pts').inner_text()
        holder = SEATS_EN[auction["holder"]]
        then = "everyone plays down" if "null" in auction["standing"] else f"{holder} names the trump"
        assert accept.startswith(f"{holder} pays you up to {value}; {then}"), accept
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
    bought = auction["standing"]
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
    assert banner.endswith(
        "down (nulls)"
        if mode == "down"
        else "no trump"
        if mode == "up:NT"
        else f"{ {'C': '♣', 'D': '♦', 'H': '♥', 'S': '♠'}[mode[3]] } trumps"
    ), banner
    if not bought:
        return
    # the deal's summary: the payment told by role (a payment of 0 has no sign), and a
    # payment short of the offer explained
    play_until(page, curious(random.Random(3)), timeout=300, stop=lambda s: page.locator("#deal-summary").count() > 0)
    d = engine_view(page)["deals"][-1]
    buyer, owner = d["buyer"], d["owner"]
    assert page.locator(f'#deal-summary tr[data-seat="{buyer}"] .took').inner_text().count("payment to the owner") == 1
    assert "payment from the buyer" in page.locator(f'#deal-summary tr[data-seat="{owner}"] .took').inner_text()
    _, worth = offer_words(d["bought"])
    capped = page.locator("#payment-capped")
    if d["payment"] < worth:
        assert capped.inner_text().endswith(f"the payment is {d['payment']}.")
    else:
        assert capped.count() == 0


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
    assert page.locator('#panel button[data-action="offer:up:5"] .bid-what').inner_text() == "Match 5 up"
    # what an offer binds its maker to, said once where the offers are (a play-test could
    # not tell what "= 125" meant, nor who pays whom)
    assert page.locator("#bid-terms").inner_text() == (
        "If you buy, you pay East your offer (never more than you make); up: you name the trump; nulls: everyone plays down."
    )
    page.locator("#btn-settings").click()  # the language is in the settings menu
    page.select_option("#set-lang", "ru")
    page.locator("#dialog-actions button.primary").click()
    page.wait_for_function("() => document.documentElement.lang === 'ru'")  # (once its words have come)
    assert page.locator("#deal-log li").nth(3).inner_text() == "Север заявляет 5 на взятки (125)"
    assert page.locator("#panel .prompt").inner_text() == "Ваше слово"


MINUS = "\u2212"  # the page's one minus sign (U+2212) for every number it shows


def total(n):
    return str(n).replace("-", MINUS)


def points(n):
    return f"+{n}" if n > 0 else total(n)


# the numbers the table shows a person (the banner aside: its costs are words): seat
# plates and the open dialog
FIGURES_JS = (
    """() => [...document.querySelectorAll('.seat .meta, #dialog-content')].map(e => e.innerText).join('\\n')"""
)


def figures_use_one_minus(page):
    """Whether a negative figure is on screen; each one written with U+2212, none with a hyphen."""
    text = page.evaluate(FIGURES_JS) + "\n" + page.locator("#banner").inner_text()
    assert not re.search(r"(?<![\w-])-\d", text), text  # a hyphen before a figure
    return MINUS in page.evaluate(FIGURES_JS)


def test_deal_summary_lists_what_counted_before_the_next_deal_is_dealt(page, base_url):
    open_game(page, base_url, "king", seed=21, level="random")
    rng = random.Random(3)
    s = play_until(
        page,
        lambda st: rng.choice(st["legal"]) if st["legal"] else st["actions"][0],
        stop=lambda st: st["dialog"] == "Deal 2: Hearts",
        timeout=300,
    )
    # the table still shows deal 2: its banner, no card of deal 3 in the hand
    assert "Deal 2 of 10" in s["banner"] and len(s["hand"]) < 13
    v = engine_view(page)
    d = v["deals"][1]
    assert d["contract"] == "hearts" and v["deal_no"] == 2
    hearts_seen = []
    for seat in range(4):
        row = page.locator(f'#deal-summary tr[data-seat="{seat}"]')
        shown = row.locator(".took-cards .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
        want = [x["card"] for x in d["counted"][seat] if x["kind"] == "card"]
        assert shown == want and all(c[1] == "H" for c in shown)
        hearts_seen += shown
        assert row.locator(".pts").inner_text() == points(d["points"][seat]) == points(-20 * len(shown))
        assert row.locator(".total").inner_text() == total(d["scores"][seat])
        if not shown:
            assert row.locator(".took").inner_text() == "nothing"
    assert len(hearts_seen) == 13
    places = page.locator("#deal-summary td.place").all_inner_texts()
    assert sorted(places)[0] == "1st" and all(p in ("1st", "2nd", "3rd", "4th") for p in places)
    assert figures_use_one_minus(page)  # the summary, the seats and the banner
    page.locator("#dialog-actions button.primary").click()
    page.wait_for_function(
        "document.querySelectorAll('#hand .card').length === 13 && document.querySelector('#banner').textContent.includes('Deal 3 of 10')"
    )
    page.keyboard.press("s")  # the score sheet writes its negatives the same way
    assert page.locator("#sheet tbody tr").nth(1).locator("td").nth(2).inner_text() == total(d["points"][0])
    assert figures_use_one_minus(page)


# Each set of cards in a row of the summary: the deal it counts for, its name, its cards
# and its points.
CARD_SETS_JS = """(sets) => sets.map((s) => ({part: s.dataset.part || null,
  name: s.querySelector('.took-part') && s.querySelector('.took-part').textContent,
  cards: [...s.querySelectorAll('.card')].map((c) => c.dataset.card), points: s.querySelector('.took-pts').textContent}))"""


def test_an_eralash_summary_names_the_deal_each_set_of_cards_counts_for(browser, base_url, console_errors):
    """A play-test read «ералаш»'s hearts, jacks, queens and K♥ as one set with one sum
    (−44), not saying what it was for: each deal's cards are a set of their own, named as
    the rules name the deal, the K♥ in Hearts and in King, as the engine counted them."""
    ctx, page = new_page(browser, {"width": 1280, "height": 800}, console_errors)
    plant_save(
        page, base_url, saved_match("kingru", 3, lambda v: v["deal_no"] == 6 and v["turn"] == 0 and len(v["hand"]) == 1)
    )
    page.goto(base_url)
    page.wait_for_selector("#hand .card.legal", timeout=90_000)
    page.locator("#hand .card.legal").first.click()
    page.locator("#deal-summary").wait_for(state="visible", timeout=30_000)
    d = engine_view(page)["deals"][6]
    assert d["contract"] == "no-everything"
    names = {"hearts": "Hearts", "boys": "Boys", "girls": "Girls", "king": "King"}
    kh = []
    for seat in range(4):
        row = page.locator(f'#deal-summary tr[data-seat="{seat}"]')
        shown = row.locator(".took-cardset").evaluate_all(CARD_SETS_JS)
        want = []
        for part, name in names.items():
            cards = [x for x in d["counted"][seat] if x["kind"] == "card" and x["part"] == part]
            if cards:
                want.append(
                    {
                        "part": part,
                        "name": name,
                        "cards": [x["card"] for x in cards],
                        "points": points(sum(x["points"] for x in cards)),
                    }
                )
        assert shown == want, (seat, d["counted"][seat])
        kh += [x["part"] for x in shown if "KH" in x["cards"]]
        assert row.locator(".pts").inner_text() == points(d["points"][seat])
    assert kh == ["hearts", "king"]  # taken by one seat, counted in two deals
    ctx.close()


def test_whist_shows_its_score_summaries_match_end_and_statistics(page, base_url):
    open_game(page, base_url, "whist", seed=3, level="random", options={"target": 3})
    assert page.locator("#match-score").inner_text() == "You 0 – 0 Opponent · to 3"
    rng = random.Random(4)
    choose = lambda st: rng.choice(st["legal"])
    # one contract: the summary is titled by its deal alone
    play_until(page, choose, stop=lambda st: st["dialog"] == "Deal 1", timeout=300)
    d = engine_view(page)["deals"][0]
    spelled = set()
    for seat in (0, 1):
        n, pts = d["taken"][seat], d["points"][seat]
        took = page.locator(f'#deal-summary tr[data-seat="{seat}"] .took').inner_text()
        # the score spelled out: "11 stage-2 tricks − 6 = 5 points", or why there is none
        tricks = f"{n} stage-2 trick" + ("s" if n != 1 else "")
        assert took == (
            f"{tricks} − 6 = {pts} point" + ("s" if pts != 1 else "")
            if n > 6
            else f"{tricks}: six or fewer score nothing"
        ), took
        spelled.add(n > 6)
        assert page.locator(f'#deal-summary tr[data-seat="{seat}"] .pts').inner_text() == points(d["points"][seat])
    assert (
        page.locator("#whist-match").inner_text()
        == f"Match: You {d['scores'][0]} – {d['scores'][1]} Opponent · first to 3 wins"
    )
    assert spelled == {True, False}  # 13 tricks: one player scored, the other did not
    page.locator("#dialog-actions button.primary").click()
    end = play_until(page, choose, stop=lambda st: st["winner"], timeout=400)
    v = engine_view(page)
    assert end["winner"]
    rows = page.locator("#placings tr").all_inner_texts()
    assert len(rows) == 2 and rows[0].startswith("1st")
    winner = 0 if v["scores"][0] > v["scores"][1] else 1
    assert ("You" if winner == 0 else "Opponent") in rows[0]
    # the deciding deal: the winner's biggest gain on the other player
    gains = [x["points"][winner] - x["points"][1 - winner] for x in v["deals"]]
    k = gains.index(max(gains))
    assert (
        page.locator("#decider").inner_text().startswith(f"The winner gained most on the runner-up in deal {k + 1} (")
    )
    # the sheet: a column per player, no contract column and no Σ (two scores add up to nothing)
    heads = page.locator("#sheet thead th").all_text_contents()  # folded: read, not seen
    assert heads == ["#", "You", "Opponent"], heads
    # both players' points stand alike (the second column was aligned as a contract's name)
    aligns = page.evaluate(
        "() => [...document.querySelectorAll('#sheet tr')].map((r) => [...r.children].slice(1).map((c) => getComputedStyle(c).textAlign))"
    )
    assert aligns and all(a == ["right", "right"] for a in aligns), aligns
    assert page.locator("#sheet tfoot td").all_text_contents()[0] == "Total"
    stats = json.loads(page.evaluate("localStorage.getItem('kingweb.stats.v1')"))
    assert stats["lines"]["whist/random"] == {"played": 1, "won": int(winner == 0), "total": v["scores"][0]}
    assert (
        page.locator("#record").inner_text().startswith("Your record at German Whist against Random bots: 1 played, ")
    )
    page.reload()  # the match's end shows again after a reload, and is not counted twice
    page.wait_for_selector("#placings", timeout=90_000)
    assert json.loads(page.evaluate("localStorage.getItem('kingweb.stats.v1')"))["lines"]["whist/random"]["played"] == 1
    page.locator("#dialog-actions button.primary").click()  # play again
    page.wait_for_function(
        "document.querySelector('#match-score') && document.querySelector('#match-score').textContent === 'You 0 – 0 Opponent · to 3'"
    )
    # the score reads as its own words after the stage's, as a screen reader hears the banner
    assert page.locator("#banner").text_content().endswith("Stage 1: win the face-up card You 0 – 0 Opponent · to 3")
    page.locator("#more summary").click()
    page.locator("#btn-stats").click()
    assert page.locator('#stats tr[data-key="whist/random"] td').nth(2).inner_text() == "1"


def test_corrupt_statistics_are_set_aside_and_the_share_link_is_in_the_menu(page, base_url):
    page.add_init_script(
        "if (!sessionStorage.getItem('x')) { sessionStorage.setItem('x', '1'); localStorage.setItem('kingweb.stats.v1', '{\"version\":1,\"lines\":{\"king/normal\":{\"played\":-3}}}'); }"
    )
    open_game(page, base_url, "king", seed=5, level="normal")
    page.locator("#more summary").click()
    page.locator("#btn-stats").click()
    assert page.locator("#stats-none").is_visible()
    assert "could not be read" in page.locator("#toast").inner_text()
    assert page.evaluate("localStorage.getItem('kingweb.stats.v1')") is None
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('kingweb.stats.corrupt.')).length") == 1
    page.locator("#dialog-actions button.primary").click()
    page.locator("#more summary").click()
    page.locator("#btn-share").click()
    url = page.locator("#share-url").input_value()
    assert re.search(r"game=king.*seed=5", url), url


def test_a_new_matchs_128_bit_seed_goes_exactly_through_the_save_and_the_share_link(browser, base_url):
    """A match the page starts without a seed has one of 128 bits (kingweb/seeds.py): the
    worker's save and the share link carry its every digit (a JSON number would lose
    them past 2^53), and the link deals the very same hand."""
    from urllib.parse import parse_qs, urlsplit

    first = browser.new_page()
    first.add_init_script(prefs_script())
    first.goto(f"{base_url}?game=kingru&level=normal")
    first.wait_for_selector("#hand .card", timeout=90_000)
    seed = json.loads(stored_save(first))["seed"]
    assert isinstance(seed, str) and 2**64 <= int(seed) < 2**128, seed
    first.locator("#more summary").click()
    first.locator("#btn-share").click()
    url = first.locator("#share-url").input_value()
    assert parse_qs(urlsplit(url).query)["seed"] == [seed], url
    hand = first.locator("#hand .card").evaluate_all("(cs) => cs.map((c) => c.dataset.card)")
    second = browser.new_page()
    second.add_init_script(prefs_script())
    second.goto(url)
    second.wait_for_selector("#hand .card", timeout=90_000)
    assert second.locator("#hand .card").evaluate_all("(cs) => cs.map((c) => c.dataset.card)") == hand
    assert json.loads(stored_save(second))["seed"] == seed


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_whist_stock_sits_beside_the_trick_and_draws_are_told(browser, base_url, size):
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    open_game(page, base_url, "whist", seed=3, level="random")
    rng = random.Random(1)
    seen = {"won": False, "lost": False}

    def stop(s):
        news = page.locator("#draw-news")
        if s["my_turn"] and news.is_visible():
            text = news.inner_text().replace("\xa0", " ")  # (a card keeps to its word by a no-break space)
            v = engine_view(page)
            last = v["draws"][-1]
            short = lambda c: ("10" if c[0] == "T" else c[0]) + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[c[1]]
            if last["winner"] == 0:
                assert text == f"You took {short(last['faceup'])}; Opponent took an unseen card"
                seen["won"] = True
            else:
                assert text == f"Opponent took {short(last['faceup'])}; you drew {short(last['hidden'])}"
                seen["lost"] = True
            trick, stock = page.locator("#trick").bounding_box(), page.locator("#stock").bounding_box()
            apart = (
                trick["x"] + trick["width"] <= stock["x"]
                or stock["x"] + stock["width"] <= trick["x"]
                or trick["y"] + trick["height"] <= stock["y"]
                or stock["y"] + stock["height"] <= trick["y"]
            )
            assert apart, (trick, stock)
            assert (
                abs((trick["y"] + trick["height"] / 2) - (stock["y"] + stock["height"] / 2)) < trick["height"] / 2
            )  # beside, not under
            assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
            assert (
                page.locator("#stock .stock-trump").inner_text()
                == f"Trumps: {short('2' + v['trump'])[1:]}\xa0"  # the sign kept to its suit's name
                + {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[v["trump"]]
            )
        return seen["won"] and seen["lost"]

    play_until(page, lambda s: rng.choice(s["legal"]), stop=stop, timeout=300)
    ctx.close()


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_welcome_starts_a_game_with_one_button_and_explains_the_table_rules(browser, base_url, size):
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    page.add_init_script(prefs_script())
    page.goto(base_url)
    page.wait_for_selector("#play-whist", timeout=90_000)
    assert page.locator("#dialog-title").inner_text() == "Welcome to kingweb"
    for g in ("king", "kingru", "whist"):
        assert page.locator(f"#play-{g}").is_visible()
        assert page.locator(f"#pick-{g} + .about").inner_text()
    assert page.locator("#new-level").is_visible()  # the level is in sight
    assert not page.locator("#opt-king-max_nulls").is_visible()  # the table rules are folded
    page.locator("#table-rules summary").click()
    # every option has its sentence, in each language
    specs = page.locator(".rule-opt").count()
    helps = page.locator(".rule-opt .opt-help").all_inner_texts()
    assert specs == len(helps) >= 15 and all(h.endswith(".") and not h.startswith("opt_help") for h in helps)
    assert page.locator("#help-whist-target").inner_text() == "The points a player needs to win the match."
    page.locator("#lessons summary").click()
    assert page.locator("#new-lesson option").count() >= 10
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    # change a table rule, then one button starts that game with it
    page.select_option("#opt-whist-target", "5")
    page.select_option("#new-level", "easy")
    page.locator("#play-whist").click()
    page.wait_for_selector("#hand .card", timeout=60_000)
    assert page.locator("#match-score").inner_text() == "You 0 – 0 Opponent · to 5"
    v = engine_view(page)
    assert v["game"] == "whist" and v["options"]["target"] == 5 and v["level"] == "easy"
    # a returning player resumes directly
    page.reload()
    page.wait_for_selector("#hand .card", timeout=90_000)
    assert page.locator("#toast").inner_text().startswith("Your game was resumed")
    assert not page.locator("#play-whist").is_visible()
    ctx.close()


def test_welcome_in_spanish(page, base_url):
    page.add_init_script(prefs_script(lang="es"))
    page.goto(base_url)
    page.wait_for_selector("#play-king", timeout=90_000)
    assert page.locator("#dialog-title").inner_text() == "Bienvenido a kingweb"
    page.locator("#table-rules summary").click()
    assert (
        page.locator("#help-king-buyer_leads").inner_text()
        == "Quien compra una positiva juega su primera carta, en lugar de quien reparte."
    )
    page.locator("#play-king").click()
    page.wait_for_selector("#hand .card", timeout=60_000)
    assert "Mano 1 de 10" in page.locator("#banner").inner_text()


def test_a_language_chosen_on_the_welcome_leaves_the_player_at_the_choice(page, base_url):
    # the language is chosen beside the level, in sight without opening a fold (a play-test
    # could not find it in the display fold); the welcome is drawn again in it, and the
    # player stays at the choice
    page.add_init_script(prefs_script())
    page.goto(base_url)
    page.wait_for_selector("#play-king", timeout=90_000)
    assert page.locator("#new-lang").is_visible()
    page.select_option("#new-lang", "pt")
    page.wait_for_function(
        """() => document.querySelector('#dialog-title').textContent === 'Bem-vindo ao kingweb'
                 && document.activeElement && document.activeElement.id === 'new-lang'""",
        timeout=10_000,
    )
    box, body = page.locator("#new-lang").bounding_box(), page.locator("#dialog .dialog-body").bounding_box()
    assert body["y"] <= box["y"] and box["y"] + box["height"] <= body["y"] + body["height"]  # in sight


def test_every_new_word_is_in_all_four_languages(page, base_url):
    """The table's narration, summaries, statistics, whist stock and welcome words (and a
    sentence for every rules option the engine lists) exist in en, es, pt and ru."""
    open_game(page, base_url, "whist", seed=1, level="random")
    missing = page.evaluate("""async () => {
      // (every language, as a page that chose each would have loaded it)
      const i18n = await import('./i18n/index.js'); await Promise.all(i18n.LANGS.map(i18n.loadLang));
      const { STRINGS } = i18n;
      const prefixes = ['log_', 'cap_', 'turn_', 'pts_', 'took_', 'sum_', 'place_', 'stats', 'about_', 'welcome_',
        'draw_you', 'stock_', 'whist_', 'opt_help_', 'decider', 'record_', 'rules_link', 'trumps', 'your_bid',
        'table_rules', 'lessons_intro', 'display', 'play_game', 'next_deal', 'copy', 'share_none', 'more',
        'payment_capped', 'won_by_you'];
      const mine = Object.keys(STRINGS.en).filter((k) => prefixes.some((p) => k.startsWith(p)));
      const out = [];
      for (const l of ['es', 'pt', 'ru']) for (const k of mine) if (!(k in STRINGS[l])) out.push(`${l}:${k}`);
      return [mine.length, out];
    }""")
    count, gaps = missing
    assert count > 100 and not gaps, gaps
    options = page.evaluate("""async () => {
      const { STRINGS } = await import('./i18n/index.js');
      return STRINGS.en;
    }""")
    from kingweb import _CLASSES

    for cls in _CLASSES.values():
        for k in cls.OPTIONS:
            assert f"opt_help_{k}" in options, k


# Each column of the score sheet: how its header and its cells are aligned, and whether
# its figures are tabular.
SHEET_COLUMNS_JS = """() => {
  const t = document.querySelector('#sheet');
  const cols = [...t.querySelectorAll('thead th')].map((th, i) => ({
    head: getComputedStyle(th).textAlign,
    cells: [...new Set([...t.querySelectorAll(`tbody tr td:nth-child(${i + 1})`)].map(td => getComputedStyle(td).textAlign))],
  }));
  return { cols, figures: getComputedStyle(t).fontVariantNumeric };
}"""


def test_the_score_sheet_says_nothing_of_its_sums_when_they_agree_and_aligns_its_figures(page, base_url):
    open_game(page, base_url, "kingru", seed=9, level="random")
    rng = random.Random(4)
    play_until(page, lambda s: rng.choice(s["legal"]), stop=lambda s: s["banner"].startswith("Deal 2"), timeout=200)
    page.keyboard.press("s")
    sheet = page.locator("#dialog-content")
    # the whole match: the deal played, then the one being played and those to come, empty
    assert page.locator("#sheet tbody tr").count() == 14
    assert page.locator("#sheet tbody tr.played").count() == 1
    check = page.locator("#sheet-check")
    assert check.get_attribute("data-sums") == "ok" and check.is_hidden()
    assert "sums" not in sheet.inner_text() and "Table total" not in sheet.inner_text()
    look = page.evaluate(SHEET_COLUMNS_JS)
    assert "tabular-nums" in look["figures"], look
    cols = look["cols"]
    # "#", the contract, four players, the deal's sum: words to the left, figures to the right,
    # each header over its cells
    assert [c["cells"] for c in cols] == [["right"], ["left"]] + [["right"]] * 5, cols
    assert all([c["head"]] == c["cells"] for c in cols), cols


@pytest.mark.parametrize("saved", [None, 3, 15])
def test_the_whist_target_offers_a_short_list_with_the_default_and_the_current_value(page, base_url, saved):
    from kingweb.whist import Whist

    spec = Whist.OPTIONS["target"]
    prefs = {"lang": "en", "speed": "instant", "game": "whist"}
    if saved is not None:
        prefs["options"] = {"whist": {"target": saved}}
    page.add_init_script(f"localStorage.setItem('kingweb.prefs.v1', {json.dumps(json.dumps(prefs))})")
    page.goto(base_url)
    page.wait_for_selector("#play-whist", timeout=90_000)
    page.locator("#table-rules summary").click()
    picker = page.locator("#opt-whist-target")
    values = [json.loads(x) for x in picker.locator("option").evaluate_all("os => os.map(o => o.value)")]
    current = spec.default if saved is None else saved
    assert len(values) <= 10 and values == sorted(values), values
    assert set(values) <= set(spec.allowed) and {spec.default, current} <= set(values), values
    assert {5, 7, 10, 21, 25, 50, 100} <= set(values), values  # the usual targets
    assert json.loads(picker.input_value()) == current


def test_words_players_read_agree_in_number_and_name_what_they_count(page, base_url):
    """Plural forms after 1 in the match record and the seat plates; Кинг's positives named
    as deals to take; the rules open at their first section."""
    open_game(page, base_url, "kingru", seed=2, level="random")
    words = page.evaluate("""async () => {
      const i18n = await import('./i18n/index.js'); await Promise.all(i18n.LANGS.map(i18n.loadLang));
      const { makeT } = i18n;
      const { contractLabel } = await import('./render/labels.js');
      const out = {};
      for (const l of ['en', 'es', 'pt', 'ru']) {
        const t = makeT(l);
        out[l] = [1, 2, 5].map((n) => [t('record_played', { n }, n), t('record_won', { n }, n), t('tricks_taken', { n }, n)]);
      }
      out.kingru = ['tricks', 'hearts', 'last-two', 'no-tricks'].map((c) => contractLabel({ game: 'kingru' }, c));
      out.king = contractLabel({ game: 'king' }, 'tricks');
      return out;
    }""")
    assert words["es"][0] == ["1 partida jugada", "1 ganada", "1 baza"], words["es"]
    assert words["es"][1] == ["2 partidas jugadas", "2 ganadas", "2 bazas"], words["es"]
    assert words["pt"][0] == ["1 partida jogada", "1 vitória", "1 vaza"], words["pt"]
    assert [w[2] for w in words["ru"]] == ["1 взятка", "2 взятки", "5 взяток"], words["ru"]
    assert [w[0] for w in words["ru"]] == ["сыграна 1 партия", "сыграны 2 партии", "сыграно 5 партий"]
    assert words["en"][0][2] == "1 trick" and words["en"][2][2] == "5 tricks"
    assert words["kingru"] == ["Take tricks", "Take hearts", "Take the last two", "Don't take tricks"], words["kingru"]
    assert words["king"] != "Take tricks"  # King's `tricks` is a deal to avoid them
    # the seat plates say what each figure counts
    plate = page.locator("#seat-bottom .meta").inner_text()
    assert plate.startswith("0 pts"), plate
    # the rules open at the top, not scrolled down to their Close button
    page.locator("#btn-rules").click()
    page.locator("#dialog .rules").wait_for()
    top = page.evaluate("""() => {
      const body = document.querySelector('#dialog .dialog-body');
      const first = document.querySelector('#dialog .rules h3');
      const r = first.getBoundingClientRect(), b = body.getBoundingClientRect();
      return { scrolled: body.scrollTop, inView: r.top >= b.top && r.bottom <= b.bottom, tall: body.scrollHeight > body.clientHeight };
    }""")
    assert top["tall"] and top["scrolled"] == 0 and top["inView"], top
