from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test gets its own progress database. Streamlit's cached resources (the course,
    the rules reference and the glossary, keyed by the version of their folder, which names
    the folder: a test's own lessons folder is a new key) are kept from test to test, so each
    worker loads the real course once, not once a test (0.42 s each, for about 350 tests).
    A test that must see a loader run again clears them itself (``st.cache_resource.clear()``)."""
    monkeypatch.setenv("CINCH_PROGRESS_DB", str(tmp_path / "progress.sqlite3"))
    # the app's expert bots and coach on the evaluator's quick budget: the same procedure on
    # fewer worlds (the pages' behaviour does not depend on how many; the table budget's
    # speed is benchmarked in benchmarks/bench_coach.py); a test may set it back to "table"
    monkeypatch.setenv("CINCH_EVAL_BUDGET", "quick")


@pytest.fixture(scope="session")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """One app (``streamlit run``) per test worker, with its own progress database, for every
    browser test that needs no setting of its own: its URL and the database's path (each
    test works as its own new learner, so they do not see each other's progress). A module
    that needs other settings (the practice table's pauses, a demo page) starts its own.
    It runs the expert bots and the coach on the quick budget, as the page tests do."""
    from tutorial.devserver import running_app

    db = tmp_path_factory.mktemp("app") / "progress.sqlite3"
    with running_app(db, env={"CINCH_EVAL_BUDGET": "quick"}) as url:
        yield url, db
