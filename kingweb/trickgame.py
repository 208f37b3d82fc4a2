"""What every game here shares once cards are dealt: card play through a ``Play``, the
public record of tricks, the refusal of a card with its reason, the claims open to the
seat to act, the trick part of a view, and one-deal scenarios (what a seat has seen and
a claim played out: ``kingweb.claiming``, the base class)."""

from collections.abc import Callable
from typing import Any, Self

from . import cards
from .cards import HEART_MASK, INDEX, KH_BIT, code
from .claim import KINDS, can_take, claim_card, open_kinds, too_short
from .claiming import ClaimingGame, TrickLog
from .errors import IllegalAction, RulesError
from .events import Audience
from .game import DealtCards, Preset, check_seat
from .games import GAMES
from .play import Contract, Play
from .views import LastTrick, Tallies, Trick, TrickPart

#: a game's ``_trick_tallies``
Tallier = Callable[[list[int], list[int | None], Play], dict[str, object]]

#: each deck's cards, lowest first, for ``_deal_cards`` to shuffle a copy of
_DECKS = {d: tuple(cards.cards_of(d)) for d in (cards.FULL_DECK, cards.SHORT_DECK)}


def card_refusal(play: Play, c: int) -> IllegalAction:
    """Why card ``c`` may not be played now by ``play.turn`` (the first rule it breaks)."""
    seat = play.turn
    bit = 1 << c
    if not play.hands[seat] & bit:
        return IllegalAction("not-in-hand", card=code(c))
    legal = play.legal_mask()
    if not play.trick:
        if play.c.ban_hearts_lead and bit & HEART_MASK and play.hands[seat] & ~HEART_MASK:
            return IllegalAction("hearts-lead-ban")
        if legal == KH_BIT:
            return IllegalAction("king-forced-only-hearts")
    if legal == KH_BIT:
        if play.led == cards.HEARTS:
            return IllegalAction("king-forced-hearts-led")
        return IllegalAction("king-forced-void", suit=cards.SUITS[play.led])
    return IllegalAction("follow-suit", suit=cards.SUITS[play.led])


def scenario_hands(hands: object, players: int, deck: int) -> tuple[list[int], int]:
    """Masks of the hands of a scenario, and of all their cards together: refuses a wrong
    count of hands, unknown cards and a card in two hands."""
    if not isinstance(hands, (list, tuple)) or len(hands) != players:
        raise RulesError("bad-cards", f"hands: expected {players} lists of card codes", field="hands")
    masks, seen = [], 0
    for i, h in enumerate(hands):
        m = cards.parse_hand(h, f"hands[{i}]", deck)
        if m & seen:
            dup = code((m & seen).bit_length() - 1)
            raise RulesError("bad-cards", f"hands[{i}]: {dup} is also in another hand", field=f"hands[{i}]")
        seen |= m
        masks.append(m)
    return masks, seen


class TrickGame(ClaimingGame):
    """A game of tricks: subclasses deal, start play with ``_start_play`` and file the
    deal in ``_end_play``; card play, its refusals and the trick view are here."""

    TRICKS_PER_HAND = 13
    DECK = cards.FULL_DECK
    #: The phase whose actions are open: card play, until the match is over, unless a game
    #: with other phases (King's auction) says otherwise
    phase = "play"

    def __init__(
        self, seed: int | str | None = None, options: dict[str, Any] | None = None, *, _deal: bool = True
    ) -> None:
        # (``_deal``: each game opens its match itself, unless a scenario or preset sets it up)
        super().__init__(seed, options)
        self.p: Play | None = None  # None: a deal whose contract is not chosen yet
        self._log = TrickLog(self.players)
        self.leader = 0
        self.dealer = 0
        self.dealt = [0] * self.players
        # the latest finished trick, even of a finished deal: (record, trick, deal_no, serial)
        self._last: tuple[TrickLog, int, int, int] | None = None
        self.trick_serial = 0
        self._claim_memo: tuple[tuple[int, int, int], list[str]] = ((-1, -1, -1), [])

    @classmethod
    def from_preset(cls, preset: object, seed: int | str = 0, options: dict[str, Any] | None = None) -> Self:
        """A match whose deals are given (``Preset``), checked in full: every hand is a
        full hand of this game's deck, no card twice, German Whist's stock the rest."""
        g = cls(seed, options, _deal=False)
        g.preset = g._check_preset(preset)
        g._open()
        return g

    def _check_preset(self, preset: object) -> Preset:
        if not isinstance(preset, dict) or set(preset) != {"first", "deals"}:
            raise RulesError("bad-cards", "preset: expected an object {first, deals}", field="preset")
        first = check_seat(preset["first"], self.players, "preset.first")
        deals = preset["deals"]
        if not isinstance(deals, list):
            raise RulesError("bad-cards", "preset.deals: expected a list of deals", field="preset.deals")
        out: list[DealtCards] = []
        stocked = GAMES[self.id].stock
        for i, d in enumerate(deals):
            where = f"preset.deals[{i}]"
            if not isinstance(d, dict) or set(d) != ({"hands", "stock"} if stocked else {"hands"}):
                fields = "hands, stock" if stocked else "hands"
                raise RulesError("bad-cards", f"{where}: expected an object of {fields}", field=where)
            masks, seen = scenario_hands(d["hands"], self.players, self.DECK)
            for s, m in enumerate(masks):
                if m.bit_count() != self.TRICKS_PER_HAND:
                    raise RulesError(
                        "bad-cards",
                        f"{where}.hands[{s}]: a hand is dealt {self.TRICKS_PER_HAND} cards, not {m.bit_count()}",
                        field=f"{where}.hands[{s}]",
                    )
            dealt: DealtCards = {"hands": [cards.codes_of(m) for m in masks]}
            if stocked:
                stock = cards.parse_hand(d["stock"], f"{where}.stock", self.DECK)
                if stock | seen != self.DECK or stock & seen:
                    raise RulesError(
                        "bad-cards", f"{where}.stock: the stock is the 26 cards not dealt", field=f"{where}.stock"
                    )
                dealt["stock"] = list(d["stock"])
            out.append(dealt)
        return {"first": first, "deals": out}

    def _open(self) -> None:
        """Start the match: its random start (from the seed, or the preset's ``first``)
        and its first deal."""
        raise NotImplementedError

    def _first_seat(self, choices: int) -> int:
        """The seat the match's random start picks: the preset's, or the seed's."""
        if self.preset is not None:
            return self.preset["first"]
        return self.rng.randrange(choices)

    # -- dealing ---------------------------------------------------------------

    def _deal_cards(self) -> tuple[list[int], list[int]]:
        """A shuffled deck dealt ``TRICKS_PER_HAND`` cards a seat, and the rest in order
        (a preset match's deal: its given cards)."""
        if self.preset is not None and self.deal_no < len(self.preset["deals"]):
            given = self.preset["deals"][self.deal_no]
            return [cards.mask_of(INDEX[c] for c in h) for h in given["hands"]], [
                INDEX[c] for c in given.get("stock", [])
            ]
        deck = list(_DECKS[self.DECK])
        self.rng.shuffle(deck)
        k = self.TRICKS_PER_HAND
        hands = [cards.mask_of(deck[i * k : (i + 1) * k]) for i in range(self.players)]
        return hands, deck[k * self.players :]

    def _new_play(self, contract: Contract, hands: list[int], leader: int, trick_no: int = 0) -> Play:
        return Play(
            contract,
            hands,
            leader,
            self.TRICKS_PER_HAND,
            trick_no,
            early_end=not self.options.get("play_all_tricks", False),
        )

    def _start_play(self, play: Play) -> None:
        self.p = play
        self._claim_memo = ((-1, -1, -1), [])
        self._log = TrickLog(self.players, play.trick_no)
        self.leader = play.leader
        self.dealt = list(play.hands)  # kept for the deal's record (a scenario: its hands)

    def _dealt_codes(self) -> list[list[str]]:
        """The deal's hands as dealt, for its record: public once the deal is over."""
        return [cards.codes_of(h) for h in self.dealt]

    def _end_play(self) -> None:
        raise NotImplementedError

    # -- card play ---------------------------------------------------------------

    # (the card-play methods read ``self.p`` with an assert rather than through ``play``:
    # they are the public API's hot path, and a property call costs there)

    def _turn(self) -> int | None:
        p = self.p
        assert p is not None
        return p.turn

    def _legal(self) -> list[str]:
        p = self.p
        assert p is not None
        legal = p.legal_mask()
        return cards.codes_of(legal) + self._claims(legal)

    def _is_legal(self, action: str) -> bool:
        # a card is judged by the mask alone: the claims are worked out only when asked for
        p = self.p
        if p is not None and action in INDEX and self.phase == "play":
            return bool(p.legal_mask() >> INDEX[action] & 1)
        return action in self._legal()

    def _refusal(self, action: str) -> IllegalAction:
        if action.startswith("claim:"):
            kind = action[6:]
            if kind not in KINDS or (kind == "none" and self.players != 2):
                return IllegalAction("claim-format")
            if not self._claims_open():
                return IllegalAction("claim-stock")
            return IllegalAction("claim-not-sure", claim=kind)
        if action not in INDEX:
            return IllegalAction("not-a-card", action=action[:40], legal=self._legal())
        return card_refusal(self.play, INDEX[action])

    # -- claiming the rest (kingweb.claim judges, kingweb.claiming plays it out) -----------

    def _claims_open(self) -> bool:
        """Whether a claim may be made now at all (German Whist: not in the stock stage)."""
        return True

    def _claims(self, legal: int) -> list[str]:
        """The claims open to the seat to act (``claim:all``, ``claim:none``; ``legal``: the
        cards it may play), worked out from what that seat may know (``_seen``), once per
        position.

        This is on the public API's hot path (every ``legal()``), so at four players a gate
        of a few operations rules out nearly every position first: the hand's short suits
        (``too_short``), and mid-trick a card that can take the trick (``can_take``).  Then
        a test on the masks (``open_kinds``) rules out most of the rest before anything is
        built, and the public record ``_seen`` reads is folded up once per trick
        (``_record``)."""
        p = self.p
        assert p is not None
        hand = p.hands[p.turn]
        if not hand & (hand - 1):  # (the last trick plays itself)
            return []
        # (German Whist's claim of ``none`` has no such gate)
        if self.players > 2 and (too_short(hand, p.live, bool(p.trick)) or (p.trick and not can_take(p, legal))):
            return []
        if not self._claims_open():  # (asked after the gate: it rules out more, sooner)
            return []
        key = (id(p), p.live, len(p.trick))  # (within one deal's play, one position)
        if self._claim_memo[0] == key:
            return list(self._claim_memo[1])
        out: list[str] = []
        # (the cards still in hands are public: ``live`` less my hand is what I cannot see)
        kinds = open_kinds(hand, p.live & ~hand, bool(p.trick), self.players, p.c)
        if kinds:
            seen = self._seen(p.turn)
            out = [f"claim:{k}" for k in kinds if claim_card(k, seen, p.c, legal) is not None]
        self._claim_memo = (key, out)
        return list(out)

    def _end_match(self) -> None:
        self.phase = "over"
        super()._end_match()

    def act(self, action: str, seat: int | None = None) -> None:
        # (a legal card, the public API's commonest call, is played here past the layers
        # every other action goes through, ``Game.act`` then ``_is_legal`` and ``_apply``
        # of the phase: it is refused, or is another action, there)
        p = self.p
        if seat is None and p is not None and type(action) is str and not self.over:
            c = INDEX.get(action)
            if c is not None and p.legal_mask() >> c & 1 and self.phase == "play":
                self._play_card(action, c)
                self.actions.append(action)
                return
        super().act(action, seat)

    def _apply(self, action: str) -> None:
        if action.startswith("claim:"):
            self._claim(action[6:])
        else:
            self._play_card(action, INDEX[action])

    def _play_card(self, action: str, c: int) -> None:
        """Play card ``c`` (``action``, its code) and keep the public record of tricks
        (``tricks`` of the deal, ``last_trick`` across deals); file the deal when its play
        is over.  Told as a ``play`` event, then ``trick`` when it completes one."""
        p = self.p
        assert p is not None
        seat = p.turn
        log = self._log
        if not p.trick:
            log.leaders.append(seat)
        log.cards.append(action)
        p.play(c)
        if p.trick:
            self._events.made(_play_event, seat, action, p.turn)
            return
        self._events.made(_play_event, seat, action, None)
        log.winners.append(p.leader)
        self.trick_serial += 1
        self._last = (log, len(log.winners) - 1, self.deal_no, self.trick_serial)
        # (``_trick_tallies`` is a static method: the event's maker holds no reference to
        # the game, ``EventLog.made``)
        turn = None if p.over else p.turn
        self._events.made(_trick_event, log, p, self._last[1], self.trick_serial, turn, self._trick_tallies)
        self._after_trick()
        if p.over:
            self._end_play()

    @staticmethod
    def _trick_tallies(ntricks: list[int], wins: list[int | None], p: Play) -> dict[str, object]:
        """The tricks each seat had taken after a trick (``ntricks`` per seat, ``wins``: the
        winner of each trick by number; ``p``: the deal's play), as the view counts them
        (``taken``)."""
        return {"taken": ntricks}

    def _after_trick(self) -> None:
        """What a finished trick brings besides itself (German Whist: the draws)."""

    def _hand_mask(self, seat: int) -> int:
        if self.p is not None:
            return self.p.hands[seat]
        return self.dealt[seat]

    @property
    def tricks(self) -> list[Trick]:
        """The deal's tricks, the one being played last (its ``winner`` None)."""
        return self._log.tricks()

    @property
    def last_trick(self) -> LastTrick | None:
        """The latest finished trick, even of a finished deal."""
        if self._last is None:
            return None
        log, k, deal_no, serial = self._last
        return {
            "leader": log.leaders[k],
            "cards": log.trick(k),
            "winner": log.winners[k],
            "deal_no": deal_no,
            "serial": serial,
        }

    def _finished_tricks(self) -> list[Trick]:
        return self._log.tricks()[: len(self._log.winners)]

    # -- the trick part of a view ------------------------------------------------

    def _play_view(self) -> TrickPart:
        """The cards on the table and the deal so far."""
        p = self.p
        last = self.last_trick
        if p is None:  # a positive before its contract is known: nothing played yet
            counts = [self.dealt[s].bit_count() for s in range(self.players)]
            return {
                "hand_counts": counts,
                "trick": [],
                "tricks": [],
                "deal_points": [0] * self.players,
                "deal_unit": None,
                "trump": None,
                "leader": self.leader,
                "trick_no": 0,
                "last_trick": last,
            }
        log = self._log
        done = len(log.winners)
        return {
            "hand_counts": [h.bit_count() for h in p.hands],
            "trick": []
            if len(log.leaders) == done
            else [{"seat": (log.leaders[-1] + i) % self.players, "card": c} for i, c in enumerate(log.trick(done))],
            "tricks": self._finished_tricks(),
            "deal_points": p.points_so_far(),
            "deal_unit": p.c.unit,
            "trump": None if p.c.trump < 0 else cards.SUITS[p.c.trump],
            "leader": p.leader,
            "trick_no": p.trick_no,
            "last_trick": last,
        }

    def _tallies(self) -> Tallies:
        """What each seat has taken so far: its number of tricks and its cards."""
        p = self.p
        if p is None:
            return {
                "taken": [0] * self.players,
                "won": [[] for _ in range(self.players)],
                "tricks_per_hand": self.TRICKS_PER_HAND,
            }
        return {
            "taken": list(p.ntricks),
            "won": [cards.codes_of(w) for w in p.won],
            "tricks_per_hand": self.TRICKS_PER_HAND,
        }

    # -- scenarios -------------------------------------------------------------

    def _scenario_play(self, contract: Contract, hands: object, leader: object, trick: object) -> None:
        """Set up card play from a position: ``hands`` now, ``trick`` already played
        from ``leader`` on (those seats hold one card fewer)."""
        leader = check_seat(leader, self.players, "leader")
        if trick is None:
            trick = []
        if isinstance(trick, str) or not isinstance(trick, (list, tuple)):
            raise RulesError("bad-cards", "trick: expected a list of card codes such as ['QS', 'TH']", field="trick")
        trick = list(trick)
        if len(trick) >= self.players:
            raise RulesError("bad-cards", f"trick: at most {self.players - 1} cards already played", field="trick")
        masks, seen = scenario_hands(hands, self.players, self.DECK)
        t = cards.parse_hand(trick, "trick", self.DECK)
        if t & seen:
            raise RulesError(
                "bad-cards", f"trick: {code((t & seen).bit_length() - 1)} is also in a hand", field="trick"
            )
        n = masks[leader].bit_count() + (1 if trick else 0)
        for i, m in enumerate(masks):
            expect = n - 1 if (i - leader) % self.players < len(trick) else n
            if m.bit_count() != expect:
                raise RulesError(
                    "bad-cards", f"hands[{i}]: expected {expect} cards, got {m.bit_count()}", field=f"hands[{i}]"
                )
        if not 1 <= n <= self.TRICKS_PER_HAND:
            raise RulesError("bad-cards", f"hands: each hand holds 1 to {self.TRICKS_PER_HAND} cards", field="hands")
        for i, c in enumerate(trick):
            masks[(leader + i) % self.players] |= 1 << INDEX[c]
        self.out_of_play = self.DECK & ~(seen | t)
        self._start_play(self._new_play(contract, masks, leader, self.TRICKS_PER_HAND - n))
        for c in trick:
            if c not in self._legal():
                raise RulesError(
                    "bad-cards", f"trick: {c} could not have been played there ({self._refusal(c)})", field="trick"
                )
            self._apply(c)


def _play_event(audience: Audience, seat: int, card: str, turn: int | None) -> dict[str, Any]:
    return {"type": "play", "seat": seat, "card": card, "turn": turn}


def _trick_event(
    audience: Audience, log: TrickLog, p: Play, k: int, serial: int, turn: int | None, tallies: Tallier
) -> dict[str, Any]:
    """The ``trick`` event of the deal's trick ``k`` (``p``: the deal's play, for its
    contract and number of tricks; ``tallies``: the game's ``_trick_tallies``), with the
    tallies and points as they stood after it, worked out again from the record."""
    n = log.n
    won, ntricks = [0] * n, [0] * n
    wins: list[int | None] = [None] * len(p.winners)
    for j in range(k + 1):
        w = log.winners[j]
        for x in log.trick(j):
            won[w] |= 1 << INDEX[x]
        ntricks[w] += 1
        wins[log.first + j] = w
    return {
        "type": "trick",
        "leader": log.leaders[k],
        "cards": log.trick(k),
        "winner": log.winners[k],
        "serial": serial,
        "trick_no": log.first + k + 1,
        **tallies(ntricks, wins, p),
        "deal_points": p.c.points_so_far(won, ntricks, wins),
        "turn": turn,
    }
