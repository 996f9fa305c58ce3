"""Shared tables (schema 4–6): a table for two to four learners, its seats and every action
taken at it, on both backends, so players served by different replicas share one table.

Four tables: ``shared_tables`` (the table's settings as JSON, a version number bumped by
every write — what a page polls, one indexed row —, when it was started), ``table_seats``
(who sits where: a name, a language, the hash of the seat's secret, when the player was last
seen, whether a bot plays for them) and ``table_actions``, one row per action with the key
``(code, hand, pos)``: an action carries the position it was made in, and only the first
writer of a position wins. Appending checks, in the same transaction that holds the table's
lock (SQLite: the one writer; PostgreSQL: an advisory lock on the table's code), that the
position is the next one of the current hand, so a stale or conflicting action (a second
replica racing to apply the same bot move, a late click) is refused and changes nothing.
``table_hints`` keeps the hints shown, by position and seat: the seat's action there is
marked ``hinted`` whichever page takes it.

Whether an action is legal is the rules engine's business (:mod:`tutorial.practice.together`
checks it before it comes here); this module keeps the order. Every failure raises
:class:`StoreError` and changes nothing.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from tutorial.store.base import StoreError, dumps, loads
from tutorial.store.breaker import Guarded
from tutorial.store.postgres import PostgresBackend
from tutorial.store.sqlite import SqliteBackend
from tutorial.store.tablerows import BY, ActionRow, SeatRow, TableRows, parse_best

__all__ = ["BY", "ActionRow", "SeatRow", "TableRows", "TableStore", "table_store"]


T = TypeVar("T")


class TableStore:
    """The shared tables in ``backend``'s database (the one progress is kept in), behind
    that database's circuit breaker when ``guard`` is given (a database marked down fails
    at once, :mod:`tutorial.store.breaker`)."""

    def __init__(
        self, backend: SqliteBackend | PostgresBackend, guard: Guarded | None = None
    ) -> None:
        self.backend = backend
        self.guard = guard
        self.pg = isinstance(backend, PostgresBackend)

    def _call(self, kind: str, fn: Callable[..., T], *args: Any) -> T:
        if self.guard is None:
            return fn(*args)
        return self.guard._call(kind, fn, *args)

    # -- the two backends' transactions ----------------------------------------------------
    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.pg else sql

    @contextmanager
    def _write(self, code: str) -> Iterator[Any]:
        """A transaction holding the table's lock, on a current schema."""
        if isinstance(self.backend, PostgresBackend):
            with self.backend._transaction(f"table:{code}") as conn:
                yield conn
        else:
            with self.backend._writing() as db:
                yield db

    def _exec(self, db: Any, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        cur = db.execute(self._sql(sql), args)
        return list(cur.fetchall()) if cur.description is not None else []

    def _read(self, queries: list[tuple[str, tuple[Any, ...]]]) -> list[list[tuple[Any, ...]]]:
        """Run read queries in order, in one transaction (SQLite: one snapshot; PostgreSQL:
        each sees what was committed before it, so read the version first: rows appended
        meanwhile only make the reader's copy newer than its version says, and the next
        poll reads it again); a database never written has no rows."""
        if isinstance(self.backend, PostgresBackend):
            with self.backend._transaction() as conn:
                row = conn.execute("SELECT to_regclass('table_actions') IS NOT NULL").fetchone()
                if not (row and row[0]):
                    return [[] for _ in queries]
                return [list(conn.execute(self._sql(q), a).fetchall()) for q, a in queries]
        if self.backend._gone():
            return [[] for _ in queries]
        with self.backend._connect() as db:
            db.execute("BEGIN")
            try:
                return [list(db.execute(q, a).fetchall()) for q, a in queries]
            except sqlite3.OperationalError as exc:  # no such table yet (a database never written)
                if "no such table" in str(exc):
                    return [[] for _ in queries]
                raise
            finally:
                db.execute("ROLLBACK")

    def _bump(self, db: Any, code: str, now: float) -> None:
        self._exec(
            db,
            "UPDATE shared_tables SET version = version + 1, updated = ? WHERE code = ?",
            (now, code),
        )

    # -- the transactions --------------------------------------------------------------------
    def _create(self, code: str, value: Any, seat: SeatRow) -> bool:
        """Open table ``code`` with ``value`` (its settings) and its host at ``seat``;
        False if the code is taken."""
        now = time.time()
        with self._write(code) as db:
            if self._exec(db, "SELECT 1 FROM shared_tables WHERE code = ?", (code,)):
                return False
            self._exec(
                db,
                "INSERT INTO shared_tables (code, value, version, started, created, updated)"
                " VALUES (?, ?, 1, NULL, ?, ?)",
                (code, dumps(value), now, now),
            )
            self._insert_seat(db, code, seat)
        return True

    def _insert_seat(self, db: Any, code: str, s: SeatRow) -> None:
        self._exec(
            db,
            "INSERT INTO table_seats (code, seat, name, lang, secret, seen, away, ready)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (code, s.seat, s.name, s.lang, s.secret, s.seen, int(s.away), s.ready),
        )

    def _version(self, code: str) -> int | None:
        """The table's version number (bumped by every write), or None if there is no such
        table: the cheap read a page polls."""
        rows = self._read([("SELECT version FROM shared_tables WHERE code = ?", (code,))])[0]
        return int(rows[0][0]) if rows else None

    def _load(self, code: str) -> TableRows | None:
        """Everything about table ``code`` as of one moment, or None."""
        head, seats, actions = self._read(
            [
                ("SELECT value, version, started FROM shared_tables WHERE code = ?", (code,)),
                (
                    "SELECT seat, name, lang, secret, seen, away, ready FROM table_seats"
                    " WHERE code = ? ORDER BY seat",
                    (code,),
                ),
                (
                    "SELECT hand, pos, action, seat, actor, at, hint FROM table_actions"
                    " WHERE code = ? ORDER BY hand, pos",
                    (code,),
                ),
            ]
        )
        if not head:
            return None
        value, version, started = head[0]
        return TableRows(
            code,
            loads(value),
            int(version),
            None if started is None else float(started),
            tuple(
                SeatRow(
                    int(r[0]), str(r[1]), str(r[2]), str(r[3]), float(r[4]), bool(r[5]), int(r[6])
                )
                for r in seats
            ),
            tuple(
                ActionRow(
                    int(r[0]),
                    int(r[1]),
                    str(r[2]),
                    int(r[3]),
                    str(r[4]),
                    float(r[5]),
                    parse_best(r[6]),
                )
                for r in actions
            ),
        )

    def _start(self, code: str) -> bool:
        """Mark the table started (its first hand may be played); False if it already was."""
        now = time.time()
        with self._write(code) as db:
            rows = self._exec(db, "SELECT started FROM shared_tables WHERE code = ?", (code,))
            if not rows or rows[0][0] is not None:
                return False
            self._exec(db, "UPDATE shared_tables SET started = ? WHERE code = ?", (now, code))
            self._bump(db, code, now)
        return True

    def _append(
        self, code: str, hand: int, pos: int, action: str, seat: int, by: str, hint: str | None
    ) -> bool:
        """Append ``action`` (taken by ``seat``) at position ``pos`` of hand ``hand``
        (0-based both): True if it is now the table's action there, False if the position
        is not the next one (stale, or another writer won it) or the table is not being
        played. A ``stand-in`` action marks the seat's player away; a ``human`` (or
        ``hinted``) one marks them back."""
        if by not in BY:
            raise ValueError(f"unknown actor {by!r}")
        now = time.time()
        with self._write(code) as db:
            head = self._exec(db, "SELECT started FROM shared_tables WHERE code = ?", (code,))
            if not head or head[0][0] is None:
                return False
            top = self._exec(
                db,
                "SELECT hand, count(*) FROM table_actions WHERE code = ?"
                " GROUP BY hand ORDER BY hand DESC LIMIT 1",
                (code,),
            )
            current, count = (int(top[0][0]), int(top[0][1])) if top else (0, 0)
            if hand == current + 1 and count > 0:
                current, count = hand, 0  # the first action of the next hand
            if hand != current or pos != count:
                return False
            if by == "human":  # a hint shown here, maybe by a page that has since died
                shown = self._exec(
                    db,
                    "SELECT best FROM table_hints WHERE code = ? AND hand = ? AND pos = ?"
                    " AND seat = ?",
                    (code, hand, pos, seat),
                )
                if shown:
                    by, hint = "hinted", hint or str(shown[0][0])
            self._exec(
                db,
                "INSERT INTO table_actions (code, hand, pos, action, seat, actor, at, hint)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (code, hand, pos, action, seat, by, now, hint),
            )
            if by in ("stand-in", "human", "hinted"):
                self._exec(
                    db,
                    "UPDATE table_seats SET away = ? WHERE code = ? AND seat = ?",
                    (int(by == "stand-in"), code, seat),
                )
            self._bump(db, code, now)
        return True

    def _hint_shown(self, code: str, hand: int, pos: int, seat: int, best: str) -> bool:
        with self._write(code) as db:
            if not self._exec(db, "SELECT 1 FROM shared_tables WHERE code = ?", (code,)):
                return False
            kept = self._exec(
                db,
                "SELECT 1 FROM table_hints WHERE code = ? AND hand = ? AND pos = ? AND seat = ?",
                (code, hand, pos, seat),
            )
            if not kept:
                self._exec(
                    db,
                    "INSERT INTO table_hints (code, hand, pos, seat, best, at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (code, hand, pos, seat, best, time.time()),
                )
        return True

    def _hint_at(self, code: str, hand: int, pos: int, seat: int) -> tuple[str, ...] | None:
        rows = self._read(
            [
                (
                    "SELECT best FROM table_hints WHERE code = ? AND hand = ? AND pos = ?"
                    " AND seat = ?",
                    (code, hand, pos, seat),
                )
            ]
        )[0]
        return parse_best(rows[0][0]) if rows else None

    def _sit(self, code: str, seat: SeatRow) -> bool:
        """Seat a player at ``seat.seat`` if it is free; False if someone sits there or
        there is no such table."""
        with self._write(code) as db:
            if not self._exec(db, "SELECT 1 FROM shared_tables WHERE code = ?", (code,)):
                return False
            taken = self._exec(
                db, "SELECT 1 FROM table_seats WHERE code = ? AND seat = ?", (code, seat.seat)
            )
            if taken:
                return False
            self._insert_seat(db, code, seat)
            self._bump(db, code, seat.seen)
        return True

    def _seat_update(
        self,
        code: str,
        seat: int,
        secret: str,
        seen: float | None,
        away: bool | None,
        ready: int | None,
        leave: bool,
    ) -> bool:
        now = time.time()
        with self._write(code) as db:
            rows = self._exec(
                db,
                "SELECT away, ready FROM table_seats WHERE code = ? AND seat = ? AND secret = ?",
                (code, seat, secret),
            )
            if not rows:
                return False
            if leave:
                self._exec(db, "DELETE FROM table_seats WHERE code = ? AND seat = ?", (code, seat))
                self._bump(db, code, now)
                return True
            self._exec(
                db,
                "UPDATE table_seats SET seen = ? WHERE code = ? AND seat = ?",
                (now if seen is None else seen, code, seat),
            )
            was_away, was_ready = bool(rows[0][0]), int(rows[0][1])
            changed = False
            if away is not None and away != was_away:
                self._exec(
                    db,
                    "UPDATE table_seats SET away = ? WHERE code = ? AND seat = ?",
                    (int(away), code, seat),
                )
                changed = True
            if ready is not None and ready > was_ready:
                self._exec(
                    db,
                    "UPDATE table_seats SET ready = ? WHERE code = ? AND seat = ?",
                    (ready, code, seat),
                )
                changed = True
            if changed:
                self._bump(db, code, now)
        return True

    # -- the operations (each one transaction; StoreError if it failed) ---------------------
    def create(self, code: str, value: Any, seat: SeatRow) -> bool:
        """Open table ``code`` with ``value`` (its settings) and its host at ``seat``;
        False if the code is taken."""
        return self._call("write", self._create, code, value, seat)

    def version(self, code: str) -> int | None:
        """The table's version number (bumped by every write but a player's "still here"),
        or None if there is no such table: the cheap read a page polls."""
        return self._call("read", self._version, code)

    def load(self, code: str) -> TableRows | None:
        """Everything about table ``code`` as of one moment, or None."""
        return self._call("read", self._load, code)

    def start(self, code: str) -> bool:
        """Mark the table started (its first hand may be played); False if it already was."""
        return self._call("write", self._start, code)

    def append(
        self,
        code: str,
        hand: int,
        pos: int,
        action: str,
        seat: int,
        by: str,
        hint: Sequence[str] = (),
    ) -> bool:
        """Append ``action`` (taken by ``seat``) at position ``pos`` of hand ``hand``
        (0-based both): True if it is now the table's action there, False if the position
        is not the next one (stale, or another writer won it) or the table is not being
        played. A ``stand-in`` action marks the seat's player away; a ``human`` (or
        ``hinted``) one marks them back. ``hint``: for a ``hinted`` action, the best set of
        the hint shown; a ``human`` action where the seat was shown a hint
        (:meth:`hint_shown`) is stored ``hinted`` with that hint's best set."""
        if by not in BY:
            raise ValueError(f"unknown actor {by!r}")
        if hint and by != "hinted":
            raise ValueError("only a hinted action keeps a hint's best set")
        kept = json.dumps([str(a) for a in hint]) if hint else None
        return self._call("write", self._append, code, hand, pos, action, seat, by, kept)

    def hint_shown(self, code: str, hand: int, pos: int, seat: int, best: Sequence[str]) -> bool:
        """Keep that ``seat`` was shown a hint (whose best set is ``best``) at position
        ``pos`` of hand ``hand``: the seat's own action there is then ``hinted`` whichever
        page appends it (:meth:`append`), so a player whose page died after the hint keeps
        the mark. The first hint kept at a position stays; False if there is no such
        table. Not a version change (no other page shows it)."""
        kept = json.dumps([str(a) for a in best])
        return self._call("write", self._hint_shown, code, hand, pos, seat, kept)

    def hint_at(self, code: str, hand: int, pos: int, seat: int) -> tuple[str, ...] | None:
        """The best set of the hint ``seat`` was shown at (``hand``, ``pos``), or None."""
        return self._call("read", self._hint_at, code, hand, pos, seat)

    def sit(self, code: str, seat: SeatRow) -> bool:
        """Seat a player at ``seat.seat`` if it is free; False if someone sits there or
        there is no such table."""
        return self._call("write", self._sit, code, seat)

    def seat_update(
        self,
        code: str,
        seat: int,
        secret: str,
        *,
        seen: float | None = None,
        away: bool | None = None,
        ready: int | None = None,
        leave: bool = False,
    ) -> bool:
        """Change the player's own seat (they hold its ``secret``, hashed): when they were
        last seen (not a version change: the other pages read it with the table), whether
        they are away, which hand they moved on to, or leave it to a bot. False if the
        seat is not theirs."""
        return self._call("write", self._seat_update, code, seat, secret, seen, away, ready, leave)


def table_store(backend: Guarded | SqliteBackend | PostgresBackend) -> TableStore:
    """The shared tables of a progress backend (behind its breaker when it is guarded)."""
    guard = backend if isinstance(backend, Guarded) else None
    inner = backend.inner if isinstance(backend, Guarded) else backend
    if not isinstance(inner, SqliteBackend | PostgresBackend):
        raise StoreError(f"no shared tables on {type(inner).__name__}")
    return TableStore(inner, guard)
