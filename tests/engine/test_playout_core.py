"""The fast playout pinned to the rules core step by step (as perft pins a move generator):
at every decision of thousands of random hands of every profile, the legal set the fast
loops choose from is the core's legal set, and the finished hands agree."""

import random
import sys
from pathlib import Path

import pytest

from tutorial.engine.actions import Action, Call, PlayCard
from tutorial.engine.playout import Playout, random_playout, replay_playout
from tutorial.engine.profiles import PROFILES
from tutorial.engine.result import hand_result
from tutorial.engine.state import Phase, State

HANDS = 1500


def _pinned(profile: str, seed: int) -> tuple[Playout, State, int]:
    prof = PROFILES[profile]
    trace: list[tuple[int, object]] = []
    p = random_playout(prof, seed & 3, random.Random(seed), trace)
    decisions = iter(trace)
    count = 0

    def check(state: State, action: Action) -> None:
        nonlocal count
        if state.phase is Phase.BID:
            seat, calls = next(decisions)
            assert seat == state.to_act
            assert calls == state.legal_calls()
            count += 1
        elif state.phase is Phase.PLAY:
            seat, tops = next(decisions)
            assert seat == state.to_act
            assert tops == state.legal_play_mask(), (profile, seed, len(state.tricks))
            assert isinstance(action, PlayCard)
            if action.beneath or state.pile_size():
                assert action in state.legal_actions()
            count += 1
        # the refill decisions are the profile's refill function, shared with the core
        assert not isinstance(action, Call) or state.phase is Phase.BID

    state = replay_playout(prof, p, check)
    assert next(decisions, None) is None, "the playout made more decisions than the core"
    return p, state, count


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_the_fast_playout_lists_the_cores_legal_set_at_every_decision(profile: str) -> None:
    total = 0
    for seed in range(HANDS):
        p, state, n = _pinned(profile, seed)
        total += n
        r = hand_result(state)
        assert r.thrown_in == (p.bidder is None)
        assert (r.points, r.owners, r.made, r.delta) == (p.points, p.owners, p.made, p.delta)
        if not r.thrown_in:
            assert r.hands_after_refill == p.start_hands
            assert r.captured == p.captured
            assert len(r.tricks) == p.tricks
    assert total > HANDS * 10


def test_a_wrong_legal_set_in_the_fast_path_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pin can fail: a fast path whose legal set forgets the follow rule is caught at
    the first decision where it matters, before any final result is compared."""
    import tutorial.engine.playout as fast

    original = fast._pile_tops

    def lax(h: int, legal: int, k: int, forbidden: int, first: bool) -> int:
        return original(h, h, k, forbidden, first)  # forgets the follow rule

    monkeypatch.setattr(fast, "_pile_tops", lax)
    with pytest.raises(AssertionError):
        for seed in range(50):
            _pinned("pagat-62", seed)


def test_the_new_playout_deals_and_plays_exactly_as_the_previous_engine() -> None:
    """Seeded random hands (drills, simulate) are unchanged: the frozen copy of the
    previous playout in benchmarks/ gives the same record for the same seed."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    try:
        import previous_engine
    finally:
        sys.path.pop(0)
    for name, prof in PROFILES.items():
        if not prof.draw:
            continue  # no such profile before
        for seed in range(300):
            old = previous_engine.random_playout(prof, seed & 3, random.Random(seed))
            new = random_playout(prof, seed & 3, random.Random(seed))
            assert tuple(old) == tuple(new), (name, seed)
