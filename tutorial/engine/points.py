"""The point cards of a hand and who scores them.

Once trump is named and the hands are refilled, the point cards in play are fixed: the
profile's point table picks them (:func:`point_table`, cached), and :func:`score_points`
gives them to the side that held or captured each.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from tutorial.engine.cards import mask_of
from tutorial.engine.profiles import Profile


class PointTable(NamedTuple):
    """The point cards of one hand, fixed once trump is named and the hands are refilled."""

    cards: tuple[tuple[str, int, int, bool], ...]
    """(name, card, value, held) for each point card in play."""
    capture_value: dict[int, int]
    """card → points it carries to whoever captures it."""
    capture_list: tuple[tuple[int, int], ...]
    """(card bit, value) pairs, for fast trick counting."""
    capture_mask: int
    scoring_trumps: int
    """Point cards that are trumps: they may not go beneath a pile."""


def point_table(profile: Profile, trump: int, in_play: int) -> PointTable:
    """The point cards given trump and the cards in play. Every point card is a trump, so
    the table depends only on which trumps are in play; it is computed once per case."""
    return _point_table(profile, trump, in_play & profile.trumps.mask[trump])


@lru_cache(maxsize=8192)
def _point_table(profile: Profile, trump: int, in_play: int) -> PointTable:
    cards = []
    capture_value: dict[int, int] = {}
    scoring = 0
    tm = profile.trumps.mask[trump]
    for rule in profile.points:
        card = rule.card(trump, in_play)
        if card is None:
            continue
        cards.append((rule.name, card, rule.value, rule.held))
        if (tm >> card) & 1:
            scoring |= 1 << card
        if not rule.held:
            capture_value[card] = capture_value.get(card, 0) + rule.value
    return PointTable(
        tuple(cards),
        capture_value,
        tuple((1 << c, v) for c, v in capture_value.items()),
        mask_of(capture_value),
        scoring,
    )


def score_points(
    profile: Profile,
    cards: Sequence[tuple[str, int, int, bool]],
    captured_ac: int,
    start_hands: Sequence[int],
) -> tuple[tuple[int, int], dict[str, int | None]]:
    """Points per team and the owner of each point (None: not in play). A held point goes
    to the side whose hand held the card after the refill; the others to the captor."""
    points = [0, 0]
    owners: dict[str, int | None] = {r.name: None for r in profile.points}
    for name, card, value, held in cards:
        if held:
            bit = 1 << card
            team = 0 if (start_hands[0] | start_hands[2]) & bit else 1
        else:
            team = 0 if (captured_ac >> card) & 1 else 1
        owners[name] = team
        points[team] += value
    return (points[0], points[1]), owners
