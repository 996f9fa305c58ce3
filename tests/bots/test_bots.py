"""Every bot: legal actions only, deterministic, blind to the cards its seat cannot see."""

from __future__ import annotations

import random

import pytest

from tests.bots.positions import random_positions
from tests.bots.twins import twin
from tutorial.bots import BOT_NAMES, decide
from tutorial.engine.core import is_legal
from tutorial.engine.errors import InvalidInput
from tutorial.engine.observe import observe
from tutorial.engine.profiles import PAGAT_62
from tutorial.engine.state import State


@pytest.fixture(autouse=True)
def _quick_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert with the evaluator's quick budget: the same procedure on fewer worlds
    (legality, determinism and blindness do not depend on how many; its speed at the
    table's budget is measured in benchmarks/bench_coach.py)."""
    monkeypatch.setenv("CINCH_EVAL_BUDGET", "quick")


# decisions per bot: the heuristic bots over thousands, the searching one over fewer
HANDS = {"random": 60, "rules": 60, "expert": 2}
EVERY = {"random": 1, "rules": 1, "expert": 7}


@pytest.mark.parametrize("bot", BOT_NAMES)
def test_every_decision_is_legal(bot: str) -> None:
    kinds: dict[str, int] = {}
    n = 0
    for state in random_positions(seed=11, hands=HANDS[bot], every=EVERY[bot], scored=True):
        action = decide(bot, observe(state, state.to_act), seed=n)
        assert is_legal(state, action), (bot, state.profile.name, action, state.legal_actions())
        key = state.pending or state.phase.value
        kinds[key] = kinds.get(key, 0) + 1
        n += 1
    assert {"bid", "trump", "play"} <= set(kinds), kinds
    if bot != "expert":
        assert n >= 2000 and {"keep", "dealer_keeps"} <= set(kinds), (n, kinds)


@pytest.mark.parametrize("bot", BOT_NAMES)
def test_decisions_are_deterministic(bot: str) -> None:
    for i, state in enumerate(random_positions(seed=12, hands=2, every=5, scored=True)):
        obs = observe(state, state.to_act)
        assert decide(bot, obs, seed=i) == decide(bot, obs, seed=i)


@pytest.mark.parametrize("bot", BOT_NAMES)
def test_cards_the_seat_cannot_see_never_change_the_decision(bot: str) -> None:
    rng = random.Random(13)
    compared = 0
    every = 3 if bot == "expert" else 1
    positions = random_positions(seed=14, hands=HANDS[bot] // 2 or 1, every=every, scored=True)
    scored = 0
    for i, state in enumerate(positions):
        seat = state.to_act
        other = twin(state, seat, rng)
        if other is None:
            continue
        assert other.dealt != state.dealt or other.stock != state.stock
        assert other.score == state.score
        scored += state.score != (0, 0)
        obs = observe(state, seat)
        assert observe(other, seat) == obs
        assert decide(bot, observe(other, seat), seed=i) == decide(bot, obs, seed=i)
        compared += 1
    assert compared >= (20 if bot == "expert" else 300), compared
    assert scored >= compared // 4, (scored, compared)  # at game scores near the target too


def test_the_game_score_is_public_and_every_seat_sees_it() -> None:
    for state in random_positions(seed=15, hands=2, every=9, scored=True):
        assert {observe(state, seat).score for seat in range(4)} == {state.score}


def test_an_unknown_bot_is_invalid_input() -> None:
    s = State.random_deal(PAGAT_62, 0, random.Random(1))
    with pytest.raises(InvalidInput, match="unknown bot"):
        decide("grandmaster", observe(s, s.to_act), 0)


def test_a_seat_not_to_act_is_invalid_input() -> None:
    s = State.random_deal(PAGAT_62, 0, random.Random(1))
    with pytest.raises(InvalidInput, match="not to act"):
        decide("random", observe(s, (s.to_act + 1) % 4), 0)


def test_the_random_bot_spreads_over_the_legal_actions() -> None:
    s = State.random_deal(PAGAT_62, 0, random.Random(1))
    obs = observe(s, s.to_act)
    picks = {decide("random", obs, seed) for seed in range(200)}
    assert picks == set(s.legal_actions())
