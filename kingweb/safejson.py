"""JSON text from outside, read with a bound on nesting.

``json.loads`` recurses once per level: thousands of nested brackets exhaust the stack
(a ``RecursionError`` in CPython, a dead worker in the browser's smaller WebAssembly
stack).  No kingweb request, save or snapshot nests more than a few levels, so anything
deeper than ``MAX_DEPTH`` is refused before it is parsed.
"""

import json
import re
from typing import Any

MAX_DEPTH = 32

# a bracket, or a whole string (so that brackets inside strings do not count)
_TOKENS = re.compile(r'[\[\]{}]|"(?:[^"\\]|\\.)*"', re.S)


def loads(text: str | bytes | bytearray) -> Any:
    """``json.loads(text)``, or ``ValueError`` for text nested deeper than ``MAX_DEPTH``
    (and, as ``json.loads``, for text that is not JSON; ``TypeError`` for a non-text)."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(f"expected JSON text, not {type(text).__name__}")
    s = text if isinstance(text, str) else bytes(text).decode("utf-8", "replace")
    if s.count("[") + s.count("{") > MAX_DEPTH:  # only then can it be too deep
        depth = 0
        for m in _TOKENS.finditer(s):
            c = m.group()
            if c in "[{":
                depth += 1
                if depth > MAX_DEPTH:
                    raise ValueError(f"nested deeper than {MAX_DEPTH} levels")
            elif c in "]}":
                depth -= 1
    return json.loads(text)
