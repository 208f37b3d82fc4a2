"""Claiming the rest of a deal: whether a seat's cards surely take (``all``) or surely
lose (``none``) every trick left, and the card its claim plays next.

A claim is offered from what the claiming seat may know and nothing more (``Seen``: its
own hand, the cards played, the suits each seat has shown out of, the number of cards
each holds), so that the offer says nothing of the hidden hands: it holds for every way
the unseen cards can lie and every way the others can play them.  RULES.md, *Claiming
the rest*, is the reference.

- Four players (King, Кинг): ``all`` only.  The claim's plan leads the trumps from the
  top, then each other suit from the top, hearts last (the hearts-lead ban; the K♥ first
  of them when it must be led); a card is sure when no unseen card of its suit is higher,
  or when the rounds of its suit led before it have drawn every card of that suit any
  other seat can hold; a card outside trumps is sure only once no other seat can hold a
  trump.  That is a sufficient test, not an exhaustive one: a claim that rests on where a
  card lies, or on a squeeze, is not offered.  ``none`` is not offered: the others would
  still play for what the claimant lets go.
- German Whist, once the stock is gone: both hands are known to both seats, so the same
  plan is checked against the other hand itself for ``all``; ``none`` holds when in every
  suit both hold the claimant's cards are all lower, and it cannot be made to trump.

>>> from kingweb.play import Contract
>>> nt = Contract("nt", lambda won, nt, wins: [0, 0, 0, 0])
>>> seen = Seen(seat=0, hand=0b11 << 11, unseen=0b111, voids=[0, 0, 0, 0], counts=[2, 2, 2, 2], trick=[])
>>> claim_card("all", seen, nt, legal=seen.hand)  # the A♣ K♣ against the 2♣ 3♣ 4♣
12
"""

from dataclasses import dataclass, field

from .cards import HEARTS, KH, SUIT_MASK, cards_of
from .play import Contract, Play, beats

KINDS = ("all", "none")


@dataclass
class Seen:
    """What the seat to act knows: ``hand``, the ``unseen`` cards (held by the others),
    per seat the suits it has shown out of (``voids``, bit ``s`` for suit ``s``), every
    seat's number of cards (``counts``) and the trick so far as ``(seat, card)``."""

    seat: int
    hand: int
    unseen: int
    voids: list[int]
    counts: list[int]
    trick: list[tuple[int, int]] = field(default_factory=list)


def cards_only(legal: list[str]) -> list[str]:
    """``legal`` without its claims: what a search or a review weighs."""
    return [a for a in legal if not a.startswith("claim:")]


def claim_card(kind: str, seen: Seen, contract: Contract, legal: int) -> int | None:
    """The card the claim ``kind`` plays now for ``seen.seat`` (``legal``: the cards it
    may play), or None when its cards do not surely take (``all``) or lose (``none``)
    every trick left."""
    if seen.hand.bit_count() < 2:  # the last trick plays itself
        return None
    if kind == "all" and contract.sign <= 0:
        # tricks cost here: taking them all is no plan but a fate, sure whatever anyone
        # plays, the claimant too, or it is not claimed (the claimant could still duck)
        return _forced_all(seen, contract, legal)
    if len(seen.counts) == 2:
        return _whist_card(kind, seen, contract, legal)
    if kind != "all":
        return None
    return _four_card(seen, contract, legal)


def _forced_all(seen: Seen, contract: Contract, legal: int) -> int | None:
    """With no trump: every card of the hand is above every unseen card of its suit, and
    every card it may play now takes the trick in progress (whoever plays after)."""
    if contract.trump >= 0:
        return None
    for x in range(4):
        mine = seen.hand & SUIT_MASK[x]
        if mine and seen.unseen & SUIT_MASK[x] & ~((1 << (mine & -mine).bit_length()) - 1):
            return None
    if seen.trick:
        best = seen.trick[0][1]
        for _, c in seen.trick[1:]:
            if beats(c, best, -1):
                best = c
        if any(not beats(c, best, -1) for c in cards_of(legal)):
            return None
        return (legal & -legal).bit_length() - 1
    plan = _lead_plan(seen.hand, seen, contract)  # (any order wins: the plan's, from the top)
    return plan[0] if plan else (legal & -legal).bit_length() - 1


# -- four players: a plan, checked card by card ---------------------------------------


def _desc(mask: int) -> list[int]:
    out = []
    while mask:
        top = mask.bit_length() - 1
        out.append(top)
        mask ^= 1 << top
    return out


def _lead_plan(hand: int, seen: Seen, contract: Contract) -> list[int] | None:
    """The order in which ``hand`` is led if every lead is sure to win, else None."""
    trump = contract.trump
    others = [s for s in range(len(seen.counts)) if s != seen.seat]
    unseen_in = [(seen.unseen & SUIT_MASK[x]).bit_count() for x in range(4)]

    def most(x: int) -> int:
        """The most cards of suit ``x`` another seat can hold: the rounds of ``x`` that
        surely draw them all."""
        return max((0 if seen.voids[s] >> x & 1 else min(unseen_in[x], seen.counts[s]) for s in others), default=0)

    suits = ([trump] if trump >= 0 else []) + [x for x in (0, 1, 3, 2) if x != trump]
    plan: list[int] = []
    for x in suits:
        cards = _desc(hand & SUIT_MASK[x])
        if x == HEARTS and contract.kh_on_lead and KH in cards:  # led first from hearts alone
            cards.remove(KH)
            cards.insert(0, KH)
        for i, c in enumerate(cards):
            higher = seen.unseen & SUIT_MASK[x] & ~((2 << c) - 1)
            if higher and most(x) > i:
                return None
        plan += cards
    if trump >= 0 and hand & ~SUIT_MASK[trump] and most(trump) > (hand & SUIT_MASK[trump]).bit_count():
        return None  # a side card could be trumped
    return plan


def _four_card(seen: Seen, contract: Contract, legal: int) -> int | None:
    if not seen.trick:
        plan = _lead_plan(seen.hand, seen, contract)
        return plan[0] if plan else None
    # in the middle of a trick: a card that takes it whatever the seats after play
    trump = contract.trump
    led = seen.trick[0][1] // 13
    best = seen.trick[0][1]
    for _, c in seen.trick[1:]:
        if beats(c, best, trump):
            best = c
    n = len(seen.counts)
    after = [(seen.seat + i) % n for i in range(1, n - len(seen.trick))]
    m = legal
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        if not beats(c, best, trump):
            continue
        if any(_can_beat(s, c, led, seen, trump) for s in after):
            continue
        if _lead_plan(seen.hand & ~(1 << c), seen, contract) is not None:
            return c
    return None


def _can_beat(s: int, c: int, led: int, seen: Seen, trump: int) -> bool:
    """Whether seat ``s``, yet to play to the trick, may hold a card that beats ``c``."""
    held = seen.unseen
    for x in range(4):
        if seen.voids[s] >> x & 1:
            held &= ~SUIT_MASK[x]
    suit = c // 13
    if held & SUIT_MASK[suit] & ~((2 << c) - 1):
        return True
    return trump >= 0 and suit != trump and bool(held & SUIT_MASK[trump])


# -- German Whist's stage 2: both hands known --------------------------------------------


def _whist_card(kind: str, seen: Seen, contract: Contract, legal: int) -> int | None:
    """Once the stock is gone the unseen cards are the other hand, so each seat's voids
    and suit lengths are known exactly: ``all`` is the four-player plan with them,
    ``none`` the test of ``_loses_all``."""
    opp = 1 - seen.seat
    exact = Seen(seen.seat, seen.hand, seen.unseen, [0, 0], seen.counts, seen.trick)
    exact.voids[opp] = sum(1 << x for x in range(4) if not seen.unseen & SUIT_MASK[x])
    if kind == "all":
        return _four_card(exact, contract, legal)
    # conceding is a fate, not a plan: whatever either seat plays, every trick is lost
    trump = contract.trump
    for c in cards_of(legal):
        rest = seen.hand & ~(1 << c)
        if seen.trick:
            led = seen.trick[0][1]
            if beats(c, led, trump) or not _loses_all(rest, seen.unseen & ~(1 << led), trump):
                return None
            continue
        replies = _follow(seen.unseen, c)
        if not all(beats(r, c, trump) and _loses_all(rest, seen.unseen & ~(1 << r), trump) for r in cards_of(replies)):
            return None
    return legal.bit_length() - 1


def _follow(hand: int, led: int) -> int:
    return hand & SUIT_MASK[led // 13] or hand


def _loses_all(me: int, opp: int, trump: int) -> bool:
    """Whether ``me`` loses every trick that ``opp`` leads, whatever it leads: in every
    suit both hold, my cards are all below its cards, and I can never be made to trump
    (I hold none, or it holds nothing but trumps and leads only them)."""
    for x in range(4):
        mine, its = me & SUIT_MASK[x], opp & SUIT_MASK[x]
        if mine and its and mine.bit_length() - 1 > (its & -its).bit_length() - 1:
            return False
    return not me & SUIT_MASK[trump] or not opp & ~SUIT_MASK[trump]


def too_short(hand: int, live: int, mid_trick: bool) -> bool:
    """Whether the hand's *short* cards, those in suits whose top card still in hands
    (``live``) is another seat's, rule out a claim of ``all`` at four players: the gate
    that rules out nearly every position in a few operations (``open_kinds`` then looks
    closer at what passes).  A claim needs every suit of the hand to hold that top card,
    but perhaps (mid-trick) one suit of one card, the card played now: a seat with two
    short cards or more, or one at its lead, has no claim (``open_kinds`` counts the same
    suits and would say so too).  It stops at the first suit that decides."""
    short = 0
    for m in SUIT_MASK:
        mine = hand & m
        if mine and (live & m).bit_length() > mine.bit_length():
            if not mid_trick or short or mine & (mine - 1):
                return True
            short = mine
    return False


def can_take(play: Play, legal: int) -> bool:
    """Whether a card of ``legal`` beats the best card of the trick in progress: a claim
    of ``all`` made mid-trick needs one (and where it is a fate, every card must)."""
    best = play.best
    if legal & SUIT_MASK[best // 13] & ~((2 << best) - 1):
        return True
    trump = play.c.trump
    return trump >= 0 and best // 13 != trump and bool(legal & SUIT_MASK[trump])


def open_kinds(hand: int, unseen: int, mid_trick: bool, players: int, contract: Contract) -> list[str]:
    """The kinds of claim that may hold now, in ``KINDS`` order (the others surely do
    not): ``could_claim`` of each kind in one pass over the suits, and, where tricks cost
    (``all`` is then ``_forced_all``), that test's own condition on the cards, which is
    stricter.  This runs on every ``legal()``, so it is kept to a few mask operations."""
    forced = contract.sign <= 0
    trumps = SUIT_MASK[contract.trump] if contract.trump >= 0 else 0
    # with no trump of my own while another seat holds one, any side card could be trumped
    all_ok = not (forced and trumps) and not (trumps and unseen & trumps and not hand & trumps)
    none_ok = players == 2
    short_all = short_none = 0
    for m in SUIT_MASK:
        mine = hand & m
        its = unseen & m
        if not mine or not its:
            continue
        top = its.bit_length()
        if forced:
            if top > (mine & -mine).bit_length():  # an unseen card above my lowest
                all_ok = False
        elif top > mine.bit_length():
            # mid-trick, the card played now may be the one card short of its suit: the
            # rest of the hand must be led from the top (``_lead_plan``)
            short_all += 1 if not mine & (mine - 1) else 2
        if none_ok and mine.bit_length() > (its & -its).bit_length():
            short_none += 1
    out = []
    if all_ok and short_all <= (1 if mid_trick else 0):
        out.append("all")
    if none_ok and short_none <= 1:
        out.append("none")
    return out


def could_claim(kind: str, hand: int, unseen: int, mid_trick: bool, players: int) -> bool:
    """A quick test that claim ``kind`` may hold (false: it surely does not), for
    ``players`` at the table.  ``all``: the top card of every suit in ``hand`` (but
    perhaps the suit of the card played now) beats the unseen cards of that suit;
    ``none`` (two players only): it is below them."""
    if kind == "none" and players != 2:
        return False
    short = 0
    for x in range(4):
        mine, its = hand & SUIT_MASK[x], unseen & SUIT_MASK[x]
        if not mine or not its:
            continue
        if kind == "all" and its.bit_length() > mine.bit_length():
            short += 1
        if kind == "none" and mine.bit_length() > (its & -its).bit_length():
            short += 1
    return short <= (1 if mid_trick or kind == "none" else 0)
