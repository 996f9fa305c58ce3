"""Twins: the same hand with cards the seat cannot see swapped between the other hands and
the stock, replayed action by action through the core."""

from __future__ import annotations

import random

from tutorial.engine.actions import (
    Action,
    Call,
    DealerKeep,
    Keep,
    NameTrump,
    PlayCard,
    Reshuffle,
)
from tutorial.engine.core import why_illegal
from tutorial.engine.state import State


def _unseen(state: State, seat: int) -> list[int]:
    seen = state.dealt[seat] | state.hands[seat]
    log = state.refill_so_far()  # during the refill too: what it has dealt so far is seen
    if log is not None:
        for c in log.received[seat]:
            seen |= 1 << c
        if seat == state.dealer:
            for c in log.dealer_examined:
                seen |= 1 << c
    if state.pending_info and seat == state.dealer:
        for c in state.pending_info[0] if isinstance(state.pending_info[0], tuple) else ():
            seen |= 1 << c
    for tr in state.tricks:
        seen |= tr.mask
    seen |= state.trick_mask
    return [c for c in range(52) if not (seen >> c) & 1]


def _place(state: State, card: int) -> int:
    for x in range(4):
        if (state.dealt[x] >> card) & 1:
            return x
    return -1  # the stock


def _map(action: Action, sigma: dict[int, int]) -> Action:
    def m(c: int) -> int:
        return sigma.get(c, c)

    if isinstance(action, PlayCard):
        return PlayCard(m(action.card), tuple(m(c) for c in action.beneath))
    if isinstance(action, Keep):
        return Keep(tuple(m(c) for c in action.cards))
    if isinstance(action, DealerKeep):
        return DealerKeep(tuple(m(c) for c in action.cards))
    if isinstance(action, Reshuffle):
        return Reshuffle(tuple(m(c) for c in action.order))
    assert isinstance(action, Call | NameTrump)
    return action


def twin(state: State, seat: int, rng: random.Random) -> State | None:
    """``state`` with two cards ``seat`` has not seen exchanged (both trumps or both not,
    once trump is known), or None if the exchange makes the history illegal."""
    unseen = _unseen(state, seat)
    if len(unseen) < 2:
        return None
    a, b = rng.sample(unseen, 2)
    if _place(state, a) == _place(state, b):
        return None
    if state.trump >= 0 and ((state.trump_mask >> a) & 1) != ((state.trump_mask >> b) & 1):
        return None
    sigma = {a: b, b: a}

    def swap(mask: int) -> int:
        bit_a, bit_b = (mask >> a) & 1, (mask >> b) & 1
        mask &= ~((1 << a) | (1 << b))
        return mask | (bit_a << b) | (bit_b << a)

    hands = [swap(h) for h in state.dealt]
    stock = [sigma.get(c, c) for c in state.stock]
    out = State(state.profile, state.dealer, hands, stock, score=state.score)
    for action, _ in state.history:
        act = _map(action, sigma)
        if why_illegal(out, act) is not None:
            return None
        out.apply(act)
    if out.to_act != state.to_act or out.phase is not state.phase:
        return None
    return out
