"""Game score: one hand's effect on the totals, and who (if anyone) has won.

Teams are 0 (``AC``: seats A and C) and 1 (``BD``). Totals are ``(AC, BD)`` tuples. The
game-end rules themselves are in :mod:`~tutorial.engine.gameend`.
"""

from __future__ import annotations

from typing import NamedTuple

from tutorial.engine.errors import InvalidInput
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


FRESH_GAME: tuple[int, int] = (0, 0)
"""The score before the first hand of a game."""
SCORE_LIMIT = 10_000
"""The largest total (either sign) a game score may state: far beyond any real game."""


def game_over(profile: Profile, totals: tuple[int, int]) -> bool:
    """Would the profile's game-end rule call the game won at ``totals`` as they stand (a
    hand that changed nothing, whoever bid)? False for a game still being played: both
    sides at the target together is one in ``pagat-62`` (the next hand is played under
    bidder goes out), never in ``classic-51`` (the bidders are counted first)."""
    return all(
        profile.decide(profile.target, profile.go_out_at, totals, totals, bidder, False).winner
        is not None
        for bidder in (0, 1)
    )


def check_score(profile: Profile, score: object) -> None:
    """Raise :class:`~tutorial.engine.errors.InvalidInput` unless ``score`` is the score of a
    game in progress under ``profile``: two whole numbers (AC, BD), negative allowed, and
    no side already the winner."""
    if not isinstance(score, tuple) or len(score) != 2 or not all(type(v) is int for v in score):
        raise InvalidInput(f"a game score is two whole numbers (AC, BD), not {score!r}")
    if any(abs(v) > SCORE_LIMIT for v in score):
        raise InvalidInput(f"a game score is at most {SCORE_LIMIT:,} either way, not {score!r}")
    if game_over(profile, score):
        raise InvalidInput(
            f"at {score[0]}–{score[1]} the game of {profile.name} (to {profile.target}) is "
            "already won: no hand is played"
        )


def bidder_goes_out(profile: Profile, score: tuple[int, int]) -> bool:
    """Is *bidder goes out* in force for a hand played at ``score`` (both sides at the
    profile's threshold, ``pagat-62``'s 55)?"""
    return profile.go_out_at is not None and min(score) >= profile.go_out_at


def hand_decision(
    profile: Profile, before: tuple[int, int], bidder: int, bid: int, points: tuple[int, int]
) -> Decision:
    """Whether a hand with this result, played at ``before``, ends the game, and for whom
    (``Decision.winner`` None: play on)."""
    return score_hand(profile, before, bidder, bid, points).decision


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
    "FRESH_GAME",
    "SCORE_LIMIT",
    "TEAMS",
    "DecideFn",
    "DecidedBy",
    "Decision",
    "GameScore",
    "ScoreOutcome",
    "bidder_goes_out",
    "check_score",
    "decide_bidders_first",
    "decide_go_out",
    "game_over",
    "hand_decision",
    "hand_delta",
    "score_hand",
]
