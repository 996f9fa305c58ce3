"""A circuit breaker per progress database and per kind of call (reads, writes), per process.

Without it, a PostgreSQL server that is down costs every call the pool's wait for a
connection (seconds), several times in each page run. With it, the first call that fails
slowly, or because the database cannot be reached at all, marks the database *down* for its
kind (reads, writes; "cannot be reached" marks both); while it is down every call of that
kind fails at once with :class:`StoreError` (no connection is tried on the serving path), and
a background thread probes the database every :data:`PROBE_EVERY` seconds with a harmless
call of that kind (a connection and ``SELECT 1`` outside the pool for PostgreSQL, whose pool
is then made anew; a read, or a transaction that changes nothing, for SQLite). The first probe
that succeeds marks it up again and tells whoever listens (:func:`on_up`: the spool's drainer,
:mod:`tutorial.store.spool`), so saving resumes about a second after the database is back,
however long the outage was.

A failure that was fast and is not "cannot be reached" (a read-only or corrupt SQLite file,
a schema newer than ours) does not open the breaker: trying again costs nothing, and the
call after the fault is fixed succeeds at once.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tutorial.store.base import Backend, ChangeFn, Item, StoreError

T = TypeVar("T")

log = logging.getLogger("cinch.progress")

PROBE_EVERY = 1.0
"""Seconds between two probes of a database marked down."""
SLOW = 1.0
"""A call that failed after this many seconds opens the breaker (it would cost as much again)."""
KINDS = ("read", "write")


@dataclass
class _State:
    down_since: float | None = None
    reason: str = ""
    prober: threading.Thread | None = None


@dataclass
class Breaker:
    """The state of one database (``key``) for this process: down or up, per kind."""

    key: str
    probe: Callable[[str], None]
    """``probe(kind)`` returns if a call of ``kind`` would work now; raises StoreError if not."""
    states: dict[str, _State] = field(default_factory=lambda: {k: _State() for k in KINDS})
    lock: threading.Lock = field(default_factory=threading.Lock)

    def down(self, kind: str) -> bool:
        return self.states[kind].down_since is not None

    def check(self, kind: str) -> None:
        """Raise at once if ``kind`` calls are marked down."""
        state = self.states[kind]
        if state.down_since is not None:
            raise StoreError(f"{state.reason} (marked down; tried again in the background)")

    def failed(self, kind: str, exc: StoreError, elapsed: float) -> None:
        """A call of ``kind`` raised ``exc`` after ``elapsed`` seconds."""
        unreachable = getattr(exc, "unreachable", False)
        if not unreachable and elapsed < SLOW:
            return
        for k in KINDS if unreachable else (kind,):
            with self.lock:
                state = self.states[k]
                if state.down_since is None:
                    state.down_since = time.time()
                    log.warning("progress %s marked down: %s", k, exc)
                state.reason = str(exc)
                if state.prober is None or not state.prober.is_alive():
                    state.prober = threading.Thread(
                        target=self._probe_until_up, args=(k,), name=f"cinch-probe-{k}", daemon=True
                    )
                    state.prober.start()

    def _probe_until_up(self, kind: str) -> None:
        state = self.states[kind]
        while state.down_since is not None:
            time.sleep(PROBE_EVERY)
            try:
                self.probe(kind)
            except StoreError as exc:
                state.reason = str(exc)
                continue
            except Exception as exc:  # a bug of ours must not kill the prober silently
                log.exception("progress probe failed")
                state.reason = str(exc)
                continue
            self.up(kind)

    def up(self, kind: str) -> None:
        with self.lock:
            state = self.states[kind]
            if state.down_since is None:
                return
            log.warning(
                "progress %s back after %.1f s", kind, time.time() - (state.down_since or 0)
            )
            state.down_since = None
        for listener in list(_listeners):
            listener(self.key, kind)


_breakers: dict[tuple[int, str], Breaker] = {}
_registry_lock = threading.Lock()
_listeners: list[Callable[[str, str], None]] = []


def breaker(key: str, probe: Callable[[str], None]) -> Breaker:
    """This process's breaker for the database ``key`` (made on first use)."""
    k = (os.getpid(), key)
    with _registry_lock:
        found = _breakers.get(k)
        if found is None:
            found = _breakers[k] = Breaker(key, probe)
        return found


def on_up(listener: Callable[[str, str], None]) -> None:
    """Call ``listener(key, kind)`` whenever a database's ``kind`` calls are marked up again
    (in the prober's thread: a listener must not raise; the spool's only sets events)."""
    if listener not in _listeners:
        _listeners.append(listener)


def any_down() -> bool:
    """Whether any database of this process is marked down (for a log line or a test)."""
    return any(b.down(k) for b in list(_breakers.values()) for k in KINDS)


def forget() -> None:
    """Forget every breaker of this process (tests: each starts with databases up)."""
    with _registry_lock:
        for b in _breakers.values():
            for s in b.states.values():
                s.down_since = None
        _breakers.clear()


class Guarded:
    """A backend behind its breaker: reads and writes fail at once while marked down."""

    def __init__(self, backend: Backend) -> None:
        self.inner = backend
        self.breaker = breaker(backend.key, backend.probe)

    def _call(self, kind: str, fn: Callable[..., T], *args: Any) -> T:
        self.breaker.check(kind)
        started = time.monotonic()
        try:
            return fn(*args)
        except StoreError as exc:
            self.breaker.failed(kind, exc, time.monotonic() - started)
            raise

    def record(self, learner: str, item: str, value: Any, done: bool, at: float) -> None:
        self._call("write", self.inner.record, learner, item, value, done, at)

    def items(self, learner: str, prefix: str) -> dict[str, Item]:
        return self._call("read", self.inner.items, learner, prefix)

    def reset(self, learner: str, prefix: str, at: float) -> int:
        return self._call("write", self.inner.reset, learner, prefix, at)

    def update(self, learner: str, items: tuple[str, ...], change: ChangeFn) -> dict[str, Item]:
        return self._call("write", self.inner.update, learner, items, change)

    def save_game(self, learner: str, slot: str, value: Any, at: float) -> None:
        self._call("write", self.inner.save_game, learner, slot, value, at)

    def load_game(self, learner: str, slot: str) -> Any:
        return self._call("read", self.inner.load_game, learner, slot)

    @property
    def key(self) -> str:
        return self.inner.key

    def probe(self, kind: str) -> None:
        self.inner.probe(kind)
