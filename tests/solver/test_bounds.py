"""The bounds a trick boundary gets before it is searched (``Search.quick_bounds``: sure
points and quick tricks) hold: the exact value, from plain alpha-beta (which uses none of
the fast search), lies between them on random boundaries of both profiles."""

from __future__ import annotations

import random

import pytest

from tutorial.engine.profiles import get_profile
from tutorial.solver.deals import random_position
from tutorial.solver.position import Position
from tutorial.solver.reference import alphabeta
from tutorial.solver.search import Search

PLAYED = ("pagat-62", "classic-51")


def _sure(search: Search, pos: Position) -> int:
    """AC's point cards above every trump of BD (the bound before the quick tricks)."""
    hands = [search.to_s(h) for h in pos.hands]
    ac, bd = hands[0] | hands[2], hands[1] | hands[3]
    best_bd = (bd & search.trumps).bit_length()
    return sum(
        search.pts[c] for c in range(52) if ac >> c & 1 and search.pm >> c & 1 and c >= best_bd
    )


@pytest.mark.parametrize("profile", PLAYED)
def test_quick_bounds_hold_the_exact_value(profile: str) -> None:
    rng = random.Random(f"bounds-{profile}")
    tighter = 0
    for i in range(300):
        tricks_left = 2 + i % 2
        hand = random_position(get_profile(profile), rng, 4 * (6 - tricks_left))
        pos = Position.from_hand(hand)
        if pos.plays or pos.is_over():
            continue
        search = Search(pos)
        lo, hi = search.quick_bounds(pos)
        exact = alphabeta(pos)
        assert lo <= exact <= hi, (lo, exact, hi, pos.describe())
        tighter += lo > _sure(search, pos)
    # the quick tricks (a partner's point card dropped on a sure trump) do add to the sure points
    assert tighter >= 10


def test_the_partner_of_the_top_trump_drops_its_pedro_whoever_leads() -> None:
    """A holds the top trumps, C the Pedro; B leads: AC still takes the Pedro (C drops it
    on A's winner), so the lower bound counts it."""
    rng = random.Random("bounds-pedro")
    found = 0
    for _ in range(400):
        hand = random_position(get_profile("pagat-62"), rng, 12)
        pos = Position.from_hand(hand)
        if pos.plays or pos.is_over():
            continue
        search = Search(pos)
        lo, _hi = search.quick_bounds(pos)
        if pos.leader & 1 and lo >= _sure(search, pos) + 5:
            assert lo <= alphabeta(pos)
            found += 1
    assert found >= 3
