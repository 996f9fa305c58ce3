"""The process pool runs decisions in other processes and gives the same answers."""

from __future__ import annotations

import os
import pickle
import random

import pytest

from tests.bots.positions import random_positions
from tutorial.bots import decide, pool
from tutorial.engine.errors import InvalidInput
from tutorial.engine.observe import observe
from tutorial.engine.profiles import PAGAT_62
from tutorial.engine.state import State


def test_an_observation_survives_pickling() -> None:
    for state in random_positions(seed=21, hands=1, every=4):
        obs = observe(state, state.to_act)
        assert pickle.loads(pickle.dumps(obs)) == obs


def test_decisions_in_the_pool_equal_decisions_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CINCH_BOT_WORKERS", "2")
    pool.shutdown()
    try:
        cases = [observe(s, s.to_act) for s in random_positions(seed=22, hands=1, every=6)]
        futures = [pool.submit("random", obs, i) for i, obs in enumerate(cases)]
        assert pool.active_workers() == 2
        got = [f.result(timeout=120) for f in futures]
        assert got == [decide("random", obs, i) for i, obs in enumerate(cases)]
        pids = {f.result() for f in [pool._get_pool().submit(os.getpid) for _ in range(4)]}
        assert os.getpid() not in pids  # the work ran in other processes
    finally:
        pool.shutdown()
    assert pool.active_workers() == 0


def test_an_unknown_bot_fails_at_once_without_starting_the_pool() -> None:
    pool.shutdown()
    s = State.random_deal(PAGAT_62, 0, random.Random(1))
    with pytest.raises(InvalidInput, match="unknown bot"):
        pool.submit("nobody", observe(s, s.to_act), 0)
    assert pool.active_workers() == 0


def test_worker_count_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CINCH_BOT_WORKERS", "3")
    assert pool.worker_count() == 3
    monkeypatch.delenv("CINCH_BOT_WORKERS")
    assert pool.worker_count() == max(1, (os.cpu_count() or 1) - 1)
    for bad in ("zero", "0", "-2", "1000"):
        monkeypatch.setenv("CINCH_BOT_WORKERS", bad)
        with pytest.raises(InvalidInput, match="CINCH_BOT_WORKERS"):
            pool.worker_count()


def test_the_workers_run_at_a_lower_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    """Thinking is background work: a worker's niceness is the server's plus
    ``CINCH_BOT_NICE`` (default 10), so a learner's page run never waits behind it."""
    monkeypatch.setenv("CINCH_BOT_WORKERS", "1")
    here = os.nice(0)
    pool.shutdown()
    try:
        monkeypatch.delenv("CINCH_BOT_NICE", raising=False)
        assert pool._get_pool().submit(os.nice, 0).result(timeout=120) == min(19, here + 10)
        pool.shutdown()
        monkeypatch.setenv("CINCH_BOT_NICE", "0")
        assert pool._get_pool().submit(os.nice, 0).result(timeout=120) == here
    finally:
        pool.shutdown()


def test_the_workers_niceness_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CINCH_BOT_NICE", raising=False)
    assert pool.worker_nice() == 10
    monkeypatch.setenv("CINCH_BOT_NICE", " 3 ")
    assert pool.worker_nice() == 3
    for bad in ("low", "-1", "20", "1.5"):
        monkeypatch.setenv("CINCH_BOT_NICE", bad)
        with pytest.raises(InvalidInput, match="CINCH_BOT_NICE"):
            pool.worker_nice()
