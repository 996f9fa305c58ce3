"""The game score a hand is played at: carried by the state, public in every seat's
observation, kept by copy, undo and the sampled worlds, and checked when a hand is built."""

import random

import pytest

from tests.engine.test_observe import advance
from tutorial.engine.errors import InvalidInput
from tutorial.engine.hand import Hand
from tutorial.engine.observe import observe
from tutorial.engine.profiles import CLASSIC_51, PAGAT_62, PROFILES
from tutorial.engine.scoring import bidder_goes_out, check_score, game_over, hand_decision
from tutorial.engine.state import Phase, State
from tutorial.engine.worlds import resample, sample_world


def test_a_hand_starts_a_new_game_unless_told_otherwise() -> None:
    s = State.random_deal(PAGAT_62, 0, random.Random(1))
    assert s.score == (0, 0)
    assert all(observe(s, seat).score == (0, 0) for seat in range(4))
    assert Hand.random_deal(PAGAT_62, 0, random.Random(1)).state.score == (0, 0)


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_the_score_is_public_and_survives_copy_undo_restart_and_worlds(profile: str) -> None:
    p = PROFILES[profile]
    score = (p.target - 3, p.target - 10)
    rng = random.Random(2)
    s = State.random_deal(p, 1, rng, score=score)
    seen_phases = set()
    for _ in range(60):
        if s.is_terminal():
            break
        assert s.copy().score == score and s.restart().score == score
        if not s.is_chance():
            for seat in range(4):
                obs = observe(s, seat)
                assert obs.score == score
                world = sample_world(obs, rng)
                assert world.score == score and observe(world, seat) == obs
            assert resample(s, s.to_act, rng).score == score
            seen_phases.add(s.phase)
        advance(s, rng, 1)
    assert {Phase.BID, Phase.PLAY} <= seen_phases
    while s.history:
        s.undo()
        assert s.score == score
    fresh = s.restart()
    assert fresh.dealt == s.dealt and fresh.stock == s.stock and not fresh.history


def test_the_score_tells_two_otherwise_equal_observations_apart() -> None:
    a = State.random_deal(PAGAT_62, 2, random.Random(3))
    b = State.random_deal(PAGAT_62, 2, random.Random(3), score=(40, 57))
    assert observe(a, 0) != observe(b, 0)
    assert observe(b, 0).score == (40, 57)


@pytest.mark.parametrize(
    ("profile", "score"),
    [
        (PAGAT_62, (62, 10)),  # one side at the target: the game is won
        (PAGAT_62, (10, 70)),
        (CLASSIC_51, (51, 51)),  # classic-51 counts the bidders first: always decided
        (CLASSIC_51, (51, 20)),
        (PAGAT_62, (1.5, 0)),
        (PAGAT_62, (True, 0)),
        (PAGAT_62, [0, 0]),
        (PAGAT_62, (0, 0, 0)),
        (PAGAT_62, "0-0"),
        (PAGAT_62, (10**9, 0)),
    ],
)
def test_a_score_no_hand_is_played_at_is_refused(profile: object, score: object) -> None:
    assert not isinstance(profile, str)
    with pytest.raises(InvalidInput):
        State.random_deal(profile, 0, random.Random(4), score=score)  # type: ignore[arg-type]
    with pytest.raises(InvalidInput):
        check_score(profile, score)  # type: ignore[arg-type]


def test_scores_of_games_in_progress_are_accepted() -> None:
    for score in [(0, 0), (-20, 61), (61, 61), (62, 62), (70, 64)]:  # both at 62: played on
        check_score(PAGAT_62, score)
        assert not game_over(PAGAT_62, score)
    check_score(CLASSIC_51, (50, -14))
    assert game_over(PAGAT_62, (62, 61)) and game_over(CLASSIC_51, (52, 52))
    hand = Hand.from_deal(
        PAGAT_62,
        0,
        {x: list(range(9 * x, 9 * x + 9)) for x in range(4)},
        list(range(36, 52)),
        score=(55, 58),
    )
    assert hand.state.score == (55, 58)


def test_bidder_goes_out_from_the_engines_rule() -> None:
    assert bidder_goes_out(PAGAT_62, (55, 60)) and not bidder_goes_out(PAGAT_62, (54, 61))
    assert not bidder_goes_out(CLASSIC_51, (50, 50))
    # in force: a bid made wins, whatever the totals; a bid set is scored as usual
    assert hand_decision(PAGAT_62, (55, 60), 0, 7, (7, 7)).winner == 0
    assert hand_decision(PAGAT_62, (55, 60), 0, 8, (7, 7)).winner == 1  # BD 67
    assert hand_decision(PAGAT_62, (54, 60), 0, 7, (7, 7)).winner == 1  # not in force
    assert hand_decision(PAGAT_62, (10, 20), 0, 7, (7, 7)).winner is None
