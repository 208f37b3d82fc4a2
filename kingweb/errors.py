"""The two exceptions of the public API.

Both are ``ValueError`` subclasses so that callers who only care that the input was
bad can catch ``ValueError``; callers who care *which* input was bad catch these.
"""


class RulesError(ValueError):
    """A bad request before or outside play: an unknown game, contract, option or
    option value, a malformed scenario hand, or a corrupt or foreign JSON snapshot.
    The message names the bad field and what is allowed."""


class IllegalAction(ValueError):
    """An action the rules do not allow in the current position.

    The message says why in plain words ("must follow suit: hearts"); the game is left
    exactly as it was before the call.
    """
