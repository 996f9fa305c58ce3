"""How long a solve may search, and the exception of a search stopped early.

A :class:`Limit` is a node limit, a wall-clock deadline, or both:

* ``max_nodes`` — the search stops once it has counted that many nodes (trick boundaries
  and card nodes, as ``Analysis.nodes`` counts them). Deterministic: the same position,
  search state and limit stop at the same node on every run, on any machine, in the
  compiled and in the pure-Python search alike, so they give the same answer.
* ``deadline`` — a ``time.monotonic()`` instant; past it the search stops. Not
  deterministic (it depends on the machine's speed and load): the safety net that bounds
  the wall-clock time when the node limit is generous or the pure-Python search runs.

Both are checked at every trick boundary searched (the clock every ``CLOCK_EVERY``
nodes), so a stop comes at most a few card nodes past the node limit and a few
milliseconds past the deadline. Not compiled (``tutorial.solver.native``): the compiled
search raises this very :class:`Stopped`, so one ``except`` catches both.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Final, Protocol

NO_LIMIT: Final = 1 << 62
"""The node limit of a search without one."""
CLOCK_EVERY: Final = 2048
"""Nodes between two looks at the clock when a deadline is set."""


class Stopped(Exception):
    """A search stopped at its node limit (``reason`` "nodes") or deadline ("time")."""

    def __init__(self, reason: str, nodes: int) -> None:
        super().__init__(f"search stopped ({reason}) after {nodes} nodes")
        self.reason = reason
        self.nodes = nodes


class _Limited(Protocol):
    def limit(self, max_nodes: int = ..., deadline: float = ...) -> None: ...


@dataclass(frozen=True, slots=True)
class Limit:
    """A node limit and/or a deadline for one solve (or for several: the deadline is an
    instant, so one ``Limit`` shared by the solves of a decision bounds them together)."""

    max_nodes: int | None = None
    """Nodes the solve may count (from its start); None: no node limit."""
    deadline: float | None = None
    """A ``time.monotonic()`` instant; None: no deadline."""

    @classmethod
    def of(cls, max_nodes: int | None = None, max_ms: float | None = None) -> Limit:
        """A limit of ``max_nodes`` nodes and/or ``max_ms`` milliseconds from now."""
        if max_nodes is not None and max_nodes < 0:
            raise ValueError("max_nodes must be 0 or more")
        if max_ms is not None and max_ms < 0:
            raise ValueError("max_ms must be 0 or more")
        deadline = None if max_ms is None else time.monotonic() + max_ms / 1000.0
        return cls(max_nodes, deadline)

    def with_nodes(self, max_nodes: int | None) -> Limit:
        """The same deadline with another node limit."""
        return Limit(max_nodes, self.deadline)

    def apply(self, search: _Limited) -> None:
        """Set this limit on ``search`` (its node limit counted from its count now)."""
        search.limit(
            NO_LIMIT if self.max_nodes is None else self.max_nodes,
            float("inf") if self.deadline is None else self.deadline,
        )
