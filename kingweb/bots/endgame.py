"""Exact search of small endings.

- ``maxn``: the last few tricks of a four-player deal with every hand known (inside one
  sampled world): each seat maximises its own points (max-n).
- ``whist_tricks``: German Whist's stage 2, a two-hand perfect-information endgame, by
  alpha-beta over whole tricks with a transposition table and rank equivalence (cards
  touching in rank among the cards still out are one choice).
"""

import time

from ..cards import SUIT_MASK
from ..cards import cards_of as _cards
from ..play import Play


class OutOfTime(Exception):
    """A solver search ran past its deadline."""


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


class WhistSolver:
    """Exact stage-2 solver for one trump suit; the table is kept warm through a hand.

    ``tricks(a, b)`` is the most tricks the player on lead, holding ``a``, takes against
    ``b`` with best play by both.  Alpha-beta over whole tricks, bounds stored per
    position ``(a, b)``, the best lead remembered for move ordering, and a quick lower
    bound (top cards the leader can cash) that often ends a search at once.
    """

    def __init__(self, trump: int) -> None:
        self.trump = trump
        self.tsuit = SUIT_MASK[trump] if trump >= 0 else 0
        #: (leader's hand, follower's hand) → bounds (low, high) on the leader's tricks
        self.table: dict[tuple[int, int], tuple[int, int]] = {}
        self.best_move: dict[tuple[int, int], int | None] = {}
        self.nodes = 0
        self.deadline: float | None = None  # a time.perf_counter() value after which a search gives up

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

    def _ordered_replies(self, b: int, live: int, c: int) -> list[int]:
        """Replies of ``b`` to the lead ``c``: cheapest winner first, then low losers."""
        sm = SUIT_MASK[c // 13]
        r = reps_mask(b, live)
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
        key = (a, b)
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
        if self.deadline is not None and not self.nodes & 1023 and time.perf_counter() > self.deadline:
            raise OutOfTime  # the table keeps what was proved: a later search goes on from it
        a0, b0 = alpha, beta
        live = a | b
        ts = self.tsuit
        leads = self._moves(a, b)
        first = self.best_move.get(key)
        if first is not None and first in leads:
            leads.remove(first)
            leads.insert(0, first)
        best, best_c = -1, None
        for c in leads:
            s = c // 13
            worst = 99
            na = a & ~(1 << c)
            for d in self._ordered_replies(b, live, c):
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
        self.best_move[key] = best_c
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
        n, live = a.bit_count(), a | b
        return {c: min(self._result(a, b, c, d, n) for d in self._replies(b, live, c // 13)) for c in self._moves(a, b)}

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
