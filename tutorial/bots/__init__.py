"""Bots: policies over the core's actions that see only their own seat.

A bot is given :func:`~tutorial.engine.observe.observe` of the seat to act — never the
state — and a seed, and returns one of the core's actions (:mod:`tutorial.engine.actions`).
:func:`decide` is deterministic for a given (bot, observation, seed). Levels:

* ``random`` — a uniformly random legal action;
* ``rules`` — a sound club player's heuristics (:mod:`tutorial.bots.rules`);
* ``expert`` — samples the hidden hands and solves or plays out each sample (PIMC,
  :mod:`tutorial.bots.expert`).

Chance (a reshuffle when the stock runs out) is not a bot decision: whoever drives the hand
applies ``state.chance_outcome(rng)``. :mod:`tutorial.practice.workers` runs decisions in
worker processes so that search never runs on a thread serving learners.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from tutorial.bots.expert import decide_expert
from tutorial.bots.random_bot import decide_random
from tutorial.bots.rules import decide_rules
from tutorial.bots.streams import rng_for
from tutorial.bots.view import legal_actions
from tutorial.engine.actions import Action
from tutorial.engine.errors import InvalidInput
from tutorial.engine.observe import Observation
from tutorial.engine.scoring import FRESH_GAME
from tutorial.engine.seats import SEAT_LETTERS

Policy = Callable[[Observation, random.Random], Action]

_POLICIES: dict[str, Policy] = {
    "random": decide_random,
    "rules": decide_rules,
    "expert": decide_expert,
}

BOT_NAMES: tuple[str, ...] = tuple(_POLICIES)
"""The bots that work, weakest first."""
BLIND = "-blind"
BLIND_NAMES: tuple[str, ...] = tuple(name + BLIND for name in BOT_NAMES)
"""For measurement (``cinch match``): each bot as it plays when it does not know the game
score — given its observation with a new game's 0–0 (``rules-blind`` is the session-5
``rules`` bot, which knew no score). Not offered to learners."""


def decide(bot: str, obs: Observation, seed: int) -> Action:
    """The action ``bot`` takes for the seat that observes ``obs`` (which must be the seat
    to act). Raises :class:`InvalidInput` for an unknown bot or a seat not to act."""
    base = bot.removesuffix(BLIND) if bot in BLIND_NAMES else bot
    policy = _POLICIES.get(base)
    if policy is None:
        raise InvalidInput(f"unknown bot {bot!r}: expected one of {', '.join(BOT_NAMES)}")
    if obs.to_act != obs.seat:
        raise InvalidInput(f"seat {SEAT_LETTERS[obs.seat]} is not to act")
    if base != bot:
        obs = replace(obs, score=FRESH_GAME)
    return policy(obs, rng_for(base, obs, seed))


__all__ = ["BLIND_NAMES", "BOT_NAMES", "decide", "legal_actions", "rng_for"]
