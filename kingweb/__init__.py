"""kingweb: King, Кинг (Russian King) and German Whist, rules engine and bots.

>>> import kingweb
>>> g = kingweb.new_game("kingru", seed=7)
>>> g.players, g.contract
(4, 'no-tricks')
>>> g.act(g.legal()[0])           # play the lowest legal card of the seat to act
>>> kingweb.from_json(g.to_json()).actions == g.actions
True

A game is a state: ``turn`` is the seat to act, ``legal()`` the actions open to it as
strings (card codes such as ``"QS"``, or bidding words such as ``"offer:up:5"``), and
``act(action)`` applies one.  ``view(seat)`` is what that seat may know (its shape is
declared in ``kingweb.views``).  Bad requests raise :class:`RulesError`; illegal actions
raise :class:`IllegalAction` and change nothing.  Both carry a stable ``code`` and JSON
``params`` beside the English message (``kingweb.errors``), so that a page can say why in
its own language:

>>> try:
...     g.act("pass")
... except kingweb.IllegalAction as e:
...     print(e.code, e.params["action"])
not-a-card pass
"""

from collections.abc import Sequence
from typing import Any, cast

from . import games as _registry
from . import king, kingru, safejson, whist  # noqa: F401 - importing a game's module registers it
from .errors import IllegalAction, RulesError, describe
from .game import FORMAT, VERSION, Game
from .games import facts_of
from .trickgame import TrickGame
from .views import Hint

__all__ = [
    "GAMES",
    "Game",
    "IllegalAction",
    "RulesError",
    "from_json",
    "hint",
    "new_game",
    "scenario",
]
__version__ = "0.1.0"

#: The ids of the games (their facts: ``kingweb.games.GAMES``)
GAMES = tuple(_registry.GAMES)
_CLASSES = {gid: f.cls for gid, f in _registry.GAMES.items()}


def _cls(game: object) -> type[TrickGame]:
    return facts_of(game).cls


def new_game(game: str, seed: int | str | None = None, options: dict[str, Any] | None = None) -> Game:
    """A new match of ``game`` ("king", "kingru" or "whist").

    The same seed, options and actions always give the same match, on any Python.
    """
    return _cls(game)(seed, options)


def scenario(
    game: str, contract: str, hands: Sequence[Sequence[str]], options: dict[str, Any] | None = None, **where: Any
) -> Game:
    """One deal of ``game`` from a given position, for lessons, tests and puzzles.

    ``hands`` lists each seat's cards as codes.  Depending on the game:

    - King, a played contract (``"hearts"``, ``"up:S"``, ``"down"`` …): ``leader=`` the
      seat on lead, optionally ``trick=[...]`` the cards already played to the trick
      from the leader on (those seats then hold one card fewer);
    - King, ``"positive"``: ``dealer=`` the owner, who is to choose (full hands);
    - Кинг: ``leader=`` and optionally ``trick=`` as above;
    - German Whist, ``"whist"``: ``dealer=``, ``stock=[...]`` top card (face up) first;
      with an empty stock (the endgame) also ``trump="S"``.

    ``scores`` of a scenario are that deal's points, and ``over`` is set after it.
    """
    cls = _cls(game)
    allowed = _registry.GAMES[game].scenario_args
    for k in where:
        if k not in allowed:
            raise RulesError(
                "bad-scenario", f"{k}: not a scenario field of {game} (fields: {', '.join(allowed)})", field=k
            )
    # (each game's ``from_scenario`` takes its own fields, checked above against its facts)
    g: Game = cast(Any, cls).from_scenario(contract, hands, options=options, **where)
    g.scenario_args = {"contract": contract, "hands": [list(h) for h in hands], **where}
    g._events.clear()  # the position is where its events start, as one deal set out
    g._emit_deal()
    return g


_SNAPSHOT_FIELDS = ("format", "version", "game", "seed", "options", "scenario", "actions", "preset")


def _args_of(game: str) -> tuple[str, ...]:
    f = _registry.GAMES.get(game)
    return f.scenario_args if f is not None else ()


def from_json(text: str) -> Game:
    """Restore a game written by ``Game.to_json``; a corrupt or foreign snapshot raises
    :class:`RulesError` naming the bad field."""
    try:
        data = safejson.loads(text)
    except (TypeError, ValueError) as e:
        raise RulesError("bad-snapshot", f"snapshot: not JSON ({e})", field=None) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RulesError(
            "bad-snapshot", "snapshot: not a kingweb game (format field missing or different)", field="format"
        )
    version = data.get("version")
    if type(version) is not int or version != VERSION:  # true and 1.0 are not 1
        raise RulesError(
            "bad-snapshot",
            f"snapshot: version {describe(version)} is not supported (this is {VERSION})",
            field="version",
        )
    for key in data:
        if key not in _SNAPSHOT_FIELDS:
            raise RulesError(
                "bad-snapshot",
                f"snapshot: {describe(key)} is not a field of a kingweb game (fields: {', '.join(_SNAPSHOT_FIELDS)})",
                field=key,
            )
    for key, kind in (("game", str), ("actions", list), ("options", dict), ("seed", int | str)):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise RulesError("bad-snapshot", f"snapshot: field {key!r} is missing or of the wrong type", field=key)
    sc = data.get("scenario")
    g: Game
    try:
        if "preset" in data:
            if sc is not None:
                raise RulesError("bad-snapshot", "snapshot: a scenario has no preset deals", field="preset")
            try:
                g = _cls(data["game"]).from_preset(data["preset"], data["seed"], data["options"])
            except RulesError as e:
                if e.code != "bad-cards":
                    raise
                raise RulesError("bad-snapshot", f"snapshot: {e}", field=e.params.get("field")) from None
        elif sc is not None:
            allowed = ("contract", "hands", *_args_of(data["game"]))
            if (
                not isinstance(sc, dict)
                or "contract" not in sc
                or "hands" not in sc
                or any(k not in allowed for k in sc)
            ):
                raise RulesError(
                    "bad-snapshot",
                    f"snapshot: field 'scenario' is malformed (fields: {', '.join(allowed)})",
                    field="scenario",
                )
            sc = dict(sc)
            g = scenario(data["game"], sc.pop("contract"), sc.pop("hands"), data["options"], **sc)
        else:
            g = new_game(data["game"], data["seed"], data["options"])
    except RecursionError:  # a scenario field nested too deeply to check
        raise RulesError("bad-snapshot", "snapshot: nested too deeply to be a kingweb game", field="scenario") from None
    for i, a in enumerate(data["actions"]):
        try:
            g.act(a)
        except IllegalAction as e:
            raise RulesError(
                "bad-snapshot", f"snapshot: actions[{i}] {describe(a)} cannot be replayed: {e}", field=f"actions[{i}]"
            ) from None
    return g


def hint(game: Game, seat: int | None = None) -> Hint:
    """The suggested action for ``seat`` (default: the seat to act), with a reason.

    Returns ``{"action": ..., "reason": code, "params": {...}, "text": words}``; the codes
    are ``kingweb.bots.hints.HINT_REASONS``.
    """
    from .bots.hints import hint as _hint

    return _hint(game, seat)
