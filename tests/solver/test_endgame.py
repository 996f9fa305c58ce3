"""The last two tricks solved directly (``endgame.two_tricks``) and cached by the
relative-rank key (``Search.last_two``): the value is plain alpha-beta's (which uses none of
the fast search) on random two-trick endings of both profiles, alone and with one
``Search`` (so one cache) shared by all of them, and every card of positions one and two
tricks earlier is valued as the session-2 solver values it."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tests.solver.legacy import legacy_values
from tutorial.engine.profiles import get_profile
from tutorial.solver.analyse import solve
from tutorial.solver.deals import random_position
from tutorial.solver.endgame import two_tricks
from tutorial.solver.position import Position
from tutorial.solver.reference import alphabeta
from tutorial.solver.search import Search

PLAYED = ("pagat-62", "classic-51")


def _two_trick_endings(profile: str, seed: str, count: int, alike: bool = False) -> list[Position]:
    """Random boundaries where every hand holds two cards; with ``alike``, all with the
    trump and point table of the first (so that one ``Search`` keeps its tables)."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        pos = Position.from_hand(random_position(get_profile(profile), rng, 16))
        if pos.plays or pos.is_over() or any(h.bit_count() != 2 for h in pos.hands):
            continue
        if alike and out and (pos.trump, pos.capture) != (out[0].trump, out[0].capture):
            continue
        out.append(pos)
    return out


@pytest.mark.parametrize("profile", PLAYED)
def test_two_tricks_is_the_exact_value(profile: str) -> None:
    for pos in _two_trick_endings(profile, f"two-{profile}", 400):
        search = Search(pos)
        search.hands = [search.to_s(h) for h in pos.hands]
        assert two_tricks(search, pos.leader) == alphabeta(pos), pos.describe()


@pytest.mark.parametrize("profile", PLAYED)
def test_one_cache_across_many_endings_keeps_every_value(profile: str) -> None:
    """Every test window on endings of many deals, each led by every seat in turn, through
    one ``Search`` (one cache, the endings that share a relative-rank key and leader
    sharing one value): every answer is right."""
    endings = _two_trick_endings(profile, f"two-shared-{profile}", 100, alike=True)
    search = Search(endings[0])
    for ending in endings:
        for leader in range(4):
            pos = dataclasses.replace(ending, leader=leader)
            exact = alphabeta(pos)
            for need in range(pos.remaining + 2):
                assert search.at_least(pos, need) == (exact >= need), (need, pos.describe())
    # the endings the bounds did not decide were solved into the one cache
    assert len(search.last_two) > len(endings) // 4


@pytest.mark.parametrize("profile", PLAYED)
def test_positions_before_the_endings_value_every_card_as_before(profile: str) -> None:
    rng = random.Random(f"two-before-{profile}")
    for i in range(24):
        hand = random_position(get_profile(profile), rng, 12 + 4 * (i % 2) - 1 - i % 3)
        pos = Position.from_hand(hand)
        if pos.is_over():
            continue
        assert {a.card: a.value for a in solve(pos).actions} == legacy_values(pos)
