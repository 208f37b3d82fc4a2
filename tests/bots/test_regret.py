"""The paired measurement of inference (kingweb.bots.regret): its three searches see the
same worlds, the uniform one is ``hard``'s own, and equal weights change nothing."""

import math
import random

from kingweb import scenario
from kingweb.bots import Bot, position_key, regret
from kingweb.bots.arena import board
from kingweb.bots.knowledge import Knowledge
from kingweb.cards import INDEX, code

SAMPLES = 24


def _mid_deal(game="kingru", b=3, seed=5, plays=9):
    """Board ``b`` of ``seed`` after ``plays`` actions of four ``normal`` bots."""
    contract, hands, where = board(game, b, random.Random(seed), {})
    g = scenario(game, contract, hands, {}, **where)
    bots = [Bot("normal", seed=i) for i in range(g.players)]
    for _ in range(plays):
        g.act(bots[g.turn].decide(g.view(g.turn)))
    return g


def test_the_paired_searches_see_the_same_worlds_and_the_uniform_one_is_hards():
    g = _mid_deal()
    view = g.view(g.turn)
    assert len(view["legal"]) > 1
    bot = Bot("hard", seed=7, budget=math.inf, samples=SAMPLES)
    key = repr(position_key(bot.seed, view))
    pv = regret.paired_values(Knowledge(view), [INDEX[c] for c in view["legal"]], key, SAMPLES)
    assert pv.same_worlds
    assert code(pv.u.best()) == bot.decide(view)
    # the others have played: the weights are not all alike, and the weighted means differ
    assert pv.w.means != pv.u.means
    assert 0 < pv.ess <= SAMPLES and pv.beta in regret.TEMPERS


def test_equal_weights_choose_the_uniform_card_and_the_difference_is_zero(monkeypatch):
    class Flat:
        def __init__(self, know):
            pass

        def weight(self, hands):
            return 0.25  # (a power of two: the weighted sums are the uniform ones, scaled exactly)

    monkeypatch.setattr(regret, "Evidence", Flat)
    ds = regret.play_deal("kingru", 0, random.Random(51), 51, ["hard", "hard", "normal", "normal"], SAMPLES)
    assert {d.seat for d in ds} == {0, 1}  # both hard seats decide
    for d in ds:
        assert d.same_worlds
        assert d.u == d.w == d.t and d.beta == 1.0
        assert d.dw == d.dt == 0.0 and not d.q
    s = regret.summary(ds, 1, "w", 100)
    assert s["differ"] == 0 and s["per_deal"] == 0.0


def test_temper_keeps_half_the_worlds_effective():
    assert regret.temper([1.0] * 8) == 1.0
    assert regret.ess([1.0, 1.0, 0.0, 0.0]) == 2.0
    ws = [1.0] + [1e-6] * 15  # one world takes all the weight ...
    beta = regret.temper(ws)
    assert 0.0 <= beta < 1.0  # ... so the weights are flattened
    assert regret.ess([w**beta for w in ws]) >= 8
    assert regret.temper([1.0] + [1e-300] * 15) == 0.0


def test_judge_is_deterministic_for_its_rng():
    g = _mid_deal()
    s = g.turn
    cands = [INDEX[c] for c in g.view(s)["legal"]][:2]
    a = regret.judge(g.play, s, cands, random.Random(1), rounds=16)
    b = regret.judge(g.play, s, cands, random.Random(1), rounds=16)
    assert a == b and set(a) == set(cands)
