import random

import pytest

from tutorial.engine.playout import random_playout
from tutorial.engine.profiles import PAGAT_62, PROFILES
from tutorial.engine.simulate import InvariantError, check_playout, simulate


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_simulate_every_profile_keeps_every_invariant(profile: str) -> None:
    report = simulate(PROFILES[profile], 1500, seed=11)
    assert report.hands == 1500
    assert report.made > 0
    assert report.games_finished > 0


def test_simulate_is_deterministic_for_a_seed() -> None:
    a = simulate(PAGAT_62, 300, seed=5)
    b = simulate(PAGAT_62, 300, seed=5)
    assert (a.made, a.reshuffles, a.piles, a.games_finished) == (
        b.made,
        b.reshuffles,
        b.piles,
        b.games_finished,
    )


def test_simulate_sees_reshuffles_and_piles_in_pagat() -> None:
    report = simulate(PAGAT_62, 4000, seed=3)
    assert report.reshuffles > 0
    assert report.piles > 0


def _one_playout():
    rng = random.Random(8)
    while True:
        p = random_playout(PAGAT_62, 0, rng)
        if p.bidder is not None:
            return p


def test_check_playout_catches_a_point_total_that_is_not_14() -> None:
    p = _one_playout()
    bad = p._replace(points=(p.points[0] + 1, p.points[1]))
    with pytest.raises(InvariantError):
        check_playout(PAGAT_62, bad)


def test_check_playout_catches_a_card_played_twice() -> None:
    p = _one_playout()
    plays = list(p.plays)
    plays[5] = (plays[5][0], plays[4][1], ())
    with pytest.raises(InvariantError, match="played twice"):
        check_playout(PAGAT_62, p._replace(plays=plays))


def test_check_playout_catches_a_wrong_score_change() -> None:
    p = _one_playout()
    bad = p._replace(delta=(p.delta[0] + 1, p.delta[1]))
    with pytest.raises(InvariantError, match="score change"):
        check_playout(PAGAT_62, bad)
