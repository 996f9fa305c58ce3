"""Random positions of every profile, at every kind of decision (for the bot tests)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from tutorial.engine.profiles import PROFILES, Profile
from tutorial.engine.scoring import FRESH_GAME, game_over
from tutorial.engine.state import State


def random_score(profile: Profile, rng: random.Random) -> tuple[int, int]:
    """A game score of a game in progress, often near the target (and under bidder goes
    out where the profile has it)."""
    while True:
        low = profile.target - 16
        score = (rng.randrange(low, profile.target + 4), rng.randrange(low, profile.target + 4))
        if not game_over(profile, score):
            return score


def random_positions(
    seed: int, hands: int, every: int = 1, *, scored: bool = False
) -> Iterator[State]:
    """Copies of states where a seat is to act, from ``hands`` random hands of each profile
    played out by uniformly random actions (every ``every``-th decision is yielded);
    ``scored``: every other hand is played at a random game score near the target."""
    rng = random.Random(seed)
    n = 0
    k = 0
    for profile in PROFILES.values():
        for _ in range(hands):
            k += 1
            score = random_score(profile, rng) if scored and k % 2 == 0 else FRESH_GAME
            s = State.random_deal(profile, rng.randrange(4), rng, score=score)
            while not s.is_terminal():
                if s.is_chance():
                    s.apply(s.chance_outcome(rng))
                    continue
                if n % every == 0:
                    yield s.copy()
                n += 1
                actions = s.legal_actions()
                s.apply(actions[rng.randrange(len(actions))])
