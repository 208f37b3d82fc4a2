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

from .. import cards, king, kingru
from ..cards import INDEX, SUIT_MASK, mask_of
from ..play import Contract, Play
from ..views import Tallies, View, WhistView, seat_of
from ..whist import WhistPlay, whist_contract

ALL_BUT_HEARTS = SUIT_MASK[0] | SUIT_MASK[1] | SUIT_MASK[3]


def _mask(codes: Iterable[str]) -> int:
    return mask_of(INDEX[c] for c in codes)


def contract_of(view: View) -> Contract | None:
    """The ``Contract`` being played in ``view`` (None while a King positive is bid)."""
    game, cid, opts = view["game"], view["contract"], view["options"]
    if game == "whist":
        wv = cast(WhistView, view)
        trump = wv["trump"]
        assert trump is not None  # German Whist always has one
        return whist_contract(cards.SUITS.index(trump), wv["stage2_from"])
    if game == "kingru":
        return kingru.contract_by_id(cid, opts)
    if cid in king.NEGATIVES or cid in king.POSITIVES:
        return king.contract_for(cid, opts)
    return None


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
        self.seat = seat_of(view)
        self.n = view["players"]
        self.hand = _mask(view["hand"])
        self.deck = cards.SHORT_DECK if self.game == "kingru" else cards.FULL_DECK
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
        if self.game == "whist":
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
        if self.game == "whist":
            opp = 1 - self.seat
            wv = cast(WhistView, view)
            self.known[opp] = _mask(wv["opponent_known"])
            self.faceup = INDEX[wv["faceup"]] if wv["faceup"] else None
        self.unseen = self.deck & ~self.hand & ~played & ~_mask(view.get("out_of_play", ()))
        for m in self.known:
            self.unseen &= ~m
        if self.game == "whist" and self.faceup is not None:
            self.unseen &= ~(1 << self.faceup)
        self.counts = list(view["hand_counts"])

    # -- sampling worlds -------------------------------------------------------------

    def deal_unseen(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """Hands for every seat: mine as known, the others' drawn from the unseen cards
        with each seat's count and known voids respected (best effort after 30 tries).
        Returns ``(hands, rest)``; ``rest`` are unseen cards left over (the whist stock)."""
        others = [s for s in range(self.n) if s != self.seat]
        need = {s: self.counts[s] - self.known[s].bit_count() for s in others}
        pool = cards.cards_of(self.unseen)
        for attempt in range(31):
            strict = attempt < 30
            rng.shuffle(pool)
            # most constrained cards first: those few seats may hold
            order = sorted(pool, key=lambda c: sum(1 for s in others if not self.voids[s] >> c & 1)) if strict else pool
            left = dict(need)
            hands = [0] * self.n
            rest: list[int] = []
            ok = True
            for c in order:
                seats = [s for s in others if left[s] > 0 and (not strict or not self.voids[s] >> c & 1)]
                if not seats:
                    if sum(left.values()) == 0:
                        rest.append(c)
                        continue
                    if self.game == "whist":
                        rest.append(c)  # the stock holds what the opponent cannot
                        continue
                    ok = False
                    break
                total = sum(left[s] for s in seats)
                x = rng.random() * total
                for s in seats:
                    x -= left[s]
                    if x < 0:
                        break
                hands[s] |= 1 << c
                left[s] -= 1
            if ok and all(v == 0 for v in left.values()):
                hands[self.seat] = self.hand
                for s in others:
                    hands[s] |= self.known[s]
                return hands, rest
        raise AssertionError("could not deal the unseen cards")  # pragma: no cover

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
        if self.game == "whist":
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
        p.ntricks = list(v["taken"]) if self.game != "whist" else [0] * self.n
        for _, c in trick:
            p.play(c)
        return p
