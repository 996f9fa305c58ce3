"""Real learner sessions over Streamlit's websocket protocol (:mod:`tests.support.wire`, what
the load test runs): several learners at once on one app process, and one learner in two
tabs at once, lose no progress."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.support.wire import expected_rows, lost_rows, many_visits
from tutorial.devserver import running_app
from tutorial.progress import ProgressStore, new_learner_code


def test_concurrent_sessions_lose_no_progress_and_two_tabs_of_one_learner_add_up(
    tmp_path: Path,
) -> None:
    db = tmp_path / "p.sqlite3"
    twin = new_learner_code()
    learners = [new_learner_code(), new_learner_code(), twin, twin]
    with running_app(db) as url:
        visits = asyncio.run(many_visits(url, learners, steps=2, drills=2))
    assert [v.errors for v in visits] == [[]] * 4
    for v in visits:  # every visit really went through the lesson and the drills
        assert len(v.expected.steps) == 3 and v.expected.drills == 2
        assert len(v.latencies) >= 9
    store = ProgressStore(db)
    assert expected_rows(visits) == 3 * 3 + 4 * 2
    assert lost_rows(store, visits) == 0
    # the twin's two tabs both counted: the drill counter holds 4 answers
    assert store.items(twin)["drill/counter"].value == 4
    # and the count is not vacuous: a learner's lesson rows gone are 3 lost rows
    store.reset(learners[0], "lesson/")
    assert lost_rows(store, visits) == 3
