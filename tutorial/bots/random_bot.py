"""The ``random`` bot: a uniformly random legal action."""

from __future__ import annotations

import random

from tutorial.bots.view import legal_actions
from tutorial.engine.actions import Action
from tutorial.engine.observe import Observation


def decide_random(obs: Observation, rng: random.Random) -> Action:
    actions = legal_actions(obs)
    return actions[rng.randrange(len(actions))]
