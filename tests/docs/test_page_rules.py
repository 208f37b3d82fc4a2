"""The page holds no rule (issue 30): its scripts draw every game's rules from the engine's
facts (``kingweb.catalogue.facts``: in ``info`` and in each table's state), so no script
under site/ compares a game's id to decide a rule, and none copies King's offer values."""

import re
from pathlib import Path

from kingweb.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"

_ID = "|".join(re.escape(g) for g in GAMES)
#: a game's id compared, either way round, or a switch's case on it
BRANCH = re.compile(rf"""[!=]==?\s*["'`]({_ID})["'`]|["'`]({_ID})["'`]\s*[!=]==?|\bcase\s+["'`]({_ID})["'`]""")
#: King's offer values copied into a script: a constant named for one, or an offer's
#: kind turned into a figure written in the script ("up" ? 25 : 75)
OFFER_VALUE = re.compile(r"""\b(UP|NULL|ULTIMATUM)_VALUE\b|["']up["']\s*\?\s*\d|\?\s*\d+\s*:\s*\d+\s*\)\s*\*""")


def _scripts() -> list[Path]:
    return sorted(SITE.rglob("*.js"))


def _found(pattern: re.Pattern[str]) -> list[str]:
    return [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in _scripts()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]


def test_the_patterns_find_what_they_forbid():
    # (so that a test that finds nothing proves something)
    assert BRANCH.search('if (v.game === "whist") return "";')
    assert BRANCH.search("const key = 'kingru' !== game ? 1 : 2;")
    assert BRANCH.search('    case "king":')
    assert not BRANCH.search("t(`game_${v.game}`)")
    assert OFFER_VALUE.search("const UP_VALUE = 25, NULL_VALUE = 75, ULTIMATUM_VALUE = 200;")
    assert OFFER_VALUE.search('const worth = (kind === "up" ? 25 : 75) * Number(n);')
    assert not OFFER_VALUE.search("const worth = v.facts.offers[kind] * Number(n);")


def test_no_script_under_site_branches_on_a_games_id():
    assert _scripts(), "no scripts found under site/"
    found = _found(BRANCH)
    assert found == [], "a rule decided by a game's id (read the game's facts instead):\n" + "\n".join(found)


def test_no_script_under_site_copies_kings_offer_values():
    found = _found(OFFER_VALUE)
    assert found == [], "King's offer values copied (read facts.offers instead):\n" + "\n".join(found)
