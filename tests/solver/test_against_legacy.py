"""The new search against the session-2 solver (``tests/solver/legacy.py``, kept
unchanged): every legal card of whole 6-trick openings after the refill, piles included,
valued alike. The new pruning (fail-soft bounds, the quick-trick bound) is checked here on
full openings; ``test_agreement`` checks both against plain minimax on small positions.
A longer campaign (``benchmarks/agree_openings.py``) runs the same comparison on hundreds
of deals."""

from __future__ import annotations

import random

import pytest

from tests.solver.legacy import Search as LegacySearch
from tests.solver.legacy import legacy_values
from tests.solver.test_position import _pile_hand
from tutorial.engine.profiles import get_profile
from tutorial.solver.analyse import solve
from tutorial.solver.deals import random_hand_in_play
from tutorial.solver.position import Position

PLAYED = ("pagat-62", "classic-51")


@pytest.mark.parametrize("profile", PLAYED)
def test_openings_value_every_card_as_the_session_2_solver(profile: str) -> None:
    rng = random.Random(f"legacy-{profile}")
    for _ in range(8):
        hand, _playout = random_hand_in_play(get_profile(profile), rng)
        pos = Position.from_hand(hand)
        analysis = solve(pos)
        assert {a.card: a.value for a in analysis.actions} == legacy_values(pos), pos.describe()


@pytest.mark.parametrize("profile", PLAYED)
def test_pile_openings_value_every_card_as_the_session_2_solver(profile: str) -> None:
    rng = random.Random(f"legacy-pile-{profile}")
    for _ in range(3):
        pos = Position.from_hand(_pile_hand(profile, rng))
        assert pos.pile_size() > 0
        analysis = solve(pos)
        assert {a.card: a.value for a in analysis.actions} == legacy_values(pos), pos.describe()
        for a in analysis.actions:  # the reported pile reaches the reported value
            child = pos.apply((a.card, a.beneath))
            assert child.taken[0] + child.held[0] + legacy_future(child) == a.value[0]


@pytest.mark.parametrize("profile", PLAYED)
def test_after_the_first_trick_every_card_as_the_session_2_solver(profile: str) -> None:
    rng = random.Random(f"legacy-t2-{profile}")
    for _ in range(40):
        hand, playout = random_hand_in_play(get_profile(profile), rng)
        pos = Position.from_hand(hand)
        for card_, beneath in ((c, b) for _s, c, b in playout.plays[: 4 + rng.randrange(3)]):
            pos = pos.apply((card_, beneath))
        analysis = solve(pos)
        assert {a.card: a.value for a in analysis.actions} == legacy_values(pos), pos.describe()


def legacy_future(pos: Position) -> int:
    return LegacySearch(pos).future(pos)
