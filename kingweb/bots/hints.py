"""Why the bots suggest what they suggest: a reason code with its params and its words,
for the hint button, the lessons and the deal review.

The reason is the bot's own: the rule of thumb that chose a card (``policy.choose``),
what a search found each card worth (``search.search_values``; German Whist's endgame
exactly), or the estimates a bid rests on (``bidding.choose``).  Each code is declared
once in ``REASONS`` with its English template and its *check*: a predicate over what the
seat knows (``Facts``: its hand, the trick, what wins it so far, the cards still out, the
suits each seat has shown out of) that holds when every fact the sentence states is true.
A reason whose truth is a judgement (an estimate, a search over sampled deals) says so in
its words ("about", "can expect", "the search finds"), and its check tests the figures it
quotes.  A reason is given only when its check holds (else the plain ``suggest``), and
``tests/bots/test_hints.py`` checks thousands of them against the whole game.

The page says a code as ``why_<code>`` in its language with the same params: cards as
codes, suits as letters, offers and other actions as action strings, seats as ints,
points (``pts``, ``gain``, ``cost``, …) as the engine's unit points.
"""

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from .. import cards
from ..cards import INDEX, SUIT_MASK, SUITS
from ..errors import english
from ..games import GAMES
from ..king import describe_offer, offer_terms, offer_value
from ..play import KH_NONE, Contract, beats
from ..views import Hint, KingView, View, WhistView, seat_of
from . import bidding
from .knowledge import Knowledge, contract_of
from .policy import DUCK_RULES, TAKE_RULES, wants_tricks
from .search import Values

if TYPE_CHECKING:
    from ..game import Game

Params = dict[str, Any]
#: The budget of the bot a hint asks: its German Whist stock-stage search gets 15% of it,
#: so that it always searches all its worlds (about 50 ms), where a loaded page playing
#: against the clock might cut it short: a hint says the same for the same position
HINT_BUDGET = 60.0


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


# -- the checks of card reasons: True when every fact the words state holds ------------------

CardCheck = Callable[[Facts, int, Params], bool]


def _forced(f: Facts, c: int, p: Params) -> bool:
    return f.legal == 1 << c


def _king_forced(f: Facts, c: int, p: Params) -> bool:
    has_rule = f.contract.kh_rule != KH_NONE or f.contract.kh_on_lead
    return has_rule and f.legal == 1 << INDEX["KH"] and f.hand.bit_count() > 1


def _shed_early(f: Facts, c: int, p: Params) -> bool:
    only_last_two = f.contract.id in ("last-two", "no-last-two")
    free_now = f.trick_no < f.tricks - 2
    return only_last_two and free_now and _rank(c) == max(_rank(x) for x in f.legal_cards())


def _duck(f: Facts, c: int, p: Params) -> bool:
    ducks = [x for x in f.legal_cards() if x // 13 == f.led and not f.wins_now(x)]
    return c in ducks and c == max(ducks) and p["best"] == cards.code(f.best)


def _win_anyway(f: Facts, c: int, p: Params) -> bool:
    xs = f.legal_cards()
    return all(f.takes(x) for x in xs) and c == max(xs, key=_rank)


def _win_free(f: Facts, c: int, p: Params) -> bool:
    higher = [x for x in f.legal_cards() if _rank(x) > _rank(c)]
    return f.takes(c) and f.cost(c) == 0 and all(f.cost(x) < 0 for x in higher)


def _play_low(f: Facts, c: int, p: Params, free: bool = False) -> bool:
    xs = f.legal_cards()
    lower = [x for x in xs if _rank(x) < _rank(c)]
    lowest = all(f.cost(x) < 0 for x in lower) and f.cost(c) == 0 if free else not lower
    higher_out = bool(f.threats(c) & SUIT_MASK[f.led])
    return (
        bool(f.trick)
        and c // 13 == f.led
        and all(f.wins_now(x) for x in xs)
        and higher_out
        and lowest
        and p["best"] == cards.code(f.best)
        and p["suit"] == SUITS[f.led]
    )


def _discard_penalty(f: Facts, c: int, p: Params) -> bool:
    costs = [f.cost(x) for x in f.legal_cards()]
    return f.void_in_led() and f.cost(c) < 0 and f.cost(c) == min(costs) and p["suit"] == SUITS[f.led]


def _discard_boss(f: Facts, c: int, p: Params) -> bool:
    above = f.out_in(c // 13) & ~((1 << (c + 1)) - 1)
    free = all(f.cost(x) == 0 for x in f.legal_cards())
    return f.void_in_led() and free and not above and p["suit"] == SUITS[f.led]


def _discard_high(f: Facts, c: int, p: Params) -> bool:
    free = all(f.cost(x) == 0 for x in f.legal_cards())
    top = max(_rank(x) for x in f.legal_cards())
    return f.void_in_led() and free and _rank(c) == top and p["suit"] == SUITS[f.led]


def _lead_counts(f: Facts, c: int) -> tuple[int, int]:
    suit = f.out_in(c // 13)
    below = suit & ((1 << c) - 1)
    return (suit & ~below).bit_count(), below.bit_count()


def _lead_under(f: Facts, c: int, p: Params) -> bool:
    above, below = _lead_counts(f, c)
    return not f.trick and f.contract.sign <= 0 and above > 0 and below == 0 and p["suit"] == SUITS[c // 13]


def _lead_low(f: Facts, c: int, p: Params) -> bool:
    above, below = _lead_counts(f, c)
    return not f.trick and below > 0 and (p["above"], p["below"], p["suit"]) == (above, below, SUITS[c // 13])


def _lead_alone(f: Facts, c: int, p: Params) -> bool:
    return not f.trick and all(not f.out_in(x // 13) for x in f.legal_cards())


def _cheapest_win(f: Facts, c: int) -> bool:
    wins = [x for x in f.legal_cards() if f.wins_now(x)]
    return c in wins and min(wins, key=lambda x: (_is_trump(f, x), _rank(x))) == c


def _win_cheap(f: Facts, c: int, p: Params) -> bool:
    return f.last and _cheapest_win(f, c)


def _win_sure(f: Facts, c: int, p: Params) -> bool:
    return bool(f.trick) and f.takes(c)


def _win_high(f: Facts, c: int, p: Params) -> bool:
    same = [x for x in f.legal_cards() if x // 13 == c // 13]
    return bool(f.trick) and f.wins_now(c) and bool(f.threats(c)) and c == max(same) and p["best"] == cards.code(f.best)


def _win_low(f: Facts, c: int, p: Params) -> bool:
    trumps = [x for x in f.legal_cards() if _is_trump(f, x) and f.wins_now(x)]
    return bool(f.trick) and c in trumps and c == min(trumps) and p["best"] == cards.code(f.best)


def _cannot_win(f: Facts, c: int, p: Params, keep_trumps: bool = False) -> bool:
    xs = f.legal_cards()
    pool = [x for x in xs if not _is_trump(f, x)] if keep_trumps else xs
    return (
        bool(f.trick)
        and not any(f.wins_now(x) for x in xs)
        and c in pool
        and _rank(c) == min(_rank(x) for x in pool)
        and p["best"] == cards.code(f.best)
    )


def _lead_winner(f: Facts, c: int, p: Params) -> bool:
    above = f.out_in(c // 13) & ~((1 << (c + 1)) - 1)
    ruffs = f.trump >= 0 and not _is_trump(f, c) and f.out_in(f.trump)
    return not f.trick and f.contract.sign > 0 and not above and not ruffs


def _draw_trumps(f: Facts, c: int, p: Params) -> bool:
    if f.trick or f.trump < 0 or not _is_trump(f, c):
        return False
    mine = f.hand & SUIT_MASK[f.trump]
    theirs = f.out_in(f.trump).bit_count()
    return c == mine.bit_length() - 1 and mine.bit_count() >= theirs > 0


def _lead_long(f: Facts, c: int, p: Params) -> bool:
    xs = f.legal_cards()
    side = [x for x in xs if not _is_trump(f, x)] or xs
    length = {x // 13: (f.hand & SUIT_MASK[x // 13]).bit_count() for x in side}
    own = f.hand & SUIT_MASK[c // 13]
    return not f.trick and c in side and length[c // 13] == max(length.values()) and c == (own & -own).bit_length() - 1


def _take_faceup(f: Facts, c: int, p: Params) -> bool:
    return _only_stage1(f) and _cheapest_win(f, c) and p["faceup"] == cards.code(cast(int, f.faceup))


def _lose_cheap(f: Facts, c: int, p: Params) -> bool:
    xs = f.legal_cards()
    lowest = min(xs, key=lambda x: (_is_trump(f, x), _rank(x))) == c
    could = any(f.wins_now(x) for x in xs)
    return _only_stage1(f) and not f.wins_now(c) and lowest and could and p["faceup"] == cards.code(cast(int, f.faceup))


# -- search values -------------------------------------------------------------------------


def _top(v: Values) -> list[int]:
    """The cards the search compared on the most worlds, best first."""
    most = max(v.worlds.values())
    return sorted((c for c in v.means if v.worlds[c] == most), key=lambda c: (-v.means[c], c))


def _search(f: Facts, c: int, p: Params, even: bool = False) -> bool:
    v = f.values
    if v is None or v.exact or c != v.best():
        return False
    other = INDEX[p["other"]]
    gain = round(v.means[c] - v.means[other], 1)
    comparable = v.worlds[other] == v.worlds[c] and other != c
    return comparable and p["gain"] == gain and p["n"] == v.worlds[c] and (gain < 0.1 if even else gain >= 0.1)


def _endgame(f: Facts, c: int, p: Params, any_card: bool = False) -> bool:
    v = f.values
    if v is None or not v.exact or p["tricks"] != v.means[c] or p["left"] != f.hand.bit_count():
        return False
    if any_card:
        return len(set(v.means.values())) == 1
    return v.means[c] == max(v.means.values()) and p["other_tricks"] == v.means[INDEX[p["other"]]] < v.means[c]


# -- the checks of the costs of a wrong play (lessons) -----------------------------------------


def _worse_takes(f: Facts, c: int, p: Params) -> bool:
    pts = -f.worth(f.on_trick() | 1 << c)
    return f.last and f.wins_now(c) and pts > 0 and p["pts"] == pts


def _worse_loses(f: Facts, c: int, p: Params) -> bool:
    better = INDEX[p["better"]]
    pts = f.worth(f.on_trick() | 1 << better)
    return f.last and not f.wins_now(c) and f.wins_now(better) and pts > 0 and p["pts"] == pts


def _worse_keeps(f: Facts, c: int, p: Params) -> bool:
    better = INDEX[p["better"]]
    return (
        f.void_in_led()
        and f.legal >> better & 1 == 1
        and f.cost(better) < f.cost(c)
        and f.cost(better) < 0
        and p["pts"] == -f.cost(better)
    )


def _worse_gives_faceup(f: Facts, c: int, p: Params) -> bool:
    return _only_stage1(f) and not f.wins_now(c) and p["faceup"] == cards.code(cast(int, f.faceup))


def _worse_spends(f: Facts, c: int, p: Params) -> bool:
    up = f.faceup
    return (
        _only_stage1(f)
        and up is not None
        and f.wins_now(c)
        and not _is_trump(f, up)
        and _rank(c) >= 9  # a jack or higher
        and _rank(c) > _rank(up)
        and p["faceup"] == cards.code(up)
    )


def _worse_endgame(f: Facts, c: int, p: Params) -> bool:
    v = f.values
    if v is None or not v.exact:
        return False
    better = INDEX[p["better"]]
    return (p["tricks"], p["better_tricks"], p["left"]) == (
        v.means[c],
        v.means[better],
        f.hand.bit_count(),
    ) and v.means[c] < v.means[better]


def _worse_search(f: Facts, c: int, p: Params) -> bool:
    v = f.values
    if v is None or v.exact:
        return False
    better = INDEX[p["better"]]
    cost = round(v.means[better] - v.means[c], 1)
    return bool(p["cost"] == cost > 0 and p["n"] == min(v.worlds[c], v.worlds[better]))


# -- bids ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BidFacts:
    """A bidding decision: the view (the auction so far, what is legal) and the seat's
    estimates (``bidding.Estimates``), on which every figure of a bid's reason rests."""

    view: KingView
    est: bidding.Estimates


BidCheck = Callable[[BidFacts, str, Params], bool]


def _near(quoted: object, x: float) -> bool:
    """A quoted estimate: points to the nearest 5."""
    return isinstance(quoted, int) and abs(quoted - x) <= 2.5


def _near_tricks(quoted: object, x: float) -> bool:
    return isinstance(quoted, float | int) and abs(quoted - x) <= 0.05


def _worth(b: BidFacts) -> dict[str, float]:
    return bidding.worth(b.view, b.est)


def _best_of(b: BidFacts, action: str) -> bool:
    w = _worth(b)
    return action in w and all(w[action] >= v for v in w.values())


def _choose_mode(b: BidFacts, a: str, p: Params) -> bool:
    est = b.est
    if a == "down":
        ok = _near_tricks(p["expect"], est.down) and _near(p["pts"], est.points("down"))
        return (
            ok
            and est.points("down") >= est.points(est.best_up()[0])
            and _near(p["other_pts"], est.points(est.best_up()[0]))
        )
    best_up = est.best_up()[0]
    ok = a == best_up and _near_tricks(p["expect"], est.up[a]) and _near(p["pts"], est.points(a))
    if a != "up:NT":
        ok = ok and p["suit"] == a[3]
    if "other_pts" in p:
        ok = ok and _near(p["other_pts"], est.points("down")) and est.points(a) >= est.points("down")
    return ok


def _open_auction(b: BidFacts, a: str, p: Params) -> bool:
    hcp = bidding.high_cards(cards.mask_of(INDEX[c] for c in b.view["hand"]))
    return a == "auction" and _near(p["pts"], b.est.own()) and bidding.auction_gain(b.est, hcp) > bidding.MARGIN


def _offer(b: BidFacts, a: str, p: Params, match: bool = False) -> bool:
    auc = b.view["auction"]
    w = _worth(b)
    good = [x for x in b.view["legal"] if x.startswith("offer:") and w[x] >= bidding.stay_out()]
    cheapest = bool(good) and a == min(good, key=offer_value) and p["offer"] == a and _near(p["pts"], w[a])
    if not match:
        return cheapest
    owner, holder = b.view["owner"], auc["holder"]
    if owner is None or holder is None:
        return False
    # preference: speaking earlier in the fixed order owner+1, owner+2, owner+3
    earlier = (seat_of(b.view) - owner) % 4 < (holder - owner) % 4
    return cheapest and a == auc["offer"] and p["seat"] == holder and earlier


def _pass(b: BidFacts, a: str, p: Params) -> bool:
    w = _worth(b)
    offers = [x for x in b.view["legal"] if x.startswith("offer:")]
    cheapest = min(offers, key=lambda x: (offer_value(x), -w[x])) if offers else None
    none_pays = all(w[x] < bidding.stay_out() for x in offers)
    return (
        a == "pass"
        and none_pays
        and p["offer"] == cheapest
        and _near(p["pts"], w[cheapest] if cheapest else 0)
        and _near(p["share"], w["pass"])
    )


def _decide(b: BidFacts, a: str, p: Params) -> bool:
    w = _worth(b)
    ok = _best_of(b, a) and _near(p["own"], b.est.own())
    if "accept" in w:
        ok = ok and p.get("offer") == b.view["auction"]["offer"] and _near(p["pts"], w["accept"])
    if a == "ultimatum":
        ok = ok and b.est.best_mode() == "down"
    return ok


def _reject_no_offer(b: BidFacts, a: str, p: Params) -> bool:
    return b.view["auction"]["offer"] is None and _best_of(b, "reject") and _near(p["own"], b.est.own())


def _answer8(b: BidFacts, a: str, p: Params) -> bool:
    value = bidding.buyer_value("up", 8, b.est, bool(b.view["options"].get("uncapped_payment", False)))
    gives = value >= bidding.stay_out()
    return _near(p["pts"], value) and (a == "offer:up:8") == gives


def _worse_raise(b: BidFacts, a: str, p: Params) -> bool:
    better = p["better"]
    return (
        a.startswith("offer:")
        and better in b.view["legal"]
        and offer_terms(better) is not None
        and p["extra"] == offer_value(a) - offer_value(better) > 0
    )


def _worse_bid(b: BidFacts, a: str, p: Params) -> bool:
    w = _worth(b)
    return (
        p["choice"] == a
        and p["better"] in w
        and _near(p["pts"], w[a])
        and _near(p["other_pts"], w[p["better"]])
        and w[p["better"]] > w[a]
    )


# -- the codes -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Reason:
    """A reason code's English template and its check (None: it states no fact of the
    position, as "not your turn")."""

    template: str
    card: CardCheck | None = None
    bid: BidCheck | None = None

    def holds(self, facts: "Facts | BidFacts | None", action: str, params: Params) -> bool:
        """Whether every fact the reason states holds for ``action``."""
        if self.card is not None:
            return isinstance(facts, Facts) and action in INDEX and self.card(facts, INDEX[action], params)
        if self.bid is not None:
            return isinstance(facts, BidFacts) and self.bid(facts, action, params)
        return True


def _c(template: str, check: CardCheck) -> Reason:
    return Reason(template, card=check)


def _b(template: str, check: BidCheck) -> Reason:
    return Reason(template, bid=check)


#: Every reason code: its English template and the check that tests it.  Params as in
#: ``kingweb.errors`` (cards as codes, suits as letters, offers as action strings, seats as
#: ints); ``other``/``better``/``choice`` are cards or actions; ``pts``, ``gain``, ``cost``,
#: ``extra``, ``own``, ``share``, ``other_pts`` are points; ``expect`` tricks to a tenth.
CODES: dict[str, Reason] = {
    "wait": Reason("not your turn"),
    "suggest": Reason("{choice} is what the bots would play here"),
    "forced": _c("{card} is your only legal card", _forced),
    # (the engine offers a claim only when it holds whatever the hidden cards: nothing to check)
    "claim-all": Reason("your cards take every trick left, whatever the others hold and play: claim the rest"),
    "claim-none": Reason("your cards lose every trick left, whatever your opponent plays: concede the rest"),
    "king-forced": _c("the K♥ must go now", _king_forced),
    # negatives
    "shed-early": _c(
        "only the last two tricks cost: while tricks are free, get rid of your highest card, {card}", _shed_early
    ),
    "duck": _c("duck with {card}, your highest card under {best}: it cannot take this trick", _duck),
    "win-anyway": _c("whatever you play takes this trick: take it with your highest card, {card}", _win_anyway),
    "win-free": _c("{card} takes this trick for sure: your highest card that costs nothing", _win_free),
    "play-low": _c(
        "all your {suit} beat {best}: play your lowest, {card}, as a higher one still out may take the trick",
        _play_low,
    ),
    "play-low-free": _c(
        "all your {suit} beat {best}: play {card}, your lowest card that costs nothing, as a higher one still "
        "out may take the trick",
        lambda f, c, p: _play_low(f, c, p, free=True),
    ),
    "discard-penalty": _c(
        "you have no {suit}: throw {card} here, and whoever takes this trick pays for it", _discard_penalty
    ),
    "discard-boss": _c(
        "you have no {suit}: throw {card}; nothing higher of its suit is still out, so it could win a later trick",
        _discard_boss,
    ),
    "discard-high": _c("you have no {suit}: get rid of your highest card, {card}", _discard_high),
    "lead-under": _c("lead {card}: all the {suit} still out are higher, so someone else takes this trick", _lead_under),
    "lead-low": _c("lead {card}: of the {suit} still out, {above} higher and {below} lower", _lead_low),
    "lead-alone": _c("nobody else holds a card of your suits: this trick is yours whatever you lead", _lead_alone),
    # positives
    "win-cheap": _c("you play last: win with {card}, the cheapest card that takes this trick", _win_cheap),
    "win-sure": _c("{card} takes this trick for sure: nobody still to play can beat it", _win_sure),
    "win-high": _c("play your highest, {card}: it beats {best}, though a card still out could beat it", _win_high),
    "win-low": _c("win with {card}, your lowest trump that beats {best}", _win_low),
    "cannot-win": _c("nothing you can play beats {best}: throw your lowest card, {card}", _cannot_win),
    "cannot-win-trumps": _c(
        "nothing you can play beats {best}: throw {card}, your lowest card outside trumps",
        lambda f, c, p: _cannot_win(f, c, p, keep_trumps=True),
    ),
    "lead-winner": _c("lead {card}: nothing still out can beat it", _lead_winner),
    "draw-trumps": _c(
        "draw trumps with {card}, your highest: you hold at least as many trumps as are still out", _draw_trumps
    ),
    "lead-long": _c("lead {card}, the lowest card of your longest suit, to set up the rest of it", _lead_long),
    # German Whist
    "take-faceup": _c("win the face-up {faceup} with {card}, the cheapest card that does", _take_faceup),
    "lose-cheap": _c("the face-up {faceup} is not worth a good card: lose cheaply with {card}", _lose_cheap),
    "search-best": _c(
        "in {n} deals the search tried, {card} came out about {gain} points better than {other}, the next best",
        _search,
    ),
    "search-even": _c(
        "in {n} deals the search tried, {card} and {other} came out about even, ahead of the rest",
        lambda f, c, p: _search(f, c, p, even=True),
    ),
    "endgame-best": _c(
        "both hands are known now: with {card} you take {tricks} of the {left} tricks left, with {other} only "
        "{other_tricks}",
        _endgame,
    ),
    "endgame-any": _c(
        "both hands are known now: whatever you play, you take {tricks} of the {left} tricks left",
        lambda f, c, p: _endgame(f, c, p, any_card=True),
    ),
    # what a wrong play costs (lessons)
    "worse-takes": _c("{card} takes this trick, and that costs you {pts} points", _worse_takes),
    "worse-loses": _c("{card} loses this trick, and the {pts} points {better} would take with it", _worse_loses),
    "worse-keeps": _c(
        "{card} keeps {better} in your hand, where it can still cost you {pts} points; thrown now, it goes to "
        "whoever takes this trick",
        _worse_keeps,
    ),
    "worse-gives-faceup": _c(
        "{card} loses this trick, so the face-up {faceup} goes to your opponent", _worse_gives_faceup
    ),
    "worse-spends": _c("{card} spends a high card to win the face-up {faceup}, a lower one", _worse_spends),
    "worse-endgame": _c(
        "both hands are known now: with {card} you take {tricks} of the {left} tricks left, with {better} "
        "{better_tricks}",
        _worse_endgame,
    ),
    "worse-search": _c(
        "in {n} deals the search tried, {card} came out about {cost} points worse than {better}", _worse_search
    ),
    "worse-raise": _b("{offer} promises the owner {extra} more than {better}", _worse_raise),
    "worse": Reason("{choice} is not the best play here: {better} is"),
    "worse-bid": _b("{choice}: about {pts} to you; {better}: about {other_pts}", _worse_bid),
    # King's positives: the owner, the bidders, the buyer
    "only": Reason("this is your only choice now"),
    "choose-down": _b(
        "playing down you can expect about {expect} tricks, so about {pts} points, against about {other_pts} "
        "playing up",
        _choose_mode,
    ),
    "choose-up": _b(
        "with {suit} as trumps you can expect about {expect} tricks, so about {pts} points, against about "
        "{other_pts} playing down",
        _choose_mode,
    ),
    "choose-notrump": _b(
        "with no trump you can expect about {expect} tricks, so about {pts} points, against about {other_pts} "
        "playing down",
        _choose_mode,
    ),
    "trump-best": _b(
        "with {suit} as trumps you can expect about {expect} tricks, more than with any other", _choose_mode
    ),
    "trump-notrump": _b("with no trump you can expect about {expect} tricks, more than with any trump", _choose_mode),
    "open-auction": _b(
        "you can expect about {pts} points playing yourself; the auction should bring more, and you can still "
        "reject it and play",
        _open_auction,
    ),
    "offer": _b("{offer} is the cheapest offer that should still pay you: about {pts} points after paying", _offer),
    "match": _b(
        "match {offer} by preference (you speak before seat {seat}): the same deal at the same price, about {pts} "
        "points to you after paying",
        lambda b, a, p: _offer(b, a, p, match=True),
    ),
    "pass": _b(
        "the cheapest offer open, {offer}, should leave you about {pts} points after paying; staying out is "
        "worth about {share}",
        _pass,
    ),
    "accept": _b(
        "accepting {offer} should bring you about {pts} points with your own tricks, against about {own} "
        "playing yourself",
        _decide,
    ),
    "reject": _b(
        "you can expect about {own} points playing yourself, against about {pts} from accepting {offer}", _decide
    ),
    "reject-no-offer": _b(
        "nobody made an offer: you can expect about {own} points playing yourself, more than 4-3-3-3's 100",
        _reject_no_offer,
    ),
    "4333": _b("take 4-3-3-3: 100 sure points, against about {own} playing yourself", _decide),
    "ultimatum": _b(
        "“8 o nulos”: down is your best play, about {own} points, and someone may give 8 up (200) instead",
        _decide,
    ),
    "give8": _b("8 up (200) should still leave you about {pts} points after paying", _answer8),
    "refuse8": _b("8 up (200) would leave you only about {pts} points after paying: let the owner play down", _answer8),
    "choose-dealer": Reason("seat {seat} deals first"),
}

#: Reason code → English template, the protocol's list (``info().codes.reasons``)
REASONS = {code: r.template for code, r in CODES.items()}


# -- words ---------------------------------------------------------------------------------

_ACTION_WORDS = {
    "accept": "accept",
    "reject": "reject and play yourself",
    "4333": "4-3-3-3",
    "ultimatum": "“8 o nulos”",
    "pass": "pass",
    "auction": "open the auction",
    "down": "down",
}


def _say(x: object) -> object:
    """A card or action param in English words."""
    if not isinstance(x, str):
        return x
    if x in INDEX:
        return cards.name(INDEX[x])
    if x.startswith("offer:"):
        return describe_offer(x)
    if x.startswith("up:"):
        return "up with no trump" if x == "up:NT" else f"up with {cards.SUIT_NAMES[SUITS.index(x[3])]} as trumps"
    return _ACTION_WORDS.get(x, x)


def words(code: str, params: Params) -> str:
    """The English sentence of ``code`` with ``params``."""
    shown = {k: _say(v) if k in ("other", "better", "choice") else v for k, v in params.items()}
    return english(REASONS[code], shown)


def answer(action: str | None, code: str, params: Params) -> Hint:
    return {"action": action, "reason": code, "params": params, "text": words(code, params)}


# -- the reasons of the bot's own choices ----------------------------------------------------


def card_reason(f: Facts, c: int, rule: str) -> tuple[str, Params]:
    """The reason for ``c``, which the rule of thumb ``rule`` (``policy.RULES``) chose: the
    rule's code, in the wording whose facts hold."""
    card = cards.code(c)
    p: Params = {"card": card}
    if rule == "forced":
        return ("king-forced" if _king_forced(f, c, p) else "forced"), p
    if rule in ("shed-early", "win-cheap", "win-sure", "lead-winner", "draw-trumps", "lead-long"):
        return rule, p
    if rule == "duck":
        return "duck", {**p, "best": cards.code(f.best)}
    if rule == "win-anyway":
        return ("win-anyway" if _win_anyway(f, c, p) else "win-free"), p
    if rule == "play-low":
        q = {**p, "best": cards.code(f.best), "suit": SUITS[f.led]}
        return ("play-low" if _play_low(f, c, q) else "play-low-free"), q
    if rule == "discard":
        q = {**p, "suit": SUITS[f.led]}
        if f.cost(c) < 0:
            return "discard-penalty", q
        return ("discard-boss" if _discard_boss(f, c, q) else "discard-high"), q
    if rule == "lead-low":
        above, below = _lead_counts(f, c)
        if _lead_alone(f, c, p):
            return "lead-alone", p
        if not below:
            return "lead-under", {**p, "suit": SUITS[c // 13]}
        return "lead-low", {**p, "suit": SUITS[c // 13], "above": above, "below": below}
    if rule in ("win-high", "win-low"):
        return rule, {**p, "best": cards.code(f.best)}
    if rule == "cannot-win":
        q = {**p, "best": cards.code(f.best)}
        return ("cannot-win" if _cannot_win(f, c, q) else "cannot-win-trumps"), q
    return "suggest", {"choice": card}


def values_reason(f: Facts, c: int) -> tuple[str, Params]:
    """The reason for ``c``, the best card by the values ``f.values`` a search found."""
    v = f.values
    assert v is not None
    card = cards.code(c)
    if v.exact:
        tricks = int(v.means[c])
        left = f.hand.bit_count()
        worse = sorted((x for x in v.means if v.means[x] < v.means[c]), key=lambda x: (-v.means[x], x))
        if not worse:
            return "endgame-any", {"card": card, "tricks": tricks, "left": left}
        o = worse[0]
        return "endgame-best", {
            "card": card,
            "tricks": tricks,
            "left": left,
            "other": cards.code(o),
            "other_tricks": int(v.means[o]),
        }
    top = [x for x in _top(v) if x != c]
    if not top:
        return "suggest", {"choice": card}
    o = top[0]
    gain = round(v.means[c] - v.means[o], 1)
    return ("search-best" if gain >= 0.1 else "search-even"), {
        "card": card,
        "other": cards.code(o),
        "gain": gain,
        "n": v.worlds[c],
    }


def checked(
    facts: "Facts | BidFacts | None", action: str, code: str, params: Params, fallback: str = "suggest"
) -> Hint:
    """The hint ``(code, params)`` for ``action`` if its check holds, else the plain
    ``fallback`` (``suggest``, or for a wrong play's cost ``worse``): a hint never states
    what is not so."""
    if CODES[code].holds(facts, action, params):
        return answer(action, code, params)
    plain = {"choice": action} if fallback == "suggest" else {"choice": action, "better": params["better"]}
    return answer(action, fallback, plain)


def suggest(view: View) -> Hint:
    """The ``normal`` bot's choice in ``view`` (the seat to act) and why."""
    return considered(view)[0]


def considered(view: View) -> tuple[Hint, Values | None]:
    """``suggest``'s hint, with the values a search found when its reason quotes them."""
    from . import Bot

    if view.get("phase", "play") != "play":
        kv = cast(KingView, view)
        if kv["phase"] == "dealer":
            named = bidding.choose(kv, None)
            return answer(named.action, named.reason, named.params), None
        est = Bot("normal").estimates(kv)
        bid = bidding.choose(kv, est)
        return checked(BidFacts(kv, est), bid.action, bid.reason, bid.params), None
    legal = view["legal"]
    claims = [a for a in legal if a.startswith("claim:")]
    if claims:  # the engine offers a claim only when it is sure: the bots make it
        return answer(claims[0], "claim-" + claims[0][6:], {}), None
    if GAMES[view["game"]].stock and cast(WhistView, view)["stage"] == 2 and len(legal) > 1:
        # both hands are known: the hint is the exact solver's play, with its tricks
        from .search import whist_values

        values = whist_values(Knowledge(view), [INDEX[x] for x in legal])
        f = Facts.of_view(view, values)
        c = values.best()
        return checked(f, cards.code(c), *values_reason(f, c)), values
    # the bot's own evaluation, with time enough to finish it (in play it may be cut short)
    action, why = Bot("normal", budget=HINT_BUDGET).explain(view)
    f = Facts.of_view(view, why.values)
    c = INDEX[action]
    code, params = values_reason(f, c) if why.values is not None else card_reason(f, c, why.rule or "")
    return checked(f, action, code, params), why.values


def hint(game: "Game", seat: int | None = None) -> Hint:
    """The ``normal`` bot's suggestion for ``seat`` (default: the seat to act):
    ``{"action", "reason", "params", "text"}``, ``action`` None when ``seat`` is not to act."""
    seat = game.turn if seat is None else seat
    if seat is None:  # the game is over
        return answer(None, "wait", {})
    view = game.view(seat)
    if seat != game.turn or not view["legal"]:
        return answer(None, "wait", {})
    return suggest(view)


def reason_for(view: View, action: str) -> Hint | None:
    """A reason for ``action``, a card the bots need not have chosen (a lesson's answer):
    the first of the rules' reasons whose facts all hold for it; German Whist's endgame by
    its exact tricks.  None when no reason holds (a bid: only the bots' own)."""
    if view.get("phase", "play") != "play" or action not in INDEX:
        return None
    c = INDEX[action]
    f = Facts.of_view(view)
    if f.legal == 1 << c:
        return checked(f, action, *card_reason(f, c, "forced"))
    if GAMES[f.game].stock and f.faceup is None:
        from .search import whist_values

        f = Facts.of_view(view, whist_values(Knowledge(view), f.legal_cards()))
        code, params = values_reason(f, c)
        return answer(action, code, params) if CODES[code].holds(f, action, params) else None
    tries = [card_reason(f, c, rule) for rule in (TAKE_RULES if wants_tricks(f.contract) else DUCK_RULES)]
    if f.faceup is not None:
        up = {"card": action, "faceup": cards.code(f.faceup)}
        tries = [("take-faceup", up), ("lose-cheap", up), *tries]
    for code, params in tries:
        if code != "suggest" and CODES[code].holds(f, action, params):
            return answer(action, code, params)
    return None


# -- what a wrong play costs ------------------------------------------------------------------


def cost(view: View, action: str, better: str, rng: random.Random | None = None) -> Hint:
    """Why ``action`` (legal in ``view``) is worse than ``better``: what it costs, from the
    facts of the trick where they show it, else from what the search or the estimates find."""
    if view.get("phase", "play") != "play":
        from . import Bot

        kv = cast(KingView, view)
        b = BidFacts(kv, Bot("normal").estimates(kv))
        if action.startswith("offer:") and better.startswith("offer:") and offer_value(action) > offer_value(better):
            p: Params = {"offer": action, "better": better, "extra": offer_value(action) - offer_value(better)}
            return checked(b, action, "worse-raise", p, "worse")
        w = bidding.worth(kv, b.est)
        p = {"choice": action, "better": better, "pts": _pts(w[action]), "other_pts": _pts(w[better])}
        return checked(b, action, "worse-bid", p, "worse")
    f = Facts.of_view(view)
    c, good = INDEX[action], INDEX[better]
    found = fact_cost(f, c, good)
    if found is not None:
        return checked(f, action, *found)
    card = {"card": action}
    if GAMES[f.game].stock and f.faceup is None:
        from .search import whist_values

        v = whist_values(Knowledge(view), f.legal_cards())
        f = Facts.of_view(view, v)
        p = {**card, "tricks": int(v.means[c]), "left": f.hand.bit_count(), "better": better}
        return checked(f, action, "worse-endgame", {**p, "better_tricks": int(v.means[good])}, "worse")
    from .search import search_values

    know = Knowledge(view)
    v = search_values(know, f.legal_cards(), rng or random.Random(0), 60, 2.0)
    f = Facts.of_view(view, v)
    gap = round(v.means[good] - v.means[c], 1)
    p = {**card, "better": better, "cost": gap, "n": min(v.worlds[c], v.worlds[good])}
    return checked(f, action, "worse-search", p, "worse")


def fact_cost(f: Facts, c: int, good: int) -> tuple[str, Params] | None:
    """What playing ``c`` rather than ``good`` costs, when the trick shows it for sure:
    ``c`` takes a trick that costs, lets go one that pays, keeps a costly card, or
    (German Whist) gives the face-up card away or spends a high card on a low one."""
    action, better = cards.code(c), cards.code(good)
    card: Params = {"card": action}
    if _only_stage1(f):
        up = {**card, "faceup": cards.code(cast(int, f.faceup))}
        if not f.wins_now(c) and f.wins_now(good):
            return "worse-gives-faceup", up
        if f.wins_now(c) and not f.wins_now(good) and _worse_spends(f, c, up):
            return "worse-spends", up
        return None
    if GAMES[f.game].stock:
        return None
    taken = -f.worth(f.on_trick() | 1 << c)
    if _worse_takes(f, c, {"pts": taken}) and not f.wins_now(good):
        return "worse-takes", {**card, "pts": taken}
    pts = f.worth(f.on_trick() | 1 << good)
    if f.last and f.wins_now(good) and not f.wins_now(c) and pts > 0:
        return "worse-loses", {**card, "better": better, "pts": pts}
    if f.void_in_led() and f.cost(good) < min(0, f.cost(c)):
        return "worse-keeps", {**card, "better": better, "pts": -f.cost(good)}
    return None


def _pts(x: float) -> int:
    return int(5 * round(x / 5))
