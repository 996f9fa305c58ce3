"""A learner session's view of the progress store: it never raises, and never loses a write.

A write that fails (database read-only, corrupt, locked, deleted, disk full) is kept in the
session's :class:`Outbox` with the time it was made and retried, in order, before the next
write and at the start of every page run; a write that came later never loses to a retried
earlier one. Reads that fail return what is in the outbox, so the learner still sees their
own answers. The outbox says what to tell the learner (:attr:`Outbox.pending`,
:attr:`Outbox.read_failed`): the app never says "saved" while anything is waiting.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutorial.progress import Change, Item, ProgressStore, StoreError

log = logging.getLogger("cinch.progress")
BACKOFF = 3.0
"""Seconds after a failed write before the next attempt."""


@dataclass
class Pending:
    """One write not saved yet: ``run`` performs it on the real store."""

    learner: str
    item: str | None
    value: Any
    done: bool
    at: float
    run: Callable[[ProgressStore], object]
    game: str | None = None
    """The slot, for a saved game (its value is then the game)."""


@dataclass
class Outbox:
    """The writes of one session that are not saved yet, and what went wrong last."""

    waiting: list[Pending] = field(default_factory=list)
    read_failed: bool = False
    last_error: str | None = None
    retry_at: float = 0.0
    """No new attempt before this time: a page does not wait for a lock on every write."""

    @property
    def pending(self) -> int:
        return len(self.waiting)

    def items(self) -> set[str]:
        return {p.item for p in self.waiting if p.item is not None}


class SessionStore(ProgressStore):
    """The store as one learner session uses it: same methods, no exceptions."""

    def __init__(self, outbox: Outbox, path: Path | None = None, *, url: str | None = None) -> None:
        super().__init__(path, url=url)
        self.outbox = outbox

    def flush(self, *, force: bool = False) -> bool:
        """Retry waiting writes in order (not within :data:`BACKOFF` seconds of a failure,
        unless ``force``); True if nothing is left waiting."""
        box = self.outbox
        if box.waiting and not force and time.time() < box.retry_at:
            return False
        while box.waiting:
            p = box.waiting[0]
            try:
                p.run(self._raw())
            except StoreError as exc:
                self._failed(exc)
                return False
            box.waiting.pop(0)
        box.last_error = None
        return True

    def _failed(self, exc: StoreError) -> None:
        self.outbox.last_error = str(exc)
        self.outbox.retry_at = time.time() + BACKOFF
        log.warning("progress not saved (kept to retry): %s", exc)

    def _raw(self) -> ProgressStore:
        return ProgressStore(self.path, timeout=self.timeout, url=self.url)

    def _write(self, pending: Pending) -> bool:
        """Run ``pending`` after everything before it; keep it if it fails."""
        if self.flush():
            try:
                pending.run(self._raw())
                return True
            except StoreError as exc:
                self._failed(exc)
        self.outbox.waiting.append(pending)
        return False

    # -- the same methods as the store, never raising ------------------------------------
    def record(
        self,
        learner: str,
        item: str,
        value: Any = None,
        *,
        done: bool = False,
        at: float | None = None,
    ) -> bool:
        """True if saved now; False if kept to be saved later."""
        self._check(learner, item)
        when = time.time() if at is None else at

        def run(store: ProgressStore) -> object:
            return store.record(learner, item, value, done=done, at=when)

        return self._write(Pending(learner, item, value, done, when, run))

    def items(self, learner: str, prefix: str = "") -> dict[str, Item]:
        """Saved items with the waiting ones on top; what is saved, if that cannot be read."""
        try:
            out = super().items(learner, prefix)
            self.outbox.read_failed = False
        except StoreError as exc:
            log.warning("progress cannot be read: %s", exc)
            self.outbox.read_failed = True
            self.outbox.last_error = str(exc)
            out = {}
        for p in self.outbox.waiting:
            if p.learner == learner and p.item is not None and p.item.startswith(prefix):
                before = out.get(p.item)
                out[p.item] = Item(p.item, p.done or bool(before and before.done), p.value)
        return out

    def reset(self, learner: str, prefix: str) -> int:
        self._check(learner)
        if not prefix.endswith("/"):
            raise ValueError("a reset prefix ends with '/'")
        self.outbox.waiting = [  # writes of this lesson not saved yet are forgotten too
            p
            for p in self.outbox.waiting
            if not (p.learner == learner and p.item is not None and p.item.startswith(prefix))
        ]
        count: list[int] = []

        def run(store: ProgressStore) -> object:
            count.append(store.reset(learner, prefix))
            return None

        self._write(Pending(learner, None, None, False, time.time(), run))
        return count[0] if count else 0

    def update(
        self,
        learner: str,
        items: tuple[str, ...],
        change: Callable[[dict[str, Item]], Mapping[str, Change]],
    ) -> dict[str, Item]:
        """Atomic read-modify-write now; if it fails, kept and applied later to what is
        saved then. Returns what was saved, or (not saved yet) ``change`` of what can be
        read now."""
        saved: list[dict[str, Item]] = []

        def run(store: ProgressStore) -> object:
            saved.append(store.update(learner, items, change))
            return None

        pending = Pending(learner, None, None, False, time.time(), run)
        if self._write(pending):
            return saved[0]
        visible = {k: v for k, v in self.items(learner).items() if k in items}
        preview = {
            k: Item(k, done or (k in visible and visible[k].done), value)
            for k, (value, done) in change(visible).items()
        }
        if len(items) == 1 and items[0] in preview:  # shown as the learner's until saved
            pending.item, pending.value, pending.done = items[0], *_unpack(preview[items[0]])
        return preview

    def save_game(self, learner: str, slot: str, value: Any, *, at: float | None = None) -> bool:
        """True if saved now; False if kept (the latest save of a slot only) to retry."""
        self._check(learner, slot)
        when = time.time() if at is None else at
        self.outbox.waiting = [  # an older save of this game is replaced, not retried
            p for p in self.outbox.waiting if not (p.learner == learner and p.game == slot)
        ]

        def run(store: ProgressStore) -> object:
            return store.save_game(learner, slot, value, at=when)

        return self._write(Pending(learner, None, value, False, when, run, game=slot))

    def load_game(self, learner: str, slot: str) -> Any:
        """The game waiting to be saved, else the saved one (None if it cannot be read)."""
        for p in reversed(self.outbox.waiting):
            if p.learner == learner and p.game == slot:
                return p.value
        try:
            value = super().load_game(learner, slot)
            self.outbox.read_failed = False
            return value
        except StoreError as exc:
            log.warning("saved game cannot be read: %s", exc)
            self.outbox.read_failed = True
            self.outbox.last_error = str(exc)
            return None


def _unpack(it: Item) -> tuple[Any, bool]:
    return it.value, it.done
