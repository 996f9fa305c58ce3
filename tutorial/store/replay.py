"""Changes that can be written down and run again later, in another process.

A read-modify-write (:meth:`tutorial.progress.ProgressStore.update`) is a function of what is
saved; when it cannot be saved now it must be run later against what is saved *then* (a
counter counts on from the saved value, not from what this tab saw). A closure cannot be
kept on disk, so the writes that must survive a reload or a replica's death name a module
function marked :func:`replayable` and its JSON arguments (:func:`replay`); the durable spool
(:mod:`tutorial.store.spool`) keeps that name and those arguments. Only functions of this
project marked replayable are ever run from a spool.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from tutorial.jsonvalue import JsonObject
from tutorial.store.base import Change, Item

F = TypeVar("F", bound=Callable[..., Mapping[str, Change]])


def replayable(fn: F) -> F:
    """Mark a module-level ``fn(current, **args) -> {item: (value, done)}`` as one a spool
    may run again later."""
    fn.__replayable__ = True  # type: ignore[attr-defined]
    return fn


@dataclass(frozen=True)
class Replay:
    """``fn(current, **args)``, named so it can be kept on disk and run again."""

    fn: str
    """``module:function`` of a :func:`replayable` function of this project."""
    args: Mapping[str, Any]

    def __call__(self, current: dict[str, Item]) -> Mapping[str, Change]:
        return resolve(self.fn)(current, **self.args)

    def to_json(self) -> JsonObject:
        return {"fn": self.fn, "args": dict(self.args)}

    @classmethod
    def from_json(cls, value: Any) -> Replay:
        if not isinstance(value, dict) or not isinstance(value.get("args"), dict):
            raise ValueError(f"not a replayable change: {value!r}")
        resolve(str(value.get("fn")))
        return cls(str(value["fn"]), value["args"])


def replay(fn: Callable[..., Mapping[str, Change]], **args: Any) -> Replay:
    """The change ``fn(current, **args)`` as a :class:`Replay` (``args`` should be JSON: a
    spool cannot keep one that is not, and the session then keeps it instead)."""
    name = f"{fn.__module__}:{fn.__qualname__}"
    if resolve(name) is not fn:
        raise ValueError(f"{name} is not a module-level replayable function")
    return Replay(name, args)


def resolve(name: str) -> Callable[..., Mapping[str, Change]]:
    """The replayable function named ``module:function`` (only this project's)."""
    module, _, attr = name.partition(":")
    if not module.startswith("tutorial.") or not attr.isidentifier():
        raise ValueError(f"not a replayable change: {name!r}")
    fn = getattr(importlib.import_module(module), attr, None)
    if not callable(fn) or not getattr(fn, "__replayable__", False):
        raise ValueError(f"not a replayable change: {name!r}")
    return fn  # type: ignore[no-any-return]
