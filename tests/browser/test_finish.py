"""The table's finish on phones (issue 18): what a play-test tripped on, each checked in
real Chromium on the built site at the size where it showed: a deal summary whose
numbers run into the next words, names broken mid-word, a stale hint, a sticky hover."""

import json
import random
import re

import pytest

from browser_support import choose_language, engine_view, new_page, plant_save, saved_match, show_hint, until

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 740}
PHONE = {"width": 390, "height": 844}


def eralash_save():
    """Кинг at its first Eralash ("take nothing": every penalty counts), the human's last card to play."""
    return saved_match("kingru", 3, lambda v: v["deal_no"] == 6 and v["turn"] == 0 and len(v["hand"]) == 1)


# For each row of the summary: pairs of neighbouring items on one line closer than 8 px
# (a number run into the next words), and the row's name drawn on more lines than it has
# words (broken inside a word).
SUMMARY_JS = """() => [...document.querySelectorAll('#deal-summary tbody tr')].map((tr) => {
  const cell = tr.querySelector('td.took .took-list') || tr.querySelector('td.took');
  const items = [...cell.children].map((e) => e.getBoundingClientRect());
  const touching = [];
  for (let i = 1; i < items.length; i++) {
    const a = items[i - 1], b = items[i];
    const sameLine = Math.abs(a.top - b.top) < a.height / 2;
    if (sameLine && b.left - a.right < 8) touching.push(i);
  }
  const th = tr.querySelector('th');
  const range = document.createRange();
  range.selectNodeContents(th);
  const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  return {name: th.textContent, words: th.textContent.trim().split(/\\s+/).length, lines, items: items.length, touching};
})"""


# The banner's text, and each seat's name as read aloud or copied, with its dealer's mark.
BANNER_JS = """() => ({
  text: document.querySelector('#banner').innerText,
  names: [...document.querySelectorAll('.seat .name')].filter((n) => n.querySelector('.dealer-mark')).map((n) => n.textContent),
})"""

# For each row of the summary: the right edge of the name's cell and the left edge of the
# leftmost thing drawn in the "what counted" cell (its cards wrap inside it, never under the name).
COLUMNS_JS = """() => [...document.querySelectorAll('#deal-summary tbody tr')].map((tr) => {
  const lefts = [...tr.querySelectorAll('td.took .card, td.took .took-item')].map((e) => e.getBoundingClientRect().left);
  return {name: tr.querySelector('th').getBoundingClientRect().right, took: Math.min(...lefts),
    items: [...tr.querySelectorAll('td.took .took-item:not(.took-cardset)')].map((e) => e.textContent)};
})"""


@pytest.mark.parametrize("lang", ["ru", "es"])
def test_a_phone_summary_keeps_each_number_apart_and_each_name_whole(browser, base_url, console_errors, lang):
    ctx, page = new_page(browser, SMALL, console_errors, lang=lang)
    plant_save(page, base_url, eralash_save())
    page.goto(base_url)
    page.wait_for_selector("#hand .card.legal", timeout=90_000)
    # the banner: its price beside the deal's name, not in a second pair of brackets
    # («Ералаш (не брать ничего) (считается всё …)»); the total's number bound to its word
    # by a no-break space; in Spanish the deal's name in letters a Spanish reader reads
    banner = page.evaluate(BANNER_JS)
    assert ") (" not in banner["text"], banner
    want = {
        "ru": "Ералаш (не брать ничего)\xa0· считается всё\xa0· всего\xa0−96",
        "es": "No llevar nada (Eralash)\xa0· cuenta todo\xa0· −96\xa0en\xa0total",
    }
    assert want[lang] in banner["text"], banner
    # the dealer's mark is a word apart from the name ("Восток Д", not "ВостокД")
    assert len(banner["names"]) == 1 and re.fullmatch(r"\S+\xa0\S", banner["names"][0]), banner
    page.locator("#hand .card.legal").first.click()
    page.locator("#deal-summary").wait_for(state="visible", timeout=30_000)
    # the plates behind it no longer give a running figure of the deal beside the summary's
    assert page.locator(".seat .meta-item", has_text={"ru": "в сдаче", "es": "esta mano"}[lang]).count() == 0
    # (not the match's last deal: its button deals the next)
    assert (
        page.locator("#dialog-actions button.primary").inner_text()
        == {"ru": "Сдать следующую", "es": "Repartir la siguiente mano"}[lang]
    )
    rows = page.evaluate(SUMMARY_JS)
    assert len(rows) == 4
    # an Eralash counts cards, tricks and the last tricks: several items in some row
    assert max(r["items"] for r in rows) >= 2, rows
    for r in rows:
        assert r["touching"] == [], r
        assert r["lines"] <= r["words"], r
    columns = page.evaluate(COLUMNS_JS)
    for c in columns:
        assert c["took"] >= c["name"], c  # nothing of the cell drawn under the name
        # a figure follows its words after a colon: "0 взяток: 0", not "0 взяток 0"
        assert all(re.fullmatch(r".+:\xa0[−+]?\d+", x) for x in c["items"]), c
    assert any(c["items"] for c in columns), columns
    # the last two tricks named as a player names them: «8-я взятка», «8.ª baza»
    last = {"ru": r"[78]-я взятка:\xa0−\d+", "es": r"[78]\.ª baza:\xa0−\d+"}[lang]
    assert any(re.fullmatch(last, x) for c in columns for x in c["items"]), columns
    ctx.close()


def auction_save():
    """King at a positive's auction, the human to speak with a side seat's bid in its bubble
    and the most offers still open (the panel at its tallest)."""
    return saved_match(
        "king",
        9,
        lambda v: (
            v["phase"] == "auction" and v["turn"] == 0 and len(v["legal"]) >= 9 and len(v["auction"]["bids"]) >= 1
        ),
    )


# What a phone shows of the seats while bidding: bubbles off the screen's edge, a figure
# of a plate broken over two lines, the dealer's button over a name, and the hand's bottom.
SEATS_JS = """() => {
  const lines = (e) => { const r = document.createRange(); r.selectNodeContents(e);
    return new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size; };
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const out = {bubbles: [], broken: [], dealerOverName: [], width: innerWidth, height: innerHeight};
  for (const b of document.querySelectorAll('.seat .bubble')) {
    const r = b.getBoundingClientRect();
    if (r.left < 0 || r.right > innerWidth) out.bubbles.push([b.textContent, Math.round(r.left), Math.round(r.right)]);
  }
  for (const m of document.querySelectorAll('.seat-left .meta-item, .seat-right .meta-item'))
    if (lines(m) > m.textContent.trim().split(/\\s+/).length) out.broken.push(m.textContent);
  for (const p of document.querySelectorAll('.seat .plate')) {
    const r = p.getBoundingClientRect();
    if (r.left < 0 || r.right > innerWidth) out.broken.push(p.textContent);
  }
  out.markWrapped = []; out.markCovers = [];
  for (const d of document.querySelectorAll('.dealer-mark')) {
    const plate = d.closest('.plate'); const who = plate.querySelector('.who') || plate.querySelector('.name');
    const r = document.createRange(); r.selectNodeContents(who);
    const m = d.getBoundingClientRect(), rects = [...r.getClientRects()];
    if (rects.some((x) => meet(x, m))) out.dealerOverName.push(who.textContent);
    // a mark folded under the name: a line more on the plate
    if (m.top >= rects[0].bottom - 2) out.markWrapped.push(who.textContent);
    if (m.left < 0 || m.right > innerWidth || m.top < 0) out.markCovers.push([who.textContent, 'the edge']);
    for (const e of document.querySelectorAll('.card, .bubble, .backs, .banner, .contract-badge > *, .seat .meta-item, .seat .who'))
      if (e !== who && meet(e.getBoundingClientRect(), m)) out.markCovers.push([who.textContent, e.className]);
  }
  out.dealers = document.querySelectorAll('.dealer-mark').length;
  out.bubbleCount = document.querySelectorAll('.seat .bubble').length;
  out.handBottom = Math.round(document.querySelector('#hand').getBoundingClientRect().bottom);
  return out;
}"""


# The banner's lines, and each "·" that starts a line (the line folded before the dot, not after it).
BANNER_LINES_JS = """() => {
  const chars = [], walk = document.createTreeWalker(document.querySelector('#banner'), NodeFilter.SHOW_TEXT);
  for (let n; (n = walk.nextNode());)
    for (let i = 0; i < n.length; i++) {
      const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
      const box = r.getClientRects()[0];
      chars.push([n.data[i], box ? Math.round(box.top) : null]);
    }
  const leading = [];
  chars.forEach(([c, top], i) => {
    if (c !== '·') return;
    let j = i - 1;
    while (j >= 0 && /\\s/.test(chars[j][0])) j--;
    if (j >= 0 && chars[j][1] !== top) leading.push(chars.slice(i, i + 12).map((x) => x[0]).join(''));
  });
  return {lines: new Set(chars.filter((x) => x[1] !== null).map((x) => x[1])).size, leading};
}"""


@pytest.mark.parametrize(
    ("viewport", "lang"),
    [(SMALL, "ru"), ({"width": 1280, "height": 800}, "ru")],
    ids=["phone-ru-es", "1280x800-ru"],
)
def test_an_auction_keeps_bubbles_plates_and_hand_on_the_screen(browser, base_url, console_errors, viewport, lang):
    """On a desktop in Russian; on a phone in Russian at 360 px, then in Spanish at 390 px
    (the same table, the language chosen in the settings)."""
    ctx, page = new_page(browser, viewport, console_errors, lang=lang)
    plant_save(page, base_url, auction_save())
    page.goto(base_url)
    page.wait_for_selector("#panel button.bid", timeout=90_000)
    phone = viewport["width"] < 600
    for size, now in [(viewport, lang)] + ([({"width": 390, "height": 844}, "es")] if phone else []):
        page.set_viewport_size(size)
        if page.evaluate("document.documentElement.lang") != now:
            choose_language(page, now)
        got = page.evaluate(SEATS_JS)
        assert got["bubbleCount"] >= 1 and got["dealers"] == 1, (now, got)
        assert got["bubbles"] == [] and got["width"] == size["width"], (now, got)  # nothing widens the page either
        assert got["broken"] == [], (now, got)
        assert got["dealerOverName"] == [] and got["markWrapped"] == [] and got["markCovers"] == [], (now, got)
        # while bidding the whole hand is in sight: the offer is judged by it
        assert got["handBottom"] <= got["height"], (now, got)
        # a banner that folds does so after a dot, so no line starts with one («· Dueño: Norte»)
        banner = page.evaluate(BANNER_LINES_JS)
        assert banner["leading"] == [], (now, banner)
    ctx.close()


def offer_words(a):
    """ "offer:up:8" as the page writes it: "8 up"."""
    _, kind, n = a.split(":")
    return f"{n} up" if kind == "up" else f"{n} null{'s' if int(n) > 1 else ''}"


SEAT_NAMES = ["You", "West", "North", "East"]


@pytest.mark.parametrize("seed", [1, 4, 40], ids=["only-match", "only-higher", "higher-or-match"])
def test_an_auction_says_why_its_offers_are_the_ones_left(browser, base_url, console_errors, seed):
    """A button of the last turn was gone without a word: the offers open are said to be
    those worth more than the standing one, and matching it is said to be open by
    preference (the bottom seat speaks before its holder), as the engine lists them."""
    save = saved_match(
        "king", seed, lambda v: v["phase"] == "auction" and v["turn"] == 0 and v["auction"]["standing"] is not None
    )
    ctx, page = new_page(browser, {"width": 1280, "height": 800}, console_errors)
    plant_save(page, base_url, save)
    page.goto(base_url)
    page.wait_for_selector("#panel button.bid", timeout=90_000)
    v = engine_view(page)
    offer, holder = v["auction"]["standing"], v["auction"]["holder"]
    worth = lambda a: int(a.split(":")[2]) * (25 if ":up:" in a else 75)
    higher = any(a.startswith("offer:") and worth(a) > worth(offer) for a in v["legal"])
    prompt = page.locator("#bid-prompt").inner_text()
    first = "Your bid: worth more than" if higher else "Your bid: no offer is worth more than"
    assert prompt == f"{first} {worth(offer)} points", prompt
    rule = page.locator("#bid-rule")
    if offer in v["legal"]:
        assert rule.inner_text() == f"You may match {offer_words(offer)}: you speak before {SEAT_NAMES[holder]}."
    elif v["legal"] == ["pass"]:
        assert rule.inner_text() == "You can only pass."
    else:
        assert rule.count() == 0
    ctx.close()


LOG_JS = """() => {
  const log = document.querySelector('#deal-log'), head = document.querySelector('#panel p');
  const lines = (e) => Math.round(e.clientHeight / parseFloat(getComputedStyle(e.querySelector('li')).lineHeight));
  const last = log.lastElementChild.getBoundingClientRect(), box = log.getBoundingClientRect();
  return {items: log.children.length, lines: lines(log), lastSeen: last.top >= box.top - 1 && last.bottom <= box.bottom + 1,
          headTop: Math.round(head.getBoundingClientRect().top),
          topSeat: Math.round(document.querySelector('#seat-top').getBoundingClientRect().bottom),
          handBottom: Math.round(document.querySelector('#hand').getBoundingClientRect().bottom), height: innerHeight};
}"""


@pytest.mark.parametrize(
    ("viewport", "most"), [(SMALL, 3), ({"width": 1280, "height": 800}, 4)], ids=["360x740", "1280x800"]
)
def test_a_long_auctions_log_keeps_the_panels_heading_in_place(browser, base_url, console_errors, viewport, most):
    """Seven lines of bidding pushed the panel's heading up the table: the log keeps a few
    lines and scrolls to its newest."""
    save = saved_match(
        "king", 2, lambda v: v["phase"] == "decide" and v["turn"] == 0 and len(v["auction"]["bids"]) >= 6
    )
    ctx, page = new_page(browser, viewport, console_errors, lang="ru")
    plant_save(page, base_url, save)
    page.goto(base_url)
    page.wait_for_selector("#panel button.bid", timeout=90_000)
    got = page.evaluate(LOG_JS)
    assert got["items"] >= 7 and got["lines"] <= most and got["lastSeen"], got
    # the heading below the top seat, the hand's last row on the screen
    assert got["headTop"] >= got["topSeat"] and got["handBottom"] <= got["height"], got
    # its top fades while earlier lines are out of sight, and not once scrolled back to them
    log = page.locator("#deal-log")
    assert "cut" in log.get_attribute("class")
    log.evaluate("(e) => { e.scrollTop = 0; }")
    page.wait_for_function("() => !document.querySelector('#deal-log').classList.contains('cut')", timeout=30_000)
    ctx.close()


# Each change of what the table shows of a positive's talk: the log's length, the panel
# gone, the cards on the table, with performance.now().
TALK_JS = """(() => {
  window.talk = [];
  const look = () => {
    const panel = document.querySelector('#panel');
    const now = [document.querySelectorAll('#deal-log li').length, !panel || panel.hidden,
                 document.querySelectorAll('#trick .card').length];
    const last = window.talk[window.talk.length - 1];
    if (!last || last[1].join() !== now.join()) window.talk.push([performance.now(), now]);
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true});
})()"""


def test_an_owners_decision_stays_on_the_table_before_play_goes_on(browser, base_url, console_errors):
    """The owner's "8 o nulos" and the buyer's trump passed at a card's pace, before they
    could be read: a word that moves the positive on stays as long as a finished trick."""
    save = saved_match(
        "king",
        4,
        lambda v: (
            v["phase"] == "decide" and v["turn"] != 0 and v["auction"]["standing"] and v["auction"]["holder"] != 0
        ),
    )
    ctx, page = new_page(browser, {"width": 1280, "height": 800}, console_errors)
    page.add_init_script("localStorage.setItem('kingweb.prefs.v1', JSON.stringify({speed: 'normal', autoplay: false}))")
    page.add_init_script(TALK_JS)
    plant_save(page, base_url, save)
    page.goto(base_url)
    page.wait_for_function("() => document.querySelectorAll('#trick .card').length > 0", timeout=90_000)
    talk = page.evaluate("window.talk")
    lines = [n for _, (n, _, _) in talk]
    resumed = next(n for n in lines if n)  # the log as the page resumed it, the owner to decide
    decided = lines.index(resumed + 1)  # the owner's word
    assert talk[decided + 1][0] - talk[decided][0] >= 1150, talk  # Normal: a finished trick's 1.2 s
    # the last word (the trump) ends the talk: the panel goes, the banner names the deal,
    # and the first card waits as long
    gone = next(i for i, (_, (_, hidden, _)) in enumerate(talk) if hidden and i > decided)
    card = next(i for i, (_, (_, _, cards)) in enumerate(talk) if cards and i > gone)
    assert talk[card][0] - talk[gone][0] >= 1150, talk
    ctx.close()


@pytest.mark.parametrize("dealer", [1, 3], ids=["west", "east"])
def test_a_side_seats_dealer_mark_adds_no_line_to_its_plate_on_a_phone(browser, base_url, console_errors, dealer):
    """A phone's side plate is 64 px wide, and "Восток" fills it: the mark after the name
    once folded onto a line of its own."""
    ctx, page = new_page(browser, SMALL, console_errors, lang="ru")
    save = saved_match(
        "king", 9, lambda v: v["dealer"] == dealer and v["phase"] == "play" and v["turn"] == 0 and len(v["trick"]) == 2
    )
    plant_save(page, base_url, save)
    page.goto(base_url)
    page.wait_for_selector("#hand .card.legal", timeout=90_000)
    got = page.evaluate(SEATS_JS)
    assert got["dealers"] == 1 and got["width"] == SMALL["width"], got
    assert got["dealerOverName"] == [] and got["markWrapped"] == [] and got["markCovers"] == [], got
    assert got["broken"] == [], got
    ctx.close()


# A phone's side plates: their lines, what they meet, and the band of height where their
# seat's card slides into the trick (from the side, at the card's own height).
SIDE_PLATES_JS = """() => {
  // the lines of text (the dealer's button, a box of its own on the name's line, is not one)
  const lines = (e) => {
    const bottoms = new Set(), walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let n; (n = walk.nextNode());) {
      if (n.parentElement.closest('.dealer-mark')) continue;
      const r = document.createRange(); r.selectNodeContents(n);
      for (const x of r.getClientRects()) if (x.width > 0) bottoms.add(Math.round(x.bottom));
    }
    return bottoms.size;
  };
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const out = [];
  for (const side of ['left', 'right']) {
    const plate = document.querySelector(`.seat-${side} .plate`), r = plate.getBoundingClientRect();
    const card = document.querySelector(`#trick .card.pos-${side}`);
    const meets = [];
    for (const e of document.querySelectorAll('#trick .card, #hand .card, .contract-badge > *, .seat .bubble, .seat .plate, .seat .backs, #banner'))
      if (e !== plate && !plate.contains(e) && meet(e.getBoundingClientRect(), r)) meets.push(e.className || e.id);
    out.push({side, text: plate.innerText, lines: lines(plate), meets, left: r.left, right: r.right,
      bottom: r.bottom, cardTop: card ? card.getBoundingClientRect().top : null});
  }
  return {plates: out, width: innerWidth, scroll: document.documentElement.scrollWidth};
}"""


def test_a_phones_side_plates_stay_short_and_clear_of_the_trick(browser, base_url, console_errors):
    """A positive deal's side plate in Spanish at 390 px once read "−260 / ptos. / 1 baza /
    esta / mano / −75", a word a line, in a 64 px column beside the trick; and the cards
    its seat played slid in over it.  One table, read in Spanish at 360 and 390 px, then in
    Russian and Portuguese at 360 px (each chosen in the settings)."""
    ctx, page = new_page(browser, {"width": 360, "height": 740}, console_errors, lang="es")
    save = saved_match(
        "king",
        5,
        lambda v: (
            v["deal_no"] >= 6
            and v["phase"] == "play"
            and v["turn"] == 0
            and len(v["trick"]) == 3
            and v["taken"][1] >= 1
        ),
    )
    plant_save(page, base_url, save)
    page.goto(base_url)
    page.wait_for_selector("#hand .card.legal", timeout=90_000)
    for width, lang in [(360, "es"), (390, "es"), (360, "ru"), (360, "pt")]:
        page.set_viewport_size({"width": width, "height": 740 if width == 360 else 844})
        if page.evaluate("document.documentElement.lang") != lang:
            choose_language(page, lang)
        got = page.evaluate(SIDE_PLATES_JS)
        assert got["scroll"] <= got["width"], (lang, got)
        for plate in got["plates"]:
            # the name, then the figures ("this deal" among them: West has taken a trick)
            assert plate["lines"] <= 3, (lang, width, plate)
            assert plate["meets"] == [] and plate["left"] >= 0 and plate["right"] <= got["width"], (lang, width, plate)
            # the seat's card slides in lower down than its plate
            assert plate["cardTop"] is not None and plate["bottom"] <= plate["cardTop"], (lang, width, plate)
    ctx.close()


# The banner's facts (the text between its dots) of figures or cards, of 24 characters or
# fewer, that a line's end cuts in two, read from where each character is drawn.
CUT_FACTS_JS = """async () => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const chars = [], walk = document.createTreeWalker(document.querySelector('#banner'), NodeFilter.SHOW_TEXT);
  for (let n; (n = walk.nextNode());)
    for (let i = 0; i < n.length; i++) {
      const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
      const box = r.getClientRects()[0];
      chars.push([n.data[i], box ? Math.round(box.top) : null]);
    }
  const cut = [];
  let piece = [];
  const end = () => {
    const text = piece.map((x) => x[0]).join('').trim();
    const tops = new Set(piece.filter((x) => x[1] !== null && x[0].trim()).map((x) => x[1]));
    if (text.length <= 24 && /[0-9♠♥♦♣]/.test(text) && tops.size > 1) cut.push(text);
    piece = [];
  };
  for (const c of chars) { if (c[0] === '·') end(); else piece.push(c); }
  end();
  return {cut, text: document.querySelector('#banner').innerText};
}"""


@pytest.mark.parametrize(
    ("lang", "game", "seed", "contract"),
    [
        ("es", "king", 5, "up:"),
        ("es", "king", 5, "down"),
        ("ru", "kingru", 3, "no-king"),
        ("pt", "kingru", 3, "no-last-two"),
    ],
)
def test_a_phones_banner_keeps_a_short_fact_on_one_line(browser, base_url, console_errors, lang, game, seed, contract):
    """The banner once folded "+25 / por baza" and "−16 за / кинга": a price's number at a
    line's end and its words below.  Every phone width from 320 to 430 px."""
    ctx, page = new_page(browser, SMALL, console_errors, lang=lang)
    save = saved_match(
        game, seed, lambda v: v["phase"] == "play" and v["contract"].startswith(contract) and v["turn"] == 0
    )
    plant_save(page, base_url, save)
    page.goto(base_url)
    page.wait_for_selector("#hand .card.legal", timeout=90_000)
    for width in range(320, 431, 10):
        page.set_viewport_size({"width": width, "height": 740})
        got = page.evaluate(CUT_FACTS_JS)
        assert got["cut"] == [], (width, got)
    ctx.close()


def test_a_tapped_button_does_not_stay_lit_on_a_touch_screen(browser, base_url, console_errors):
    ctx, page = new_page(browser, SMALL, console_errors, lang="en")
    plant_save(page, base_url, auction_save())
    page.goto(base_url)
    page.wait_for_selector("#panel button.bid", timeout=90_000)
    assert page.evaluate("() => matchMedia('(hover: none)').matches")  # a touch screen, as phones are
    buttons = page.locator("#panel button.bid")
    rest = buttons.nth(1).evaluate("b => getComputedStyle(b).backgroundColor")
    # a tap leaves the pointer where it was, over the button (a sticky :hover)
    box = buttons.nth(0).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert buttons.nth(0).evaluate("b => b.matches(':hover')")
    assert buttons.nth(0).evaluate("b => getComputedStyle(b).backgroundColor") == rest
    ctx.close()


# What of a deal's summary lies beyond its dialog's right edge, or makes its box scroll sideways.
SUMMARY_FITS_JS = """() => {
  const box = document.querySelector('#dialog').getBoundingClientRect();
  const out = [...document.querySelectorAll('#deal-summary th, #deal-summary td')]
    .filter((c) => c.getBoundingClientRect().right > box.right - 1).map((c) => c.textContent);
  for (let e = document.querySelector('#deal-summary'); e && e.id !== 'dialog'; e = e.parentElement)
    if (e.scrollWidth > e.clientWidth + 1) out.push('scrolls: ' + (e.id || e.className || e.tagName));
  return {out, columns: document.querySelectorAll('#deal-summary thead th').length};
}"""


@pytest.mark.parametrize(
    ("game", "seed", "lang", "viewport"),
    [("whist", 4, "pt", SMALL), ("king", 23, "es", {"width": 390, "height": 844}), ("king", 23, "ru", SMALL)],
    ids=["whist-pt-360", "king-bought-es-390", "king-bought-ru-360"],
)
def test_a_phone_deal_summary_shows_every_column_within_its_dialog(
    browser, base_url, console_errors, game, seed, lang, viewport
):
    """German Whist's sentence of a score and a bought positive's payments once held their
    items on one line each, and pushed the deal's, total's and place's columns off the dialog."""
    if game == "whist":
        stop = lambda v: v["stage"] == 2 and v["turn"] == 0 and len(v["hand"]) == 1
    else:
        stop = lambda v: v["deal_no"] == 7 and v["phase"] == "play" and v["turn"] == 0 and len(v["hand"]) == 1
    ctx, page = new_page(browser, viewport, console_errors, lang=lang)
    plant_save(page, base_url, saved_match(game, seed, stop, claims=False))
    page.goto(base_url)
    page.wait_for_selector("#hand .card.legal", timeout=90_000)
    page.locator("#hand .card.legal").first.click()
    page.locator("#deal-summary").wait_for(state="visible", timeout=30_000)
    got = page.evaluate(SUMMARY_FITS_JS)
    assert got["columns"] >= 3 and got["out"] == [], got
    if game == "king":  # the bought positive's payments are in it
        buyer = {"es": "comprador", "ru": "покупател"}[lang]
        assert page.locator("#deal-summary td.took", has_text=buyer).count() == 1
    ctx.close()


# Each word of the score sheet's "game" column drawn on more than one line (broken inside
# it), and whether the sheet fits its dialog.
SHEET_WORDS_JS = """() => {
  const broken = [];
  for (const td of document.querySelectorAll('#sheet tbody td:nth-child(2)')) {
    const walk = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
    for (let n; (n = walk.nextNode());) {
      for (const m of n.data.matchAll(/\\S+/g)) {
        const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
        if (new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size > 1) broken.push(m[0]);
      }
    }
  }
  const sheet = document.querySelector('#sheet').getBoundingClientRect(), body = document.querySelector('#dialog .dialog-body');
  return {broken, rows: document.querySelectorAll('#sheet tbody tr').length,
          fits: sheet.right <= body.getBoundingClientRect().right - parseFloat(getComputedStyle(body).paddingRight) + 1};
}"""


@pytest.mark.parametrize("width", [360, 390])
def test_a_phones_score_sheet_breaks_no_word_of_its_game_column(browser, base_url, console_errors, width):
    """The Russian sheet at 360 px drew «Положит|ельная» and «Две последн|ие»: a word is
    folded only between words."""
    save = saved_match("king", 5, lambda v: v["deal_no"] >= 7 and v["phase"] == "play" and v["turn"] == 0)
    ctx, page = new_page(browser, {"width": width, "height": 800}, console_errors, lang="ru")
    plant_save(page, base_url, save)
    page.goto(base_url)
    page.wait_for_selector("#hand .card.legal", timeout=90_000)
    page.keyboard.press("s")
    page.locator("#sheet").wait_for()
    got = page.evaluate(SHEET_WORDS_JS)
    assert got["rows"] == 10 and got["broken"] == [] and got["fits"], got
    ctx.close()


def last_card_save(game, seed, options=None):
    """A match played at random by the engine to the card of the bottom seat's that ends
    it, found by playing each of its turns' first card on a copy (German Whist has no fixed
    length, and a bot may claim the rest of a deal).  Returns the save and that card."""
    from kingweb.session import Session

    s = Session()
    s.start(game, seed=seed, level="random", options=options)
    rng = random.Random(1)
    while True:
        st = s.state(0)
        assert not st["over"], f"{game} seed {seed}: no card of the bottom seat's ends the match"
        cards = [a for a in st["legal"] if a in st["hand"]]
        if (
            st["turn"] == 0
            and st["phase"] == "play"
            and cards
            and (game == "whist" or st["deal_no"] == st["match_deals"] - 1)
        ):
            copy = Session()
            copy.load(s.save())
            copy.act(cards[0])
            while not copy.state(0)["over"] and copy.state(0)["turn"] != 0:
                copy.step()
            if copy.state(0)["over"]:
                return json.dumps(s.save()), cards[0]
        legal = [a for a in st["legal"] if not a.startswith("claim:")]
        s.act(rng.choice(legal)) if st["turn"] == 0 else s.step()


@pytest.mark.parametrize(
    ("game", "options", "lang", "words"),
    [("kingru", None, "ru", "К итогам партии"), ("whist", {"target": 3}, "en", "See the match's result")],
    ids=["kingru-ru", "whist-en"],
)
def test_the_last_deals_summary_leads_to_the_matchs_result_not_to_a_next_deal(
    browser, base_url, console_errors, game, options, lang, words
):
    """The match's last deal once offered «Сдать следующую» (deal the next one): there is none."""
    ctx, page = new_page(browser, SMALL, console_errors, lang=lang)
    save, card = last_card_save(game, 3, options)
    plant_save(page, base_url, save)
    page.goto(base_url)
    page.wait_for_selector("#hand .card.legal", timeout=90_000)
    page.locator(f'#hand .card[data-card="{card}"]').click(position={"x": 8, "y": 24})
    page.locator("#deal-summary").wait_for(state="visible", timeout=30_000)
    button = page.locator("#dialog-actions button.primary")
    assert button.inner_text() == words
    button.click()
    page.locator("#winner").wait_for(timeout=30_000)  # the match's result, at once
    ctx.close()


def hint_save():
    """King, a negative deal, the human to play third to a trick."""
    return saved_match(
        "king", 5, lambda v: v["phase"] == "play" and v["turn"] == 0 and len(v["trick"]) == 2 and len(v["hand"]) > 8
    )


def late_auction_save():
    """King, a positive's auction after three bids, the human to speak: only 8 up is open
    above the standing offer, matched by preference, or a pass."""
    return saved_match(
        "king", 1, lambda v: v["phase"] == "auction" and v["turn"] == 0 and len(v["auction"]["bids"]) >= 3
    )


OVERLAP_JS = """(sel) => {
  const a = document.querySelector('#toast').getBoundingClientRect(), b = document.querySelector(sel).getBoundingClientRect();
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}"""


# What the message lies over among the seats' names, counts of cards and bid bubbles, and the
# contract's badge.
COVERED_JS = """() => {
  const a = document.querySelector('#toast').getBoundingClientRect();
  return [...document.querySelectorAll('.seat > *, #contract-badge > *')].filter((e) => {
    const b = e.getBoundingClientRect();
    return b.height > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  }).map((e) => e.parentElement.id + ' ' + e.className + ' ' + e.textContent);
}"""


@pytest.mark.parametrize("where", ["card", "auction"])
def test_a_hint_leaves_the_players_plate_in_sight_and_goes_once_acted_on(browser, base_url, console_errors, where):
    # (in an auction the player's plate sits above the panel: the message once covered it)
    ctx, page = new_page(browser, SMALL, console_errors, lang="ru")
    plant_save(page, base_url, hint_save() if where == "card" else late_auction_save())
    page.goto(base_url)
    page.wait_for_selector("#hand .card.legal" if where == "card" else "#panel button.bid", timeout=90_000)
    page.locator("#toast").wait_for(state="hidden", timeout=15_000)  # "resumed" has gone
    # (in an auction a short phone's side seats hold their bid's bubble at the message's height:
    # it covered West's "8 arriba" in Spanish and Portuguese)
    shown = "ru"
    for size, lang in [(SMALL, "ru")] + (
        [(SMALL, "es"), (PHONE, "es"), (PHONE, "pt"), (SMALL, "pt"), (SMALL, "en")] if where == "auction" else []
    ):
        page.set_viewport_size(size)
        if lang != shown:
            choose_language(page, lang)
            shown = lang
        show_hint(page)  # this size's own message, not the last size's still shown
        assert not page.evaluate(OVERLAP_JS, "#seat-bottom .plate")
        assert not page.evaluate(OVERLAP_JS, "#hand")
        assert not page.evaluate(OVERLAP_JS, "#panel")
        covered = page.evaluate(COVERED_JS)
        assert covered == [], (lang, size, covered)
        if (size, lang) == (PHONE, "pt"):
            # the phone shrinks with the message shown (placed for the taller screen, it lay
            # over both side seats): it moves to its place for the new size
            page.set_viewport_size(SMALL)
            # (within the message's 6 s, and while it is shown: a hidden one covers nothing)
            moved = f"() => !document.querySelector('#toast').hidden && ({COVERED_JS})().length === 0"
            until(page, moved, timeout=3)
    if where == "card":  # the reason names its card: the card's long name does not come first as well
        name = page.locator("#hand .card.hinted").get_attribute("aria-label").split(",")[0]
        said = page.locator("#toast").inner_text()
        assert not said.startswith(name) and said.strip(), said
    page.locator("#hand .card.hinted" if where == "card" else "#panel button.bid.primary").click()
    # the advice is taken: it goes with the card, not 6 s later over the next trick
    page.locator("#toast").wait_for(state="hidden", timeout=1_000)
    ctx.close()


NEAR_JS = """() => {
  const box = document.querySelector('#toast').getBoundingClientRect();
  const own = document.querySelector('#seat-bottom .plate').getBoundingClientRect();
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const covered = [...document.querySelectorAll('#hand .card, .seat .plate, .seat .backs, #trick .card, #panel button, #panel p')]
    .filter((e) => meet(e.getBoundingClientRect(), box)).map((e) => e.className || e.tagName);
  // beside the plate, or (too little room there) just above it
  const beside = box.left >= own.right && box.left - own.right <= 24 && box.bottom > own.top && box.bottom <= own.bottom + 1;
  const above = box.bottom <= own.top && own.top - box.bottom <= 12 && box.left < own.right && own.left < box.right;
  return {beside, above, covered,
          inside: box.left >= 0 && box.right <= innerWidth && box.top >= 0 && box.bottom <= innerHeight};
}"""


@pytest.mark.parametrize("where", ["card", "auction"])
def test_a_wide_screens_hint_sits_beside_the_players_own_plate(browser, base_url, console_errors, where):
    """At 1920 px the hint sat in the top right corner, a head's turn from the hand it
    speaks of: on a wide screen it sits beside the player's own plate, covering nothing."""
    ctx, page = new_page(browser, {"width": 1920, "height": 1080}, console_errors)
    plant_save(page, base_url, hint_save() if where == "card" else late_auction_save())
    page.goto(base_url)
    page.wait_for_selector("#hand .card.legal" if where == "card" else "#panel button.bid", timeout=90_000)
    page.locator("#toast").wait_for(state="hidden", timeout=15_000)  # "resumed" has gone
    for size in ({"width": 1920, "height": 1080}, {"width": 1280, "height": 800}, {"width": 960, "height": 700}):
        page.set_viewport_size(size)
        show_hint(page)
        got = page.evaluate(NEAR_JS)
        assert got["beside"] if size["width"] >= 1280 else got["beside"] or got["above"], (size, got)
        assert got["covered"] == [] and got["inside"], (size, got)
    ctx.close()


def whist_draw_save():
    """German Whist's first stage, the human to answer a lead, the stock still full."""
    return saved_match(
        "whist", 2, lambda v: v["turn"] == 0 and len(v["trick"]) == 1 and v["stage"] == 1 and v["trick_no"] >= 2
    )


WHIST_JS = """() => {
  const trick = document.querySelector('#trick').getBoundingClientRect();
  const note = document.querySelector('#trick-note');
  const r = document.createRange(); r.selectNodeContents(note);
  const lines = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size;
  const fresh = [...document.querySelectorAll('#hand .card.new')];
  return {trickCards: document.querySelectorAll('#trick .card').length, hand: document.querySelectorAll('#hand .card').length,
          note: note.textContent, lines, gap: Math.round(note.getBoundingClientRect().top - trick.bottom),
          fresh: fresh.map((c) => c.dataset.card), freshShadow: fresh.length ? getComputedStyle(fresh[0]).boxShadow : ''};
}"""


# Where a card or a suit's sign stands alone at a line's start or end: the draw's news
# keeps "you drew 8♥" together, the stock's trump "♣ clubs".
PARTED_JS = """() => {
  const top = (n, i) => { const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1); return Math.round(r.getClientRects()[0].top); };
  const out = [];
  for (const [sel, after] of [['#draw-news', false], ['.stock-trump', true]]) {
    const n = document.querySelector(sel).firstChild;
    if (!n) continue;
    for (const m of n.data.matchAll(/[♠♥♦♣]/g)) {
      const i = m.index;
      let start = i;  // the card's first character, after the space (or no-break space) before it
      while (start > 0 && !/\\s/.test(n.data[start - 1])) start--;
      const j = after ? i + 2 : Math.max(0, start - 2);  // the next word's first letter, or the last of the word before
      if (j < n.data.length && j !== i && top(n, i) !== top(n, j)) out.push([sel, n.data]);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_german_whist_draws_after_the_trick_and_marks_the_drawn_card(browser, base_url, console_errors, lang):
    ctx, page = new_page(browser, SMALL, console_errors, lang=lang)
    page.add_init_script(
        f"localStorage.setItem('kingweb.prefs.v1', JSON.stringify({{lang: '{lang}', speed: 'normal', autoplay: false}}))"
    )
    plant_save(page, base_url, whist_draw_save())
    page.goto(base_url)
    page.wait_for_selector("#hand .card.legal", timeout=90_000)
    page.locator("#hand .card.legal").last.click()
    seen = []
    for _ in range(200):  # every 25 ms while the trick shows and is gathered
        s = page.evaluate(WHIST_JS)
        seen.append(s)
        if s["trickCards"] == 0 and s["hand"] == 13:
            break
        page.wait_for_timeout(25)
    shown = [s for s in seen if s["trickCards"] == 2]
    assert shown, seen[:3]
    # while the finished trick is on the table, the hand waits for the draw
    assert all(s["hand"] == 12 and not s["fresh"] for s in shown), shown
    # the taker's line sits just under the trick, on one line
    assert all(s["lines"] == 1 and 0 <= s["gap"] <= 40 for s in shown if s["note"]), [
        (s["lines"], s["gap"]) for s in shown
    ]
    last = seen[-1]
    assert last["hand"] == 13 and len(last["fresh"]) == 1 and last["freshShadow"] not in ("", "none"), last
    assert page.locator("#draw-news").is_visible()
    assert page.evaluate(PARTED_JS) == []
    ctx.close()


PLATE_FIGURES_JS = """() => [...document.querySelectorAll('.seat .meta')].map((m) =>
  [...m.querySelectorAll('.meta-item')].map((x) => x.textContent))"""


def test_german_whists_plates_count_only_the_tricks_that_score(browser, base_url, console_errors):
    """Stage 1's plates once counted its tricks, then fell to 0 when stage 2 began, as if
    they were lost: stage 1's tricks score nothing, so only stage 2's are counted, by name."""
    save = saved_match("whist", 2, lambda v: v["stage"] == 1 and v["trick_no"] == 12 and v["turn"] == 0)
    ctx, page = new_page(browser, {"width": 1280, "height": 800}, console_errors)
    plant_save(page, base_url, save)
    page.goto(base_url)
    page.wait_for_selector("#hand .card.legal", timeout=90_000)
    stage1 = page.evaluate(PLATE_FIGURES_JS)
    assert len(stage1) == 2 and all(len(m) == 1 and re.fullmatch(r"[−-]?[\d.,]+ pts?", m[0]) for m in stage1), stage1
    # the last stage-1 trick is played: stage 2 begins, its count with it
    page.locator("#hand .card.legal").first.click()
    page.wait_for_function("() => /Stage 2/.test(document.querySelector('#banner').textContent)", timeout=30_000)
    page.wait_for_selector("#hand .card.legal", timeout=30_000)
    taken = engine_view(page)["taken"]
    stage2 = page.evaluate(PLATE_FIGURES_JS)
    bottom, top = (page.locator(f".seat-{p} .meta").count() for p in ("bottom", "top"))
    assert bottom == top == 1
    words = lambda n: f"{n} stage-2 trick" + ("" if n == 1 else "s")
    assert sorted(m[1] for m in stage2) == sorted(words(n) for n in taken), (stage2, taken)
    ctx.close()


def test_a_phone_keeps_every_figure_of_a_side_plate_on_the_screen_mid_deal(browser, base_url, console_errors):
    # late in a deal of queens: the side plates carry points, tricks and the deal's penalty
    save = saved_match(
        "king", 5, lambda v: v["phase"] == "play" and v["turn"] == 0 and len(v["hand"]) < 8 and v["deal_no"] >= 2
    )
    ctx, page = new_page(browser, SMALL, console_errors, lang="ru")
    plant_save(page, base_url, save)
    page.goto(base_url)
    page.wait_for_selector("#hand .card.legal", timeout=90_000)
    got = page.evaluate(SEATS_JS)
    items = page.locator(".seat-right .meta-item, .seat-left .meta-item").count()
    assert items >= 5, items  # points and tricks on both sides, a penalty on one at least
    assert got["broken"] == [] and got["dealerOverName"] == [] and got["width"] == SMALL["width"], got
    ctx.close()


def test_a_russian_match_ends_as_a_partiya_naming_its_deciding_deal_in_quotes(browser, base_url, console_errors):
    # Кинг's last card: the last deal's summary, then the match's end, in Russian
    save = saved_match(
        "kingru", 3, lambda v: v["deal_no"] == 13 and v["turn"] == 0 and len(v["hand"]) == 1, claims=False
    )
    ctx, page = new_page(browser, {"width": 390, "height": 844}, console_errors, lang="ru")
    plant_save(page, base_url, save)
    page.goto(base_url)
    page.wait_for_selector("#hand .card.legal", timeout=90_000)
    page.locator("#hand .card.legal").first.click()
    page.locator("#deal-summary").wait_for(state="visible", timeout=30_000)
    page.locator("#dialog-actions button.primary").click()
    page.locator("#placings").wait_for(timeout=30_000)
    assert page.locator("#dialog-title").inner_text() == "Партия окончена"  # a match is a «партия», not a «игра»
    # the deal's name in quotes, not run into the sentence: «…, «Ералаш (брать всё)» (…»
    decider = page.locator("#decider").inner_text()
    m = re.match(r"Больше всего победитель оторвался от второго места в (\d+)-й сдаче, «(.+?)» \(", decider)
    assert m and 1 <= int(m.group(1)) <= 14, decider
    names = page.evaluate("async () => (await import('./i18n/ru.js')).default")
    assert m.group(2) in {v for k, v in names.items() if k.startswith("c_")}, decider
    assert (
        page.locator("#record")
        .inner_text()
        .startswith("Ваши результаты в игре «Кинг (32 карты)», уровень ботов «Случайный»:")
    )
    ctx.close()
