"""Learner progress, keyed by learner code and stable ids, in the backend the configuration
names (see :mod:`tutorial.store`): embedded SQLite by default, PostgreSQL when
``CINCH_DATABASE_URL`` is a libpq URL such as ``postgresql://user@host:5432/cinch`` (it
takes precedence over ``CINCH_PROGRESS_DB``, the SQLite file, default
``.data/progress.sqlite3`` in the project).

Items are strings such as ``lesson/left-pedro/step/lead`` or
``lesson/left-pedro/question/who-wins``. Every write is one transaction: an upsert, or an
atomic read-modify-write (:meth:`ProgressStore.update`), so two tabs, two answers or two app
replicas writing at once lose nothing. A completion once earned is never lowered, and a
write never replaces a newer one (a retried write keeps the time it was made). The schema
is created on demand by the first write and versioned on both backends.

Any failure of the database or the disk (read-only, corrupt, locked, gone, server down)
raises :class:`StoreError`; nothing here deletes or rewrites what it cannot read. The app
uses :class:`tutorial.progress_outbox.SessionStore`, which never raises and keeps a failed
write to retry it.
"""

from __future__ import annotations

import os
import re
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutorial.store.base import SCHEMA_VERSION, Backend, Change, Item, StoreError
from tutorial.store.breaker import Guarded
from tutorial.store.postgres import PostgresBackend, redact
from tutorial.store.replay import replay, replayable
from tutorial.store.sqlite import MIGRATIONS, SqliteBackend
from tutorial.store.tables import TableStore, table_store

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Change",
    "Item",
    "ProgressStore",
    "StoreError",
]

ENV_VAR = "CINCH_PROGRESS_DB"
URL_VAR = "CINCH_DATABASE_URL"
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
"""Seconds a write waits for another writer's lock (or a pooled connection) before it
fails (and is kept to retry)."""


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


def database_url() -> str | None:
    """The PostgreSQL URL of ``CINCH_DATABASE_URL``, or None (then SQLite is used)."""
    return os.environ.get(URL_VAR, "").strip() or None


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


class ProgressStore:
    """Progress of every learner, in the backend the configuration names: PostgreSQL for
    ``url`` (or ``CINCH_DATABASE_URL`` when neither ``url`` nor ``path`` is given), else
    the SQLite file ``path`` (or ``CINCH_PROGRESS_DB``, or the default file). Safe to share
    between sessions and threads. Nothing touches the database until the first call."""

    def __init__(
        self, path: Path | None = None, *, timeout: float | None = None, url: str | None = None
    ) -> None:
        if url is None and path is None:
            url = database_url()
        self.url = url
        self.path = path or db_path()
        self.timeout = TIMEOUT if timeout is None else timeout

    @property
    def backend(self) -> Guarded:
        """The backend this store writes to, behind its circuit breaker
        (:mod:`tutorial.store.breaker`; made per call: ``timeout`` may change; the
        PostgreSQL connection pool and the breaker are kept per process)."""
        inner: Backend
        if self.url is not None:
            inner = PostgresBackend(self.url, self.timeout)
        else:
            inner = SqliteBackend(self.path, self.timeout)
        return Guarded(inner)

    def tables(self) -> TableStore:
        """The shared tables (:mod:`tutorial.store.tables`) in the same database."""
        return table_store(self.backend)

    @property
    def where(self) -> str:
        """Where progress is kept, for a log line (no password)."""
        return redact(self.url) if self.url is not None else str(self.path)

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
        self.backend.record(learner, item, value, done, time.time() if at is None else at)
        return True

    def items(self, learner: str, prefix: str = "") -> dict[str, Item]:
        self._check(learner)
        return self.backend.items(learner, prefix)

    def reset(self, learner: str, prefix: str, *, at: float | None = None) -> int:
        """Forget every item under ``prefix`` (one lesson's progress) written at ``at``
        (default now) or before: a retried reset never forgets what came after it.
        Returns how many."""
        self._check(learner)
        if not prefix.endswith("/"):
            raise ValueError("a reset prefix ends with '/'")
        return self.backend.reset(learner, prefix, time.time() if at is None else at)

    def update(
        self,
        learner: str,
        items: tuple[str, ...],
        change: Callable[[dict[str, Item]], Mapping[str, Change]],
    ) -> dict[str, Item]:
        """Atomic read-modify-write: ``change`` gets the current ``items`` (absent ones
        left out) and returns ``{item: (value, done)}`` to save, all in one transaction
        that no other write of this learner comes between. Returns what was saved."""
        self._check(learner)
        for it in items:
            self._check(learner, it)
        return self.backend.update(learner, items, change)

    # -- saved games (the practice table) ------------------------------------------------
    def save_game(self, learner: str, slot: str, value: Any, *, at: float | None = None) -> bool:
        """Keep ``value`` (JSON-ready) as the learner's game in ``slot``; None forgets it.
        ``at`` (default now): a retried save never replaces a newer one. Returns True;
        raises :class:`StoreError` if it could not be saved."""
        self._check(learner, slot)
        self.backend.save_game(learner, slot, value, time.time() if at is None else at)
        return True

    def load_game(self, learner: str, slot: str) -> Any:
        """The learner's game saved in ``slot``, or None."""
        self._check(learner, slot)
        return self.backend.load_game(learner, slot)

    # -- lessons: answers, question states, position --------------------------------------
    def answer(
        self, learner: str, lesson_id: str, question_id: str, response: Any, ok: bool
    ) -> Item:
        """Save an answer, counting tries: the state a returning learner sees comes from it."""
        item = question_item(lesson_id, question_id)
        change = replay(answer_change, item=item, response=response, ok=ok, t=time.time())
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
        change = replay(
            position_change, item=item, lesson=lesson_id, step=step_id, moment=moment, t=time.time()
        )
        return _position(self.update(learner, (item,), change)[item].value)

    def position(self, learner: str, lesson_id: str) -> Position | None:
        it = self.items(learner, position_item(lesson_id)).get(position_item(lesson_id))
        return _position(it.value) if it is not None else None


@replayable
def answer_change(
    cur: dict[str, Item], *, item: str, response: Any, ok: bool, t: float = 0.0
) -> dict[str, Change]:
    """One more try at a question, made at ``t`` (see :meth:`ProgressStore.answer`): the
    try is counted; a retried answer older than the saved one does not replace it."""
    old = cur[item].value if item in cur and isinstance(cur[item].value, dict) else {}
    tries = int(old.get("tries", 0)) + 1 if isinstance(old.get("tries", 0), int) else 1
    right_at = old.get("right_at")
    if ok and not isinstance(right_at, int):
        right_at = tries
    value = {"answer": response, "ok": ok, "tries": tries, "right_at": right_at, "t": t}
    if isinstance(old.get("t"), int | float) and old["t"] > t:
        value.update(answer=old.get("answer"), ok=old.get("ok"), t=old["t"])
    return {item: (value, ok)}


@replayable
def position_change(
    cur: dict[str, Item], *, item: str, lesson: str, step: str, moment: str | None, t: float
) -> dict[str, Change]:
    """The learner is at ``step`` (see :meth:`ProgressStore.save_position`); a position
    saved later (``t``) is kept."""
    old = cur[item].value if item in cur and isinstance(cur[item].value, dict) else {}
    moments = dict(old.get("moments") or {}) if isinstance(old.get("moments"), dict) else {}
    if moment is not None:
        moments[step] = moment
    newer = isinstance(old.get("t"), int | float) and old["t"] > t
    value = {"lesson": lesson, "step": step, "t": t, "moments": moments}
    if newer:  # a retried, older move: keep where the learner went after it
        value = {**old, "moments": {**moments, **(old.get("moments") or {})}}
    return {item: (value, False)}


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


def move_item(lesson_id: str, step_id: str, at: str) -> str:
    """A "your move" moment's state: wrong choices tried, shown, done."""
    return f"lesson/{lesson_id}/move/{step_id}/{at}"


def question_item(lesson_id: str, question_id: str) -> str:
    return f"lesson/{lesson_id}/question/{question_id}"


def position_item(lesson_id: str) -> str:
    return f"lesson/{lesson_id}/at"
