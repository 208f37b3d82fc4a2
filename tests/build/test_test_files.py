"""The test tree itself: pytest imports each test file by its basename (rootdir-relative
imports, no packages), so two files of one name in two folders stop the whole run at
collection ("import file mismatch") — it happened twice as folders grew."""

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent


def test_every_test_file_has_a_name_of_its_own():
    where = defaultdict(list)
    for f in TESTS.rglob("test_*.py"):
        if "node" not in f.relative_to(TESTS).parts:
            where[f.name].append(str(f.relative_to(TESTS)))
    assert len(where) > 20  # the tree was found
    assert {n: fs for n, fs in where.items() if len(fs) > 1} == {}
