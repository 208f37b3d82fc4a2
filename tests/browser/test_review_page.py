"""The review of a recorded deal in real Chromium, with the site's review worker, real
Pyodide and the real wheel: marks on every decision, a bad play marked as the engine
marks it, a cancelled analysis, export and import through the page (paste, file, link),
a bad record refused with its field and line, the viewer and <kingweb-deal> stepping and
asking "what would you play?", in four languages; a whole match reviewed from the score
sheet, its summary the engine's."""

import base64
import json
import zlib

import pytest

import kingweb
from kingweb.bots import Bot
from kingweb.record import dumps, of_game
from kingweb.review import analyse, review, summary
from kingweb.session import Session

from browser_support import new_page, plant_save, play_until, prefs_script, read, saved_match, until

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


def imported_hands(page, give):
    """Every hand of the review that Import opens once ``give(its dialog)`` hands it a record."""
    page.locator("#more summary").click()
    page.locator("#btn-import").click()
    give(page.locator("#rec-import"))
    page.wait_for_selector("#review .rv-cursor", timeout=120_000)
    return read(page, "[...document.querySelectorAll('#review .rv-hand')].map((h) => h.textContent).join('|')")


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
    # exact, said once: by the line that says how, or by a reason that names every deal solved
    said = box.inner_text()
    assert said.count("Exact") + said.count("Solved over all") == 1, said
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


def first_choice(s):
    """The first legal card or action whenever it is the person's turn."""
    return (s["legal"] or s["actions"] or [None])[0]


def finish_first_deal(page, base_url):
    """A Кинг match (8 cards a hand) played by clicking until its first deal's summary."""
    page.add_init_script(prefs_script())
    page.goto(f"{base_url}?game=kingru&seed=5&level=easy&options=%7B%7D")
    page.wait_for_selector("#hand .card", timeout=120_000)
    play_until(page, first_choice, lambda s: bool(s["dialog"]) and s["dialog"].startswith("Deal 1"))


def test_a_finished_deal_is_reviewed_exported_and_imported_again(page, base_url, tmp_path):
    finish_first_deal(page, base_url)
    page.locator("#dialog-actions button", has_text="Review").click()
    page.wait_for_selector("#review .rv-cursor", timeout=120_000)
    assert read(page, "document.querySelectorAll('#review .rv-hand .card').length") == 32  # 4 × 8, all open
    # the review lies over the deal's summary, which holds the table until it closes
    assert read(page, "document.querySelector('#dialog').open")
    until(page, "document.querySelectorAll('#review .rv-go[data-mark]').length > 0", timeout=120)
    shown = read(page, "[...document.querySelectorAll('#review .rv-hand')].map((h) => h.textContent).join('|')")
    # export as text: what the engine reads back is this deal, carrying the marks shown
    page.locator("#review .rv-export-open").click()
    page.locator("#rec-export .rec-text").click()
    text = until(page, "document.querySelector('#rec-export .rec-out').value")
    assert text.startswith("% kingweb record")
    from kingweb.record import loads

    rec = loads(text)
    assert rec["game"] == "kingru" and len(rec["deals"]) == 1 and len(rec["deals"][0]["hands"][0]) == 8
    page.locator("#rec-export .rec-json").click()
    data = json.loads(
        until(page, "(v => v.startsWith('{') && v)(document.querySelector('#rec-export .rec-out').value)")
    )
    # the same record in both forms (the text carries a mark's sign, not its figures, and
    # the analysis may have gone on between the two)
    again = loads(json.dumps(data))
    marked = {m["step"]: m["mark"] for m in again["deals"][0].pop("marks", [])}
    signs = {m["step"]: m["mark"] for m in rec["deals"][0].pop("marks", [])}
    assert again == rec
    assert all(marked[k] == m for k, m in signs.items())
    assert {k: m for k, m in marked.items() if m != "good"}.keys() >= signs.keys()
    on_page = read(
        page,
        "Object.fromEntries([...document.querySelectorAll('#review .rv-go[data-mark]')].map((b) => [b.dataset.step, b.dataset.mark]))",
    )
    assert marked and all(on_page[str(k)] == m for k, m in marked.items())  # what the review had shown when exported
    page.locator("#rec-export .rec-link").click()
    link = until(page, "(v => v.includes('#z=') && v)(document.querySelector('#rec-export .rec-out').value)")
    assert "/viewer.html#z=" in link
    page.locator("#rec-export .rec-close").click()
    page.locator("#review .rv-close").click()
    page.locator("#dialog-actions button.primary").click()  # on with the match
    # import by paste: the same deal, every hand as before
    assert (
        imported_hands(page, lambda box: (box.locator(".rec-in").fill(text), box.locator(".rec-open").click())) == shown
    )
    page.locator("#review .rv-close").click()
    # import by file (the JSON), and by link
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(data))
    assert imported_hands(page, lambda box: box.locator(".rec-file").set_input_files(str(path))) == shown
    page.locator("#review .rv-close").click()
    assert (
        imported_hands(page, lambda box: (box.locator(".rec-in").fill(link), box.locator(".rec-open").click())) == shown
    )


def test_a_bad_record_is_refused_with_its_field_and_line_and_nothing_opens(page, base_url):
    from kingweb.errors import RulesError
    from kingweb.record import loads

    rec = random_deal("king", 3)
    lines = dumps(rec, "text").splitlines()
    # the first trick's second card swapped for one its player does not hold
    at = next(i for i, line in enumerate(lines) if line.startswith("[Play")) + 1
    cards = lines[at].split()
    held = set(rec["deals"][0]["hands"][(["S", "W", "N", "E"].index(cards[0]) + 1) % 4])
    cards[2] = next(c for h in rec["deals"][0]["hands"] for c in h if c not in held)
    lines[at] = " ".join(cards)
    bad = "\n".join(lines)
    with pytest.raises(RulesError) as refused:
        loads(bad)
    field, line = refused.value.params["field"], refused.value.params["line"]
    page.add_init_script(prefs_script())
    page.goto(base_url + "viewer.html#z=!!!")
    # a link that cannot be read leaves a way back to the game
    until(page, "!!document.querySelector('.rv-error')")
    home = page.get_by_role("link", name="← Back to the game")
    assert home.is_visible() and read(page, "document.querySelector('#viewer-home').href") == base_url
    page.locator(".rv-import").click()
    page.locator("#rec-import .rec-in").fill(bad)
    page.locator("#rec-import .rec-open").click()
    said = until(page, "document.querySelector('#rec-import .rec-said').textContent", timeout=120)
    assert field in said and f"(line {line})" in said and str(refused.value) in said
    assert read(page, "!document.querySelector('.review') && !!document.querySelector('#rec-import[open]')")
    # a link that carries no record says so
    page.locator("#rec-import .rec-in").fill(base_url + "viewer.html#z=!!!")
    page.locator("#rec-import .rec-open").click()
    until(page, "document.querySelector('#rec-import .rec-said').textContent.includes('does not carry a record')")


def test_an_analysis_can_be_stopped_and_goes_on_when_asked(page, base_url):
    rec = random_deal("king", 7)
    open_viewer(page, base_url, json.dumps(rec))
    until(page, "/Analysing: [1-9]/.test(document.querySelector('.rv-count')?.textContent || '')", timeout=180)
    page.locator(".rv-stop").click()
    said = until(page, "(t => t.startsWith('Analysis stopped') && t)(document.querySelector('.rv-count').textContent)")
    done = read(page, "document.querySelectorAll('.rv-go[data-mark]').length")
    assert read(page, "!document.querySelector('.rv-stop') && !!document.querySelector('.rv-resume')")
    assert f": {done} of" in said
    page.locator(".rv-resume").click()
    until(page, "(n) => document.querySelectorAll('.rv-go[data-mark]').length > n", done, timeout=180)


def test_what_would_you_play_in_a_kingweb_deal(page, base_url):
    rec, a = the_bad_play()
    text = json.dumps(rec)
    page.add_init_script(prefs_script())
    page.goto(base_url + "embedding.html")
    page.evaluate(
        "([text]) => { const d = document.createElement('kingweb-deal'); d.id = 'quiz'; d.setAttribute('record', text);"
        " d.setAttribute('quiz', ''); document.body.append(d); }",
        [text],
    )
    frame = page.frame_locator("#quiz iframe")
    frame.locator(".rv-cursor").wait_for(timeout=120_000)
    # the other hands are hidden; at the decision, the reader is asked, and what was played is not shown
    frame.locator(f".rv-go[data-step='{a['step']}']").click()
    frame.locator(".rv-ask").wait_for()
    assert frame.locator(".rv-seat-box[data-seat='0'] .rv-hand .card.back").count() == 0
    assert frame.locator(".rv-seat-box[data-seat='1'] .rv-hand[data-hidden]").count() == 1
    assert frame.locator(".rv-verdict .rv-mark").count() == 0
    frame.locator(f".rv-acting button.card[data-card='{a['best']}']").click()
    yours = frame.locator(".rv-yours[data-mark]")
    yours.wait_for(timeout=120_000)
    assert yours.get_attribute("data-mark") == a["marks"][a["best"]] == "good"
    assert frame.locator(".rv-verdict").get_attribute("data-mark") == a["mark"]  # then the verdict of the deal's play
    # stepping on and back in the frame
    frame.locator(".rv-forward").click()
    frame.locator(".rv-back").click()
    assert frame.locator(".rv-jump").input_value() == str(a["step"])


@pytest.mark.parametrize("lang", ["es", "pt", "ru"])
def test_the_viewer_speaks_the_pages_language(page, base_url, lang):
    rec, a = the_bad_play()
    open_viewer(page, base_url, json.dumps(rec), f"?lang={lang}")
    words = read(page, f"import('./i18n/{lang}.js').then((m) => m.default)")
    assert read(page, "document.documentElement.lang") == lang
    page.locator(f".rv-go[data-step='{a['step']}']").click()
    until(page, VERDICT, timeout=120)
    mark = page.locator(".rv-verdict .rv-mark").inner_text()
    assert words[f"rv_mark_{a['mark']}"] in mark
    reason = page.locator(".rv-verdict .rv-reason").inner_text()
    template = words[f"rev_{a['reason']}"].split("|")[-1]
    assert reason != a["text"] and template.split("{")[0].strip()[:6] in reason
    assert words["rv_forward"] == page.locator(".rv-forward").get_attribute("aria-label")


def test_a_german_whist_deal_shows_its_face_up_card_and_judges_stage_two_exactly(page, base_url):
    rec = random_deal("whist", 4)
    steps = review(rec, 0)["steps"]
    late = [s["step"] for s in steps if s.get("stage") == 2 and s["seat"] == 0 and s["decision"]]
    a = analyse(rec, 0, late[-1])
    assert a["exact"]
    open_viewer(page, base_url, json.dumps(rec))
    assert read(page, "document.querySelectorAll('.rv-hand .card').length") == 26
    face = page.locator(".rv-faceup .card").get_attribute("data-card")
    assert face == steps[0]["faceup"]
    page.locator(f".rv-go[data-step='{a['step']}']").click()
    assert until(page, VERDICT, timeout=120) == a["mark"]
    assert "Exact" in page.locator(".rv-verdict .rv-how").inner_text()
    assert page.locator(".rv-faceup").count() == 0  # the stock is gone in stage 2


def kingru_after_two_deals():
    """A Кинг match the random bots played through its first two deals, as the page saves
    it, and the engine's record of those two deals."""
    save = saved_match("kingru", 3, lambda v: len(v["deals"]) == 2)
    s = Session()
    s.load(save)
    rec = {k: v for k, v in of_game(s.table.game).items() if k != "seed"}
    return save, rec


MATCH_JS = """() => {
  const m = document.querySelector('#review .rv-match-summary');
  if (!m || m.querySelector('.rv-so-far')) return null;
  return {
    title: document.querySelector('#review .rv-bar h2').textContent,
    deals: [...document.querySelectorAll('#review .rv-deal option')].map((o) => o.textContent),
    rows: [...m.querySelectorAll('.rv-per-deal tbody tr')].map((tr) => ({deal: Number(tr.dataset.deal), decisions: Number(tr.children[1].textContent)})),
    costly: [...m.querySelectorAll('.rv-costliest button')].map((b) => b.textContent),
    lost: m.querySelector('.rv-lost').textContent,
  };
}"""


def review_from_the_sheet(browser, base_url, console_errors, save, lang, button):
    """A phone's page resuming ``save`` in ``lang``, its match's review asked for from the
    score sheet (``button``: the review's name there)."""
    ctx, page = new_page(browser, {"width": 390, "height": 844}, console_errors, lang=lang)
    plant_save(page, base_url, save)
    page.goto(base_url)
    page.wait_for_selector("#hand .card", timeout=90_000)
    page.keyboard.press("s")
    page.get_by_role("button", name=button).click()
    return ctx, page


def test_a_match_is_reviewed_whole_from_the_score_sheet(browser, base_url, console_errors):
    save, rec = kingru_after_two_deals()
    ctx, page = review_from_the_sheet(browser, base_url, console_errors, save, "ru", "Разбор партии")
    got = until(page, MATCH_JS, timeout=240)
    assert got["title"] == "Разбор партии"
    assert [d.split(":")[0] for d in got["deals"]] == ["Сдача 1", "Сдача 2"]
    # the engine's own figures: every decision of the player (seat 0) in both deals
    analyses = [
        analyse(rec, k, st["step"])
        for k in range(2)
        for st in review(rec, k)["steps"]
        if st["decision"] and st["seat"] == 0
    ]
    want = summary(analyses, 0)
    assert got["rows"] == [{"deal": d["deal"], "decisions": d["decisions"]} for d in want["deals"]]
    assert len(got["costly"]) == len(want["costliest"]) > 0
    for line, c in zip(got["costly"], want["costliest"], strict=True):
        assert line.startswith(f"Сдача {rec['deals'][c['deal']]['deal_no'] + 1}, ход {c['step'] + 1}: "), line
    # a costly decision of the match opens its deal at its step
    c = want["costliest"][0]
    page.locator("#review .rv-match-summary .rv-costliest button").first.click()
    until(
        page,
        f"document.querySelector('#review .rv-deal').value === '{c['deal']}' && "
        f"document.querySelector('#review .rv-go.current')?.dataset.step === '{c['step']}'",
        timeout=30,
    )
    ctx.close()


NUMBER = r"[\u2212-]?\d+,\d+"


def test_a_review_from_the_table_names_the_seats_as_the_table_does_and_its_figures_add_up(
    browser, base_url, console_errors
):
    """German Whist in Spanish on a phone, as a play-tester met it: the table says "Tú" and
    "Rival", and so does the analysis (not "Sur"); a verdict's gap is the difference of
    its two figures, and the deals it was found over are named once."""
    import re

    save = saved_match("whist", 3, lambda v: len(v["deals"]) == 2)
    ctx, page = review_from_the_sheet(browser, base_url, console_errors, save, "es", "Analizar la partida")
    page.wait_for_selector("#review .rv-cursor", timeout=120_000)
    assert page.locator("#review .rv-seat option").all_inner_texts() == ["Tú", "Rival", "todos los jugadores"]
    assert page.locator("#review .rv-seat-box[data-seat='0'] .rv-name").inner_text().startswith("Tú · ")
    assert page.locator("#review .rv-seat-box[data-seat='1'] .rv-name").inner_text().startswith("Rival · ")
    go = page.locator("#review .rv-go")
    assert go.count() > 0 and all(re.match(r"^(\S+ )?\d+\. Tú: ", x) for x in go.all_inner_texts()), (
        go.all_inner_texts()
    )
    go.first.click()
    assert re.fullmatch(r"Jugada \d+ de \d+: juegas tú", page.locator("#review .rv-where").inner_text())
    # a marked play of stage 1, judged over deals of the unseen cards
    until(page, "document.querySelectorAll('#review .rv-go[data-mark]').length >= 13", timeout=400)
    checked = 0
    for step in read(page, "[...document.querySelectorAll('#review .rv-go[data-mark]')].map((b) => b.dataset.step)"):
        page.locator(f"#review .rv-go[data-step='{step}']").click()
        box = page.locator("#review .rv-verdict")
        if not box.locator(".rv-best-line").count():
            continue
        played = re.findall(NUMBER, box.locator(".rv-played-line").inner_text())
        best = re.findall(NUMBER, box.locator(".rv-best-line").inner_text())
        reason = box.locator(".rv-reason").inner_text()
        gap = re.findall(NUMBER, reason)
        if not gap:
            continue  # (a reason of tricks, not of points)
        num = lambda x: float(x.replace("\u2212", "-").replace(",", "."))
        digits = len(gap[0].split(",")[1])
        assert round(num(best[0]) - num(played[0]), digits) == num(gap[0]), (played, best, reason)
        text = box.inner_text()
        assert len(re.findall(r"\d+ repartos", text)) == 1, text
        checked += 1
    assert checked
    # asked, the reader is asked about their own play
    page.locator("#review .rv-quiz-box").check()
    go.first.click()
    assert page.locator("#review .rv-ask").inner_text() == "¿Qué jugarías?"
    ctx.close()
