from __future__ import annotations

import random

import pytest

from tutorial.engine.profiles import Profile
from tutorial.engine.state import Phase, State


def random_hand(profile: Profile, seed: int, bidder: int = 0) -> State:
    """A finished hand of random legal play in which ``bidder`` takes the contract."""
    rng = random.Random(seed)
    s = State.random_deal(profile, (bidder + 3) % 4, rng)
    finish(s, rng, bidder)
    return s


def finish(s: State, rng: random.Random, bidder: int = 0) -> None:
    while s.phase is not Phase.DONE:
        if s.is_chance():
            s.apply(s.chance_outcome(rng))
            continue
        acts = s.legal_actions()
        if s.phase is Phase.BID:
            s.apply(acts[-1] if s.to_act == bidder else acts[0])
        else:
            s.apply(rng.choice(acts))


@pytest.fixture(autouse=True)
def _quick_evaluator(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach's tests on the evaluator's quick budget: the same procedure on fewer
    worlds (tests/coach/test_agreement.py's long run uses the table's)."""
    monkeypatch.setenv("CINCH_EVAL_BUDGET", "quick")
