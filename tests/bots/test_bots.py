"""Bots: classic plays, fairness (view only), legality, the whist solver, the arena."""

import random
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kingweb
from kingweb.bots import Bot
from kingweb.bots.arena import board, run
from kingweb.bots.cheat import CheatBot
from kingweb.bots.endgame import WhistSolver, alike, choices, in_play, reps_mask
from kingweb.bots.hints import hint
from kingweb.bots.search import exact_from
from kingweb.cards import FULL_DECK, INDEX, SUIT_MASK, cards_of, mask_of


def decide(g, level="normal", seed=0):
    return Bot(level, seed=seed).decide(g.view(g.turn))


# -- classic plays ---------------------------------------------------------------------------


def test_ducks_under_the_winning_card():
    # seat 0 led the 9♣; seat 1 holds 8♣ and K♣: the 8 loses the trick
    g = kingweb.scenario("king", "tricks", [["9C", "2D"], ["8C", "KC"], ["3C", "4D"], ["5C", "6D"]], leader=0)
    g.act("9C")
    for level in ("easy", "normal", "hard"):
        assert decide(g, level) == "8C", level


def test_takes_with_the_highest_when_the_trick_is_lost_anyway():
    # last to play, every club wins: win with the king and keep the 9 to duck under the
    # 10 still out (were the 9 sure to win the last trick too, the bot would claim the rest)
    g = kingweb.scenario("king", "tricks", [["2C", "2D"], ["4C", "TC"], ["3D", "5D"], ["KC", "9C"]], leader=0)
    for c in ("2C", "4C", "3D"):
        g.act(c)
    assert decide(g, "normal") == "KC"


def test_dumps_the_king_of_hearts_or_a_queen_when_void():
    g = kingweb.scenario("king", "queens", [["2C", "3C"], ["4C", "5C"], ["QS", "3S"], ["6C", "7C"]], leader=0)
    g.act("2C")
    g.act("4C")
    assert decide(g, "normal") == "QS"
    g = kingweb.scenario("king", "hearts", [["2C", "3C"], ["4C", "5C"], ["AH", "AS"], ["6C", "7C"]], leader=0)
    g.act("2C")
    g.act("4C")
    assert decide(g, "normal") == "AH"


def test_never_leads_a_heart_under_the_ban():
    g = kingweb.scenario(
        "kingru",
        "no-hearts",
        [["7H", "8H", "AC"], ["7C", "8C", "9C"], ["TC", "JC", "QC"], ["7D", "8D", "AH"]],
        leader=0,
    )
    for level in ("random", "easy", "normal", "hard"):
        assert decide(g, level) == "AC"


def test_covers_with_the_cheapest_winner_in_a_positive():
    g = kingweb.scenario("king", "up:NT", [["TC", "2D"], ["JC", "AC"], ["3C", "4D"], ["QC", "KC"]], leader=0)
    g.act("TC")
    g.act("JC")
    g.act("3C")
    assert decide(g, "normal") == "QC"  # last to play: the queen is enough


def test_auction_offers_respect_preference_and_ceiling():
    hands = [[r + s for r in "23456789TJQKA"] for s in "CDHS"]
    g = kingweb.scenario("king", "positive", hands, dealer=0)
    g.act("auction")
    for _ in range(30):
        if g.contract != "positive" or g.over:
            break
        a = decide(g, "normal")
        assert a in g.legal()
        if a.startswith("offer:"):
            kind, n = a.split(":")[1:]
            assert int(n) <= (8 if kind == "up" else 2)
        g.act(a)


def test_hint_reasons():
    g = kingweb.scenario("king", "tricks", [["9C", "2D"], ["8C", "KC"], ["3C", "4D"], ["5C", "6D"]], leader=0)
    g.act("9C")
    h = hint(g)
    assert h["action"] == "8C" and h["reason"] == "duck" and "cannot take this trick" in h["text"]
    g = kingweb.scenario("king", "king-of-hearts", [["KH", "3D"], ["4C", "5C"], ["6C", "7C"], ["8C", "9C"]], leader=1)
    g.act("4C")
    g.act("6C")
    g.act("8C")
    assert hint(g)["reason"] == "king-forced"


# -- fairness: the bot sees its view only ---------------------------------------------------------


@pytest.mark.parametrize("game,contract,per", [("king", "hearts", 13), ("kingru", "no-girls", 8), ("king", "up:S", 13)])
@pytest.mark.parametrize("seed", range(4))
def test_same_view_same_decision_whatever_the_hidden_cards(game, contract, per, seed):
    rng = random.Random(seed)
    deck = kingweb.cards.codes_of(kingweb.cards.SHORT_DECK if game == "kingru" else FULL_DECK)
    rng.shuffle(deck)
    hands = [deck[i * per : (i + 1) * per] for i in range(4)]
    # shuffle the cards of seats 1..3 among themselves: seat 0's view is the same
    others = hands[1] + hands[2] + hands[3]
    rng.shuffle(others)
    alt = [hands[0], others[:per], others[per : 2 * per], others[2 * per :]]
    a = kingweb.scenario(game, contract, hands, leader=0)
    b = kingweb.scenario(game, contract, alt, leader=0)
    assert a.view(0) == b.view(0)
    for level in ("normal", "hard"):
        # a generous budget: the fixed sample count, not the machine's load, decides
        def bot(level=level):
            return Bot(level, seed=seed, samples=6, budget=60)

        assert bot().decide(a.view(0)) == bot().decide(b.view(0))


def test_bot_never_receives_the_game():
    with pytest.raises((TypeError, KeyError, AttributeError)):
        Bot("normal").decide(kingweb.new_game("king", seed=1))


# -- never illegal, never stuck ---------------------------------------------------------------------

GAMES = st.sampled_from(
    [
        ("king", {}),
        ("king", {"max_nulls": 4, "buyer_leads": True, "uncapped_payment": True}),
        ("king", {"king_chooses_dealer": True, "first_lead": "left_of_dealer", "king_forced_on_heart_lead": False}),
        ("kingru", {"boys": "jacks-kings", "king_discard": True, "king_discard_on_heart_lead": True}),
        ("kingru", {"order": "simple", "eralash": False, "play_all_tricks": True}),
        ("whist", {"target": 2}),
    ]
)


@settings(max_examples=12, deadline=None)
@given(GAMES, st.integers(0, 10**6), st.sampled_from(["easy", "normal"]))
def test_bots_play_whole_matches_legally(game, seed, level):
    gid, options = game
    g = kingweb.new_game(gid, seed=seed, options=options)
    bots = [Bot(level, seed=seed + s) for s in range(g.players)]
    steps = 0
    while not g.over:
        a = bots[g.turn].decide(g.view(g.turn))
        assert a in g.legal()
        g.act(a)
        steps += 1
        assert steps < 2000
    assert len(g.deals) >= 1


@pytest.mark.parametrize("gid", ["king", "kingru", "whist"])
def test_hard_and_cheat_play_a_deal_legally(gid):
    g = kingweb.new_game(gid, seed=5)
    hard, cheat = Bot("hard", seed=1, samples=4), CheatBot()
    while not g.deals:
        a = cheat.decide_game(g) if g.turn == 0 else hard.decide(g.view(g.turn))
        assert a in g.legal()
        g.act(a)


def test_cheat_decides_every_action_itself(monkeypatch):
    """The ceiling never hands a decision to a fair bot: King's bids, its claims and its
    cards all come from the whole game (a fair bot asked anything here fails the test)."""

    def no_fair_bot(*_args, **_kwargs):
        raise AssertionError("the cheat bot asked a fair bot")

    monkeypatch.setattr(Bot, "explain", no_fair_bot)
    monkeypatch.setattr(Bot, "decide", no_fair_bot)
    kinds = {"bid": 0, "claim": 0, "card": 0}
    rng = random.Random(3)
    games = [kingweb.scenario("king", "positive", board("king", 6, rng, {})[1], dealer=d) for d in range(2)]
    games.append(kingweb.new_game("whist", seed=4))
    for g in games:
        cheats = [CheatBot(seed=s) for s in range(g.players)]
        while len(g.deals) < (2 if g.id == "whist" else 1):
            a = cheats[g.turn].decide_game(g)
            assert a in g.legal()
            kind = "claim" if a.startswith("claim:") else "card" if a in INDEX else "bid"
            kinds[kind] += 1
            g.act(a)
    assert all(kinds.values()), kinds


@pytest.mark.parametrize("gid", ["king", "kingru", "whist"])
def test_cheat_takes_an_open_claim_and_it_is_what_the_whole_deal_makes(gid, monkeypatch):
    """Where a claim is open the ceiling takes it from the whole deal, without a fair
    bot, and it is exact: at four players (in the last tricks, where the true hands are
    solved by max-n) the claim's card is worth the most any card is; in German Whist's
    stage 2 the solved tricks of the leader are all of them (``all``) or none."""
    from kingweb.bots.endgame import TrickSolver
    from kingweb.bots.search import whist_solver
    from kingweb.claim import cards_only, claim_card

    def no_fair_bot(*_args, **_kwargs):
        raise AssertionError("the cheat bot asked a fair bot")

    monkeypatch.setattr(Bot, "explain", no_fair_bot)
    monkeypatch.setattr(Bot, "decide", no_fair_bot)
    rng, checked = random.Random(5), 0
    for seed in range(40):
        g = kingweb.new_game(gid, seed=seed)
        while not g.deals and checked < 6:
            legal = g.legal()
            claims = [a for a in legal if a.startswith("claim:")]
            p = g.p
            if claims and p is not None and (g.players == 2 or p.last_trick + 1 - p.trick_no <= 5):
                seat = p.turn
                assert CheatBot(seed=seed).decide_game(g) == claims[0]
                kind = claims[0][6:]
                if g.players == 2:
                    if p.trick:
                        g.act(rng.choice(cards_only(legal)))
                        continue
                    other = p.hands[1 - seat]
                    tricks = whist_solver(p.c.trump).solve_exact(p.hands[seat], other)
                    assert tricks == (p.hands[seat].bit_count() if kind == "all" else 0)
                else:
                    solver, values = TrickSolver(p.c), {}
                    for c in cards_of(p.legal_mask()):
                        q = p.copy()
                        q.play(c)
                        values[c] = solver.points(q)[seat]
                    mine = claim_card(kind, g._seen(seat), p.c, p.legal_mask())
                    assert values[mine] == max(values.values()), (g.to_json(), values, mine)
                checked += 1
            g.act(rng.choice(cards_only(legal) or legal))
    assert checked >= 6, checked


def _tried(p):
    """The cards the ceiling tries: one of each run of touching cards alike in points."""
    return cards_of(choices(p.legal_mask(), in_play(p), alike(p.c)))


@pytest.mark.parametrize("gid", ["king", "kingru"])
def test_in_the_tricks_solved_exactly_the_cheats_card_is_worth_the_most(gid):
    """From the third-last trick, where ``hard`` solves its worlds by max-n, the ceiling
    solves the true deal so: its card is worth the most of any legal card (touching
    cards alike in points included) by ``TrickSolver``, another solver of the same
    max-n, at every such decision of a few deals, where the cards differ."""
    from kingweb.bots.endgame import TrickSolver

    rng, checked, differs = random.Random(8), 0, 0
    for b in range(30):
        contract, hands, where = board(gid, b, rng, {})
        g = kingweb.scenario(gid, contract, hands, **where)
        bots = [Bot("normal", seed=s) for s in range(g.players)]
        while not g.over:
            p = g.p
            if p is not None and len(_tried(p)) > 1:
                q = p.copy()
                q.play(_tried(p)[0])
                if exact_from(q):
                    solver, values = TrickSolver(p.c), {}
                    for c in cards_of(p.legal_mask()):
                        q = p.copy()
                        q.play(c)
                        values[c] = solver.points(q)[p.turn]
                    mine = CheatBot(seed=b).decide_game(g)
                    if not mine.startswith("claim:"):
                        assert values[INDEX[mine]] == max(values.values()), (g.to_json(), values, mine)
                        checked += 1
                        differs += len(set(values.values())) > 1
            g.act(bots[g.turn].decide(g.view(g.turn)))
    assert checked >= 30 and differs >= 10, (checked, differs)


@pytest.mark.parametrize("gid", ["king", "kingru"])
def test_without_noise_the_cheat_is_hards_search_with_the_true_deal_for_its_world(gid, monkeypatch):
    """With its playouts' noise taken out, every playout of a card is the one ``hard``
    plays in a world, so the ceiling's card is the one of the cards it tries (``_tried``)
    that ``hard``'s valuation of a world (``search.evaluate``) puts highest on the true
    deal: checked over random positions before the tricks solved exactly, where
    ``normal``'s own card is sometimes worth less."""
    from kingweb.bots import cheat
    from kingweb.bots.policy import choose, rollout
    from kingweb.bots.search import evaluate

    monkeypatch.setattr(cheat, "NOISE", 0.0)
    monkeypatch.setattr(cheat, "ROLLOUTS", 2)
    rng, checked, differs = random.Random(5), 0, 0
    for b in range(8 if gid == "kingru" else 3):
        contract, hands, where = board(gid, b, rng, {})
        g = kingweb.scenario(gid, contract, hands, **where)
        while not g.over:
            p = g.p
            legal = cards_of(p.legal_mask())
            tried = _tried(p)
            q = p.copy()
            q.play(tried[0])
            if len(tried) > 1 and not exact_from(q):
                values = {c: evaluate(p, c, p.turn, rollout) for c in tried}
                mine = CheatBot(seed=b).decide_game(g)
                if not mine.startswith("claim:"):
                    best = max(values.values())
                    assert INDEX[mine] == min(c for c in tried if values[c] == best), (g.to_json(), values, mine)
                    checked += 1
                    normal = choose(p, p.live & ~p.hands[p.turn])[0]
                    differs += values.get(normal, best) < best
            g.act(kingweb.cards.code(rng.choice(legal)))
    assert checked >= 40 and differs >= 3, (checked, differs)


def test_hard_is_deterministic_for_a_seed():
    g = kingweb.new_game("kingru", seed=3)
    v = g.view(g.turn)
    assert len({Bot("hard", seed=9, samples=8, budget=60).decide(v) for _ in range(3)}) == 1


# -- the whist solver ---------------------------------------------------------------------------------


def brute(a, b, trump):
    """Tricks for the player on lead by plain minimax."""
    if not a:
        return 0
    best = -1
    for c in cards_of(a):
        follow = b & SUIT_MASK[c // 13]
        worst = 99
        for d in cards_of(follow or b):
            if d // 13 == c // 13:
                lead_wins = c > d
            else:
                lead_wins = d // 13 != trump
            na, nb = a & ~(1 << c), b & ~(1 << d)
            v = 1 + brute(na, nb, trump) if lead_wins else (a.bit_count() - 1) - brute(nb, na, trump)
            worst = min(worst, v)
        best = max(best, worst)
    return best


def small_endgame(seed):
    """Two hands of 3 to 5 cards of a shuffled deck, a trump, and the rng that dealt them."""
    rng = random.Random(seed)
    deck = cards_of(FULL_DECK)
    rng.shuffle(deck)
    n = 3 + seed % 3
    return mask_of(deck[:n]), mask_of(deck[n : 2 * n]), rng.randrange(4), rng


@pytest.mark.parametrize("seed", range(25))
def test_whist_solver_matches_brute_force(seed):
    a, b, trump, _ = small_endgame(seed)
    s = WhistSolver(trump)
    assert s.solve_exact(a, b) == brute(a, b, trump)
    v, c = s.best_lead(a, b)
    assert v == brute(a, b, trump) and a >> c & 1


def _relabel(a, b, suits, rng):
    """``a`` and ``b`` with suit ``s`` moved to ``suits[s]`` and its live cards given other
    ranks in the same order (as if other cards of it had been played)."""
    out = [0, 0]
    for s in range(4):
        live = cards_of((a | b) & SUIT_MASK[s])
        ranks = sorted(rng.sample(range(13), len(live)))
        for c, r in zip(live, ranks, strict=True):
            out[0 if a >> c & 1 else 1] |= 1 << (13 * suits[s] + r)
    return out


@pytest.mark.parametrize("seed", range(12))
def test_whist_solver_stores_positions_alike_in_rank_order_as_one(seed):
    """The solver's table is keyed by a position's shape: the same order of cards in each
    suit (the played cards gone), the side suits in any order.  Such positions take the
    same tricks, so one shared entry must answer for all of them, also with the table warm
    from the others (a key too coarse would give one of them a wrong value)."""
    a, b, trump, rng = small_endgame(seed)
    sides = [s for s in range(4) if s != trump]
    rng.shuffle(sides)
    suits = {trump: trump, **dict(zip([s for s in range(4) if s != trump], sides, strict=True))}
    a2, b2 = _relabel(a, b, suits, rng)
    assert (a2, b2) != (a, b) or seed == 0
    warm = WhistSolver(trump)
    assert warm.key(a, b) == warm.key(a2, b2)
    assert warm.solve_exact(a, b) == brute(a, b, trump) == warm.solve_exact(a2, b2) == brute(a2, b2, trump)
    # the other positions of the same size, solved with the table warm, stay exact
    for k in range(6):
        a3, b3, _, _ = small_endgame(seed + 3000 * (k + 1))  # (the same size: the seed mod 3)
        assert warm.solve_exact(a3, b3) == brute(a3, b3, trump), (a3, b3, trump)


def test_whist_solver_gives_up_within_a_few_nodes_of_its_deadline(monkeypatch):
    """Past its deadline the stage-2 solver stops within ``CLOCK_EVERY`` (16) nodes.  It read
    the clock every 1,024 nodes, which let the ``normal`` bot's 40 ms think run to 1.3 s of
    wall time in Pyodide (endgame.CLOCK_EVERY says how it was measured)."""
    from types import SimpleNamespace

    from kingweb.bots import endgame

    reads = []
    # a clock that stands past the deadline from the start
    monkeypatch.setattr(endgame, "time", SimpleNamespace(perf_counter=lambda: reads.append(1) or 1.0))
    rng = random.Random(559)  # a fresh 13-card endgame that takes 16,823 nodes to solve
    deck = cards_of(FULL_DECK)
    rng.shuffle(deck)
    s = WhistSolver(rng.randrange(4))
    s.deadline = 0.0
    with pytest.raises(endgame.OutOfTime):
        s.best_lead(mask_of(deck[:13]), mask_of(deck[13:26]))
    assert reads and s.nodes <= 16, f"{s.nodes} nodes searched past the deadline"


def _played_by_the_solver(p):
    """``p`` (German Whist, stage 2 from its first trick) played out by the solver's own
    best cards: its points, by the game's rules."""
    from kingweb.bots.search import whist_solver

    solver = whist_solver(p.c.trump)
    while not p.over:
        me, other = p.hands[p.turn], p.hands[1 - p.turn]
        if not p.trick:
            p.play(solver.best_lead(me, other)[1])
        else:
            led = p.trick[0]
            p.play(solver.best_reply(other | 1 << led, me, led)[1])
    return p.points()


@pytest.mark.parametrize("seed", range(4))
def test_the_last_stock_trick_is_judged_by_its_stage_2_solved(seed):
    """``whist_end_rollout``: after a card of the last stock trick that ends it, the points
    are those of stage 2 played out by the solver's best cards on both sides; after a lead,
    the reply is the one best for its player.  Before the last stock trick the playout is
    the rule-of-thumb one."""
    from kingweb.bots.search import evaluate, whist_end_rollout, whist_rollout, whist_solver

    g = kingweb.new_game("whist", seed=seed)
    bots = [Bot("normal", seed=s) for s in range(2)]
    checked = {"led": 0, "ends": 0, "earlier": 0}
    while len(g.deals) < 2 and not g.over:
        p, seat = g.play, g.turn
        legal = [INDEX[a] for a in g.legal() if not a.startswith("claim:")]
        whist_solver(p.c.trump).deadline = None
        if len(p.stock) == 2 and p.trick:  # my card ends the last stock trick
            for c in legal:
                q = p.copy()
                q.play(c)
                pts = _played_by_the_solver(q.copy())
                assert (
                    whist_end_rollout(q) == pts and evaluate(p, c, seat, whist_end_rollout) == pts[seat] - pts[1 - seat]
                )
                checked["ends"] += 1
        elif len(p.stock) == 2:  # I lead it: the other's best reply in this world
            c = legal[0]
            q = p.copy()
            q.play(c)
            replies = []
            for d in cards_of(q.legal_mask()):
                r = q.copy()
                r.play(d)
                replies.append(_played_by_the_solver(r))
            assert whist_end_rollout(q.copy()) in replies
            assert max(pts[1 - seat] - pts[seat] for pts in replies) == -evaluate(p, c, seat, whist_end_rollout)
            checked["led"] += 1
        elif p.stock and p.trick_no > 8:
            c = legal[0]
            assert evaluate(p, c, seat, whist_end_rollout) == evaluate(p, c, seat, whist_rollout)
            checked["earlier"] += 1
        g.act(bots[seat].decide(g.view(seat)), seat=seat)
    assert checked["ends"] and checked["led"] and checked["earlier"], checked


def test_rank_equivalence_mask():
    live = mask_of(INDEX[c] for c in ["2S", "3S", "5S", "9S", "TS", "AS"])
    h = mask_of(INDEX[c] for c in ["2S", "3S", "9S", "AS"])
    # 2♠ and 3♠ touch; 9♠ and A♠ are separated by the T♠ of the other hand
    assert cards_of(reps_mask(h, live)) == [INDEX["2S"], INDEX["9S"], INDEX["AS"]]


def test_touching_cards_are_one_choice_only_when_alike_in_points():
    """A jack costs points in King's jacks-and-kings deal and the ten below it none: both are
    tried; in the tricks deal every card is alike, so one of the two stands for both."""
    from kingweb.kingcontracts import contract_for

    h = live = mask_of(INDEX[c] for c in ["TS", "JS", "5H"])
    jacks, tricks = contract_for("jacks-kings", {}), contract_for("tricks", {})
    assert cards_of(choices(h, live, alike(jacks))) == [INDEX["5H"], INDEX["TS"], INDEX["JS"]]
    assert cards_of(choices(h, live, alike(tricks))) == [INDEX["5H"], INDEX["TS"]]


# -- the arena: normal beats random with significance, in every game ------------------------------------


# German Whist's margin is wide (normal − random +3.75 ± 0.55 points a deal over 30 boards):
# thirty boards are plenty, and its boards cost the most (the normal bot searches its stock stage)
@pytest.mark.parametrize("gid,deals", [("king", 40), ("kingru", 60), ("whist", 30)])
def test_arena_normal_beats_random(gid, deals):
    kinds = ["normal", "random"] * (1 if gid == "whist" else 2)
    r = run(gid, kinds, deals, seed=1)
    pair = r["pairs"][0]
    assert pair["a"] == "normal" and pair["diff"] > pair["ci95"] > 0, pair
    # each board's points are kept, and they are what the means and the pair are made of
    boards = r["boards"]
    assert len(boards["normal"]) == len(boards["random"]) == deals
    assert statistics.fmean(boards["normal"]) == pytest.approx(r["kinds"]["normal"]["mean"])
    assert statistics.fmean(a - b for a, b in zip(boards["normal"], boards["random"], strict=True)) == pytest.approx(
        pair["diff"]
    )


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_names_the_first_dealer(level):
    g = kingweb.new_game("king", seed=2, options={"king_chooses_dealer": True})
    a = Bot(level, seed=1, samples=4).decide(g.view(g.turn))
    assert a in g.legal() and a.startswith("dealer:")


# -- German Whist inference: a show-out lasts until the next unseen draw -------------------------------


def _whist_show_out(opponent_trumps):
    """Seat 0 leads A♠; seat 1, without spades, discards (and loses, then draws unseen)
    or trumps (and wins, taking the face-up card)."""
    me = ["AS", "KS", "QS", "JS", "TS"] + [r + "C" for r in "23456789"]
    opp = ["TC", "JC", "QC", "KC", "AC"] + [r + "D" for r in "2345678"] + ["3H" if opponent_trumps else "9D"]
    used = set(me) | set(opp)
    rest = [c for c in kingweb.cards.codes_of(FULL_DECK) if c not in used and c != "2H"]
    g = kingweb.scenario("whist", "whist", [me, opp], dealer=1, stock=["2H", *rest])
    g.act("AS")
    g.act("3H" if opponent_trumps else "2D")
    return g


def test_whist_show_out_ends_when_the_opponent_draws_unseen():
    from kingweb.bots.knowledge import Knowledge

    g = _whist_show_out(opponent_trumps=False)
    assert g.turn == 0 and g.view(0)["draws"][0]["hidden"] is None  # seat 1 drew unseen
    know = Knowledge(g.view(0))
    assert not know.voids[1] & SUIT_MASK[3]
    rng = random.Random(1)
    # the unseen draw may have been a spade: some sampled worlds must give seat 1 one
    spades = [know.deal_unseen(rng)[0][1] & SUIT_MASK[3] for _ in range(200)]
    assert any(spades)
    # and at about the true rate: 8 spades among 36 unseen cards, 13 of them in seat 1's
    # hand, give it a spade in 1 − C(28,13)/C(36,13) ≈ 98% of uniform worlds
    assert sum(1 for s in spades if s) > 150


def test_whist_show_out_holds_while_the_opponent_draws_only_face_up():
    from kingweb.bots.knowledge import Knowledge

    g = _whist_show_out(opponent_trumps=True)
    assert g.view(0)["draws"][0]["winner"] == 1
    know = Knowledge(g.view(0))
    assert know.voids[1] & SUIT_MASK[3]
    rng = random.Random(1)
    assert not any(know.deal_unseen(rng)[0][1] & SUIT_MASK[3] for _ in range(200))


def test_normal_plays_whist_endgames_exactly():
    """In stage 2 both hands are known: ``normal`` plays the solver's card (the rules of
    thumb it used to play differ from it in some of these positions)."""
    from kingweb.bots import _position
    from kingweb.bots.knowledge import Knowledge
    from kingweb.bots.search import solve_whist, whist_greedy

    differs = 0
    for seed in range(12):
        rng = random.Random(seed)
        deck = kingweb.cards.codes_of(FULL_DECK)
        rng.shuffle(deck)
        g = kingweb.scenario("whist", "whist", [deck[:6], deck[6:12]], dealer=seed % 2, trump="CDHS"[seed % 4])
        if any(a.startswith("claim:") for a in g.legal()):
            continue  # a sure rest is claimed, not played (tests/engine/test_claim.py)
        know = Knowledge(g.view(g.turn))
        exact = kingweb.cards.code(solve_whist(know))
        assert decide(g, "normal") == exact
        differs += kingweb.cards.code(whist_greedy(_position(know), know.unseen)) != exact
    assert differs


def test_search_values_rate_every_legal_card_and_agree_with_the_card_played():
    """``search_values`` gives every legal card a value, the same numbers the search plays
    by: its best is the card ``hard`` plays; in German Whist's stage 2 the values are exact
    tricks (the solver's), equal within a run of touching cards."""
    from kingweb.bots.knowledge import Knowledge
    from kingweb.bots.search import search_card, search_values

    for gid, seed in (("king", 3), ("kingru", 4), ("whist", 5)):
        g = kingweb.new_game(gid, seed=seed, options={"play_all_tricks": True} if gid == "king" else {})
        while g.view(g.turn)["phase"] != "play" or len(g.legal()) < 3:
            g.act(Bot("normal", seed=1).decide(g.view(g.turn)))
        know = Knowledge(g.view(g.turn))
        legal = [INDEX[c] for c in g.legal()]
        values = search_values(know, legal, random.Random(9), 16, 30)
        assert sorted(values.means) == sorted(legal)
        assert values.best() == search_card(know, legal, random.Random(9), 16, 30)
        assert not values.exact
    rng = random.Random(2)
    deck = kingweb.cards.codes_of(FULL_DECK)
    rng.shuffle(deck)
    g = kingweb.scenario("whist", "whist", [deck[:7], deck[7:14]], dealer=0, trump="S")
    know = Knowledge(g.view(g.turn))
    legal = [INDEX[c] for c in g.legal()]
    values = search_values(know, legal, random.Random(0))
    assert values.exact and sorted(values.means) == sorted(legal)
    s = WhistSolver(3)
    me, opp = know.hand, know.unseen
    assert max(values.means.values()) == s.solve_exact(me, opp)
    for c in legal:  # a card one above another of the hand (all between played) is worth the same
        if c % 13 and (c - 1) in legal:
            assert values.means[c] == values.means[c - 1]
    # playing a card and solving the rest from the other side agrees with the card's value
    for c in legal:
        q = kingweb.from_json(g.to_json())
        q.act(kingweb.cards.code(c))
        other = Knowledge(q.view(q.turn))
        reply = search_values(other, [INDEX[x] for x in q.legal()], random.Random(0))
        assert values.means[c] == len(legal) - max(reply.means.values())


def test_ladder_writes_its_own_section_only(tmp_path):
    from kingweb.bots import ladder

    doc = tmp_path / "BENCHMARKS.md"
    doc.write_text("# Benchmarks\n\n## Engine\n\nfigures\n\n## Bot ladder\n\nold table\n\n## Browser\n\nmore\n")
    r = {
        "rung": "whist-hard",
        "game": "whist",
        "level": "hard",
        "simulations": 1000,
        "bots": ["hard", "ismcts:1000"],
        "boards": 3,
        "seed": 1,
        "budget": 1.0,
        "diff": 0.5,
        "ci95": 0.25,
        "mean": {"hard": 1.0, "ismcts": 0.5},
        "cpu_ms": {"hard": 10.0, "ismcts": 400.0},
        "p95_ms": {"hard": 50.0, "ismcts": 900.0},
        "minutes": 2.0,
        "python": "CPython 3.11",
        "date": "2026-12-01",
    }
    ladder.write({"whist-hard": r}, doc)
    text = doc.read_text()
    assert "old table" not in text and "## Engine\n\nfigures" in text and "## Browser\n\nmore" in text
    assert "| German Whist | `hard` vs 1000 | 1 vs 1 | 3 | **+0.50 ± 0.25** |" in text
    r2 = dict(r, diff=0.1)
    ladder.write({"whist-hard": r2}, doc)
    assert doc.read_text().count("## Bot ladder") == 1 and "(not significant)" in doc.read_text()


def test_ladder_keeps_rungs_another_process_wrote_meanwhile(tmp_path, monkeypatch):
    import argparse
    import json

    from kingweb.bots import ladder

    store = tmp_path / "ladder.json"
    store.write_text("{}")

    def fake_play(rung, boards, seed, budget, out=print, minutes=None, first=0):
        # while this rung plays, another process files its own rung
        other = {"rung": "kingru-hard", "game": "kingru", "level": "hard", "simulations": 1000}
        store.write_text(json.dumps({"kingru-hard": other}))
        return {
            "rung": rung,
            "game": "whist",
            "level": "hard",
            "simulations": 1000,
            "diff": 0.5,
            "ci95": 0.2,
            "minutes": 1.0,
        }

    monkeypatch.setattr(ladder, "play", fake_play)
    monkeypatch.setattr(ladder, "write", lambda results, doc: None)
    monkeypatch.setattr(ladder, "table", lambda results: "")
    args = argparse.Namespace(
        docs=str(tmp_path),
        table_only=False,
        extend=False,
        rungs="whist-hard",
        boards=None,
        seed=1,
        budget=1.0,
        minutes=None,
    )
    ladder.main(args)
    assert set(json.loads(store.read_text())) == {"whist-hard", "kingru-hard"}


def test_a_match_goes_on_from_any_board_of_its_seed():
    from kingweb.bots.arena import run

    kinds = ["easy", "random", "easy", "random"]
    both = run("kingru", kinds, 2, seed=5)["kinds"]["easy"]["mean"]
    first = run("kingru", kinds, 1, seed=5)["kinds"]["easy"]["mean"]
    second = run("kingru", kinds, 1, seed=5, first=1)["kinds"]["easy"]["mean"]
    assert first != second and both == pytest.approx((first + second) / 2)


def test_a_rung_extended_is_the_rung_played_in_one_run():
    import random

    from kingweb.bots.arena import ci95
    from kingweb.bots.ladder import merge

    rng = random.Random(3)
    diffs = [rng.gauss(0.4, 1.5) for _ in range(70)]

    def rung(xs):
        m, h = ci95(xs)
        side = {"hard": m, "ismcts": 0.0}
        return {
            "rung": "whist-hard",
            "seed": 1,
            "boards": len(xs),
            "diff": m,
            "ci95": h,
            "mean": side,
            "cpu_ms": side,
            "p95_ms": side,
            "budget": 1.0,
            "minutes": 1.0,
        }

    whole, merged = rung(diffs), merge(rung(diffs[:25]), rung(diffs[25:]))
    assert merged["boards"] == 70 and merged["minutes"] == 2.0
    assert merged["diff"] == pytest.approx(whole["diff"]) and merged["ci95"] == pytest.approx(whole["ci95"])
    with pytest.raises(ValueError, match="cannot merge"):
        merge(rung(diffs), dict(rung(diffs), seed=2))


def test_expert_is_a_deeper_hard_not_yet_offered_to_the_page():
    from kingweb.bots import EXPERT, LEVELS
    from kingweb.session import info

    assert "expert" not in LEVELS and "expert" not in info()["levels"]
    bot = Bot("expert", seed=2, samples=6)
    assert bot.searches and bot.budget == pytest.approx(EXPERT * Bot("hard").budget)
    g = kingweb.new_game("kingru", seed=4)
    while not g.deals:
        a = bot.decide(g.view(g.turn))
        assert a in g.legal()
        g.act(a)
