"""The claims' machinery a trick game shares besides offering them (``TrickGame._claims``,
on the public API's hot path): what a seat has seen of the deal, its hand and the public
record of tricks folded up once per trick, for ``kingweb.claim`` to judge a claim by; and
the rest of the deal played out as a claim says."""

from typing import Any

from . import cards
from .cards import INDEX, code
from .claim import Seen, claim_card
from .game import Game
from .play import Play
from .views import Trick


class TrickLog:
    """The public record of one deal's tricks, kept as compactly as it is played: its
    ``cards`` in play order (codes), each trick's leader (the trick under way last) and
    each finished trick's winner; ``first`` is the deal's first trick number (a scenario
    may start later).  The tricks of views, records and ``trick`` events are built from it
    when they are asked for, which a match played by code alone (a bot's, a benchmark's)
    seldom does."""

    __slots__ = ("cards", "first", "leaders", "n", "winners")

    def __init__(self, players: int, first: int = 0) -> None:
        self.n, self.first = players, first
        self.cards: list[str] = []
        self.leaders: list[int] = []
        self.winners: list[int] = []

    def trick(self, k: int) -> list[str]:
        """The cards of the deal's trick ``k`` (numbered from 0 in the record)."""
        n = self.n
        return self.cards[k * n : (k + 1) * n]

    def tricks(self) -> list[Trick]:
        """Every trick so far as ``Trick``: the finished ones, then the one under way."""
        w = self.winners
        return [
            {"leader": leader, "cards": self.trick(k), "winner": w[k] if k < len(w) else None}
            for k, leader in enumerate(self.leaders)
        ]


class ClaimingGame(Game):
    """The base of ``TrickGame``, which deals, plays and keeps ``p`` and ``_log``."""

    DECK: int
    p: Play | None  # the deal's card play (None: a deal whose contract is not chosen yet)
    _log: TrickLog  # the deal's public record of tricks

    def __init__(self, seed: int | str | None = None, options: dict[str, Any] | None = None) -> None:
        super().__init__(seed, options)
        # (the record, its finished tricks folded in, their cards, the voids they showed)
        self._shown: tuple[TrickLog | None, int, int, list[int]] = (None, 0, 0, [])

    @property
    def play(self) -> Play:
        """The deal's card play (there is one whenever a card may be played)."""
        assert self.p is not None, "no card play in this phase"
        return self.p

    def _record(self) -> tuple[int, list[int]]:
        """The cards of the deal's finished tricks and the suits each seat has shown out
        of in them: kept, and brought up to date with the tricks finished since."""
        log = self._log
        done = len(log.winners)
        of, k, played, voids = self._shown
        if of is not log or k > done:  # (a new deal's record: start again)
            k, played, voids = 0, 0, [0] * self.players
        if k < done:
            voids = voids[:]
            for j in range(k, done):
                played = self._fold(log.leaders[j], log.trick(j), played, voids)
            self._shown = (log, done, played, voids)
        return played, voids

    def _fold(self, leader: int, trick: list[str], played: int, voids: list[int]) -> int:
        """Add the cards of a trick led by ``leader`` to ``played`` and what they show to
        ``voids`` (in place)."""
        n = self.players
        led = INDEX[trick[0]] // 13
        if n > 2 and self.play.c.ban_hearts_lead and led == cards.HEARTS:
            voids[leader] |= 0b1011  # a heart is led only from hearts alone
        for i, c in enumerate(trick):
            x = INDEX[c]
            played |= 1 << x
            if n > 2 and x // 13 != led:  # (German Whist's draws refill a suit)
                voids[(leader + i) % n] |= 1 << led
        return played

    def _seen(self, seat: int) -> Seen:
        """What ``seat`` knows of the deal, from its hand and the public record alone."""
        p = self.play
        n = self.players
        played, voids = self._record()
        voids = voids[:]
        trick: list[tuple[int, int]] = []
        log = self._log
        if len(log.leaders) > len(log.winners):  # a trick under way
            leader, now = log.leaders[-1], log.trick(len(log.winners))
            played = self._fold(leader, now, played, voids)
            trick = [((leader + i) % n, INDEX[c]) for i, c in enumerate(now)]
        hand = p.hands[seat]
        unseen = self.DECK & ~hand & ~played & ~self.out_of_play
        return Seen(seat, hand, unseen, voids, [h.bit_count() for h in p.hands], trick)

    def _play_card(self, action: str, c: int) -> None:
        """Play card ``c`` (``action``, its code) for the seat to act: ``TrickGame``'s."""
        raise NotImplementedError

    def _claim(self, kind: str) -> None:
        """Play the rest of the deal out as the claim says: the claimant's cards by its
        plan, every other seat its lowest legal card, each told as it is played."""
        p = self.play
        seat = p.turn
        self._emit({"type": "claim", "seat": seat, "claim": kind, "tricks_left": p.hands[seat].bit_count()})
        filed = len(self.deals)
        while len(self.deals) == filed:
            p = self.play
            legal = p.legal_mask()
            c = None
            if p.turn == seat and legal & (legal - 1):
                c = claim_card(kind, self._seen(seat), p.c, legal)
                assert c is not None, "a claim that held has a card to play"
            if c is None:
                c = (legal & -legal).bit_length() - 1
            self._play_card(code(c), c)
