"""Exact search of small endings.

- ``maxn``: the last few tricks of a four-player deal with every hand known (inside one
  sampled world): each seat maximises its own points (max-n).
- ``TrickSolver``: the same max-n, remembering the value of every trick's start it meets,
  so that one ending solved in many worlds (a review's every deal of the unseen cards)
  costs far fewer nodes than as many separate searches.
- ``WhistSolver``: German Whist's stage 2, a two-hand perfect-information endgame, by
  alpha-beta over whole tricks with a transposition table keyed by the position's shape
  (each suit's cards by rank order alone, the side suits in any order) and rank
  equivalence (cards touching in rank among the cards still out are one choice).
"""

import functools
import time
from collections.abc import Callable

from ..cards import KH_BIT, SUIT_MASK
from ..cards import cards_of as _cards
from ..play import Contract, Play, beats
from .knowledge import card_values


class OutOfTime(Exception):
    """A solver search ran past its deadline."""


#: ``WhistSolver`` reads the clock once every this many nodes it searches (a power of 2).
#: It read it every 1,024, and a searched node with its children's table look-ups takes up
#: to about a millisecond in Pyodide: the ``normal`` bot's 40 ms think ran to 1.3 s of wall
#: time there (Pyodide in Node, 12 matches, on a 2-core machine at load ~15).  A read
#: costs about 7 µs in Pyodide, so a read every 16 nodes costs next to nothing
CLOCK_EVERY = 16


def maxn(p: Play) -> tuple[list[int], int | None]:
    """Points of the end of ``p`` under best play by every seat for itself (``p`` is
    consumed).  Returns ``(points, first_card)``."""
    if p.over:
        return p.points(), None
    t = p.turn
    best: list[int] | None = None
    best_card: int | None = None
    for c in _cards(p.legal_mask()):
        q = p.copy()
        q.play(c)
        pts, _ = maxn(q)
        if best is None or pts[t] > best[t]:
            best, best_card = pts, c
    assert best is not None  # a deal not over has a legal card
    return best, best_card


class _Turn:
    """What ``Play.legal_mask`` reads of a position: the solver's own, with no copy."""

    __slots__ = ("c", "hands", "led", "trick", "turn")
    c: Contract
    hands: list[int]
    led: int
    trick: list[tuple[int, int]]
    turn: int


class TrickSolver:
    """Max-n over the rest of a deal with every hand known, each seat playing for its own
    points, ties to the lowest card (as ``maxn``).

    The points of a deal are a sum over its tricks, so the value of a trick's start (the
    hands and the leader) holds whatever was played before it: it is remembered across
    positions and worlds of one contract.  ``settle``, when given, turns a deal's points
    into what the seats finally score (a bought King positive: the buyer pays the owner),
    which does not add up trick by trick: then the tricks taken so far are part of what is
    remembered.  Cards alike in points and in the rules, touching in rank among the cards
    still live, are one choice.
    """

    def __init__(self, contract: Contract, settle: Callable[[list[int]], list[int]] | None = None) -> None:
        self.c, self.settle = contract, settle
        self.classes = alike(contract)
        self.memo: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._gains: dict[tuple[int, int, int], tuple[int, ...]] = {}
        self._turn = _Turn()
        self._turn.c = contract
        self._n = self._early = self._per = 0
        self._zero: tuple[int, ...] = ()

    def points(self, p: Play) -> tuple[int, ...]:
        """The final points of ``p``'s deal under best play (``p`` is not changed)."""
        if self.settle is not None:
            return self._settled(p)
        if p.over:
            return tuple(p.points())
        n = self._n = p.n
        self._early, self._per = p.early, len(p.winners)
        self._zero = tuple(self.c.score([0] * n, [0] * n, [None] * self._per))
        trick = [((p.leader + i) % n, c) for i, c in enumerate(p.trick)]
        rest = self._rest(list(p.hands), trick, p.turn, p.trick_no, in_play(p))
        return tuple(a + b for a, b in zip(p.points(), rest, strict=True))

    def _choices(self, legal: int, live: int) -> int:
        """One card of each run of ``legal`` among the ``live`` cards (the hands' and the
        trick's; see the class's docstring)."""
        return choices(legal, live, self.classes)

    def _rest(
        self, hands: list[int], trick: list[tuple[int, int]], turn: int, trick_no: int, live: int
    ) -> tuple[int, ...]:
        """The points still to come; ``hands`` is changed and put back, ``live`` is every
        card in the hands and the trick (the same through a trick)."""
        key: tuple[int, ...] | None = None
        if not trick:
            key = (*hands, turn)
            hit = self.memo.get(key)
            if hit is not None:
                return hit
        at = self._turn
        at.hands, at.turn, at.trick = hands, turn, trick
        at.led = trick[0][1] // 13 if trick else -1
        m = self._choices(Play.legal_mask(at), live)  # type: ignore[arg-type]  # (reads these five)
        last = len(trick) == self._n - 1
        best: tuple[int, ...] | None = None
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            hands[turn] ^= low
            if last:
                v = self._trick_over([*trick, (turn, c)], hands, trick_no, live)
            else:
                v = self._rest(hands, [*trick, (turn, c)], (turn + 1) % self._n, trick_no, live)
            hands[turn] ^= low
            if best is None or v[turn] > best[turn]:
                best = v
        assert best is not None  # a deal not over has a legal card
        if key is not None:
            self.memo[key] = best
        return best

    def _trick_over(self, cards: list[tuple[int, int]], hands: list[int], trick_no: int, live: int) -> tuple[int, ...]:
        """What a finished trick scores, and the rest of the deal after it."""
        winner, best = cards[0]
        mask = 0
        trump = self.c.trump
        for s, c in cards:
            mask |= 1 << c
            if c != best and beats(c, best, trump):
                winner, best = s, c
        gain = self._gain(mask, winner, trick_no)
        live &= ~mask
        if not live or live & self._early == 0 < self._early:  # the deal is over (Play.play's rule)
            return gain
        rest = self._rest(hands, [], winner, trick_no + 1, live)
        return tuple(a + b for a, b in zip(gain, rest, strict=True))

    def _gain(self, mask: int, winner: int, trick_no: int) -> tuple[int, ...]:
        """What trick ``trick_no`` with the cards ``mask`` scores when ``winner`` takes it."""
        key = (mask, winner, trick_no)
        gain = self._gains.get(key)
        if gain is None:
            n = self._n
            won, taken = [0] * n, [0] * n
            wins: list[int | None] = [None] * self._per
            won[winner], taken[winner] = mask, 1
            wins[trick_no] = winner
            points = self.c.score(won, taken, wins)
            gain = self._gains[key] = tuple(a - z for a, z in zip(points, self._zero, strict=True))
        return gain

    def _settled(self, p: Play) -> tuple[int, ...]:
        """The settled final points of ``p``'s deal (a ``Play`` at each node: rare)."""
        settle = self.settle
        assert settle is not None
        if p.over:
            return tuple(settle(p.points()))
        key: tuple[int, ...] | None = None
        if not p.trick:  # a trick's start: the hands, the leader and the tricks taken
            key = (*p.hands, p.turn, *p.ntricks)
            hit = self.memo.get(key)
            if hit is not None:
                return hit
        t = p.turn
        best: tuple[int, ...] | None = None
        m = self._choices(p.legal_mask(), in_play(p))
        while m:
            low = m & -m
            m ^= low
            q = p.copy()
            q.play(low.bit_length() - 1)
            v = self._settled(q)
            if best is None or v[t] > best[t]:
                best = v
        assert best is not None  # a deal not over has a legal card
        if key is not None:
            self.memo[key] = best
        return best


@functools.cache
def alike(contract: Contract) -> tuple[int, ...]:
    """The classes of cards alike in ``contract``'s points and rules (the K♥ of its rules
    stands alone), as masks: of the cards of one class, those touching in rank among the
    cards still live are one choice, and the lowest of them stands for the others."""
    vals, _ = card_values(contract)
    special = KH_BIT if contract.kh_rule or contract.kh_on_lead else 0
    groups: dict[tuple[int, bool], int] = {}
    for c in range(52):
        key = (vals[c], bool(special >> c & 1))
        groups[key] = groups.get(key, 0) | 1 << c
    return tuple(groups.values())


def choices(legal: int, live: int, classes: tuple[int, ...]) -> int:
    """One card of each run of touching ``legal`` cards among the ``live`` ones, within
    each of the ``classes`` (``alike``): the cards worth trying, the rest being the same."""
    m = 0
    for cls in classes:
        if legal & cls:
            m |= reps_mask(legal & cls, live)
    return m


def in_play(p: Play) -> int:
    """The cards in the hands and on the trick: those a run of touching ranks is read
    among (``reps_mask``'s ``live``; ``Play.live`` leaves the trick's cards out)."""
    return p.live | sum(1 << c for c in p.trick)


_ACES = sum(1 << (13 * s + 12) for s in range(4))
_FULL = (1 << 52) - 1


def reps_mask(h: int, live: int) -> int:
    """The cards of ``h`` that start a run of touching cards (touching among ``live``):
    one representative per run, since the cards of a run are worth the same.

    Bit-parallel: a card continues a run when the next lower live card of its suit is
    also in ``h``.  Adding the dead positions to the positions just above ``h``'s cards
    carries each one through the dead cards to the next live card.
    """
    dead = ~live & _FULL & ~_ACES  # an ace position stops carries into the next suit
    up = (h & ~_ACES) << 1
    nxt = (up & live) | (((up & dead) + dead) & live)
    return h & ~nxt


def _rank_up(c: int) -> int:
    return c % 13


def _rank_desc(c: int) -> int:
    return -(c % 13)


#: ``_shape``'s memo: (a suit's live cards << 13 | the leader's among them) → the shape
_SHAPES: dict[int, int] = {}
#: the memo's bound: its keys are the pairs met, at most 3¹³ (1.6 million) a suit
SHAPES_LIMIT = 200_000


def _shape(live: int, mine: int) -> int:
    """One suit of a position as the solver sees it (``live``, ``mine``: 13-bit masks of
    the suit's cards in either hand and in the leader's): which hand holds each live card,
    lowest first, and how many there are (``count << 13 | owners``).  The cards already
    played drop out: only the order of the cards still held decides a trick."""
    key = live << 13 | mine
    shape = _SHAPES.get(key)
    if shape is None:
        if len(_SHAPES) > SHAPES_LIMIT:
            _SHAPES.clear()
        owners = count = 0
        while live:
            low = live & -live
            if mine & low:
                owners |= 1 << count
            count += 1
            live ^= low
        shape = _SHAPES[key] = count << 13 | owners
    return shape


def _sorted4(*shapes: int) -> int:
    w, x, y, z = sorted(shapes)
    return w | x << 17 | y << 34 | z << 51


class WhistSolver:
    """Exact stage-2 solver for one trump suit; the table is kept warm through a hand.

    ``tricks(a, b)`` is the most tricks the player on lead, holding ``a``, takes against
    ``b`` with best play by both.  Alpha-beta over whole tricks, bounds stored per
    position, the best lead remembered for move ordering, and a quick lower bound (top
    cards the leader can cash) that often ends a search at once.

    A position is stored by its shape (``key``): each suit's live cards by rank order
    alone, the side suits in any order.  Positions that differ only in the cards played
    before, or by which side suit is which, take the same tricks, so one search serves
    them all.
    """

    def __init__(self, trump: int) -> None:
        self.trump = trump
        self.tsuit = SUIT_MASK[trump] if trump >= 0 else 0
        # the bit offsets of the suits, the trump's first (``key``)
        first = max(trump, 0)
        self._order = tuple(13 * s for s in [first] + [s for s in range(4) if s != first])
        #: a position's ``key`` → bounds (low, high) on the leader's tricks
        self.table: dict[int, tuple[int, int]] = {}
        #: (leader's hand, follower's hand) → the lead found best there, searched first again
        self.best_move: dict[tuple[int, int], int | None] = {}
        self.nodes = 0
        self.deadline: float | None = None  # a time.perf_counter() value after which a search gives up

    def key(self, a: int, b: int) -> int:
        """The shape of the position where the leader holds ``a`` and the follower ``b``:
        the trump suit's ``_shape``, then the side suits' from the smallest (17 bits a
        suit).  Equal for positions that take the same tricks by the suits' rank orders.
        (Written out suit by suit: it is computed at every node.)"""
        live = a | b
        get = _SHAPES.get
        t, x, y, z = self._order
        k = (live >> t & 0x1FFF) << 13 | (a >> t & 0x1FFF)
        st = get(k)
        if st is None:
            st = _shape(k >> 13, k & 0x1FFF)
        k = (live >> x & 0x1FFF) << 13 | (a >> x & 0x1FFF)
        sx = get(k)
        if sx is None:
            sx = _shape(k >> 13, k & 0x1FFF)
        k = (live >> y & 0x1FFF) << 13 | (a >> y & 0x1FFF)
        sy = get(k)
        if sy is None:
            sy = _shape(k >> 13, k & 0x1FFF)
        k = (live >> z & 0x1FFF) << 13 | (a >> z & 0x1FFF)
        sz = get(k)
        if sz is None:
            sz = _shape(k >> 13, k & 0x1FFF)
        if sx > sy:
            sx, sy = sy, sx
        if sy > sz:
            sy, sz = sz, sy
            if sx > sy:
                sx, sy = sy, sx
        if self.trump < 0:  # no trump: the first suit is a side suit too (four to sort)
            return _sorted4(st, sx, sy, sz)
        return st | sx << 17 | sy << 34 | sz << 51

    def _quick(self, a: int, b: int) -> int:
        """Tricks the leader surely takes by cashing top cards."""
        ts = self.tsuit
        if b & ts:
            if not a & ts:
                return 0
            top = b & ts
            return (a & ts & ~((1 << top.bit_length()) - 1)).bit_count()
        n = 0
        for m in SUIT_MASK:
            bs = b & m
            n += (a & m & ~((1 << bs.bit_length()) - 1)).bit_count() if bs else (a & m).bit_count()
        return n

    def _moves(self, a: int, b: int) -> list[int]:
        """Leads of ``a``, equivalent cards once, high ranks first."""
        out = _cards(reps_mask(a, a | b))
        out.sort(key=_rank_desc)
        return out

    def _replies(self, b: int, live: int, s: int) -> list[int]:
        """Replies of ``b`` to a lead of suit ``s``, equivalent cards once."""
        r = reps_mask(b, live)
        f = r & SUIT_MASK[s]
        return _cards(f if b & SUIT_MASK[s] else r)

    def _ordered_replies(self, b: int, r: int, c: int) -> list[int]:
        """Replies of ``b`` to the lead ``c`` (``r``: ``b``'s cards that start a run,
        ``reps_mask``): cheapest winner first, then low losers."""
        sm = SUIT_MASK[c // 13]
        if b & sm:
            f = r & sm
            above = f & ~((1 << (c + 1)) - 1)
            return _cards(above) + _cards(f & ~above)
        t = r & self.tsuit
        return _cards(t) + sorted(_cards(r & ~t), key=_rank_up)

    def tricks(self, a: int, b: int, alpha: int = -1, beta: int = 99) -> int:
        n = a.bit_count()
        if n <= 1:
            if n == 0:
                return 0
            c, d = a.bit_length() - 1, b.bit_length() - 1
            if c // 13 == d // 13:
                return 1 if c > d else 0
            return 0 if self.tsuit >> d & 1 else 1
        key = self.key(a, b)
        bounds = self.table.get(key)
        if bounds is None:
            lo, hi = self._quick(a, b), n
            bt = b & self.tsuit
            if bt:  # every trump of b above a's trumps wins a trick, whoever leads
                hi -= (bt & ~((1 << (a & self.tsuit).bit_length()) - 1)).bit_count()
            if lo == hi:
                self.table[key] = (lo, lo)
                return lo
        else:
            lo, hi = bounds
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
        self.nodes += 1
        if self.deadline is not None and not self.nodes & (CLOCK_EVERY - 1) and time.perf_counter() > self.deadline:
            raise OutOfTime  # the table keeps what was proved: a later search goes on from it
        a0, b0 = alpha, beta
        live = a | b
        ts = self.tsuit
        leads = self._moves(a, b)
        runs = reps_mask(b, live)  # (the same for every lead: the lead stays live on the trick)
        first = self.best_move.get((a, b))
        if first is not None and first in leads:
            leads.remove(first)
            leads.insert(0, first)
        best, best_c = -1, None
        for c in leads:
            s = c // 13
            worst = 99
            na = a & ~(1 << c)
            for d in self._ordered_replies(b, runs, c):
                if d // 13 == s:
                    lead_wins = c > d
                else:
                    lead_wins = not (ts >> d & 1)
                nb = b & ~(1 << d)
                lim = min(beta, worst)
                if lead_wins:
                    v = 1 + self.tricks(na, nb, alpha - 1, lim - 1)
                else:
                    v = (n - 1) - self.tricks(nb, na, (n - 1) - lim, (n - 1) - alpha)
                if v < worst:
                    worst = v
                    if worst <= alpha:
                        break
            if worst > best:
                best, best_c = worst, c
                if best > alpha:
                    alpha = best
                if best >= beta:
                    break
        self.best_move[a, b] = best_c
        if best <= a0:
            self.table[key] = (lo, best)
        elif best >= b0:
            self.table[key] = (best, hi)
        else:
            self.table[key] = (best, best)
        return best

    def solve_exact(self, a: int, b: int) -> int:
        return self.tricks(a, b, -1, 99)

    def best_lead(self, a: int, b: int) -> tuple[int, int]:
        """(tricks, card) for the player on lead holding ``a``."""
        v = self.solve_exact(a, b)
        n = a.bit_count()
        live = a | b
        for c in self._moves(a, b):  # the first lead that reaches the exact value
            worst = min(self._result(a, b, c, d, n) for d in self._replies(b, live, c // 13))
            if worst == v:
                return v, c
        raise AssertionError("no lead reaches the solved value")  # pragma: no cover

    def lead_values(self, a: int, b: int) -> dict[int, int]:
        """Each lead of ``a`` (one card a run) → the tricks ``a`` then takes in all."""
        return {c: self._lead_value(a, b, c) for c in self._moves(a, b)}

    def _lead_value(self, a: int, b: int, c: int) -> int:
        """The tricks ``a`` takes leading ``c``: the follower's best reply, each further
        reply searched only for whether it does better (the window of ``tricks``)."""
        n, live, ts = a.bit_count(), a | b, self.tsuit
        worst = 99
        na = a & ~(1 << c)
        for d in self._ordered_replies(b, reps_mask(b, live), c):
            lead_wins = c > d if d // 13 == c // 13 else not (ts >> d & 1)
            nb = b & ~(1 << d)
            if lead_wins:
                v = 1 + self.tricks(na, nb, -2, worst - 1)
            else:
                v = (n - 1) - self.tricks(nb, na, (n - 1) - worst, n)
            worst = min(worst, v)
        return worst

    def reply_values(self, a: int, b: int, c: int) -> dict[int, int]:
        """Each reply of ``b`` (one card a run) to the lead ``c`` from ``a`` (``a`` still
        holding ``c``) → the tricks ``b`` then takes in all."""
        n = a.bit_count()
        return {d: n - self._result(a, b, c, d, n) for d in self._replies(b, a | b, c // 13)}

    def _result(self, a: int, b: int, c: int, d: int, n: int) -> int:
        """Tricks the leader (``a``, leading ``c``) makes in all when the reply is ``d``."""
        if d // 13 == c // 13:
            lead_wins = c > d
        else:
            lead_wins = not (self.tsuit >> d & 1)
        na, nb = a & ~(1 << c), b & ~(1 << d)
        if lead_wins:
            return 1 + self.solve_exact(na, nb)
        return (n - 1) - self.solve_exact(nb, na)

    def best_reply(self, a: int, b: int, c: int) -> tuple[int, int]:
        """The follower's best reply (``b``) to the lead ``c`` from ``a`` (``a`` still
        holding ``c``): (leader's tricks, card)."""
        n = a.bit_count()
        best, best_d = 99, None
        for d in self._replies(b, a | b, c // 13):
            v = self._result(a, b, c, d, n)
            if v < best:
                best, best_d = v, d
        assert best_d is not None  # the follower holds a card
        return best, best_d
