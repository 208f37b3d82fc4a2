"""The checks of the card reasons and of the costs of a wrong card: each is True when every
fact its words state holds (``hints.CODES`` pairs each code with its check)."""

from collections.abc import Callable
from typing import cast

from .. import cards
from ..cards import INDEX, SUIT_MASK, SUITS
from ..play import KH_NONE
from .hintfacts import Facts, Params, _is_trump, _only_stage1, _rank
from .search import Values

# -- the checks of card reasons: True when every fact the words state holds ------------------

CardCheck = Callable[[Facts, int, Params], bool]


def _forced(f: Facts, c: int, p: Params) -> bool:
    return f.legal == 1 << c


def _follows_suit(f: Facts, c: int, p: Params) -> bool:
    """``c`` is of the suit led, and another legal card would have been too: the rule, not
    the seat's only card, made the choice."""
    return bool(f.trick) and c // 13 == f.led and f.legal != 1 << c and p["suit"] == SUITS[f.led]


def _king_forced(f: Facts, c: int, p: Params) -> bool:
    has_rule = f.contract.kh_rule != KH_NONE or f.contract.kh_on_lead
    return has_rule and f.legal == 1 << INDEX["KH"] and f.hand.bit_count() > 1


def _shed_early(f: Facts, c: int, p: Params) -> bool:
    only_last_two = f.contract.id in ("last-two", "no-last-two")
    free_now = f.trick_no < f.tricks - 2
    return only_last_two and free_now and _rank(c) == max(_rank(x) for x in f.legal_cards())


def _duck(f: Facts, c: int, p: Params) -> bool:
    ducks = [x for x in f.legal_cards() if x // 13 == f.led and not f.wins_now(x)]
    return c in ducks and c == max(ducks) and p["best"] == cards.code(f.best)


def _win_anyway(f: Facts, c: int, p: Params) -> bool:
    xs = f.legal_cards()
    return all(f.takes(x) for x in xs) and c == max(xs, key=_rank)


def _win_free(f: Facts, c: int, p: Params) -> bool:
    higher = [x for x in f.legal_cards() if _rank(x) > _rank(c)]
    return f.takes(c) and f.cost(c) == 0 and all(f.cost(x) < 0 for x in higher)


def _play_low(f: Facts, c: int, p: Params, free: bool = False) -> bool:
    xs = f.legal_cards()
    lower = [x for x in xs if _rank(x) < _rank(c)]
    lowest = all(f.cost(x) < 0 for x in lower) and f.cost(c) == 0 if free else not lower
    higher_out = bool(f.threats(c) & SUIT_MASK[f.led])
    return (
        bool(f.trick)
        and c // 13 == f.led
        and all(f.wins_now(x) for x in xs)
        and higher_out
        and lowest
        and p["best"] == cards.code(f.best)
        and p["suit"] == SUITS[f.led]
    )


def _discard_penalty(f: Facts, c: int, p: Params) -> bool:
    costs = [f.cost(x) for x in f.legal_cards()]
    return f.void_in_led() and f.cost(c) < 0 and f.cost(c) == min(costs) and p["suit"] == SUITS[f.led]


def _discard_boss(f: Facts, c: int, p: Params) -> bool:
    above = f.out_in(c // 13) & ~((1 << (c + 1)) - 1)
    free = all(f.cost(x) == 0 for x in f.legal_cards())
    return f.void_in_led() and free and not above and p["suit"] == SUITS[f.led]


def _discard_high(f: Facts, c: int, p: Params) -> bool:
    free = all(f.cost(x) == 0 for x in f.legal_cards())
    top = max(_rank(x) for x in f.legal_cards())
    return f.void_in_led() and free and _rank(c) == top and p["suit"] == SUITS[f.led]


def _lead_counts(f: Facts, c: int) -> tuple[int, int]:
    suit = f.out_in(c // 13)
    below = suit & ((1 << c) - 1)
    return (suit & ~below).bit_count(), below.bit_count()


def _lead_under(f: Facts, c: int, p: Params) -> bool:
    above, below = _lead_counts(f, c)
    return not f.trick and f.contract.sign <= 0 and above > 0 and below == 0 and p["suit"] == SUITS[c // 13]


def _lead_low(f: Facts, c: int, p: Params) -> bool:
    above, below = _lead_counts(f, c)
    return not f.trick and below > 0 and (p["above"], p["below"], p["suit"]) == (above, below, SUITS[c // 13])


def _lead_alone(f: Facts, c: int, p: Params) -> bool:
    return not f.trick and all(not f.out_in(x // 13) for x in f.legal_cards())


def _cheapest_win(f: Facts, c: int) -> bool:
    wins = [x for x in f.legal_cards() if f.wins_now(x)]
    return c in wins and min(wins, key=lambda x: (_is_trump(f, x), _rank(x))) == c


def _win_cheap(f: Facts, c: int, p: Params) -> bool:
    return f.last and _cheapest_win(f, c)


def _win_sure(f: Facts, c: int, p: Params) -> bool:
    return bool(f.trick) and f.takes(c)


def _win_high(f: Facts, c: int, p: Params) -> bool:
    same = [x for x in f.legal_cards() if x // 13 == c // 13]
    return bool(f.trick) and f.wins_now(c) and bool(f.threats(c)) and c == max(same) and p["best"] == cards.code(f.best)


def _win_low(f: Facts, c: int, p: Params) -> bool:
    trumps = [x for x in f.legal_cards() if _is_trump(f, x) and f.wins_now(x)]
    return bool(f.trick) and c in trumps and c == min(trumps) and p["best"] == cards.code(f.best)


def _cannot_win(f: Facts, c: int, p: Params, keep_trumps: bool = False) -> bool:
    xs = f.legal_cards()
    pool = [x for x in xs if not _is_trump(f, x)] if keep_trumps else xs
    return (
        bool(f.trick)
        and not any(f.wins_now(x) for x in xs)
        and c in pool
        and _rank(c) == min(_rank(x) for x in pool)
        and p["best"] == cards.code(f.best)
    )


def _lead_winner(f: Facts, c: int, p: Params) -> bool:
    above = f.out_in(c // 13) & ~((1 << (c + 1)) - 1)
    ruffs = f.trump >= 0 and not _is_trump(f, c) and f.out_in(f.trump)
    return not f.trick and f.contract.sign > 0 and not above and not ruffs


def _draw_trumps(f: Facts, c: int, p: Params) -> bool:
    if f.trick or f.trump < 0 or not _is_trump(f, c):
        return False
    mine = f.hand & SUIT_MASK[f.trump]
    theirs = f.out_in(f.trump).bit_count()
    return c == mine.bit_length() - 1 and mine.bit_count() >= theirs > 0


def _lead_long(f: Facts, c: int, p: Params) -> bool:
    xs = f.legal_cards()
    side = [x for x in xs if not _is_trump(f, x)] or xs
    length = {x // 13: (f.hand & SUIT_MASK[x // 13]).bit_count() for x in side}
    own = f.hand & SUIT_MASK[c // 13]
    return not f.trick and c in side and length[c // 13] == max(length.values()) and c == (own & -own).bit_length() - 1


def _take_faceup(f: Facts, c: int, p: Params) -> bool:
    return _only_stage1(f) and _cheapest_win(f, c) and p["faceup"] == cards.code(cast(int, f.faceup))


def _lose_cheap(f: Facts, c: int, p: Params) -> bool:
    xs = f.legal_cards()
    lowest = min(xs, key=lambda x: (_is_trump(f, x), _rank(x))) == c
    could = any(f.wins_now(x) for x in xs)
    return _only_stage1(f) and not f.wins_now(c) and lowest and could and p["faceup"] == cards.code(cast(int, f.faceup))


def _stay_under(f: Facts, c: int, p: Params) -> bool:
    """A deal where tricks cost: ``c`` cannot take the trick (it stays under the card winning it)."""
    return f.contract.sign <= 0 and bool(f.trick) and not f.wins_now(c) and p["best"] == cards.code(f.best)


def _take_free(f: Facts, c: int, p: Params) -> bool:
    """A deal where tricks cost: the seat plays last, and ``c`` takes a trick that costs nothing."""
    return f.contract.sign <= 0 and f.last and f.wins_now(c) and f.worth(f.on_trick() | 1 << c) == 0


def _let_go(f: Facts, c: int, p: Params) -> bool:
    """A positive: ``c`` loses the trick, and every card that would win it now may be
    beaten by a card a seat still to play may hold."""
    if f.contract.sign <= 0 or not f.trick or f.wins_now(c):
        return False
    winners = [x for x in f.legal_cards() if f.wins_now(x)]
    return bool(winners) and all(f.threats(x) for x in winners)


# -- search values -------------------------------------------------------------------------


def _top(v: Values) -> list[int]:
    """The cards the search compared on the most worlds, best first."""
    most = max(v.worlds.values())
    return sorted((c for c in v.means if v.worlds[c] == most), key=lambda c: (-v.means[c], c))


def _search(f: Facts, c: int, p: Params, even: bool = False) -> bool:
    v = f.values
    if v is None or v.exact or c != v.best():
        return False
    other = INDEX[p["other"]]
    gain = round(v.means[c] - v.means[other], 1)
    comparable = v.worlds[other] == v.worlds[c] and other != c
    return comparable and p["gain"] == gain and p["n"] == v.worlds[c] and (gain < 0.1 if even else gain >= 0.1)


def _endgame(f: Facts, c: int, p: Params, any_card: bool = False) -> bool:
    v = f.values
    if v is None or not v.exact or p["tricks"] != v.means[c] or p["left"] != f.hand.bit_count():
        return False
    if any_card:
        return len(set(v.means.values())) == 1
    return v.means[c] == max(v.means.values()) and p["other_tricks"] == v.means[INDEX[p["other"]]] < v.means[c]


# -- the checks of the costs of a wrong play (lessons) -----------------------------------------


def _worse_takes(f: Facts, c: int, p: Params) -> bool:
    pts = -f.worth(f.on_trick() | 1 << c)
    return f.last and f.wins_now(c) and pts > 0 and p["pts"] == pts


def _worse_loses(f: Facts, c: int, p: Params) -> bool:
    better = INDEX[p["better"]]
    pts = f.worth(f.on_trick() | 1 << better)
    return f.last and not f.wins_now(c) and f.wins_now(better) and pts > 0 and p["pts"] == pts


def _worse_keeps(f: Facts, c: int, p: Params) -> bool:
    better = INDEX[p["better"]]
    return (
        f.void_in_led()
        and f.legal >> better & 1 == 1
        and f.cost(better) < f.cost(c)
        and f.cost(better) < 0
        and p["pts"] == -f.cost(better)
    )


def _worse_gives_faceup(f: Facts, c: int, p: Params) -> bool:
    return _only_stage1(f) and not f.wins_now(c) and p["faceup"] == cards.code(cast(int, f.faceup))


def _worse_spends(f: Facts, c: int, p: Params) -> bool:
    up = f.faceup
    return (
        _only_stage1(f)
        and up is not None
        and f.wins_now(c)
        and not _is_trump(f, up)
        and _rank(c) >= 9  # a jack or higher
        and _rank(c) > _rank(up)
        and p["faceup"] == cards.code(up)
    )


def _worse_endgame(f: Facts, c: int, p: Params) -> bool:
    v = f.values
    if v is None or not v.exact:
        return False
    better = INDEX[p["better"]]
    return (p["tricks"], p["better_tricks"], p["left"]) == (
        v.means[c],
        v.means[better],
        f.hand.bit_count(),
    ) and v.means[c] < v.means[better]


def _worse_search(f: Facts, c: int, p: Params) -> bool:
    v = f.values
    if v is None or v.exact:
        return False
    better = INDEX[p["better"]]
    cost = round(v.means[better] - v.means[c], 1)
    return bool(p["cost"] == cost > 0 and p["n"] == min(v.worlds[c], v.worlds[better]))
