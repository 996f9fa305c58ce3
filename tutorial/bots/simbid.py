"""The worlds the expert's calls and choice of trump are simulated in, and what a hand is
worth to a side (the simulations themselves: :mod:`tutorial.bots.evaluator.bidding`).

**Fitted worlds** (:func:`bid_world`): drawn consistent with what the seat saw and fitted to
the earlier calls — every earlier caller, played as a ``rules`` bot, would have called as it
did (within :data:`FIT_SLACK` of its bid); without that a partner's pass is taken for an
average hand. **A hand's worth** (:func:`outcome`): the side's change of score less the
opponents' (:func:`utility`: a set bid counts its loss) — or, where the hand ends the game,
±``GAME_WON`` (:func:`tutorial.bots.stakes.value`, at the state's game score).

Choosing the call outright from 8–16 sampled playouts (the session-3 expert) overbid on
noise and lost; the evaluator compares the options over the same worlds with a paired test
and plays the ``rules`` bot's call unless another is significantly better.
"""

from __future__ import annotations

import random

from tutorial.bots.rules import call_for
from tutorial.bots.stakes import value as game_value
from tutorial.engine.observe import Observation
from tutorial.engine.profiles import Profile
from tutorial.engine.result import hand_result
from tutorial.engine.state import State
from tutorial.engine.worlds import sample_world

FIT_TRIES = 40
"""Worlds drawn at most for one sample until the earlier calls fit."""
FIT_SLACK = 1
"""How far (in bid points) a ``rules`` bot's bid may be from an earlier caller's bid for
the world to fit."""


def utility(side: int, bidder_side: int, bid: int, points: tuple[int, int]) -> int:
    """The side's change of score less the opponents' (a set bid counts its loss)."""
    delta = [points[0], points[1]]
    if points[bidder_side] < bid:
        delta[bidder_side] = -bid
    return delta[side] - delta[1 - side]


def outcome(state: State, side: int) -> float:
    """The worth of a finished hand to ``side`` at the state's game score
    (:func:`tutorial.bots.stakes.value`: :func:`utility`, or ±``GAME_WON`` if the hand ends
    the game; 0 if it was thrown in)."""
    r = hand_result(state)
    if r.thrown_in or r.bidder is None or r.bid is None:
        return 0.0
    return game_value(state.profile, state.score, side, r.bidder & 1, r.bid, r.points)


def bid_world(p: Profile, obs: Observation, rng: random.Random) -> State:
    """A sampled world in which every earlier caller, played as a ``rules`` bot, would have
    called as it did (within :data:`FIT_SLACK` of its bid): the first of
    :data:`FIT_TRIES` samples that fits, else the last one."""
    world = sample_world(obs, rng)
    for _ in range(FIT_TRIES - 1):
        if calls_fit(p, obs, world.dealt):
            break
        world = sample_world(obs, rng)
    return world


def calls_fit(p: Profile, obs: Observation, dealt: tuple[int, ...]) -> bool:
    """Would every other seat's call in ``obs``, made by a ``rules`` bot holding its hand in
    ``dealt``, have been the same (within :data:`FIT_SLACK`)?"""
    calls = obs.calls
    for i, (seat, value) in enumerate(calls):
        if seat == obs.seat:
            continue
        if seat == obs.dealer and i == 3 and value == p.dealer_forced_bid:
            continue  # perhaps forced: says nothing
        model = call_for(p, seat, dealt[seat], calls[:i], obs.score)
        if (model is None) != (value is None):
            return False
        if model is not None and value is not None and abs(model - value) > FIT_SLACK:
            return False
    return True
