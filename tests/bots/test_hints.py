"""Hints never lie: over thousands of random positions of each game, every hint's reason
states only what is true, checked from the whole game rather than from the code that
chose it.

Each position's hint is checked three ways:

- it is the ``normal`` bot's own choice (so its reason is the bot's why, not a reading
  made after the fact), and its reason is never the plain fallback;
- its code's check (``hints.CODES``) holds on facts this file builds from the game
  itself: the cards still out are the other hands and the stock as they are, the suits a
  seat has shown out of are read from the public tricks;
- what the words say of the trick's outcome ("takes this trick for sure", "cannot take
  this trick", "someone else takes this trick") holds for every way the seats still to
  play can follow from the hands they really hold, and German Whist's endgame figures
  match an exact search written here.
"""

from collections import Counter
from functools import cache

import pytest

import kingweb
from kingweb import cards
from kingweb.agreement import positions
from kingweb.bots import Bot
from kingweb.bots.hints import CODES, HINT_REASONS, BidFacts, Facts, considered, hint
from kingweb.cards import INDEX, SUIT_MASK, mask_of
from kingweb.play import beats

#: Random positions of each game (``kingweb.agreement.positions``)
POSITIONS = {"king": 2500, "kingru": 2500, "whist": 1000}


# -- the facts, from the whole game -------------------------------------------------------------


def shown_out(view, contract):
    """Per seat, the suits (as masks) it has shown out of in this deal's public tricks: a
    card off the suit led, or a heart led while the hearts lead is banned (only hearts left)."""
    n = view["players"]
    voids = [0] * n
    tricks = [[((t["leader"] + i) % n, INDEX[c]) for i, c in enumerate(t["cards"])] for t in view["tricks"]]
    tricks.append([(x["seat"], INDEX[x["card"]]) for x in view["trick"]])
    for t in tricks:
        if not t:
            continue
        led = t[0][1] // 13
        if contract.ban_hearts_lead and led == cards.HEARTS:
            voids[t[0][0]] |= SUIT_MASK[0] | SUIT_MASK[1] | SUIT_MASK[3]
        for s, c in t:
            if c // 13 != led:
                voids[s] |= SUIT_MASK[led]
    return voids


def facts_of_game(g, seat, values=None):
    p = g.play
    view = g.view(seat)
    out = 0
    for s, h in enumerate(p.hands):
        if s != seat:
            out |= h
    faceup = None
    if g.id == "whist":
        out |= mask_of(p.stock)
        faceup = p.stock[0] if p.stock else None
    return Facts(
        game=g.id,
        contract=p.c,
        seat=seat,
        n=p.n,
        hand=p.hands[seat],
        legal=p.legal_mask(),
        trick=tuple(((p.leader + i) % p.n, c) for i, c in enumerate(p.trick)),
        out=out,
        voids=tuple(shown_out(view, p.c)),
        trick_no=p.trick_no,
        tricks=p.last_trick + 1,
        faceup=faceup,
        values=values,
    )


# -- what the seats still to play can do ----------------------------------------------------------


def outcomes(g, card):
    """The seats that may take this trick after ``card``, over every way the seats still
    to play can follow from the hands they hold."""
    p = g.play.copy()
    t = p.trick_no
    p.play(card)
    winners = set()

    def go(q):
        if q.trick_no > t or q.over:
            winners.add(q.winners[t])
            return
        for c in cards.cards_of(q.legal_mask()):
            r = q.copy()
            r.play(c)
            go(r)

    go(p)
    return winners


TAKES = {"win-anyway", "win-free", "win-sure", "win-cheap", "lead-winner", "lead-alone", "take-faceup"}
TAKES |= {"take-free", "kh-take", "kh-lead-winner"}
LOSES = {"duck", "cannot-win", "cannot-win-trumps", "discard-penalty", "discard-boss", "discard-high", "lead-under"}
LOSES |= {"let-go", "stay-under", "kh-dodge", "kh-dodge-out", "kh-lead-under", "stock-give-up", "stock-keep-trumps"}
LOSES |= {"hold-up", "spare"}


@cache
def _endgame_value(me, opp, trump, lead):
    """Exact minimax on tricks for the player holding ``me``."""
    if not me:
        return 0
    if lead:
        return max(_after_lead(me, opp, trump, c) for c in cards.cards_of(me))
    return -1  # pragma: no cover - the values below are asked of the leader only


@cache
def _after_lead(me, opp, trump, c):
    """My tricks after I lead ``c``, the other side replying its best."""
    follow = opp & SUIT_MASK[c // 13] or opp
    results = []
    for d in cards.cards_of(follow):
        mine = not beats(d, c, trump)
        rest_me, rest_opp = me & ~(1 << c), opp & ~(1 << d)
        if mine:
            results.append(1 + _endgame_value(rest_me, rest_opp, trump, True))
        else:
            results.append(rest_me.bit_count() - _endgame_value(rest_opp, rest_me, trump, True))
    return min(results)


def _after_reply(me, opp, trump, led, d):
    """My tricks after I answer the other's lead ``led`` with ``d``."""
    mine = beats(d, led, trump)
    rest_me, rest_opp = me & ~(1 << d), opp & ~(1 << led)
    if mine:
        return 1 + _endgame_value(rest_me, rest_opp, trump, True)
    return rest_me.bit_count() - _endgame_value(rest_opp, rest_me, trump, True)


def exact_tricks(g, seat, card):
    """The tricks ``seat`` still takes after playing ``card`` in German Whist's stage 2."""
    p = g.play
    me, opp = p.hands[seat], p.hands[1 - seat]
    if p.trick:
        return _after_reply(me, opp, p.c.trump, p.trick[0], card)
    return _after_lead(me, opp, p.c.trump, card)


# -- the test ---------------------------------------------------------------------------------------


def check_position(g, seen, h=None, values=None):
    """The hint ``h`` (by default the one asked here) holds of the whole game; a card's
    hint with ``values`` is the card the review finds best (``analysis.best_card``)."""
    seat = g.turn
    view = g.view(seat)
    if h is None:
        h, values = considered(view)
    code, params, action = h["reason"], h["params"], h["action"]
    seen[code] += 1
    assert code != "suggest", (view["game"], view["legal"], h)
    assert action in view["legal"]
    assert h["text"] and HINT_REASONS[code]
    if action.startswith("claim:"):  # the claim holds: played out, the rest goes as it says
        assert code == "claim-" + action[6:] and action == Bot("normal").decide(view)
        k, first = kingweb.from_json(g.to_json()), len(g.play.winners) - g.play.winners.count(None)
        k.act(action)
        takers = {t["winner"] for t in k.deals[-1]["tricks"][first:]}
        assert takers == ({seat} if action == "claim:all" else {1 - seat}), (h, takers)
        return
    if view.get("phase", "play") != "play":
        est = Bot("normal").estimates(view)
        assert CODES[code].holds(BidFacts(view, est), action, params), h
        assert action == Bot("normal").decide(view)
        return
    c = INDEX[action]
    stage2 = g.id == "whist" and view["stage"] == 2
    if stage2 and len(view["legal"]) > 1:
        # the figures quoted are the exact tricks, by a search written here
        if g.play.hands[seat].bit_count() <= 7:
            assert params["tricks"] == exact_tricks(g, seat, c), h
            if "other" in params:
                assert params["other_tricks"] == exact_tricks(g, seat, INDEX[params["other"]]), h
                assert all(exact_tricks(g, seat, x) <= params["tricks"] for x in cards.cards_of(g.play.legal_mask()))
    elif values is not None:  # the card the review's analysis finds best
        from kingweb.analysis import best_card

        assert action == best_card(view)[0], h
    f = facts_of_game(g, seat, values)
    assert CODES[code].holds(f, action, params), (view["game"], view["contract"], h, view["hand"], view["trick"])
    if g.id != "whist" or not stage2:
        if code in TAKES or code in LOSES:
            win = outcomes(g, c)
            if code in TAKES:
                assert win == {seat}, (h, win)
            else:
                assert seat not in win, (h, win)
        if code == "win-anyway":
            assert all(outcomes(g, x) == {seat} for x in cards.cards_of(g.play.legal_mask()))
        if code in ("lead-low", "lead-under", "kh-lead-under"):
            suit = SUIT_MASK[c // 13]
            others = 0
            for s, hand in enumerate(g.play.hands):
                if s != seat:
                    others |= hand & suit
            below = others & ((1 << c) - 1)
            assert (others & ~below).bit_count() == params.get("above", (others & ~below).bit_count())
            assert below.bit_count() == params.get("below", 0)
        if code in ("kh-take", "kh-lead-winner"):  # the K♥ is out, in a hand or on the trick
            assert any(INDEX["KH"] in cards.cards_of(hand) for s, hand in enumerate(g.play.hands) if s != seat) or (
                INDEX["KH"] in g.play.trick
            )


#: Of the positions, every this many a hint is asked in full (the review's analysis of the
#: position: the slow part); in the others, the reason a hint would give for each legal card
FULL_EVERY = 50


@pytest.mark.parametrize("game", list(POSITIONS))
def test_no_hint_states_what_is_false(game):
    from kingweb.bots.hints import card_hint

    seen = Counter()
    for i, g in enumerate(positions(game, POSITIONS[game], seed=17)):
        view = g.view(g.turn)
        claims = any(a.startswith("claim:") for a in view["legal"])
        plain = view.get("phase", "play") == "play" and len(view["legal"]) > 1 and not claims
        if i % FULL_EVERY == 0 or not plain or (game == "whist" and view["stage"] == 2):
            check_position(g, seen)
            continue
        for a in view["legal"]:  # whichever card the analysis finds best, its reason holds
            h = card_hint(view, a)
            if h["reason"] != "suggest":
                check_position(g, seen, h)
    # the positions reach the game's reasons, not only the easy ones
    wanted = {
        "king": {"duck", "discard-penalty", "lead-low", "lead-under", "win-sure", "cannot-win", "lead-long", "offer"}
        | {"stay-under", "take-free", "win-keep", "hold-up", "lead-keep", "lead-short", "lead-trump", "lead-boss"}
        | {"shed-high"},
        "kingru": {"duck", "discard-penalty", "lead-low", "win-cheap", "shed-early", "lead-winner", "kh-dodge-out"},
        "whist": {"endgame-best", "endgame-any", "stock-win", "stock-shed", "stock-give-up", "stock-keep-trumps"},
    }[game]
    assert wanted <= set(seen), (wanted - set(seen), seen)


def test_the_hint_of_the_play_test_says_what_the_bot_does():
    """The issue's case: A K 8 7 6 5♣ second to play after the 2♣ in Hearts: every club
    beats the 2♣, and the bot plays its lowest hoping a higher club still out goes over."""
    hands = [
        ["2C", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
        ["AC", "KC", "8C", "7C", "6C", "5C", "2H", "3H", "4H", "2S", "3S", "4S", "5S"],
        ["3C", "4C", "9C", "TC", "JC", "QC", "5H", "6H", "7H", "8H", "6S", "7S", "8S"],
        ["9H", "TH", "JH", "QH", "KH", "AH", "9S", "TS", "JS", "QS", "KS", "AS", "2D"],
    ]
    g = kingweb.scenario("king", "hearts", hands, leader=0)
    g.act("2C")
    h = hint(g)
    assert (h["action"], h["reason"]) == ("5C", "play-low")
    assert h["text"] == "all your clubs beat 2♣: play your lowest, 5♣, as a higher one still out may take the trick"


def test_a_wrong_lesson_answer_says_what_it_costs_and_why_the_answer_is_better():
    """Every legal wrong answer of every lesson: its cost is a fact of the trick (or a
    figure of the estimates, for a bid), never the plain fallback, and the better play
    named is one of the lesson's answers, with a reason whose facts hold."""
    from kingweb.lessons import LESSONS, check

    given = set()
    for lid, lesson in LESSONS.items():
        g = lesson.position()
        for a in g.legal():
            if a in lesson.answers:
                assert check(lid, a) == (None, None, None)
                continue
            refusal, better, cost = check(lid, a)
            assert refusal is None and better["action"] in lesson.answers, (lid, a, better)
            assert cost["action"] == a and cost["reason"] not in ("worse", "suggest"), (lid, a, cost)
            assert better["reason"] != "suggest", (lid, better)
            given |= {better["reason"], cost["reason"]}
    assert {"worse-takes", "worse-loses", "worse-keeps", "worse-gives-faceup", "worse-spends"} <= given
    assert {"worse-endgame", "worse-raise", "worse-bid", "stock-win", "stock-give-up"} <= given


def test_a_right_lesson_answer_says_why_it_is_right():
    """Every answer of every lesson has its own reason, whose facts hold in the lesson's
    position, never the bots' plain "what the bots would play"; a lesson of the rule (any
    card of the suit led is right) names the rule."""
    from kingweb.lessons import LESSONS, why

    given = set()
    for lid, lesson in LESSONS.items():
        g = lesson.position()
        view = g.view(lesson.seat)
        for a in lesson.answers:
            h = why(lid, a)
            assert h["action"] == a and h["reason"] != "suggest", (lid, a, h)
            # (a bid's reasons are the bots' own; the endgame's hold by the search's exact tricks)
            if view.get("phase", "play") == "play" and not h["reason"].startswith("endgame-"):
                assert CODES[h["reason"]].holds(Facts.of_view(view), a, h["params"]), (lid, h)
            given.add(h["reason"])
            if set(g.legal()) <= set(lesson.answers) and len(g.legal()) > 1:
                assert h["reason"] == "follows-suit", (lid, a, h)
    assert {"follows-suit", "duck", "forced", "stock-win", "endgame-best", "match", "4333"} <= given


@pytest.mark.parametrize("game", list(POSITIONS))
def test_reasons_and_costs_of_any_card_hold(game):
    """A lesson asks the reason of a card the bots need not have chosen, and what another
    card costs against it: over random positions, for every legal card, what those say
    holds of the whole game too."""
    from kingweb.bots.hints import fact_cost, reason_for

    seen = Counter()
    for g in positions(game, 300, seed=5):
        seat = g.turn
        view = g.view(seat)
        if view.get("phase", "play") != "play" or (g.id == "whist" and view["stage"] == 2):
            continue  # bids: only the bots' own reasons; the endgame's exact figures: above
        f = facts_of_game(g, seat)
        legal = cards.cards_of(g.play.legal_mask())
        for c in legal:
            h = reason_for(view, cards.code(c))
            if h is None:
                continue
            seen[h["reason"]] += 1
            assert CODES[h["reason"]].holds(f, h["action"], h["params"]), h
            win = outcomes(g, c)
            if h["reason"] in TAKES:
                assert win == {seat}, (h, win)
            elif h["reason"] in LOSES:
                assert seat not in win, (h, win)
            for x in legal:
                found = fact_cost(f, x, c) if x != c else None
                if found is None:
                    continue
                code, params = found
                seen[code] += 1
                assert CODES[code].holds(f, cards.code(x), params), (code, params)
                if code in ("worse-takes", "worse-gives-faceup"):
                    assert outcomes(g, x) == ({seat} if code == "worse-takes" else {1 - seat}), (code, params)
    wanted = {"whist": {"take-faceup", "lose-cheap", "worse-gives-faceup"}, "king": {"worse-takes", "worse-keeps"}}
    assert wanted.get(game, {"worse-takes", "worse-loses"}) <= set(seen), seen
