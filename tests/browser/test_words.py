"""The page's words, read from the built site in real Chromium: every code the engine and
the bots can send has a sentence in each language, with only the fill-ins the page can
give it; refusals and hints reach a Russian or Spanish page in its language; "you" takes
its own grammar; an auction turn is a bid."""

import re

import pytest

from kingweb.bots.hints import HINT_REASONS
from kingweb.errors import ERRORS, REFUSALS
from kingweb.session import info

from browser_support import CARD_SPOT, open_game, page_state, play_until, prefs_script

pytestmark = pytest.mark.browser

LANGS = ["en", "es", "pt", "ru"]
# fill-ins the page adds to a code's params: the K♥ as its corner shows it, and a suit's
# "of" form beside its name (Russian: "нет масти треф")
EXTRA = {"kh"}


def strings(page):
    # (every language, as a page that chose each would have loaded it)
    return page.evaluate(
        "async () => { const i = await import('./i18n/index.js'); await Promise.all(i.LANGS.map(i.loadLang)); return i.STRINGS; }"
    )


def test_every_engine_code_has_a_sentence_in_every_language(page, base_url):
    page.add_init_script(prefs_script())
    page.goto(base_url)
    page.wait_for_selector("#dialog[open]", timeout=90_000)  # the engine is up: a new game is offered
    table = strings(page)
    codes = info()["codes"]
    templates = {
        **{("err", c): REFUSALS[c] for c in codes["refusals"]},
        **{("err", c): ERRORS[c] for c in codes["errors"]},
        **{("why", c): HINT_REASONS[c] for c in codes["reasons"]},
    }
    assert len(templates) == len(codes["refusals"]) + len(codes["errors"]) + len(codes["reasons"]) > 60
    missing, stray = [], []
    for (prefix, code), english in templates.items():
        params = set(re.findall(r"\{(\w+)\}", english))
        allowed = params | EXTRA | ({"suit_of"} if "suit" in params else set())
        for lang in LANGS:
            s = table[lang].get(f"{prefix}_{code}")
            if not s:
                missing.append(f"{lang}: {prefix}_{code}")
                continue
            extra = set(re.findall(r"\{(\w+)\}", s)) - allowed
            if extra:
                stray.append(f"{lang}: {prefix}_{code} uses {sorted(extra)}")
    assert not missing, missing
    assert not stray, stray
    # and every phase a refusal may name
    for lang in LANGS:
        for phase in ("dealer", "choose", "auction", "decide", "ultimatum", "trump"):
            assert table[lang].get(f"phase_{phase}"), (lang, phase)


def test_a_refusal_and_a_hint_reach_a_russian_page_in_russian(page, base_url):
    page.add_init_script(
        "localStorage.setItem('kingweb.prefs.v1', JSON.stringify({lang: 'ru', speed: 'instant', autoplay: true}))"
    )
    open_game(page, base_url, "king", seed=4, level="normal")
    s = play_until(page, lambda st: None, stop=lambda st: st["my_turn"] and st["dim"] and st["legal"])
    page.locator(f'#hand .card[data-card="{s["dim"][0]}"]').click(position=CARD_SPOT)
    toast = page.locator("#toast")
    toast.wait_for(state="visible")
    text = toast.inner_text()
    assert re.search(r"Нужно ходить в масть|Нельзя ходить с червей|К♥ нужно сыграть", text), text
    page.locator("#btn-hint").click()
    page.wait_for_function("(t) => document.querySelector('#toast').textContent !== t", arg=text)
    hint = toast.inner_text()
    assert not re.search(r"[A-Za-z]{2,}", hint), hint  # no English left in it
    assert page_state(page)["hand"] == s["hand"]


def test_you_take_your_own_grammar_and_auction_turns_are_bids(page, base_url):
    page.add_init_script(prefs_script())
    page.goto(base_url + "?lesson=king/4333")
    page.wait_for_selector("#panel button", timeout=90_000)
    assert "You own this deal" in page.locator("#banner").inner_text()
    said = page.evaluate("""async () => {
        const i18n = await import('./i18n/index.js');
        await Promise.all(i18n.LANGS.map(i18n.loadLang));
        const L = await import('./render/labels.js');
        const v = { players: 4, seat: 0, phase: 'auction', auction: null, options: {} };
        const out = {};
        for (const lang of ['en', 'es', 'pt', 'ru']) {
          i18n.setLang(lang);
          out[lang] = [L.aboutSeat('owner_is', 0, v), L.aboutSeat('owner_is', 2, v), L.aboutSeat('to_bid', 1, v),
                       L.aboutSeat('standing', 0, v, { offer: '5' }), L.actionLabel('dealer:0', v)];
        }
        i18n.setLang('en');
        return out;
    }""")
    assert said["en"] == [
        "You own this deal",
        "North owns this deal",
        "West to bid",
        "Best offer: 5, yours",
        "You deal",
    ]
    assert said["es"][0] == "Eres el dueño de esta mano" and "Tú" not in " ".join(said["es"])
    assert said["pt"][0] == "Você é o dono desta mão"
    assert said["ru"][0] == "Вы хозяин сдачи" and said["ru"][2] == "Торгуется Запад"
    for lang in LANGS:
        assert "{" not in " ".join(said[lang]), said[lang]


def test_a_wrong_lesson_answer_says_what_it_costs_once(page, base_url):
    """The learner's wrong card: what it costs, then why the answer is better, in the
    lesson's panel only (not again in a message over the table)."""
    page.add_init_script(prefs_script())
    page.goto(base_url + "?lesson=king/duck")
    page.wait_for_selector('#hand .card[data-card="KC"]', timeout=90_000)
    page.locator('#hand .card[data-card="KC"]').click(position=CARD_SPOT)
    feedback = page.locator("#lesson-feedback")
    feedback.wait_for()
    assert feedback.inner_text() == (
        "Not the best play. K♣ takes this trick, and that costs you 20 points. "
        "Duck with 8♣, your highest card under 9♣: it cannot take this trick. Try again."
    )
    # a message over the table would come from the same answer, shown in the same task
    # as the feedback (site/table/lesson.js): it would be there by now
    assert not page.locator("#toast").is_visible() or "K♣ takes" not in page.locator("#toast").inner_text()


def test_a_hints_figures_read_in_the_pages_language_and_scale(page, base_url):
    """Figures in a reason: tricks to a tenth with the language's decimal mark, points
    scaled as the match shows them (Кинг ×10), cards and offers in the page's words."""
    page.add_init_script(prefs_script())
    page.goto(base_url)
    page.wait_for_selector("#dialog[open]", timeout=90_000)
    said = page.evaluate("""async () => {
        const i18n = await import('./i18n/index.js');
        await Promise.all(i18n.LANGS.map(i18n.loadLang));
        const L = await import('./render/labels.js');
        const v = { players: 4, human: 0, phase: 'play', auction: null, options: {} };
        const ru10 = { ...v, options: { scale: 10 } };
        const down = { reason: 'choose-down', params: { expect: 3, pts: 100, other_pts: -20 }, text: '' };
        const cost = { reason: 'worse-keeps', params: { card: '7S', better: 'JS', pts: 4 }, text: '' };
        const raise = { reason: 'worse-raise', params: { offer: 'offer:up:6', better: 'offer:up:5', extra: 25 }, text: '' };
        const out = {};
        for (const lang of ['en', 'es', 'pt', 'ru']) {
          i18n.setLang(lang);
          out[lang] = [L.reasonText(down, v), L.reasonText(cost, ru10), L.reasonText(raise, v)];
        }
        i18n.setLang('en');
        return out;
    }""")
    assert said["en"][0] == (
        "Playing down you can expect about 3.0 tricks, so about 100 points, against about \u221220 playing up."
    )
    assert said["en"][1].endswith(
        "where it can still cost you 40 points; thrown now, it goes to whoever takes this trick."
    )
    assert said["en"][2] == "6 up promises the owner 25 more than 5 up."
    assert "3,0 взятки" in said["ru"][0] and "В♠" in said["ru"][1] and "40" in said["ru"][1]
    assert "unas 3,0 bazas" in said["es"][0] and "cerca de 3,0 vazas" in said["pt"][0]
    for lang in LANGS:
        assert "{" not in " ".join(said[lang]) and "offer:" not in " ".join(said[lang]), said[lang]
