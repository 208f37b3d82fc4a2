import random

import pytest


def play_out(g, rng=None, until=None):
    """Play random legal actions until the game is over (or ``until(g)`` holds)."""
    rng = rng or random.Random(0)
    while not g.over and not (until and until(g)):
        g.act(rng.choice(g.legal()))
    return g


@pytest.fixture
def rng():
    return random.Random(12345)
