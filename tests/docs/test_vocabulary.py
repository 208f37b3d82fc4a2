"""The table words of docs/RULES.md's glossary are the words the page uses: the calques
the glossary replaced do not come back into the Portuguese and Russian texts (the
language files, the rules pages, the lessons)."""

import re
from pathlib import Path

import pytest

SITE = Path(__file__).resolve().parents[2] / "site"


def _strings(lang):
    """Every string literal of the page's texts in ``lang``: its language file, and its
    block of the rules pages and of the lessons."""
    text = (SITE / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
    for name, opening, closing in (("rules.js", f"const {lang} = {{", "};"), ("lessons.js", f"  {lang}: {{", "  },")):
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
