"""Counting what a decision searched (issue 26, bounded thinking): every search
``tutorial.solver.native.new_search`` makes, whoever calls it, and a no-draw opening to
spend it on. Node counts, never seconds."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tutorial.bots import decide
from tutorial.engine.cards import iter_bits
from tutorial.engine.observe import observe
from tutorial.engine.profiles import NO_DRAW
from tutorial.engine.state import Phase, State
from tutorial.solver import native
from tutorial.solver.position import Position
from tutorial.solver.search import Search

SLACK = 64
"""Card nodes a solve may count past its node limit (those of the tricks in progress)."""


def counting_searches(monkeypatch: pytest.MonkeyPatch) -> list[Search]:
    """Record every search ``new_search`` makes from now on: the sum of their ``nodes`` is
    what was searched."""
    made: list[Search] = []
    real = native.chosen()

    def make(pos: Position) -> Search:
        search = real.search(pos)
        made.append(search)
        return search

    counting = dataclasses.replace(real, search=make)  # type: ignore[arg-type]
    monkeypatch.setattr(native, "chosen", lambda: counting)
    return made


def no_draw_opening(seed: int) -> State:
    """A no-draw hand (nine cards a hand, nine tricks) at its first card, bid by the rules
    bot."""
    rng = random.Random(seed)
    s = State.random_deal(NO_DRAW, rng.randrange(4), rng)
    while s.phase is not Phase.PLAY:
        if s.is_chance():
            s.apply(s.chance_outcome(rng))
        else:
            s.apply(decide("rules", observe(s, s.to_act), seed=seed))
        if s.is_terminal():  # thrown in: deal again
            s = State.random_deal(NO_DRAW, rng.randrange(4), rng)
    assert sum(len(list(iter_bits(h))) for h in s.hands) == 36
    return s
