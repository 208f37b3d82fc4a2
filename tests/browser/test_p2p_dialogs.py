"""The dialogs of a table of people as a play-test met them, on the real site's pages (real
Chromium, one browser context per person, real WebRTC over the loopback, the relay
started here, the real runtime in the host's page; p2p_support): the guest's door
closed by Escape, the host's invite and its Copy, removing a guest, and a deal's summary
that must not cost a person a move to the clock."""

import json

import pytest
from p2p_support import OFFER_JS, drive, heard_kp, host_and_guest, host_room, join_table, model
from test_p2p_play import open_room_by_hand, seating_holds, sent_acts

from browser_support import until


@pytest.fixture
def site(p2p_site):
    """The same served site as the other tables of people (conftest.py)."""
    return p2p_site


NOTICE_JS = "() => { const n = document.querySelector('#notice'); return n && !n.hidden ? n.textContent : ''; }"


def test_escape_on_the_join_dialog_leaves_the_guest_a_way_on(people, site):
    host = people(site)
    link = host_room(host, site, "whist", people=2)
    guest = people(site)
    guest.goto(link)
    guest.get_by_label("Your name").fill("Ann")
    # Escape closes the door: the page says the guest has not joined, and offers the door
    # again or a game of its own, not a page that does nothing
    guest.keyboard.press("Escape")
    until(guest, "() => !document.querySelector('#dialog').open", timeout=10)
    assert "You have not joined the table." in until(guest, NOTICE_JS, timeout=10)
    assert guest.locator("#join-bots").inner_text() == "Play here against bots"
    # and it cannot be closed into a page that does nothing again
    assert guest.locator("#notice .notice-close").count() == 0
    guest.locator("#join-again").click()
    guest.get_by_label("Your name").wait_for(timeout=10_000)
    # a second Escape says it once, not twice
    guest.keyboard.press("Escape")
    assert "You have not joined the table." in until(guest, NOTICE_JS, timeout=10)
    assert guest.locator("#notice .notice-line").count() == 1
    guest.locator("#join-again").click()
    guest.get_by_label("Your name").fill("Ann")
    guest.get_by_role("button", name="Join the table").click()
    seating_holds(host, 2)
    assert "You have not joined" not in guest.evaluate(NOTICE_JS)

    # the other way on: a game of its own, a fresh page without the invite
    other = people(site)
    other.goto(link)
    other.get_by_label("Your name").wait_for(timeout=30_000)
    other.keyboard.press("Escape")
    other.locator("#join-bots").click()
    until(other, "() => location.hash === '' && !location.search.includes('room')", timeout=30)


SUMMARY_OPEN_JS = "() => document.querySelector('#dialog').open && !!document.querySelector('#deal-summary')"


def test_a_guest_who_leaves_the_deals_summary_open_loses_no_decision_to_the_clock(people, site):
    host = people(site, clock=None)
    link = open_room_by_hand(host, site, "whist", ["away"], "Hana")
    guest = people(site, clock=None)
    join_table(guest, link, "Ana")
    seating_holds(host, 2)
    # a clock a loaded machine's test can still beat, and the same wait for the summary
    host.evaluate("window.kingwebClockSeconds = 10")
    host.get_by_role("button", name="Start the match").click()
    guest.wait_for_selector("#hand .card", timeout=30_000)

    # the first deal, both playing, until the guest's page shows its summary
    last = {}

    def guest_plays_until_its_summary():
        if guest.evaluate(SUMMARY_OPEN_JS):
            return True
        offer = guest.evaluate(OFFER_JS)
        if offer and offer != last.get("offer") and offer.get("cards"):
            last["offer"] = offer
            guest.mouse.click(*next(iter(offer["cards"].values())))
        return False

    drive([host], guest_plays_until_its_summary, timeout=240)
    assert model(guest)["deal_no"] in (0, 1)
    # the guest reads on and never closes it: it closes by itself once the guest's clock
    # runs on the next deal, which then shows with a whole decision's time
    drive([host], lambda: not guest.evaluate(SUMMARY_OPEN_JS), timeout=120)
    # (the next deal is drawn once the summary has gone, a moment after: r34 read it between)
    until(guest, "async () => (await import('./store.js')).page.model?.deal_no === 1", timeout=30)
    before = sent_acts(guest)
    drive([host, guest], lambda: sent_acts(guest) > before, timeout=60)
    timeouts = [m["update"]["timeout"] for m in heard_kp(guest) if m["type"] == "update" and "timeout" in m["update"]]
    assert not [x for x in timeouts if x["seat"] == 1], json.dumps(timeouts)


def test_removing_a_guest_asks_once_more_before_it_is_done(people, site):
    host = people(site)
    link = host_room(host, site, "whist", people=2)
    guest = people(site)
    join_table(guest, link, "Ann")
    seating_holds(host, 2)
    remove = host.locator('#seating-seats .remove-guest[data-seat="1"]')
    # a first tap only asks, by name; Ann is still at the table
    remove.click()
    assert remove.inner_text() == "Remove Ann?" and remove.get_attribute("aria-label") == "Remove Ann?"
    assert host.locator("#seating-seats .seating-seat.here").count() == 2
    # tapping elsewhere takes the question back
    host.locator("#seating-note").click()
    until(host, "() => document.querySelector('#seating-seats .remove-guest').textContent === 'Remove'", timeout=10)
    block = host.locator('#seating-seats .block-guest[data-seat="1"]')
    block.click()
    assert block.inner_text() == "Remove and block Ann?"
    host.locator("#seating-note").click()
    # the second tap of the question removes her
    remove.click()
    remove.click()
    seating_holds(host, 1)
    guest.get_by_text("Removed from the table").wait_for(timeout=30_000)


def test_the_share_dialog_copies_the_invite_and_says_so_for_a_moment(people, site):
    host, guest = people(site), people(site)
    host.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.base.rstrip("/"))
    host_and_guest(host, guest, site, "whist")
    host.locator("#more summary").click()
    host.locator("#btn-share").click()
    link = host.get_by_role("textbox", name="Invite link").input_value()
    assert "#room=" in link
    host.locator("#invite-copy").click()
    until(host, "() => document.querySelector('#dialog-content .copied').textContent === 'Link copied.'", timeout=10)
    assert host.evaluate("() => navigator.clipboard.readText()") == link
    until(host, "() => document.querySelector('#dialog-content .copied').textContent === ''", timeout=15)
    # the guests' list in the same dialog asks before removing too
    remove = host.locator('#guest-seats .remove-guest[data-seat="1"]')
    remove.click()
    assert remove.inner_text() == "Remove Ann?"
    assert host.evaluate("() => document.querySelector('#dialog').open")
