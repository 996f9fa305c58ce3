"""A solve with a node limit or a deadline (issue 26, "bounded thinking"): it stops where it
is told, answers with bounds that hold, the same answer every run for the same node limit,
and leaves its search fit for reuse. Node counts only: nothing here measures speed."""

from __future__ import annotations

import random

import pytest

from tutorial.engine.profiles import get_profile
from tutorial.solver.analyse import Analysis, solve, value
from tutorial.solver.deals import random_hand_in_play, random_position
from tutorial.solver.limits import Limit, Stopped
from tutorial.solver.native import new_search
from tutorial.solver.position import Position

SLACK = 64
"""Card nodes a solve may count past its node limit (those of the tricks in progress)."""


def _openings(profile: str, n: int, seed: str) -> list[Position]:
    rng = random.Random(seed)
    return [Position.from_hand(random_hand_in_play(get_profile(profile), rng)[0]) for _ in range(n)]


def _answer(a: Analysis) -> tuple[object, ...]:
    return (a.to_play, a.value, a.actions, a.best, a.nodes, a.stopped)


def _within(stopped: Analysis, exact: Analysis) -> None:
    """Every bound of ``stopped`` holds the exact value of the same card."""
    truth = {a.card: a.value[0] for a in exact.actions}
    assert {a.card for a in stopped.actions} == set(truth)
    for a in stopped.actions:
        low, high = a.bounds
        assert low <= truth[a.card] <= high, (a, truth[a.card])
        assert a.value == ((low + high) // 2, sum(exact.value) - (low + high) // 2)
        assert a.exact == (low == high)
        if a.exact:
            assert a.value == next(e.value for e in exact.actions if e.card == a.card)


@pytest.mark.parametrize("profile", ["pagat-62", "classic-51"])
def test_a_node_limit_stops_the_solve_with_bounds_that_hold(profile: str) -> None:
    stopped_some = 0
    for pos in _openings(profile, 6, f"limits-{profile}"):
        exact = solve(pos)
        assert exact.complete and exact.stopped == ""
        assert all(a.exact and a.bounds == (a.value[0], a.value[0]) for a in exact.actions)
        for limit in (1, 500, exact.nodes // 3):
            a = solve(pos, None, Limit(max_nodes=limit))
            if a.complete:  # a cheap opening: the answer is the exact one
                assert a.nodes <= limit + SLACK and a.actions == exact.actions
                continue
            stopped_some += 1
            assert a.stopped == "nodes" and limit <= a.nodes <= limit + SLACK
            _within(a, exact)
            # ordered by the points the side to play is sure of
            side = pos.to_play & 1
            sure = [x.bounds[0] if side == 0 else sum(a.value) - x.bounds[1] for x in a.actions]
            assert sure == sorted(sure, reverse=True)
            assert a.value == a.actions[0].value and a.best[0] == a.actions[0].card
    assert stopped_some >= 6


def test_a_no_draw_opening_stops_at_its_node_limit_the_same_way_every_run() -> None:
    """The break of issue 26: one no-draw opening world costs up to millions of nodes."""
    pos = _openings("no-draw", 1, "limits-value")[0]
    runs = [solve(pos, None, Limit(max_nodes=20_000)) for _ in range(2)]
    assert runs[0].stopped == "nodes" and runs[0].nodes <= 20_000 + SLACK
    assert _answer(runs[0]) == _answer(runs[1])
    # a search shared by several solves (as the expert's samples share one) stops the same
    # way too: the sequence of solves is replayed node for node
    sequences = []
    for _ in range(2):
        search = new_search(pos)
        sequences.append([_answer(solve(pos, search, Limit(max_nodes=n))) for n in (5_000, 9_000)])
    assert sequences[0] == sequences[1]


def test_a_search_stopped_early_then_solves_exactly() -> None:
    """A stop leaves the search's table sound: the next full solve with the same search is
    the fresh one's, value for value."""
    rng = random.Random("limits-reuse")
    profile = get_profile("classic-51")
    for _ in range(8):
        pos = Position.from_hand(random_position(profile, rng, rng.randrange(12)))
        search = new_search(pos)
        first = solve(pos, search, Limit(max_nodes=1 + rng.randrange(300)))
        full = solve(pos, search)
        fresh = solve(pos)
        assert full.complete and full.actions == fresh.actions and full.value == fresh.value
        if not first.complete:
            _within(first, fresh)


def test_a_deadline_already_past_stops_at_the_first_boundary_searched() -> None:
    pos = _openings("no-draw", 1, "limits-deadline")[0]
    a = solve(pos, None, Limit.of(max_ms=0))
    assert a.stopped == "time" and not a.complete
    assert a.nodes <= SLACK
    # only what the quick bounds prove before any boundary is searched
    low, high = pos.taken[0] + pos.held[0], pos.total - pos.taken[1] - pos.held[1]
    assert all(low <= x.bounds[0] <= x.bounds[1] <= high for x in a.actions)
    assert a.to_json()["stopped"] == "time" and a.to_json()["complete"] is False


def test_a_limit_never_reached_changes_nothing() -> None:
    for pos in _openings("pagat-62", 3, "limits-unreached"):
        exact = solve(pos)
        limited = solve(pos, None, Limit.of(max_nodes=exact.nodes + 1, max_ms=60_000))
        assert _answer(limited) == _answer(exact)


def test_value_with_a_limit_raises_when_stopped() -> None:
    pos = _openings("no-draw", 1, "limits-value")[0]
    with pytest.raises(Stopped) as stop:
        value(pos, None, Limit(max_nodes=100))
    assert stop.value.reason == "nodes" and stop.value.nodes >= 100
    small = Position.from_hand(random_position(get_profile("pagat-62"), random.Random(3), 16))
    assert value(small, None, Limit(max_nodes=10**6)) == value(small)


def test_limits_refuse_negative_budgets() -> None:
    with pytest.raises(ValueError, match="max_nodes"):
        Limit.of(max_nodes=-1)
    with pytest.raises(ValueError, match="max_ms"):
        Limit.of(max_ms=-5)
