"""The review's analysis of one decision: every legal action valued over worlds, deals of
the unseen cards consistent with what the seat has seen (played out by the bots' policy,
the last tricks solved), exactly where the cards allow it (docs/RECORDS.md §5)."""

import hashlib
import itertools
import json
import random
import statistics
from collections.abc import Callable, Iterator
from typing import Any, cast

from .bots import bidding
from .bots.endgame import TrickSolver
from .bots.knowledge import Knowledge, card_values
from .bots.policy import rollout
from .bots.search import evaluate, view_solver, whist_end_rollout, whist_values
from .cards import INDEX, KH, cards_of, code, codes_of
from .claim import cards_only
from .game import Game
from .games import GAMES
from .kingauction import offer_terms, settle
from .play import Play
from .trickgame import TrickGame
from .views import (
    KingView,
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
#: Racing, as the hard bot: after a quarter of the worlds only the best cards (and the card
#: played) are valued on
RACE_AT, RACE_KEEP = 4, 3


#: What a decision's worlds are seeded on: the fields of the deciding seat's view that make
#: up its position in the deal (``position_digest``); the match around the deal (scores,
#: other deals, a trick's serial number in the match) and the record's names and marks are
#: left out, so that a position is valued the same in any record and at the table
POSITION_FIELDS = (
    "game",
    "options",
    "players",
    "seat",
    "contract",
    "trump",
    "phase",
    "dealer",
    "leader",
    "owner",
    "buyer",
    "bought",
    "auction",
    "log",
    "hand",
    "legal",
    "trick",
    "trick_no",
    "tricks_per_hand",
    "out_of_play",
    "stage",
    "stage2_from",
    "faceup",
    "stock_count",
    "draws",
    "opponent_known",
)


def position_digest(view: View) -> str:
    """A digest of the deciding seat's position (``POSITION_FIELDS`` and the deal's tricks
    so far): the same position, the same digest, in every process and on every machine."""
    v = cast(dict[str, Any], view)
    pos = {k: v.get(k) for k in POSITION_FIELDS}
    pos["tricks"] = [[t["leader"], t["cards"]] for t in v.get("tricks", [])]
    text = json.dumps(pos, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


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

    def best(self, action: str, legal: list[str]) -> str:
        """The best action valued on every world: on a tie ``action`` (the one judged),
        then the first in ``legal``."""
        return max(self.full, key=lambda a: (self.means[a], a == action, -legal.index(a)))


def review_rng(view: View, worlds: int | None = None, salt: str = "") -> random.Random:
    """The generator a decision's worlds are drawn from: seeded by the position
    (``position_digest``), the worlds asked and ``salt``."""
    return random.Random(f"kingweb-review:{position_digest(view)}:{salt}:{worlds}")


def best_card(view: View) -> tuple[str, "_Found"]:
    """The card the review finds best for the seat to play in ``view`` (two legal cards
    or more), and the values it found: the same worlds and the same values as the
    review's analysis of any card in this position, so the review marks that card good
    (its loss is 0): what a hint names (``bots.hints``)."""
    legal = cards_only(view["legal"])
    found = _card_values(view, legal[0], None, review_rng(view))
    return found.best(legal[0], legal), found


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
        # (the last stock trick solved, as the bot's search judges it; the review has no clock)
        view_solver(know).deadline = None
        return lambda world, c: float(evaluate(world, c, seat, whist_end_rollout))
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
