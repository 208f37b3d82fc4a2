"""A person's name: one rule, here and on the page (``site/names.js``), that cleans any
text into a name and never refuses one.

``clean`` takes any text: Unicode NFC; control (Cc), format (Cf), private-use (Co) and
surrogate (Cs) characters removed (the tag characters U+E0020-E007F are Cf), except a
ZWJ (U+200D) that joins two pictographs, so that 👨‍👩‍👧 stays one family; white space
(Zs, Zl, Zp, tab, newline and the other Cc spaces) made one space, none at either end;
then cut, between two characters as a person counts them (extended grapheme clusters,
``graphemes``), to at most ``NAME_MAX`` of them and ``NAME_POINTS`` code points, so a
cut never leaves half an emoji or half a flag.  A name that cleans to nothing is "": the
page then names the seat by where it sits.  docs/PROTOCOL.md, *Names*, says why.

Python's standard library has no grapheme segmenter, so ``graphemes`` is a small one of
Unicode's extended grapheme clusters (UAX #29): CR LF, controls, Hangul syllables and
jamo, combining and spacing marks, prepended marks, Indic conjuncts (GB9c: Devanagari,
Bengali, Gujarati, Oriya, Telugu, Malayalam), emoji ZWJ sequences and regional-indicator
pairs.  Its tables below come from the ECMAScript property escapes of Node 20 (Unicode
17); the page splits with the browser's own ``Intl.Segmenter``, and tests/names.json
holds both sides to the same clusters.
"""

import bisect
import unicodedata

#: The most characters (grapheme clusters) a name keeps
NAME_MAX = 24
#: The most code points a name keeps: a bound on its size whatever its clusters hold
#: (a record's name holds at most as many, docs/RECORDS.md)
NAME_POINTS = 60

ZWJ = "\u200d"
_SPACES = frozenset("\t\n\v\f\r\x1c\x1d\x1e\x1f\x85")  # the Cc white space (Python's and JavaScript's)

# fmt: off
#: Extended_Pictographic, as ranges
_PICTOGRAPHIC = (
    (0xA9, 0xA9), (0xAE, 0xAE), (0x203C, 0x203C), (0x2049, 0x2049), (0x2122, 0x2122), (0x2139, 0x2139),
    (0x2194, 0x2199), (0x21A9, 0x21AA), (0x231A, 0x231B), (0x2328, 0x2328), (0x23CF, 0x23CF),
    (0x23E9, 0x23F3), (0x23F8, 0x23FA), (0x24C2, 0x24C2), (0x25AA, 0x25AB), (0x25B6, 0x25B6),
    (0x25C0, 0x25C0), (0x25FB, 0x25FE), (0x2600, 0x2604), (0x260E, 0x260E), (0x2611, 0x2611),
    (0x2614, 0x2615), (0x2618, 0x2618), (0x261D, 0x261D), (0x2620, 0x2620), (0x2622, 0x2623),
    (0x2626, 0x2626), (0x262A, 0x262A), (0x262E, 0x262F), (0x2638, 0x263A), (0x2640, 0x2640),
    (0x2642, 0x2642), (0x2648, 0x2653), (0x265F, 0x2660), (0x2663, 0x2663), (0x2665, 0x2666),
    (0x2668, 0x2668), (0x267B, 0x267B), (0x267E, 0x267F), (0x2692, 0x2697), (0x2699, 0x2699),
    (0x269B, 0x269C), (0x26A0, 0x26A1), (0x26A7, 0x26A7), (0x26AA, 0x26AB), (0x26B0, 0x26B1),
    (0x26BD, 0x26BE), (0x26C4, 0x26C5), (0x26C8, 0x26C8), (0x26CE, 0x26CF), (0x26D1, 0x26D1),
    (0x26D3, 0x26D4), (0x26E9, 0x26EA), (0x26F0, 0x26F5), (0x26F7, 0x26FA), (0x26FD, 0x26FD),
    (0x2702, 0x2702), (0x2705, 0x2705), (0x2708, 0x270D), (0x270F, 0x270F), (0x2712, 0x2712),
    (0x2714, 0x2714), (0x2716, 0x2716), (0x271D, 0x271D), (0x2721, 0x2721), (0x2728, 0x2728),
    (0x2733, 0x2734), (0x2744, 0x2744), (0x2747, 0x2747), (0x274C, 0x274C), (0x274E, 0x274E),
    (0x2753, 0x2755), (0x2757, 0x2757), (0x2763, 0x2764), (0x2795, 0x2797), (0x27A1, 0x27A1),
    (0x27B0, 0x27B0), (0x27BF, 0x27BF), (0x2934, 0x2935), (0x2B05, 0x2B07), (0x2B1B, 0x2B1C),
    (0x2B50, 0x2B50), (0x2B55, 0x2B55), (0x3030, 0x3030), (0x303D, 0x303D), (0x3297, 0x3297),
    (0x3299, 0x3299), (0x1F004, 0x1F004), (0x1F02C, 0x1F02F), (0x1F094, 0x1F09F), (0x1F0AF, 0x1F0B0),
    (0x1F0C0, 0x1F0C0), (0x1F0CF, 0x1F0D0), (0x1F0F6, 0x1F0FF), (0x1F170, 0x1F171), (0x1F17E, 0x1F17F),
    (0x1F18E, 0x1F18E), (0x1F191, 0x1F19A), (0x1F1AE, 0x1F1E5), (0x1F201, 0x1F20F), (0x1F21A, 0x1F21A),
    (0x1F22F, 0x1F22F), (0x1F232, 0x1F23A), (0x1F23C, 0x1F23F), (0x1F249, 0x1F25F), (0x1F266, 0x1F321),
    (0x1F324, 0x1F393), (0x1F396, 0x1F397), (0x1F399, 0x1F39B), (0x1F39E, 0x1F3F0), (0x1F3F3, 0x1F3F5),
    (0x1F3F7, 0x1F3FA), (0x1F400, 0x1F4FD), (0x1F4FF, 0x1F53D), (0x1F549, 0x1F54E), (0x1F550, 0x1F567),
    (0x1F56F, 0x1F570), (0x1F573, 0x1F57A), (0x1F587, 0x1F587), (0x1F58A, 0x1F58D), (0x1F590, 0x1F590),
    (0x1F595, 0x1F596), (0x1F5A4, 0x1F5A5), (0x1F5A8, 0x1F5A8), (0x1F5B1, 0x1F5B2), (0x1F5BC, 0x1F5BC),
    (0x1F5C2, 0x1F5C4), (0x1F5D1, 0x1F5D3), (0x1F5DC, 0x1F5DE), (0x1F5E1, 0x1F5E1), (0x1F5E3, 0x1F5E3),
    (0x1F5E8, 0x1F5E8), (0x1F5EF, 0x1F5EF), (0x1F5F3, 0x1F5F3), (0x1F5FA, 0x1F64F), (0x1F680, 0x1F6C5),
    (0x1F6CB, 0x1F6D2), (0x1F6D5, 0x1F6E5), (0x1F6E9, 0x1F6E9), (0x1F6EB, 0x1F6F0), (0x1F6F3, 0x1F6FF),
    (0x1F7DA, 0x1F7FF), (0x1F80C, 0x1F80F), (0x1F848, 0x1F84F), (0x1F85A, 0x1F85F), (0x1F888, 0x1F88F),
    (0x1F8AE, 0x1F8AF), (0x1F8BC, 0x1F8BF), (0x1F8C2, 0x1F8CF), (0x1F8D9, 0x1F8FF), (0x1F90C, 0x1F93A),
    (0x1F93C, 0x1F945), (0x1F947, 0x1F9FF), (0x1FA58, 0x1FA5F), (0x1FA6E, 0x1FAFF), (0x1FC00, 0x1FFFD),
)
#: Grapheme_Extend beyond the Mn and Me categories (Other_Grapheme_Extend, ZWNJ, the tags)
_EXTEND_MORE = (
    (0x9BE, 0x9BE), (0x9D7, 0x9D7), (0xB3E, 0xB3E), (0xB57, 0xB57), (0xBBE, 0xBBE), (0xBD7, 0xBD7),
    (0xCC0, 0xCC0), (0xCC2, 0xCC2), (0xCC7, 0xCC8), (0xCCA, 0xCCB), (0xCD5, 0xCD6), (0xD3E, 0xD3E),
    (0xD57, 0xD57), (0xDCF, 0xDCF), (0xDDF, 0xDDF), (0x1715, 0x1715), (0x1734, 0x1734), (0x1B35, 0x1B35),
    (0x1B3B, 0x1B3B), (0x1B3D, 0x1B3D), (0x1B43, 0x1B44), (0x1BAA, 0x1BAA), (0x1BF2, 0x1BF3),
    (0x200C, 0x200C), (0x302E, 0x302F), (0xA953, 0xA953), (0xA9C0, 0xA9C0), (0xFF9E, 0xFF9F),
    (0x111C0, 0x111C0), (0x11235, 0x11235), (0x1133E, 0x1133E), (0x1134D, 0x1134D), (0x11357, 0x11357),
    (0x113B8, 0x113B8), (0x113C2, 0x113C2), (0x113C5, 0x113C5), (0x113C7, 0x113C9), (0x113CF, 0x113CF),
    (0x114B0, 0x114B0), (0x114BD, 0x114BD), (0x115AF, 0x115AF), (0x116B6, 0x116B6), (0x11930, 0x11930),
    (0x1193D, 0x1193D), (0x11F41, 0x11F41), (0x16FF0, 0x16FF1), (0x1D165, 0x1D166), (0x1D16D, 0x1D172),
    (0xE0020, 0xE007F),
)
_MODIFIERS = (0x1F3FB, 0x1F3FF)  # emoji skin tones: Extend in a grapheme cluster
# marks that begin a cluster with the character after them
_PREPEND = (
    (0x600, 0x605), (0x6DD, 0x6DD), (0x70F, 0x70F), (0x890, 0x891), (0x8E2, 0x8E2), (0xD4E, 0xD4E),
    (0x110BD, 0x110BD), (0x110CD, 0x110CD), (0x111C2, 0x111C3), (0x1193F, 0x1193F), (0x11941, 0x11941),
    (0x11A3A, 0x11A3A), (0x11A84, 0x11A89), (0x11D46, 0x11D46), (0x11F02, 0x11F02),
)
# spacing marks (Mc) a cluster does not hold (Myanmar, Tai Tham...); and two Lo it holds
_NOT_SPACING = (
    (0x102B, 0x102C), (0x1038, 0x1038), (0x1062, 0x1064), (0x1067, 0x106D), (0x1083, 0x1083),
    (0x1087, 0x108C), (0x108F, 0x108F), (0x109A, 0x109C), (0x1A61, 0x1A61), (0x1A63, 0x1A64),
    (0xAA7B, 0xAA7B), (0xAA7D, 0xAA7D), (0x11720, 0x11721),
)
_SPACING_LO = (0xE33, 0xEB3)
# Indic conjuncts (GB9c): the viramas that link, and the consonants they link
_LINKERS = frozenset((0x94D, 0x9CD, 0xACD, 0xB4D, 0xC4D, 0xD4D))
_CONSONANTS = (
    (0x915, 0x939), (0x958, 0x95F), (0x978, 0x97F), (0x995, 0x9A8), (0x9AA, 0x9B0), (0x9B2, 0x9B2),
    (0x9B6, 0x9B9), (0x9DC, 0x9DD), (0x9DF, 0x9DF), (0x9F0, 0x9F1), (0xA95, 0xAA8), (0xAAA, 0xAB0),
    (0xAB2, 0xAB3), (0xAB5, 0xAB9), (0xAF9, 0xAF9), (0xB15, 0xB28), (0xB2A, 0xB30), (0xB32, 0xB33),
    (0xB35, 0xB39), (0xB5C, 0xB5D), (0xB5F, 0xB5F), (0xB71, 0xB71), (0xC15, 0xC28), (0xC2A, 0xC39),
    (0xC58, 0xC5A), (0xD15, 0xD3A),
)
# fmt: on

# Grapheme_Cluster_Break values
OTHER, CR, LF, CONTROL, EXTEND, JOINER, RI, PREPEND, SPACING, L, V, T, LV, LVT = range(14)


def _within(cp: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    k = bisect.bisect_right(ranges, (cp, 0x110000)) - 1
    return k >= 0 and ranges[k][0] <= cp <= ranges[k][1]


def pictographic(ch: str) -> bool:
    """``ch`` is Extended_Pictographic (an emoji, or a pictograph that may become one)."""
    return _within(ord(ch), _PICTOGRAPHIC)


def _extend(cp: int, cat: str) -> bool:
    return cat in ("Mn", "Me") or _within(cp, _EXTEND_MORE) or _MODIFIERS[0] <= cp <= _MODIFIERS[1]


def _break_class(ch: str) -> int:
    """``ch``'s Grapheme_Cluster_Break."""
    cp, cat = ord(ch), unicodedata.category(ch)
    if ch == "\r":
        return CR
    if ch == "\n":
        return LF
    if ch == ZWJ:
        return JOINER
    if _extend(cp, cat):
        return EXTEND
    if _within(cp, _PREPEND):
        return PREPEND
    if cat in ("Cc", "Cf", "Zl", "Zp"):  # (a lone surrogate is Other, as the browser splits it)
        return CONTROL
    if 0x1F1E6 <= cp <= 0x1F1FF:
        return RI
    if 0xAC00 <= cp <= 0xD7A3:
        return LV if (cp - 0xAC00) % 28 == 0 else LVT
    if 0x1100 <= cp <= 0x115F or 0xA960 <= cp <= 0xA97C:
        return L
    if 0x1160 <= cp <= 0x11A7 or 0xD7B0 <= cp <= 0xD7C6:
        return V
    if 0x11A8 <= cp <= 0x11FF or 0xD7CB <= cp <= 0xD7FB:
        return T
    if (cat == "Mc" and not _within(cp, _NOT_SPACING)) or cp in _SPACING_LO:
        return SPACING
    return OTHER


def _joined(a: int, b: int) -> bool | None:
    """GB3 to GB9b for break classes ``a`` then ``b``: True no break, False a break, None
    when only the emoji, conjunct and flag rules can tell."""
    if a == CR and b == LF:
        return True
    if a in (CONTROL, CR, LF) or b in (CONTROL, CR, LF):
        return False
    if (
        (a == L and b in (L, V, LV, LVT))
        or (a in (LV, V) and b in (V, T))
        or (a in (LVT, T) and b == T)
        or b in (EXTEND, JOINER, SPACING)
        or a == PREPEND
    ):
        return True
    return None


def graphemes(text: str) -> list[str]:
    """``text`` split into extended grapheme clusters (the characters a person counts)."""
    out: list[str] = []
    start = 0
    prev = -1
    flags = 0  # regional indicators in a row, up to here
    emoji = False  # here ends a pictograph and marks: Extended_Pictographic Extend*
    emoji_zwj = False  # ... and then a ZWJ
    conjunct = 0  # 1: after an Indic consonant and its marks; 2: and a linking virama
    for i, ch in enumerate(text):
        cls = _break_class(ch)
        if i:
            joined = _joined(prev, cls)
            if joined is None:
                cp = ord(ch)
                joined = (
                    (conjunct == 2 and _within(cp, _CONSONANTS))
                    or (emoji_zwj and pictographic(ch))
                    or (prev == RI and cls == RI and flags % 2 == 1)
                )
            if not joined:
                out.append(text[start:i])
                start = i
        emoji_zwj = cls == JOINER and emoji
        emoji = pictographic(ch) or (emoji and cls == EXTEND)
        flags = flags + 1 if cls == RI else 0
        cp = ord(ch)
        if _within(cp, _CONSONANTS):
            conjunct = 1
        elif cp in _LINKERS and conjunct:
            conjunct = 2
        elif not (conjunct and cls in (EXTEND, JOINER)):
            conjunct = 0
        prev = cls
    if text:
        out.append(text[start:])
    return out


def _kept(ch: str) -> str:
    """What the name keeps of ``ch`` before the ZWJs are looked at: a space for white
    space, nothing for a control, format, private-use or surrogate character."""
    cat = unicodedata.category(ch)
    if ch in _SPACES or cat in ("Zs", "Zl", "Zp"):
        return " "
    if cat in ("Cc", "Cf", "Co", "Cs") and ch != ZWJ:
        return ""
    return ch


def _emoji_joins(chars: list[str]) -> list[str]:
    """``chars`` without the ZWJs that do not join two pictographs (marks, such as a
    skin tone or a variation selector, may follow the first)."""
    out: list[str] = []
    for i, ch in enumerate(chars):
        if ch == ZWJ:
            j = len(out) - 1
            while j >= 0 and _extend(ord(out[j]), unicodedata.category(out[j])):
                j -= 1
            if not (j >= 0 and pictographic(out[j]) and i + 1 < len(chars) and pictographic(chars[i + 1])):
                continue
        out.append(ch)
    return out


def clean(text: str) -> str:
    """``text`` as a name, by the one rule (see the module's doc); "" when nothing is left."""
    chars = _emoji_joins([k for k in map(_kept, text) if k])
    name = " ".join(w for w in unicodedata.normalize("NFC", "".join(chars)).split(" ") if w)
    kept: list[str] = []
    points = 0
    for g in graphemes(name):
        if len(kept) == NAME_MAX or points + len(g) > NAME_POINTS:
            break
        kept.append(g)
        points += len(g)
    return "".join(kept).rstrip(" ")
