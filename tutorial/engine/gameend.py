"""How a game is won: the profiles' game-end rules, as functions of plain numbers.

A profile names one of these (``Profile.decide``); :mod:`~tutorial.engine.scoring` applies
it after every hand. They take the target and the bidder-goes-out threshold rather than the
profile, so that profiles and scoring do not import each other.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple, Protocol


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
        target: int,
        go_out_at: int | None,
        before: tuple[int, int],
        after: tuple[int, int],
        bidder: int,
        made: bool,
    ) -> Decision: ...


def decide_go_out(
    target: int,
    go_out_at: int | None,
    before: tuple[int, int],
    after: tuple[int, int],
    bidder: int,
    made: bool,
) -> Decision:
    """``pagat-62``: bidder goes out in force and bid made → bidders win; otherwise exactly
    one side at the target wins; both at the target → no winner yet (the next hand is then
    played under bidder goes out, since both are above 55); neither → play on."""
    in_force = go_out_at is not None and min(before) >= go_out_at
    if in_force and made:
        return Decision(bidder, DecidedBy.BIDDER_GOES_OUT, True)
    reached = [t for t in (0, 1) if after[t] >= target]
    if len(reached) == 1:
        return Decision(reached[0], DecidedBy.TARGET, in_force)
    return Decision(None, None, in_force)


def decide_bidders_first(
    target: int,
    go_out_at: int | None,
    before: tuple[int, int],
    after: tuple[int, int],
    bidder: int,
    made: bool,
) -> Decision:
    """``classic-51``: the first side to reach the target wins; if both would reach it on
    the same hand the bidders are counted first: bid made → bidders win, otherwise the
    defenders' points count."""
    reached = [t for t in (0, 1) if after[t] >= target]
    if len(reached) == 2:
        winner = bidder if made else 1 - bidder
        return Decision(winner, DecidedBy.BIDDERS_FIRST, False)
    if reached:
        return Decision(reached[0], DecidedBy.TARGET, False)
    return Decision(None, None, False)
