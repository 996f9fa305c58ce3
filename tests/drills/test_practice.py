"""Spaced repetition in "Mixed" drills: every kind comes back within a bound, whatever the
learner answers or skips (issue 8, defect 18), on FSRS in real time (issue 24): a sitting is
simulated with an injected clock, a puzzle every :data:`PACE` seconds, never sleeping."""

import random
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutorial.drills import practice
from tutorial.drills.kinds import KINDS
from tutorial.progress import ProgressStore, new_learner_code

BOUND = 2 * len(KINDS)
"""Every kind appears in any BOUND consecutive mixed puzzles (the defect: 14 without one)."""
PACE = 40.0
"""Seconds a learner takes over one puzzle in the simulated sitting."""
START = 1_796_220_000.0  # 2026-12-02 ~15:00 UTC


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ProgressStore]:
    """A database in memory-backed storage when there is one (only the speed differs)."""
    shm = Path("/dev/shm")
    folder = Path(tempfile.mkdtemp(prefix="cinch-test-", dir=shm)) if shm.is_dir() else tmp_path
    yield ProgressStore(folder / "p.sqlite3")
    if folder != tmp_path:
        shutil.rmtree(folder, ignore_errors=True)


def _session(store: ProgressStore, answer, puzzles: int = 120, pace: float = PACE) -> list[str]:  # type: ignore[no-untyped-def]
    learner = new_learner_code()
    recent: list[str] = []
    picks = []
    for i in range(puzzles):
        at = START + i * pace
        _, stats = practice.load(store, learner)
        kind, d = practice.next_up(stats, [(k, 1) for k in KINDS], recent, at=at)
        recent.append(kind)
        del recent[: -practice.HISTORY]
        picks.append(kind)
        right = answer(kind, i)
        if right is not None:  # None: "Next puzzle" without answering
            practice.record(store, learner, kind, d, right, at=at + pace / 2)
    return picks


def _assert_every_kind_within_bound(picks: list[str]) -> None:
    for start in range(len(picks) - BOUND + 1):
        window = picks[start : start + BOUND]
        missing = set(KINDS) - set(window)
        assert not missing, (start, missing, window)


@pytest.mark.parametrize("pace", [5.0, PACE, 300.0])
@pytest.mark.parametrize("seed", range(4))
def test_every_kind_comes_back_within_the_bound(
    store: ProgressStore, seed: int, pace: float
) -> None:
    """However fast the sitting goes (5 s a puzzle: nothing falls due again; 5 minutes:
    the learning steps fall due all the time)."""
    rng = random.Random(seed)

    def answer(kind: str, i: int) -> bool | None:
        roll = rng.random()
        return None if roll < 0.2 else roll < 0.6

    _assert_every_kind_within_bound(_session(store, answer, pace=pace))


def test_a_kind_always_missed_does_not_crowd_out_the_others(store: ProgressStore) -> None:
    picks = _session(store, lambda kind, i: kind != "refill")
    _assert_every_kind_within_bound(picks)
    assert picks.count("refill") > len(picks) / len(KINDS)  # still brought back more often


def test_skipping_does_not_repeat_one_kind(store: ProgressStore) -> None:
    picks = _session(store, lambda kind, i: None, puzzles=30)
    _assert_every_kind_within_bound(picks)
    assert picks[: len(KINDS)] == list(KINDS)


def test_a_concept_missed_comes_back_within_minutes_one_known_after_days(
    store: ProgressStore,
) -> None:
    """FSRS's learning steps make "due" within a sitting: a concept answered wrong is due
    again a minute later, one answered right ten minutes later, then after days."""
    learner = new_learner_code()
    wrong = practice.record(store, learner, "refill", 1, False, at=START)
    right = practice.record(store, learner, "trick-winner", 1, True, at=START)
    assert wrong.card.due - START == 60 and right.card.due - START == 600
    again = practice.record(store, learner, "trick-winner", 1, True, at=START + 600)
    assert again.card.due - (START + 600) >= 86400  # graduated: days now
    _, stats = practice.load(store, learner)
    assert practice.due(stats, START + 61) == [("refill", 1)]
    allowed = [(k, 1) for k in KINDS]
    # with every kind seen, the one due (missed) comes first; the one known does not
    recent = [k for k in KINDS if k not in ("refill", "trick-winner")] + ["trick-winner", "refill"]
    assert practice.next_up(stats, allowed, recent, at=START + 61)[0] != "trick-winner"
    assert practice.record(store, learner, "refill", 1, True, at=START + 61).attempts == 2
