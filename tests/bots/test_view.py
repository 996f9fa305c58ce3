"""The legal actions a bot computes from its observation equal the core's."""

from __future__ import annotations

import random

import pytest

from tests.bots.positions import random_positions
from tutorial.bots.view import dealer_keep_count, legal_actions, tricks_of
from tutorial.engine.errors import InvalidInput
from tutorial.engine.observe import observe
from tutorial.engine.profiles import CLASSIC_51, PAGAT_62
from tutorial.engine.state import DEALER_KEEPS, Phase, State


def test_legal_actions_from_the_observation_equal_the_cores() -> None:
    seen: dict[str, int] = {}
    for state in random_positions(seed=1, hands=60):
        obs = observe(state, state.to_act)
        mine = legal_actions(obs)
        core = state.legal_actions()
        if mine != core:  # only a pile whose scoring trumps the seat cannot know (Low varies)
            assert state.pile_size() and mine and set(mine) < set(core), obs
            seen["unsure pile"] = seen.get("unsure pile", 0) + 1
        key = state.pending or state.phase.value
        seen[key] = seen.get(key, 0) + 1
    assert {"bid", "trump", "keep", "dealer_keeps", "play"} <= set(seen), seen


def test_dealer_keep_count_is_what_the_refill_asks() -> None:
    rng = random.Random(3)
    found = 0
    while found < 200:
        s = State.random_deal(PAGAT_62, rng.randrange(4), rng)
        for _ in range(4):
            s.apply(s.legal_actions()[-1 if s.dealer_forced() else 0])
        s.apply(s.legal_actions()[rng.randrange(4)])
        if s.pending != DEALER_KEEPS:
            continue
        found += 1
        assert dealer_keep_count(observe(s, s.dealer)) == s.pending_info[1]


def test_the_current_trick_and_its_winner() -> None:
    for state in random_positions(seed=2, hands=10):
        if state.phase is not Phase.PLAY:
            continue
        view = tricks_of(observe(state, state.to_act))
        assert len(view.done) == len(state.tricks)
        assert view.winners == tuple(t.winner for t in state.tricks)
        assert view.current == tuple(state.trick_plays)
        if state.trick_plays:
            assert view.best_seat == state.best_seat and view.best_card == state.best_card


def test_only_the_seat_to_act_has_legal_actions() -> None:
    s = State.random_deal(CLASSIC_51, 0, random.Random(1))
    with pytest.raises(InvalidInput):
        legal_actions(observe(s, 0))
