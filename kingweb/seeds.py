"""A match's seed: drawn, read and written.

Every deal of a match is shuffled by ``random.Random(seed)``, so whoever knows the seed
knows every hand.  A guest knows its own cards and can try seeds against them offline: a
seed drawn from 2³¹ values fell to a plain loop in minutes.  So a new match draws
``BITS`` bits from the operating system's CSPRNG (``secrets``), far beyond any search.

JavaScript reads JSON numbers as doubles, exact only below 2⁵³, and a seed passes through
the page's JSON (the save the worker keeps, a shared link, a record).  So in JSON a seed
is a number below 2⁵³ and otherwise the string of its decimal digits (``to_json``);
``read`` takes either, so saves, links and records with the small seeds of older pages
(and the daily's public 31-bit seeds) read as before.
"""

import re
import secrets

from .errors import RulesError, describe

BITS = 128
LIMIT = 2**BITS  # every seed is below this
SAFE = 2**53  # JavaScript reads a number below this exactly
_DIGITS = re.compile(r"0|[1-9][0-9]{0,38}")  # a string seed: no sign, no leading zero


def new() -> int:
    """A new match's seed: ``BITS`` bits from the operating system's CSPRNG."""
    return secrets.randbits(BITS)


def read(value: object, field: str = "seed") -> int:
    """A seed from outside: a whole number ``0 ≤ seed < LIMIT``, as a JSON number or as
    the string of its decimal digits; anything else raises ``RulesError("bad-seed")``."""
    if isinstance(value, str) and _DIGITS.fullmatch(value):
        value = int(value)
    if type(value) is not int or not 0 <= value < LIMIT:
        raise RulesError(
            "bad-seed",
            f"{field}: {describe(value)} is not allowed (a whole number 0 ≤ seed < 2^{BITS}, or its decimal digits)",
        )
    return value


def to_json(seed: int) -> int | str:
    """``seed`` as JSON that JavaScript reads exactly: a number below 2⁵³, else its digits."""
    return seed if seed < SAFE else str(seed)
