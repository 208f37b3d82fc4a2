"""The table's finish on phones (issue 18): what a play-test tripped on, each checked in
real Chromium on the built site at the size where it showed: a deal summary whose
numbers run into the next words, names broken mid-word, a stale hint, a sticky hover."""

import pytest

from browser_support import new_page, plant_save, saved_match

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 740}


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


def test_a_phone_summary_keeps_each_number_apart_and_each_name_whole(browser, base_url, console_errors):
    ctx, page = new_page(browser, SMALL, console_errors, lang="ru")
    plant_save(page, base_url, eralash_save())
    page.goto(base_url)
    page.wait_for_selector("#hand .card.legal", timeout=90_000)
    page.locator("#hand .card.legal").first.click()
    page.locator("#deal-summary").wait_for(state="visible", timeout=30_000)
    rows = page.evaluate(SUMMARY_JS)
    assert len(rows) == 4
    # an Eralash counts cards, tricks and the last tricks: several items in some row
    assert max(r["items"] for r in rows) >= 2, rows
    for r in rows:
        assert r["touching"] == [], r
        assert r["lines"] <= r["words"], r
    ctx.close()
