"""The OpenSpiel wrapper of the kingweb games and ISMCTS as an arena opponent.

Skipped only when ``open_spiel`` is not installed (it is a test dependency, not one of
the wheel)."""

import math
import random

import pytest

pytest.importorskip("open_spiel")

import kingweb
from kingweb.bots import Bot
from kingweb.bots.arena import board, run
from kingweb.bots.knowledge import Knowledge
from kingweb.bots.spiel import IsmctsBot, action_id, action_str, deal_game
from kingweb.cards import INDEX
from kingweb.claim import cards_only


def boards(gid, n, seed=1):
    rng = random.Random(seed)
    return [board(gid, i, rng, {}) for i in range(n)]


@pytest.mark.parametrize("gid,n", [("whist", 2), ("kingru", 7), ("king", 10)])
def test_legal_actions_and_returns_match_the_game(gid, n):
    """Stepped side by side with the real game, the wrapper offers exactly the game's
    legal actions at every step (auction included) and ends with its points."""
    bots = [Bot("normal", seed=s) for s in range(4)]
    for contract, hands, where in boards(gid, n):
        g = kingweb.scenario(gid, contract, hands, **where)
        s = deal_game(gid).state_of_game(g)
        total = abs(g.view(0).get("deal_total", 7))
        while not g.over:
            assert s.current_player() == g.turn
            assert s.legal_actions() == [action_id(a) for a in cards_only(g.legal())]
            assert [action_str(a) for a in s.legal_actions()] == cards_only(g.legal())
            a = bots[g.turn].decide(played_out(g.view(g.turn)))
            g.act(a)
            s.apply_action(action_id(a))
        assert s.is_terminal()
        pts = g.deals[-1]["points"]
        want = [(pts[0] - pts[1]) / 7, (pts[1] - pts[0]) / 7] if gid == "whist" else [x / total for x in pts]
        assert s.returns() == pytest.approx(want)


def played_out(view):
    """``view`` without its claims: the wrapper, a yardstick, plays every card out."""
    return {**view, "legal": cards_only(view["legal"])}


def _positions(gid, count, seed=2):
    """Positions reached by normal play, every few actions, with the seat to act."""
    out = []
    for contract, hands, where in boards(gid, count, seed):
        g = kingweb.scenario(gid, contract, hands, **where)
        # (no clock: German Whist's normal searches its stock stage within one, so the
        # positions, and what the test meets, would move with the machine's load)
        bots = [Bot("normal", seed=s, budget=math.inf) for s in range(4)]
        k = 0
        while not g.over:
            if k % 7 == 3:
                out.append(kingweb.from_json(g.to_json()))
            g.act(bots[g.turn].decide(played_out(g.view(g.turn))))
            k += 1
    return out


@pytest.mark.parametrize("gid", ["whist", "king", "kingru"])
def test_resampled_states_are_consistent_with_the_view(gid):
    game = deal_game(gid)
    rng = random.Random(3)
    for g in _positions(gid, 10 if gid == "king" else 3):
        seat = g.turn
        view = g.view(seat)
        know = Knowledge(view)
        root = game.state_of_game(g)
        key = root.information_state_string(seat)
        for _ in range(20):
            s = root.resample(seat, rng)
            assert s.current_player() == seat
            assert s.information_state_string(seat) == key
            assert [action_str(a) for a in s.legal_actions()] == cards_only(view["legal"])
            hands = s.p.hands if s.g is None else s.g.dealt
            assert hands[seat] == know.hand
            for o in range(g.players):
                if o == seat:
                    continue
                assert not hands[o] & (know.played | know.hand)
                assert hands[o].bit_count() == view["hand_counts"][o]
                # a suit the seat showed out of (and has not drawn since) is not dealt to it,
                # but for a card it was seen to take since (German Whist's face-up cards:
                # r69 met one, in a position its clocked bots reached)
                assert not hands[o] & know.voids[o] & ~know.known[o]
                assert hands[o] & know.known[o] == know.known[o]
            if gid == "whist":
                assert s.p.stock[:1] == ([INDEX[view["faceup"]]] if view["faceup"] else [])
                assert len(s.p.stock) == view["stock_count"]


@pytest.mark.parametrize("gid,index", [("whist", 0), ("whist", 1), ("kingru", 2), ("king", 1), ("king", 7)])
def test_search_never_reads_a_hidden_card(gid, index):
    """Two deals that look the same from the seat to act (the other seats' cards, and
    the whist stock, shuffled among themselves) give the same search, visit for visit,
    though its root state is the real game."""
    rng = random.Random(5)
    contract, hands, where = boards(gid, index + 1, seed=4)[-1]
    seat = kingweb.scenario(gid, contract, hands, **where).turn
    others = [s for s in range(len(hands)) if s != seat]
    hidden = [c for s in others for c in hands[s]] + (where["stock"][1:] if gid == "whist" else [])
    rng.shuffle(hidden)
    alt = list(hands)
    for s in others:
        alt[s], hidden = hidden[: len(hands[s])], hidden[len(hands[s]) :]
    where_b = dict(where, stock=where["stock"][:1] + hidden) if gid == "whist" else where
    a = kingweb.scenario(gid, contract, hands, **where)
    b = kingweb.scenario(gid, contract, alt, **where_b)
    assert a.view(seat) == b.view(seat) and len(a.legal()) > 1
    assert any(a.hand(s) != b.hand(s) for s in others)  # the hidden cards do differ
    searches = []
    for g in (a, b):
        root = deal_game(gid).state_of_game(g)
        bot = IsmctsBot(60).search(root, random.Random(9), 9)
        policy = bot.run_search(root)
        searches.append((policy, {k: (c.visits, round(c.return_sum, 9)) for k, c in bot._root_node.child_info.items()}))
    assert searches[0] == searches[1]
    assert sum(v for v, _ in searches[0][1].values()) > 0


def test_a_view_state_answers_for_its_seat_only():
    g = kingweb.new_game("kingru", seed=2)
    s = deal_game("kingru").state_of_view(g.view(g.turn), random.Random(1))
    with pytest.raises(ValueError):
        s.resample((g.turn + 1) % 4, random.Random(1))
    s.apply_action(s.legal_actions()[0])
    with pytest.raises(ValueError):  # only the root keeps a view
        s.resample(g.turn, random.Random(1))


def test_ismcts_in_the_arena():
    r = run("kingru", ["ismcts:30", "normal", "normal", "normal"], 2, seed=3)
    # (at most a decision a trick: a seat that claims the rest plays its last tricks at once)
    assert 2 * 4 * 4 < r["kinds"]["ismcts:30"]["latency_ms"]["decisions"] <= 2 * 4 * 8
    assert r["kinds"]["ismcts:30"]["cpu_ms"] > 0
    g = kingweb.new_game("whist", seed=1)
    bot = IsmctsBot(30, seed=4)
    v = g.view(g.turn)
    assert bot.decide(v) == IsmctsBot(30, seed=4).decide(v) in v["legal"]


@pytest.mark.parametrize("gid", ["whist", "kingru", "king"])
def test_fast_rollouts_play_as_openspiel_random_rollouts(gid):
    """The engine's playout loop stands in for OpenSpiel's random-rollout evaluator: the
    same distribution of outcomes (means within 4.5 standard errors over 400 rollouts
    each, from a position early in a deal) and the same uniform prior."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    from kingweb.bots.spiel import FastRandomRollouts

    contract, hands, where = boards(gid, 7 if gid == "king" else 1, seed=6)[-1]
    g = kingweb.scenario(gid, contract, hands, **where)
    if gid == "king":  # a positive being bid: the fast evaluator bids at random too
        assert g.phase == "choose"
    root = deal_game(gid).state_of_game(g)
    fast, slow = FastRandomRollouts(1), mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    a = np.array([fast.evaluate(root) for _ in range(400)])
    b = np.array([slow.evaluate(root) for _ in range(400)])
    se = np.sqrt(a.var(axis=0) / len(a) + b.var(axis=0) / len(b)) + 1e-9
    assert (np.abs(a.mean(axis=0) - b.mean(axis=0)) < 4.5 * se).all()
    assert a.std(axis=0).max() > 0  # the rollouts do vary
    assert fast.prior(root) == slow.prior(root)
    assert not root.is_terminal()  # evaluating plays on a clone
