"""What a seat knows, rebuilt from its view alone, and worlds sampled to match it.

A bot never touches a ``Game``: it gets ``game.view(seat)``, a plain dict, and this
module turns it into masks (own hand, cards played, cards unseen, suits each seat is
known to lack) and deals the unseen cards to the other seats consistently with that.

A view's shape depends on its game (``kingweb.views``), but its ``game`` is a plain
``str``, by which mypy cannot narrow the union ``View``: where the code has checked the
game, a ``cast`` names the shape it reads.
"""

import random
from collections.abc import Iterable
from functools import lru_cache
from typing import cast

from .. import cards
from ..cards import INDEX, SUIT_MASK, mask_of
from ..games import GAMES
from ..play import Contract, Play
from ..views import Tallies, View, WhistView, seat_of
from ..whist import WhistPlay

ALL_BUT_HEARTS = SUIT_MASK[0] | SUIT_MASK[1] | SUIT_MASK[3]


def _mask(codes: Iterable[str]) -> int:
    return mask_of(INDEX[c] for c in codes)


def contract_of(view: View) -> Contract | None:
    """The ``Contract`` being played in ``view`` (None while a King positive is bid)."""
    return GAMES[view["game"]].view_contract(view)


@lru_cache(maxsize=256)
def card_values(contract: Contract) -> tuple[tuple[int, ...], int]:
    """Points a seat gains by winning each card alone, and a trick as such, over
    winning nothing (down scores 325 for no trick: its cards are worth 0, a trick −75)."""
    n = 52
    blank = [0, 0, 0, 0]
    base = contract.score(blank, blank, [None] * 13)[0]
    vals = tuple(contract.score([1 << c, 0, 0, 0], blank, [None] * 13)[0] - base for c in range(n))
    trick = contract.score(blank, [1, 0, 0, 0], [None] * 13)[0] - base
    return vals, trick


class Knowledge:
    """The masks a seat can know from its view."""

    faceup: int | None  # German Whist only: the face-up card of the stock

    def __init__(self, view: View) -> None:
        self.view = view
        self.game = view["game"]
        #: what the bots may ask of the game (``kingweb.games``), read once
        self.facts = GAMES[self.game]
        stocked = self.facts.stock
        self.seat = seat_of(view)
        self.n = view["players"]
        self.hand = _mask(view["hand"])
        self.deck = self.facts.deck
        self.contract = contract_of(view) if view.get("phase", "play") == "play" else None
        played = 0
        voids = [0] * self.n  # per seat: suits (as masks) it is known to lack
        ban = self.contract is not None and self.contract.ban_hearts_lead
        tricks = view.get("tricks", [])
        current = view.get("trick", [])
        seqs = [[((t["leader"] + i) % self.n, INDEX[c]) for i, c in enumerate(t["cards"])] for t in tricks]
        seqs.append([(x["seat"], INDEX[x["card"]]) for x in current])
        # German Whist: after a stage-1 trick the loser draws an unseen card, which may be
        # of a suit he showed out of; a show-out holds only until that draw
        redraw: dict[int, int] = {}
        if stocked:
            base = view["trick_no"] - len(tricks)
            for d in cast(WhistView, view).get("draws", ()):
                if d["hidden"] is None:  # I won, so the other seat drew unseen
                    redraw[d["trick"] - base] = 1 - self.seat
        for i, seq in enumerate(seqs):
            if not seq:
                continue
            led = seq[0][1] // 13
            if ban and led == cards.HEARTS:
                voids[seq[0][0]] |= ALL_BUT_HEARTS  # a heart is led only from all hearts
            for s, c in seq:
                played |= 1 << c
                if c // 13 != led:
                    voids[s] |= SUIT_MASK[led]
            if i in redraw:
                voids[redraw[i]] = 0
        self.trick = seqs[-1]
        self.played = played
        self.voids = voids
        self.known = [0] * self.n  # cards known to be in another seat's hand (whist)
        if stocked:
            opp = 1 - self.seat
            wv = cast(WhistView, view)
            self.known[opp] = _mask(wv["opponent_known"])
            self.faceup = INDEX[wv["faceup"]] if wv["faceup"] else None
        self.unseen = self.deck & ~self.hand & ~played & ~_mask(view.get("out_of_play", ()))
        for m in self.known:
            self.unseen &= ~m
        if stocked and self.faceup is not None:
            self.unseen &= ~(1 << self.faceup)
        self.counts = list(view["hand_counts"])

    # -- sampling worlds -------------------------------------------------------------

    def deal_unseen(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """Hands for every seat: mine as known, the others' drawn from the unseen cards
        with each seat's count and known voids respected.  Returns ``(hands, rest)``;
        ``rest`` are unseen cards left over (the whist stock)."""
        others = [s for s in range(self.n) if s != self.seat]
        need = {s: self.counts[s] - self.known[s].bit_count() for s in others}
        pool = cards.cards_of(self.unseen)
        # a quick greedy deal first, which nearly always fits; when a few tries do not,
        # a deal guided by what can still be completed, which always does
        for _attempt in range(30):
            rng.shuffle(pool)
            got = self._greedy(pool, need, others, rng)
            if got is not None:
                return self._with_known(*got)
        stocked = self.facts.stock
        placed = deal_within(pool, need, self.voids, rng, stock=len(pool) - sum(need.values()) if stocked else 0)
        if placed is None:  # pragma: no cover - a view's own facts always admit its true deal
            raise AssertionError("could not deal the unseen cards")
        return self._with_known(*placed)

    def _greedy(
        self, pool: list[int], need: dict[int, int], others: list[int], rng: random.Random
    ) -> tuple[list[int], list[int]] | None:
        # most constrained cards first: those few seats may hold
        order = sorted(pool, key=lambda c: sum(1 for s in others if not self.voids[s] >> c & 1))
        left = dict(need)
        hands = [0] * self.n
        rest: list[int] = []
        for c in order:
            seats = [s for s in others if left[s] > 0 and not self.voids[s] >> c & 1]
            if not seats:
                if sum(left.values()) == 0 or self.facts.stock:
                    rest.append(c)  # the stock holds what the opponent cannot
                    continue
                return None
            total = sum(left[s] for s in seats)
            x = rng.random() * total
            for s in seats:
                x -= left[s]
                if x < 0:
                    break
            hands[s] |= 1 << c
            left[s] -= 1
        return (hands, rest) if all(v == 0 for v in left.values()) else None

    def _with_known(self, hands: list[int], rest: list[int]) -> tuple[list[int], list[int]]:
        hands[self.seat] = self.hand
        for s in range(self.n):
            if s != self.seat:
                hands[s] |= self.known[s]
        return hands, rest

    def world(self, rng: random.Random) -> Play:
        """A full-information ``Play`` of this deal from now on, with sampled hands."""
        return self.world_of(*self.deal_unseen(rng))

    def world_of(self, hands: list[int], rest: list[int]) -> Play:
        """The ``Play`` of this deal from now on in which the seats hold ``hands`` (as
        ``deal_unseen`` gives them: mine as known) and, in German Whist, ``rest`` is the
        stock under the face-up card."""
        v, con = self.view, self.contract
        assert con is not None  # worlds are dealt in card play, where the contract is known
        hands = list(hands)
        trick = self.trick
        leader = trick[0][0] if trick else v["leader"]
        for s, c in trick:  # put the trick back, then replay it
            hands[s] |= 1 << c
        p: Play
        if self.facts.stock:
            stock = ([self.faceup] if self.faceup is not None else []) + rest
            p = WhistPlay(con, hands, leader, stock, cast(WhistView, v)["stage2_from"])
            p.trick_no = v["trick_no"]
            p.draws = []
        else:
            p = Play(
                con,
                hands,
                leader,
                cast(Tallies, v)["tricks_per_hand"],
                v["trick_no"],
                early_end=not v["options"].get("play_all_tricks", False),
            )
        base = v["trick_no"] - len(v["tricks"])
        for i, t in enumerate(v["tricks"]):
            p.winners[base + i] = t["winner"]
        # King's and Кинг's views count the cards won (``Tallies``), German Whist's not
        p.won = [_mask(w) for w in cast(Tallies, v)["won"]] if "won" in v else [0] * self.n
        p.ntricks = [0] * self.n if self.facts.stock else list(v["taken"])
        for _, c in trick:
            p.play(c)
        return p


def deal_within(
    pool: list[int], need: dict[int, int], voids: list[int], rng: random.Random, stock: int = 0
) -> tuple[list[int], list[int]] | None:
    """A deal of the cards ``pool`` (in their order) to the seats of ``need``, each getting
    exactly its count and none a card of its ``voids`` mask, and ``stock`` cards left
    over (the whist stock, which may hold any card); None when no such deal exists.

    Each card goes to a seat drawn in proportion to its room, among the seats that leave
    the rest completable, by Hall's condition: a deal exists iff, for every set of places,
    the cards that only those places may hold are no more than the places' room.  Unlike
    a greedy deal, it never paints itself into a corner.
    """
    places = [*need, -1] if stock else list(need)
    room = [need[p] if p >= 0 else stock for p in places]

    def allowed(c: int) -> int:
        return sum(1 << i for i, p in enumerate(places) if p < 0 or not voids[p] >> c & 1)

    classes: dict[int, int] = {}
    for c in pool:
        m = allowed(c)
        classes[m] = classes.get(m, 0) + 1
    subsets = range(1, 1 << len(places))

    def completable() -> bool:
        for sub in subsets:
            only = sum(n for m, n in classes.items() if m & ~sub == 0)
            if only > sum(room[i] for i in range(len(places)) if sub >> i & 1):
                return False
        return True

    if sum(room) != len(pool) or not completable():
        return None
    hands = [0] * len(voids)
    rest: list[int] = []
    for c in pool:
        m = allowed(c)
        classes[m] -= 1
        open_ = [i for i in range(len(places)) if m >> i & 1 and room[i] > 0]
        while open_:
            x = rng.random() * sum(room[i] for i in open_)
            for i in open_:
                x -= room[i]
                if x < 0:
                    break
            room[i] -= 1
            if completable():
                break
            room[i] += 1
            open_.remove(i)
        else:  # pragma: no cover - completable() held before this card
            return None
        if places[i] < 0:
            rest.append(c)
        else:
            hands[places[i]] |= 1 << c
    return hands, rest
