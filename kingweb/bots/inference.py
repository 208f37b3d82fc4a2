"""Inference from play: how likely each sampled world makes the plays the others made.

The ``hard`` bot deals the unseen cards uniformly among the deals consistent with what
its view says for sure (the counts, the suits each seat has shown out of).  But a play
says more than a show-out: a player who ducks a spade with the 2 when a player of its
kind would have ducked with the 8 probably has no 8.  Policy-based inference (Rebstock,
Solinas, Buro, Sturtevant, 2019, "Policy-based inference in trick-taking card games",
IEEE CoG) reads this with a model of how the others play: by Bayes, a world's
probability given the plays seen is its prior (uniform among consistent deals, which is
how they are drawn) times the probability of those plays in it,

    P(world | plays) ∝ P(world) · Π over the others' plays  π(card | the player's position in that world)

so each sampled world is weighted by that product and the search's means become
weighted means (importance sampling: the worlds are drawn from the prior, the weights
turn them into draws from the posterior).

The model π is the ``normal`` policy (``policy.choose``; German Whist's stock stage:
``search.whist_greedy``, the rule its rollouts and the ``normal`` bot's fallback play),
softened, because nobody plays exactly by rule:

    π(card) = (1 − EPSILON) · [the policy plays card] + EPSILON / (number of legal cards)

A play that is forced, or that the policy makes in every world alike, weighs every
world the same and drops out of the normalised means: only plays whose choice depends
on the hidden cards move the weights.  Each player's position is rebuilt in the world
from its view at the time: its hand then (its hand in the world plus what it has played
since), the cards it had not seen, the trick, the suits shown out of.

German Whist: the opponent draws a hidden card after each stock trick the seat wins,
and which of its cards that was is not known in a world; its plays before its latest
hidden draw are left out (its hand then is not determined by the world).  Stage 2 is
solved exactly and needs no inference.  King's bids are not read (only the card play).
"""

from dataclasses import dataclass
from typing import cast

from ..cards import HEARTS, INDEX, SUIT_MASK
from ..play import Play, beats
from ..views import WhistView
from .knowledge import ALL_BUT_HEARTS, Knowledge
from .policy import choose
from .search import whist_greedy

#: The share of a player's choices the model leaves to chance (spread over its legal cards)
EPSILON = 0.5


@dataclass(frozen=True)
class Seen:
    """One play by another seat, with the public facts of its moment (none depends on
    the hidden cards): who played what, the trick before it, the cards gone before it."""

    seat: int
    card: int
    trick: tuple[int, ...]  # cards already on the trick, in play order
    trick_no: int
    gone: int  # cards the player had seen played (this trick's earlier cards included)
    later_void: int  # suits (a mask) every seat still to play to the trick has shown out of
    faceup: int | None  # German Whist's stock stage: the card at stake
    drawn_after: int  # cards the player took openly (German Whist's face-up cards) after it


class Evidence:
    """The others' plays of the deal so far as ``Seen`` facts, read from the seat's view
    once a decision; ``weight(hands)`` is then a world's likelihood."""

    def __init__(self, know: Knowledge) -> None:
        v = know.view
        assert know.contract is not None  # card play: the contract is known
        self.contract, self.n, self.seat = know.contract, know.n, know.seat
        self.stock = bool(know.facts.stock)
        self.deck = know.deck & ~_codes_mask(v.get("out_of_play", ()))
        # German Whist's view has no ``tricks_per_hand``: 13
        self.last_trick = cast(int, v.get("tricks_per_hand", 13)) - 1
        tricks = v["tricks"]
        base = v["trick_no"] - len(tricks)
        seqs = [(t["leader"], [INDEX[c] for c in t["cards"]]) for t in tricks]
        cur = v["trick"]
        if cur:
            seqs.append((cur[0]["seat"], [INDEX[x["card"]] for x in cur]))
        faceups: dict[int, int] = {}  # German Whist: stock trick number → the card at stake
        hidden_after = -1  # the last trick after which the opponent drew unseen
        taken_openly: dict[int, int] = {}  # trick number → the face-up card the opponent took
        if self.stock:
            for d in cast(WhistView, v).get("draws", ()):
                faceups[d["trick"]] = INDEX[d["faceup"]]
                if d["winner"] == self.seat:
                    hidden_after = max(hidden_after, d["trick"])
                else:
                    taken_openly[d["trick"]] = INDEX[d["faceup"]]
            if cur and cast(WhistView, v)["stage"] == 1 and know.faceup is not None:
                faceups[v["trick_no"]] = know.faceup
        ban = self.contract.ban_hearts_lead
        voids = [0] * self.n
        gone = 0
        plays: list[Seen] = []
        for i, (leader, cs) in enumerate(seqs):
            no = base + i
            led = cs[0] // 13
            for k, c in enumerate(cs):
                s = (leader + k) % self.n
                later = [(leader + j) % self.n for j in range(k + 1, self.n)]
                later_void = 0
                if k and later:
                    for suit in range(4):
                        if all(voids[t] & SUIT_MASK[suit] for t in later):
                            later_void |= SUIT_MASK[suit]
                if s != self.seat and no > hidden_after:
                    drawn = sum(1 << x for t, x in taken_openly.items() if t >= no)
                    plays.append(Seen(s, c, tuple(cs[:k]), no, gone, later_void, faceups.get(no), drawn))
                gone |= 1 << c
                if k == 0 and ban and led == HEARTS:
                    voids[s] |= ALL_BUT_HEARTS  # a heart is led only from all hearts
                if c // 13 != led:
                    voids[s] |= SUIT_MASK[led]
        self.plays = plays

    def weight(self, hands: list[int]) -> float:
        """The likelihood of the others' plays in the world where the seats hold
        ``hands`` now, under the softened policy (a product of one factor a play)."""
        from . import _Position  # (the package imports this module)

        w = 1.0
        held = list(hands)
        at = _Position()  # what ``policy.choose`` reads of a position, filled in per play
        at.c, at.n, at.last_trick, at.hands = self.contract, self.n, self.last_trick, held
        trump = self.contract.trump
        # back from now: each player's hand at its play is its hand now, the cards it has
        # played since put back, and the face-up cards it has taken since taken out
        for p in reversed(self.plays):
            s = p.seat
            held[s] = (held[s] | 1 << p.card) & ~p.drawn_after
            at.turn, at.trick, at.trick_no = s, list(p.trick), p.trick_no
            if p.trick:
                at.led = p.trick[0] // 13
                best = p.trick[0]
                for c in p.trick[1:]:
                    if beats(c, best, trump):
                        best = c
                at.best = best
            else:
                at.led = at.best = -1
            # (``Play.legal_mask`` reads c, hands, turn, trick, led)
            legal = at._legal = Play.legal_mask(at)  # type: ignore[arg-type]
            n_legal = legal.bit_count()
            if n_legal <= 1:
                continue
            unseen = self.deck & ~held[s] & ~p.gone
            if self.stock:
                at.stock = [p.faceup] if p.faceup is not None else []
                if p.faceup is not None:
                    unseen &= ~(1 << p.faceup)
                chosen = whist_greedy(at, unseen)
            else:
                chosen = choose(at, unseen, later=unseen & ~p.later_void)[0]
            w *= (1 - EPSILON) * (chosen == p.card) + EPSILON / n_legal
        return w


def _codes_mask(codes: object) -> int:
    m = 0
    for c in cast("list[str]", codes):
        m |= 1 << INDEX[c]
    return m
