"""A table of people that no guest can stall: the move clock and the host's controls, on
the real site's pages (real Chromium, one browser context per person, real WebRTC over the
loopback, the relay started here, the real runtime in the host's page; p2p_support).

The clock is the host engine's (kingweb.session: tests/engine/test_clock.py holds its
rules on a fake clock); here it runs on the host page's timer with a short limit, which a
test sets through ``window.kingwebClockSeconds`` (the dialogs offer 15 s to 5 min)."""

import json

import pytest
from p2p_support import Knowledge, drive, heard_kp, join_table, model, site_query
from test_p2p_play import lobby_holds, open_room_by_hand, sent_acts, turn_of

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
    lobby_holds(host, 2)
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


def test_the_clock_plays_for_a_guest_who_never_plays_and_the_deal_ends(people, site):
    def short_clock(host, guest):
        # the seating list offers the clock too, as the host chose it
        assert clock_choices(host, "#lobby-clock") == [[str(s), s == 120] for s in (0, 15, 30, 60, 120, 300)]
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
    until(host, "() => !!document.querySelector('#seat-top .move-clock')", timeout=30)
    drive([host], lambda: any("the bot played" in x for x in toasts(host)), timeout=60)
    said = next(x for x in toasts(host) if "the bot played" in x)
    assert said.startswith("The clock ran out: the bot played ") and said.endswith(" for Ana."), said
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
    know = Knowledge(json.loads(stored_save(host)))
    assert know.leaks(1, heard_kp(guest)) == [] and know.held(1, model(guest)) == []


HOSTED_JS = """async () => {
  const { hosted } = await import('./p2p/hosting.js');
  return hosted && [...hosted.guests.values()].filter((g) => g.here).map((g) => ({ name: g.name, seat: g.seat }));
}"""


def guests_here(page):
    return page.evaluate(HOSTED_JS)


def test_the_host_removes_a_guest_the_deal_goes_on_and_the_invite_seats_someone_new(people, site):
    host, guest, link = seated(people, site)
    start = turn_of(host)["n"]
    drive([host, guest], lambda: turn_of(host)["n"] >= start + 6, timeout=60)
    # from the table's menu: the invite, with the guests' seats and the host's controls
    host.locator("#more summary").click()
    host.locator("#btn-share").click()
    host.get_by_role("button", name="Remove Ana from the table").click()
    until(
        guest,
        "() => document.querySelector('#notice').textContent.includes('The host removed you from the table.')",
        timeout=30,
    )
    until(host, "() => document.querySelector('#table').textContent.includes('gone: a bot plays')", timeout=30)
    assert guests_here(host) == []
    # the deal goes on, the stand-in playing the seat, and ends
    drive([host], lambda: turn_of(host)["deal_no"] == 1, timeout=180)
    acts = sent_acts(guest)
    # a new person comes through the same invite and is given the seat
    newcomer = people(site, clock=None)
    join_table(newcomer, link, "Ben")
    newcomer.wait_for_selector("#hand .card", timeout=30_000)
    assert model(newcomer)["seat"] == 1
    until(host, "() => !document.querySelector('#table').textContent.includes('gone: a bot plays')", timeout=30)
    assert guests_here(host) == [{"name": "Ben", "seat": 1}]
    before = sent_acts(newcomer)
    drive([host, newcomer], lambda: sent_acts(newcomer) > before, timeout=60)
    assert sent_acts(guest) == acts  # the removed guest's page stopped coming back
    know = Knowledge(json.loads(stored_save(host)))
    assert know.leaks(1, heard_kp(newcomer)) == [] and know.held(1, model(newcomer)) == []


JOINS = 3  # the join/leave loop's rounds (bounded)


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
    lobby_holds(host, 2)
    assert host.locator("#invite-link[data-kept='1']").count() == 1
    # removed from the seating list before the start: told, and the seat open again
    host.get_by_role("button", name="Remove Ana from the table").click()
    until(
        guest,
        "() => document.querySelector('#notice').textContent.includes('The host removed you from the table.')",
        timeout=30,
    )
    lobby_holds(host, 1)
    assert host.locator("#invite-link[data-kept='1']").count() == 1
    assert host.locator("#lobby-seats .remove-guest").count() == 0
