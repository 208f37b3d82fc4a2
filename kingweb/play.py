"""The trick-play core shared by every game: the fast path the bots play out.

A :class:`Contract` says what a deal's tricks are worth and which lead restrictions
apply; a :class:`Play` is the card play of one deal as integers and bitmasks.  ``Play``
trusts its caller: :meth:`Play.play` does not check legality (the public ``Game`` layer
does, with messages), so that a bot can run thousands of playouts per decision.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from .cards import CODES, HEART_MASK, HEARTS, KH, KH_BIT, SUIT_MASK, codes_of
from .views import Counted

#: ``score(won, ntricks, winners)``: cards won per seat (masks), tricks per seat, the
#: winner of each trick of the deal (None: not played) → points per seat.
Scorer = Callable[[list[int], list[int], list[int | None]], list[int]]

# K♥ obligations (King's "king-of-hearts" deal, Кинг's king_discard option).
KH_NONE, KH_VOID, KH_VOID_OR_HEARTS = 0, 1, 2


@dataclass(frozen=True)
class Contract:
    """What one deal is played for.

    ``score(won, ntricks, winners)`` turns the cards each seat won, the number of tricks
    each took and the winner of every trick (indexed by absolute trick number) into the
    deal's points per seat.
    """

    id: str
    score: Scorer
    trump: int = -1
    ban_hearts_lead: bool = False
    kh_rule: int = KH_NONE
    kh_on_lead: bool = False
    #: The deal stops early once no card of this mask is left in any hand (0: never).
    early_mask: int = 0
    #: Points per seat are never positive (negative) or never negative (positive).
    sign: int = -1
    #: What scores, item by item, for ``counted``: ``("card", mask, unit)`` each card of
    #: ``mask`` won; ``("tricks", base, unit)`` base + unit per trick taken; ``("last-two",
    #: 0, unit)`` each of the last two tricks.  ``score`` is the fast sum of the same.
    parts: tuple[tuple[str, int, int], ...] = ()
    #: The name of each of ``parts`` (Кинг's: its deals, "hearts", "boys"…).  Where several
    #: parts count cards («ералаш»), a card's points alone would not tell what they were
    #: for: ``counted`` then lists each card under each part it counts in, by this name.
    names: tuple[str, ...] = ()
    #: What ``score`` gives every seat before any trick (King's down: 325 each, less 75 a
    #: trick); a deal under way shows points less it (``Play.points_so_far``).
    stake: int = 0

    @property
    def unit(self) -> int | None:
        """What each scoring item counts (a trick, a card, one of the last two tricks),
        signed; None when the deal counts items of several kinds («ералаш») or none."""
        return self.parts[0][2] if len(self.parts) == 1 else None

    def points_so_far(self, won: list[int], ntricks: list[int], winners: list[int | None]) -> list[int]:
        """What the tricks taken so far have brought each seat (``score``'s arguments):
        its points less the ``stake``.  In a down deal every seat would show +325 at 0
        tricks (1300 in all, where the deal hands out 325); so far it has cost −75 a trick
        taken."""
        points = self.score(won, ntricks, winners)
        return [x - self.stake for x in points] if self.stake else points

    def counted(self, won: list[int], ntricks: list[int], winners: list[int | None]) -> list[list[Counted]]:
        """Per seat, the items that seat took that scored, each with its points (they sum
        to ``score``'s points):

        - ``{"kind": "card", "card": "QS", "points": -50}``: a scoring card it won; where
          several named parts count cards («ералаш») one item per part it counts in, with
          its ``part`` (the K♥ of «ералаш»: a "hearts" item and a "king" item);
        - ``{"kind": "trick", "trick": 12, "points": -90}``: a scoring trick it won,
          numbered from 1 in the deal;
        - ``{"kind": "tricks", "count": 3, "points": -60}``: its number of tricks, where
          tricks as such score (present for every seat, even at 0).
        """
        out: list[list[Counted]] = [[] for _ in won]
        card_parts = [(mask, unit) for kind, mask, unit in self.parts if kind == "card"]
        for kind, base, unit in self.parts:
            if kind == "tricks":
                for s, t in enumerate(ntricks):
                    out[s].append({"kind": "tricks", "count": t, "points": base + unit * t})
        if len(card_parts) > 1 and self.names:
            # each part's cards apart: one sum for a K♥, a jack and a queen would not say
            # what it was for
            for (kind, mask, unit), name in zip(self.parts, self.names, strict=True):
                if kind != "card":
                    continue
                for s, w in enumerate(won):
                    for card in codes_of(w & mask):  # (lowest first)
                        out[s].append({"kind": "card", "card": card, "points": unit, "part": name})
        elif card_parts:
            scoring = 0
            for mask, _ in card_parts:
                scoring |= mask
            for s, w in enumerate(won):
                m = w & scoring
                while m:  # lowest card first
                    low = m & -m
                    m ^= low
                    pts = 0
                    for mask, unit in card_parts:
                        if low & mask:
                            pts += unit
                    out[s].append({"kind": "card", "card": CODES[low.bit_length() - 1], "points": pts})
        for kind, _, unit in self.parts:
            if kind == "last-two":
                for k in range(len(winners) - 2, len(winners)):
                    winner = winners[k]
                    if winner is not None:
                        out[winner].append({"kind": "trick", "trick": k + 1, "points": unit})
        return out


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` takes the trick from ``best``, the winning card so far: a higher
    card of its suit, or a trump on a card that is not one.  (``random_playout`` writes
    this out inline: it is the hot loop.)"""
    suit = card // 13
    if suit == best // 13:
        return card > best
    return suit == trump


P = TypeVar("P", bound="Play")


class Play:
    """Card play of one deal: hands as bitmasks, the trick in progress, tricks won."""

    __slots__ = (
        "best",
        "best_seat",
        "c",
        "early",
        "hands",
        "last_trick",
        "leader",
        "led",
        "live",
        "n",
        "ntricks",
        "over",
        "trick",
        "trick_no",
        "turn",
        "winners",
        "won",
    )

    def __init__(
        self,
        contract: Contract,
        hands: Iterable[int],
        leader: int,
        tricks_per_hand: int,
        trick_no: int = 0,
        early_end: bool = True,
    ) -> None:
        self.c = contract
        self.hands = list(hands)
        self.n = len(self.hands)
        self.turn = self.leader = leader
        self.trick: list[int] = []
        self.led = self.best = self.best_seat = -1
        self.trick_no = trick_no
        self.last_trick = tricks_per_hand - 1
        self.won = [0] * self.n
        self.ntricks = [0] * self.n
        self.winners: list[int | None] = [None] * tricks_per_hand
        self.live = 0
        for h in self.hands:
            self.live |= h
        self.early = contract.early_mask if early_end else 0
        self.over = self.live == 0

    def copy(self) -> "Play":
        return self._copy_into(Play.__new__(Play))

    def _copy_into(self, p: "P") -> "P":
        """``p``, a new object of ``Play`` or a subclass, made a copy of this play's state
        (a subclass copies its own fields after)."""
        p.n, p.c, p.turn, p.leader = self.n, self.c, self.turn, self.leader
        p.hands, p.trick = self.hands[:], self.trick[:]
        p.led, p.best, p.best_seat = self.led, self.best, self.best_seat
        p.trick_no, p.last_trick = self.trick_no, self.last_trick
        p.won, p.ntricks, p.winners = self.won[:], self.ntricks[:], self.winners[:]
        p.live, p.over, p.early = self.live, self.over, self.early
        return p

    def legal_mask(self) -> int:
        """The cards the seat to act may play, as a mask."""
        h = self.hands[self.turn]
        c = self.c
        if not self.trick:
            if c.ban_hearts_lead and h & ~HEART_MASK:
                return h & ~HEART_MASK
            if c.kh_on_lead and h & KH_BIT and not h & ~HEART_MASK:  # only hearts: K♥ first
                return KH_BIT
            return h
        f = h & SUIT_MASK[self.led]
        if f:
            if c.kh_rule == KH_VOID_OR_HEARTS and self.led == HEARTS and f & KH_BIT:
                return KH_BIT
            return f
        if c.kh_rule and h & KH_BIT:
            return KH_BIT
        return h

    def play(self, card: int) -> None:
        """Play ``card`` for the seat to act.  No legality check: see ``legal_mask``."""
        s = self.turn
        bit = 1 << card
        self.hands[s] ^= bit
        self.live ^= bit
        trick = self.trick
        if not trick:
            self.led = card // 13
            self.best, self.best_seat = card, s
        else:  # beats(card, self.best, trump), inline: the public API's every card
            best = self.best
            if card // 13 == best // 13:
                if card > best:
                    self.best, self.best_seat = card, s
            elif card // 13 == self.c.trump:
                self.best, self.best_seat = card, s
        trick.append(card)
        if len(trick) < self.n:
            self.turn = (s + 1) % self.n
            return
        w = self.best_seat
        for x in trick:
            self.won[w] |= 1 << x
        self.ntricks[w] += 1
        self.winners[self.trick_no] = w
        self.trick = []
        self.trick_no += 1
        self.turn = self.leader = w
        if not self.live or self.live & self.early == 0 < self.early:
            self.over = True

    def points(self) -> list[int]:
        return self.c.score(self.won, self.ntricks, self.winners)

    def points_so_far(self) -> list[int]:
        """What the tricks taken so far have brought each seat (``Contract.points_so_far``)."""
        return self.c.points_so_far(self.won, self.ntricks, self.winners)

    @property
    def ended_early(self) -> bool:
        """Whether the deal stopped with cards still in hand: nothing left to charge."""
        return self.over and self.live != 0

    def random_playout(self, rand: Callable[[], float]) -> list[int]:
        """Play to the end choosing uniformly among legal cards; return the points.

        ``rand`` is a ``random.Random().random``-like callable.  This is the loop the
        benchmark times and the bots' cheapest rollout: ``legal_mask`` and ``play``
        fused into one loop over local variables, which is what makes it fast in
        CPython.  ``tests/engine/test_play.py`` proves it chooses and scores exactly as
        stepping through ``legal_mask``/``play`` with the same random numbers.
        """
        c = self.c
        n, hands, trump = self.n, self.hands, c.trump
        ban, kh_rule, kh_lead = c.ban_hearts_lead, c.kh_rule, c.kh_on_lead
        kh_hearts = kh_rule == KH_VOID_OR_HEARTS
        early, end = self.early, self.last_trick + 1
        won, ntricks, winners = self.won, self.ntricks, self.winners
        trick_no, turn = self.trick_no, self.turn
        led, best, best_seat = self.led, self.best, self.best_seat
        shift = 13 * led
        over = self.over
        pos = len(self.trick)  # cards in the trick so far
        tmask = 0
        for x in self.trick:
            tmask |= 1 << x
        NOT_HEARTS = ~HEART_MASK
        select = _select()
        while not over:
            h = hands[turn]
            if pos:
                f = (h >> shift) & 0x1FFF
                if f:
                    if kh_hearts and led == HEARTS and f & KH_RANK_BIT:
                        card = KH
                        rand()  # a forced card draws too, like any single legal card
                    else:  # the common case: choose among the cards of the suit led
                        ranks = select[f]
                        card = shift + ranks[int(rand() * len(ranks))]
                elif kh_rule and h & KH_BIT:
                    card = KH
                    rand()
                else:  # void: any card (the k-th set bit, written out: it is hot)
                    m = h
                    k = int(rand() * m.bit_count())
                    while k:
                        m &= m - 1
                        k -= 1
                    card = (m & -m).bit_length() - 1
                suit = card // 13  # beats(card, best, trump), inline
                if suit == best // 13:
                    if card > best:
                        best, best_seat = card, turn
                elif suit == trump:
                    best, best_seat = card, turn
            else:
                if ban and h & NOT_HEARTS:
                    m = h & NOT_HEARTS
                elif kh_lead and h & KH_BIT and not h & NOT_HEARTS:
                    m = KH_BIT
                else:
                    m = h
                k = int(rand() * m.bit_count())
                while k:
                    m &= m - 1
                    k -= 1
                card = (m & -m).bit_length() - 1
                led = card // 13
                shift = 13 * led
                best, best_seat = card, turn
            bit = 1 << card
            hands[turn] = h ^ bit
            tmask |= bit
            pos += 1
            if pos < n:
                turn = turn + 1 if turn + 1 < n else 0
                continue
            won[best_seat] |= tmask
            ntricks[best_seat] += 1
            winners[trick_no] = best_seat
            pos = tmask = 0
            trick_no += 1
            turn = best_seat
            if trick_no == end:
                over = True
            elif early:
                live = 0
                for x in hands:
                    live |= x
                over = not live & early
        self.trick = []
        self.live = 0
        for x in hands:
            self.live |= x
        self.trick_no, self.turn, self.leader = trick_no, turn, turn
        self.led, self.best, self.best_seat, self.over = led, best, best_seat, over
        return c.score(won, ntricks, winners)


KH_RANK_BIT = 1 << (KH % 13)
_SELECT: tuple[tuple[int, ...], ...] | None = None


def _select() -> tuple[tuple[int, ...], ...]:
    """For each 13-bit suit mask, the ranks it holds: picks a card of the suit led in
    O(1).  Built on first use, so that importing the engine stays quick in the browser."""
    global _SELECT
    if _SELECT is None:
        _SELECT = tuple(tuple(r for r in range(13) if m >> r & 1) for m in range(1 << 13))
    return _SELECT
