"""Double-dummy values of a seat's cards, in one world (all cards visible).

The solver (:func:`tutorial.solver.analyse.solve`) values every legal card of the seat to
play, a pile with its best cards beneath. The coach also needs the exact value of the pile
the learner chose and of candidate piles, and the line both sides then play: this module
asks the solver for them, reusing one search (and its transposition table) per world.

A :class:`~tutorial.solver.limits.Limit` bounds a world's solve (the hint's budget): a world
whose solve stopped early holds the middle of each card's proven range (``complete`` False).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tutorial.engine.actions import PlayCard
from tutorial.engine.hand import Hand
from tutorial.engine.state import Phase, State
from tutorial.solver.analyse import solve, value
from tutorial.solver.limits import Limit, Stopped
from tutorial.solver.native import new_search
from tutorial.solver.position import Position

if TYPE_CHECKING:
    from tutorial.solver.search import Search


@dataclass
class WorldValues:
    """The values, for the side of the seat to play, of its actions in one world."""

    state: State
    pos: Position
    search: Search
    side: int
    values: dict[PlayCard, int] = field(default_factory=dict)
    """Every legal top card with the solver's best cards beneath, plus any action asked."""
    complete: bool = True
    """False if a limit stopped a solve of this world: some values are then the middle of
    their proven range (a pile not solved: its top card's value with the best beneath)."""

    def of(self, action: PlayCard, limit: Limit | None = None) -> int:
        """The exact value of ``action`` (searched if the solve did not give it; past
        ``limit``, the value of its top card with the solver's cards beneath)."""
        known = self.values.get(action)
        if known is None:
            child = self.pos.apply((action.card, tuple(action.beneath)))
            try:
                known = value(child, self.search, limit)[self.side]
            except Stopped:
                self.complete = False
                known = next(v for a, v in self.values.items() if a.card == action.card)
            self.values[action] = known
        return known

    @property
    def best_value(self) -> int:
        return max(self.values.values())


def world_values(state: State, limit: Limit | None = None) -> WorldValues:
    """Solve ``state`` (in the play phase) with every legal card valued (within ``limit``)."""
    pos = Position.from_hand(Hand.of(state))
    search = new_search(pos)
    an = solve(pos, search, limit)
    side = pos.to_play & 1
    vals = {PlayCard(a.card, a.beneath): a.value[side] for a in an.actions}
    return WorldValues(state, pos, search, side, vals, an.complete)


def top_candidates(worlds: list[WorldValues]) -> list[PlayCard]:
    """One action per top card valued in ``worlds``: with the cards beneath the solver chose
    most often for it (ties in the order of the action's text)."""
    counts: dict[PlayCard, int] = {}
    for w in worlds:
        for a in w.values:
            counts[a] = counts.get(a, 0) + 1
    by_top: dict[int, PlayCard] = {}
    for a, _n in sorted(counts.items(), key=lambda kv: (-kv[1], str(kv[0]))):
        by_top.setdefault(a.card, a)
    return list(by_top.values())


def best_line(state: State, search: Search | None = None) -> State:
    """The state at the end of the hand when everyone plays a double-dummy best card from
    ``state`` on (the first of the solver's best cards each time)."""
    line = state.copy()
    while line.phase is Phase.PLAY:
        pos = Position.from_hand(Hand.of(line))
        if search is None:
            search = new_search(pos)
        an = solve(pos, search)
        top = an.actions[0]
        line.apply(PlayCard(top.card, top.beneath))
    return line
