"""The table words of docs/RULES.md's glossary are the words the page uses: the calques
and literal words the glossary replaced do not come back into the Spanish, Portuguese
and Russian texts (the language files, the rules pages, the lessons); the deals carry
the glossary's names, and a card is written as its corner shows it."""

import re
from pathlib import Path

import pytest

SITE = Path(__file__).resolve().parents[2] / "site"


def _language_file(lang):
    """A language's words as written: its file and its hints' reasons (``i18n/hints/``)."""
    return "\n".join((SITE / "i18n" / sub / f"{lang}.js").read_text(encoding="utf-8") for sub in ("", "hints"))


def _strings(lang):
    """Every string literal of the page's texts in ``lang``: its language file, its rules
    pages, and its block of the lessons."""
    text = _language_file(lang)
    text += (SITE / "rules" / f"{lang}.js").read_text(encoding="utf-8")
    for name, opening, closing in (("lessons.js", f"  {lang}: {{", "  },"),):
        src = (SITE / name).read_text(encoding="utf-8").splitlines()
        first = src.index(opening)
        text += "\n".join(src[first : src.index(closing, first)])
    return re.findall(r'"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`', text)


def _text(lang):
    return "\n".join(a or b for a, b in _strings(lang))


@pytest.mark.parametrize(
    ("lang", "word"),
    [
        ("pt", "8 o nulos"),  # Spanish; Portuguese says "8 ou nulos"
        ("ru", "мизер"),  # one player's no-trick contract in preference, not King's "down"
        ("ru", " вверх"),  # calque of "arriba": playing up is «на взятки»
        ("ru", "нули"),  # calque of "nulos": «на отрицание»
        ("ru", "нуля"),
        ("ru", "8 или нули"),
    ],
)
def test_calques_do_not_come_back(lang, word):
    text = _text(lang).replace("рубашкой вверх", "")  # face down, not a bid
    assert word not in text


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("pt", ["8 ou nulos", "pela mão", "nulos", "acima", "leilão"]),
        ("ru", ["на взятки", "на отрицание", "«8 или отрицание»", "здесь", "торговл", "Старшинство"]),
        ("es", ["8 o nulos", "arriba", "abajo", "nulos", "subasta"]),
    ],
)
def test_glossary_words_are_used(lang, words):
    text = _text(lang)
    for w in words:
        assert w in text, (lang, w)


# -- the glossary: one word per idea, as a player at a real table says it -------------------
#
# For each idea of docs/RULES.md's glossary, per language: a form of the table's word that
# every catalogue (language file, rules page, lessons) uses, and the literal words or
# wrong forms it replaced, which none may use again.
GLOSSARY = {
    "trick": {"es": ("baza", []), "pt": ("vaza", []), "ru": ("взятк", [])},
    "lead": {"es": ("Sal con", []), "pt": ("Saia com", []), "ru": ("Ходите с", [])},
    "follow suit": {"es": ("asistir", []), "pt": ("seguir o naipe", []), "ru": ("в масть", [])},
    "trump": {"es": ("triunfo", []), "pt": ("trunfo", []), "ru": ("козыр", [])},
    "pass": {"es": ("Paso", []), "pt": ("Passo", []), "ru": ("Пас", [])},
    "duck": {
        "es": ("Ceder la baza", ["gách", "gach"]),  # agacharse: a picture, not the table's word
        "pt": ("Não ganh", ["Fuj", "fuj", "Fugi", "fugi"]),  # fugir da vaza
        "ru": ("Отдать взятку", []),
    },
    "reject and play": {
        "es": ("Rechazar y jugar la mano", ["jugar yo"]),
        "pt": ("Recusar e jogar a mão", ["jogar eu"]),
        "ru": ("Отказать и играть самому", []),
    },
    "up with a trump": {
        "es": ("Arriba, {trump}", []),
        "pt": ("Acima, trunfo {trump}", ["Acima, {trump}"]),
        "ru": ("На взятки, {trump}", []),
    },
    "up with no trump": {
        "es": ("Arriba, sin triunfo", []),
        "pt": ("Acima, sem trunfo", []),
        "ru": ("На взятки, без козыря", []),
    },
    # paus is masculine, and one club is "uma carta de paus"
    "clubs": {
        "es": ("tréboles", []),
        "pt": ("paus", ["as paus", "suas paus", "paus mais baixas", "paus baixas", "um paus"]),
        "ru": ("треф", []),
    },
    "the last two, not taken": {
        "es": ("No llevar las dos últimas", []),
        "pt": ("Não levar as duas últimas", []),
        "ru": ("Не брать двух последних", ["Не брать две последние"]),
    },
    # the table's own actions, named as their buttons are (the rules pages quote them), not
    # by the literal words for "claim" and "concede"
    "claim the rest": {
        "es": ("Me llevo el resto", ["eclam"]),  # reclamar
        "pt": ("Levo as restantes", ["eivindic", "eclam"]),
        "ru": ("Забрать остальные", ["ретенд"]),  # претендовать
    },
    "concede the rest": {
        "es": ("Cedo el resto", ["Me rindo", "me rindo", "bandon"]),
        "pt": ("Cedo as restantes", ["Desist", "desist", "bandon", "ntrega as restantes"]),
        "ru": ("Отдать остальные", ["Сдаюсь", "сдаюсь", "сдаться"]),
    },
    # one card taken: the verb agrees with it
    "the K♥ already taken": {
        "es": ("ya se llevó el K♥", ["se llevaron el K"]),
        "pt": ("o K♥ já foi levado", []),
        "ru": ("К♥ уже взят", []),
    },
    "the deal's play so far": {
        "es": ("Bazas jugadas", []),
        "pt": ("Vazas jogadas", []),
        "ru": ("Сыгранные взятки", []),
    },
    "the bots' level": {
        "es": ("bots de nivel {level}", [", bots {level}"]),
        "pt": ("bots de nível {level}", [", bots {level}"]),
        "ru": ("уровень ботов «{level}»", ["боты —"]),
    },
}

# The deal names, as the glossary's tables give them, against the language files' keys.
DEAL_NAMES = {
    "es": {
        "c_tricks": "Bazas",
        "c_hearts": "Corazones",
        "c_queens": "Damas",
        "c_jacks-kings": "Jotas y reyes",
        "c_king-of-hearts": "Rey de corazones",
        "c_last-two": "Dos últimas",
        "c_no-king": "No llevar el K♥",
        "c_no-last-two": "No llevar las dos últimas",
    },
    "pt": {
        "c_tricks": "Vazas",
        "c_hearts": "Copas",
        "c_queens": "Damas",
        "c_jacks-kings": "Valetes e reis",
        "c_king-of-hearts": "Rei de copas",
        "c_last-two": "Duas últimas",
        "c_no-king": "Não levar o K♥",
        "c_no-last-two": "Não levar as duas últimas",
    },
    "ru": {
        "c_tricks": "Взятки",
        "c_hearts": "Черви",
        "c_queens": "Дамы",
        "c_jacks-kings": "Валеты и короли",
        "c_king-of-hearts": "Король червей",
        "c_last-two": "Две последние",
        "c_no-king": "Не брать кинга (К♥)",
        "c_no-last-two": "Не брать двух последних",
        "c_no-boys": "Не брать мальчиков",
        "c_no-girls": "Не брать девочек",
    },
}

# The ranks a card's corner shows (J Q K A), in each language.
RANKS = {"es": "JQKA", "pt": "JQKA", "ru": "ВДКТ"}

RULES_MD = SITE.parent / "docs" / "RULES.md"
SUITS = "♠♥♦♣"


def _value(lang, key):
    """A key's words in a language file, as written there."""
    text = _language_file(lang)
    m = re.search(rf'(?:^|[\s,{{])"?{re.escape(key)}"?: "((?:[^"\\]|\\.)*)"', text, re.M)
    assert m, (lang, key)
    return m.group(1)


@pytest.mark.parametrize("idea", sorted(GLOSSARY))
@pytest.mark.parametrize("lang", ["es", "pt", "ru"])
def test_every_catalogue_uses_the_glossarys_word_and_no_rejected_one(lang, idea):
    text = _text(lang)
    word, rejected = GLOSSARY[idea][lang]
    assert word in text, (lang, idea, word)
    for bad in rejected:
        hits = [s for s in text.split("\n") if bad in s]
        assert not hits, (lang, idea, bad, hits[:3])


@pytest.mark.parametrize("lang", sorted(DEAL_NAMES))
def test_the_deals_carry_the_glossarys_names(lang):
    for key, name in DEAL_NAMES[lang].items():
        assert _value(lang, key) == name, (lang, key)


@pytest.mark.parametrize("lang", sorted(RANKS))
def test_a_card_is_written_as_its_corner_shows_it(lang):
    """The ranks of the cards' corners are the glossary's, and every card a text writes
    (a rank letter before a suit sign) carries one of them: no R♥ where the card shows K."""
    shown = "".join(_value(lang, f"rank_{r}") for r in "JQKA")
    assert shown == RANKS[lang]
    written = re.findall(rf"(\w)(?=[{SUITS}])", _text(lang))
    assert written, lang
    odd = sorted({w for w in written if not (w.isdigit() or w in shown)})
    assert not odd, (lang, odd)


def test_the_glossary_in_rules_md_holds_these_words():
    glossary = RULES_MD.read_text(encoding="utf-8").split("## Glossary", 1)[1]
    for names in DEAL_NAMES.values():
        for name in names.values():
            assert name in glossary, name
    for lang, ranks in RANKS.items():
        assert " ".join(reversed(ranks)) + " 10" in glossary, lang
    for word in ("ceder la baza", "não ganhar a vaza", "отдать взятку", "recusar (e jogar a mão)", "acima, sem trunfo"):
        assert word in glossary, word
    # the buttons of the table's own actions, with the words they show
    for lang in ("en", "es", "pt", "ru"):
        for key in ("claim_all", "claim_none", "played_open"):
            assert _value(lang, key).lower() in glossary, (lang, key)


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_only_the_russian_texts_write_in_cyrillic(lang):
    # the Eralash deal once showed «ералаш» to players who read no Cyrillic; the one word
    # left is the game's own name, Кинг, which every language calls it by
    words = set(re.findall(r"[\u0400-\u04ff]+", _text(lang)))
    assert words <= {"Кинг"}, (lang, words)


@pytest.mark.parametrize("lang", ["en", "es", "pt", "ru"])
def test_the_loading_words_are_a_players_not_a_programmers(lang):
    # "Cargando Python…" told a Spanish player what the page is written in, not what it does
    assert "Python" not in _text(lang)


@pytest.mark.parametrize(("lang", "word"), [("es", "{other}, la siguiente"), ("pt", "{other}, a seguinte")])
def test_the_hints_runner_up_is_the_second_best_not_the_next(lang, word):
    # «…mejor que {other}, la siguiente» read as the card after it in the hand
    assert word not in _text(lang)


@pytest.mark.parametrize(
    ("lang", "marks", "foreign"), [("en", "“”", "«»"), ("es", "«»", "“”"), ("pt", "«»", "“”"), ("ru", "«»", "“”")]
)
def test_each_language_quotes_with_one_kind_of_marks(lang, marks, foreign):
    # the Spanish texts once wrote «Eralash» but “8 o nulos”, two styles in one table
    text = _text(lang)
    assert text.count(marks[0]) == text.count(marks[1]) > 0, lang
    assert not set(foreign) & set(text), (lang, sorted(set(foreign) & set(text)))


@pytest.mark.parametrize("lang", ["en", "es", "pt", "ru"])
def test_the_dealers_button_is_the_initial_of_the_languages_word_for_the_dealer(lang):
    # (a play-test read "D" on a Spanish table, whose dealer is the "repartidor")
    assert _value(lang, "dealer_mark") == _value(lang, "seat_dealer")[0].upper(), lang


# -- the code's words: one name per idea in Python, JS and the documents --------------------
#
# docs/ARCHITECTURE.md, "One name per idea", says which name each idea took and why; each
# row here is a name it replaced, which does not come back anywhere in the project's own
# text (this file apart).  A row fails on the old name, so it can fail.

ROOT = SITE.parent
OWN_TEXT = ("kingweb", "site", "tests", "docs", "tools")
SUFFIXES = {".py", ".js", ".mjs", ".md", ".html", ".css"}
REPLACED = {
    # the room's list of who sits where before the start (not "lobby"; "qlobber" is MQTT's)
    "seating": r"(?<![qQ])[Ll]obb(y|ies)\b",
    # the page that frames an embedded table: the embedder, never the "host", which is the
    # peer that runs the engine for a table of people
    "embedder": r"\bHostLink\b|\bonHostCommand\b|frame ⇄ host|[Hh]ost → frame|frame → host",
    # one connection's checked frames (peer.js's Frames) and all the table's connections
    # behind one face (links.js's Hub): "Link" was both, and the link a person shares
    "Frames and Hub": r"\bclass Link\b|@typedef \{object\} Link\b|\{Link\}|\bhosted\.link\b|\bjoined\.link\b",
    # the deals of a match, apart from a deal's points in all (deal_total)
    "match_deals": r"\bdeals_total\b",
    # King's standing offer in a view (``King.standing``) and the offer bought in a deal's record
    "standing and bought": r"\[\"auction\"\]\[\"offer\"\]|\bauction\.offer\b|\bauc\[\"offer\"\]|record\[\"offer\"\]",
    # the two registries of reasons: a hint's and a review mark's
    "HINT_REASONS and MARK_REASONS": r"(?<![A-Z_])REASONS\b",
    # what the page is told of a table besides its view; ``info`` is what a worker offers
    "TableDetails": r"\bTableInfo\b",
    # a King positive is played as a contract; ``mode`` is the page's (solo, pass, host, …)
    "contract": r"\b_set_mode\b|\bbest_mode\b|\bmodeText\b|\bself\.mode\b",
    # a record's name is a table's name: one bound, names.py's
    "NAME_POINTS": r"\bMAX_NAME\b",
    # the page's modules that draw are render modules; a view is what the engine shows a seat
    "render": r"site/views/|[\"']\.\.?/views/|daily/views\.js",
    # what the render modules draw from; a state is the whole table as a seat may see it
    "Scene": r"\bTableState\b",
    # the session starts a daily; the review worker writes its setup and encodes a play of it
    "start_daily": r"call\(\"daily\"",
}


def _own_files():
    for top in OWN_TEXT:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix in SUFFIXES and path.is_file() and path != Path(__file__):
                yield path
    yield from (ROOT / name for name in ("README.md", "CONTRIBUTING.md", "build.py"))


def _own_lines(path):
    """A file's lines, numbered; ARCHITECTURE.md's table of the names replaced left out
    (it names each old name, to say what it was)."""
    lines = list(enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1))
    if path.name == "ARCHITECTURE.md":
        start = next(i for i, (_, line) in enumerate(lines) if line == "## One name per idea")
        end = next(i for i, (_, line) in enumerate(lines) if i > start and line.startswith("## "))
        lines[start:end] = []
    return lines


@pytest.mark.parametrize("idea", sorted(REPLACED))
def test_a_replaced_name_does_not_come_back(idea):
    pattern = re.compile(REPLACED[idea])
    found = [
        f"{path.relative_to(ROOT)}:{n}" for path in _own_files() for n, line in _own_lines(path) if pattern.search(line)
    ]
    assert not found, f"{idea}: {found[:10]}"


def test_the_two_workers_commands_share_a_name_only_for_one_idea():
    # "daily" started a table in the table's worker and wrote a day's setup in the review's;
    # "daily_code" read the table's code in one and encoded given actions in the other
    import kingweb.review as review
    import kingweb.session as session

    assert set(session.COMMANDS) & set(review.COMMANDS) == {"info"}  # what each worker offers


def test_a_claim_event_names_the_tricks_left_as_a_count():
    # "tricks" is a list of tricks everywhere else (a deal's record, a view)
    import typing

    import kingweb.events as events

    assert typing.get_type_hints(events.ClaimEvent)["tricks_left"] is int
    assert "tricks" not in typing.get_type_hints(events.ClaimEvent)
