"""The shapes of what the engine hands out, declared once: a seat's view, the record of
a finished deal and its parts.  The engine builds them, the bots and the session read
them, and ``docs/PROTOCOL.md`` (§1.6) carries the same shapes as JSDoc typedefs for the
page.  The shapes of the records, the review and the daily are beside the code that
writes them: ``kingweb.recordjson`` (``Record``), ``kingweb.steps`` (``Review``),
``kingweb.marks`` (``Analysis``, ``Summary``), ``kingweb.daily`` (``DailyResult``).

Conventions: cards are codes (``"KH"``), suits letters (``"C"``/``"D"``/``"H"``/``"S"``),
seats ints from 0, actions the strings ``legal`` lists.  Every key is always present
(``None`` where it does not apply) except where ``NotRequired`` says otherwise.
"""

from typing import Any, Literal, NotRequired, TypedDict

# -- tricks ------------------------------------------------------------------------------


class TrickCard(TypedDict):
    """A card on the table, and who played it."""

    seat: int
    card: str


class Trick(TypedDict):
    """A trick of the deal: ``cards`` in play order from ``leader``; ``winner`` is None
    while it is being played."""

    leader: int
    cards: list[str]
    winner: int | None


class LastTrick(TypedDict):
    """The latest finished trick, kept across deals; ``serial`` tells one from the next."""

    leader: int
    cards: list[str]
    winner: int
    deal_no: int
    serial: int


# -- what a seat counted in a deal ----------------------------------------------------------


class CardItem(TypedDict):
    """A scoring card the seat won (in «ералаш» one item for each deal it counts in: the
    K♥ is a heart and the king)."""

    kind: Literal["card"]
    card: str
    points: int
    part: NotRequired[str]  # «ералаш»: the deal it counts for here ("hearts", "boys", "girls", "king")


class TrickItem(TypedDict):
    """A scoring trick the seat won (last-two), numbered from 1 in the deal."""

    kind: Literal["trick"]
    trick: int
    points: int


class TricksItem(TypedDict):
    """The seat's number of tricks where tricks as such score (present even at 0); in
    German Whist its stage-2 tricks."""

    kind: Literal["tricks"]
    count: int
    points: int


class PaymentItem(TypedDict):
    """A bought King positive: the buyer pays the owner (``seat`` is the other party)."""

    kind: Literal["payment"]
    seat: int
    points: int


class FourThreeItem(TypedDict):
    """A King positive settled 4-3-3-3: the owner 100, the others 75."""

    kind: Literal["4333"]
    points: int


Counted = CardItem | TrickItem | TricksItem | PaymentItem | FourThreeItem


# -- a King positive's spoken actions ----------------------------------------------------------


class LogEntry(TypedDict):
    """One spoken action of a positive, in the ``phase`` it was taken in: ``choose`` (the
    owner's choice), ``auction`` (an offer or pass; ``matches`` is the seat whose standing
    offer it takes over by preference), ``decide`` (accept, reject, 4333, ultimatum),
    ``ultimatum`` (an answer), ``trump`` (the trump named)."""

    seat: int
    phase: str
    action: str
    matches: NotRequired[int]


class Bid(TypedDict):
    """An auction or ultimatum answer, as the bots read the auction."""

    seat: int
    action: str
    ultimatum: NotRequired[bool]


class Auction(TypedDict):
    bids: list[Bid]
    holder: int | None  # who holds the standing offer
    standing: str | None  # the standing offer (none before the first offer)
    passed: list[int]
    speaker: int | None  # whose bid it is
    asked: int | None  # who answers the ultimatum


class FirstDealer(TypedDict):
    kh_receiver: int  # who was dealt the K♥ when the first dealer was found
    chosen: bool  # option king_chooses_dealer: the receiver names the dealer


class Draw(TypedDict):
    """German Whist: what the two players took from the stock after stage-1 trick
    ``trick`` (0-based); ``hidden`` is the loser's card, None unless you are the loser."""

    trick: int
    winner: int
    faceup: str
    hidden: str | None


# -- records of finished deals -------------------------------------------------------------------


class DealBase(TypedDict):
    contract: str
    points: list[int]  # per seat
    total: int  # what the points sum to (the table total of the contract)
    taken: list[int]  # tricks per seat (German Whist: stage 2's)
    tricks: list[Trick]  # every public trick of the deal, in order
    early_end: bool  # the deal stopped before its last trick: nothing was left to charge (RULES §1.3, §2.3)
    counted: list[list[Counted]]  # per seat: what scored, summing to its points
    scores: list[int]  # the match's totals after this deal
    hands: list[list[str]]  # per seat, the cards dealt (public once the deal is over)


class KingDeal(DealBase):
    dealer: int
    owner: NotRequired[int]  # a positive: its owner (the dealer)
    buyer: NotRequired[int | None]  # who bought it, if anyone
    bought: NotRequired[str | None]  # the offer bought (4333: the best offer made)
    raw: NotRequired[list[int]]  # a played positive: points before the payment
    payment: NotRequired[int]  # what the buyer paid the owner
    log: NotRequired[list[LogEntry]]  # a positive: every spoken action


class KingRuDeal(DealBase):
    leader: int


class WhistDeal(DealBase):
    dealer: int
    trump: str
    stage2_from: int  # tricks[stage2_from:] are stage 2's, the ones that score
    target: int  # the match's target
    stock: list[str]  # the stock as dealt, top first: the first card turned up (its suit is trump)


DealRecord = KingDeal | KingRuDeal | WhistDeal


# -- a seat's view ---------------------------------------------------------------------------------


class BaseView(TypedDict):
    """What every game shows a seat."""

    game: str
    options: dict[str, Any]
    players: int
    seat: int | None  # None: a spectator's view (no hand)
    turn: int | None
    over: bool
    deal_no: int
    contract: str
    scores: list[int]
    deals: list[DealRecord]
    hand: list[str]
    legal: list[str]  # empty unless ``seat`` is to act
    scenario: bool  # one deal from a given position (a lesson)
    out_of_play: list[str]  # cards a scenario left out of the deal


class TrickPart(TypedDict):
    """The cards on the table and the deal so far."""

    hand_counts: list[int]
    trick: list[TrickCard]
    tricks: list[Trick]  # the deal's finished tricks
    deal_points: list[int]  # what the tricks taken so far brought (King's down: less its stake of 325 a seat)
    deal_unit: int | None  # what each scoring item counts, signed (None: no contract yet, «ералаш», German Whist)
    trump: str | None
    leader: int
    trick_no: int
    last_trick: LastTrick | None


class Tallies(TypedDict):
    taken: list[int]  # tricks per seat this deal
    won: list[list[str]]  # cards per seat this deal
    tricks_per_hand: int


class WhistTallies(TypedDict):
    taken: list[int]  # stage-2 tricks per seat (they alone score)
    stage1_taken: list[int]


class TrickView(BaseView, TrickPart):
    pass


class KingPlan(TypedDict):
    order: list[str]  # the contracts of the match, in order (a positive: "positive")
    owners: list[int | None]  # per deal: a positive's owner (None: a negative, or the first dealer not yet named)


class KingView(TrickView, Tallies, KingPlan):
    phase: str  # play, dealer, choose, auction, decide, ultimatum, trump, over
    dealer: int
    owner: int | None
    first_dealer: FirstDealer
    auction: Auction
    buyer: int | None
    bought: str | None
    match_deals: int
    deal_total: int
    log: list[LogEntry]


class KingRuView(TrickView, Tallies):
    phase: str  # play, over
    dealer: int
    order: list[str]  # the contracts of the match, in order
    match_deals: int
    deal_total: int


class WhistView(TrickView, WhistTallies):
    phase: str  # play
    dealer: int
    stage: int
    faceup: str | None
    stock_count: int
    draws: list[Draw]
    opponent_known: list[str]  # face-up cards the opponent took and still holds
    target: int
    stage2_from: int


View = KingView | KingRuView | WhistView


# -- a suggestion -------------------------------------------------------------------------


class Hint(TypedDict):
    action: str | None
    reason: str
    params: dict[str, Any]
    text: str


def seat_of(view: View) -> int:
    """The seat a view was made for; a spectator's view (seat None) has none to decide for."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view has no seat: nothing in it is to be decided")
    return seat
