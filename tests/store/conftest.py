"""The ``store`` fixtures: every test that takes them runs on both backends, embedded SQLite
and PostgreSQL. PostgreSQL is ``CINCH_TEST_DATABASE_URL`` when set, else a throwaway server
started once per test session (Debian's ``postgresql`` binaries); each test gets a schema of
its own. Without PostgreSQL the PostgreSQL cases skip, saying why; under CI they fail."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pytest

from tutorial.devserver import free_port
from tutorial.progress import ProgressStore
from tutorial.progress_outbox import Outbox, SessionStore
from tutorial.store import pgserver
from tutorial.store.postgres import close_pools

BACKENDS = ["sqlite", "postgresql"]
MakeStore = Callable[..., ProgressStore]


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """The URL of a PostgreSQL database on which tests may create schemas."""
    given = os.environ.get("CINCH_TEST_DATABASE_URL")
    if given:
        yield given
        return
    why = pgserver.missing()
    if why is not None:
        if os.environ.get("CI"):  # .ci/run installs postgresql: never skip there
            pytest.fail(f"PostgreSQL tests cannot run in CI: {why}", pytrace=False)
        pytest.skip(why)
    with pgserver.throwaway_server(free_port()) as url:
        yield url


def with_schema(url: str, schema: str) -> str:
    """``url`` with ``schema`` first on the search path (libpq ``options``)."""
    joiner = "&" if "?" in url else "?"
    return f"{url}{joiner}options=-csearch_path%3D{schema}"


@pytest.fixture
def pg_url(pg_server: str) -> Iterator[str]:
    """A URL whose tables live in a fresh schema, dropped after the test."""
    import psycopg

    schema = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(pg_server, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    try:
        yield with_schema(pg_server, schema)
    finally:
        close_pools()
        with psycopg.connect(pg_server, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def where(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> dict[str, Any]:
    """Keyword arguments naming one fresh database of ``backend``: ``path`` or ``url``."""
    if backend == "sqlite":
        return {"path": tmp_path / "data" / "p.sqlite3"}
    return {"url": request.getfixturevalue("pg_url")}


@pytest.fixture
def make_store(where: dict[str, Any]) -> MakeStore:
    """New store objects on the same database (as another tab or process would make)."""
    return lambda **kw: ProgressStore(**where, **kw)


@pytest.fixture
def store(make_store: MakeStore) -> ProgressStore:
    return make_store()


@pytest.fixture
def make_session(where: dict[str, Any]) -> Callable[[Outbox], SessionStore]:
    return lambda box: SessionStore(box, **where)


@pytest.fixture
def hold_write_lock(
    backend: str, where: dict[str, Any]
) -> Callable[[], AbstractContextManager[None]]:
    """Another connection holding what every write needs (readers still read): SQLite's
    exclusive lock, PostgreSQL's EXCLUSIVE lock on the progress table."""

    @contextmanager
    def held() -> Iterator[None]:
        if backend == "sqlite":
            import sqlite3

            other = sqlite3.connect(where["path"], isolation_level=None)
            other.execute("BEGIN EXCLUSIVE")
            try:
                yield
            finally:
                other.execute("ROLLBACK")
                other.close()
        else:
            import psycopg

            with psycopg.connect(where["url"]) as other:
                other.execute("LOCK TABLE progress IN EXCLUSIVE MODE")
                yield
                other.rollback()

    return held


@pytest.fixture
def set_schema_version(backend: str, where: dict[str, Any]) -> Callable[[int], None]:
    """Mark the database as having schema ``n`` (as a newer program would)."""

    def mark(n: int) -> None:
        if backend == "sqlite":
            import sqlite3

            con = sqlite3.connect(where["path"])
            con.execute(f"PRAGMA user_version={n}")
            con.close()
        else:
            import psycopg

            with psycopg.connect(where["url"], autocommit=True) as con:
                con.execute("INSERT INTO schema_version (version) VALUES (%s)", (n,))

    return mark
