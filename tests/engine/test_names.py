"""The one name rule on the engine's side (kingweb/names.py) against the shared corpus of
hostile names (tests/names.json), which the page's side (site/names.js) passes too; and
a table takes any text as a name."""

import json
import unicodedata
from pathlib import Path

import pytest

from kingweb import RulesError
from kingweb.names import NAME_MAX, NAME_POINTS, clean, graphemes
from kingweb.session import Session
from kingweb.table import Table, bot, check_name, person

CORPUS = json.loads((Path(__file__).resolve().parents[1] / "names.json").read_text(encoding="utf-8"))
NAMES = [pytest.param(c["input"], c["name"], id=c["why"]) for c in CORPUS["names"]]


@pytest.mark.parametrize("raw,name", NAMES)
def test_every_hostile_name_cleans_to_the_name_it_names(raw, name):
    assert clean(raw) == name


@pytest.mark.parametrize("raw,name", NAMES)
def test_a_clean_name_is_clean(raw, name):
    assert clean(name) == name
    assert len(graphemes(name)) <= NAME_MAX and len(name) <= NAME_POINTS
    assert name == name.strip(" ") and "  " not in name
    assert all(unicodedata.category(ch)[0] != "C" or ch == "\u200d" for ch in name)


def test_the_splitter_gives_the_browsers_grapheme_clusters():
    """Intl.Segmenter's clusters of every text of the corpus (tests/node/names.test.mjs
    checks that Node still splits them so)."""
    wrong = [c["text"] for c in CORPUS["clusters"] if graphemes(c["text"]) != c["clusters"]]
    assert not wrong and len(CORPUS["clusters"]) > 400


def test_a_table_takes_any_text_as_a_name_and_cleans_it():
    raws = [c["input"] for c in CORPUS["names"]]
    for k in range(0, len(raws), 2):
        t = Table.new(
            "king", seed=1, seats=[person(raws[k]), bot(), person(raws[k + 1 if k + 1 < len(raws) else 0]), bot()]
        )
        assert t.seats[0]["name"] == clean(raws[k])
    s = Session()
    s.start(
        "whist",
        seats=[{"kind": "person", "name": "Ana\u00ad\u202e"}, {"kind": "person", "name": "\u200b", "away": True}],
    )
    assert [x["name"] for x in s.table.seats] == ["Ana", ""]  # "" : the page names the seat by where it sits
    s.table.set_seat(1, "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f" + "x" * 40)
    assert s.table.seats[1]["name"] == "🏴" + "x" * 23


def test_only_a_name_that_is_not_text_is_refused():
    for bad in (5, None, ["Ana"], b"Ana"):
        with pytest.raises(RulesError) as e:
            check_name(bad)
        assert e.value.code == "bad-name"


def test_a_record_keeps_the_names_a_table_keeps():
    import kingweb
    from kingweb import record

    from conftest import play_out

    names = [clean(c["input"]) or None for c in CORPUS["names"] if "family" in c["why"] or "Scotland" in c["why"]]
    g = play_out(kingweb.new_game("whist", 5), until=lambda g: len(g.deals) == 1)
    rec = record.of_game(g, names=names[:2])
    assert record.read(json.loads(record.dumps(rec)))["names"] == names[:2]
