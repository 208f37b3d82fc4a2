"""The in-game rules pages (site/rules/), read by Node exactly as the page imports them,
with the engine's facts of each game as the page is given them: every game has every
section in every language, and the options of the match change what the page says."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import kingweb
from kingweb.catalogue import info

ROOT = Path(__file__).resolve().parents[2]
RULES_JS = (ROOT / "site" / "rules" / "index.js").as_uri()
GAMES = ("king", "kingru", "whist")
LANGS = ("en", "es", "pt", "ru")

# one value other than the default for every option (king_discard_on_heart_lead needs king_discard)
OTHER = {
    "king": {
        "king_chooses_dealer": True,
        "first_lead": "left_of_dealer",
        "king_forced_on_heart_lead": False,
        "play_all_tricks": True,
        "max_nulls": 4,
        "buyer_leads": True,
        "uncapped_payment": True,
    },
    "kingru": {
        "boys": "jacks-kings",
        "king_discard": True,
        "order": "simple",
        "scale": 10,
        "eralash": False,
        "play_all_tricks": True,
    },
    "whist": {"target": 7},
}

SCRIPT = """import * as R from %s;
const reqs = JSON.parse(process.argv[1]);
const games = JSON.parse(process.argv[2]);
console.log(JSON.stringify({ids: R.SECTION_IDS, langs: R.LANGS, phases: R.SECTION_OF_PHASE,
  inForce: Object.fromEntries(Object.keys(games).map((g) => [g, R.optionsInForce(games[g], {})])),
  pages: await Promise.all(reqs.map(([g, lang, o]) => R.rulesSections(g, lang, o, games[g])))}));
"""


def _pages(requests):
    """rulesSections(game, lang, options, facts) for each request, computed by Node with the
    engine's facts of the games (``info``'s, as the page has them)."""
    node = shutil.which("node")
    if not node:
        pytest.skip("Node is not installed (python build.py test installs it)")
    games = json.dumps(info()["games"])
    out = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT % json.dumps(RULES_JS), json.dumps(requests), games],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(out.stdout)


def _section(page, sid):
    return " ".join(next(paras for s, _, paras in page if s == sid))


def _body(page):
    """The sections that tell the rules, without the list of the match's options."""
    return {s: paras for s, _, paras in page if s != "options"}


def test_every_game_and_language_has_every_section():
    reqs = [[g, lang, {}] for g in GAMES for lang in LANGS]
    res = _pages(reqs)
    assert res["langs"] == list(LANGS)
    pages = {(g, lang): page for (g, lang, _), page in zip(reqs, res["pages"], strict=True)}
    for (g, lang), page in pages.items():
        ids = [s[0] for s in page]
        assert ids == res["ids"][g], (g, lang)
        assert len(set(ids)) == len(ids)
        for sid, heading, paras in page:
            assert isinstance(heading, str) and heading.strip(), (g, lang, sid)
            assert paras and all(isinstance(p, str) and p.strip() for p in paras), (g, lang, sid)
        if lang != "en":  # another text, not English left in place
            en = _body(pages[g, "en"])
            assert all(paras != en[sid] for sid, paras in _body(page).items()), (g, lang)


def test_the_page_takes_the_engines_options_and_defaults():
    res = _pages([])
    for g in GAMES:
        cls = type(kingweb.new_game(g, seed=1))
        assert res["inForce"][g] == {k: o.default for k, o in cls.OPTIONS.items()}, g
        extra = {"king_discard_on_heart_lead"} if g == "kingru" else set()
        assert set(OTHER[g]) | extra == set(cls.OPTIONS)


def test_the_figures_quoted_follow_the_engines_facts():
    """The auction's top offer and Кинг's list of deals are the engine's, not the page's:
    facts changed here change the page."""
    games = info()["games"]
    facts = {**games["king"], "offers": {**games["king"]["offers"], "null": 90}}
    node = shutil.which("node") or pytest.skip("Node is not installed (python build.py test installs it)")
    script = (
        f"import * as R from {json.dumps(RULES_JS)};"
        "const f = JSON.parse(process.argv[1]);"
        "console.log(JSON.stringify(await R.rulesSections('king', 'en', {max_nulls: 4}, f)));"
    )
    out = subprocess.run(
        [node, "--input-type=module", "-e", script, json.dumps(facts)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "(360)" in _section(json.loads(out.stdout), "auction")  # 4 nulls at 90
    deals = _section(_pages([["kingru", "en", {"order": "simple"}]])["pages"][0], "deals")
    simple = [
        {"tricks": "Tricks", "boys": "Boys", "girls": "Girls", "hearts": "Hearts"}[b]
        for b in games["kingru"]["deal_orders"]["simple"][:4]
    ]
    assert deals.index(simple[0]) < deals.index(simple[1]) < deals.index(simple[2]) < deals.index(simple[3]), deals


@pytest.mark.parametrize("game", GAMES)
def test_an_option_other_than_the_default_changes_the_rules_text(game):
    cases = [(k, {k: v}) for k, v in OTHER[game].items()]
    if game == "kingru":  # compared with king_discard alone
        cases.append(("king_discard_on_heart_lead", {"king_discard": True, "king_discard_on_heart_lead": True}))
    reqs = [[game, lang, {}] for lang in LANGS]
    reqs += [[game, lang, opts] for _, opts in cases for lang in LANGS]
    res = _pages(reqs)
    page = {(tuple(sorted(o.items())), lang): p for (_, lang, o), p in zip(reqs, res["pages"], strict=True)}
    for name, opts in cases:
        before_opts = {"king_discard": True} if name == "king_discard_on_heart_lead" else {}
        for lang in LANGS:
            now = page[tuple(sorted(opts.items())), lang]
            before = page[tuple(sorted(before_opts.items())), lang]
            assert _body(now) != _body(before), f"{game} {lang}: option {name} does not change the rules text"
            assert _section(now, "options") != _section(before, "options"), (game, lang, name)


def test_the_values_in_force_are_stated():
    cases = [
        ("king", {"max_nulls": 4}),
        ("king", {"uncapped_payment": True}),
        ("whist", {"target": 7}),
        ("kingru", {"scale": 10}),
        ("king", {}),
    ]
    reqs = [[g, lang, o] for g, o in cases for lang in LANGS]
    res = _pages(reqs)
    for i, lang in enumerate(LANGS):
        nulls4, uncapped, target7, scale10, default = (res["pages"][4 * k + i] for k in range(5))
        assert "300" in _section(nulls4, "auction"), lang  # 4 nulls = 300
        assert "−50" in _section(uncapped, "payment"), lang  # paid in full, below zero
        assert "7" in _section(target7, "scoring"), lang
        assert "160" in _section(scale10, "deals"), lang  # the K♥ at ×10
        assert "200" in _section(default, "auction") and "300" not in _section(default, "auction"), lang
    en = res["pages"][16]
    assert "buyer names the trump" in _section(en, "trump") and "dealer" in _section(en, "trump")


def test_unknown_options_and_languages_read_as_defaults():
    res = _pages([["king", "en", {}], ["king", "xx", {"max_nulls": 99, "nonsense": 1}]])
    assert res["pages"][0] == res["pages"][1]


def test_docs_rules_md_names_the_same_sections():
    """docs/RULES.md marks each rule with the page section that tells it."""
    text = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    ids = _pages([])["ids"]
    king, rest = text.split("## 2. ", 1)
    kingru, rest = rest.split("## 3. ", 1)
    whist = rest.split("## Glossary", 1)[0]
    for g, part in (("king", king), ("kingru", kingru), ("whist", whist)):
        named = re.findall(r"\(section `([\w-]+)`\)", part)
        assert named and set(named) <= set(ids[g]), (g, set(named) - set(ids[g]))


def test_every_king_phase_links_to_a_section():
    """The panel can link each decision of a King positive to the section that explains it."""
    import kingweb.king as king

    res = _pages([])
    phases = set(king.King._PHASES) - {"play"}
    assert set(res["phases"]) == phases
    assert set(res["phases"].values()) <= set(res["ids"]["king"])


# -- what the table offers beside the rules, named as its buttons name it ----------------------


def _label(lang, key):
    """A key's words in a language file, as its button shows them."""
    text = (ROOT / "site" / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
    m = re.search(rf'(?:^|[\s,{{])"?{re.escape(key)}"?: "((?:[^"\\]|\\.)*)"', text, re.M)
    assert m, (lang, key)
    return m.group(1)


def _quoted(label):
    """The label quoted as a rules page quotes a button: “…” in English, «…» elsewhere."""
    return rf"[“«]{re.escape(label)}[”»]"


def table_keys():
    """The table's keys, each with the language file's key of the button it presses: the
    buttons that declare a key (``aria-keyshortcuts``) in index.html and in the render modules."""
    found = {}
    for path in [ROOT / "site" / "index.html", *sorted((ROOT / "site" / "render").glob("*.js"))]:
        text = path.read_text(encoding="utf-8")
        html = r'<button\b[^>]*?aria-keyshortcuts="(\w)"[^>]*>.*?data-i18n="(\w+)"|<button\b[^>]*?data-i18n="(\w+)"[^>]*?aria-keyshortcuts="(\w)"'
        for k1, l1, l2, k2 in re.findall(html, text):
            found[k1 or k2] = l1 or l2
        for k, label in re.findall(r'"aria-keyshortcuts": "(\w)", text: t\("(\w+)"\)', text):
            found[k] = label
    return found


def test_every_key_of_the_table_has_a_button_that_says_so():
    """The keys toolbar.js answers are the keys the buttons declare, so that the rules page
    can name each key with its button's words."""
    toolbar = (ROOT / "site" / "toolbar.js").read_text(encoding="utf-8")
    handled = set(re.findall(r"(?:^|[{,])\s*(\w):", re.search(r"const map = (\{[^}]*\})", toolbar).group(1)))
    keys = table_keys()
    assert handled and set(keys) == handled, (sorted(handled), keys)
    assert keys["t"] == "played_open"


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_tell_claiming_the_rest_with_the_buttons_words(game):
    """Every rules page tells the claim, quoting the button as the table shows it in that
    language; German Whist's also the concession, which only it offers."""
    res = _pages([[game, lang, {}] for lang in LANGS])
    for lang, page in zip(LANGS, res["pages"], strict=True):
        claim = _section(page, "claim")
        assert re.search(_quoted(_label(lang, "claim_all")), claim), (game, lang, claim)
        concede = re.search(_quoted(_label(lang, "claim_none")), claim)
        assert bool(concede) == (game == "whist"), (game, lang, claim)
        assert re.search(_quoted(_label(lang, "hint")), claim), (game, lang)  # the hint suggests it


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_name_every_key_of_the_table_with_its_buttons_words(game):
    """The table's section names the deal's play so far and every key, each with the
    words of the button it presses ("T “Tricks so far”"), in every language."""
    keys = table_keys()
    res = _pages([[game, lang, {}] for lang in LANGS])
    for lang, page in zip(LANGS, res["pages"], strict=True):
        table = _section(page, "table")
        assert re.search(_quoted(_label(lang, "played_open")), table), (game, lang)
        for k, label in keys.items():
            assert re.search(rf"\b{k.upper()} {_quoted(_label(lang, label))}", table), (game, lang, k, label)
