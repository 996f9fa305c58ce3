"""A hint for the seat to act: the expert's action — the evaluator's choice — and why.

:func:`hint` asks :func:`tutorial.bots.evaluator.evaluate` for the decision (the seat's
observation only, the table's seed and budget), so the hint is exactly the action the
``expert`` bot would take there and the one the advisor and the review call best. For a
card it also follows the solver's line to the end of the current trick in the first
:data:`FOLLOW_WORLDS` worlds of the evaluation (the same worlds: they are a function of the
observation and the seed), for the choice and for the alternatives that carry points, and
counts in how many the side wins the trick and in how many the card — if it scores for its
captor — is taken by the other side there. Those counts are facts about worlds consistent
with the seat's view, so saying them tells the learner nothing it could not know.

Bounded (issue 26): the evaluation's solves stay within its budget's node limit, and the
tricks followed within what is left of :data:`MAX_NODES`; past it (or past the :data:`MAX_MS`
deadline, the safety net) the best card found so far is followed and ``Hint.exact`` is
False. CPU-heavy: it runs in the worker seam (:mod:`tutorial.practice.workers`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutorial.bots.evaluator import Budget, Evaluation, default_budget
from tutorial.bots.evaluator.core import evaluate_stream, stream
from tutorial.engine.actions import Action, PlayCard, parse_action
from tutorial.engine.hand import Hand
from tutorial.engine.observe import Observation
from tutorial.engine.state import Phase, State
from tutorial.engine.worlds import ResampleError, sample_world
from tutorial.jsonvalue import JsonObject
from tutorial.solver.analyse import solve
from tutorial.solver.limits import Limit
from tutorial.solver.native import new_search
from tutorial.solver.position import Position

FOLLOW_WORLDS = 8
"""Worlds (the evaluation's first) in which a card is followed to the end of the trick."""
MAX_FOLLOWED = 4
"""At most this many cards (the choice and the point cards first) are followed."""
MAX_NODES = 400_000
"""Solver nodes one hint may count, all its solves together (a no-draw opening cost 14-17
million before issue 26: 30-36 s of one core)."""
MAX_MS = 2000.0
"""Wall-clock milliseconds one hint may search (the safety net over :data:`MAX_NODES`)."""


@dataclass(frozen=True, slots=True)
class Followed:
    """One card followed to the end of the current trick in ``worlds`` worlds."""

    action: PlayCard
    worlds: int
    side_wins: int
    """Worlds in which the seat's side wins the current trick after this card."""
    lost: int
    """Worlds in which the card scores for its captor and the other side takes it in the
    current trick."""

    def to_json(self) -> JsonObject:
        return {
            "action": str(self.action),
            "worlds": self.worlds,
            "side_wins": self.side_wins,
            "lost": self.lost,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Followed:
        action = parse_action(str(data["action"]))
        if not isinstance(action, PlayCard):
            raise ValueError("a followed option is a card")
        return cls(action, int(data["worlds"]), int(data["side_wins"]), int(data["lost"]))


@dataclass(frozen=True, slots=True)
class Hint:
    evaluation: Evaluation
    followed: tuple[Followed, ...] = ()
    exact: bool = True
    """False if a node limit or the deadline stopped one of its solves."""

    @property
    def action(self) -> Action:
        """The expert's action (the evaluation's choice)."""
        return self.evaluation.choice

    def follow(self, action: Action) -> Followed | None:
        for f in self.followed:
            if f.action == action:
                return f
        return None

    def to_json(self) -> JsonObject:
        return {
            "evaluation": self.evaluation.to_json(),
            "followed": [f.to_json() for f in self.followed],
            "exact": self.exact,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Hint:
        return cls(
            Evaluation.from_json(data["evaluation"]),
            tuple(Followed.from_json(f) for f in data.get("followed", [])),
            bool(data.get("exact", True)),
        )


class _Follow:
    """The tricks followed after the cards of a hint, within what is left of the budget."""

    def __init__(self, nodes: int, limit: Limit) -> None:
        self.left = nodes
        self.limit = limit
        self.complete = True

    def trick_end(self, world: State, action: PlayCard) -> tuple[bool, bool]:
        """In one world, after ``action``: (the side wins the current trick, the card scores
        for its captor and the other side takes it), everyone then playing the solver's best
        card (past the budget: the best found so far)."""
        state = world.copy()
        seat, tricks = state.to_act, len(state.tricks)
        state.apply(action)
        search = None
        while state.phase is Phase.PLAY and len(state.tricks) == tricks:
            pos = Position.from_hand(Hand.of(state))
            search = search or new_search(pos)
            an = solve(pos, search, self.limit.with_nodes(max(0, self.left)))
            self.left -= an.nodes
            self.complete = self.complete and an.complete
            top = an.actions[0]
            state.apply(PlayCard(top.card, top.beneath))
        trick = state.tricks[tricks]
        side_wins = trick.winner & 1 == seat & 1
        scores = bool((world.capture_mask >> action.card) & 1)
        return side_wins, scores and not side_wins


def _followed(obs: Observation, seed: int, ev: Evaluation, follow: _Follow) -> tuple[Followed, ...]:
    rng = stream(obs, seed)  # the evaluation's own worlds, the first of them
    try:
        worlds = [sample_world(obs, rng) for _ in range(min(FOLLOW_WORLDS, ev.worlds))]
    except ResampleError:
        return ()
    if not worlds:
        return ()
    cards = [o.action for o in ev.options if isinstance(o.action, PlayCard)]
    choice = ev.choice
    assert isinstance(choice, PlayCard)
    scoring = [a for a in cards if a != choice and (worlds[0].capture_mask >> a.card) & 1]
    out = []
    for a in [choice, *scoring][:MAX_FOLLOWED]:
        wins = lost = 0
        for w in worlds:
            side_wins, fell = follow.trick_end(w, a)
            wins += side_wins
            lost += fell
        out.append(Followed(a, len(worlds), wins, lost))
    return tuple(out)


def hint(
    obs: Observation,
    seed: int = 0,
    budget: Budget | None = None,
    *,
    max_nodes: int | None = None,
    max_ms: float | None = MAX_MS,
) -> Hint:
    """The expert's action for the seat to act in ``obs``, with the evaluation behind it.
    ``max_nodes``: the node limit of the evaluation's solves (default: the budget's) and,
    with the tricks followed, of the whole hint (default :data:`MAX_NODES`)."""
    if obs.to_act != obs.seat:
        raise ValueError("a hint is for the seat to act")
    ev = evaluate_stream(
        obs, stream(obs, seed), budget or default_budget(), max_nodes=max_nodes, max_ms=max_ms
    )
    exact = not ev.stopped
    if obs.phase is not Phase.PLAY or ev.is_forced():
        return Hint(ev, (), exact)
    total = MAX_NODES if max_nodes is None else max_nodes
    follow = _Follow(total - ev.nodes, Limit.of(max_ms=max_ms))
    followed = _followed(obs, seed, ev, follow)
    return Hint(ev, followed, exact and follow.complete)
