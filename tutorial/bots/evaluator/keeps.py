"""Pricing the refill's keep decisions (a classic discard's ``keep``, the dealer's keep) in
sampled worlds played out by the bots.

At a keep the seat's worlds are :func:`~tutorial.engine.observe.sample_world` of its
observation (the hidden hands and the rest of the stock). Each option is applied in each
world and the hand is played out by ``rules`` players (:func:`tutorial.bots.rollout.playout`:
the rest of the refill, the reshuffle from a chance stream shared by every option of a
world, the six tricks). Options: every legal one when there are at most :data:`MAX_OPTIONS`;
otherwise the ``rules`` bot's, keeping nothing (a classic keep), each single card kept, the
actions the caller asks for (the one a learner took), then others drawn from the decision's
own stream — :data:`MAX_OPTIONS` in all, plus what the caller asked for.
"""

from __future__ import annotations

import random

from tutorial.bots.evaluator import bidding
from tutorial.bots.evaluator.cards import contract
from tutorial.bots.evaluator.outcome import Outcome, contract_outcome
from tutorial.bots.rules import decide_rules
from tutorial.engine.actions import Action, Keep
from tutorial.engine.observe import Observation
from tutorial.engine.profiles import get_profile
from tutorial.engine.state import State
from tutorial.engine.worlds import sample_world

MAX_OPTIONS = 16
"""The most keep options priced at one decision (besides those asked for)."""


def keep_options(
    obs: Observation, legal: list[Action], include: tuple[Action, ...], rng: random.Random
) -> list[Action]:
    if len(legal) <= MAX_OPTIONS:
        return list(legal)
    chosen: list[Action] = [decide_rules(obs, random.Random(0))]
    singles = [a for a in legal if isinstance(a, Keep) and len(a.cards) <= 1]
    for extra in singles:
        if extra not in chosen and len(chosen) < MAX_OPTIONS:
            chosen.append(extra)
    rest = [a for a in legal if a not in chosen]
    chosen.extend(rng.sample(rest, max(0, MAX_OPTIONS - len(chosen))))
    return chosen + [a for a in include if a in legal and a not in chosen]


class KeepPricer:
    def __init__(
        self,
        obs: Observation,
        legal: list[Action],
        include: tuple[Action, ...],
        rng: random.Random,
        players: bidding.Actor | None = None,
    ) -> None:
        self.obs = obs
        self.players = players
        self.rng = rng
        self.side = obs.seat & 1
        self.p = get_profile(obs.profile)
        self.options = keep_options(obs, legal, include, rng)
        self.rows: list[dict[Action, Outcome]] = []
        self.nodes = 0
        self.fixed: State | None = None
        """The one world to price in (the actual deal), instead of sampled ones."""

    def world(self) -> State:
        return self.fixed.copy() if self.fixed is not None else sample_world(self.obs, self.rng)

    def add_world(self) -> None:
        world = self.world()
        chance = self.rng.getrandbits(64)
        row = {}
        for o in self.options:
            trial = world.copy()
            trial.apply(o)
            row[o] = self._outcome(bidding.play_points(trial, chance, self.players))
        self.rows.append(row)

    def _outcome(self, points: tuple[int, int]) -> Outcome:
        seat, bid, forced = contract(self.obs)
        return contract_outcome(
            self.p, self.obs.score, self.side, seat & 1, bid, points, forced, seat == self.obs.seat
        )

    def outcomes(self) -> dict[Action, list[Outcome]]:
        return {o: [row[o] for row in self.rows] for o in self.options}
