"""Card-play heuristics on masks: the ``normal`` bot's play and the search's rollouts.

``greedy(p, others)`` chooses a card for ``p.turn`` from the position ``p`` and the mask
``others`` of cards that may be in other hands.  The ``normal`` bot calls it with the
cards it has not seen; a rollout inside one sampled world calls it with the other
seats' actual hands.  The same rules of thumb serve both: duck under the card winning
the trick, shed the costly card when void, lead where others hold lower cards; in the
positives, win with the cheapest sure winner and draw trumps when holding them.

``choose(p, others)`` is the same choice with the name of the rule that made it (one of
``RULES``): the hints say why from it (``kingweb.bots.hints``).
"""

from typing import Protocol

from ..cards import SUIT_MASK
from ..cards import cards_of as _cards
from ..play import Contract, Play
from .knowledge import card_values

#: The rules of thumb of the deals that avoid tricks (the negatives, and down), by the
#: name ``choose`` gives each (a hint's reason starts from it)
DUCK_RULES = (
    "shed-early",  # last-two, early on: tricks are free, get rid of the highest card
    "duck",  # follow under the winning card with the highest card that still loses
    "win-anyway",  # every card wins (or none can be overtaken): win with the highest
    "play-low",  # every card beats the trick, but a card still out may go over: play low
    "discard",  # void: the costliest card, else the most dangerous
    "lead-low",  # a lead: the card others are most likely to beat
)
#: ... and of the deals that take tricks (the positives)
TAKE_RULES = (
    "win-cheap",  # last to play: the cheapest winner
    "win-sure",  # a winner nobody still to play can beat, the cheapest such
    "win-high",  # no sure winner: the highest that wins now
    "win-low",  # only trumps win and none is sure: the lowest winning trump
    "cannot-win",  # nothing wins: the lowest card, trumps kept
    "lead-winner",  # a card nothing still out can beat
    "draw-trumps",  # holding at least as many trumps as are out: the highest trump
    "lead-long",  # the lowest of the longest side suit
)
#: Every rule: the above, a single legal card, and the ``easy`` level's simpler rules
RULES = ("forced", *DUCK_RULES, *TAKE_RULES, "easy")


class Position(Protocol):
    """What ``greedy`` reads of a position: a ``Play`` in a sampled world, or the
    ``normal`` bot's own view of the trick (``kingweb.bots._Position``)."""

    c: Contract
    n: int
    turn: int
    hands: list[int]  # only ``hands[turn]`` is read
    trick: list[int]
    led: int
    best: int
    trick_no: int
    last_trick: int

    def legal_mask(self) -> int: ...


def _high(m: int) -> int:
    return m.bit_length() - 1


def _low(m: int) -> int:
    return (m & -m).bit_length() - 1


def _above(c: int) -> int:
    """The cards of ``c``'s suit above ``c``, as a mask."""
    return SUIT_MASK[c // 13] & ~((1 << (c + 1)) - 1)


def _rank_key(c: int) -> int:
    return c % 13


def wants_tricks(contract: Contract) -> bool:
    """Whether winning tricks scores in this contract (the positives)."""
    return contract.sign > 0


def greedy(p: Position, others: int, easy: bool = False) -> int:
    """The card ``choose`` plays."""
    return choose(p, others, easy)[0]


def choose(p: Position, others: int, easy: bool = False, later: int | None = None) -> tuple[int, str]:
    """``(card, rule)``: the card for ``p.turn`` and the rule of thumb (``RULES``) that chose it.

    ``later`` are the cards the seats still to play to this trick may hold (by default
    ``others``; the ``normal`` bot leaves out the suits they have all shown out of)."""
    legal = p.legal_mask()
    if not legal & (legal - 1):
        return _low(legal), "forced"
    con = p.c
    if later is None:
        later = others
    if wants_tricks(con):
        return _take(p, legal, others, easy, later)
    return _duck(p, legal, others, easy, later)


def _winners(p: Position, m: int) -> int:
    """The cards of ``m`` that would beat the trick's best card so far: ``play.beats``
    for a whole mask at once (the rollouts' hot path)."""
    best, trump = p.best, p.c.trump
    bs = best // 13
    out = m & SUIT_MASK[bs] & ~((1 << (best + 1)) - 1)
    if trump >= 0 and bs != trump:
        out |= m & SUIT_MASK[trump]
    return out


def _duck(p: Position, legal: int, others: int, easy: bool, later: int) -> tuple[int, str]:
    vals, trick_val = card_values(p.c)
    if not easy and trick_val == 0 and not any(vals) and p.trick_no < p.last_trick - 2:
        # only the last tricks cost (last-two): early on, get rid of the high cards
        return max(_cards(legal), key=lambda c: (c % 13, c)), "shed-early"
    if p.trick:
        led = p.led
        follow = legal & SUIT_MASK[led]
        if follow:
            losers = follow & ~_winners(p, follow)
            if losers:
                return _high(losers), "duck"  # the highest card that still loses
            # every card wins the trick as it stands: keep a costly card back when a
            # cheaper one does as well
            cands = [c for c in _cards(follow) if vals[c] == 0] or _cards(follow)
            if easy:
                return max(cands), "easy"
            if len(p.trick) == p.n - 1 or not later & _above(min(cands)):
                # nobody after us can go over: the trick is ours, take it with the highest
                return max(cands), "win-anyway"
            # someone after us may still go over: play low and hope
            return min(cands), "play-low"
        # void: shed the costliest card, else the highest card of the shortest suit
        cs = _cards(legal)
        if easy:  # the rookie's discard: simply the highest card
            return max(cs, key=lambda c: (c % 13, c)), "easy"
        return max(
            cs,
            key=lambda c: (-vals[c], c % 13 + _danger(c, others), -(p.hands[p.turn] & SUIT_MASK[c // 13]).bit_count()),
        ), "discard"
    # lead: the card others are most likely to beat
    cs = _cards(legal)
    if easy:  # the rookie's lead: simply the lowest card
        return min(cs, key=lambda c: (c % 13, c)), "easy"

    def risk(c: int) -> tuple[int, int, int]:
        suit = SUIT_MASK[c // 13] & others
        below = suit & ((1 << c) - 1)
        above = suit & ~((1 << (c + 1)) - 1)
        if not suit:
            return (3, 0, c % 13)  # nobody can follow: a sure loss of the trick
        return (1 if vals[c] < 0 else 0, below.bit_count() - above.bit_count() // 2, c % 13)

    return min(cs, key=risk), "lead-low"


def _danger(c: int, others: int) -> int:
    """How much higher cards others hold than ``c``: fewer above → more dangerous."""
    return 3 if not others & _above(c) else 0


def _take(p: Position, legal: int, others: int, easy: bool, later: int) -> tuple[int, str]:
    trump = p.c.trump
    tmask = SUIT_MASK[trump] if trump >= 0 else 0
    if p.trick:
        wins = _winners(p, legal)
        last = len(p.trick) == p.n - 1
        if wins:
            if last or easy:
                same = wins & SUIT_MASK[p.led]
                return (_low(same) if same else _low(wins)), "easy" if easy and not last else "win-cheap"
            # not last: win only with a card nobody still to play can beat
            sure = [c for c in _cards(wins) if not _beatable(c, p, later)]
            if sure:
                return min(sure), "win-sure"
            if wins & ~tmask:
                return _high(wins & ~tmask), "win-high"
            return _low(wins), "win-low"
        # cannot win: throw the least useful card (lowest of the longest side suit)
        cs = _cards(legal)
        return min(cs, key=lambda c: (c // 13 == trump, c % 13)), "cannot-win"
    cs = _cards(legal)
    if easy:
        return max(cs, key=_rank_key), "easy"
    hand = p.hands[p.turn]
    # lead a sure winner: a top card of its suit (a side suit only if trumps are out)
    others_trumps = others & tmask
    sure = [c for c in cs if not others & _above(c) and (c // 13 == trump or not others_trumps)]
    if sure:
        return max(sure, key=lambda c: (c // 13 == trump, c % 13)), "lead-winner"
    if tmask and hand & tmask and (hand & tmask).bit_count() >= others_trumps.bit_count():
        return _high(hand & tmask), "draw-trumps"  # draw trumps while holding the most
    # otherwise lead low from the longest side suit
    return min(cs, key=lambda c: ((c // 13) == trump, -(hand & SUIT_MASK[c // 13]).bit_count(), c % 13)), "lead-long"


def _beatable(c: int, p: Position, others: int) -> bool:
    suit = c // 13
    trump = p.c.trump
    if others & _above(c):
        return True
    return trump >= 0 and suit != trump and bool(others & SUIT_MASK[trump])


def rollout(p: Play) -> list[int]:
    """Play ``p`` to the end, every seat using ``greedy`` with full knowledge of the
    sampled world; return the points."""
    while not p.over:
        t = p.turn
        others = 0
        for s, h in enumerate(p.hands):
            if s != t:
                others |= h
        p.play(choose(p, others)[0])
    return p.points()
