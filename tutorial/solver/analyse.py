"""Solve a position: the value of the hand and of every legal card of the seat to play.

:func:`solve` answers for a :class:`~tutorial.solver.position.Position`: each side's points
of the whole hand under best play (points already taken, points owned by holding, the rest
under double-dummy play) and the same for every legal card of the seat to play — for a pile
on the first trick, with its best cards beneath. Equivalent cards (see ``search``) are
searched once and share their value.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from tutorial.engine.cards import CODES
from tutorial.engine.hand import SEATS, TEAMS
from tutorial.solver.position import Position
from tutorial.solver.search import Search
from tutorial.solver.tables import to_strength


@dataclass(frozen=True, slots=True)
class ActionValue:
    card: int
    beneath: tuple[int, ...]
    value: tuple[int, int]
    """Points of the whole hand, (AC, BD), if this card is played and both sides then play
    their best."""


@dataclass(frozen=True, slots=True)
class Analysis:
    to_play: int | None
    """None once the hand is over."""
    value: tuple[int, int]
    actions: tuple[ActionValue, ...]
    """Every legal card, best first for the side to play."""
    best: tuple[int, ...]
    """The cards that reach the value."""
    nodes: int
    ms: float

    def to_json(self) -> dict[str, Any]:
        return {
            "to_play": SEATS[self.to_play] if self.to_play is not None else None,
            "value": _team_values(self.value),
            "actions": [
                {
                    "card": CODES[a.card],
                    "beneath": [CODES[c] for c in a.beneath],
                    "value": _team_values(a.value),
                }
                for a in self.actions
            ],
            "best": [CODES[c] for c in self.best],
            "nodes": self.nodes,
            "ms": round(self.ms, 2),
        }


def _team_values(v: tuple[int, int]) -> dict[str, int]:
    return {TEAMS[0]: v[0], TEAMS[1]: v[1]}


def solve(pos: Position, search: Search | None = None) -> Analysis:
    """The double-dummy value of ``pos`` and of every legal card of the seat to play."""
    start = time.perf_counter()
    total = pos.total
    if pos.is_over():
        ac = pos.taken[0] + pos.held[0]
        return Analysis(None, (ac, total - ac), (), (), 0, _ms(start))
    search = _search_for(pos, search)
    nodes_before = search.nodes
    seat = pos.to_play
    side = seat & 1
    o_s = to_strength(pos.trump, sum(pos.hands)) | to_strength(
        pos.trump, sum(1 << p.card for p in pos.plays)
    )
    legal = pos.legal_mask()
    k = pos.pile_size()
    rep = _representative_map(search, legal, o_s)
    guess: int | None = None
    by_rep: dict[int, tuple[tuple[int, ...], tuple[int, int]]] = {}
    if k:
        options = search.pile_choices(pos.hands[seat], legal, o_s)
    else:
        options = [(c, 0) for c in sorted(set(rep.values()))]
    for top, beneath in options:
        under = tuple(sorted(_bits(beneath)))
        child = pos.apply((top, under))
        fut = search.future(child, guess)
        guess = fut
        ac = child.taken[0] + pos.held[0] + fut
        value = (ac, total - ac)
        known = by_rep.get(top)
        if known is None or value[side] > known[1][side]:
            by_rep[top] = (under, value)
    actions = []
    for card in _bits(legal):
        r = rep[card]
        under, value = by_rep[r]
        if r != card and card in under:  # swap the equivalent cards
            under = tuple(sorted(r if c == card else c for c in under))
        actions.append(ActionValue(card, under, value))
    actions.sort(key=lambda a: (-a.value[side], -search.sbit[a.card]))
    best_value = actions[0].value
    best = tuple(a.card for a in actions if a.value == best_value)
    return Analysis(seat, best_value, tuple(actions), best, search.nodes - nodes_before, _ms(start))


def value(pos: Position, search: Search | None = None) -> tuple[int, int]:
    """Each side's points of the whole hand under best play (no per-card values)."""
    if pos.is_over():
        ac = pos.taken[0] + pos.held[0]
    else:
        search = _search_for(pos, search)
        ac = pos.taken[0] + pos.held[0] + search.future(pos)
    return ac, pos.total - ac


def _search_for(pos: Position, search: Search | None) -> Search:
    if search is None:
        return Search(pos)
    search.bind(pos)
    return search


def _representative_map(search: Search, legal: int, o_s: int) -> dict[int, int]:
    """card → the card searched for it (the strongest of its run of equivalent cards)."""
    out: dict[int, int] = {}
    for c in sorted(_bits(legal), key=lambda c: -search.sbit[c]):
        up = o_s & search.sabove[c]
        if up:
            y = search.scard[(up & -up).bit_length() - 1]
            if legal >> y & 1 and search.pts[y] == search.pts[c]:
                out[c] = out[y]
                continue
        out[c] = c
    return out


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000.0
