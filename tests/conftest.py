"""Suite-wide: no test writes to a developer's own PostgreSQL by accident. Tests that use
PostgreSQL name their database explicitly (``tests/store/conftest.py``)."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from tutorial.store import breaker


@pytest.fixture(autouse=True)
def _no_database_url_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CINCH_DATABASE_URL", raising=False)


@pytest.fixture(autouse=True)
def _a_spool_and_breakers_of_its_own(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[None]:
    """Each test has its own spool of writes not saved yet, and starts with every database
    marked up (:mod:`tutorial.store.spool`, :mod:`tutorial.store.breaker`)."""
    monkeypatch.setenv("CINCH_SPOOL", str(tmp_path / "spool" / "spool.sqlite3"))
    breaker.forget()
    yield
    breaker.forget()
