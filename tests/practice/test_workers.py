"""The one worker seam: typed jobs run in other processes and give the same answers; a
broken pool is said, never hidden."""

from __future__ import annotations

import json
import os
import pickle
import random
from concurrent.futures.process import BrokenProcessPool

import pytest

from tests.bots.positions import random_positions
from tutorial.bots import decide
from tutorial.coach.hint import Hint, hint
from tutorial.engine.errors import InvalidInput
from tutorial.engine.observe import observe
from tutorial.engine.profiles import PAGAT_62
from tutorial.engine.state import State
from tutorial.practice import workers
from tutorial.practice.game import Game
from tutorial.practice.review import HandReview, review_hand


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CINCH_EVAL_BUDGET", "quick")
    workers.shutdown()
    monkeypatch.setattr(workers, "_broken", None)


def test_an_observation_survives_pickling() -> None:
    for state in random_positions(seed=21, hands=1, every=4):
        obs = observe(state, state.to_act)
        assert pickle.loads(pickle.dumps(obs)) == obs


def test_decisions_in_the_pool_equal_decisions_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CINCH_BOT_WORKERS", "2")
    try:
        cases = [observe(s, s.to_act) for s in random_positions(seed=22, hands=1, every=6)]
        futures = [workers.submit_decide("random", obs, i) for i, obs in enumerate(cases)]
        assert workers.active_workers() == 2
        got = [f.result(timeout=120) for f in futures]
        assert got == [decide("random", obs, i) for i, obs in enumerate(cases)]
        pids = {f.result() for f in [workers._get_pool().submit(os.getpid) for _ in range(4)]}
        assert os.getpid() not in pids  # the work ran in other processes
    finally:
        workers.shutdown()
    assert workers.active_workers() == 0


def test_a_hint_and_a_review_come_back_as_typed_values_equal_to_here() -> None:
    g = Game.new("pagat-62", "rules", seed=5)
    obs = g.observation(0)
    while g.to_act() != 0:
        who = g.to_act()
        assert who is not None
        g.act(decide("rules", g.observation(who), g.current.seed), who)
        obs = g.observation(0)
    try:
        h = workers.submit_think(obs, 3).result(timeout=300)
        assert isinstance(h, Hint)
        assert h.to_json() == hint(obs, 3).to_json()
        assert h.action == decide("expert", obs, 3)
        while not g.hand_over():
            who = g.to_act()
            if who == -1:
                g.chance()
                continue
            assert who is not None
            g.act(decide("rules", g.observation(who), g.current.seed), who)
        rv = workers.submit_review(g, 0).result(timeout=600)
        assert isinstance(rv, HandReview)
        assert rv.to_json() == json.loads(json.dumps(review_hand(g, 0).to_json()))
    finally:
        workers.shutdown()


def test_a_broken_pool_is_said_and_logged_never_hidden(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    s = State.random_deal(PAGAT_62, 0, random.Random(1))
    obs = observe(s, s.to_act)

    class Broken:
        def submit(self, *args: object) -> object:
            raise BrokenProcessPool("a worker died")

        def shutdown(self, **kw: object) -> None:
            pass

    monkeypatch.setattr(workers, "_get_pool", lambda: Broken())
    fut = workers.submit_decide("expert", obs, 0)
    with pytest.raises(workers.BotsUnavailable):
        fut.result(timeout=5)
    assert workers.status() is not None
    assert any("worker pool is broken" in r.getMessage() for r in caplog.records)
    # within RETRY_AFTER the next job fails at once, without starting a pool
    started = []
    monkeypatch.setattr(workers, "_get_pool", lambda: started.append(1) or Broken())
    with pytest.raises(workers.BotsUnavailable):
        workers.submit_decide("expert", obs, 0).result(timeout=5)
    assert not started


def test_an_unknown_bot_fails_at_once_without_starting_the_pool() -> None:
    s = State.random_deal(PAGAT_62, 0, random.Random(1))
    with pytest.raises(InvalidInput, match="unknown bot"):
        workers.submit_decide("nobody", observe(s, s.to_act), 0)
    assert workers.active_workers() == 0


def test_worker_count_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CINCH_BOT_WORKERS", "3")
    assert workers.worker_count() == 3
    monkeypatch.delenv("CINCH_BOT_WORKERS")
    assert workers.worker_count() == max(2, (os.cpu_count() or 1) - 1)
    for bad in ("zero", "0", "-2", "1000"):
        monkeypatch.setenv("CINCH_BOT_WORKERS", bad)
        with pytest.raises(InvalidInput, match="CINCH_BOT_WORKERS"):
            workers.worker_count()


def test_the_workers_run_at_a_lower_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    """Thinking is background work: a worker's niceness is the server's plus
    ``CINCH_BOT_NICE`` (default 10), so a learner's page run never waits behind it."""
    monkeypatch.setenv("CINCH_BOT_WORKERS", "1")
    here = os.nice(0)
    try:
        monkeypatch.delenv("CINCH_BOT_NICE", raising=False)
        assert workers._get_pool().submit(os.nice, 0).result(timeout=120) == min(19, here + 10)
        workers.shutdown()
        monkeypatch.setenv("CINCH_BOT_NICE", "0")
        assert workers._get_pool().submit(os.nice, 0).result(timeout=120) == here
    finally:
        workers.shutdown()


def test_the_workers_niceness_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CINCH_BOT_NICE", raising=False)
    assert workers.worker_nice() == 10
    monkeypatch.setenv("CINCH_BOT_NICE", " 3 ")
    assert workers.worker_nice() == 3
    for bad in ("low", "-1", "20", "1.5"):
        monkeypatch.setenv("CINCH_BOT_NICE", bad)
        with pytest.raises(InvalidInput, match="CINCH_BOT_NICE"):
            workers.worker_nice()


def test_the_pool_prices_on_the_budget_of_the_process_that_asks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Failed before: the workers read CINCH_EVAL_BUDGET once, when they were spawned, so a
    pool started under the table's budget kept it after the setting went back to quick (in
    CI, test_play_lines left such a pool to test_table_review, whose page review then found
    a costly card the same review here did not)."""
    g = Game.new("pagat-62", "rules", seed=5)
    who = g.to_act()
    assert who is not None
    obs = g.observation(who)
    try:
        monkeypatch.setenv("CINCH_EVAL_BUDGET", "table")
        assert workers.submit_think(obs, 1).result(timeout=120).evaluation.budget == "table"
        monkeypatch.setenv("CINCH_EVAL_BUDGET", "quick")
        assert workers.submit_think(obs, 1).result(timeout=120).evaluation.budget == "quick"
    finally:
        workers.shutdown()
