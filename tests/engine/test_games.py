"""A game declares its facts once (``kingweb.games``): every registered game has each of
them, the engine's ``info`` passes them to the page, and no module outside a game's own
asks for a game by its id."""

import ast
import dataclasses
import inspect
import sys
from pathlib import Path

import pytest

import kingweb
from kingweb import catalogue, review, session
from kingweb.games import GAMES, GameFacts, register
from kingweb.king import ULTIMATUM_OFFER, offer_value
from kingweb.views import Counted

ROOT = Path(kingweb.__file__).parent
#: Game ids still written as literals outside the game modules, per file, and why
ALLOWED = {
    # the whist rule's name in a bot's reason (``Why("whist")``, twice), not the game
    "bots/__init__.py": 2,
}
#: The issue's bound: the registry and the command line's choices at most
MOST = 12


def _own_modules() -> set[Path]:
    return {Path(sys.modules[f.cls.__module__].__file__ or "") for f in GAMES.values()}


def _id_literals() -> dict[str, int]:
    own = _own_modules()
    out: dict[str, int] = {}
    for path in sorted(ROOT.rglob("*.py")):
        if path in own:
            continue
        n = sum(
            1
            for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.Constant) and node.value in GAMES
        )
        if n:
            out[path.relative_to(ROOT).as_posix()] = n
    return out


def test_no_module_outside_a_games_own_writes_a_game_id():
    found = _id_literals()
    assert found == ALLOWED, f"game ids written outside the game modules: {found}"
    assert sum(found.values()) <= MOST


def test_no_module_compares_a_game_classs_id():
    classes = {f.cls.__name__ for f in GAMES.values()}
    own = _own_modules()
    asked = []
    for path in sorted(ROOT.rglob("*.py")):
        if path in own:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare):
                for side in [node.left, *node.comparators]:
                    if (
                        isinstance(side, ast.Attribute)
                        and side.attr == "id"
                        and isinstance(side.value, ast.Name)
                        and side.value.id in classes
                    ):
                        asked.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert asked == []


def test_the_games_are_registered_in_order_and_the_package_lists_their_ids():
    assert tuple(GAMES) == kingweb.GAMES == ("king", "kingru", "whist")
    assert all(f.id == gid and f.cls.id == gid for gid, f in GAMES.items())


def test_a_game_is_registered_once():
    with pytest.raises(ValueError, match="registered twice"):
        register(GAMES["king"])
    assert list(GAMES) == ["king", "kingru", "whist"]


@pytest.mark.parametrize("gid", list(GAMES))
def test_every_registered_game_declares_each_fact(gid):
    f = GAMES[gid]
    optional = {"chosen", "offers", "daily_options", "stock", "kh_receiver", "bench_targets", "deal_orders"}
    for field in dataclasses.fields(GameFacts):
        value = getattr(f, field.name)
        if field.name not in optional:
            assert value not in (None, "", (), {}), f"{gid}: {field.name} is not declared"
    assert f.players in (2, 4) and f.hand * f.players <= f.deck.bit_count()
    assert f.seat_field in ("dealer", "leader") and f.seat_field in f.scenario_args
    params = inspect.signature(f.cls.from_scenario).parameters
    assert set(f.scenario_args) <= set(params), f"{gid}: a scenario field the game does not take"
    deals = getattr(f.cls, "DEALS", None)  # (Кинг's depends on its options)
    assert f.max_deals >= (deals if isinstance(deals, int) else 1)
    assert len(f.letter) == 1 and f.letter.isupper()
    assert [g.letter for g in GAMES.values()].count(f.letter) == 1
    assert f.phases[-1] == "over" and "play" in f.phases
    kinds = {t.__annotations__["kind"].__args__[0] for t in Counted.__args__}
    assert set(f.scoring) <= kinds
    a, b, c = f.review_thresholds
    assert 0 < a < b < c
    assert f.review_worlds > f.hard_samples > 0
    assert set(f.latency_deals) == {"normal", "hard", "expert"}
    assert all(level in ("easy", "normal", "hard", "expert") for level, _, _ in f.rungs)
    assert f.cls.check_options(f.daily_options) is not None
    assert f.contracts() and all(callable(fn) for fn in (f.deal_scenario, f.first_deal, f.view_contract, f.board))
    if f.deal_orders:  # one order for each value of the option that picks it, each a permutation
        assert set(f.deal_orders) == set(f.cls.OPTIONS["order"].allowed)
        assert len({tuple(sorted(o)) for o in f.deal_orders.values()}) == 1


def test_only_king_declares_offers_a_chosen_contract_and_the_kh_receiver():
    assert {gid for gid, f in GAMES.items() if f.offers or f.chosen or f.kh_receiver} == {"king"}
    assert (
        GAMES["king"].offers
        == {
            "up": offer_value("offer:up:1"),
            "null": offer_value("offer:null:1"),
            "ultimatum": offer_value(ULTIMATUM_OFFER),
        }
        == {"up": 25, "null": 75, "ultimatum": 200}
    )
    assert [gid for gid, f in GAMES.items() if f.stock] == ["whist"]


@pytest.mark.parametrize("gid", list(GAMES))
def test_info_describes_each_game_from_its_facts(gid):
    f = GAMES[gid]
    g = session.info()["games"][gid]
    assert g["players"] == f.players
    assert g["phases"] == list(f.phases)
    assert g["stock"] is f.stock
    assert g["seat_field"] == f.seat_field
    assert g["scoring"] == list(f.scoring)
    assert g["offers"] == f.offers


def test_a_views_phase_is_one_its_game_declares():
    for gid, f in GAMES.items():
        g = kingweb.new_game(gid, seed=5)
        seen = set()
        while not g.over and len(g.deals) < 2:
            seen.add(g.view(g.turn)["phase"])
            g.act(g.legal()[0])
        assert seen <= set(f.phases), (gid, seen)


#: Each fact the page reads (``catalogue.FACTS``) and the JSON type it has
PAGE_FACTS = {
    "players": int,
    "phases": list,
    "stock": bool,
    "seat_field": str,
    "scoring": list,
    "offers": dict,
    "chosen": (str, type(None)),
    "named_deals": bool,
    "to_target": bool,
    "deal_orders": dict,
}


@pytest.mark.parametrize("gid", list(GAMES))
def test_every_registered_game_declares_each_fact_the_page_reads(gid):
    f = GAMES[gid]
    got = catalogue.facts(gid)
    assert tuple(got) == catalogue.FACTS == tuple(PAGE_FACTS)
    for name, kind in PAGE_FACTS.items():
        assert isinstance(got[name], kind), f"{gid}: {name} is {got[name]!r}"
    # the facts agree with the rules they stand for
    assert (set(got["offers"]) == {"up", "null", "ultimatum"}) == ("auction" in f.phases) == (got["chosen"] is not None)
    assert got["named_deals"] == (len({c.id for c in f.contracts()}) > 1)
    assert got["to_target"] == ("target" in f.cls.OPTIONS)
    assert got["stock"] == ("stock" in f.scenario_args)
    # the page is given them: in info beside the options, and in every state of a table
    assert {k: v for k, v in session.info()["games"][gid].items() if k != "options"} == got
    s = session.Session()
    s.start(gid, seed=3, level="random")
    assert s.state(0)["facts"] == got and s.sync()["table"]["facts"] == got
    assert review.info()["games"][gid] == got
