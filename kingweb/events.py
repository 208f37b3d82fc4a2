"""What happened at the table, in order: the engine's numbered events.

Every change of a game is told as events: a claim of the rest of a deal, a card played, a trick taken (and, in German
Whist, the cards drawn after it), a bid or a decision of a King positive, a deal dealt,
a deal scored, the match over.  Event ``n`` is the same happening for everybody, but each
audience (a seat, or ``None``: a spectator) receives only what it may know of it: the
cards dealt to a seat and the card a German Whist loser draws go to that seat alone.
Numbers run from 1 with no gaps, so a page that misses one, or gets one twice, sees it
and asks for the whole state again (``Game.view``) instead of drawing a wrong table.

Applying the events of one audience, in order, to its view of the table before them
gives its view after them: ``site/table/model.js`` does that for the page, and a test
checks it over random matches of every game.

>>> import kingweb
>>> g = kingweb.new_game("kingru", seed=7)
>>> g.act(g.legal()[0])
>>> [e["type"] for e in g.events_for(0)]
['deal', 'play']
>>> e = g.events_for(2, since=1)[0]
>>> e["n"], e["type"], e["card"] == g.actions[0]
(2, 'play', True)
"""

from collections.abc import Callable
from typing import Any, Literal, NotRequired, TypedDict

from .views import Auction, DealRecord, LogEntry

#: An audience: a seat, or None for a spectator (who sees what every seat sees, no hand).
Audience = int | None


class DealEvent(TypedDict):
    """A deal is dealt (or, for a scenario, set out): ``state`` is the audience's view of
    the table now, less the finished deals (which it already has) and ``legal``."""

    n: int
    type: Literal["deal"]
    deal_no: int
    state: dict[str, Any]


class PlayEvent(TypedDict):
    n: int
    type: Literal["play"]
    seat: int
    card: str
    turn: int | None


class TrickEvent(TypedDict):
    """A trick is taken: its cards from ``leader`` on, who took it, and the tallies after
    it as the engine counts them (``stage1_taken`` in German Whist only)."""

    n: int
    type: Literal["trick"]
    leader: int
    cards: list[str]
    winner: int
    serial: int
    trick_no: int
    taken: list[int]
    stage1_taken: NotRequired[list[int]]
    deal_points: list[int]
    turn: int | None


class ClaimEvent(TypedDict):
    """A seat claims the rest of the deal (``claim``: ``all``, every trick left, or
    ``none``, no trick left; ``tricks_left``: the cards it holds, one a trick): the cards that play it out
    follow as ``play`` and ``trick`` events, then the deal's end."""

    n: int
    type: Literal["claim"]
    seat: int
    claim: str
    tricks_left: int


class DrawEvent(TypedDict):
    """German Whist, after a stock-stage trick: the winner takes the face-up card
    (``faceup``), the loser the next one, which only the loser is told (``hidden``: None
    for others), as the view's ``draws`` keep them; ``next_faceup`` is the card then turned
    up on the stock (None once it is empty)."""

    n: int
    type: Literal["draw"]
    trick: int
    winner: int
    faceup: str
    hidden: str | None
    next_faceup: str | None
    stock_count: int
    stage: int


class PositiveState(TypedDict):
    """Where a King positive stands after a bid or decision (the view's fields of the same
    names)."""

    phase: str
    turn: int | None
    owner: int | None
    auction: Auction
    buyer: int | None
    bought: str | None
    contract: str
    trump: str | None
    leader: int
    deal_total: int
    deal_points: list[int]
    deal_unit: int | None


class SpokenEvent(TypedDict):
    """A King positive's bid (``bid``: an offer or a pass, in the auction or answering the
    ultimatum) or decision (``decision``: the owner's choice and decision, the trump named,
    the first dealer named): ``entry`` as the deal's ``log`` keeps it, and ``then`` where
    the positive stands after it (None when the deal ended with it, as 4-3-3-3 does, or when
    a deal is dealt next: the events after it say the rest)."""

    n: int
    type: Literal["bid", "decision"]
    entry: LogEntry
    then: PositiveState | None


class DealEndEvent(TypedDict):
    """A deal is scored: its record (as ``view["deals"]`` keeps it) and the match's scores."""

    n: int
    type: Literal["deal-end"]
    deal_no: int
    record: DealRecord
    scores: list[int]


class MatchEndEvent(TypedDict):
    n: int
    type: Literal["match-end"]
    scores: list[int]


Event = DealEvent | ClaimEvent | PlayEvent | TrickEvent | DrawEvent | SpokenEvent | DealEndEvent | MatchEndEvent

#: Every event type, in the order a page meets them in a deal.
EVENT_TYPES = ("deal", "bid", "decision", "claim", "play", "trick", "draw", "deal-end", "match-end")


class EventLog:
    """The events of one game.  Each is kept once, as every audience may know it, with the
    fields that only one seat may know beside it, or as the call that builds it (``made``);
    ``since`` hands an audience its copies."""

    __slots__ = ("_items",)

    def __init__(self) -> None:
        # (public, own), or (make, args) for an event built when read
        self._items: list[tuple[Any, Any]] = []

    def __len__(self) -> int:
        return len(self._items)

    def add(self, public: dict[str, Any], own: dict[int, dict[str, Any]] | None = None) -> None:
        """Log an event: ``public`` for everyone, ``own[seat]`` replacing fields for ``seat``."""
        self._items.append((public, own))

    def made(self, make: Callable[..., dict[str, Any]], *args: Any) -> None:
        """Log an event built as ``make(audience, *args)`` (its ``type`` and fields, as that
        audience may know them) only when it is read: card play logs one or two at every
        card, a deal one with each seat's own view, and a match played by code alone reads
        few of them.  ``make`` must build the same event whenever it is called (from
        ``args`` alone, or from records that only grow), and hold no reference to the game
        (a game freed by reference counting costs far less than one left to the cycle
        collector)."""
        self._items.append((make, args))

    def insert(self, at: int, public: dict[str, Any]) -> None:
        """Log an event before those logged since ``len(self) == at`` (a decision that
        dealt the next deal is told before the deal)."""
        self._items.insert(at, (public, None))

    def clear(self) -> None:
        self._items.clear()

    def since(self, n: int, audience: Audience) -> list[Event]:
        """The events after number ``n``, as ``audience`` may know them."""
        out: list[Any] = []
        for i in range(max(0, n), len(self._items)):
            public, own = self._items[i]
            if callable(public):
                out.append({"n": i + 1, **public(audience, *own)})
                continue
            mine = own.get(audience) if own is not None and audience is not None else None
            out.append({"n": i + 1, **public, **(mine or {})})
        return out
