"""The move clock's timing at a table with people away: for whom it runs, and when it runs
out (``kingweb.session`` asks it after every change; the table's ``on_clock`` says whose
decision is timed, ``time_out`` what the stand-in plays)."""

import math
import time
from collections.abc import Callable
from typing import TypedDict

from .table import Table


class Deadline(TypedDict):
    """The move clock running for the person at ``seat``: ``ms`` milliseconds left when
    this was written (each page counts down from when it received it: the host's clock
    and a guest's need not agree)."""

    seat: int
    ms: int


class Timeout(TypedDict):
    """The move clock ran out for ``seat``: its stand-in made the decision told by event
    ``n``; ``away``: that was the seat's third timeout in a row, and the stand-in plays on."""

    seat: int
    n: int
    away: bool


#: The longest a new deal's move clock waits for the last deal's summary (seconds).
SUMMARY_MAX = 30


def summary_wait(clock: int) -> int:
    """How long after a deal is dealt its move clock begins: one decision's time, at most
    ``SUMMARY_MAX``, for the people to read the last deal's summary (each page closes it
    when its own seat's clock begins), so that no one loses a decision behind it and no
    one who never closes it holds the table longer than that."""
    return min(clock, SUMMARY_MAX)


class MoveClock:
    """When the decision now timed runs out, on the time source ``now`` (seconds; a test
    gives a fake one)."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        # the turn it runs for: (seat, actions before the decision, when it runs out)
        self._turn: tuple[int, int, float] | None = None
        # the deal it last saw and when it was dealt (a new deal's clock waits for the
        # last deal's summary: SUMMARY_MAX)
        self._dealt: tuple[int, float] = (0, -math.inf)

    def reset(self, deal_no: int) -> None:
        """A table opened: nothing runs yet (one opened mid-deal waits on no summary)."""
        self._turn = None
        self._dealt = (deal_no, -math.inf)

    def deadline(self, t: Table) -> Deadline | None:
        """The move clock now: for whom it runs and how long it has left (None: it does
        not run).  It starts when the decision becomes the person's: every answer that
        changes the table asks, so the host's timer is armed at once.  In a deal after the
        first, no earlier than ``summary_wait`` seconds after the deal was dealt, as every
        page shows the last deal's summary meanwhile (and closes it when its own seat's
        clock begins): a person does not lose a decision behind it."""
        now = self.now()
        if t.game.deal_no != self._dealt[0]:
            self._dealt = (t.game.deal_no, now)
        seat = t.on_clock()
        if seat is None or t.clock is None:
            self._turn = None
            return None
        turn = len(t.game.actions)
        if self._turn is None or self._turn[:2] != (seat, turn):
            start = max(now, self._dealt[1] + summary_wait(t.clock))
            self._turn = (seat, turn, start + t.clock)
        return {"seat": seat, "ms": max(0, math.ceil((self._turn[2] - now) * 1000))}
