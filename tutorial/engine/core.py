"""The rules core as functions: what a program needs to *play* a hand.

>>> from tutorial.engine.core import State, legal_actions, apply, is_legal, undo
>>> from tutorial.engine.profiles import PAGAT_62
>>> import random
>>> s = State.random_deal(PAGAT_62, dealer=0, rng=random.Random(1))
>>> legal_actions(s)[:3]
[Call.parse('pass'), Call.parse('7'), Call.parse('8')]

* :func:`legal_actions` — every action of whoever is to act (dispatched by phase);
* :func:`is_legal` / :func:`why_illegal` — a check, and the rule that forbids an action;
* :func:`apply` — trusting (no checks: call it with a legal action);
* :func:`undo` — take back the last action; ``state.copy()`` — an independent copy;
* chance acts only when the stock runs out (``state.is_chance()``); its outcome is a
  :class:`~tutorial.engine.actions.Reshuffle` (:func:`chance_outcome` draws one);
* :func:`observe` / :func:`resample` — what one seat knows, and a world consistent with it
  (:mod:`tutorial.engine.observe`).
"""

from __future__ import annotations

import random

from tutorial.engine.actions import Action, PlayCard, Reshuffle, parse_action
from tutorial.engine.errors import IllegalAction
from tutorial.engine.legality import why_illegal
from tutorial.engine.result import HandResult, hand_result
from tutorial.engine.state import CHANCE, Phase, State


def legal_actions(state: State) -> list[Action]:
    """Every legal action of the player to act ([] at a chance node or when done)."""
    return state.legal_actions()


def is_legal(state: State, action: Action) -> bool:
    """True if the player to act may take ``action`` now."""
    if (
        type(action) is PlayCard
        and not action.beneath
        and state.phase is Phase.PLAY
        and not state.pile_size()
    ):
        return bool((state.legal_play_mask() >> action.card) & 1)
    return why_illegal(state, action) is None


def apply(state: State, action: Action) -> None:
    """Apply a legal action (trusting)."""
    state.apply(action)


def apply_checked(state: State, action: Action | str) -> None:
    """Parse (if text) and apply an action, raising :class:`IllegalAction` (state unchanged)
    if the rules forbid it."""
    act = parse_action(action) if isinstance(action, str) else action
    err = why_illegal(state, act)
    if err is not None:
        raise err
    state.apply(act)


def undo(state: State) -> Action:
    """Take back the last action; returns it."""
    return state.undo()


def chance_outcome(state: State, rng: random.Random) -> Reshuffle:
    """A random outcome of the chance node."""
    return state.chance_outcome(rng)


def result(state: State) -> HandResult:
    return hand_result(state)


__all__ = [
    "CHANCE",
    "HandResult",
    "IllegalAction",
    "Phase",
    "State",
    "apply",
    "apply_checked",
    "chance_outcome",
    "is_legal",
    "legal_actions",
    "result",
    "undo",
    "why_illegal",
]
