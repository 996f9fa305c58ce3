"""Game score: one hand's effect on the totals, and who (if anyone) has won.

Teams are 0 (``AC``: seats A and C) and 1 (``BD``). Totals are ``(AC, BD)`` tuples.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from tutorial.engine.profiles import Profile

TEAMS = ("AC", "BD")


class DecidedBy(StrEnum):
    """How a game was won."""

    BIDDER_GOES_OUT = "bidder_goes_out"
    """Both sides held 55+ before the hand and the bidders made their bid (pagat-62)."""
    TARGET = "target"
    """Exactly one side reached the target."""
    BIDDERS_FIRST = "bidders_first"
    """Both sides reached the target on one hand; the bidders made their bid (classic-51)."""


class Decision(NamedTuple):
    winner: int | None
    decided_by: DecidedBy | None
    bidder_goes_out: bool
    """True when the bidder-goes-out condition was in force for this hand."""


class DecideFn(Protocol):
    def __call__(
        self,
        profile: Profile,
        before: tuple[int, int],
        after: tuple[int, int],
        bidder: int,
        made: bool,
    ) -> Decision: ...


def decide_go_out(
    profile: Profile, before: tuple[int, int], after: tuple[int, int], bidder: int, made: bool
) -> Decision:
    """``pagat-62``: bidder goes out in force and bid made → bidders win; otherwise exactly
    one side at the target wins; both at the target → no winner yet (the next hand is then
    played under bidder goes out, since both are above 55); neither → play on."""
    threshold = profile.go_out_at
    in_force = threshold is not None and min(before) >= threshold
    if in_force and made:
        return Decision(bidder, DecidedBy.BIDDER_GOES_OUT, True)
    reached = [t for t in (0, 1) if after[t] >= profile.target]
    if len(reached) == 1:
        return Decision(reached[0], DecidedBy.TARGET, in_force)
    return Decision(None, None, in_force)


def decide_bidders_first(
    profile: Profile, before: tuple[int, int], after: tuple[int, int], bidder: int, made: bool
) -> Decision:
    """``classic-51``: the first side to reach the target wins; if both would reach it on
    the same hand the bidders are counted first: bid made → bidders win, otherwise the
    defenders' points count."""
    reached = [t for t in (0, 1) if after[t] >= profile.target]
    if len(reached) == 2:
        winner = bidder if made else 1 - bidder
        return Decision(winner, DecidedBy.BIDDERS_FIRST, False)
    if reached:
        return Decision(reached[0], DecidedBy.TARGET, False)
    return Decision(None, None, False)


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
    decision = profile.decide(profile, before, after, bidder, made)
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
