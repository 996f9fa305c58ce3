"""The solver's entry points over the core's State, and reusing one Search across calls."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tutorial.engine.errors import InvalidInput
from tutorial.engine.profiles import get_profile
from tutorial.engine.state import State
from tutorial.solver import solve_state, value_state
from tutorial.solver.analyse import solve, value
from tutorial.solver.deals import random_position
from tutorial.solver.position import Position
from tutorial.solver.search import Search

PLAYED = ("pagat-62", "classic-51")


@pytest.mark.parametrize("profile", PLAYED)
def test_solve_state_and_value_state_answer_as_the_position_does(profile: str) -> None:
    rng = random.Random(f"state-api-{profile}")
    for _ in range(20):
        hand = random_position(get_profile(profile), rng, 8 + rng.randrange(10))
        state = hand.state
        before = state.copy()
        analysis = solve_state(state)
        pos = Position.from_hand(hand)
        reference = solve(pos)
        assert analysis.value == reference.value == value_state(state) == value(pos)
        assert analysis.actions == reference.actions and analysis.best == reference.best
        assert analysis.to_play == state.to_act
        # the state is untouched
        assert state.hands == before.hands and state.trick_plays == before.trick_plays
        assert len(state.history) == len(before.history)


def test_a_state_outside_the_play_phase_is_refused_clearly() -> None:
    state = State.random_deal(get_profile("pagat-62"), 0, random.Random(1))
    with pytest.raises(InvalidInput, match="play phase"):
        solve_state(state)
    with pytest.raises(InvalidInput, match="play phase"):
        value_state(state)


def test_one_search_reused_across_deals_and_profiles_gives_fresh_answers() -> None:
    """A Search keeps its table only for positions with the same trump and point table;
    reusing one across unrelated deals of both profiles must never change an answer."""
    rng = random.Random("reuse")
    shared: Search | None = None
    for i in range(40):
        profile = get_profile(PLAYED[i % 2])
        hand = random_position(profile, rng, 4 + rng.randrange(16))
        pos = Position.from_hand(hand)
        if shared is None:
            shared = Search(pos)
        fresh, reused = solve(pos), solve(pos, shared)
        assert (reused.value, reused.actions, reused.best) == (
            fresh.value,
            fresh.actions,
            fresh.best,
        )
        assert value_state(hand.state, shared) == value(pos)


def test_reuse_across_worlds_of_one_position_keeps_the_table_and_the_answers() -> None:
    """Worlds that differ only in where the hidden cards lie (same cards in play, so the
    same point table) share the table; answers equal fresh solves."""
    rng = random.Random("worlds")
    profile = get_profile("pagat-62")
    hand = random_position(profile, rng, 5)
    pos = Position.from_hand(hand)
    search = Search(pos)
    seat = pos.to_play
    others = [s for s in range(4) if s != seat]
    for _ in range(12):
        # deal the other seats' cards again, keeping each seat's count
        pool = [c for s in others for c in range(52) if pos.hands[s] >> c & 1]
        rng.shuffle(pool)
        hands = list(pos.hands)
        for s in others:
            n = pos.hands[s].bit_count()
            hands[s] = sum(1 << c for c in pool[:n])
            pool = pool[n:]
        world = dataclasses.replace(pos, hands=(hands[0], hands[1], hands[2], hands[3]))
        table = search.tt
        fresh = solve(world)
        reused = solve(world, search)
        assert reused.value == fresh.value and reused.actions == fresh.actions
        assert search.tt is table  # kept, not cleared
