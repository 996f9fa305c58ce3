"""The outcome of a finished hand."""

from __future__ import annotations

from dataclasses import dataclass

from tutorial.engine.errors import IllegalAction, Reason
from tutorial.engine.points import score_points
from tutorial.engine.scoring import hand_delta
from tutorial.engine.state import Phase, State, Trick


@dataclass(frozen=True)
class HandResult:
    """The outcome of a finished hand. Teams are indexed 0 (AC) and 1 (BD)."""

    profile: str
    dealer: int
    thrown_in: bool
    bidder: int | None
    bid: int | None
    trump: int | None
    hands_after_refill: tuple[int, int, int, int]
    tricks: tuple[Trick, ...]
    captured: tuple[int, int]
    points: tuple[int, int]
    owners: dict[str, int | None]
    """Point name (high, low, jack, game, right_pedro, left_pedro, ...) → team, or None
    when that card was not in play."""
    made: bool | None
    delta: tuple[int, int]


def hand_result(state: State) -> HandResult:
    """The finished hand's points, owners and score change."""
    if state.phase is not Phase.DONE:
        raise IllegalAction(
            Reason.WRONG_PHASE, "the hand is not finished", required=state.phase.value
        )
    if state.high_seat is None or state.high_bid is None:
        return HandResult(
            state.profile.name,
            state.dealer,
            True,
            None,
            None,
            None,
            (0, 0, 0, 0),
            (),
            (0, 0),
            (0, 0),
            {},
            None,
            (0, 0),
        )
    cap = state.captured
    pts, owners = score_points(state.profile, state.point_cards, cap[0], state.start_hands)
    made, delta = hand_delta(state.high_seat & 1, state.high_bid, pts)
    return HandResult(
        state.profile.name,
        state.dealer,
        False,
        state.high_seat,
        state.high_bid,
        state.trump,
        state.start_hands,
        tuple(state.tricks),
        (cap[0], cap[1]),
        pts,
        owners,
        made,
        delta,
    )
