"""Random positions of every profile, at every kind of decision (for the bot tests)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from tutorial.engine.profiles import PROFILES
from tutorial.engine.state import State


def random_positions(seed: int, hands: int, every: int = 1) -> Iterator[State]:
    """Copies of states where a seat is to act, from ``hands`` random hands of each profile
    played out by uniformly random actions (every ``every``-th decision is yielded)."""
    rng = random.Random(seed)
    n = 0
    for profile in PROFILES.values():
        for _ in range(hands):
            s = State.random_deal(profile, rng.randrange(4), rng)
            while not s.is_terminal():
                if s.is_chance():
                    s.apply(s.chance_outcome(rng))
                    continue
                if n % every == 0:
                    yield s.copy()
                n += 1
                actions = s.legal_actions()
                s.apply(actions[rng.randrange(len(actions))])
