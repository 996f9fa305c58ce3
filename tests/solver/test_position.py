"""The solver's position agrees with the validating Hand: the same legal cards and piles,
the same position after each play, all points accounted for."""

from __future__ import annotations

import random

import pytest

from tutorial.engine.cards import parse_index
from tutorial.engine.hand import Hand
from tutorial.engine.profiles import PROFILES, get_profile
from tutorial.solver.deals import random_hand_in_play
from tutorial.solver.position import Position, pile_options
from tutorial.solver.reference import hand_actions

PLAYED = ("pagat-62", "classic-51")


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_legal_actions_and_apply_follow_the_hand_through_whole_hands(profile: str) -> None:
    rng = random.Random(f"follow-{profile}")
    for _ in range(40):
        hand, playout = random_hand_in_play(PROFILES[profile], rng)
        pos = Position.from_hand(hand)
        assert pos.total == sum(playout.points)
        for seat, card, beneath in playout.plays:
            assert pos.to_play == seat == hand.to_act
            if not beneath:  # piles are pinned to Hand.play below, subset by subset
                assert sorted(pos.legal_actions()) == sorted(hand_actions(hand))
            hand.play(seat, card, beneath)
            pos = pos.apply((card, beneath))
            assert pos == Position.from_hand(hand)
        assert pos.is_over()
        assert (pos.taken[0] + pos.held[0], pos.taken[1] + pos.held[1]) == playout.points


def _pile_hand(profile: str, rng: random.Random) -> Hand:
    """A hand in play where the high bidder holds more than 6 trumps (a pile)."""
    prof = get_profile(profile)
    while True:
        deck = list(range(52))
        rng.shuffle(deck)
        trump = rng.randrange(4)
        trumps = [c for c in deck if c // 13 == trump or c == (3 - trump) * 13 + 3]
        others = [c for c in deck if c not in trumps]
        n = rng.randrange(7, 10)
        a = trumps[:n] + others[: 9 - n]
        rest = trumps[n:] + others[9 - n :]
        rng.shuffle(rest)
        hands = {0: a, 1: rest[0:9], 2: rest[9:18], 3: rest[18:27]}
        hand = Hand.from_deal(prof, 3, hands, rest[27:])
        for _ in range(4):
            hand.bid(hand.to_act, hand.legal_bids()[-1] if hand.to_act == 0 else None)
        hand.name_trump(0, trump)
        hand.refill(rng=rng)
        if hand.pile_size(0):
            return hand


@pytest.mark.parametrize("profile", PLAYED)
def test_every_pile_the_hand_accepts_and_only_those(profile: str) -> None:
    rng = random.Random(f"piles-{profile}")
    for _ in range(25):
        hand = _pile_hand(profile, rng)
        pos = Position.from_hand(hand)
        assert pos.pile_size() == hand.pile_size() > 0
        assert sorted(pos.legal_actions()) == sorted(hand_actions(hand))


def test_a_pile_never_puts_a_scoring_trump_beneath() -> None:
    forbidden = 1 << parse_index("AH") | 1 << parse_index("5H")
    hand = sum(1 << parse_index(c) for c in ("AH", "KH", "QH", "5H", "4H", "3H", "9H"))
    piles = list(pile_options(hand, hand, 1, forbidden))
    assert piles
    assert all(not forbidden >> c & 1 for _, beneath in piles for c in beneath)
    assert len(piles) == 7 * 5 - 5  # any top; beneath one of the 5 free cards but the top
