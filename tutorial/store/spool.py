"""The durable spool: writes that could not be saved, kept on this machine's disk until they are.

When the progress database cannot be written (PostgreSQL down, a lock, a server restart), a
learner's write is kept here, in one small SQLite file per machine (``CINCH_SPOOL``, default
``.data/spool.sqlite3``), shared by the app replicas of that machine. Each replica runs a
drainer (:func:`ensure_drainer`) that writes the spool's rows to the database, oldest first,
as soon as the database's circuit breaker says it is back (:mod:`tutorial.store.breaker`).
So an answer shown as "Not saved yet" reaches the database even if the learner reloads
(the new page reads the spool: the answer still shows, still "Not saved yet"), closes the
tab for good (the drainer does not need it), or the replica dies (the file is on disk; the
other replicas of the machine, or the restarted one, drain it).

Why here and not in the learner's browser: the browser would send its pending writes back
only if that learner comes back, in that browser; the spool needs nobody to come back, and it
needs no script in the page, trusts nothing a browser sends, and works the same for every
client. What it does not survive is the loss of the machine's disk (see docs/faults.md).

Rules kept: a row is the write as made (its time ``at``: a retried record, game save or reset
never replaces a newer one) or, for a read-modify-write, a named change run against what is
saved when it is drained (:mod:`tutorial.store.replay`); one learner's rows are drained in
order, by one drainer at a time (a claim; the claim of a process of this host that is gone,
or any claim older than :data:`CLAIM_TTL` seconds, is a dead drainer's and is taken over). A
row that can never be written (a bug) is kept, logged and still shown as not saved. The one
case that can apply a row twice: a replica killed between the database's commit and the
spool's delete (milliseconds); a record or a game save is then written twice to the same
effect, a counter counts one answer twice.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from tutorial.jsonvalue import JsonObject
from tutorial.store import breaker
from tutorial.store.base import ChangeFn, Item, StoreError
from tutorial.store.replay import Replay

log = logging.getLogger("cinch.progress")
SPOOL_VAR = "CINCH_SPOOL"
DEFAULT_PATH = Path(__file__).resolve().parent.parent.parent / ".data" / "spool.sqlite3"
CLAIM_TTL = 30.0
"""Seconds after which a claim is taken to be a dead drainer's."""
DRAIN_EVERY = 0.5
"""Seconds a drainer waits before looking again (it is woken at once when a database is back)."""
BUSY_WAIT = 2.0
"""Seconds a page waits for a background drainer busy with its learner's rows."""
IDLE_EXIT = 60.0
"""A drainer with nothing to do for this long stops (the next write or page starts one)."""
PARKED = -1.0

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS pending ("
    " id INTEGER PRIMARY KEY AUTOINCREMENT, target TEXT NOT NULL, learner TEXT NOT NULL,"
    " op TEXT NOT NULL, args TEXT NOT NULL, at REAL NOT NULL,"
    " item TEXT, value TEXT, done INTEGER NOT NULL DEFAULT 0, game TEXT,"
    " claimed REAL NOT NULL DEFAULT 0, owner TEXT)",
    "CREATE INDEX IF NOT EXISTS pending_by_learner ON pending (target, learner, id)",
)


class ProgressStore(Protocol):
    """What the drainer needs of :class:`tutorial.progress.ProgressStore` (this package
    stands below it and does not import it)."""

    @property
    def backend(self) -> breaker.Guarded: ...

    def record(
        self, learner: str, item: str, value: Any = None, *, done: bool = False, at: float | None
    ) -> bool: ...

    def save_game(self, learner: str, slot: str, value: Any, *, at: float | None) -> bool: ...

    def reset(self, learner: str, prefix: str, *, at: float | None) -> int: ...

    def update(self, learner: str, items: tuple[str, ...], change: ChangeFn) -> dict[str, Item]: ...


def spool_path() -> Path:
    value = os.environ.get(SPOOL_VAR)
    return Path(value) if value else DEFAULT_PATH


@dataclass(frozen=True)
class Row:
    """One write waiting in the spool; ``item``/``value``/``done`` (or ``game``/``value``) is
    what the learner sees for it until it is saved."""

    id: int
    learner: str
    op: str
    args: dict[str, Any]
    at: float
    item: str | None
    value: Any
    done: bool
    game: str | None


def _loads(text: str | None) -> Any:
    try:
        return json.loads(text) if text is not None else None
    except ValueError:
        return None


class Spool:
    """The spool file ``path`` (made on the first write)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or spool_path()

    @contextmanager
    def _db(self, *, write: bool) -> Iterator[sqlite3.Connection]:
        try:
            if write:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=2.0, isolation_level=None)
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(f"spool {self.path}: {exc}") from None
        try:
            db.execute("PRAGMA busy_timeout=2000")
            if write:
                for statement in _SCHEMA:
                    db.execute(statement)
                if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                    db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")  # a killed process loses nothing
                db.execute("BEGIN IMMEDIATE")
            yield db
            if write:
                db.execute("COMMIT")
        except (sqlite3.Error, OSError) as exc:
            if db.in_transaction:
                db.execute("ROLLBACK")
            if "no such table" in str(exc) and not write:
                raise _Empty from None
            raise StoreError(f"spool {self.path}: {exc}") from None
        finally:
            db.close()

    def _read(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        if not self.path.exists():
            return []
        try:
            with self._db(write=False) as db:
                return list(db.execute(sql, args).fetchall())
        except _Empty:
            return []

    def add(
        self,
        target: str,
        learner: str,
        op: str,
        args: JsonObject,
        at: float,
        *,
        item: str | None = None,
        value: Any = None,
        done: bool = False,
        game: str | None = None,
    ) -> int:
        """Keep one write; its id. Raises StoreError if the spool cannot be written."""
        try:
            row = (target, learner, op, json.dumps(args), at, item, json.dumps(value), int(done))
        except (TypeError, ValueError) as exc:
            raise StoreError(f"cannot be kept in the spool: {exc}") from None
        with self._db(write=True) as db:
            if game is not None:  # an older save of this game is replaced, not kept
                db.execute(
                    "DELETE FROM pending WHERE target = ? AND learner = ? AND game = ?"
                    " AND claimed = 0",
                    (target, learner, game),
                )
            cur = db.execute(
                "INSERT INTO pending (target, learner, op, args, at, item, value, done, game)"
                " VALUES (?,?,?,?,?,?,?,?,?)",
                (*row, game),
            )
            return int(cur.lastrowid or 0)

    def rows(self, target: str, learner: str) -> list[Row]:
        """The learner's writes waiting, oldest first (none if the spool cannot be read)."""
        try:
            found = self._read(
                "SELECT id, learner, op, args, at, item, value, done, game FROM pending"
                " WHERE target = ? AND learner = ? ORDER BY id",
                (target, learner),
            )
        except StoreError as exc:
            log.warning("the spool cannot be read: %s", exc)
            return []
        return [_row(r) for r in found]

    def count(self, target: str) -> int:
        """How many writes wait for ``target`` and can be drained (parked ones left out)."""
        found = self._read(
            "SELECT count(*) FROM pending WHERE target = ? AND claimed >= 0", (target,)
        )
        return int(found[0][0]) if found else 0

    def claim(self, target: str, owner: str, learner: str | None = None) -> list[Row]:
        """All the rows of ``learner`` (default: the learner whose row is oldest), if no
        live drainer holds any of them (then none)."""
        if not self.path.exists():
            return []
        now = time.time()
        with self._db(write=True) as db:
            held = db.execute(
                "SELECT DISTINCT owner FROM pending WHERE target = ? AND claimed > ?",
                (target, now - CLAIM_TTL),
            ).fetchall()
            for (who,) in held:
                if who and _dead(str(who)):  # a killed replica's claim: taken over now
                    db.execute(
                        "UPDATE pending SET claimed = 0, owner = NULL WHERE owner = ?"
                        " AND claimed > 0",
                        (who,),
                    )
            if learner is None:
                first = db.execute(
                    "SELECT learner FROM pending WHERE target = ? AND claimed >= 0"
                    " AND (claimed = 0 OR claimed < ?) ORDER BY id LIMIT 1",
                    (target, now - CLAIM_TTL),
                ).fetchone()
                if first is None:
                    return []
                learner = str(first[0])
            busy = db.execute(
                "SELECT 1 FROM pending WHERE target = ? AND learner = ? AND claimed > ?",
                (target, learner, now - CLAIM_TTL),
            ).fetchone()
            if busy:
                return []
            db.execute(
                "UPDATE pending SET claimed = ?, owner = ? WHERE target = ? AND learner = ?"
                " AND claimed >= 0",
                (now, owner, target, learner),
            )
            found = db.execute(
                "SELECT id, learner, op, args, at, item, value, done, game FROM pending"
                " WHERE target = ? AND learner = ? AND owner = ? AND claimed >= 0 ORDER BY id",
                (target, learner, owner),
            ).fetchall()
        return [_row(r) for r in found]

    def forget(self, target: str, learner: str, prefix: str) -> None:
        """Drop the learner's waiting writes whose every item is under ``prefix`` (a reset
        of it comes next; rows a drainer holds are left to it)."""
        drop = [
            r.id
            for r in self.rows(target, learner)
            if r.op in ("record", "update")
            and all(
                str(i).startswith(prefix)
                for i in (r.args.get("items") or [] if r.op == "update" else [r.args.get("item")])
            )
            and (r.op == "record" or r.args.get("items"))
        ]
        if drop:
            marks = ",".join("?" * len(drop))
            with self._db(write=True) as db:
                db.execute(f"DELETE FROM pending WHERE claimed = 0 AND id IN ({marks})", drop)

    def finish(self, row_id: int) -> None:
        with self._db(write=True) as db:
            db.execute("DELETE FROM pending WHERE id = ?", (row_id,))

    def release(self, ids: list[int], *, park: bool = False) -> None:
        """Give claimed rows back (or park them: never drained again, still shown)."""
        if not ids:
            return
        marks = ",".join("?" * len(ids))
        with self._db(write=True) as db:
            db.execute(
                f"UPDATE pending SET claimed = ?, owner = NULL WHERE id IN ({marks})",
                (PARKED if park else 0.0, *ids),
            )


class _Empty(Exception):
    pass


def new_owner() -> str:
    """A drainer's name in claims: host, process, and a random part."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def _dead(owner: str) -> bool:
    """Whether the drainer ``owner`` was a process of this host that is gone (a claim of
    another host, or another container, is left to expire)."""
    host, _, rest = owner.partition(":")
    pid = rest.partition(":")[0]
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:  # alive, someone else's
        return False
    return False


def _row(r: tuple[Any, ...]) -> Row:
    args = _loads(r[3])
    return Row(
        int(r[0]),
        str(r[1]),
        str(r[2]),
        args if isinstance(args, dict) else {},
        float(r[4]),
        r[5],
        _loads(r[6]),
        bool(r[7]),
        r[8],
    )


def apply(store: ProgressStore, row: Row) -> None:
    """Write ``row`` to ``store`` (raises StoreError if it cannot be written now, ValueError
    if it never can)."""
    a = row.args
    if row.op == "record":
        store.record(
            row.learner, str(a["item"]), a.get("value"), done=bool(a.get("done")), at=row.at
        )
    elif row.op == "save_game":
        store.save_game(row.learner, str(a["slot"]), a.get("value"), at=row.at)
    elif row.op == "reset":
        store.reset(row.learner, str(a["prefix"]), at=row.at)
    elif row.op == "update":
        items = tuple(str(i) for i in a.get("items") or ())
        store.update(row.learner, items, Replay.from_json(a.get("change")))
    else:
        raise ValueError(f"unknown spooled write {row.op!r}")


# -- the drainer: one thread per process, spool file and database ----------------------------
_drainers: dict[tuple[int, str, str], threading.Thread] = {}
_wake: dict[tuple[int, str, str], threading.Event] = {}
_drainers_lock = threading.Lock()


def ensure_drainer(spool: Spool, target: str, store: Callable[[], ProgressStore]) -> None:
    """Make sure this process drains ``spool``'s rows for ``target`` (a running drainer is
    woken; one that stopped is started again if anything waits)."""
    key = (os.getpid(), str(spool.path), target)
    with _drainers_lock:
        running = _drainers.get(key)
        if running is not None and running.is_alive():
            _wake[key].set()
            return
        _wake[key] = threading.Event()
        thread = threading.Thread(
            target=_drain, args=(spool, target, store, key), name="cinch-spool", daemon=True
        )
        _drainers[key] = thread
        thread.start()


def wake_all(*_: object) -> None:
    """Wake every drainer (a database is back: :func:`tutorial.store.breaker.on_up`)."""
    for event in list(_wake.values()):
        event.set()


def _drain(spool: Spool, target: str, store: Callable[[], ProgressStore], key: Any) -> None:
    owner = new_owner()
    idle_since = time.monotonic()
    wake = _wake[key]
    while True:
        wake.wait(DRAIN_EVERY)
        wake.clear()
        try:
            s = store()
            if s.backend.breaker.down("write"):
                continue
            rows = spool.claim(target, owner)
            if rows:
                idle_since = time.monotonic()
                if _drain_rows(spool, s, rows):
                    wake.set()  # there may be another learner's rows: look again at once
                else:
                    wake.wait(4 * DRAIN_EVERY)  # not now: a database back wakes us sooner
                continue
        except StoreError as exc:
            log.warning("the spool cannot be drained now: %s", exc)
            continue
        except Exception:  # a bug of ours must not stop the drainer for good
            log.exception("the spool's drainer failed")
            continue
        if time.monotonic() - idle_since > IDLE_EXIT:
            with _drainers_lock:
                if spool.count(target) == 0:
                    _drainers.pop(key, None)
                    return
            idle_since = time.monotonic()


def drain(spool: Spool, target: str, store: ProgressStore, learner: str) -> None:
    """Write ``learner``'s waiting rows now, in this thread, unless the database is marked
    down (if a drainer is at them, wait for it up to :data:`BUSY_WAIT` seconds)."""
    if store.backend.breaker.down("write"):
        return
    owner = new_owner()
    deadline = time.monotonic() + BUSY_WAIT
    while True:
        rows = spool.claim(target, owner, learner)
        if rows or time.monotonic() > deadline or not spool.rows(target, learner):
            break
        time.sleep(0.05)
    _drain_rows(spool, store, rows)


def _drain_rows(spool: Spool, store: ProgressStore, rows: list[Row]) -> bool:
    """Write ``rows`` (claimed) in order; False if the database refused one (the rest are
    given back)."""
    for n, row in enumerate(rows):
        try:
            apply(store, row)
        except StoreError:
            spool.release([r.id for r in rows[n:]])
            return False
        except Exception:  # broad: whatever a row raises but StoreError (ValueError, KeyError,
            # TypeError from a malformed row, a backend's own error) means it never can be
            # saved; unparked it would be claimed again before the learner's later rows forever
            log.exception("a spooled write can never be saved (kept, parked): %r", row)
            spool.release([row.id], park=True)
            continue
        spool.finish(row.id)
        log.info("spooled write saved: %s %s", row.op, row.item or row.game or "")
    return True


breaker.on_up(wake_all)
