"""Hands played out by the bots inside a sampled world, for the bid advisor.

Every decision is taken by a bot of :mod:`tutorial.bots` through
:func:`tutorial.bots.decide`, given only :func:`~tutorial.engine.observe.observe` of the
seat to act — never the world — so each seat plays knowing only its own cards; chance (the
reshuffle when the stock runs out) is drawn from the caller's random stream. The world is
one :func:`~tutorial.engine.worlds.sample_world` draw: the other hands *and the stock*, so
what the refill brings is part of the sampled world.

The default bot is ``rules`` (:data:`DEFAULT_BOT`): it plays as a sound club player and takes
about 0.13 ms a decision, so a hand costs about 4 ms and the advisor can afford dozens of
worlds; ``expert`` takes tens of milliseconds a decision (hundreds of times more) and
``random`` plays no card a learner would.
"""

from __future__ import annotations

import random

from tutorial.bots import BOT_NAMES, decide
from tutorial.engine.actions import Call, call_of
from tutorial.engine.observe import observe
from tutorial.engine.result import hand_result
from tutorial.engine.scoring import hand_delta
from tutorial.engine.state import Phase, State

DEFAULT_BOT = "rules"
"""The bot that plays the advisor's hands (see the module's docstring for why)."""


def check_bot(bot: str) -> str:
    if bot not in BOT_NAMES:
        raise ValueError(f"unknown bot {bot!r}: expected one of {', '.join(BOT_NAMES)}")
    return bot


def play_out(state: State, bot: str, rng: random.Random, seed: int = 0) -> State:
    """Play ``state`` to the end of the hand in place (every seat a ``bot``, chance from
    ``rng``) and return it."""
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.chance_outcome(rng))
        else:
            state.apply(decide(bot, observe(state, state.to_act), seed))
    return state


def finish_bidding(state: State, bot: str, seed: int = 0) -> State:
    """The rest of the bidding in place, each seat's call by ``bot``."""
    while state.phase is Phase.BID:
        state.apply(decide(bot, observe(state, state.to_act), seed))
    return state


def as_declarer(world: State, seat: int) -> State:
    """A copy of ``world`` (in the bidding, or naming trump) in which ``seat`` holds the
    contract and is to name trump: the bidding is made again from the deal, ``seat`` making
    the lowest bid it may and the others passing (the seat leads the first trick). The bots'
    play does not read the bid, only who holds it."""
    if world.phase is Phase.TRUMP and world.to_act == seat:
        return world.copy()
    if world.phase not in (Phase.BID, Phase.TRUMP):
        raise ValueError(f"a contract is made in the bidding, not the {world.phase.value} phase")
    w = world.restart()
    while w.phase is Phase.BID:
        calls = w.legal_calls()
        bids = [c for c in calls if c is not None]
        if w.to_act == seat:
            w.apply(call_of(bids[0]))
        else:
            w.apply(call_of(None if None in calls else bids[0]))
    if w.phase is not Phase.TRUMP or w.to_act != seat:  # pragma: no cover - see above
        raise ValueError("the seat did not end up naming trump")
    return w


def points(final: State, seat: int) -> tuple[int, int]:
    """(the seat's side, the other side): points of the finished hand."""
    r = hand_result(final)
    a, b = r.points
    return (a, b) if seat & 1 == 0 else (b, a)


def score_change(final: State, seat: int) -> tuple[int, int]:
    """(the seat's side, the other side): change of game score of the finished hand (a set
    bid loses its amount; a hand thrown in changes nothing)."""
    r = hand_result(final)
    if r.thrown_in or r.bidder is None or r.bid is None:
        return (0, 0)
    _made, (a, b) = hand_delta(r.bidder & 1, r.bid, r.points)
    return (a, b) if seat & 1 == 0 else (b, a)


def after_call(world: State, call: Call, bot: str, seed: int = 0) -> State:
    """A copy of ``world`` after the seat to act makes ``call`` and the others finish the
    bidding as ``bot`` players."""
    trial = world.copy()
    trial.apply(call)
    return finish_bidding(trial, bot, seed)
