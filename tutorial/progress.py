"""Learner progress in an embedded SQLite database, keyed by learner code and stable ids.

Items are strings such as ``lesson/left-pedro/step/lead`` or
``lesson/left-pedro/question/who-wins``. Every write is one transaction: an upsert, or a
read-modify-write under ``BEGIN IMMEDIATE`` (:meth:`ProgressStore.update`), so two tabs or
two answers arriving at once lose nothing. A completion once earned is never lowered
(``done = MAX(done, new)``), and a write never replaces a newer one (a retried write keeps
the time it was made). The schema is created on demand by the first write and versioned
with ``PRAGMA user_version``; a database deleted while the server runs is re-created.

Any failure of the database or the disk (read-only, corrupt, locked, gone) raises
:class:`StoreError`; nothing here deletes or rewrites a file it cannot read. The app uses
:class:`tutorial.progress_outbox.SessionStore`, which never raises and keeps a failed
write to retry it. The path comes from ``CINCH_PROGRESS_DB`` (default
``.data/progress.sqlite3`` in the project).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ENV_VAR = "CINCH_PROGRESS_DB"
DEFAULT_PATH = Path(__file__).resolve().parent.parent / ".data" / "progress.sqlite3"
_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
_GROUPS = 4
"""A new code has 4 groups of 4 characters from 31: 16 × log2(31) ≈ 79 bits."""
_CHAR = "[a-hjkmnp-z2-9]"
CODE_RE = re.compile(rf"^{_CHAR}{{4}}-{_CHAR}{{4}}(?:-{_CHAR}{{4}}-{_CHAR}{{4}})?$")
"""A learner code: the new 16-character form, or the 8-character form of earlier codes."""
CODE_LENGTH = 4 * _GROUPS + _GROUPS - 1
ITEM_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*(?:/[a-z0-9][a-z0-9_:-]*){0,6}$")
TIMEOUT = 5.0
"""Seconds a write waits for another writer's lock before it fails (and is kept to retry)."""

SCHEMA_VERSION = 1
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        "CREATE TABLE IF NOT EXISTS progress ("
        " learner TEXT NOT NULL, item TEXT NOT NULL, value TEXT NOT NULL,"
        " done INTEGER NOT NULL DEFAULT 0, updated REAL NOT NULL,"
        " PRIMARY KEY (learner, item))",
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


class StoreError(Exception):
    """The progress database cannot be read or written right now (the reason is the
    message); nothing was changed by the call that raised it."""


def new_learner_code() -> str:
    """A fresh code like ``k7qm-w3xa-p9rt-2bcd`` (no 0/o, 1/l/i to misread; ≈79 bits)."""
    raw = "".join(secrets.choice(_ALPHABET) for _ in range(4 * _GROUPS))
    return "-".join(raw[i : i + 4] for i in range(0, len(raw), 4))


def parse_learner_code(value: object) -> str | None:
    """A valid learner code (lower-cased), new or earlier form, or None for anything else."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    code = value.strip().lower()
    return code if CODE_RE.match(code) else None


def db_path() -> Path:
    value = os.environ.get(ENV_VAR)
    return Path(value) if value else DEFAULT_PATH


@dataclass(frozen=True)
class Item:
    item: str
    done: bool
    value: Any


@dataclass(frozen=True)
class QuestionState:
    """What a returning learner sees for one question. ``status`` is ``right-first-try``,
    ``right-after-tries``, ``right`` (answered right before tries were counted) or
    ``not-yet`` (answered, never right); an unanswered question has no state."""

    status: str
    tries: int | None
    answer: Any


@dataclass(frozen=True)
class Position:
    """Where the learner was in a lesson: the step, and the stepper moment of each step."""

    step: str | None
    moments: Mapping[str, str]
    at: float


Change = tuple[Any, bool]
"""A new value for an item and whether it is done (``done`` stays sticky)."""


class ProgressStore:
    """Progress of every learner. Safe to share between sessions and threads: each call
    opens its own connection. Nothing touches the disk until the first call."""

    def __init__(self, path: Path | None = None, *, timeout: float | None = None) -> None:
        self.path = path or db_path()
        self.timeout = TIMEOUT if timeout is None else timeout

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
        with self._connect() as db:
            self._migrate(db)
            db.execute("BEGIN IMMEDIATE")
            yield db
            db.execute("COMMIT")

    @staticmethod
    def _migrate(db: sqlite3.Connection) -> None:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version == SCHEMA_VERSION:
            return
        if version > SCHEMA_VERSION:
            raise StoreError(f"the database has schema {version}, newer than this program's")
        db.execute("BEGIN IMMEDIATE")  # waits for any other writer (busy_timeout)
        version = int(db.execute("PRAGMA user_version").fetchone()[0])  # another may have won
        for n in range(version + 1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS[n]:
                db.execute(statement)
        db.execute(f"PRAGMA user_version={max(version, SCHEMA_VERSION)}")
        db.execute("COMMIT")
        if version == 0:  # persistent: readers never wait for writers (best effort)
            with suppress(sqlite3.OperationalError):
                db.execute("PRAGMA journal_mode=WAL")

    def _rows(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """Rows of a read; a database never written has none. A folder we cannot write
        to (so SQLite cannot make its shared-memory file) is read in immutable mode."""
        if not self.path.exists():
            return []
        try:
            with self._connect() as db:
                return _select(db, sql, args)
        except StoreError:
            if os.access(self.path.parent, os.W_OK) and os.access(self.path, os.W_OK):
                raise
        with self._connect(uri=f"{self.path.resolve().as_uri()}?mode=ro&immutable=1") as db:
            return _select(db, sql, args)

    @staticmethod
    def _check(learner: str, item: str | None = None) -> None:
        if parse_learner_code(learner) != learner:
            raise ValueError(f"not a learner code: {learner!r}")
        if item is not None and not ITEM_RE.match(item):
            raise ValueError(f"not a progress item: {item!r}")

    # -- plain reads and writes -----------------------------------------------------------
    def record(
        self,
        learner: str,
        item: str,
        value: Any = None,
        *,
        done: bool = False,
        at: float | None = None,
    ) -> bool:
        """Save ``value`` for ``item``; ``done`` is sticky: once true it stays true. ``at``
        (default now) is when the learner did it: a retried write never replaces a newer
        one. Returns True; raises :class:`StoreError` if it could not be saved."""
        self._check(learner, item)
        row = (learner, item, json.dumps(value), int(done), time.time() if at is None else at)
        with self._writing() as db:
            db.execute(_UPSERT, row)
        return True

    def items(self, learner: str, prefix: str = "") -> dict[str, Item]:
        self._check(learner)
        rows = self._rows(
            "SELECT item, done, value FROM progress WHERE learner = ? AND substr(item, 1, ?) = ?",
            (learner, len(prefix), prefix),
        )
        return {r[0]: Item(r[0], bool(r[1]), _json(r[2])) for r in rows}

    def reset(self, learner: str, prefix: str) -> int:
        """Forget every item under ``prefix`` (one lesson's progress). Returns how many."""
        self._check(learner)
        if not prefix.endswith("/"):
            raise ValueError("a reset prefix ends with '/'")
        with self._writing() as db:
            cur = db.execute(
                "DELETE FROM progress WHERE learner = ? AND substr(item, 1, ?) = ?",
                (learner, len(prefix), prefix),
            )
            return int(cur.rowcount)

    def update(
        self,
        learner: str,
        items: tuple[str, ...],
        change: Callable[[dict[str, Item]], Mapping[str, Change]],
    ) -> dict[str, Item]:
        """Atomic read-modify-write: ``change`` gets the current ``items`` (absent ones
        left out) and returns ``{item: (value, done)}`` to save, all in one transaction
        that holds the write lock from the read to the commit. Returns what was saved."""
        self._check(learner)
        for it in items:
            self._check(learner, it)
        with self._writing() as db:
            marks = ",".join("?" * len(items))
            rows = db.execute(
                f"SELECT item, done, value FROM progress WHERE learner = ? AND item IN ({marks})",
                (learner, *items),
            ).fetchall()
            current = {r[0]: Item(r[0], bool(r[1]), _json(r[2])) for r in rows}
            new = change(current)
            now = time.time()
            for it, (value, done) in new.items():
                if it not in items:
                    raise ValueError(f"{it!r} was not read, so it may not be written")
                db.execute(_UPSERT, (learner, it, json.dumps(value), int(done), now))
            saved = {
                it: Item(it, bool(done) or (it in current and current[it].done), value)
                for it, (value, done) in new.items()
            }
        return saved

    # -- lessons: answers, question states, position --------------------------------------
    def answer(
        self, learner: str, lesson_id: str, question_id: str, response: Any, ok: bool
    ) -> Item:
        """Save an answer, counting tries: the state a returning learner sees comes from it."""
        item = question_item(lesson_id, question_id)

        def change(cur: dict[str, Item]) -> dict[str, Change]:
            old = cur[item].value if item in cur and isinstance(cur[item].value, dict) else {}
            tries = int(old.get("tries", 0)) + 1 if isinstance(old.get("tries", 0), int) else 1
            right_at = old.get("right_at")
            if ok and not isinstance(right_at, int):
                right_at = tries
            value = {"answer": response, "ok": ok, "tries": tries, "right_at": right_at}
            return {item: (value, ok)}

        return self.update(learner, (item,), change)[item]

    def question_states(self, learner: str, lesson_id: str) -> dict[str, QuestionState]:
        """Each answered question of a lesson → its state (see :class:`QuestionState`)."""
        prefix = f"lesson/{lesson_id}/question/"
        out = {}
        for name, it in self.items(learner, prefix).items():
            value = it.value if isinstance(it.value, dict) else {}
            right_at = value.get("right_at")
            tries = value.get("tries") if isinstance(value.get("tries"), int) else None
            if isinstance(right_at, int):
                status = "right-first-try" if right_at == 1 else "right-after-tries"
            elif it.done:
                status = "right"  # saved before tries were counted
            else:
                status = "not-yet"
            out[name[len(prefix) :]] = QuestionState(status, tries, value.get("answer"))
        return out

    def save_position(
        self, learner: str, lesson_id: str, step_id: str, moment: str | None = None
    ) -> Position | None:
        """The learner is at ``step_id`` (and, on its stepper, at ``moment``)."""
        item = position_item(lesson_id)

        def change(cur: dict[str, Item]) -> dict[str, Change]:
            old = cur[item].value if item in cur and isinstance(cur[item].value, dict) else {}
            moments = dict(old.get("moments") or {}) if isinstance(old.get("moments"), dict) else {}
            if moment is not None:
                moments[step_id] = moment
            value = {"lesson": lesson_id, "step": step_id, "t": time.time(), "moments": moments}
            return {item: (value, False)}

        return _position(self.update(learner, (item,), change)[item].value)

    def position(self, learner: str, lesson_id: str) -> Position | None:
        it = self.items(learner, position_item(lesson_id)).get(position_item(lesson_id))
        return _position(it.value) if it is not None else None


def _select(db: sqlite3.Connection, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    try:
        return list(db.execute(sql, args).fetchall())
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):  # created on the first write
            return []
        raise


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, TypeError):
        return None


def _position(value: Any) -> Position | None:
    if not isinstance(value, dict):
        return None
    moments = value.get("moments") if isinstance(value.get("moments"), dict) else {}
    step = value.get("step") if isinstance(value.get("step"), str) else None
    t_raw = value.get("t")
    return Position(
        step,
        {str(k): str(v) for k, v in (moments or {}).items()},
        float(t_raw) if isinstance(t_raw, int | float) else 0.0,
    )


def lesson_prefix(lesson_id: str) -> str:
    return f"lesson/{lesson_id}/"


def step_item(lesson_id: str, step_id: str) -> str:
    return f"lesson/{lesson_id}/step/{step_id}"


def question_item(lesson_id: str, question_id: str) -> str:
    return f"lesson/{lesson_id}/question/{question_id}"


def position_item(lesson_id: str) -> str:
    return f"lesson/{lesson_id}/at"
