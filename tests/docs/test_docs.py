"""docs/RULES.md is the project's rules document: every option the engine accepts is
documented there, with its values and its default named first, and nothing else is."""

import re
from pathlib import Path

import pytest

import kingweb

RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"
TABLES = {"king": "### 1.12 ", "kingru": "### 2.6 "}


def _between(text, start, end):
    i = text.index(start)
    return text[i : text.index(end, i + len(start))]


def _value(word):
    word = word.strip().strip("`")
    if word in ("true", "false"):
        return word == "true"
    return int(word) if word.isdigit() else word


def _documented(game):
    text = RULES_MD.read_text(encoding="utf-8")
    if game == "whist":
        body = _between(text, "## 3. German Whist", "## Glossary")
        out = {}
        for name, lo, hi, default in re.findall(
            r"Option \*\*`(\w+)`\*\* \(a whole number from (\d+) to (\d+), default `(\d+)`\)", body
        ):
            out[name] = (int(default), tuple(range(int(lo), int(hi) + 1)))
        return out
    body = _between(text, TABLES[game], "\n---")
    out = {}
    for name, values in re.findall(r"^\| `(\w+)` \| ([^|]+) \|", body, re.M):
        vals = tuple(_value(v) for v in values.split(","))
        out[name] = (vals[0], vals)
    return out


@pytest.mark.parametrize("game", ["king", "kingru", "whist"])
def test_every_option_is_documented_with_its_values_and_default(game):
    cls = type(kingweb.new_game(game, seed=1))
    documented = _documented(game)
    assert set(documented) == set(cls.OPTIONS), f"RULES.md options of {game} differ from the engine's"
    for name, opt in cls.OPTIONS.items():
        default, values = documented[name]
        assert default == opt.default and type(default) is type(opt.default), name
        assert set(values) == set(opt.allowed), name


def test_the_sections_the_code_cites_exist():
    text = RULES_MD.read_text(encoding="utf-8")
    for heading in (
        "## 1. King (`king`)",
        "## 2. Кинг / Russian King (`kingru`)",
        "## 3. German Whist (`whist`)",
        "## Glossary",
    ):
        assert heading in text


def test_protocol_md_lists_every_code_and_command():
    """docs/PROTOCOL.md's tables follow the codes the engine declares (info()["codes"])."""
    from kingweb.session import info

    text = (RULES_MD.parent / "PROTOCOL.md").read_text(encoding="utf-8")
    codes = info()["codes"]
    listed = set(re.findall(r"^\| `([a-z0-9-]+)` \|", text, re.M))
    for kind in ("refusals", "reasons", "errors"):
        missing = set(codes[kind]) - listed
        assert not missing, f"PROTOCOL.md does not list these {kind}: {sorted(missing)}"
    commands = set(re.findall(r"^\| `([a-z_]+)` \|", text, re.M))
    from kingweb.session import COMMANDS

    for cmd in COMMANDS:
        assert cmd in commands, cmd
