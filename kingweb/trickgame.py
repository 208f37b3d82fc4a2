"""What the two four-player games (King and Кинг) share: card play through a ``Play``,
the record of tricks, and one-deal scenarios."""

from . import cards
from .cards import INDEX, code
from .errors import RulesError
from .game import Game, card_refusal, not_a_card, play_recorded, scenario_hands
from .play import Play


class TrickGame(Game):
    TRICKS_PER_HAND = 13
    DECK = cards.FULL_DECK

    def __init__(self, seed=None, options=None):
        super().__init__(seed, options)
        self.p: Play | None = None
        self.tricks: list[dict] = []
        self.leader = 0
        self.dealer = 0
        self.dealt = [0] * self.players
        self.last_trick = None   # the latest finished trick, even of a finished deal
        self.trick_serial = 0

    # -- dealing ---------------------------------------------------------------

    def _shuffled_hands(self) -> list[int]:
        deck = cards.cards_of(self.DECK)
        self.rng.shuffle(deck)
        k = self.TRICKS_PER_HAND
        return [cards.mask_of(deck[i * k:(i + 1) * k]) for i in range(self.players)]

    def _start_play(self, contract, hands, leader, trick_no=0):
        self.p = Play(contract, hands, leader, self.TRICKS_PER_HAND, trick_no,
                      early_end=not self.options.get("play_all_tricks", False))
        self.tricks = []
        self.leader = leader

    # -- card play ---------------------------------------------------------------

    @property
    def turn(self):
        if self.over:
            return None
        return self._turn()

    def _turn(self):
        return self.p.turn

    def _card_legal(self):
        return cards.codes_of(self.p.legal_mask())

    def _card_refusal(self, action):
        if action not in INDEX:
            return not_a_card(action, self._card_legal())
        return card_refusal(self.p, INDEX[action])

    def _play_card(self, action):
        if play_recorded(self, action):
            self._end_play()

    def _hand_mask(self, seat):
        if self.p is not None:
            return self.p.hands[seat]
        return self.dealt[seat]

    def _play_view(self, seat):
        p = self.p
        if p is None:
            counts = [self.dealt[s].bit_count() for s in range(self.players)]
            return {"hand_counts": counts, "trick": [], "tricks": [], "taken": [0] * 4,
                    "won": [[] for _ in range(self.players)], "deal_points": [0] * 4,
                    "trump": None, "leader": self.leader, "trick_no": 0,
                    "tricks_per_hand": self.TRICKS_PER_HAND, "last_trick": self.last_trick}
        current = self.tricks[-1] if self.tricks and self.tricks[-1]["winner"] is None else None
        return {
            "hand_counts": [h.bit_count() for h in p.hands],
            "trick": [] if current is None else
                     [{"seat": (current["leader"] + i) % self.players, "card": c}
                      for i, c in enumerate(current["cards"])],
            "tricks": [dict(t, cards=list(t["cards"])) for t in self.tricks if t["winner"] is not None],
            "taken": list(p.ntricks),
            "won": [cards.codes_of(w) for w in p.won],
            "deal_points": p.points(),
            "trump": None if p.c.trump < 0 else cards.SUITS[p.c.trump],
            "leader": p.leader, "trick_no": p.trick_no, "tricks_per_hand": self.TRICKS_PER_HAND,
            "last_trick": self.last_trick,
        }

    # -- scenarios -------------------------------------------------------------

    def _scenario_play(self, contract, hands, leader, trick):
        """Set up card play from a position: ``hands`` now, ``trick`` already played
        from ``leader`` on (those seats hold one card fewer)."""
        if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < self.players:
            raise RulesError("bad-seat", f"leader: expected a seat 0..{self.players - 1}", field="leader")
        trick = list(trick or [])
        if len(trick) >= self.players:
            raise RulesError("bad-cards", f"trick: at most {self.players - 1} cards already played", field="trick")
        masks, seen = scenario_hands(hands, self.players, self.TRICKS_PER_HAND, self.DECK, len(trick))
        t = cards.parse_hand(trick, "trick", self.DECK)
        if t & seen:
            raise RulesError("bad-cards", f"trick: {code((t & seen).bit_length() - 1)} is also in a hand", field="trick")
        n = masks[leader].bit_count() + (1 if trick else 0)
        for i, m in enumerate(masks):
            expect = n - 1 if (i - leader) % self.players < len(trick) else n
            if m.bit_count() != expect:
                raise RulesError("bad-cards", f"hands[{i}]: expected {expect} cards, got {m.bit_count()}",
                                field=f"hands[{i}]")
        if not 1 <= n <= self.TRICKS_PER_HAND:
            raise RulesError("bad-cards", f"hands: each hand holds 1 to {self.TRICKS_PER_HAND} cards", field="hands")
        for i, c in enumerate(trick):
            masks[(leader + i) % self.players] |= 1 << INDEX[c]
        self.out_of_play = self.DECK & ~(seen | t)
        self._start_play(contract, masks, leader, self.TRICKS_PER_HAND - n)
        for c in trick:
            if c not in self._card_legal():
                raise RulesError("bad-cards", f"trick: {c} could not have been played there ({self._card_refusal(c)})",
                                field="trick")
            self._play_card(c)
