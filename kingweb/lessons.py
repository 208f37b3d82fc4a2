"""Interactive lessons: one position each, built with ``scenario``, and the play(s) that
answer it.  A wrong but legal play is explained by what it costs against the answer and
why the answer is right (the hint reasons of ``kingweb.bots.hints``); an illegal one by
the engine's rule message; a right one by why it is right (``why``).  Texts live with the page (four languages); here are
the positions and the answers, so that the tests can prove every lesson solvable.
"""

from dataclasses import dataclass, field
from typing import Any

from . import IllegalAction, RulesError, scenario
from .cards import INDEX, SUITS
from .game import Game
from .views import Hint
from .whist import CONTRACT as WHIST


@dataclass(frozen=True)
class Lesson:
    id: str  # "king/heart-lead-ban": game/name
    contract: str
    hands: tuple[tuple[str, ...], ...]
    seat: int  # the learner's seat
    answers: tuple[str, ...]  # the right plays
    where: dict[str, Any] = field(default_factory=dict)
    before: tuple[str, ...] = ()  # actions played before the learner's turn
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def game(self) -> str:
        return self.id.split("/")[0]

    def position(self) -> Game:
        g = scenario(self.game, self.contract, [list(h) for h in self.hands], self.options or None, **self.where)
        for a in self.before:
            g.act(a)
        if g.turn != self.seat:
            raise RulesError("unknown-lesson", f"lesson {self.id}: seat {self.seat} is not to act", lesson=self.id)
        return g


def _h(*hands: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(h.split()) for h in hands)


LESSONS = {
    lesson.id: lesson
    for lesson in [
        # -- King --------------------------------------------------------------------------------
        Lesson(
            "king/follow-suit",
            "tricks",
            _h("2D 8D 9S", "5C 6C 7C", "8C TD JD", "QC 3D 4D"),
            0,
            ("2D", "8D"),
            {"leader": 3},
            ("3D",),
        ),
        Lesson(
            "king/heart-lead-ban",
            "hearts",
            _h("AH 2H 9C", "3C 4C 5C", "6C 7C 8C", "TC JC QC"),
            0,
            ("9C",),
            {"leader": 0},
        ),
        Lesson(
            "king/king-of-hearts",
            "king-of-hearts",
            _h("KH 3H 2S", "4C 5C 6C", "7C 8C 9C", "TC JC QC"),
            0,
            ("KH",),
            {"leader": 1},
            ("4C", "7C", "TC"),
        ),
        Lesson(
            "king/duck",
            "tricks",
            _h("8C KC 2D", "9C 3D 4D", "5C 5D 6D", "6C 7D 8D"),
            0,
            ("8C",),
            {"leader": 1},
            ("9C", "5C", "6C"),
        ),
        Lesson(
            "king/auction-preference",
            "positive",
            _h(
                "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
                "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
                "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
                "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
            ),
            1,
            ("offer:up:5",),
            {"dealer": 0},
            ("auction", "offer:up:4", "pass", "offer:up:5"),
        ),
        Lesson(
            "king/4333",
            "positive",
            # no card above a queen for up, no low card for down: a weak hand either way
            _h(
                "7H 9S 6C TC 9D 7D 9C 6D QS TH 6H 8D 7C",
                "5D 4C 5S 3H 7S 2H JC 5C JH QC 3S QD 4D",
                "9H JD 8C 2C 2D 5H AD AH TD AS 2S 4S AC",
                "3C 8S TS 3D KS 8H KD 6S 4H KH KC JS QH",
            ),
            0,
            ("4333",),
            {"dealer": 0},
            ("auction", "offer:up:1", "pass", "pass"),
        ),
        # -- Кинг ---------------------------------------------------------------------------------
        Lesson(
            "kingru/follow-suit",
            "no-tricks",
            _h("7D 9D AS", "8C 9C TC", "JC JD QD", "QC KD AD"),
            0,
            ("7D", "9D"),
            {"leader": 3},
            ("KD",),
        ),
        Lesson(
            "kingru/heart-lead-ban",
            "hearts",
            _h("AH 7H 9C", "7C 8C TC", "JC QC KC", "7D 8D 9D"),
            0,
            ("9C",),
            {"leader": 0},
        ),
        Lesson(
            "kingru/duck",
            "no-tricks",
            _h("8C KC 7D", "9C 8D 9D", "7C TD JD", "TC QD KD"),
            0,
            ("8C",),
            {"leader": 1},
            ("9C", "7C", "TC"),
        ),
        Lesson(
            "kingru/boys",
            "no-boys",
            _h("JS 7S 7H", "AC 8C 9C", "TC QC KC", "7D 8D 9D"),
            0,
            ("JS",),
            {"leader": 1},
            ("AC", "TC", "7D"),
        ),
        Lesson(
            "kingru/girls",
            "girls",
            _h("AC 9C 7S", "QC 8S 8H", "7C 9S 9H", "8C TS TH"),
            0,
            ("AC",),
            {"leader": 1},
            ("QC", "7C", "8C"),
        ),
        Lesson(
            "kingru/eralash",
            "no-everything",
            _h("KH 7S 8S", "AC 8C 9C", "TC QC KC", "7D 8D 9D"),
            0,
            ("KH",),
            {"leader": 1},
            ("AC", "TC", "7D"),
        ),
        # -- German Whist ---------------------------------------------------------------------------
        Lesson(
            "whist/follow-suit",
            WHIST,
            _h("2C 5C 9H", "KC 4D 5D"),
            0,
            ("2C", "5C"),
            {"dealer": 0, "stock": ["6D", "7D", "8D", "9D", "TD", "JD"], "trump": "S"},
            ("KC",),
        ),
        Lesson(
            "whist/take-faceup",
            WHIST,
            _h("2S KS 3H", "QS 4D 5D"),
            0,
            ("KS",),
            {"dealer": 0, "stock": ["AS", "7D", "8D", "9D", "TD", "JD"]},
            ("QS",),
        ),
        Lesson(
            "whist/refuse-faceup",
            WHIST,
            _h("2H AH 3C", "KH 4D 5D"),
            0,
            ("2H",),
            {"dealer": 0, "stock": ["2D", "7C", "8C", "9C", "TC", "JC"], "trump": "S"},
            ("KH",),
        ),
        Lesson(
            "whist/trump-wins",
            WHIST,
            _h("2S 3C 4C", "AH 5D 6D"),
            0,
            ("2S",),
            {"dealer": 0, "stock": ["AS", "7D", "8D", "9D", "TD", "JD"]},
            ("AH",),
        ),
        Lesson("whist/endgame-lead", WHIST, _h("3C 8H 4S", "6D 2H 8S"), 1, ("8S",), {"dealer": 0, "trump": "S"}),
        Lesson(
            "whist/endgame-discard",
            WHIST,
            _h("TC 3D 4S", "QC 5D QH"),
            1,
            ("QH",),
            {"dealer": 1, "trump": "S"},
            ("4S",),
        ),
    ]
}


def check(lesson_id: str, action: str) -> tuple[IllegalAction | None, Hint | None, Hint | None]:
    """How an answer to a lesson fares: ``(None, None, None)`` right; ``(refusal, None,
    None)`` illegal, with the ``IllegalAction`` the engine raised; ``(None, better, cost)``
    legal but wrong: ``better`` a right play and why (the hint when it names
    a right answer, else the facts that make the lesson's answer right), ``cost`` what the
    chosen play costs against it."""
    from .bots.hints import cost, hint, reason_for

    lesson = LESSONS[lesson_id]
    g = lesson.position()
    if action in lesson.answers:
        return None, None, None
    if action not in g.legal():
        try:
            g.act(action, seat=lesson.seat)
        except IllegalAction as e:
            return e, None, None
    view = g.view(lesson.seat)
    better = reason_for(view, lesson.answers[0])
    if better is None:
        bots = hint(g, lesson.seat)
        better = bots if bots["action"] in lesson.answers else None
    if better is None:  # pragma: no cover - tests/bots/test_hints.py: every answer has its reason
        raise AssertionError(f"lesson {lesson_id}: no reason holds for {lesson.answers[0]}")
    return None, better, cost(view, action, str(better["action"]))


def why(lesson_id: str, action: str) -> Hint:
    """Why ``action``, one of the lesson's answers, is right in the lesson's position: in a
    lesson of the rule (every legal card is an answer), the rule; else the first reason
    whose facts hold for it, or the bots' own when they play it too."""
    from .bots.hintfacts import Facts
    from .bots.hints import hint, reason_for
    from .bots.reasons import CODES, answer

    lesson = LESSONS[lesson_id]
    if action not in lesson.answers:
        raise RulesError("bad-request", f"{action} is not an answer of lesson {lesson_id}", field="action")
    g = lesson.position()
    view = g.view(lesson.seat)
    legal = g.legal()
    if len(legal) > 1 and set(legal) <= set(lesson.answers) and action in INDEX:
        params = {"card": action, "suit": SUITS[INDEX[action] // 13]}
        if CODES["follows-suit"].holds(Facts.of_view(view), action, params):
            return answer(action, "follows-suit", params)
    found = reason_for(view, action)
    if found is None:
        bots = hint(g, lesson.seat)
        found = bots if bots["action"] == action else None
    if found is None:  # pragma: no cover - tests/bots/test_hints.py: every answer has its reason
        raise AssertionError(f"lesson {lesson_id}: no reason holds for {action}")
    return found
