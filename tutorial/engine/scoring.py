"""Game score: one hand's effect on the totals, and who (if anyone) has won.

Teams are 0 (``AC``: seats A and C) and 1 (``BD``). Totals are ``(AC, BD)`` tuples. The
game-end rules themselves are in :mod:`~tutorial.engine.gameend`.
"""

from __future__ import annotations

from typing import NamedTuple

from tutorial.engine.gameend import (
    DecidedBy,
    DecideFn,
    Decision,
    decide_bidders_first,
    decide_go_out,
)
from tutorial.engine.profiles import Profile
from tutorial.engine.seats import TEAM_NAMES

TEAMS = TEAM_NAMES


class ScoreOutcome(NamedTuple):
    """One hand scored: ``made``, the change ``delta`` and the totals ``after``."""

    before: tuple[int, int]
    bidder: int
    bid: int
    points: tuple[int, int]
    made: bool
    delta: tuple[int, int]
    after: tuple[int, int]
    decision: Decision


def hand_delta(bidder: int, bid: int, points: tuple[int, int]) -> tuple[bool, tuple[int, int]]:
    """Defenders always add what they won; bidders add theirs if it reaches the bid,
    otherwise they lose the whole bid (not the shortfall)."""
    made = points[bidder] >= bid
    d = [points[0], points[1]]
    if not made:
        d[bidder] = -bid
    return made, (d[0], d[1])


def score_hand(
    profile: Profile, before: tuple[int, int], bidder: int, bid: int, points: tuple[int, int]
) -> ScoreOutcome:
    made, delta = hand_delta(bidder, bid, points)
    after = (before[0] + delta[0], before[1] + delta[1])
    decision = profile.decide(profile.target, profile.go_out_at, before, after, bidder, made)
    return ScoreOutcome(before, bidder, bid, points, made, delta, after, decision)


class GameScore(NamedTuple):
    """Running totals of a game. Immutable: :meth:`add` returns the next score."""

    profile: Profile
    totals: tuple[int, int] = (0, 0)
    played: int = 0
    last: ScoreOutcome | None = None
    winner: int | None = None
    decided_by: DecidedBy | None = None

    def add(self, bidder: int, bid: int, points: tuple[int, int]) -> GameScore:
        """Score one played hand. Raises ValueError if the game is already won."""
        if self.winner is not None:
            raise ValueError(f"the game is already won by {TEAMS[self.winner]}")
        out = score_hand(self.profile, self.totals, bidder, bid, points)
        d = out.decision
        return GameScore(self.profile, out.after, self.played + 1, out, d.winner, d.decided_by)


__all__ = [
    "TEAMS",
    "DecideFn",
    "DecidedBy",
    "Decision",
    "GameScore",
    "ScoreOutcome",
    "decide_bidders_first",
    "decide_go_out",
    "hand_delta",
    "score_hand",
]
