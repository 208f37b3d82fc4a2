"""The in-game rules pages (site/rules.js), read by Node exactly as the page imports them:
every game has every section in every language, and the options of the match change
what the page says."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import kingweb

RULES_JS = (Path(__file__).resolve().parent.parent / "site" / "rules.js").as_uri()
GAMES = ("king", "kingru", "whist")
LANGS = ("en", "es", "pt", "ru")

# one value other than the default for every option (king_discard_on_heart_lead needs king_discard)
OTHER = {
    "king": {"king_chooses_dealer": True, "first_lead": "left_of_dealer", "king_forced_on_heart_lead": False,
             "play_all_tricks": True, "max_nulls": 4, "buyer_leads": True, "uncapped_payment": True},
    "kingru": {"boys": "jacks-kings", "king_discard": True, "order": "simple", "scale": 10, "eralash": False,
               "play_all_tricks": True},
    "whist": {"target": 7},
}


def _pages(requests):
    """rulesSections(game, lang, options) for each request, computed by Node."""
    node = shutil.which("node")
    if not node:
        pytest.skip("Node is not installed (python build.py test installs it)")
    script = (f"import * as R from {json.dumps(RULES_JS)};\n"
              "const reqs = JSON.parse(process.argv[1]);\n"
              "console.log(JSON.stringify({ids: R.SECTION_IDS, defaults: R.DEFAULT_OPTIONS, langs: R.LANGS,\n"
              "  old: Object.fromEntries(Object.entries(R.RULES).map(([g, ls]) => [g, Object.fromEntries(Object.entries(ls).map(([l, s]) => [l, s.length]))])),\n"
              "  pages: reqs.map(([g, l, o]) => R.rulesSections(g, l, o))}));\n")
    out = subprocess.run([node, "--input-type=module", "-e", script, json.dumps(requests)],
                         capture_output=True, text=True, timeout=60, check=True)
    return json.loads(out.stdout)


def test_every_game_and_language_has_every_section():
    reqs = [[g, l, {}] for g in GAMES for l in LANGS]
    res = _pages(reqs)
    assert res["langs"] == list(LANGS)
    for (g, l, _), page in zip(reqs, res["pages"]):
        ids = [s[0] for s in page]
        assert ids == res["ids"][g], (g, l)
        assert len(set(ids)) == len(ids)
        for sid, heading, paras in page:
            assert isinstance(heading, str) and heading.strip(), (g, l, sid)
            assert paras and all(isinstance(p, str) and p.strip() for p in paras), (g, l, sid)
        # the same page in another language is another text, not English left in place
        if l != "en":
            en = res["pages"][reqs.index([g, "en", {}])]
            assert all(a[2] != b[2] for a, b in zip(page, en) if a[0] != "options"), (g, l)
    # the shape the table read before rulesSections: RULES[game][lang] = [[heading, paras], ...]
    # (without the section about the match's options, which it cannot know)
    assert res["old"] == {g: {l: len(res["ids"][g]) - 1 for l in LANGS} for g in GAMES}


def test_the_page_knows_the_engines_options_and_defaults():
    res = _pages([])
    for g in GAMES:
        cls = type(kingweb.new_game(g, seed=1))
        assert res["defaults"][g] == {k: o.default for k, o in cls.OPTIONS.items()}, g
        assert set(OTHER[g]) | ({"king_discard_on_heart_lead"} if g == "kingru" else set()) == set(cls.OPTIONS)


@pytest.mark.parametrize("game", GAMES)
def test_an_option_other_than_the_default_changes_the_rules_text(game):
    cases = [(k, {k: v}) for k, v in OTHER[game].items()]
    if game == "kingru":
        cases.append(("king_discard_on_heart_lead", {"king_discard": True, "king_discard_on_heart_lead": True}))
    reqs = [[game, l, {}] for l in LANGS]
    for _, opts in cases:
        reqs += [[game, l, opts] for l in LANGS]
    res = _pages(reqs)
    base = {l: res["pages"][i] for i, l in enumerate(LANGS)}
    for n, (name, opts) in enumerate(cases):
        for i, l in enumerate(LANGS):
            page = res["pages"][len(LANGS) * (n + 1) + i]
            compare = base[l]
            if name == "king_discard_on_heart_lead":  # against king_discard alone
                compare = res["pages"][len(LANGS) * (1 + list(OTHER["kingru"]).index("king_discard")) + i]
            body = {s[0]: s[2] for s in page if s[0] != "options"}
            before = {s[0]: s[2] for s in compare if s[0] != "options"}
            assert body != before, f"{game} {l}: option {name} does not change the rules text"
            # and the options section names the option as not the default
            assert dict((s[0], s[2]) for s in page)["options"] != dict((s[0], s[2]) for s in compare)["options"]


def test_the_values_in_force_are_stated():
    reqs = [["king", l, {"max_nulls": 4}] for l in LANGS] + [["king", l, {"uncapped_payment": True}] for l in LANGS] \
        + [["whist", l, {"target": 7}] for l in LANGS] + [["kingru", l, {"scale": 10}] for l in LANGS] \
        + [["king", l, {}] for l in LANGS]
    res = _pages(reqs)
    section = lambda page, sid: " ".join(next(s[2] for s in page if s[0] == sid))  # noqa: E731
    for i, l in enumerate(LANGS):
        assert "300" in section(res["pages"][i], "auction"), l                       # 4 nulls = 300
        assert "−50" in section(res["pages"][4 + i], "payment"), l                   # paid in full, below zero
        assert "7" in section(res["pages"][8 + i], "scoring"), l
        assert "160" in section(res["pages"][12 + i], "deals"), l                    # the K♥ at ×10
        default_king = res["pages"][16 + i]
        assert "200" in section(default_king, "auction") and "300" not in section(default_king, "auction"), l
    en = res["pages"][16]
    assert "buyer names the trump" in section(en, "trump") and "dealer" in section(en, "trump")


def test_unknown_options_and_languages_read_as_defaults():
    res = _pages([["king", "en", {}], ["king", "xx", {"max_nulls": 99, "nonsense": 1}]])
    assert res["pages"][0] == res["pages"][1]


def test_docs_rules_md_names_the_same_sections():
    """docs/RULES.md marks each rule with the page section that tells it."""
    import re
    text = (Path(__file__).resolve().parent.parent / "docs" / "RULES.md").read_text(encoding="utf-8")
    ids = _pages([])["ids"]
    parts = {"king": text.split("## 2. ")[0], "kingru": text.split("## 2. ")[1].split("## 3. ")[0],
             "whist": text.split("## 3. ")[1].split("## Glossary")[0]}
    for g, part in parts.items():
        named = re.findall(r"\(section `([\w-]+)`\)", part)
        assert named and set(named) <= set(ids[g]), (g, set(named) - set(ids[g]))
