"""A hint for the seat to play: the best card and why, from what the seat has seen only.

:func:`hint` prices every legal card of the seat to play over ``samples`` worlds drawn from
its observation (:func:`~tutorial.engine.worlds.sample_world`, never the real hands), each
world solved double-dummy (:func:`~tutorial.coach.values.world_values`), as the coach's
review prices a card (PIMC). For the best card and for the alternatives that carry points it
also follows the solver's line to the end of the current trick in each world and counts in
how many worlds the side wins the trick, and in how many the card — if it scores for its
captor — is taken by the other side there. Those counts are facts about worlds consistent
with the seat's view, so saying them tells the learner nothing it could not know.

CPU-heavy (one double-dummy solve per world, more on the first trick): run it in a worker
process. Bounded (issue 26): every solve of a hint shares :data:`MAX_NODES` solver nodes and
a :data:`MAX_MS` deadline. A world whose solve is stopped is dropped — unless it is the
first, which is then priced by the middle of each card's proven range (``Hint.exact``
False) — and the rest of the hint works with what is left. Deterministic for a given
observation, ``samples``, ``seed`` and node budget, as long as the deadline (the safety net,
the clock) does not stop it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tutorial.coach.values import WorldValues, top_candidates, world_values
from tutorial.engine.actions import PlayCard, parse_action
from tutorial.engine.hand import Hand
from tutorial.engine.observe import Observation
from tutorial.engine.state import Phase
from tutorial.engine.worlds import sample_world
from tutorial.solver.analyse import solve
from tutorial.solver.limits import Limit
from tutorial.solver.position import Position

SAMPLES = 6
"""Worlds a hint averages over by default."""
MAX_FOLLOWED = 4
"""At most this many cards (the best and the point cards first) are followed to the end of
the trick in every world."""
MAX_NODES = 400_000
"""Solver nodes one hint may count, all its solves together (a no-draw opening cost 14-17
million before this bound: 30-36 s of one core)."""
MAX_MS = 2000.0
"""Wall-clock milliseconds one hint may search (the safety net over :data:`MAX_NODES`)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One card the seat may play, priced over the worlds."""

    action: PlayCard
    expected: float
    """The side's points of the hand on average over the worlds, with this card."""
    followed: bool = False
    """Whether the trick was followed to its end after this card (the counts below)."""
    side_wins: int = 0
    """Worlds in which the seat's side wins the current trick after this card."""
    lost: int = 0
    """Worlds in which the card scores for its captor and the other side takes it in the
    current trick."""

    def to_json(self) -> dict[str, Any]:
        return {
            "action": str(self.action),
            "expected": round(self.expected, 3),
            "followed": self.followed,
            "side_wins": self.side_wins,
            "lost": self.lost,
        }

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> Option:
        action = parse_action(str(value["action"]))
        if not isinstance(action, PlayCard):
            raise ValueError("a hint's option is a card")
        return cls(
            action,
            float(value["expected"]),
            bool(value["followed"]),
            int(value["side_wins"]),
            int(value["lost"]),
        )


@dataclass(frozen=True, slots=True)
class Hint:
    seat: int
    options: tuple[Option, ...]
    """Every legal card (a pile with the cards beneath chosen most often), best first."""
    samples: int
    exact: bool = True
    """False if a limit stopped a solve whose answer the hint uses (the first world's
    values are then the middle of proven ranges, or a line was followed by the best card
    found so far)."""

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def gain(self) -> float | None:
        """The best card's expected points minus the next card's (None if it is forced)."""
        if len(self.options) < 2:
            return None
        return self.options[0].expected - self.options[1].expected

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "samples": self.samples,
            "options": [o.to_json() for o in self.options],
            "exact": self.exact,
        }

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> Hint:
        return cls(
            int(value["seat"]),
            tuple(Option.from_json(o) for o in value["options"]),
            int(value["samples"]),
            bool(value.get("exact", True)),
        )


def _trick_end(
    world: WorldValues, action: PlayCard, left: Callable[[], Limit]
) -> tuple[bool, bool]:
    """In one world, after ``action``: (the side wins the current trick, the card scores for
    its captor and the other side takes it), everyone then playing the solver's best card
    (within ``left()``: past it, the best found so far)."""
    state = world.state.copy()
    seat, tricks = state.to_act, len(state.tricks)
    state.apply(action)
    while state.phase is Phase.PLAY and len(state.tricks) == tricks:
        an = solve(Position.from_hand(Hand.of(state)), world.search, left())
        world.complete = world.complete and an.complete
        top = an.actions[0]
        state.apply(PlayCard(top.card, top.beneath))
    trick = state.tricks[tricks]
    side_wins = trick.winner & 1 == seat & 1
    scores = bool((world.state.capture_mask >> action.card) & 1)
    return side_wins, scores and not side_wins


def _worth_following(world: WorldValues, action: PlayCard) -> bool:
    return bool((world.state.capture_mask >> action.card) & 1)


def hint(
    obs: Observation,
    *,
    samples: int = SAMPLES,
    seed: int = 0,
    max_nodes: int = MAX_NODES,
    max_ms: float | None = MAX_MS,
) -> Hint:
    """The seat's cards priced over ``samples`` worlds consistent with ``obs`` (the seat to
    play in the play phase), best first; all its solves within ``max_nodes`` solver nodes
    and ``max_ms`` milliseconds (None: no deadline)."""
    if obs.phase is not Phase.PLAY or obs.to_act != obs.seat:
        raise ValueError("a hint needs the seat to play in the play phase")
    if samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples!r}")
    rng = random.Random(seed)
    deadline = Limit.of(max_ms=max_ms)
    worlds: list[WorldValues] = []
    searched: list[WorldValues] = []  # a world dropped too: its nodes were spent

    def left() -> Limit:
        """The nodes not spent yet by the hint's searches (one a world), and the deadline."""
        return deadline.with_nodes(max(0, max_nodes - sum(w.search.nodes for w in searched)))

    for _ in range(samples):
        world = world_values(sample_world(obs, rng), left())
        searched.append(world)
        if not world.complete and worlds:
            break  # a world stopped early is not averaged with worlds solved whole
        worlds.append(world)
        if not world.complete:
            break
    expected = {
        a: sum(w.of(a, left()) for w in worlds) / len(worlds) for a in top_candidates(worlds)
    }
    ranked = sorted(expected.items(), key=lambda kv: (-kv[1], str(kv[0])))
    follow = [ranked[0][0]]
    follow += [a for a, _ in ranked[1:] if _worth_following(worlds[0], a)]
    follow = follow[:MAX_FOLLOWED]
    options = []
    for a, value in ranked:
        if a not in follow or len(ranked) == 1:
            options.append(Option(a, value))
            continue
        wins = lost = 0
        for w in worlds:
            side_wins, fell = _trick_end(w, a, left)
            wins += side_wins
            lost += fell
        options.append(Option(a, value, True, wins, lost))
    return Hint(obs.seat, tuple(options), len(worlds), all(w.complete for w in worlds))


def hint_json(obs: Observation, samples: int = SAMPLES, seed: int = 0) -> dict[str, Any]:
    """:func:`hint` as plain data (what a worker process sends back)."""
    return hint(obs, samples=samples, seed=seed).to_json()
