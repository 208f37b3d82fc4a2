"""What a seat knows when a hint explains a card (``Facts``): the masks a reason's words
may state, built from the seat's view."""

from dataclasses import dataclass
from typing import Any, cast

from .. import cards
from ..cards import INDEX, SUIT_MASK
from ..games import GAMES
from ..play import Contract, beats
from ..views import View, WhistView, seat_of
from .knowledge import Knowledge, contract_of
from .search import Values

Params = dict[str, Any]


# -- what a seat knows --------------------------------------------------------------------


@dataclass(frozen=True)
class Facts:
    """What a seat knows when it plays a card, as masks: what a reason may state.

    ``out`` are the cards still out (in other hands, or German Whist's stock, its face-up
    card included); ``voids[s]`` the suits (as ``SUIT_MASK``s) seat ``s`` has shown out
    of.  Built from a view by ``of_view``; the tests build the same from the whole game."""

    game: str
    contract: Contract
    seat: int
    n: int
    hand: int
    legal: int
    trick: tuple[tuple[int, int], ...]  # (seat, card) in play order
    out: int
    voids: tuple[int, ...]
    trick_no: int
    tricks: int  # the deal's tricks (German Whist: both stages)
    faceup: int | None = None  # German Whist's stock stage: the face-up card
    values: Values | None = None  # what a search found, when a reason quotes it

    @classmethod
    def of_view(cls, view: View, values: Values | None = None) -> "Facts":
        know = Knowledge(view)
        con = contract_of(view)
        assert con is not None  # a card is to be played
        out = know.deck & ~know.hand & ~know.played & ~cards.mask_of(INDEX[c] for c in view.get("out_of_play", ()))
        stocked = know.facts.stock
        if stocked:
            wv = cast(WhistView, view)
            tricks = wv["stage2_from"] + 13
        else:
            tricks = cast(int, view.get("tricks_per_hand", 13))
        return cls(
            game=view["game"],
            contract=con,
            seat=seat_of(view),
            n=view["players"],
            hand=know.hand,
            legal=cards.mask_of(INDEX[c] for c in view["legal"] if c in INDEX),  # (not a claim)
            trick=tuple(know.trick),
            out=out,
            voids=tuple(know.voids),
            trick_no=view["trick_no"],
            tricks=tricks,
            faceup=know.faceup if stocked else None,
            values=values,
        )

    # -- the trick -----------------------------------------------------------------------

    @property
    def trump(self) -> int:
        return self.contract.trump

    @property
    def led(self) -> int:
        """The suit led (−1 on lead)."""
        return self.trick[0][1] // 13 if self.trick else -1

    @property
    def best(self) -> int:
        """The card winning the trick so far (−1 on lead)."""
        best = -1
        for _, c in self.trick:
            if best < 0 or beats(c, best, self.trump):
                best = c
        return best

    @property
    def last(self) -> bool:
        """Whether the seat plays the trick's last card."""
        return len(self.trick) == self.n - 1

    def later(self) -> list[int]:
        """The seats still to play to this trick after this one."""
        return [(self.seat + i) % self.n for i in range(1, self.n - len(self.trick))]

    def wins_now(self, c: int) -> bool:
        """Whether ``c`` would win the trick as it stands (a lead does)."""
        return not self.trick or beats(c, self.best, self.trump)

    def threats(self, c: int) -> int:
        """The cards still out that a seat still to play may hold and could play to beat
        ``c`` on this trick: a higher card of its suit, or a trump on a card that is not one
        (a seat known to lack that suit holds none)."""
        m = 0
        for s in self.later():
            may = self.out
            for suit in range(4):
                if self.voids[s] & SUIT_MASK[suit]:
                    may &= ~SUIT_MASK[suit]
            m |= may
        higher = m & SUIT_MASK[c // 13] & ~((1 << (c + 1)) - 1)
        if self.trump >= 0 and c // 13 != self.trump:
            higher |= m & SUIT_MASK[self.trump]
        return higher

    def takes(self, c: int) -> bool:
        """Whether ``c`` is sure to take this trick."""
        return self.wins_now(c) and not self.threats(c)

    def void_in_led(self) -> bool:
        return bool(self.trick) and not self.hand & SUIT_MASK[self.led]

    # -- points ----------------------------------------------------------------------------

    def worth(self, won: int) -> int:
        """The points the seat gains by taking this trick holding the cards ``won``, over
        taking nothing (King and Кинг)."""
        n, blank = self.n, [0] * self.n
        wins: list[int | None] = [None] * self.tricks
        wins[self.trick_no] = 0
        taken = self.contract.score([won, *blank[1:]], [1, *blank[1:]], wins)[0]
        return taken - self.contract.score(blank, [0] * n, [None] * self.tricks)[0]

    def cost(self, c: int) -> int:
        """What holding ``c`` adds to a trick's points (negative: it costs its taker)."""
        return self.worth(1 << c) - self.worth(0)

    def on_trick(self) -> int:
        m = 0
        for _, c in self.trick:
            m |= 1 << c
        return m

    # -- the hand ---------------------------------------------------------------------------

    def legal_cards(self) -> list[int]:
        return cards.cards_of(self.legal)

    def out_in(self, suit: int) -> int:
        return self.out & SUIT_MASK[suit]


def _rank(c: int) -> int:
    return c % 13


def _is_trump(f: Facts, c: int) -> bool:
    return c // 13 == f.trump


def _only_stage1(f: Facts) -> bool:
    """German Whist's stock stage, second to play: the face-up card goes to the trick's winner."""
    return GAMES[f.game].stock and f.faceup is not None and len(f.trick) == 1
