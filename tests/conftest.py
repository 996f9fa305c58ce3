"""Suite-wide: no test writes to a developer's own PostgreSQL by accident. Tests that use
PostgreSQL name their database explicitly (``tests/store/conftest.py``)."""

import pytest


@pytest.fixture(autouse=True)
def _no_database_url_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CINCH_DATABASE_URL", raising=False)
