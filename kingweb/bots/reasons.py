"""Every hint reason code (``CODES``): its English template and its check; ``HINT_REASONS``,
the protocol's list; and the English words of a reason."""

from dataclasses import dataclass

from .. import cards
from ..cards import INDEX, SUITS
from ..errors import english
from ..kingauction import describe_offer
from ..views import Hint
from .bidchecks import (
    BidCheck,
    BidFacts,
    _answer8,
    _choose_mode,
    _decide,
    _offer,
    _open_auction,
    _pass,
    _reject_no_offer,
    _worse_bid,
    _worse_raise,
)
from .cardchecks import (
    CardCheck,
    _cannot_win,
    _discard_boss,
    _discard_high,
    _discard_penalty,
    _draw_trumps,
    _duck,
    _endgame,
    _follows_suit,
    _forced,
    _king_forced,
    _lead_alone,
    _lead_long,
    _lead_low,
    _lead_under,
    _lead_winner,
    _let_go,
    _lose_cheap,
    _play_low,
    _search,
    _shed_early,
    _stay_under,
    _take_faceup,
    _take_free,
    _win_anyway,
    _win_cheap,
    _win_free,
    _win_high,
    _win_low,
    _win_sure,
    _worse_endgame,
    _worse_gives_faceup,
    _worse_keeps,
    _worse_loses,
    _worse_search,
    _worse_spends,
    _worse_takes,
)
from .hintfacts import Facts, Params
from .khchecks import _kh_dodge, _kh_lead_under, _kh_lead_winner, _kh_take
from .planchecks import (
    _hold_up,
    _lead_boss,
    _lead_draw,
    _lead_keep,
    _lead_short,
    _lead_trump,
    _shed_high,
    _spare,
    _win_keep,
)
from .stockchecks import _stock_best, _stock_give_up, _stock_keep_trumps, _stock_lead_low, _stock_shed, _stock_win

# -- the codes -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Reason:
    """A reason code's English template and its check (None: it states no fact of the
    position, as "not your turn")."""

    template: str
    card: CardCheck | None = None
    bid: BidCheck | None = None

    def holds(self, facts: "Facts | BidFacts | None", action: str, params: Params) -> bool:
        """Whether every fact the reason states holds for ``action``."""
        if self.card is not None:
            return isinstance(facts, Facts) and action in INDEX and self.card(facts, INDEX[action], params)
        if self.bid is not None:
            return isinstance(facts, BidFacts) and self.bid(facts, action, params)
        return True


def _c(template: str, check: CardCheck) -> Reason:
    return Reason(template, card=check)


def _b(template: str, check: BidCheck) -> Reason:
    return Reason(template, bid=check)


#: Every reason code: its English template and the check that tests it.  Params as in
#: ``kingweb.errors`` (cards as codes, suits as letters, offers as action strings, seats as
#: ints); ``other``/``better``/``choice`` are cards or actions; ``pts``, ``gain``, ``cost``,
#: ``extra``, ``own``, ``share``, ``other_pts`` are points; ``expect`` tricks to a tenth.
CODES: dict[str, Reason] = {
    "wait": Reason("not your turn"),
    "suggest": Reason("{choice} is what the bots would play here"),
    "forced": _c("{card} is your only legal card", _forced),
    # (the engine offers a claim only when it holds whatever the hidden cards: nothing to check)
    "claim-all": Reason("your cards take every trick left, whatever the others hold and play: claim the rest"),
    "claim-none": Reason("your cards lose every trick left, whatever your opponent plays: concede the rest"),
    "king-forced": _c("the K♥ must go now", _king_forced),
    # a lesson of the rule: any card of the suit led is right
    "follows-suit": _c("{card} follows suit: {suit} were led, and you must play one while you can", _follows_suit),
    # negatives
    "shed-early": _c(
        "only the last two tricks cost: while tricks are free, get rid of your highest card, {card}", _shed_early
    ),
    "duck": _c("duck with {card}, your highest card under {best}: it cannot take this trick", _duck),
    "win-anyway": _c("whatever you play takes this trick: take it with your highest card, {card}", _win_anyway),
    "win-free": _c("{card} takes this trick for sure: your highest card that costs nothing", _win_free),
    "play-low": _c(
        "all your {suit} beat {best}: play your lowest, {card}, as a higher one still out may take the trick",
        _play_low,
    ),
    "play-low-free": _c(
        "all your {suit} beat {best}: play {card}, your lowest card that costs nothing, as a higher one still "
        "out may take the trick",
        lambda f, c, p: _play_low(f, c, p, free=True),
    ),
    "discard-penalty": _c(
        "you have no {suit}: throw {card} here, and whoever takes this trick pays for it", _discard_penalty
    ),
    "discard-boss": _c(
        "you have no {suit}: throw {card}; nothing higher of its suit is still out, so it could win a later trick",
        _discard_boss,
    ),
    "discard-high": _c("you have no {suit}: get rid of your highest card, {card}", _discard_high),
    "lead-under": _c("lead {card}: all the {suit} still out are higher, so someone else takes this trick", _lead_under),
    "lead-low": _c("lead {card}: of the {suit} still out, {above} higher and {below} lower", _lead_low),
    "lead-alone": _c("nobody else holds a card of your suits: this trick is yours whatever you lead", _lead_alone),
    "stay-under": _c("{card} stays under {best}, so this trick is not yours", _stay_under),
    "take-free": _c(
        "you play last and this trick costs nothing: {card} takes it for free and leaves your hand", _take_free
    ),
    # positives
    "win-cheap": _c("you play last: win with {card}, the cheapest card that takes this trick", _win_cheap),
    "win-sure": _c("{card} takes this trick for sure: nobody still to play can beat it", _win_sure),
    "win-high": _c("play your highest, {card}: it beats {best}, though a card still out could beat it", _win_high),
    "win-low": _c("win with {card}, your lowest trump that beats {best}", _win_low),
    "cannot-win": _c("nothing you can play beats {best}: throw your lowest card, {card}", _cannot_win),
    "cannot-win-trumps": _c(
        "nothing you can play beats {best}: throw {card}, your lowest card outside trumps",
        lambda f, c, p: _cannot_win(f, c, p, keep_trumps=True),
    ),
    "let-go": _c(
        "let this trick go with {card}: whatever you could win it with, a card still out could beat it", _let_go
    ),
    "lead-winner": _c("lead {card}: nothing still out can beat it", _lead_winner),
    "draw-trumps": _c(
        "draw trumps with {card}, your highest: you hold at least as many trumps as are still out", _draw_trumps
    ),
    "lead-long": _c("lead {card}, the lowest card of your longest suit, to set up the rest of it", _lead_long),
    # what a card keeps for the rest of a deal that pays for tricks
    "win-keep": _c(
        "win with {card}, the lowest of your {suit} that beats {best}, and keep the higher ones for later tricks",
        _win_keep,
    ),
    "hold-up": _c(
        "let this trick go with {card} and keep {other}, which would beat {best}, for a later trick", _hold_up
    ),
    "lead-keep": _c("lead {card}, the lowest of your {suit}, and keep the higher ones for later tricks", _lead_keep),
    "lead-short": _c(
        "lead {card}, the last of your {suit}: once you have none left, you can trump them when they are led",
        _lead_short,
    ),
    "lead-trump": _c(
        "lead a trump, {card}: {out} trumps are still out, and each one drawn is one fewer that can trump your winners",
        _lead_trump,
    ),
    "lead-draw": _c(
        "lead {card}: of the {suit} still out, {above} higher; this lead may draw them out, and you keep your lower "
        "{suit} for later tricks",
        _lead_draw,
    ),
    "lead-boss": _c("lead {card}: no higher {suit} are still out, so only a trump can beat it", _lead_boss),
    "shed-high": _c(
        "{card} beats {best}, but a higher card in {suit} may still come on this trick: a chance to get rid of a high "
        "card that could cost you later",
        _shed_high,
    ),
    "spare": _c(
        "nothing you can play beats {best}, so this trick is lost whatever you play; of your cards, {card} came out "
        "best to give up in the {n} deals the search tried",
        _spare,
    ),
    # the deals that score the K♥ alone
    "kh-take": _c("{card} takes this trick for sure, and the K♥ on it", _kh_take),
    "kh-dodge": _c("the K♥ is on this trick: {card} stays under {best}, so the trick is not yours", _kh_dodge),
    "kh-dodge-out": _c(
        "{card} stays under {best}, so this trick is not yours, and the K♥ may still be thrown on it",
        lambda f, c, p: _kh_dodge(f, c, p, out=True),
    ),
    "kh-lead-under": _c(
        "lead {card}: all the {suit} still out are higher, so someone else takes this trick, and the K♥ if it is "
        "thrown on it",
        _kh_lead_under,
    ),
    "kh-lead-winner": _c(
        "lead {card}: nothing still out can beat it, so you keep the lead while the K♥ is still out", _kh_lead_winner
    ),
    # German Whist
    "take-faceup": _c("win the face-up {faceup} with {card}, the cheapest card that does", _take_faceup),
    "lose-cheap": _c("the face-up {faceup} is not worth a good card: lose cheaply with {card}", _lose_cheap),
    # German Whist's stock stage: what the card is for while the tricks do not count
    "stock-win": _c(
        "win the face-up {faceup} with {card}: the {faceup} ranks above {lower} of the {out} other cards still out (trumps "
        "above the rest), so it should be worth more than the hidden card the loser draws",
        _stock_win,
    ),
    "stock-give-up": _c(
        "winning this trick only brings the face-up {faceup}, a low card: give it up with {card} and keep your "
        "better cards",
        _stock_give_up,
    ),
    "stock-lead-low": _c(
        "the face-up {faceup} is a low card, not worth a good one: lead {card}, your lowest card outside trumps",
        _stock_lead_low,
    ),
    "stock-keep-trumps": _c(
        "only a trump would win this trick: lose it with {card} and keep your trumps for stage 2, where "
        "the tricks count",
        _stock_keep_trumps,
    ),
    "stock-shed": _c(
        "get rid of {card} while the tricks do not count: {above} higher {suit} are still out, so it is unlikely "
        "to take a trick in stage 2",
        _stock_shed,
    ),
    "stock-best": _c(
        "{card} comes out best when the rest of the deal is played out over many deals of the cards you cannot see",
        _stock_best,
    ),
    "search-best": _c(
        "in {n} deals the search tried, {card} came out about {gain} points better than {other}, the next best",
        _search,
    ),
    "search-even": _c(
        "in {n} deals the search tried, {card} and {other} came out about even, ahead of the rest",
        lambda f, c, p: _search(f, c, p, even=True),
    ),
    "endgame-best": _c(
        "both hands are known now: with {card} you take {tricks} of the {left} tricks left, with {other} only "
        "{other_tricks}",
        _endgame,
    ),
    "endgame-any": _c(
        "both hands are known now: whatever you play, you take {tricks} of the {left} tricks left",
        lambda f, c, p: _endgame(f, c, p, any_card=True),
    ),
    # what a wrong play costs (lessons)
    "worse-takes": _c("{card} takes this trick, and that costs you {pts} points", _worse_takes),
    "worse-loses": _c("{card} loses this trick, and the {pts} points {better} would take with it", _worse_loses),
    "worse-keeps": _c(
        "{card} keeps {better} in your hand, where it can still cost you {pts} points; thrown now, it goes to "
        "whoever takes this trick",
        _worse_keeps,
    ),
    "worse-gives-faceup": _c(
        "{card} loses this trick, so the face-up {faceup} goes to your opponent", _worse_gives_faceup
    ),
    "worse-spends": _c("{card} spends a high card to win the face-up {faceup}, a lower one", _worse_spends),
    "worse-endgame": _c(
        "both hands are known now: with {card} you take {tricks} of the {left} tricks left, with {better} "
        "{better_tricks}",
        _worse_endgame,
    ),
    "worse-search": _c(
        "in {n} deals the search tried, {card} came out about {cost} points worse than {better}", _worse_search
    ),
    "worse-raise": _b("{offer} promises the owner {extra} more than {better}", _worse_raise),
    "worse": Reason("{choice} is not the best play here: {better} is"),
    "worse-bid": _b("{choice}: about {pts} to you; {better}: about {other_pts}", _worse_bid),
    # King's positives: the owner, the bidders, the buyer
    "only": Reason("this is your only choice now"),
    "choose-down": _b(
        "playing down you can expect about {expect} tricks, so about {pts} points, against about {other_pts} "
        "playing up",
        _choose_mode,
    ),
    "choose-up": _b(
        "with {suit} as trumps you can expect about {expect} tricks, so about {pts} points, against about "
        "{other_pts} playing down",
        _choose_mode,
    ),
    "choose-notrump": _b(
        "with no trump you can expect about {expect} tricks, so about {pts} points, against about {other_pts} "
        "playing down",
        _choose_mode,
    ),
    "trump-best": _b(
        "with {suit} as trumps you can expect about {expect} tricks, more than with any other", _choose_mode
    ),
    "trump-notrump": _b("with no trump you can expect about {expect} tricks, more than with any trump", _choose_mode),
    "open-auction": _b(
        "you can expect about {pts} points playing yourself; the auction should bring more, and you can still "
        "reject it and play",
        _open_auction,
    ),
    "offer": _b("{offer} is the cheapest offer that should still pay you: about {pts} points after paying", _offer),
    "match": _b(
        "match {offer} by preference (you speak before seat {seat}): the same deal at the same price, about {pts} "
        "points to you after paying",
        lambda b, a, p: _offer(b, a, p, match=True),
    ),
    "pass": _b(
        "the cheapest offer open, {offer}, should leave you about {pts} points after paying; staying out is "
        "worth about {share}",
        _pass,
    ),
    "accept": _b(
        "accepting {offer} should bring you about {pts} points with your own tricks, against about {own} "
        "playing yourself",
        _decide,
    ),
    "reject": _b(
        "you can expect about {own} points playing yourself, against about {pts} from accepting {offer}", _decide
    ),
    "reject-no-offer": _b(
        "nobody made an offer: you can expect about {own} points playing yourself, more than 4-3-3-3's 100",
        _reject_no_offer,
    ),
    "4333": _b("take 4-3-3-3: 100 sure points, against about {own} playing yourself", _decide),
    "ultimatum": _b(
        "“8 o nulos”: down is your best play, about {own} points, and someone may give 8 up (200) instead",
        _decide,
    ),
    "give8": _b("8 up (200) should still leave you about {pts} points after paying", _answer8),
    "refuse8": _b("8 up (200) would leave you only about {pts} points after paying: let the owner play down", _answer8),
    "choose-dealer": Reason("seat {seat} deals first"),
}

#: Reason code → English template, the protocol's list (``info().codes.reasons``)
HINT_REASONS = {code: r.template for code, r in CODES.items()}


# -- words ---------------------------------------------------------------------------------

_ACTION_WORDS = {
    "accept": "accept",
    "reject": "reject and play yourself",
    "4333": "4-3-3-3",
    "ultimatum": "“8 o nulos”",
    "pass": "pass",
    "auction": "open the auction",
    "down": "down",
}


def _say(x: object) -> object:
    """A card or action param in English words."""
    if not isinstance(x, str):
        return x
    if x in INDEX:
        return cards.name(INDEX[x])
    if x.startswith("offer:"):
        return describe_offer(x)
    if x.startswith("up:"):
        return "up with no trump" if x == "up:NT" else f"up with {cards.SUIT_NAMES[SUITS.index(x[3])]} as trumps"
    return _ACTION_WORDS.get(x, x)


def words(code: str, params: Params) -> str:
    """The English sentence of ``code`` with ``params``."""
    shown = {k: _say(v) if k in ("other", "better", "choice") else v for k, v in params.items()}
    return english(HINT_REASONS[code], shown)


def answer(action: str | None, code: str, params: Params) -> Hint:
    return {"action": action, "reason": code, "params": params, "text": words(code, params)}
