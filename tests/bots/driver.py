"""A minimal driver for the bot tests: bots play hands through the core (the benchmark
driver is ``cinch match``)."""

from __future__ import annotations

import random

from tutorial.bots import decide
from tutorial.engine.core import is_legal
from tutorial.engine.observe import observe
from tutorial.engine.profiles import Profile
from tutorial.engine.result import hand_result
from tutorial.engine.state import State


def play_hand(state: State, bots: tuple[str, str, str, str], seed: int) -> State:
    """Play ``state`` to its end, each seat's decisions by its bot (chance by ``seed``)."""
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.chance_outcome(rng))
            continue
        seat = state.to_act
        action = decide(bots[seat], observe(state, seat), seed * 1000 + n)
        assert is_legal(state, action), (bots[seat], action)
        state.apply(action)
        n += 1
    return state


def duplicate_margin(profile: Profile, a: str, b: str, deals: int, seed: int) -> float:
    """Mean change of score per hand of bot ``a``'s side minus ``b``'s, each deal played
    twice with the bots swapped between the partnerships."""
    rng = random.Random(seed)
    total = 0
    for i in range(deals):
        base = State.random_deal(profile, i % 4, rng)
        for seats in ((a, b, a, b), (b, a, b, a)):
            end = play_hand(base.copy(), seats, seed + i)
            d = hand_result(end).delta
            team_a = 0 if seats[0] == a else 1
            total += d[team_a] - d[1 - team_a]
    return total / (2 * deals)
