"""Learner progress in an embedded SQLite database, keyed by learner code and stable ids.

Items are strings such as ``lesson/left-pedro/step/lead`` or
``lesson/left-pedro/question/who-wins``. Writes are single atomic upserts, and a completion
once earned is never lowered (``done = MAX(done, new)``), so two tabs of the same learner
answering at once lose nothing. The database path comes from ``CINCH_PROGRESS_DB``
(default ``.data/progress.sqlite3`` in the project).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ENV_VAR = "CINCH_PROGRESS_DB"
DEFAULT_PATH = Path(__file__).resolve().parent.parent / ".data" / "progress.sqlite3"
_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
CODE_RE = re.compile(r"^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$")
ITEM_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*(?:/[a-z0-9][a-z0-9_:-]*){0,6}$")


def new_learner_code() -> str:
    """A fresh code like ``k7qm-w3xa`` (no 0/o, 1/l/i to misread)."""
    raw = "".join(secrets.choice(_ALPHABET) for _ in range(8))
    return f"{raw[:4]}-{raw[4:]}"


def parse_learner_code(value: object) -> str | None:
    """A valid learner code (lower-cased), or None for anything else."""
    if not isinstance(value, str):
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


class ProgressStore:
    """Progress of every learner. Safe to share between sessions and threads: each call
    opens its own connection."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or db_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(
                "CREATE TABLE IF NOT EXISTS progress ("
                " learner TEXT NOT NULL, item TEXT NOT NULL, value TEXT NOT NULL,"
                " done INTEGER NOT NULL DEFAULT 0, updated REAL NOT NULL,"
                " PRIMARY KEY (learner, item))"
            )

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=15, isolation_level=None)
        try:
            db.execute("PRAGMA busy_timeout=15000")
            yield db
        finally:
            db.close()

    @staticmethod
    def _check(learner: str, item: str | None = None) -> None:
        if parse_learner_code(learner) != learner:
            raise ValueError(f"not a learner code: {learner!r}")
        if item is not None and not ITEM_RE.match(item):
            raise ValueError(f"not a progress item: {item!r}")

    def record(self, learner: str, item: str, value: Any = None, *, done: bool = False) -> None:
        """Save ``value`` for ``item``; ``done`` is sticky: once true it stays true."""
        self._check(learner, item)
        with self._connect() as db:
            db.execute(
                "INSERT INTO progress (learner, item, value, done, updated) VALUES (?,?,?,?,?) "
                "ON CONFLICT (learner, item) DO UPDATE SET value = excluded.value, "
                "done = MAX(progress.done, excluded.done), updated = excluded.updated",
                (learner, item, json.dumps(value), int(done), time.time()),
            )

    def items(self, learner: str, prefix: str = "") -> dict[str, Item]:
        self._check(learner)
        with self._connect() as db:
            rows = db.execute(
                "SELECT item, done, value FROM progress WHERE learner = ? AND "
                "substr(item, 1, ?) = ?",
                (learner, len(prefix), prefix),
            ).fetchall()
        return {r[0]: Item(r[0], bool(r[1]), json.loads(r[2])) for r in rows}

    def reset(self, learner: str, prefix: str) -> int:
        """Forget every item under ``prefix`` (one lesson's progress). Returns how many."""
        self._check(learner)
        if not prefix.endswith("/"):
            raise ValueError("a reset prefix ends with '/'")
        with self._connect() as db:
            cur = db.execute(
                "DELETE FROM progress WHERE learner = ? AND substr(item, 1, ?) = ?",
                (learner, len(prefix), prefix),
            )
            return cur.rowcount


def lesson_prefix(lesson_id: str) -> str:
    return f"lesson/{lesson_id}/"


def step_item(lesson_id: str, step_id: str) -> str:
    return f"lesson/{lesson_id}/step/{step_id}"


def question_item(lesson_id: str, question_id: str) -> str:
    return f"lesson/{lesson_id}/question/{question_id}"


def position_item(lesson_id: str) -> str:
    return f"lesson/{lesson_id}/at"
