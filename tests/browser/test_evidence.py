"""A failed browser test's evidence (tests/evidence.py): what it reports of a real table,
read here from a page that is working, so that the day a test fails its report is known
to say what the page showed."""

import re
from pathlib import Path

import evidence
import pytest

from browser_support import open_game

pytestmark = pytest.mark.browser


def test_the_report_names_the_console_the_worker_the_table_and_a_screenshot(page, base_url):
    open_game(page, base_url, "whist", seed=3, level="easy")
    page.evaluate("() => console.log('a line of the page')")
    text = evidence.report("tests/browser/test_evidence.py::probe")
    assert "[log] a line of the page" in text
    assert "mode solo" in text and "model: whist event" in text, text
    # where the page went: the match's link, then the address the page keeps once it has read it
    went = re.search(r"navigations: (.*)", text).group(1).split(" → ")
    assert "seed=3" in went[0] and "seed=" not in went[-1], went
    # the worker's traffic, newest first: the start asked for, and the table's updates
    worker = text[text.index("worker messages") :]
    assert '-> worker.js: {"id":' in worker and '"cmd":"start"' in worker, worker
    shot = Path(re.search(r"screenshot: (\S+)", text).group(1))
    assert shot.is_file() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert shot.parent == evidence.folder()
    # the dialog's story and the history's moves, with their callers: the welcome opened over
    # the table, after the address the page read and put back
    page.locator("#btn-new").click()
    page.locator("#dialog[open]").wait_for()
    text = evidence.report("tests/browser/test_evidence.py::probe-dialog")
    story = text[text.index("dialog and history, last first:") :]
    assert "showModal #dialog < " in story and 'title "New game"' in story, story
    assert "history.replaceState" in story, story


def test_a_guest_pages_report_says_how_far_its_room_got(people, p2p_site):
    """A guest whose host is not there: the report says a room is open, as a guest, and
    that no network's library holds a connection (what the r9 run's report lacked)."""
    from p2p_support import join_table, site_query

    guest = people(p2p_site)
    join_table(guest, site_query(p2p_site) + "#room=AAAAAAAAAAAAAAAAAAAAAA&host=BBBBBBBBBBBBBBBBBBBBBB", "Ann")
    text = evidence.report("tests/browser/test_evidence.py::probe-room")
    for _ in range(40):  # the room opens a moment after the join
        if '"role":"guest"' in text:
            break
        guest.wait_for_timeout(250)
        text = evidence.report("tests/browser/test_evidence.py::probe-room")
    room = re.search(r"room: (\{.*\})", text)
    assert room and '"role":"guest"' in room.group(1), text
    assert '"library":{"torrent":0}' in room.group(1) and '"met":{}' in room.group(1), text
