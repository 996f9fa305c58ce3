"""A stand-in for the bots, for the driver's tests only (never shipped, never a real bot).

The driver gives a bot only ``observe(state, seat)``; this stand-in peeks at the state the
driver observed (by wrapping the driver's ``observe``) so that it can list the legal actions
without a bot's own reasoning. Two policies, so that swapping seats changes something:
``"uniform"`` (a legal action uniformly, from the seed) and ``"first"`` (always the first
legal action: pass unless forced, the lowest card it may play).
"""

from __future__ import annotations

import random

import pytest

import tutorial.bots.driver as driver
from tutorial.engine.actions import Action
from tutorial.engine.observe import Observation
from tutorial.engine.state import State

NAMES = ("uniform", "first")
_SEEN: list[State] = []
calls: list[tuple[str, int, int]] = []
"""Every call: (bot, observing seat, seed)."""


def decide(bot: str, obs: Observation, seed: int) -> Action:
    state = _SEEN[-1]
    assert obs.seat == state.to_act, "the driver must ask the seat to act"
    calls.append((bot, obs.seat, seed))
    actions = state.legal_actions()
    if bot == "first":
        return actions[0]
    return random.Random(seed).choice(actions)


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let :func:`decide` see the state the driver observes."""
    real = driver.observe

    def peeking(state: State, seat: int) -> Observation:
        _SEEN[:] = [state]
        return real(state, seat)

    monkeypatch.setattr(driver, "observe", peeking)
    calls.clear()
