"""The keyboard, in real Chromium on the real site: the skip link lands where the arrow
keys work and speaks the page's language; the keyboard's focus ring and the hint's mark
look different, with enough contrast on the card and on the felt, in forced colours too."""

import re

import pytest

from browser_support import open_game, page_state, play_until, prefs_script, read, until
from conftest import ROOT

pytestmark = pytest.mark.browser

MY_CARDS = "() => document.querySelector('#seat-bottom').classList.contains('to-act') && document.querySelectorAll('#hand .card.legal').length > 1"
FOCUSED = "() => { const e = document.activeElement; return e ? (e.dataset.card || e.id || e.tagName) : null; }"


def catalogue(lang, key):
    """A key's words in a language file, as written there."""
    text = (ROOT / "site" / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
    return re.search(rf'\b{key}: "([^"]*)"', text).group(1)


def to_skip_link(page):
    """The skip link, reached as a keyboard user does: back from the bar's first button."""
    page.locator("#btn-new").focus()
    page.keyboard.press("Shift+Tab")
    assert read(page, "() => document.activeElement.matches('a.skip')")  # the page's first stop, before the bar


def test_enter_on_the_skip_link_puts_the_arrow_keys_to_work(page, base_url):
    open_game(page, base_url, "whist", seed=2, level="easy")
    until(page, MY_CARDS)
    to_skip_link(page)
    page.keyboard.press("Enter")
    # on a playable card of the hand: the hand's one tab stop
    first = read(page, FOCUSED)
    assert read(
        page,
        "(c) => { const b = document.querySelector(`#hand .card[data-card='${c}']`); return !!b && b.classList.contains('legal') && b.tabIndex === 0; }",
        first,
    )
    page.keyboard.press("ArrowRight")
    second = read(page, FOCUSED)
    assert second != first and read(page, "(c) => !!document.querySelector(`#hand .card[data-card='${c}']`)", second)
    page.keyboard.press("ArrowLeft")
    assert read(page, FOCUSED) == first


def test_enter_on_a_card_that_may_not_be_played_keeps_the_keyboard_on_it(page, base_url):
    """The reason is told and the hand drawn again: the focus once fell to the page, where
    the arrow keys do nothing."""
    open_game(page, base_url, "king", seed=4, level="normal")
    for _ in range(40):  # seed 4: a trick where the hand must follow suit and holds another
        s = play_until(page, lambda st: None, stop=lambda st: st["my_turn"] and st["dim"])
        if s["dim"]:
            break
    to_skip_link(page)
    page.keyboard.press("Enter")
    page.keyboard.press("Home")
    for _ in range(len(s["hand"])):
        if read(page, FOCUSED) in s["dim"]:
            break
        page.keyboard.press("ArrowRight")
    card = read(page, FOCUSED)
    assert card in s["dim"], (card, s)
    page.keyboard.press("Enter")
    page.locator("#toast").filter(has_text="must follow").wait_for(timeout=30_000)
    assert read(page, FOCUSED) == card and page_state(page)["hand"] == s["hand"]
    page.keyboard.press("ArrowRight" if card != s["hand"][-1] else "ArrowLeft")
    assert read(page, FOCUSED) in s["hand"] and read(page, FOCUSED) != card


def test_arrow_keys_enter_the_hand_from_its_box(page, base_url):
    """The hand's box is where the address's #hand leads: there the arrows step onto the cards."""
    open_game(page, base_url, "whist", seed=2, level="easy")
    until(page, MY_CARDS)
    page.evaluate("() => document.getElementById('hand').focus()")
    assert read(page, FOCUSED) == "hand"
    page.keyboard.press("ArrowRight")
    stop = read(page, "() => document.querySelector('#hand .card[tabindex=\"0\"]').dataset.card")
    assert read(page, FOCUSED) == stop
    page.evaluate("() => document.getElementById('hand').focus()")
    page.keyboard.press("End")
    assert read(page, FOCUSED) == read(page, "() => [...document.querySelectorAll('#hand .card')].at(-1).dataset.card")


@pytest.mark.parametrize("lang", ["en", "es", "pt", "ru"])
def test_the_skip_link_speaks_the_pages_language(page, base_url, lang):
    page.add_init_script(prefs_script(lang))
    page.goto(base_url)
    until(page, "() => !!document.querySelector('#dialog[open]')")  # the welcome, in its words
    words = catalogue(lang, "skip_hand")
    if lang != "en":
        assert words != catalogue("en", "skip_hand")
    assert read(page, "() => [document.documentElement.lang, document.getElementById('skip').textContent]") == [
        lang,
        words,
    ]
    # a framed table (a lesson in another page) says it in the frame's language
    page.goto(base_url + f"?embed=1&lesson=king/duck&lang={lang}")
    until(page, "() => !!document.querySelector('#hand .card')")
    assert read(page, "() => document.getElementById('skip').textContent") == words


# What the T and R keys type on a Russian keyboard (ЙЦУКЕН): the key is the same, the letter not
RUSSIAN = {"t": "е", "r": "к"}


def letter(page, key, lang):
    """Press a letter key; on a Russian page as a Russian keyboard sends it (its letter
    Cyrillic, its code the Latin key's), which Playwright's US keyboard cannot type."""
    if lang != "ru":
        page.keyboard.press(key)
        return
    page.evaluate(
        "([key, code]) => document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key, code, bubbles: true}))",
        [RUSSIAN[key], f"Key{key.upper()}"],
    )


# A rules section's text as the dialog shows it: its paragraphs, up to the next heading.
SECTION_TEXT = """(id) => {
  const out = [];
  for (let e = document.getElementById(`rules-${id}`).nextElementSibling; e && e.tagName === 'P'; e = e.nextElementSibling) out.push(e.textContent);
  return out.join(' ');
}"""


@pytest.mark.parametrize(("lang", "game"), [("en", "king"), ("es", "kingru"), ("pt", "whist"), ("ru", "whist")])
def test_the_rules_name_the_claim_and_the_t_key_as_the_table_does(page, base_url, lang, game):
    """The rules dialog, opened with R in each language, tells "Tricks so far" and its key
    with the very words of the table's button, and the claim with those of its button;
    and the key it names opens the deal's play so far."""
    page.add_init_script(prefs_script(lang))
    open_game(page, base_url, game, seed=2, level="easy")
    button = until(
        page, "() => { const b = document.getElementById('btn-played'); return b && b.offsetParent && b.textContent; }"
    )
    assert button == catalogue(lang, "played_open")
    letter(page, "r", lang)
    until(page, "() => !!document.querySelector('#dialog[open] #rules-table')")
    quote = "“{}”" if lang == "en" else "«{}»"
    table = read(page, SECTION_TEXT, "table")
    assert f"T {quote.format(button)}" in table, table
    claim = read(page, SECTION_TEXT, "claim")
    assert quote.format(catalogue(lang, "claim_all")) in claim, claim
    assert (quote.format(catalogue(lang, "claim_none")) in claim) == (game == "whist"), claim
    page.keyboard.press("Escape")
    until(page, "() => !document.querySelector('#dialog[open]')")
    letter(page, "t", lang)
    until(page, "() => !!document.querySelector('#dialog[open] #played, #dialog[open] #played-none')")


# The look of a card of the hand: its outline, its shadows' colours, its paper; and the felt.
LOOK_JS = """(sel) => {
  const s = getComputedStyle(document.querySelector(sel));
  const root = getComputedStyle(document.documentElement);
  return {
    style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor,
    shadows: (s.boxShadow.match(/rgba?\\([^)]*\\)/g) || []),
    paper: s.backgroundColor,
    felt: [root.getPropertyValue('--felt').trim(), root.getPropertyValue('--felt-dark').trim()],
  };
}"""


def _rgb(text):
    if text.startswith("#"):
        return tuple(int(text[i : i + 2], 16) for i in (1, 3, 5))
    return tuple(int(float(x)) for x in re.findall(r"[\d.]+", text)[:3])


def contrast(a, b):
    """WCAG's contrast ratio of two colours (CSS text)."""

    def lum(c):
        ch = [x / 255 for x in _rgb(c)]
        ch = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _focus_and_hint(page, base_url):
    """A hint shown, and the keyboard's focus on another card: their looks."""
    open_game(page, base_url, "whist", seed=2, level="easy")
    until(page, MY_CARDS)
    page.keyboard.press("h")
    hinted = until(
        page, "() => { const e = document.querySelector('#hand .card.hinted'); return e && e.dataset.card; }"
    )
    to_skip_link(page)
    page.keyboard.press("Enter")
    for _ in range(13):
        if read(page, FOCUSED) != hinted:
            break
        page.keyboard.press("ArrowRight")
    focused = read(page, FOCUSED)
    assert focused != hinted
    return read(page, LOOK_JS, f'#hand .card[data-card="{focused}"]'), read(
        page, LOOK_JS, f'#hand .card[data-card="{hinted}"]'
    )


def test_the_focus_ring_and_the_hint_do_not_look_alike(page, base_url):
    focus, hint = _focus_and_hint(page, base_url)
    assert focus["style"] != "none" and hint["style"] != "none"
    # told apart by the line itself, not by a shade of yellow
    assert focus["style"] != hint["style"]
    assert contrast(focus["color"], hint["color"]) >= 1.5
    # each line reads on the card (WCAG 1.4.11: 3:1 for what a control's state shows)
    assert contrast(focus["color"], focus["paper"]) >= 3
    assert contrast(hint["color"], hint["paper"]) >= 3
    # and each has a mark on the felt around the card: the focus's halo, the hint's glow
    assert focus["shadows"] and hint["shadows"]
    for felt in focus["felt"]:
        assert contrast(focus["shadows"][0], felt) >= 3, (focus, felt)
        assert contrast(hint["shadows"][0], felt) >= 3, (hint, felt)
    assert _rgb(focus["shadows"][0]) != _rgb(hint["shadows"][0])


def test_in_forced_colours_the_focus_ring_and_the_hint_still_differ(page, base_url):
    page.emulate_media(forced_colors="active")
    focus, hint = _focus_and_hint(page, base_url)
    assert read(page, "() => matchMedia('(forced-colors: active)').matches")
    # shadows are gone there: the lines alone must show both, and differ
    assert focus["style"] != "none" and hint["style"] != "none" and focus["width"] >= 2 and hint["width"] >= 2
    assert focus["style"] != hint["style"]
    assert contrast(focus["color"], focus["paper"]) >= 3 and contrast(hint["color"], hint["paper"]) >= 3
