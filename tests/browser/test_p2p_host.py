"""A table of people that no guest can stall: the move clock and the host's controls, on
the real site's pages (real Chromium, one browser context per person, real WebRTC over the
loopback, the relay started here, the real runtime in the host's page; p2p_support).

The clock is the host engine's (kingweb.session: tests/engine/test_clock.py holds its
rules on a fake clock); here it runs on the host page's timer with a short limit, which a
test sets through ``window.kingwebClockSeconds`` (the dialogs offer 15 s to 5 min)."""

import json

import pytest
from p2p_support import MEET_S, drive, heard_kp, join_table, knowing, model, site_query
from test_p2p_play import open_room_by_hand, seating_holds, sent_acts, start_with, turn_of

from browser_support import stored_save, until


@pytest.fixture
def site(p2p_site):
    """The same served site as the other tables of people (conftest.py)."""
    return p2p_site


# Every message the page showed in passing (the toast), in order.
TOASTS_JS = """() => {
  const box = document.querySelector('#toast');
  window.kingwebToasts = [];
  new MutationObserver(() => { if (!box.hidden) window.kingwebToasts.push(box.textContent); })
    .observe(box, { childList: true, characterData: true, subtree: true, attributes: true });
}"""


def seated(people, site, before_start=lambda host, guest: None, open_room=open_room_by_hand):
    """A German Whist room of the host (Hana) and a guest (Ana) at seat 1, started (after
    ``before_start``): the host's page, the guest's, and the invite."""
    host = people(site, clock=None)
    link = open_room(host, site, "whist", ["away"], "Hana")
    guest = people(site, clock=None)
    join_table(guest, link, "Ana")
    seating_holds(host, 2)
    before_start(host, guest)
    host.get_by_role("button", name="Start the match").click()
    guest.wait_for_selector("#hand .card", timeout=30_000)
    return host, guest, link


def replayed(save):
    import kingweb

    g = kingweb.new_game(save["game"], save["seed"], save["options"])
    for a in save["actions"]:
        g.act(a)
    return g


def toasts(page):
    return page.evaluate("window.kingwebToasts")


def clock_choices(page, select):
    return page.locator(f"{select} option").evaluate_all("(os) => os.map((o) => [o.value, o.selected])")


def open_room_with_a_clock(page, site, game, kinds, name):
    """Play with people, where the clock is asked only of a table with people away: on by
    default at 60 s, the engine's choices; the host takes 2 minutes."""
    page.goto(site_query(site))
    page.get_by_role("button", name="Play with people").click()
    page.locator("#people-game").select_option(game)
    assert page.locator("#people-clock").is_hidden()
    assert clock_choices(page, "#people-clock") == [[str(s), s == 60] for s in (0, 15, 30, 60, 120, 300)]
    page.locator("#people-kind-1").select_option("away")
    page.get_by_label("Move clock").select_option("120")
    return open_room_by_hand(page, site, game, kinds, name, goto=False)


# The contrast of the bottom seat's clock against its plate's background (WCAG 2's ratio).
CLOCK_CONTRAST_JS = """() => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const clock = document.querySelector('#seat-bottom .move-clock');
  const plate = clock.closest('.plate');
  const [a, b] = [lum(rgb(getComputedStyle(clock).color)), lum(rgb(getComputedStyle(plate).backgroundColor))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def test_the_clock_plays_for_a_guest_who_never_plays_and_the_deal_ends(people, site):
    def short_clock(host, guest):
        # the seating list offers the clock too, as the host chose it
        assert clock_choices(host, "#seating-clock") == [[str(s), s == 120] for s in (0, 15, 30, 60, 120, 300)]
        host.evaluate("window.kingwebClockSeconds = 2")
        for page in (host, guest):
            page.evaluate(TOASTS_JS)

    host, guest, _ = seated(people, site, short_clock, open_room_with_a_clock)
    assert model(guest)["seat"] == 1 and model(host)["model"]["clock"] == 2

    # the guest never plays: every page shows the countdown on the guest's seat (its last
    # ten seconds are all of a 2 s clock), the clock plays for it, and says so
    def guest_on_the_clock():
        return guest.evaluate("() => !!document.querySelector('#seat-bottom .move-clock')")

    drive([host], guest_on_the_clock, timeout=60)
    # its figures read on the yellow plate of the seat to play (WCAG's 4.5:1 for text)
    assert guest.evaluate(CLOCK_CONTRAST_JS) >= 4.5
    until(host, "() => !!document.querySelector('#seat-top .move-clock')", timeout=30)
    # (the guest's: the host's own clock may run out too, where it leads and its first card
    # comes over 2 s after the start, which the bot then plays "for you")
    drive([host], lambda: any(x.endswith(" for Ana.") for x in toasts(host)), timeout=60)
    said = next(x for x in toasts(host) if x.endswith(" for Ana."))
    assert said.startswith("The clock ran out: the bot played "), said
    until(
        guest, "() => window.kingwebToasts.some((x) => x.startsWith('Your clock ran out: the bot played '))", timeout=30
    )
    # the third timeout in a row marks the seat away: a bot plays it on, and the deal ends
    drive(
        [host],
        lambda: host.evaluate("() => document.querySelector('#table').textContent.includes('gone: a bot plays')"),
        timeout=90,
    )
    until(guest, "() => !!document.querySelector('#clock-back')", timeout=30)
    drive([host], lambda: turn_of(host)["deal_no"] == 1, timeout=180)
    save = json.loads(stored_save(host))
    assert sent_acts(guest) == 0
    assert save["clock"] == 2 and len(replayed(save).deals) >= 1  # the first deal is over
    assert save["seats"][1]["stand_in"] is True

    # back at the table (once the deal's summary is closed): the guest plays its seat again
    guest.locator("#dialog-actions button.primary").click()
    guest.locator("#clock-back").click()
    until(host, "() => !document.querySelector('#table').textContent.includes('gone: a bot plays')", timeout=30)
    before = sent_acts(guest)
    drive([host, guest], lambda: sent_acts(guest) > before, timeout=60)
    heard, held = heard_kp(guest), model(guest)
    know = knowing(host, heard, held)
    assert know.leaks(1, heard) == [] and know.held(1, held) == []


HOSTED_JS = """async () => {
  const { hosted } = await import('./p2p/hosting.js');
  return hosted && [...hosted.guests.values()].filter((g) => g.here).map((g) => ({ name: g.name, seat: g.seat }));
}"""


def guests_here(page):
    return page.evaluate(HOSTED_JS)


# A removed guest's page: the dialog that says so, over a table taken off the screen.
REMOVED_JS = """() => document.querySelector('#dialog').open
  && document.querySelector('#dialog-content').textContent.includes('The host removed you from the table.')"""
# What is left of the table on screen, and of the toolbar's buttons for a table (each would ask the host).
LEFT_ON_SCREEN_JS = """() => ({
  cards: document.querySelectorAll('#hand .card, #trick .card').length,
  seats: [...document.querySelectorAll('#table .seat')].filter((s) => s.textContent.trim()).length,
  controls: [...document.querySelectorAll('button.game-only')].filter((b) => b.checkVisibility()).map((b) => b.id),
  back: document.querySelectorAll('#clock-back').length,
})"""


def test_the_host_removes_a_guest_the_deal_goes_on_and_the_invite_seats_someone_new(people, site):
    host, guest, link = seated(people, site)
    start = turn_of(host)["n"]
    drive([host, guest], lambda: turn_of(host)["n"] >= start + 6, timeout=60)
    # from the table's menu: the invite, with the guests' seats and the host's controls
    host.locator("#more summary").click()
    host.locator("#btn-share").click()
    host.get_by_role("button", name="Remove Ana from the table").click()
    host.get_by_role("button", name="Remove Ana?").click()  # asked again (test_p2p_dialogs)
    # the removed guest's page says so in a dialog and takes the table away: no frozen
    # table, no button that would ask a host who no longer answers
    until(guest, REMOVED_JS, timeout=30)
    assert guest.evaluate(LEFT_ON_SCREEN_JS) == {"cards": 0, "seats": 0, "controls": [], "back": 0}
    assert guest.locator("#dialog-actions button").all_inner_texts() == ["Play here against bots"]
    until(host, "() => document.querySelector('#table').textContent.includes('waiting for a person')", timeout=30)
    assert guests_here(host) == []
    # the deal goes on, the stand-in playing the seat, and ends
    drive([host], lambda: turn_of(host)["deal_no"] == 1, timeout=180)
    acts = sent_acts(guest)
    # a new person comes through the same invite and is given the seat
    newcomer = people(site, clock=None)
    join_table(newcomer, link, "Ben")
    newcomer.wait_for_selector("#hand .card", timeout=MEET_S * 1000)
    assert model(newcomer)["seat"] == 1
    until(host, "() => !document.querySelector('#table').textContent.includes('waiting for a person')", timeout=30)
    assert guests_here(host) == [{"name": "Ben", "seat": 1}]
    before = sent_acts(newcomer)
    drive([host, newcomer], lambda: sent_acts(newcomer) > before, timeout=60)
    assert sent_acts(guest) == acts  # the removed guest's page stopped coming back
    heard, held = heard_kp(newcomer), model(newcomer)
    know = knowing(host, heard, held)
    assert know.leaks(1, heard) == [] and know.held(1, held) == []
    # the removed person plays on here against bots: a page of its own, without the invite
    guest.get_by_role("button", name="Play here against bots").click()
    guest.wait_for_selector("#dialog[open] #play-king", timeout=60_000)
    assert guest.evaluate("location.hash") == ""


BLOCKS_JS = """async () => {
  const { hosted } = await import('./p2p/hosting.js');
  return { table: [...hosted.blocked], room: hosted.hub.rooms[0].stats().blocked, guests: hosted.guests.size };
}"""
# What the guest's page was told on the wire since it opened: the host's bye, or a welcome.
TOLD_JS = """() => window.kingwebWire.heard.filter((f) => f.label === 'kp').map((f) => JSON.parse(f.data))
  .filter((m) => m.type === 'welcome' || m.type === 'bye').map((m) => m.type + ':' + (m.reason || m.seat))"""


def test_a_hosts_reload_keeps_the_rooms_blocks(people, site):
    host, guest, link = seated(people, site)
    host.locator("#more summary").click()
    host.locator("#btn-share").click()
    host.get_by_role("button", name="Remove Ana and block them for this room").click()
    host.get_by_role("button", name="Remove and block Ana?").click()
    until(guest, REMOVED_JS, timeout=30)
    until(host, "() => JSON.parse(localStorage.getItem('kingweb.room.v1')).blocked.length === 1", timeout=30)
    blocked = host.evaluate(BLOCKS_JS)
    assert len(blocked["table"]) == 1 and blocked["room"] == blocked["table"] and blocked["guests"] == 0
    # the host's page reloads: its room opens again, as blocking as it was
    host.reload()
    host.get_by_text("Your room is open again").wait_for(timeout=90_000)
    assert host.evaluate(BLOCKS_JS) == blocked
    # the blocked person tries again through the invite, from the same browser (its peer id)
    ctx = guest.context
    guest.close()
    guest = ctx.new_page()
    join_table(guest, link, "Ana")
    # (a connection whose greeting did not finish on a loaded machine may close first, with
    # "refused": CI once heard that before the host's "blocked")
    told = until(guest, f"() => ({TOLD_JS})().includes('bye:blocked') && ({TOLD_JS})()", timeout=90)
    assert not [t for t in told if t.startswith("welcome")], told  # never seated
    until(guest, REMOVED_JS, timeout=30)
    assert host.evaluate(BLOCKS_JS) == blocked  # no seat, nor a guest that waits for one


def who(page, where):
    return page.locator(f"{where} .who").text_content()


def test_a_guest_with_no_name_has_one_name_everywhere_and_a_seat_nobody_took_waits_for_a_person(people, site):
    host = people(site, clock=None)
    link = open_room_by_hand(host, site, "king", ["away", "away", "away"], "Hana")
    ana, nameless = people(site, clock=None), people(site, clock=None)
    start_with(host, link, [(ana, "Ana"), (nameless, "")])
    assert (model(ana)["seat"], model(nameless)["seat"]) == (1, 2)
    # the guest who gave no name is "Guest 3" on every page: the host's (where seat 2 sits
    # at the top), Ana's (at her left) and its own; never a direction, which differs by page
    assert (who(host, "#seat-top"), who(ana, "#seat-left"), who(nameless, "#seat-bottom")) == ("Guest 3",) * 3
    # seat 3 never had a person: a bot plays it meanwhile, and nobody is said to have gone
    for page, where in ((host, "#seat-right"), (ana, "#seat-top")):
        until(page, "(w) => document.querySelector(w).textContent.includes('waiting for a person')", where, timeout=30)
        assert "gone" not in page.locator(where).text_content()
    # the longer words break within a side plate, which stays on a phone's screen (it once
    # ran off the right edge)
    fits = "() => { const p = document.querySelector('#seat-right .plate'); const r = p.getBoundingClientRect();"
    fits += " return [p.scrollWidth <= p.clientWidth, r.left >= 0 && r.right <= innerWidth]; }"
    assert host.evaluate(fits) == [True, True]
    host.set_viewport_size({"width": 390, "height": 844})
    assert host.evaluate(fits) == [True, True]
    host.set_viewport_size({"width": 1100, "height": 820})
    # the guest with no name leaves: its seat is gone (it was here), a bot plays it
    nameless.close()
    until(host, "() => document.querySelector('#seat-top').textContent.includes('gone: a bot plays')", timeout=30)
    assert who(host, "#seat-top") == "Guest 3"
    assert "waiting for a person" in host.locator("#seat-right").text_content()


# Whether the page ever asked for a name (the Join dialog), from its first paint on.
JOIN_ASKED_JS = """addEventListener('DOMContentLoaded', () => {
  window.joinAsked = false;
  new MutationObserver(() => { if (document.querySelector('#join-name')) window.joinAsked = true; })
    .observe(document.body, { childList: true, subtree: true });
});"""


def test_a_guest_who_reloads_its_page_rejoins_by_itself_with_its_name(people, site):
    host, guest, _ = seated(people, site)
    guest.context.add_init_script(JOIN_ASKED_JS)
    guest.reload()
    guest.wait_for_selector("#hand .card", timeout=60_000)
    assert model(guest)["seat"] == 1 and guest.evaluate("window.joinAsked") is False
    joins = [json.loads(f["data"]) for f in guest.evaluate("window.kingwebWire.sent") if '"join"' in f["data"]]
    assert [m["name"] for m in joins if m["type"] == "join"] == ["Ana"]
    until(host, "() => !document.querySelector('#table').textContent.includes('gone')", timeout=30)
    assert guests_here(host) == [{"name": "Ana", "seat": 1}]
    # the guest plays on from the reloaded page
    before = sent_acts(guest)
    drive([host, guest], lambda: sent_acts(guest) > before, timeout=60)


JOINS = 2  # the join/leave loop's rounds (bounded): a second join after a leave is the loop


def test_joins_and_leaves_never_cover_the_hosts_dialog_and_update_the_seating_list_in_place(people, site):
    host = people(site, clock=None)
    link = open_room_by_hand(host, site, "whist", ["away"], "Hana")
    # the host is pasting an answer code into a direct invitation while a guest comes and goes
    host.get_by_role("button", name="Invite by code").click()
    code = host.get_by_label("Answer code")
    code.fill("half-pasted")
    guest = people(site, clock=None)
    ctx = guest.context
    for _ in range(JOINS):
        join_table(guest, link, "Ana")
        until(
            host,
            "async () => (await import('./p2p/hosting.js')).hosted.guests.size === 1 && "
            "[...(await import('./p2p/hosting.js')).hosted.guests.values()][0].here",
            timeout=60,
        )
        assert code.input_value() == "half-pasted" and host.locator("#answer-code").count() == 1
        guest.close()
        until(
            host,
            "async () => ![...(await import('./p2p/hosting.js')).hosted.guests.values()].some((g) => g.here)",
            timeout=60,
        )
        assert code.input_value() == "half-pasted"
        guest = ctx.new_page()
    # back in the seating list: a join updates it in place (the same dialog, the same field)
    host.get_by_role("button", name="Back").click()
    host.locator("#invite-link").evaluate("(e) => { e.dataset.kept = '1'; }")
    join_table(guest, link, "Ana")
    seating_holds(host, 2)
    assert host.locator("#invite-link[data-kept='1']").count() == 1
    # removed from the seating list before the start: told, and the seat open again
    host.get_by_role("button", name="Remove Ana from the table").click()
    host.get_by_role("button", name="Remove Ana?").click()  # asked again (test_p2p_dialogs)
    until(guest, REMOVED_JS, timeout=30)
    seating_holds(host, 1)
    assert host.locator("#invite-link[data-kept='1']").count() == 1
    assert host.locator("#seating-seats .remove-guest").count() == 0
