"""Double-dummy solving of the play phase: exact values with every card visible.

Convenience entry points over the core's :class:`~tutorial.engine.state.State` (what the
bots and the coach hold):

* :func:`solve_state` — the :class:`~tutorial.solver.analyse.Analysis` of a state in the
  PLAY phase (the value of the hand and of every legal card of the seat to play);
* :func:`value_state` — only each side's points of the whole hand under best play.

Both take an optional :class:`~tutorial.solver.search.Search` to reuse across calls (see
``Search`` for what reuse keeps and when it is safe: it is always safe, a search only keeps
its transposition table for a position with the same trump, point table and pile rule).
The state is not changed. Both take an optional :class:`~tutorial.solver.limits.Limit` (a
node limit and/or a deadline): ``solve_state`` then may answer early with proven bounds
(``Analysis.complete`` False), ``value_state`` raises :class:`~tutorial.solver.limits.Stopped`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutorial.engine.hand import Hand
from tutorial.engine.state import State
from tutorial.solver.analyse import Analysis, solve, value
from tutorial.solver.limits import Limit, Stopped
from tutorial.solver.position import Position

if TYPE_CHECKING:
    from tutorial.solver.search import Search

__all__ = ["Limit", "Stopped", "solve_state", "value_state"]


def solve_state(state: State, search: Search | None = None, limit: Limit | None = None) -> Analysis:
    """The double-dummy analysis of ``state`` (PLAY phase; ``InvalidInput`` otherwise)."""
    return solve(Position.from_hand(Hand.of(state)), search, limit)


def value_state(
    state: State, search: Search | None = None, limit: Limit | None = None
) -> tuple[int, int]:
    """Each side's points (AC, BD) of the whole hand of ``state`` under best play."""
    return value(Position.from_hand(Hand.of(state)), search, limit)
