"""Random positions to solve: deals from the engine's fast playout, replayed through the
validating :class:`~tutorial.engine.hand.Hand` (for tests, benchmarks and bots)."""

from __future__ import annotations

import random

from tutorial.engine.hand import Hand, Phase
from tutorial.engine.playout import Playout, random_playout
from tutorial.engine.profiles import Profile


def random_hand_in_play(profile: Profile, rng: random.Random) -> tuple[Hand, Playout]:
    """A hand just after the refill (PLAY phase, nothing played), from a random playout
    that was not thrown in, and that playout (its plays continue the hand)."""
    while True:
        dealer = rng.randrange(4)
        p = random_playout(profile, dealer, rng)
        if p.trump >= 0:
            break
    hand = Hand.from_deck(profile, dealer, p.deck)
    for call in p.calls:
        hand.bid(hand.to_act, call)
    hand.name_trump(hand.to_act, p.trump)
    hand.refill(keep={s: p.keep[s] for s in range(4)} if p.keep else None, reshuffle=p.reshuffle)
    return hand, p


def random_position(profile: Profile, rng: random.Random, plays: int) -> Hand:
    """A hand in the PLAY phase after the first ``plays`` random plays of a random deal
    (fewer if the hand would be over: it stops before its last play)."""
    hand, p = random_hand_in_play(profile, rng)
    for seat, card, beneath in p.plays[: min(plays, len(p.plays) - 1)]:
        hand.play(seat, card, beneath)
    assert hand.phase is Phase.PLAY
    return hand
