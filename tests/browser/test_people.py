"""People at one device (pass and play), in real Chromium with the real engine: the seats
are chosen in "Play with people", the hand hides behind a screen naming whose turn it is
between two people's turns, the page is never told another hand, the seed or a hidden
card, undo is off, names are shown as text, and a reload resumes at the screen."""

import json

import pytest

from browser_support import CARD_SPOT, engine_view, page_state, prefs_script, stored_save

pytestmark = pytest.mark.browser

# Every message the page gets from its worker, kept for the test to read.
RECORD_JS = """(() => {
  window.kingwebHeard = [];
  const Real = window.Worker;
  window.Worker = class extends Real {
    constructor(...a) {
      super(...a);
      this.addEventListener('message', (ev) => { try { window.kingwebHeard.push(JSON.stringify(ev.data)); } catch {} });
    }
  };
})();"""


def open_people(page, base_url, game, kinds, names):
    """Open Play with people from the welcome and start a match: ``kinds[i]`` for seat
    i + 1 ("here", "away" or "bot:<level>"), ``names`` the people's names (seat 1 first)."""
    page.add_init_script(prefs_script(autoplay=False))  # every card is played by a click here
    page.add_init_script(RECORD_JS)
    page.goto(base_url)
    page.get_by_role("button", name="Play with people").click()
    page.locator("#people-game").select_option(game)
    page.get_by_label("Your name").fill(names[0])
    for i, kind in enumerate(kinds, start=1):
        page.locator(f"#people-kind-{i}").select_option(kind)
        if kind == "here":
            page.locator(f"#people-name-{i}").fill(names[i])
    page.get_by_role("button", name="Start the match").click()


def heard(page):
    return [json.loads(m) for m in page.evaluate("window.kingwebHeard")]


def answers_parts(messages):
    """Each audience part the worker sent the page: (key, part)."""
    for m in messages:
        r = m.get("response", {}).get("result") if "response" in m else m.get("result")
        if not isinstance(r, dict):
            continue
        yield from {**r.get("states", {}), **r.get("updates", {})}.items()


def test_two_people_pass_one_device_round_and_never_see_each_others_hand(page, base_url):
    open_people(page, base_url, "whist", ["here"], ["Ana", "<b>Ben</b>"])
    shown = set()
    screens = 0
    for _ in range(60):
        page.wait_for_function(
            "() => document.querySelector('#show-hand') || document.querySelector('#hand .card.legal')",
            timeout=60_000,
        )
        if page.locator("#show-hand").count():
            screens += 1
            # the screen names whose turn it is, as text (a name is never markup)
            text = page.locator("#pass-screen").inner_text()
            assert "Ana" in text or "<b>Ben</b>" in text, text
            assert page.locator("#pass-screen b").count() == 0
            assert page.locator("#hand .card").count() == 0  # no hand behind the screen
            page.locator("#show-hand").click()
            page.wait_for_selector("#hand .card.legal", timeout=30_000)
        s = page_state(page)
        me = engine_view(page, 0)
        turn = me["turn"]
        mine = engine_view(page, turn)["hand"]
        assert sorted(s["hand"]) == sorted(mine), (turn, s["hand"], mine)
        shown.add(turn)
        page.locator(f'#hand .card[data-card="{s["legal"][0]}"]').click(position=CARD_SPOT)
        if len(shown) == 2 and screens >= 3:
            break
    assert shown == {0, 1} and screens >= 3
    # undo is off while two people play, and the share link is not offered
    assert page.locator("#btn-undo").is_disabled()
    msgs = heard(page)
    text = json.dumps(msgs)
    seed = str(json.loads(stored_save(page))["seed"])
    assert len(seed) > 20 and seed not in text  # a 128-bit seed's digits, named nowhere
    keys = {k for k, _ in answers_parts(msgs)}
    assert keys <= {"spectator", "0", "1"} and "spectator" in keys
    for k, part in answers_parts(msgs):
        if k == "spectator" and "hand" in part:
            assert part["hand"] == []


# Each plate's name by where it sits on this person's screen.
PLATES_JS = """() => Object.fromEntries(['left', 'top', 'right'].map((p) =>
  [p, document.querySelector(`#seat-${p} .plate .who`).textContent]))"""


def test_every_seat_keeps_its_name_whoever_holds_the_device_and_a_reload_resumes_at_the_screen(page, base_url):
    # Ana at seat 1, Ben at seat 3, bots at 2 and 4: the table turns half round between them
    open_people(page, base_url, "king", ["bot:random", "here", "bot:random"], ["Ana", "", "Ben"])
    seen = {}
    for _ in range(30):
        page.wait_for_function(
            "() => document.querySelector('#show-hand') || document.querySelector('#hand .card.legal')",
            timeout=60_000,
        )
        if page.locator("#show-hand").count():
            holder = "Ana" if "Ana" in page.locator("#pass-screen").inner_text() else "Ben"
            page.locator("#show-hand").click()
            page.wait_for_selector("#hand .card.legal", timeout=30_000)
            seen[holder] = page.evaluate(PLATES_JS)
            # the sheet names each positive's owner by name, never "you" (who is "you" here?)
            page.locator("#btn-sheet").click()
            owners = page.locator("#sheet .who").all_inner_texts()
            assert owners and not any("you" in o for o in owners), owners
            assert {"owner: Ana", "owner: Ben", "owner: Bot 2", "owner: Bot 4"} <= set(owners), owners
            page.locator("#dialog-actions button.primary").click()
            if len(seen) == 2:
                break
        s = page_state(page)
        page.locator(f'#hand .card[data-card="{s["legal"][0]}"]').click(position=CARD_SPOT)
    # a bot keeps one name on both screens (it was "West" on Ana's, sitting on Ben's right)
    assert seen == {
        "Ana": {"left": "Bot 2", "top": "Ben", "right": "Bot 4"},
        "Ben": {"left": "Bot 4", "top": "Ana", "right": "Bot 2"},
    }, seen
    stored_save(page)
    page.reload()
    page.wait_for_selector("#show-hand", timeout=90_000)
    assert page.locator("#hand .card").count() == 0
    names = page.locator(".seat .name").all_inner_texts()
    assert any("Ana" in n for n in names) and any("Ben" in n for n in names), names


# Each seat's name as its plate shows it: the whole name (its title), whether it shows
# whole, on one line, ending in an ellipsis when cut, and whether its plate stays on screen.
NAMES_JS = """() => [...document.querySelectorAll('.seat .plate .who')].map((w) => {
  const r = w.getBoundingClientRect(), p = w.closest('.plate').getBoundingClientRect();
  const line = parseFloat(getComputedStyle(w).lineHeight) || 20;
  return { text: w.textContent, title: w.title, cut: w.scrollWidth > w.clientWidth + 1,
           ellipsis: getComputedStyle(w).textOverflow === 'ellipsis', one_line: r.height < line * 1.5,
           inside: r.right <= p.right + 1 && r.left >= p.left - 1, on_screen: p.left >= 0 && p.right <= innerWidth };
})"""

LONG = ["Maximiliana Wolfeschlegel", "Bartholomew Featherstonehaugh", "Guinevere Montmorency", "Ximena Villavicencio"]


@pytest.mark.parametrize("width", [1100, 390])
def test_a_long_name_ends_in_an_ellipsis_on_its_plate_and_is_said_whole(page, base_url, width):
    page.set_viewport_size({"width": width, "height": 820})
    open_people(page, base_url, "king", ["here", "here", "here"], LONG)
    page.wait_for_selector("#show-hand", timeout=60_000)
    names = page.evaluate(NAMES_JS)
    assert len(names) == 4, names
    for n in names:
        # (a name is cleaned to at most 24 characters: its title is the name the table holds)
        assert n["title"] and n["text"] == n["title"] and any(x.startswith(n["title"]) for x in LONG), n
        assert n["one_line"] and n["inside"] and n["on_screen"] and n["ellipsis"], n
    if width == 390:  # a phone's side plates cannot hold these names whole
        assert any(n["cut"] for n in names), names
    labels = page.locator(".seat").evaluate_all("(bs) => bs.map((b) => b.getAttribute('aria-label'))")
    assert all(any(lab.startswith(n["title"]) for lab in labels) for n in names), labels
