"""A learner session's view of the progress store: it never raises, and never loses a write.

A write that fails (database down, read-only, corrupt, locked, deleted, disk full) is kept in
the machine's durable spool (:mod:`tutorial.store.spool`), which a background drainer writes
to the database once it is back, whether or not the learner is still there; a reload, a
closed tab or a dead replica loses nothing, and the new page shows the learner's writes still
waiting (:meth:`SessionStore.refresh`). Once a learner has writes waiting there, their new
writes queue behind them (one learner's writes are saved in order). Only a write the spool
cannot take (the spool's disk failing too, or a change that is not
:func:`~tutorial.store.replay.replayable`) is kept in the session's :class:`Outbox` instead
and retried, in order, before the next write and at the start of every page run (that one is
lost if the tab goes). Every write keeps the time it was made: a write that came later
never loses to a retried earlier one. Reads that fail return what is waiting, so the learner
still sees their own answers. The outbox says what to tell the learner
(:attr:`Outbox.pending`, :attr:`Outbox.read_failed`): the app never says "saved" while
anything is waiting.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutorial.jsonvalue import JsonObject
from tutorial.progress import Change, Item, ProgressStore, StoreError
from tutorial.store.replay import Replay
from tutorial.store.spool import Row, Spool, drain, ensure_drainer

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
    prepare: Callable[[], None] | None = None
    """Called once before it is kept (fills in what the learner sees for it)."""
    op: str | None = None
    """How the spool keeps it (:func:`tutorial.store.spool.apply`): None if it cannot."""
    args: JsonObject | None = None
    """The write's arguments, as the spool keeps them (JSON: a value that is not is kept in
    the session instead)."""


@dataclass
class Outbox:
    """The writes of one session that are not saved yet, and what went wrong last."""

    waiting: list[Pending] = field(default_factory=list)
    """Kept in this session only (the spool could not take them)."""
    spooled: list[Row] = field(default_factory=list)
    """This learner's writes waiting in the spool, as last read."""
    read_failed: bool = False
    last_error: str | None = None
    retry_at: float = 0.0
    """No new attempt before this time: a page does not wait for a lock on every write."""

    @property
    def pending(self) -> int:
        return len(self.waiting) + len(self.spooled)

    def items(self) -> set[str]:
        kept = {p.item for p in self.waiting if p.item is not None}
        return kept | {r.item for r in self.spooled if r.item is not None}


class SessionStore(ProgressStore):
    """The store as one learner session uses it: same methods, no exceptions."""

    def __init__(
        self,
        outbox: Outbox,
        path: Path | None = None,
        *,
        url: str | None = None,
        spool: Spool | None = None,
    ) -> None:
        super().__init__(path, url=url)
        self.outbox = outbox
        self.spool = spool or Spool()
        try:
            self.target = self._raw().backend.key
        except StoreError:  # a URL that is not PostgreSQL's: every write fails, and says so
            self.target = f"invalid:{self.where}"
        if self.spool.path.exists():  # rows left by a reload, a closed tab, a dead replica
            self._drain()

    def _drain(self) -> None:
        ensure_drainer(self.spool, self.target, self._raw)

    def refresh(self, learner: str) -> None:
        """Read what of ``learner``'s waits in the spool (at the start of a page run)."""
        self.outbox.spooled = self.spool.rows(self.target, learner)

    def _spooled(self, learner: str) -> bool:
        """Whether ``learner`` has writes waiting in the spool (read again if we thought so)."""
        if any(r.learner == learner for r in self.outbox.spooled):
            self.refresh(learner)
        return any(r.learner == learner for r in self.outbox.spooled)

    def _to_spool(self, p: Pending) -> bool:
        if p.op is None or p.args is None:
            return False
        try:
            self.spool.add(
                self.target,
                p.learner,
                p.op,
                p.args,
                p.at,
                item=p.item,
                value=p.value,
                done=p.done,
                game=p.game,
            )
        except StoreError as exc:
            log.warning("not kept in the spool (kept in this session): %s", exc)
            return False
        self.refresh(p.learner)
        self._drain()
        return True

    def flush(self, *, force: bool = False) -> bool:
        """Retry waiting writes in order (not within :data:`BACKOFF` seconds of a failure,
        unless ``force``); True if nothing is left waiting."""
        box = self.outbox
        if box.pending and not force and time.time() < box.retry_at:
            return False
        if not self._flush_session(force=True):
            return False
        for learner in {r.learner for r in box.spooled}:  # this learner's, in the spool
            try:
                drain(self.spool, self.target, self._raw(), learner)
            except StoreError as exc:
                self._failed(exc)
            self.refresh(learner)
        if box.spooled:
            return False
        box.last_error = None
        return True

    def _flush_session(self, *, force: bool = False) -> bool:
        """Retry the writes kept in this session, in order; True if none is left."""
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
        return True

    def _failed(self, exc: StoreError) -> None:
        self.outbox.last_error = str(exc)
        self.outbox.retry_at = time.time() + BACKOFF
        log.warning("progress not saved (kept to retry): %s", exc)

    def _raw(self) -> ProgressStore:
        return ProgressStore(self.path, timeout=self.timeout, url=self.url)

    def _write(self, pending: Pending) -> bool:
        """Run ``pending`` after everything before it; keep it if it fails (in the spool if
        it can be, else in this session)."""
        if self._flush_session():
            if not self._spooled(pending.learner):
                try:
                    pending.run(self._raw())
                    return True
                except StoreError as exc:
                    self._failed(exc)
            if pending.prepare is not None:
                pending.prepare()
            if self._to_spool(pending):
                return False
        elif pending.prepare is not None:
            pending.prepare()
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

        args: JsonObject = {"item": item, "value": value, "done": done}
        return self._write(Pending(learner, item, value, done, when, run, op="record", args=args))

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
        waiting = [(r.item, r.value, r.done) for r in self.outbox.spooled if r.learner == learner]
        waiting += [(p.item, p.value, p.done) for p in self.outbox.waiting if p.learner == learner]
        for item, value, done in waiting:
            if item is not None and item.startswith(prefix):
                before = out.get(item)
                out[item] = Item(item, done or bool(before and before.done), value)
        return out

    def reset(self, learner: str, prefix: str, *, at: float | None = None) -> int:
        self._check(learner)
        if not prefix.endswith("/"):
            raise ValueError("a reset prefix ends with '/'")
        self.outbox.waiting = [  # writes of this lesson not saved yet are forgotten too
            p
            for p in self.outbox.waiting
            if not (p.learner == learner and p.item is not None and p.item.startswith(prefix))
        ]
        if self.outbox.spooled:
            self.spool.forget(self.target, learner, prefix)
            self.refresh(learner)
        count: list[int] = []
        when = time.time() if at is None else at

        def run(store: ProgressStore) -> object:
            count.append(store.reset(learner, prefix, at=when))
            return None

        args: JsonObject = {"prefix": prefix}
        self._write(Pending(learner, None, None, False, when, run, op="reset", args=args))
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
        if isinstance(change, Replay):
            pending.op = "update"
            pending.args = {"items": list(items), "change": change.to_json()}
        preview: dict[str, Item] = {}

        def prepare() -> None:  # what the learner sees until it is saved
            visible = {k: v for k, v in self.items(learner).items() if k in items}
            preview.update(
                (k, Item(k, done or (k in visible and visible[k].done), value))
                for k, (value, done) in change(visible).items()
            )
            if len(items) == 1 and items[0] in preview:  # shown as the learner's
                pending.item, pending.value, pending.done = items[0], *_unpack(preview[items[0]])

        pending.prepare = prepare
        if self._write(pending):
            return saved[0]
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

        args: JsonObject = {"slot": slot, "value": value}
        pending = Pending(learner, None, value, False, when, run, game=slot, op="save_game")
        pending.args = args
        return self._write(pending)

    def load_game(self, learner: str, slot: str) -> Any:
        """The game waiting to be saved, else the saved one (None if it cannot be read)."""
        for p in reversed(self.outbox.waiting):
            if p.learner == learner and p.game == slot:
                return p.value
        for r in reversed(self.outbox.spooled):
            if r.learner == learner and r.game == slot:
                return r.value
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
