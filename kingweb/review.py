"""The review of a recorded deal: every step with every hand, and an analysis of each
decision from the deciding seat's own view at that moment.

Stateless, JSON in and out, one decision per call, so that a browser worker can show
progress and stop between calls (``handle``).  ``docs/RECORDS.md`` states how a decision
is valued, which verdicts are exact, and the marks' thresholds:

- a card in King or Кинг: over ``WORLDS[game]`` deals of the unseen cards consistent
  with everything the seat has seen (the hard bot's sampling, on more worlds, every card
  on the same worlds), each played out by the bots' policy and, from three tricks before
  the end, solved by max-n; in the last three tricks, when the seat's unknowns leave at
  most ``EXACT_DEALS`` deals, every one of them is solved: the verdict is exact;
- a card of German Whist's stage 2: exact (both hands are known; the endgame solver);
  of stage 1: sampled, with the hard bot's own evaluation;
- a bid, the owner's choice or a trump: over ``BID_WORLDS`` deals of the unseen cards,
  each action followed by the normal bots' bidding and the policy's play.

``judge(game, action)`` is the same analysis for any position of a game.

>>> import kingweb, random
>>> from kingweb import record, review
>>> g = kingweb.new_game("whist", seed=2, options={"target": 1})
>>> while not g.over:
...     g.act(g.legal()[-1])
>>> rec = record.of_game(g)
>>> steps = review.review(rec, 0)["steps"]
>>> a = review.analyse(rec, 0, 40)
>>> (a["exact"], a["mark"] in review.MARKS)
(True, True)
"""

import itertools
import json
import math
import random
import statistics
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import Any, cast

from . import RulesError, handler
from .bots import bidding
from .bots.endgame import TrickSolver
from .bots.knowledge import Knowledge, card_values
from .bots.policy import rollout
from .bots.search import evaluate, whist_rollout, whist_values
from .cards import INDEX, KH, cards_of, code, codes_of
from .claim import cards_only
from .errors import describe
from .game import Game
from .games import GAMES
from .king import offer_terms, settle
from .play import Play, beats
from .record import MARKS, Loaded, load, parse
from .trickgame import TrickGame
from .views import (
    Analysis,
    Costly,
    DealTally,
    KingView,
    Mark,
    Review,
    ReviewStep,
    Summary,
    Tally,
    Trick,
    View,
    WhistView,
    seat_of,
)

#: Worlds a card is valued over, per game (``GameFacts.review_worlds``): more than the hard bot
#: plays with (``GameFacts.hard_samples``, and fewer when its time runs out), each card on all
WORLDS = {gid: f.review_worlds for gid, f in GAMES.items()}
#: Worlds a bid, an owner's choice or a trump is valued over (the hard bot bids on 12)
BID_WORLDS = 120
#: The last tricks of King and Кинг are solved in every world (max-n) ...
EXACT_TRICKS = 3
#: ... and over every deal of the unseen cards when there are at most this many
EXACT_DEALS = 600
#: Loss (expected points given up) from which a decision is marked inaccuracy, mistake,
#: blunder, per game (``GameFacts.review_thresholds``); below the first it is good
THRESHOLDS = {gid: f.review_thresholds for gid, f in GAMES.items()}
#: Racing, as the hard bot: after a quarter of the worlds only the best cards (and the card
#: played) are valued on
RACE_AT, RACE_KEEP = 4, 3
#: A sampled loss counts only beyond this many standard errors of the difference between
#: the two choices over the same worlds: below, the analysis cannot tell them apart
MARGIN_SE = 2.0

#: Reason code → English template (the page translates ``rev_<code>`` with the params:
#: ``action`` and ``best`` as actions, a card as its code; ``loss``, ``points`` numbers).
REASONS = {
    "forced": "{action} was the only choice",
    "best": "{action} is the best choice the analysis found",
    "close": "{best} is rated {loss} points better, too little to mark",
    "within-margin": "{best} is rated {loss} points better, within the analysis's margin of error",
    "takes-points": "{action} takes this trick, which costs {points} points; {best} lets it go",
    "gives-trick": "{action} lets this trick go; {best} takes it",
    "tricks-lost": "{action} gives up {tricks} trick(s) that {best} keeps, both sides playing their best",
    "solved": "solved over all {worlds} possible deals of the unseen cards, {best} averages {loss} points more",
    "sampled": "over {worlds} deals of the unseen cards, {best} averages {loss} points more",
}


# -- the steps of a deal ------------------------------------------------------------------------------


def review(record: object, deal: int) -> Review:
    """Deal ``deal`` of ``record`` (a record as JSON data, or its text) step by step,
    every hand open: ``steps[i]`` is the position before action ``i`` (and one more, the
    deal's end), with who acted, what was legal and what was done."""
    loaded = _loaded(record)
    k = _deal_index(loaded, deal)
    d = loaded.record["deals"][k]
    g = loaded.position(k, 0)
    steps = []
    for i, action in enumerate(d["actions"]):
        steps.append(_step(g, i, action))
        g.act(action)
    steps.append(_end_step(loaded, k, g))
    head = {key: value for key, value in d.items() if key not in ("actions", "marks")}
    rec = loaded.record
    return cast(
        Review,
        {"game": rec["game"], "options": rec["options"], "names": rec.get("names"), "deal": k, **head, "steps": steps},
    )


def _step(g: Game, i: int, action: str | None) -> ReviewStep:
    seat = g.turn
    assert seat is not None
    v = cast(dict[str, Any], g.view(seat))
    out: ReviewStep = {
        "step": i,
        "seat": seat,
        "phase": v.get("phase", "play"),
        "action": action,
        "legal": cards_only(v["legal"]),
        "decision": len(cards_only(v["legal"])) > 1,
        "hands": [g.hand(s) for s in range(g.players)],
        "trick": v["trick"],
        "last_trick": _last_trick(v),
        "taken": v["taken"],
        "deal_points": v["deal_points"],
        "contract": v["contract"],
        "trump": v["trump"],
    }
    facts = GAMES[g.id]
    if facts.stock:
        out["stage"] = v["stage"]
        out["faceup"] = v["faceup"]
        out["stock"] = [code(c) for c in cast(Any, g).play.stock]
    if facts.offers:  # a game whose positives are bid: the spoken actions
        out["log"] = v["log"]
    return out


def _last_trick(v: dict[str, Any]) -> Trick | None:
    tricks = v.get("tricks") or []
    return tricks[-1] if tricks else None


def _end_step(loaded: Loaded, k: int, g: Game) -> ReviewStep:
    """The position once deal ``k``'s actions are done: the deal's record if it is over."""
    d = loaded.record["deals"][k]
    n = len(d["actions"])
    if "points" not in d:  # a record of a deal under way: its last position
        return _step(g, n, None)
    done = g.deals[k]  # (a one-deal record's game is that deal: k is 0)
    played = {c for t in done["tricks"] for c in t["cards"]}
    stock = cast(dict[str, Any], done).get("stock", [])
    hands = [[c for c in h if c not in played] for h in done["hands"]]
    out: ReviewStep = {
        "step": n,
        "seat": None,
        "phase": "over",
        "action": None,
        "legal": [],
        "decision": False,
        "hands": hands,
        "trick": [],
        "last_trick": done["tricks"][-1] if done["tricks"] else None,
        "taken": done["taken"],
        "deal_points": done["points"],
        "contract": done["contract"],
        "trump": _trump_of(done),
    }
    facts = GAMES[loaded.record["game"]]
    if facts.stock:
        out["stage"], out["faceup"], out["stock"] = 2, None, [c for c in stock if c not in played]
    if facts.offers:
        out["log"] = cast(dict[str, Any], done).get("log", [])
    return out


def _trump_of(done: Any) -> str | None:
    if "trump" in done:  # German Whist's deal names it
        return cast(str, done["trump"])
    contract = done["contract"]
    if contract.startswith("up:") and contract != "up:NT":  # a King positive played up
        return cast(str, contract[3])
    return None


# -- the analysis of one decision ---------------------------------------------------------------------


def analyse(record: object, deal: int, step: int, worlds: int | None = None) -> Analysis:
    """The analysis of action ``step`` of deal ``deal``, from the acting seat's own view
    at that moment: every legal action's expected points, the best, the loss, the mark
    and its reason (see the module's docstring)."""
    loaded = _loaded(record)
    k = _deal_index(loaded, deal)
    d = loaded.record["deals"][k]
    if not (type(step) is int and 0 <= step < len(d["actions"])):
        raise RulesError(
            "bad-request",
            f"step: {describe(step)} is not an action of deal {k} (0..{len(d['actions']) - 1})",
            field="step",
        )
    if worlds is not None and not (type(worlds) is int and 1 <= worlds <= 5000):
        raise RulesError(
            "bad-request", f"worlds: {describe(worlds)} is not a number of worlds, 1 to 5000", field="worlds"
        )
    g = loaded.position(k, step)
    return {"deal": k, "step": step, **judge(g, d["actions"][step], worlds, f"{loaded.key}:{k}:{step}")}


def judge(g: Game, action: str, worlds: int | None = None, salt: str = "") -> Analysis:
    """The analysis of ``action`` by the seat to act in ``g`` (any position of a deal),
    from that seat's own view; its worlds are drawn from a generator seeded by ``salt``
    (a record's analyses: its key, the deal and the step), so a verdict never changes."""
    seat = g.turn
    if seat is None:
        raise RulesError("bad-request", "position: nobody is to act", field="position")
    view = g.view(seat)
    legal = cards_only(view["legal"])  # a claim is not judged: it changes no score
    if action not in legal:
        raise RulesError("bad-request", f"action: {describe(action)} is not legal here", field="action")
    phase = cast(dict[str, Any], view).get("phase", "play")
    rng = random.Random(f"kingweb-review:{salt}:{worlds}")
    head: dict[str, Any] = {
        "seat": seat,
        "phase": phase,
        "kind": "card" if phase == "play" else "bid",
        "action": action,
        "legal": legal,
    }
    if len(legal) == 1:
        found = _Found({action: 0.0}, exact=True, worlds=0, method="forced")
    elif phase != "play":
        found = _bid_values(g, cast(KingView, view), worlds or BID_WORLDS, rng)
    else:
        found = _card_values(view, action, worlds, rng)
    return _verdict(head, found, g.id, view)


class _Found:
    """The values of a decision's actions, and per world when sampled (for the margin)."""

    def __init__(
        self,
        means: dict[str, float],
        exact: bool,
        worlds: int,
        method: str,
        samples: dict[str, list[float]] | None = None,
        unit_tricks: dict[str, int] | None = None,
        full: set[str] | None = None,
    ) -> None:
        self.means, self.exact, self.worlds, self.method = means, exact, worlds, method
        self.samples = samples or {}
        self.tricks = unit_tricks  # German Whist's stage 2: each card's exact tricks
        #: the actions valued on every world (racing drops the others early)
        self.full = set(means) if full is None else full


def _card_values(view: View, action: str, worlds: int | None, rng: random.Random) -> _Found:
    know = Knowledge(view)
    facts = GAMES[view["game"]]
    legal = [INDEX[c] for c in cards_only(view["legal"])]
    if facts.stock and cast(WhistView, view)["stage"] == 2:
        return _whist_exact(know, legal)
    _exclude(know)
    runs = _runs(know, legal)
    cands = sorted(set(runs.values()))
    played = runs[INDEX[action]]
    left = cast(dict[str, Any], view).get("tricks_per_hand", 13) - view["trick_no"]
    outcome = _outcome_fn(know)
    if not facts.stock and left <= EXACT_TRICKS:
        deals = _every_deal(know, EXACT_DEALS)
        if deals is not None:
            return _spread(_over(know, cands, deals, outcome, None), runs)
    picks = [know.deal_unseen(rng) for _ in range(worlds or facts.review_worlds)]
    return _spread(_over(know, cands, picks, outcome, played), runs)


Outcome = Callable[[Play, int], float]


def _outcome_fn(know: Knowledge) -> Outcome:
    """How a world is valued for the seat once it has played ``c``: German Whist as the
    hard bot does (``evaluate``: its rollouts, my points minus the other's); King and
    Кинг played out by the bots' policy until three tricks or fewer are left (the one
    under way counting), then solved by max-n (``TrickSolver``, remembering trick starts
    across the worlds); a bought King positive settled (the buyer pays the owner) before
    the seat's points are read."""
    seat = know.seat
    if GAMES[know.game].stock:
        return lambda world, c: float(evaluate(world, c, seat, whist_rollout))
    assert know.contract is not None  # a card is played
    pay = _settlement(cast(dict[str, Any], know.view))
    solver = TrickSolver(know.contract, pay)

    def outcome(world: Play, c: int) -> float:
        q = world.copy()
        q.play(c)
        if not q.over and q.last_trick + 1 - q.trick_no <= EXACT_TRICKS:
            return float(solver.points(q)[seat])
        raw = rollout(q)
        return float((pay(raw) if pay is not None else raw)[seat])

    return outcome


def _settlement(view: dict[str, Any]) -> Callable[[list[int]], list[int]] | None:
    """A bought King positive's payment, as a function of the deal's points."""
    if view.get("buyer") is None:  # (only a King positive has a buyer)
        return None
    owner, buyer, bought = view["owner"], view["buyer"], view["bought"]
    terms = offer_terms(bought)
    assert terms is not None
    uncapped = view["options"]["uncapped_payment"]
    return lambda raw: settle(raw, owner, buyer, terms[2], uncapped)[0]


def _over(
    know: Knowledge,
    cands: list[int],
    deals: list[tuple[list[int], list[int]]],
    outcome: Outcome,
    played: int | None,
) -> _Found:
    """Each candidate card valued on ``deals``, every one of them (``played`` None: the
    exact verdict), or sampled worlds, racing as the hard bot does: after a quarter of
    them only the ``RACE_KEEP`` best cards and the card ``played`` go on, so that the two
    cards a verdict compares are valued on every world."""
    samples: dict[int, list[float]] = {c: [] for c in cands}
    active = cands
    for i, (hands, rest) in enumerate(deals):
        if played is not None and i == len(deals) // RACE_AT and len(active) > RACE_KEEP + 1:
            ranked = sorted(active, key=lambda c: (-statistics.fmean(samples[c]), c))
            active = sorted({*ranked[:RACE_KEEP], played})
        world = know.world_of(hands, rest)
        for c in active:
            samples[c].append(outcome(world, c))
    most = len(deals)
    means = {code(c): statistics.fmean(xs) for c, xs in samples.items()}
    full = {code(c) for c, xs in samples.items() if len(xs) == most}
    if played is None:
        return _Found(means, True, most, "solved", full=full)
    return _Found(means, False, most, "sampled", {code(c): xs for c, xs in samples.items()}, full=full)


def _every_deal(know: Knowledge, limit: int) -> list[tuple[list[int], list[int]]] | None:
    """Every deal of the unseen cards to the other seats consistent with the seat's
    knowledge (counts, voids and what the rules say of their plays), or None if there
    are more than ``limit``."""
    others = [s for s in range(know.n) if s != know.seat]
    need = [know.counts[s] - know.known[s].bit_count() for s in others]
    out: list[tuple[list[int], list[int]]] = []

    def deal(i: int, pool: int, hands: list[int]) -> Iterator[list[int]]:
        s = others[i]
        if i == len(others) - 1:
            if pool.bit_count() == need[i] and not pool & know.voids[s]:
                yield [*hands, pool]
            return
        allowed = pool & ~know.voids[s]
        for combo in itertools.combinations(cards_of(allowed), need[i]):
            m = 0
            for c in combo:
                m |= 1 << c
            yield from deal(i + 1, pool & ~m, [*hands, m])

    for found in deal(0, know.unseen, []):
        if len(out) == limit:
            return None
        hands = [0] * know.n
        hands[know.seat] = know.hand
        for s, m in zip(others, found, strict=True):
            hands[s] = m | know.known[s]
        out.append((hands, []))
    return out


def _exclude(know: Knowledge) -> None:
    """Add to ``know.voids`` the cards each other seat cannot hold by the rules of its
    plays so far (beyond showing out: the hearts lead ban, the K♥ obligations), checked
    play by play: a card it held would have made that play illegal."""
    con = know.contract
    if GAMES[know.game].stock or con is None or not (con.ban_hearts_lead or con.kh_rule or con.kh_on_lead):
        return
    view = know.view
    n = know.n
    seqs = [[((t["leader"] + i) % n, INDEX[c]) for i, c in enumerate(t["cards"])] for t in view["tricks"]]
    seqs.append([(x["seat"], INDEX[x["card"]]) for x in view["trick"]])
    later = [0] * n  # per seat, the cards it played after the play being checked
    per = cast(dict[str, Any], view).get("tricks_per_hand", 13)
    for seq in reversed(seqs):
        for pos in range(len(seq) - 1, -1, -1):
            s, x = seq[pos]
            if s != know.seat:
                for u in cards_of(know.unseen & ~know.voids[s]):
                    if not _could_play(con, seq[:pos], s, x, later[s] | 1 << u, n, per):
                        know.voids[s] |= 1 << u
            later[s] |= 1 << x


def _could_play(con: Any, before: list[tuple[int, int]], s: int, x: int, also: int, n: int, per: int) -> bool:
    """Whether seat ``s`` could play ``x`` after ``before`` in the trick while holding
    ``x`` and ``also``."""
    p = Play(con, [0] * n, before[0][0] if before else s, per)
    for seat, c in before:
        p.hands[seat] |= 1 << c
        p.play(c)
    p.hands[s] = also | 1 << x
    return bool(p.legal_mask() >> x & 1)


def _runs(know: Knowledge, legal: list[int]) -> dict[int, int]:
    """Each legal card → the card that stands for its run: cards of one suit touching
    in rank among the cards still live, worth the same points and free of the K♥'s rules,
    are one choice (the lowest is valued, the others take its value)."""
    live = know.deck & ~know.played | _mask_of(c for _, c in know.trick)
    con = know.contract
    assert con is not None
    vals, _ = card_values(con)
    kh_rules = bool(con.kh_rule or con.kh_on_lead)
    legal_mask = _mask_of(legal)
    out: dict[int, int] = {}
    for c in sorted(legal):
        rep = c
        below = c - 1
        while below >= 0 and below // 13 == c // 13:
            if legal_mask >> below & 1:
                if vals[below] == vals[c] and not (kh_rules and KH in (below, c)):
                    rep = out[below]
                break
            if live >> below & 1:
                break
            below -= 1
        out[c] = rep
    return out


def _mask_of(cs: Any) -> int:
    m = 0
    for c in cs:
        m |= 1 << c
    return m


def _spread(found: _Found, runs: dict[int, int]) -> _Found:
    """``found`` for every legal card: a card takes its run's value."""
    means = {code(c): found.means[code(r)] for c, r in runs.items()}
    samples = {code(c): found.samples[code(r)] for c, r in runs.items()} if found.samples else None
    full = {code(c) for c, r in runs.items() if code(r) in found.full}
    return _Found(means, found.exact, found.worlds, found.method, samples, full=full)


def _whist_exact(know: Knowledge, legal: list[int]) -> _Found:
    """German Whist's stage 2, solved: each card's points (mine minus the other's), from
    the exact tricks it leads to."""
    values = whist_values(know, legal)
    view = cast(WhistView, know.view)
    taken = view["taken"][know.seat]
    tricks = {code(c): taken + int(v) for c, v in values.means.items()}
    means = {a: float(_whist_points(t)) for a, t in tricks.items()}
    return _Found(means, exact=True, worlds=1, method="solved", unit_tricks=tricks)


def _whist_points(tricks: int) -> int:
    """My points minus the other's when I take ``tricks`` of stage 2's 13."""

    def pts(t: int) -> int:
        return t - 6 if t >= 7 else 0

    return pts(tricks) - pts(13 - tricks)


# -- bids -------------------------------------------------------------------------------------------------


def _bid_values(g: Game, view: KingView, worlds: int, rng: random.Random) -> _Found:
    """Each legal bidding action valued over ``worlds`` deals of the unseen cards: the
    action, then the rest of the positive as the ``normal`` bots bid it and the bots'
    policy plays it, settled (payment, 4-3-3-3)."""
    know = Knowledge(view)
    seat = seat_of(view)
    legal = view["legal"]
    spoken = [e["action"] for e in view["log"]]
    owner = view["owner"]
    assert owner is not None
    samples: dict[str, list[float]] = {a: [] for a in legal}
    for _ in range(worlds):
        hands, _rest = know.deal_unseen(rng)
        codes = [codes_of(h) for h in hands]
        estimates: dict[int, bidding.Estimates] = {}  # a seat's hand, read once a world
        for a in legal:
            sim = _positive(g.id, codes, g.options, owner, spoken)
            sim.act(a)
            samples[a].append(float(_finish(sim, estimates)[seat]))
    means = {a: statistics.fmean(xs) for a, xs in samples.items()}
    return _Found(means, exact=False, worlds=worlds, method="simulated", samples=samples)


def _positive(gid: str, hands: list[list[str]], options: dict[str, Any], owner: int, spoken: list[str]) -> Game:
    from . import scenario

    sim = scenario(gid, cast(str, GAMES[gid].chosen), hands, options, dealer=owner)
    for a in spoken:
        sim.act(a)
    return sim


def _finish(sim: Game, estimates: dict[int, bidding.Estimates]) -> list[int]:
    """The points of a positive from here: each seat bids as the ``normal`` bot does
    (``bidding.decide`` on its hand's estimates), the policy plays, then settle."""
    while not sim.deals:
        seat = cast(int, sim.turn)
        view = cast(KingView, sim.view(seat))
        if view["phase"] == "play":
            raw = rollout(cast(TrickGame, sim).play.copy())
            fn = _settlement(cast(dict[str, Any], view))
            return fn(raw) if fn is not None else raw
        legal = view["legal"]
        action = legal[0]
        if len(legal) > 1:
            hand = cast(TrickGame, sim).dealt[seat]
            est = estimates.get(hand)
            if est is None:
                est = estimates[hand] = bidding.Estimates.of_hand(hand)
            action = bidding.decide(view, est)
            action = action if action in legal else legal[-1]
        sim.act(action)
    return list(sim.deals[0]["points"])


# -- the verdict -------------------------------------------------------------------------------------------


def _verdict(head: dict[str, Any], found: _Found, gid: str, view: View) -> Analysis:
    action = head["action"]
    means = found.means
    best = max(found.full, key=lambda a: (means[a], a == action, -_legal_rank(a, head["legal"])))
    marks = {a: _mark(found, a, best, gid) for a in head["legal"]}
    loss, margin, mark = marks[action]
    reason, params = _reason(head, found, best, loss, margin, mark, view)
    return {
        **head,  # type: ignore[typeddict-item]  # (seat, phase, kind, action, legal)
        "values": {a: round(means[a], 3) for a in head["legal"]},
        "best": best,
        "value": round(means[action], 3),
        "best_value": round(means[best], 3),
        "loss": round(loss, 3),
        "margin": round(margin, 3),
        "exact": found.exact,
        "worlds": found.worlds,
        "method": found.method,
        "mark": mark,
        "symbol": MARKS[mark],
        "reason": reason,
        "params": params,
        "text": REASONS[reason].format(**{k: _words(k, v) for k, v in params.items()}),
        "marks": {a: m for a, (_, _, m) in marks.items()},
    }


def _mark(found: _Found, action: str, best: str, gid: str) -> tuple[float, float, str]:
    """``(loss, margin, mark)`` of ``action`` against ``best``: a sampled loss is compared
    on the worlds both were valued on, and counts only beyond its margin of error."""
    loss = max(0.0, found.means[best] - found.means[action])
    margin = 0.0
    if found.samples and loss > 0:
        pairs = list(zip(found.samples[action], found.samples[best], strict=False))
        if len(pairs) > 1:
            diffs = [b - a for a, b in pairs]
            loss = max(0.0, statistics.fmean(diffs))
            margin = MARGIN_SE * statistics.pstdev(diffs) / math.sqrt(len(diffs))
    mark = "good"
    if loss > margin:
        for name, limit in zip(("inaccuracy", "mistake", "blunder"), GAMES[gid].review_thresholds, strict=True):
            if loss >= limit:
                mark = name
    return loss, margin, mark


def _legal_rank(action: str, legal: list[str]) -> int:
    return legal.index(action)


def _reason(
    head: dict[str, Any], found: _Found, best: str, loss: float, margin: float, mark: str, view: View
) -> tuple[str, dict[str, Any]]:
    action = head["action"]
    rounded = round(loss, 2)
    if found.method == "forced":
        return "forced", {"action": action}
    if loss <= 1e-9:
        return "best", {"action": action}
    if mark == "good":
        if loss <= margin:
            return "within-margin", {"best": best, "loss": rounded}
        return "close", {"best": best, "loss": rounded}
    if found.tricks is not None:
        return "tricks-lost", {"action": action, "best": best, "tricks": found.tricks[best] - found.tricks[action]}
    fact = _trick_fact(view, action, best) if head["kind"] == "card" else None
    if fact is not None:
        return fact
    method = "solved" if found.exact else "sampled"
    return method, {"action": action, "best": best, "loss": rounded, "worlds": found.worlds}


def _trick_fact(view: View, action: str, best: str) -> tuple[str, dict[str, Any]] | None:
    """What the card does to the trick, when the seat plays last to it (then it is
    settled): takes a trick that costs points where the best card lets it go, or lets a
    trick go in a positive where the best card takes it."""
    know = Knowledge(view)
    con = know.contract
    if con is None or len(know.trick) != know.n - 1:
        return None
    best_card = know.trick[0][1]
    for _, x in know.trick[1:]:
        if beats(x, best_card, con.trump):
            best_card = x
    wins = beats(INDEX[action], best_card, con.trump)
    best_wins = beats(INDEX[best], best_card, con.trump)
    if con.sign > 0:
        if best_wins and not wins:
            return "gives-trick", {"action": action, "best": best}
        return None
    if wins and not best_wins and not GAMES[view["game"]].stock:
        vals, per_trick = card_values(con)
        cost = per_trick + sum(vals[c] for _, c in know.trick) + vals[INDEX[action]]
        if cost < 0:
            return "takes-points", {"action": action, "best": best, "points": cost}
    return None


def _words(key: str, value: Any) -> Any:
    """A param as the English text shows it: a card with its suit's symbol, a bid in
    words."""
    if key in ("action", "best") and isinstance(value, str):
        if value in INDEX:
            return f"{'10' if value[0] == 'T' else value[0]}{'♣♦♥♠'['CDHS'.index(value[1])]}"
        return _bid_words(value)
    return value


def _bid_words(action: str) -> str:
    terms = offer_terms(action)
    if terms is not None:
        kind, n, _ = terms
        return f"{n} up" if kind == "up" else f"{n} null" + ("s" if n > 1 else "")
    if action.startswith("up:"):
        suit = action[3:]
        return (
            "up with no trump"
            if suit == "NT"
            else f"up with {dict(zip('CDHS', ('clubs', 'diamonds', 'hearts', 'spades'), strict=True))[suit]}"
        )
    return {"4333": "4-3-3-3", "ultimatum": "“8 o nulos”"}.get(action, action)


def mark_of(analysis: Analysis) -> Mark:
    """The ``Mark`` a record keeps of an analysis."""
    keys = (
        "step",
        "mark",
        "seat",
        "action",
        "best",
        "value",
        "best_value",
        "loss",
        "exact",
        "worlds",
        "reason",
        "params",
    )
    return cast(Mark, {k: cast(dict[str, Any], analysis)[k] for k in keys})


# -- summaries -------------------------------------------------------------------------------------------


def summary(analyses: list[Analysis], seat: int | None = None) -> Summary:
    """What a set of analyses (of one deal or a match) adds up to, for ``seat`` (or
    every seat): decisions by mark, the expected points lost to marked decisions, the
    three costliest; per deal, the same."""
    picked = [a for a in analyses if seat is None or a["seat"] == seat]
    deals: dict[int, list[Analysis]] = {}
    for a in picked:
        deals.setdefault(a.get("deal", 0), []).append(a)
    per_deal = [cast(DealTally, {"deal": k, **_tally(v)}) for k, v in sorted(deals.items())]
    return cast(Summary, {**_tally(picked), "deals": per_deal})


def _tally(analyses: list[Analysis]) -> Tally:
    decisions = [a for a in analyses if a["method"] != "forced"]
    marked = [a for a in decisions if a["mark"] != "good"]
    costly = sorted(marked, key=lambda a: (-a["loss"], a.get("deal", 0), a.get("step", 0)))[:3]
    return {
        "decisions": len(decisions),
        "marks": {m: sum(1 for a in decisions if a["mark"] == m) for m in MARKS},
        "lost": round(sum(a["loss"] for a in marked), 3),
        "costliest": [
            cast(Costly, {k: a.get(k) for k in ("deal", "step", "seat", "action", "best", "loss", "mark", "exact")})
            for a in costly
        ],
    }


# -- records, checked once ----------------------------------------------------------------------------------

_CACHE: "OrderedDict[str, Loaded]" = OrderedDict()
CACHE_SIZE = 4


def _loaded(rec: object) -> Loaded:
    """The checked replay of ``rec`` (a record as JSON data, or its text in either form),
    kept for the next calls about the same record."""
    try:
        key = rec if isinstance(rec, str) else json.dumps(rec, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        raise RulesError("bad-record", "record: record: not JSON data", field="record", line=None) from None
    hit = _CACHE.get(key)
    if hit is not None:
        _CACHE.move_to_end(key)
        return hit
    loaded = parse(rec) if isinstance(rec, str) else load(rec)
    _CACHE[key] = loaded
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    return loaded


def _deal_index(loaded: Loaded, deal: object) -> int:
    n = len(loaded.record["deals"])
    if not (type(deal) is int and 0 <= deal < n):
        raise RulesError(
            "bad-request", f"deal: {describe(deal)} is not a deal of the record (0..{n - 1})", field="deal"
        )
    return deal


# -- the review worker's requests ------------------------------------------------------------------------

#: Each command's arguments: the required ones, then the optional ones
COMMANDS: handler.Commands = {
    "info": ((), ()),
    "read": (("text",), ()),
    "write": (("record",), ("form",)),
    "record": (("save",), ("names", "deal")),
    "review": (("record", "deal"), ()),
    "analyse": (("record", "deal", "step"), ("worlds",)),
    "summary": (("analyses",), ("seat",)),
    "daily": (("game", "date"), ()),
    "daily_code": (("game", "date", "seat", "actions"), ()),
    "verify": (("code",), ()),
    "par": (("game", "date", "seat"), ("actions",)),
}


def handle(request: object) -> str:
    """One JSON request ``{"cmd": ..., "args": {...}}`` → JSON answer, as
    ``kingweb.session.handle``: ``{"ok": true, "result": ...}`` or ``{"ok": false, "error",
    "kind", "code", "params"}``; it never raises, and keeps nothing but a few checked
    records (a record that fails its check is not kept)."""

    def run() -> Any:
        cmd, args = handler.read(request, COMMANDS)
        return _COMMANDS[cmd](**args)

    return handler.answer(run)


def info() -> dict[str, Any]:
    """What the review offers: the marks, their thresholds, the reasons, the worlds."""
    return {
        "marks": dict(MARKS),
        "thresholds": {
            g: dict(zip(("inaccuracy", "mistake", "blunder"), t, strict=True)) for g, t in THRESHOLDS.items()
        },
        "reasons": dict(REASONS),
        "worlds": {**WORLDS, "bids": BID_WORLDS},
        "exact": {"tricks": EXACT_TRICKS, "deals": EXACT_DEALS},
        "commands": list(COMMANDS),
    }


def _read(text: object) -> dict[str, Any]:
    return {"record": _loaded(text).record}


def _write(record: object, form: object = "json") -> dict[str, Any]:
    from .record import dumps

    if form not in ("json", "text"):
        raise RulesError("bad-request", f"form: {describe(form)} is not json or text", field="form")
    return {"text": dumps(_loaded(record).record, form)}


def _record(save: object, names: object = None, deal: object = None) -> dict[str, Any]:
    """The record of a saved match (a table's save, checked as the table checks it): its
    finished deals."""
    from .record import of_game
    from .session import Session

    session = Session()
    session.load(save)
    table = session.table
    assert table is not None  # loaded
    if names is not None and not (isinstance(names, list) and all(n is None or isinstance(n, str) for n in names)):
        raise RulesError("bad-request", "names: expected a list of names (or nulls), seat 0 first", field="names")
    if deal is not None and type(deal) is not int:
        raise RulesError("bad-request", "deal: expected a deal number", field="deal")
    return {"record": of_game(table.game, deal, cast(list[str | None] | None, names))}


def _analyses(analyses: object, seat: object = None) -> Summary:
    keys = ("deal", "step", "seat", "action", "best", "loss", "mark", "exact", "method")
    if not isinstance(analyses, list) or not all(
        isinstance(a, dict) and all(k in a for k in keys) and a["mark"] in MARKS for a in analyses
    ):
        raise RulesError("bad-request", "analyses: expected a list of analyse answers", field="analyses")
    if seat is not None and type(seat) is not int:
        raise RulesError("bad-request", "seat: expected a seat number", field="seat")
    return summary(cast(list[Analysis], analyses), seat)


def _daily(game: object, date: object) -> Any:
    from . import daily

    return daily.setup(game, date)


def _daily_code(game: object, date: object, seat: object, actions: object) -> Any:
    from . import daily

    return {"code": daily.code(game, date, seat, actions)}


def _verify(code: object) -> Any:
    from . import daily

    return daily.verify(code)


def _par(game: object, date: object, seat: object, actions: object = None) -> Any:
    from . import daily

    return daily.par_step(game, date, seat, actions)


_COMMANDS: dict[str, Callable[..., Any]] = {
    "info": info,
    "read": _read,
    "write": _write,
    "record": _record,
    "review": review,
    "analyse": analyse,
    "summary": _analyses,
    "daily": _daily,
    "daily_code": _daily_code,
    "verify": _verify,
    "par": _par,
}
