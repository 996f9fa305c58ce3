from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit as st


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test gets its own progress database and fresh cached resources."""
    monkeypatch.setenv("CINCH_PROGRESS_DB", str(tmp_path / "progress.sqlite3"))
    # the app's expert bots and coach on the evaluator's quick budget: the same procedure on
    # fewer worlds (the pages' behaviour does not depend on how many; the table budget's
    # speed is benchmarked in benchmarks/bench_coach.py); a test may set it back to "table"
    monkeypatch.setenv("CINCH_EVAL_BUDGET", "quick")
    st.cache_resource.clear()
    yield
    st.cache_resource.clear()
