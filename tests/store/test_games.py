"""Saved games (schema 2) on both backends: an unfinished practice game kept whole by
learner code, newest save wins, a database of schema 1 is migrated and keeps its progress,
a session keeps a save that failed and retries it."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

from tests.store.conftest import MakeStore
from tutorial.progress import SCHEMA_VERSION, ProgressStore, step_item
from tutorial.progress_outbox import Outbox, SessionStore

CODE = "abcd-2345-efgh-6789"
OTHER = "wxyz-2345-efgh-6789"
GAME = {"v": 1, "hands": [{"seed": 5, "actions": ["pass", "7", "trump H", "5D"]}]}


def test_a_game_is_saved_read_back_by_another_store_and_forgotten(make_store: MakeStore) -> None:
    assert make_store().load_game(CODE, "practice") is None  # never written: nothing
    make_store().save_game(CODE, "practice", GAME)
    assert make_store().load_game(CODE, "practice") == GAME  # another tab, device, replica
    assert make_store().load_game(OTHER, "practice") is None
    assert make_store().load_game(CODE, "other") is None
    make_store().save_game(CODE, "practice", None)
    assert make_store().load_game(CODE, "practice") is None


def test_an_older_save_never_replaces_a_newer_one(make_store: MakeStore) -> None:
    now = time.time()
    make_store().save_game(CODE, "practice", {"n": 2}, at=now)
    make_store().save_game(CODE, "practice", {"n": 1}, at=now - 10)  # a late retry
    assert make_store().load_game(CODE, "practice") == {"n": 2}
    make_store().save_game(CODE, "practice", {"n": 3}, at=now + 1)
    assert make_store().load_game(CODE, "practice") == {"n": 3}


def test_bad_codes_and_slots_are_refused(store: ProgressStore) -> None:
    with pytest.raises(ValueError):
        store.save_game("not a code", "practice", GAME)
    with pytest.raises(ValueError):
        store.load_game(CODE, "../x")


def test_a_schema_1_database_is_migrated_and_keeps_its_progress(
    backend: str, where: dict[str, Any]
) -> None:
    if backend == "sqlite":
        import sqlite3

        path = where["path"]
        path.parent.mkdir(parents=True)
        con = sqlite3.connect(path)
        con.execute(
            "CREATE TABLE progress (learner TEXT NOT NULL, item TEXT NOT NULL, value TEXT "
            "NOT NULL, done INTEGER NOT NULL DEFAULT 0, updated REAL NOT NULL, "
            "PRIMARY KEY (learner, item))"
        )
        con.execute(
            "INSERT INTO progress VALUES (?, ?, 'true', 1, 1.0)", (CODE, step_item("l", "s1"))
        )
        con.execute("PRAGMA user_version=1")
        con.commit()
        con.close()
    else:
        import psycopg

        with psycopg.connect(where["url"], autocommit=True) as con:
            con.execute(
                "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, "
                "applied TIMESTAMPTZ NOT NULL DEFAULT now())"
            )
            con.execute("INSERT INTO schema_version (version) VALUES (1)")
            con.execute(
                "CREATE TABLE progress (learner TEXT NOT NULL, item TEXT NOT NULL, value "
                "TEXT NOT NULL, done BOOLEAN NOT NULL DEFAULT FALSE, updated DOUBLE "
                "PRECISION NOT NULL, PRIMARY KEY (learner, item))"
            )
            con.execute(
                "INSERT INTO progress VALUES (%s, %s, 'true', true, 1.0)",
                (CODE, step_item("l", "s1")),
            )
    store = ProgressStore(**where)
    assert store.load_game(CODE, "practice") is None  # read before migrating: no table yet
    store.save_game(CODE, "practice", GAME)  # the first write migrates
    assert store.load_game(CODE, "practice") == GAME
    assert store.items(CODE)[step_item("l", "s1")].done  # progress kept
    assert SCHEMA_VERSION >= 2  # and every later migration ran too (3: FSRS cards)


def test_a_session_keeps_a_failed_save_and_retries_it(
    backend: str,
    make_store: MakeStore,
    make_session: Callable[[Outbox], SessionStore],
    hold_games_lock: Callable[[], AbstractContextManager[None]],
) -> None:
    make_store().save_game(CODE, "practice", {"n": 0})  # the schema exists
    box = Outbox()
    session = make_session(box)
    session.timeout = 0.2
    with hold_games_lock():
        assert session.save_game(CODE, "practice", {"n": 1}) is False
        assert session.save_game(CODE, "practice", {"n": 2}) is False
        assert box.pending == 1  # only the latest save of a game waits
        assert session.load_game(CODE, "practice") == {"n": 2}  # the learner sees it
    assert session.flush(force=True) is True and box.pending == 0
    assert make_store().load_game(CODE, "practice") == {"n": 2}


@pytest.fixture
def hold_games_lock(
    backend: str, where: dict[str, Any]
) -> Callable[[], AbstractContextManager[None]]:
    from collections.abc import Iterator
    from contextlib import contextmanager

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
                other.execute("LOCK TABLE games IN EXCLUSIVE MODE")
                yield
                other.rollback()

    return held
