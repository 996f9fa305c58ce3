"""What every progress backend offers, and the values it hands back.

A backend stores rows ``(learner, item, value, done, updated)`` with ``(learner, item)``
unique, and saved games ``(learner, slot, value, updated)`` with ``(learner, slot)`` unique
(an unfinished practice game, kept whole so it survives a reload and another device). Its
promises, on every backend:

- every write is one transaction; a failure raises :class:`StoreError` and changes nothing;
- ``done`` is sticky (once true, never lowered) and a write never replaces a newer one
  (``updated`` is when the learner did it: a retried write keeps its time);
- :meth:`Backend.update` is an atomic read-modify-write: no other write of the same learner
  comes between its read and its commit, so concurrent writers lose nothing;
- reading a database never written returns nothing (the schema is made by the first write),
  and a database whose schema is newer than this program's is never written to.

Inputs are checked by :class:`tutorial.progress.ProgressStore` before they get here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

SCHEMA_VERSION = 6
"""The schema this program reads and writes, on every backend (2: saved games; 3: the
Leitner boxes of the reviews become FSRS cards, :mod:`tutorial.store.leitner`; 4: the
shared tables, :mod:`tutorial.store.tables`; 5: a shared table's action keeps the best set
of the hint shown before it; 6: a hint shown at a shared table is kept by position, so the
action after it is marked whichever page takes it)."""

Rewrite = Callable[[str, Any, float], Any]
"""A data migration: ``(item, value, updated)`` → the row's new value, or None to keep it."""


def rewrites() -> dict[int, tuple[tuple[str, ...], Rewrite]]:
    """Version → (the item prefixes it reads, the rewrite of each row's value), run by every
    backend after that version's statements, in the same transaction."""
    from tutorial.store import leitner  # the review schedule, imported only to migrate

    return {3: (leitner.PREFIXES, leitner.rewrite)}


class StoreError(Exception):
    """The progress database cannot be read or written right now (the reason is the
    message); nothing was changed by the call that raised it. ``unreachable``: the database
    could not be reached at all (a server down, no connection), so every call would fail."""

    def __init__(self, message: str, *, unreachable: bool = False) -> None:
        super().__init__(message)
        self.unreachable = unreachable


@dataclass(frozen=True)
class Item:
    item: str
    done: bool
    value: Any


Change = tuple[Any, bool]
"""A new value for an item and whether it is done (``done`` stays sticky)."""

ChangeFn = Callable[[dict[str, Item]], Mapping[str, Change]]


class Backend(Protocol):
    """The four operations every backend implements (see the module's promises)."""

    def record(self, learner: str, item: str, value: Any, done: bool, at: float) -> None: ...

    def items(self, learner: str, prefix: str) -> dict[str, Item]: ...

    def reset(self, learner: str, prefix: str, at: float) -> int:
        """Forget the items under ``prefix`` written at ``at`` or before (a retried reset
        never forgets what was done after it)."""
        ...

    def update(self, learner: str, items: tuple[str, ...], change: ChangeFn) -> dict[str, Item]:
        """``change`` gets the current ``items`` (absent ones left out) and returns
        ``{item: (value, done)}`` to save; returns what was saved."""
        ...

    def save_game(self, learner: str, slot: str, value: Any, at: float) -> None:
        """Keep ``value`` as the learner's game in ``slot`` (a newer save is never replaced
        by an older one); ``value`` None deletes it."""
        ...

    def load_game(self, learner: str, slot: str) -> Any:
        """The game saved in ``slot``, or None."""
        ...

    @property
    def key(self) -> str:
        """The database, as one string (its circuit breaker's name; no password)."""
        ...

    def probe(self, kind: str) -> None:
        """Return if a ``kind`` call ("read", "write") would work now, raise StoreError if
        not; changes nothing (:mod:`tutorial.store.breaker`)."""
        ...


def dumps(value: Any) -> str:
    return json.dumps(value)


def loads(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, TypeError):
        return None


def item_of(row: tuple[Any, ...]) -> Item:
    """An :class:`Item` from a row ``(item, done, value)``."""
    return Item(str(row[0]), bool(row[1]), loads(row[2]))


def changes(
    items: tuple[str, ...], current: dict[str, Item], change: ChangeFn
) -> tuple[dict[str, Change], dict[str, Item]]:
    """What ``change`` asks to write (checked: only items that were read) and the items as
    they are once written (``done`` sticky)."""
    new = dict(change(current))
    for it in new:
        if it not in items:
            raise ValueError(f"{it!r} was not read, so it may not be written")
    saved = {
        it: Item(it, bool(done) or (it in current and current[it].done), value)
        for it, (value, done) in new.items()
    }
    return new, saved
