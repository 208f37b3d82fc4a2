"""The registry of games: each game module declares its ``GameFacts`` once and registers them
here; every other module (records, review, the daily, the bots, the tools) reads a game's
facts from ``GAMES`` instead of asking which game it is.

>>> import kingweb
>>> from kingweb.games import GAMES
>>> GAMES["whist"].players, GAMES["whist"].seat_field, GAMES["whist"].stock
(2, 'dealer', True)

Adding a game is a module with its ``TrickGame`` subclass and one ``register(GameFacts(...))``
(CONTRIBUTING.md, "Adding a game").
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import RulesError, describe

if TYPE_CHECKING:
    from .play import Contract
    from .trickgame import TrickGame


class DealError(Exception):
    """A deal of a record that cannot be the deal it says it is: ``field`` of the deal
    (``contract``, ``deal_no``), and why."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(why)
        self.field, self.why = field, why


#: Deal ``k`` of a match as a one-deal scenario: (contract, where) from the record's deal
#: (its contract, hands, seat field, stock) and the options; raises ``DealError``
DealScenario = Callable[[int, dict[str, Any], dict[str, Any]], tuple[str, dict[str, Any]]]
#: Which deal of a match a one-deal scenario (``Game.scenario_args``) is, None if it is
#: not a whole deal from its start
FirstDeal = Callable[[dict[str, Any], dict[str, Any]], int | None]
#: The ``Contract`` a view's deal is played under, from the view alone (None while it is
#: still to be chosen): what a bot or the review rebuilds the rules of the deal from
ViewContract = Callable[[Any], "Contract | None"]
#: Every contract a match of the game can play (with its default options)
Contracts = Callable[[], "list[Contract]"]
#: Board ``index`` of the arena's duplicate matches, dealt from a shuffled ``deck`` of
#: codes with ``options``: (contract, hands, where) for ``kingweb.scenario``
Board = Callable[[int, list[str], dict[str, Any]], tuple[str, list[list[str]], dict[str, Any]]]


@dataclass(frozen=True)
class GameFacts:
    """What the rest of kingweb knows of one game."""

    cls: "type[TrickGame]"
    #: the game's name in the tools' English output (the page names it in its languages)
    name: str
    #: the seat a deal of the record names: its ``dealer``, or (Кинг) its ``leader``
    seat_field: str
    #: the most deals a match can have (a record holds at most this many)
    max_deals: int
    #: the letter of the game in a daily's replay code
    letter: str
    #: the fields a one-deal scenario takes beside its contract and hands
    scenario_args: tuple[str, ...]
    #: the phases a view can be in, in the order a deal goes through them
    phases: tuple[str, ...]
    #: the ``kind`` of the items a deal's ``counted`` can hold (``views.Counted``)
    scoring: tuple[str, ...]
    #: worlds the review values a card over, and the losses from which a decision is marked
    #: inaccuracy, mistake, blunder
    review_worlds: int
    review_thresholds: tuple[float, float, float]
    #: worlds the ``hard`` bot samples a decision (``python -m kingweb latency`` sets them)
    hard_samples: int
    deal_scenario: DealScenario
    first_deal: FirstDeal
    view_contract: ViewContract
    board: Board
    contracts: Contracts
    #: the contract a deal starts with when it is chosen in the deal (King's ``positive``):
    #: a record may name it instead of the contract chosen
    chosen: str | None = None
    #: a record of a whole match names the K♥'s receiver, who chooses the first dealer
    kh_receiver: bool = False
    #: what an offer is worth per unit of each kind, and the ultimatum's worth (King only)
    offers: dict[str, int] = field(default_factory=dict)
    #: German Whist's stock: a face-up card, the stage it is drawn in, then the endgame
    stock: bool = False
    #: each deal is told apart by its contract (King, Кинг); German Whist's deals, of one
    #: contract, are told apart by their number alone
    named_deals: bool = True
    #: a match is played until a player reaches the ``target`` option's points (German
    #: Whist), not through a list of deals
    to_target: bool = False
    #: the orders a match's deals can follow, by the value of the ``order`` option that
    #: picks one (Кинг's; the rules page lists the deals from it)
    deal_orders: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: the options of a daily (beside the defaults)
    daily_options: dict[str, Any] = field(default_factory=dict)
    #: ``python -m kingweb bench`` targets (fast path, public API; None: none set)
    bench_targets: tuple[int | None, int | None] = (None, None)
    #: the bench holds this game's public API to OpenSpiel's Hearts (C++) in the same run,
    #: the nearest game OpenSpiel has (four players, 52 cards, tricks)
    beside_hearts: bool = False
    #: random legal actions that reach a position anywhere in a match, at most (the random
    #: positions of ``python -m kingweb hint-agreement`` and the tests)
    position_steps: int = 0
    #: ``python -m kingweb latency``: deals timed per bot level
    latency_deals: dict[str, int] = field(default_factory=dict)
    #: ``python -m kingweb ladder`` rungs: (level, ISMCTS simulations, boards by default)
    rungs: tuple[tuple[str, int, int], ...] = ()

    @property
    def id(self) -> str:
        return self.cls.id

    @property
    def players(self) -> int:
        return self.cls.players

    @property
    def deck(self) -> int:
        """The deck as a card mask (``cards.FULL_DECK`` or ``cards.SHORT_DECK``)."""
        return self.cls.DECK

    @property
    def hand(self) -> int:
        """Cards dealt to a hand, which is also the tricks of a deal."""
        return self.cls.TRICKS_PER_HAND


#: Game id → its facts, in the order the games are registered (King, Кинг, German Whist)
GAMES: dict[str, GameFacts] = {}


def register(facts: GameFacts) -> GameFacts:
    """Add a game to ``GAMES`` (its module calls this once, when it is imported)."""
    if facts.id in GAMES:
        raise ValueError(f"game {facts.id!r} is registered twice")
    GAMES[facts.id] = facts
    return facts


def facts_of(game: object) -> GameFacts:
    """The facts of game id ``game``; an unknown id raises ``RulesError`` (unknown-game)."""
    if not (isinstance(game, str) and game in GAMES):
        raise RulesError(
            "unknown-game",
            f"game {describe(game)} is not a game here (one of {', '.join(GAMES)})",
            game=game if isinstance(game, str) else None,
        )
    return GAMES[game]
