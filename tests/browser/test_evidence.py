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
    # the worker's traffic, newest first: the start asked for, and the table's updates
    worker = text[text.index("worker messages") :]
    assert '-> worker.js: {"id":' in worker and '"cmd":"start"' in worker, worker
    shot = Path(re.search(r"screenshot: (\S+)", text).group(1))
    assert shot.is_file() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert shot.parent == evidence.folder()
