"""Inference from play (kingweb.bots.inference): a world weighs by how likely it makes the
others' plays under the softened ``normal`` policy; the ``hard`` bot's decision still
depends on its view alone."""

import math
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import kingweb
from kingweb.bots import INFERRING, LEVELS, Bot
from kingweb.bots.arena import board
from kingweb.bots.inference import EPSILON, Evidence
from kingweb.bots.knowledge import Knowledge
from kingweb.cards import INDEX, mask_of


def _mask(codes):
    return mask_of(INDEX[c] for c in codes)


def _ducked_with_the_two():
    """No tricks: seat 0 led the 9♠ and seat 1 followed with the 2♠; seat 2 decides.
    Had seat 1 held the 8♠, the ``normal`` policy would have ducked with it (the highest
    card that still loses), so the 2♠ says the 8♠ is more likely elsewhere."""
    hands = [["4C", "5C"], ["3D", "KS"], ["TS", "5S", "7D"], ["8S", "6C", "7C"]]
    return kingweb.scenario("king", "tricks", hands, leader=0, trick=["9S", "2S"])


def test_a_revealing_play_weighs_the_worlds_where_it_was_the_policys_choice_higher():
    g = _ducked_with_the_two()
    view = g.view(2)
    ev = Evidence(Knowledge(view))
    me = _mask(view["hand"])
    # the true deal (seat 1 has no spade under the 9 but the 2: the 2 was its duck) ...
    true = [_mask(["4C", "5C"]), _mask(["3D", "KS"]), me, _mask(["8S", "6C", "7C"])]
    # ... and one where seat 1 holds the 8♠, which it would have ducked with instead
    swapped = [_mask(["4C", "5C"]), _mask(["8S", "KS"]), me, _mask(["3D", "6C", "7C"])]
    # seat 0's lead weighs both worlds alike (its hand is the same in both); seat 1's
    # follow is the policy's choice from K♠ 2♠, and not from K♠ 8♠ 2♠
    ratio = ((1 - EPSILON) + EPSILON / 2) / (EPSILON / 3)
    assert ev.weight(true) / ev.weight(swapped) == pytest.approx(ratio)
    assert ev.weight(true) > 3 * ev.weight(swapped)


def test_the_hard_bot_weighs_its_worlds_and_hard_uniform_does_not():
    """The same worlds (the same seed) give different means once weighted."""
    view = _ducked_with_the_two().view(2)
    weighted = Bot(INFERRING, seed=3, budget=math.inf, samples=40).explain(view)[1].values
    uniform = Bot("hard", seed=3, budget=math.inf, samples=40).explain(view)[1].values
    assert weighted is not None and uniform is not None
    assert weighted.worlds == uniform.worlds
    assert weighted.means != uniform.means


def test_hard_uniform_is_for_measurement_only():
    from kingweb.session import info

    assert INFERRING not in LEVELS and INFERRING not in info()["levels"]
    assert Bot(INFERRING).searches and Bot(INFERRING).infers and not Bot("hard").infers


def _played(game, contract, hands, where, actions):
    g = kingweb.scenario(game, contract, hands, **where)
    for a in actions:
        g.act(a)
    return g


def _still_hidden(g, seat, start_hands):
    """Per other place (a seat, or German Whist's stock under the face-up card): the cards
    it held from the start and still holds unseen by ``seat``."""
    places = {}
    for s in range(g.players):
        if s != seat:
            places[s] = _mask(start_hands[s]) & g.p.hands[s]
    if g.id == "whist":
        places[-1] = mask_of(g.p.stock[1:])  # the hidden part of the stock
    return places


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.sampled_from(["king", "kingru", "whist"]), st.integers(0, 10_000), st.integers(4, 30), st.data())
def test_the_same_view_gets_the_same_decision_whatever_the_hidden_cards(game, seed, steps, data):
    """Two deals whose views for the seat to act are equal, but whose hidden cards differ
    (two cards of one suit swapped between two places the seat cannot see), get the same
    decision from ``hard``: inference reads the others' plays in the view, never their
    hands.  The weights of the same sampled worlds are equal too."""
    rng = random.Random(seed)
    contract, hands, where = board(game, seed % 7, rng, {})
    g = kingweb.scenario(game, contract, hands, **where)
    bots = [Bot("normal", seed=s) for s in range(g.players)]
    actions = []
    for _ in range(steps):
        if g.over:
            break
        a = bots[g.turn].decide(g.view(g.turn))
        g.act(a)
        actions.append(a)
    assume(not g.over and g.p is not None)
    seat = g.turn
    view = g.view(seat)
    assume(view.get("phase", "play") == "play" and len(view["legal"]) > 1)
    places = _still_hidden(g, seat, hands)
    pairs = [
        (p, q, a, b)
        for p in places
        for q in places
        if p < q
        for a in range(52)
        if places[p] >> a & 1
        for b in range(52)
        if places[q] >> b & 1 and a // 13 == b // 13 and "KH" not in (kingweb.cards.code(a), kingweb.cards.code(b))
    ]
    assume(pairs)
    _, _, a, b = data.draw(st.sampled_from(pairs))
    ca, cb = kingweb.cards.code(a), kingweb.cards.code(b)
    swap = {ca: cb, cb: ca}
    hands2 = [[swap.get(c, c) for c in h] for h in hands]
    where2 = dict(where)
    if "stock" in where2:
        where2["stock"] = [swap.get(c, c) for c in where2["stock"]]
    try:
        g2 = _played(game, contract, hands2, where2, actions)
    except kingweb.RulesError:  # the swap made an earlier play illegal: not the same view
        assume(False)
    view2 = g2.view(seat)
    assume(view2 == view)
    assert [g.p.hands[s] for s in range(g.players)] != [g2.p.hands[s] for s in range(g.players)] or (
        g.id == "whist" and g.p.stock != g2.p.stock
    )
    bot = Bot(INFERRING, seed=5, budget=math.inf, samples=12)
    assert bot.decide(view) == bot.decide(view2)
    know = Knowledge(view)
    if know.contract is not None and not (know.facts.stock and view["stage"] == 2):
        ev, ev2 = Evidence(know), Evidence(Knowledge(view2))
        assert ev.plays == ev2.plays
        worlds = [know.world(random.Random(i)).hands for i in range(5)]
        assert [ev.weight(h) for h in worlds] == [ev2.weight(h) for h in worlds]


def placed_right(game, level, games, positions_every=3):
    """How well sampled worlds place the unseen cards: over the card-play positions of
    ``games`` deals that four (two) ``level`` bots play, the share of the unseen cards a
    world puts in the seat that truly holds them (a stock card counts in no seat), as a
    mean over 60 worlds uniformly and weighted by ``Evidence``."""
    uniform, weighted = [], []
    for seed in range(games):
        contract, hands, where = board(game, seed, random.Random(seed), {})
        g = kingweb.scenario(game, contract, hands, **where)
        bots = [Bot(level, seed=s, budget=math.inf, samples=12) for s in range(g.players)]
        step = 0
        while not g.over:
            step += 1
            seat = g.turn
            view = g.view(seat)
            if (
                step % positions_every == 0
                and view.get("phase", "play") == "play"
                and len(view["tricks"]) >= 2
                and not (g.id == "whist" and view["stage"] == 2)
            ):
                know = Knowledge(view)
                ev = Evidence(know)
                true = g.p.hands
                rng = random.Random(step)
                worlds = [know.world(rng).hands for _ in range(60)]
                others = [s for s in range(g.players) if s != seat]
                total = sum((true[s] & know.unseen).bit_count() for s in others)
                right = [sum((h[s] & true[s] & know.unseen).bit_count() for s in others) / total for h in worlds]
                ws = [ev.weight(h) for h in worlds]
                uniform.append(sum(right) / len(right))
                weighted.append(sum(w * r for w, r in zip(ws, right, strict=True)) / sum(ws))
            g.act(bots[seat].decide(view))
    return sum(uniform) / len(uniform), sum(weighted) / len(weighted), len(uniform)


@pytest.mark.parametrize("game", ["king", "kingru"])
def test_against_the_players_it_models_the_weights_place_the_hidden_cards_better(game):
    """Against ``normal`` players (whose policy the model softens), the weighted worlds
    put clearly more of the unseen cards where they are than the uniform ones."""
    uniform, weighted, n = placed_right(game, "normal", 6)
    print(f"{game}: {n} positions, cards placed right: uniform {uniform:.3f}, weighted {weighted:.3f}")
    assert n >= 30
    assert weighted > uniform + 0.05
