"""The shared backend: PostgreSQL, for several app replicas on one or many machines.

Named by a standard libpq URL (``postgresql://user@host:5432/cinch``), reached through
psycopg 3 with one connection pool per process and URL. Every write is one transaction that
first takes a per-learner advisory lock (``pg_advisory_xact_lock``): writes of one learner
are serialised (so a read-modify-write loses nothing, even for rows that do not exist yet),
writes of different learners never wait for each other. Upserts keep ``done`` sticky
(``done = progress.done OR EXCLUDED.done``) and never replace a newer write. ``timeout``
bounds the wait for any lock (``lock_timeout``); the wait for a pooled connection is at most
:data:`CONNECT_WAIT`. A failure to reach the server raises a :class:`StoreError` marked
``unreachable`` (the circuit breaker, :mod:`tutorial.store.breaker`, then stops trying on the
serving path); the breaker's probe connects outside the pool and, once the server answers,
makes the pool anew (a pool that failed for minutes waits up to a minute between attempts).

The schema is versioned in a ``schema_version`` table and migrated by the first write of a
process, under an advisory lock so that replicas starting together migrate once.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    import psycopg
    from psycopg_pool import ConnectionPool

POOL_SIZE_VAR = "CINCH_DB_POOL_SIZE"
POOL_SIZE = 8
"""Connections per process at most (``CINCH_DB_POOL_SIZE``): one app replica rarely has
more than a few writes in flight at once."""
CONNECT_WAIT = 2.0
"""Seconds a call waits for a pooled connection (and a new connection for its handshake):
with the server up, one comes in milliseconds."""
_MIGRATION_LOCK = 0x63696E6368  # "cinch": one bigint key for pg_advisory_xact_lock
_LEARNER_LOCKS = 0x636E6368  # the (int, int) key space: (this, hashtext(learner))

MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        "CREATE TABLE IF NOT EXISTS progress ("
        " learner TEXT NOT NULL, item TEXT NOT NULL, value TEXT NOT NULL,"
        " done BOOLEAN NOT NULL DEFAULT FALSE, updated DOUBLE PRECISION NOT NULL,"
        " PRIMARY KEY (learner, item))",
    ),
    2: (
        "CREATE TABLE IF NOT EXISTS games ("
        " learner TEXT NOT NULL, slot TEXT NOT NULL, value TEXT NOT NULL,"
        " updated DOUBLE PRECISION NOT NULL, PRIMARY KEY (learner, slot))",
    ),
    3: (),  # data only: tutorial.store.leitner (base.rewrites)
    4: (  # shared tables: tutorial.store.tables
        "CREATE TABLE IF NOT EXISTS shared_tables ("
        " code TEXT PRIMARY KEY, value TEXT NOT NULL, version INTEGER NOT NULL,"
        " started DOUBLE PRECISION, created DOUBLE PRECISION NOT NULL,"
        " updated DOUBLE PRECISION NOT NULL)",
        "CREATE TABLE IF NOT EXISTS table_seats ("
        " code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, lang TEXT NOT NULL,"
        " secret TEXT NOT NULL, seen DOUBLE PRECISION NOT NULL, away INTEGER NOT NULL DEFAULT 0,"
        " ready INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (code, seat))",
        "CREATE TABLE IF NOT EXISTS table_actions ("
        " code TEXT NOT NULL, hand INTEGER NOT NULL, pos INTEGER NOT NULL,"
        " action TEXT NOT NULL, seat INTEGER NOT NULL, actor TEXT NOT NULL,"
        " at DOUBLE PRECISION NOT NULL, PRIMARY KEY (code, hand, pos))",
    ),
    5: (  # the best set of the hint shown before an action (a shared table's review)
        "ALTER TABLE table_actions ADD COLUMN hint TEXT",
    ),
    6: (  # a hint shown at a position, whichever page then acts (tutorial.store.tables)
        "CREATE TABLE IF NOT EXISTS table_hints ("
        " code TEXT NOT NULL, hand INTEGER NOT NULL, pos INTEGER NOT NULL,"
        " seat INTEGER NOT NULL, best TEXT NOT NULL, at DOUBLE PRECISION NOT NULL,"
        " PRIMARY KEY (code, hand, pos, seat))",
    ),
}
"""Version → statements that bring the schema from the version before to it."""

_UPSERT = (
    "INSERT INTO progress AS p (learner, item, value, done, updated) "
    "VALUES (%s, %s, %s, %s, %s) "
    "ON CONFLICT (learner, item) DO UPDATE SET value = EXCLUDED.value, "
    "done = p.done OR EXCLUDED.done, updated = EXCLUDED.updated "
    "WHERE EXCLUDED.updated >= p.updated"
)

_SAVE_GAME = (
    "INSERT INTO games AS g (learner, slot, value, updated) VALUES (%s, %s, %s, %s) "
    "ON CONFLICT (learner, slot) DO UPDATE SET value = EXCLUDED.value, "
    "updated = EXCLUDED.updated WHERE EXCLUDED.updated >= g.updated"
)

_pools: dict[tuple[int, str], ConnectionPool] = {}
_pools_lock = threading.Lock()


def is_url(value: str) -> bool:
    return value.startswith(("postgresql://", "postgres://"))


def redact(url: str) -> str:
    """The URL without its password (for messages and logs)."""
    return re.sub(r"(://[^/:@]*):[^/@]*@", r"\1:***@", url)


def _pool(url: str) -> ConnectionPool:
    """This process's pool for ``url`` (a forked process makes its own)."""
    key = (os.getpid(), url)
    with _pools_lock:
        pool = _pools.get(key)
        if pool is None:
            try:
                from psycopg_pool import ConnectionPool
            except ImportError:  # pragma: no cover - a dependency of the project
                raise StoreError("PostgreSQL needs the psycopg and psycopg_pool packages") from None
            size = int(os.environ.get(POOL_SIZE_VAR) or POOL_SIZE)
            pool = ConnectionPool(
                url,
                min_size=1,
                max_size=max(1, size),
                kwargs={"connect_timeout": 2, "application_name": "cinch-tutorial"},
                check=ConnectionPool.check_connection,  # a server restart is survived
                name="cinch-progress",
                open=True,
            )
            _pools[key] = pool
        return pool


def drop_pool(url: str) -> None:
    """Forget this process's pool for ``url`` (the next call makes a new one); the old one
    is closed in the background."""
    with _pools_lock:
        pool = _pools.pop((os.getpid(), url), None)
    if pool is not None:
        threading.Thread(target=pool.close, kwargs={"timeout": 1.0}, daemon=True).start()


def close_pools() -> None:
    """Close every pool of this process (tests, and a clean shutdown)."""
    with _pools_lock:
        pools = [p for (pid, _), p in _pools.items() if pid == os.getpid()]
        _pools.clear()
    for pool in pools:
        pool.close()


class PostgresBackend:
    """Progress in the PostgreSQL database named by ``url``."""

    def __init__(self, url: str, timeout: float) -> None:
        if not is_url(url):
            raise StoreError(f"not a PostgreSQL URL: {redact(url)}")
        self.url = url
        self.timeout = timeout

    @property
    def key(self) -> str:
        return f"postgresql:{redact(self.url)}"

    def probe(self, kind: str) -> None:
        """Connect outside the pool and ask ``SELECT 1``; on success make the pool anew."""
        import psycopg

        try:
            with psycopg.connect(self.url, connect_timeout=2, autocommit=True) as conn:
                conn.execute("SELECT 1")
        except psycopg.Error as exc:
            raise StoreError(f"PostgreSQL {redact(self.url)}: {_reason(exc)}") from None
        drop_pool(self.url)

    @contextmanager
    def _transaction(self, learner: str | None = None) -> Iterator[psycopg.Connection[Any]]:
        """A connection inside a transaction; with ``learner``: a write, holding that
        learner's lock, on a current schema."""
        import psycopg

        try:
            wait = min(self.timeout, CONNECT_WAIT)
            with _pool(self.url).connection(timeout=wait) as conn, conn.transaction():
                ms = str(int(self.timeout * 1000))
                conn.execute(
                    "SELECT set_config('lock_timeout', %s, true),"
                    " set_config('statement_timeout', %s, true)",
                    (ms, str(int(self.timeout * 4000))),
                )
                if learner is not None:
                    _migrate(conn)
                    conn.execute(
                        "SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (_LEARNER_LOCKS, learner)
                    )
                yield conn
        except psycopg.Error as exc:
            raise StoreError(
                f"PostgreSQL {redact(self.url)}: {_reason(exc)}", unreachable=_unreachable(exc)
            ) from None

    def record(self, learner: str, item: str, value: Any, done: bool, at: float) -> None:
        with self._transaction(learner) as conn:
            conn.execute(_UPSERT, (learner, item, dumps(value), done, at))

    def items(self, learner: str, prefix: str) -> dict[str, Item]:
        with self._transaction() as conn:
            if not _has_table(conn, "progress"):  # created on the first write
                return {}
            rows = conn.execute(
                "SELECT item, done, value FROM progress"
                " WHERE learner = %s AND starts_with(item, %s)",
                (learner, prefix),
            ).fetchall()
        return {r[0]: item_of(r) for r in rows}

    def reset(self, learner: str, prefix: str, at: float) -> int:
        with self._transaction(learner) as conn:
            cur = conn.execute(
                "DELETE FROM progress WHERE learner = %s AND starts_with(item, %s)"
                " AND updated <= %s",
                (learner, prefix, at),
            )
            return int(cur.rowcount)

    def update(self, learner: str, items: tuple[str, ...], change: ChangeFn) -> dict[str, Item]:
        with self._transaction(learner) as conn:
            rows = conn.execute(
                "SELECT item, done, value FROM progress"
                " WHERE learner = %s AND item = ANY(%s) FOR UPDATE",
                (learner, list(items)),
            ).fetchall()
            current = {r[0]: item_of(r) for r in rows}
            new, saved = changes(items, current, change)
            now = time.time()
            for it, (value, done) in new.items():
                conn.execute(_UPSERT, (learner, it, dumps(value), bool(done), now))
        return saved

    def save_game(self, learner: str, slot: str, value: Any, at: float) -> None:
        with self._transaction(learner) as conn:
            if value is None:
                conn.execute(
                    "DELETE FROM games WHERE learner = %s AND slot = %s AND updated <= %s",
                    (learner, slot, at),
                )
            else:
                conn.execute(_SAVE_GAME, (learner, slot, dumps(value), at))

    def load_game(self, learner: str, slot: str) -> Any:
        with self._transaction() as conn:
            if not _has_table(conn, "games"):  # created by the first write
                return None
            row = conn.execute(
                "SELECT value FROM games WHERE learner = %s AND slot = %s", (learner, slot)
            ).fetchone()
        return loads(row[0]) if row else None


def _has_table(conn: psycopg.Connection[Any], name: str) -> bool:
    row = conn.execute("SELECT to_regclass(%s) IS NOT NULL", (name,)).fetchone()
    return bool(row and row[0])


def _version(conn: psycopg.Connection[Any]) -> int:
    if not _has_table(conn, "schema_version"):
        return 0
    row = conn.execute("SELECT max(version) FROM schema_version").fetchone()
    return int(row[0]) if row and row[0] is not None else 0


def _migrate(conn: psycopg.Connection[Any]) -> None:
    """Bring the schema to :data:`SCHEMA_VERSION` (in the caller's transaction)."""
    version = _version(conn)
    if version == SCHEMA_VERSION:
        return
    if version > SCHEMA_VERSION:
        raise StoreError(f"the database has schema {version}, newer than this program's")
    conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
    conn.execute(  # before reading again: the catalog seen by to_regclass may be stale
        "CREATE TABLE IF NOT EXISTS schema_version ("
        " version INTEGER PRIMARY KEY, applied TIMESTAMPTZ NOT NULL DEFAULT now())"
    )
    row = conn.execute("SELECT max(version) FROM schema_version").fetchone()
    version = int(row[0]) if row and row[0] is not None else 0  # another may have won
    if version > SCHEMA_VERSION:
        raise StoreError(f"the database has schema {version}, newer than this program's")
    data = rewrites()
    for n in range(version + 1, SCHEMA_VERSION + 1):
        for statement in MIGRATIONS[n]:
            conn.execute(statement)
        if n in data:
            _rewrite(conn, *data[n])
        conn.execute("INSERT INTO schema_version (version) VALUES (%s)", (n,))


def _rewrite(conn: psycopg.Connection[Any], prefixes: tuple[str, ...], rewrite: Rewrite) -> None:
    """Run a data migration over the rows under ``prefixes`` (in the caller's transaction)."""
    for prefix in prefixes:
        rows = conn.execute(
            "SELECT learner, item, value, updated FROM progress WHERE left(item, %s) = %s",
            (len(prefix), prefix),
        ).fetchall()
        for learner, item, text, updated in rows:
            new = rewrite(str(item), loads(text), float(updated))
            if new is not None:
                conn.execute(
                    "UPDATE progress SET value = %s WHERE learner = %s AND item = %s",
                    (dumps(new), learner, item),
                )


def _unreachable(exc: Exception) -> bool:
    """Whether ``exc`` means the server cannot be reached (not a lock or a statement that
    took too long, which only this call suffers)."""
    import psycopg.errors

    if isinstance(exc, psycopg.errors.LockNotAvailable | psycopg.errors.QueryCanceled):
        return False
    return isinstance(exc, psycopg.OperationalError | psycopg.InterfaceError)


def _reason(exc: Exception) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
