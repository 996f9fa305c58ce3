"""Solve a position: the value of the hand and of every legal card of the seat to play.

``limit`` (:class:`~tutorial.solver.limits.Limit`: a node limit, a deadline) bounds a
solve; one stopped early answers with proven bounds (:class:`Analysis`).

:func:`solve` answers for a :class:`~tutorial.solver.position.Position`: each side's points
of the whole hand under best play (points already taken, points owned by holding, the rest
under double-dummy play) and the same for every legal card of the seat to play — for a pile
on the first trick, with its best cards beneath. Equivalent cards (see ``search``) are
searched once and share their value.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tutorial.engine.cards import CODES, bits
from tutorial.engine.hand import SEATS, TEAMS
from tutorial.jsonvalue import JsonObject
from tutorial.solver.limits import Limit, Stopped
from tutorial.solver.native import new_search
from tutorial.solver.position import Position

if TYPE_CHECKING:
    from tutorial.solver.search import Search


@dataclass(frozen=True, slots=True)
class ActionValue:
    card: int
    beneath: tuple[int, ...]
    value: tuple[int, int]
    """Points of the whole hand, (AC, BD), if this card is played and both sides then play
    their best (in a solve stopped early, the middle of ``bounds``: AC's rounded down)."""
    bounds: tuple[int, int]
    """AC's points of the whole hand after this card: (lowest, highest) it can be. Equal
    (and equal to ``value[0]``) when the value is exact."""

    @property
    def exact(self) -> bool:
        return self.bounds[0] == self.bounds[1]


@dataclass(frozen=True, slots=True)
class Analysis:
    to_play: int | None
    """None once the hand is over."""
    value: tuple[int, int]
    actions: tuple[ActionValue, ...]
    """Every legal card, best first for the side to play."""
    best: tuple[int, ...]
    """The cards that reach the value (stopped early: the cards with the first card's
    bounds)."""
    nodes: int
    ms: float
    stopped: str = ""
    """Why the solve stopped before every value was exact: "nodes" (the node limit,
    deterministic) or "time" (the deadline); empty for a complete solve.

    A solve stopped early is the best answer found so far: each card's ``bounds`` are
    proven (the search never stores a guess), its ``value`` is their middle, ``actions``
    are ordered by the bound the side to play is sure of (its lowest points), then by that
    middle, then by strength, and ``value`` is the first action's. ``beneath`` of a card
    whose value is not exact is its first pile tried."""

    @property
    def complete(self) -> bool:
        return not self.stopped

    def ranges(self, a: ActionValue) -> tuple[tuple[int, int], tuple[int, int]]:
        """Each side's (lowest, highest) points of the whole hand after ``a``: (AC, BD)."""
        total = sum(self.value)
        return (a.bounds[0], a.bounds[1]), (total - a.bounds[1], total - a.bounds[0])

    def to_json(self) -> JsonObject:
        return {
            "to_play": SEATS[self.to_play] if self.to_play is not None else None,
            "value": _team_values(self.value),
            "actions": [
                {
                    "card": CODES[a.card],
                    "beneath": [CODES[c] for c in a.beneath],
                    "value": _team_values(a.value),
                    "exact": a.exact,
                    "range": dict(zip(TEAMS, map(list, self.ranges(a)), strict=True)),
                }
                for a in self.actions
            ],
            "best": [CODES[c] for c in self.best],
            "nodes": self.nodes,
            "ms": round(self.ms, 2),
            "complete": self.complete,
            "stopped": self.stopped or None,
        }


def _team_values(v: tuple[int, int]) -> dict[str, int]:
    return {TEAMS[0]: v[0], TEAMS[1]: v[1]}


def solve(pos: Position, search: Search | None = None, limit: Limit | None = None) -> Analysis:
    """The double-dummy value of ``pos`` and of every legal card of the seat to play.

    Every card (one of each run of equivalent cards) is narrowed in turn by one zero-window
    test a round, each placed at the last answer (MTD(f) across the cards), until every
    card's value is exact. With a ``limit`` the search may stop early: the analysis is then
    not ``complete`` and each card carries the range its value is known to lie in (see
    :class:`Analysis`)."""
    start = time.perf_counter()
    total = pos.total
    if pos.is_over():
        ac = pos.taken[0] + pos.held[0]
        return Analysis(None, (ac, total - ac), (), (), 0, _ms(start))
    search = _search_for(pos, search)
    nodes_before = search.nodes
    seat = pos.to_play
    side = seat & 1
    maximize = not side
    legal = pos.legal_mask()
    out = search.to_s(sum(pos.hands) | sum(1 << p.card for p in pos.plays))
    rep = _representative_map(search, legal, out)
    tops = sorted(set(rep.values()), key=lambda c: -search.bit[c])
    options: dict[int, list[tuple[int, ...]]] = {c: [()] for c in tops}
    if pos.pile_size():
        options = {c: [] for c in tops}
        hand_s = search.to_s(pos.hands[seat])
        for top, beneath in search.pile_choices(hand_s, search.to_s(legal), out):
            under = tuple(sorted(search.card[i] for i in bits(beneath)))
            options[search.card[top]].append(under)
    children = {top: [pos.apply((top, under)) for under in options[top]] for top in tops}
    # AC's capture points of the whole hand (taken + to come) after each top card: a range
    lo = {top: min(c.taken[0] for c in children[top]) for top in tops}
    hi = {top: max(c.taken[0] + c.remaining for c in children[top]) for top in tops}
    chosen = {top: 0 for top in tops}
    stopped = ""
    if limit is not None:
        limit.apply(search)
    try:
        guess: int | None = None
        last: dict[int, int] = {}
        while any(lo[top] < hi[top] for top in tops):
            for top in tops:
                if lo[top] >= hi[top]:
                    continue
                g = last.get(top, guess)
                if g is None:
                    g = (lo[top] + hi[top] + 1) // 2
                beta = min(max(g, lo[top] + 1), hi[top])
                v = _bounded(search, children[top], maximize, beta - 1, beta)
                if v < beta:
                    hi[top] = v
                else:
                    lo[top] = v
                last[top] = guess = v
        for top in tops:
            chosen[top] = _reaching(search, children[top], maximize, lo[top])
    except Stopped as e:
        stopped = e.reason
    finally:
        if limit is not None:
            search.unlimit()
    held = pos.held[0]
    actions = []
    for card in bits(legal):
        r = rep[card]
        under = options[r][chosen[r]]
        if r != card and card in under:  # swap the equivalent cards
            under = tuple(sorted(r if c == card else c for c in under))
        low, high = lo[r] + held, hi[r] + held
        ac = (low + high) // 2
        actions.append(ActionValue(card, under, (ac, total - ac), (low, high)))

    def order(a: ActionValue) -> tuple[int, int, int]:
        low = a.bounds[0] if not side else total - a.bounds[1]  # the side to play's sure points
        return (-low, -(a.value[side]), -search.bit[a.card])

    actions.sort(key=order)
    first = actions[0]
    best = tuple(a.card for a in actions if a.bounds == first.bounds)
    return Analysis(
        seat,
        first.value,
        tuple(actions),
        best,
        search.nodes - nodes_before,
        _ms(start),
        stopped,
    )


def _bounded(
    search: Search, children: list[Position], maximize: bool, alpha: int, beta: int
) -> int:
    """Fail-soft bound of AC's capture points of the whole hand (taken + to come) after
    the best of ``children`` for the side to play."""
    value = -1 if maximize else 10**6
    for child in children:
        t = child.taken[0]
        v = t + search.bounded(child, alpha - t, beta - t)
        if maximize:
            if v > value:
                value = v
                alpha = max(alpha, v)
        elif v < value:
            value = v
            beta = min(beta, v)
        if alpha >= beta:
            break
    return value


def _reaching(search: Search, children: list[Position], maximize: bool, target: int) -> int:
    """The index of a child that reaches ``target`` (the exact value of the best)."""
    if len(children) == 1:
        return 0
    for i, child in enumerate(children):
        t = child.taken[0]
        if maximize and t + search.bounded(child, target - 1 - t, target - t) >= target:
            return i
        if not maximize and t + search.bounded(child, target - t, target + 1 - t) <= target:
            return i
    raise AssertionError("no pile reaches the value of the best pile")


def value(
    pos: Position, search: Search | None = None, limit: Limit | None = None
) -> tuple[int, int]:
    """Each side's points of the whole hand under best play (no per-card values). With a
    ``limit``, raises :class:`~tutorial.solver.search.Stopped` if it is reached first."""
    if pos.is_over():
        ac = pos.taken[0] + pos.held[0]
    else:
        search = _search_for(pos, search)
        if limit is not None:
            limit.apply(search)
        try:
            ac = pos.taken[0] + pos.held[0] + search.future(pos)
        finally:
            if limit is not None:
                search.unlimit()
    return ac, pos.total - ac


def _search_for(pos: Position, search: Search | None) -> Search:
    if search is None:
        return new_search(pos)
    search.bind(pos)
    return search


def _representative_map(search: Search, legal: int, out: int) -> dict[int, int]:
    """card → the card searched for it (the strongest of its run of equivalent cards);
    ``out`` is every card still out, in strength space."""
    result: dict[int, int] = {}
    for c in sorted(bits(legal), key=lambda c: -search.bit[c]):
        i = search.bit[c].bit_length() - 1
        up = out & search.above[i]
        if up:
            y = search.card[(up & -up).bit_length() - 1]
            if legal >> y & 1 and search.pts[(up & -up).bit_length() - 1] == search.pts[i]:
                result[c] = result[y]
                continue
        result[c] = c
    return result


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000.0
