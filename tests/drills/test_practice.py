"""Spaced repetition in "Mixed" drills: every kind comes back within a bound, whatever the
learner answers or skips (issue 8, defect 18)."""

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


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ProgressStore]:
    """A database in memory-backed storage when there is one (only the speed differs)."""
    shm = Path("/dev/shm")
    folder = Path(tempfile.mkdtemp(prefix="cinch-test-", dir=shm)) if shm.is_dir() else tmp_path
    yield ProgressStore(folder / "p.sqlite3")
    if folder != tmp_path:
        shutil.rmtree(folder, ignore_errors=True)


def _session(store: ProgressStore, answer, puzzles: int = 120) -> list[str]:  # type: ignore[no-untyped-def]
    learner = new_learner_code()
    recent: list[str] = []
    picks = []
    for i in range(puzzles):
        counter, stats = practice.load(store, learner)
        kind, d = practice.next_up(counter, stats, [(k, 1) for k in KINDS], recent)
        recent.append(kind)
        del recent[: -practice.HISTORY]
        picks.append(kind)
        right = answer(kind, i)
        if right is not None:  # None: "Next puzzle" without answering
            practice.record(store, learner, kind, d, right)
    return picks


def _assert_every_kind_within_bound(picks: list[str]) -> None:
    for start in range(len(picks) - BOUND + 1):
        window = picks[start : start + BOUND]
        missing = set(KINDS) - set(window)
        assert not missing, (start, missing, window)


@pytest.mark.parametrize("seed", range(6))
def test_every_kind_comes_back_within_the_bound(store: ProgressStore, seed: int) -> None:
    rng = random.Random(seed)

    def answer(kind: str, i: int) -> bool | None:
        roll = rng.random()
        return None if roll < 0.2 else roll < 0.6

    _assert_every_kind_within_bound(_session(store, answer))


def test_a_kind_always_missed_does_not_crowd_out_the_others(store: ProgressStore) -> None:
    picks = _session(store, lambda kind, i: kind != "refill")
    _assert_every_kind_within_bound(picks)
    assert picks.count("refill") > len(picks) / len(KINDS)  # still brought back more often


def test_skipping_does_not_repeat_one_kind(store: ProgressStore) -> None:
    picks = _session(store, lambda kind, i: None, puzzles=30)
    _assert_every_kind_within_bound(picks)
    assert picks[: len(KINDS)] == list(KINDS)
