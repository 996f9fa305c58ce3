"""The embedded backend: one SQLite file, no server (``make run`` needs nothing else).

Every write runs under ``BEGIN IMMEDIATE`` (one writer at a time), so a read-modify-write
(:meth:`SqliteBackend.update`) holds the write lock from its read to its commit. The schema
is created on demand by the first write and versioned with ``PRAGMA user_version``; a
database deleted while the server runs is re-created, and that is noticed: logged as an error
naming the file, and told to learners (:func:`recreated`: their earlier progress may not
show). Nothing here deletes or rewrites a file it cannot read: a corrupt, locked, read-only
or missing file raises :class:`StoreError`, and a folder we cannot write to is still read
(in immutable mode).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from tutorial.store.base import (
    SCHEMA_VERSION,
    ChangeFn,
    Item,
    Rewrite,
    StoreError,
    changes,
    dumps,
    item_of,
    loads,
    rewrites,
)

MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        "CREATE TABLE IF NOT EXISTS progress ("
        " learner TEXT NOT NULL, item TEXT NOT NULL, value TEXT NOT NULL,"
        " done INTEGER NOT NULL DEFAULT 0, updated REAL NOT NULL,"
        " PRIMARY KEY (learner, item))",
    ),
    2: (
        "CREATE TABLE IF NOT EXISTS games ("
        " learner TEXT NOT NULL, slot TEXT NOT NULL, value TEXT NOT NULL,"
        " updated REAL NOT NULL, PRIMARY KEY (learner, slot))",
    ),
    3: (),  # data only: tutorial.store.leitner (base.rewrites)
    4: (  # shared tables: tutorial.store.tables
        "CREATE TABLE IF NOT EXISTS shared_tables ("
        " code TEXT PRIMARY KEY, value TEXT NOT NULL, version INTEGER NOT NULL,"
        " started REAL, created REAL NOT NULL, updated REAL NOT NULL)",
        "CREATE TABLE IF NOT EXISTS table_seats ("
        " code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, lang TEXT NOT NULL,"
        " secret TEXT NOT NULL, seen REAL NOT NULL, away INTEGER NOT NULL DEFAULT 0,"
        " ready INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (code, seat))",
        "CREATE TABLE IF NOT EXISTS table_actions ("
        " code TEXT NOT NULL, hand INTEGER NOT NULL, pos INTEGER NOT NULL,"
        " action TEXT NOT NULL, seat INTEGER NOT NULL, actor TEXT NOT NULL,"
        " at REAL NOT NULL, PRIMARY KEY (code, hand, pos))",
    ),
    5: (  # the best set of the hint shown before an action (a shared table's review)
        "ALTER TABLE table_actions ADD COLUMN hint TEXT",
    ),
    6: (  # a hint shown at a position, whichever page then acts (tutorial.store.tables)
        "CREATE TABLE IF NOT EXISTS table_hints ("
        " code TEXT NOT NULL, hand INTEGER NOT NULL, pos INTEGER NOT NULL,"
        " seat INTEGER NOT NULL, best TEXT NOT NULL, at REAL NOT NULL,"
        " PRIMARY KEY (code, hand, pos, seat))",
    ),
}
"""Version → statements that bring the schema from the version before to it. Databases
made before versioning have the version-1 table and ``user_version`` 0."""

_UPSERT = (
    "INSERT INTO progress (learner, item, value, done, updated) VALUES (?,?,?,?,?) "
    "ON CONFLICT (learner, item) DO UPDATE SET value = excluded.value, "
    "done = MAX(progress.done, excluded.done), updated = excluded.updated "
    "WHERE excluded.updated >= progress.updated"
)
_SAVE_GAME = (
    "INSERT INTO games (learner, slot, value, updated) VALUES (?,?,?,?) "
    "ON CONFLICT (learner, slot) DO UPDATE SET value = excluded.value, "
    "updated = excluded.updated WHERE excluded.updated >= games.updated"
)
log = logging.getLogger("cinch.progress")
_seen: set[str] = set()
"""Files this process has read or written (so their disappearance is a deletion)."""
_recreated: dict[str, float] = {}
_seen_lock = threading.Lock()

_SELECT_PREFIX = (
    "SELECT item, done, value FROM progress WHERE learner = ? AND substr(item, 1, ?) = ?"
)


class SqliteBackend:
    """Progress in the SQLite file ``path``; each call opens its own connection, so one
    backend is safe to share between threads. ``timeout``: seconds a write waits for
    another writer's lock before it fails."""

    def __init__(self, path: Path, timeout: float) -> None:
        self.path = path
        self.timeout = timeout

    @property
    def key(self) -> str:
        return f"sqlite:{os.path.abspath(self.path)}"

    def probe(self, kind: str) -> None:
        """A read, or a write transaction that changes nothing (see the breaker)."""
        if kind == "write":
            with self._writing():
                pass
        else:
            self._rows("SELECT 1", ())

    def _gone(self) -> bool:
        """Whether the file is missing (or empty); logs it once if it was deleted while
        this process used it."""
        try:
            missing = self.path.stat().st_size == 0
        except OSError:  # not there, or a folder on its path is not one
            missing = True
        if missing:
            key = os.path.abspath(self.path)
            with _seen_lock:
                if key in _seen:
                    _seen.discard(key)
                    _recreated[key] = time.time()
                    log.error(
                        "the progress file %s was deleted while the app ran: it is made anew"
                        " (empty); restore it from a backup to bring earlier progress back",
                        self.path,
                    )
        return missing

    def _seen_now(self) -> None:
        key = os.path.abspath(self.path)
        if key not in _seen:
            with _seen_lock:
                _seen.add(key)

    # -- connections and schema -----------------------------------------------------------
    @contextmanager
    def _connect(self, *, uri: str | None = None) -> Iterator[sqlite3.Connection]:
        try:
            db = sqlite3.connect(
                uri or self.path, timeout=self.timeout, isolation_level=None, uri=bool(uri)
            )
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(f"cannot open {self.path.name}: {exc}") from None
        try:
            db.execute(f"PRAGMA busy_timeout={int(self.timeout * 1000)}")
            yield db
        except (sqlite3.Error, OSError) as exc:
            if db.in_transaction:
                with suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
            raise StoreError(f"{self.path.name}: {exc}") from None
        finally:
            db.close()

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """A connection whose schema is current, inside ``BEGIN IMMEDIATE`` … ``COMMIT``."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create {self.path.parent}: {exc.strerror}") from None
        self._gone()
        with self._connect() as db:
            self._migrate(db)
            db.execute("BEGIN IMMEDIATE")
            yield db
            db.execute("COMMIT")
        self._seen_now()

    @staticmethod
    def _migrate(db: sqlite3.Connection) -> None:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version == SCHEMA_VERSION:
            return
        if version > SCHEMA_VERSION:
            raise StoreError(f"the database has schema {version}, newer than this program's")
        db.execute("BEGIN IMMEDIATE")  # waits for any other writer (busy_timeout)
        version = int(db.execute("PRAGMA user_version").fetchone()[0])  # another may have won
        data = rewrites()
        for n in range(version + 1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS[n]:
                db.execute(statement)
            if n in data:
                _rewrite(db, *data[n])
        db.execute(f"PRAGMA user_version={max(version, SCHEMA_VERSION)}")
        db.execute("COMMIT")
        if version == 0:  # persistent: readers never wait for writers (best effort)
            with suppress(sqlite3.OperationalError):
                db.execute("PRAGMA journal_mode=WAL")

    def _rows(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """Rows of a read; a database never written has none. A folder we cannot write
        to (so SQLite cannot make its shared-memory file) is read in immutable mode."""
        if self._gone():
            return []
        try:
            with self._connect() as db:
                rows = _select(db, sql, args)
            self._seen_now()
            return rows
        except StoreError:
            if os.access(self.path.parent, os.W_OK) and os.access(self.path, os.W_OK):
                raise
        with self._connect(uri=f"{self.path.resolve().as_uri()}?mode=ro&immutable=1") as db:
            return _select(db, sql, args)

    # -- the backend's operations ---------------------------------------------------------
    def record(self, learner: str, item: str, value: Any, done: bool, at: float) -> None:
        with self._writing() as db:
            db.execute(_UPSERT, (learner, item, dumps(value), int(done), at))

    def items(self, learner: str, prefix: str) -> dict[str, Item]:
        rows = self._rows(_SELECT_PREFIX, (learner, len(prefix), prefix))
        return {r[0]: item_of(r) for r in rows}

    def reset(self, learner: str, prefix: str, at: float) -> int:
        with self._writing() as db:
            cur = db.execute(
                "DELETE FROM progress WHERE learner = ? AND substr(item, 1, ?) = ?"
                " AND updated <= ?",
                (learner, len(prefix), prefix, at),
            )
            return int(cur.rowcount)

    def update(self, learner: str, items: tuple[str, ...], change: ChangeFn) -> dict[str, Item]:
        with self._writing() as db:
            marks = ",".join("?" * len(items))
            rows = db.execute(
                f"SELECT item, done, value FROM progress WHERE learner = ? AND item IN ({marks})",
                (learner, *items),
            ).fetchall()
            current = {r[0]: item_of(r) for r in rows}
            new, saved = changes(items, current, change)
            now = time.time()
            for it, (value, done) in new.items():
                db.execute(_UPSERT, (learner, it, dumps(value), int(done), now))
        return saved

    def save_game(self, learner: str, slot: str, value: Any, at: float) -> None:
        with self._writing() as db:
            if value is None:
                db.execute(
                    "DELETE FROM games WHERE learner = ? AND slot = ? AND updated <= ?",
                    (learner, slot, at),
                )
            else:
                db.execute(_SAVE_GAME, (learner, slot, dumps(value), at))

    def load_game(self, learner: str, slot: str) -> Any:
        rows = self._rows("SELECT value FROM games WHERE learner = ? AND slot = ?", (learner, slot))
        return loads(rows[0][0]) if rows else None


def _rewrite(db: sqlite3.Connection, prefixes: tuple[str, ...], rewrite: Rewrite) -> None:
    """Run a data migration over the rows under ``prefixes`` (in the caller's transaction)."""
    for prefix in prefixes:
        rows = db.execute(
            "SELECT learner, item, value, updated FROM progress WHERE substr(item, 1, ?) = ?",
            (len(prefix), prefix),
        ).fetchall()
        for learner, item, text, updated in rows:
            new = rewrite(str(item), loads(text), float(updated))
            if new is not None:
                db.execute(
                    "UPDATE progress SET value = ? WHERE learner = ? AND item = ?",
                    (dumps(new), learner, item),
                )


def _select(db: sqlite3.Connection, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    try:
        return list(db.execute(sql, args).fetchall())
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):  # created on the first write
            return []
        raise


def recreated(path: Path) -> float | None:
    """When this process found the file ``path`` deleted (and made it anew), or None."""
    return _recreated.get(os.path.abspath(path))
