"""What one option brings in one world, and what the options bring over the worlds.

**The objective** (one for every kind of decision): the expected change of (our side's
game score − the other side's) over this hand — a bid that is set counts its loss. Where
the hand can end the game (:func:`game_can_end`: at this score some result of this hand
makes a side the winner), winning the game counts :data:`~tutorial.bots.stakes.GAME_WON`
points and losing it as many against, more than any hand can bring otherwise, so the chance
of winning the game decides (:func:`tutorial.bots.stakes.value`, which the expert bot always
played by).

An :class:`Outcome` is one world's result after one option (who held the contract, at what
bid, the points each side took, made or set, whether the dealer was forced, whether the game
ended); a :class:`Breakdown` is the options' outcomes over the worlds, for the learner's
"why": how often the bid is made or set, the points each side takes, the forced dealer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from tutorial.bots.stakes import split, value
from tutorial.engine.profiles import Profile, get_profile
from tutorial.engine.result import hand_result
from tutorial.engine.scoring import hand_decision, score_hand
from tutorial.engine.state import State
from tutorial.jsonvalue import JsonObject

SCORE = "score"
"""The objective when no result of this hand can end the game: points of the game score."""
GAME = "game"
"""The objective when some result can: the game itself (a win is worth GAME_WON)."""


@lru_cache(maxsize=256)
def _can_end(name: str, score: tuple[int, int]) -> bool:
    p = get_profile(name)
    return any(
        hand_decision(p, score, bidder, bid, split(p, side, taken)).winner is not None
        for bidder in (0, 1)
        for bid in range(p.bid_min, p.bid_max + 1)
        for side in (0, 1)
        for taken in range(p.total_points + 1)
    )


def game_can_end(p: Profile, score: tuple[int, int]) -> bool:
    """Can some result of a hand played at ``score`` end the game (either side)?"""
    return _can_end(p.name, score)


def objective(p: Profile, score: tuple[int, int]) -> str:
    return GAME if game_can_end(p, score) else SCORE


class Outcome(NamedTuple):
    """One world's result after one option, from the deciding seat's side."""

    holder: int
    """1: our side held the contract; -1: the other side; 0: thrown in."""
    bid: int
    ours: int
    """Points of the hand our side took."""
    theirs: int
    made: bool
    """The contract was made (False when thrown in)."""
    forced: bool
    """The contract is the dealer's forced bid (everyone else passed)."""
    game: int
    """1: our side wins the game with this hand; -1: the other side does; 0: play on."""
    value: float
    """The objective's value (see the module)."""
    gain: int = 0
    """Our side's change of game score (a set bid: minus the bid)."""
    loss: int = 0
    """The other side's change of game score."""
    own: bool = False
    """The deciding seat itself holds the contract."""


THROWN_IN = Outcome(0, 0, 0, 0, False, False, 0, 0.0)


def contract_outcome(
    p: Profile,
    score: tuple[int, int],
    side: int,
    bidder_side: int,
    bid: int,
    points: tuple[int, int],
    forced: bool,
    own: bool = False,
) -> Outcome:
    """The outcome of a hand in which ``bidder_side`` bid ``bid`` and the sides (AC, BD)
    took ``points``, for ``side`` (``own``: the deciding seat itself holds the bid)."""
    scored = score_hand(p, score, bidder_side, bid, points)
    winner = scored.decision.winner
    game = 0 if winner is None else (1 if winner == side else -1)
    return Outcome(
        1 if bidder_side == side else -1,
        bid,
        points[side],
        points[1 - side],
        points[bidder_side] >= bid,
        forced,
        game,
        value(p, score, side, bidder_side, bid, points),
        scored.delta[side],
        scored.delta[1 - side],
        own,
    )


def was_forced(state: State) -> bool:
    """Did the bidding end with the dealer's forced bid (everyone else passing)?"""
    p = state.profile
    if p.dealer_forced_bid is None or state.high_seat != state.dealer:
        return False
    others = [v for seat, v in state.calls if seat != state.dealer]
    return all(v is None for v in others) and state.high_bid == p.dealer_forced_bid


def final_outcome(final: State, seat: int) -> Outcome:
    """The outcome of a finished hand for ``seat``'s side."""
    r = hand_result(final)
    if r.thrown_in or r.bidder is None or r.bid is None:
        return THROWN_IN
    return contract_outcome(
        final.profile,
        final.score,
        seat & 1,
        r.bidder & 1,
        r.bid,
        r.points,
        was_forced(final),
        r.bidder == seat,
    )


@dataclass(frozen=True, slots=True)
class Breakdown:
    """An option's outcomes over the worlds: shares of the worlds and mean points."""

    worlds: int
    ours: float
    """Mean points of the hand our side takes."""
    theirs: float
    we_hold: float
    """Share of the worlds in which our side holds the contract."""
    we_made: float
    """... holds it and makes it."""
    they_hold: float
    they_made: float
    forced: float
    """Share in which the dealer is forced (either side)."""
    forced_them: float
    """Share in which the other side's dealer is forced."""
    forced_them_set: float
    """... and our side sets them."""
    thrown_in: float
    win: float
    """Share in which our side wins the game with this hand."""
    lose: float
    bid: float
    """Mean bid of the contract where our side holds it (0 if never)."""
    gain: float = 0.0
    """Our side's mean change of game score."""
    loss: float = 0.0
    """The other side's mean change of game score."""
    own: float = 0.0
    """Share of the worlds in which the deciding seat itself holds the contract."""

    @property
    def we_set(self) -> float:
        """Share in which our side holds the contract and is set."""
        return self.we_hold - self.we_made

    @property
    def they_set(self) -> float:
        """Share in which the other side holds it and our side sets them."""
        return self.they_hold - self.they_made

    def to_json(self) -> JsonObject:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in _fields(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Breakdown:
        return cls(int(data["worlds"]), *(float(data.get(k, 0.0)) for k in _FLOATS))


_FLOATS = (
    "ours",
    "theirs",
    "we_hold",
    "we_made",
    "they_hold",
    "they_made",
    "forced",
    "forced_them",
    "forced_them_set",
    "thrown_in",
    "win",
    "lose",
    "bid",
    "gain",
    "loss",
    "own",
)


def _fields(b: Breakdown) -> list[tuple[str, float | int]]:
    return [("worlds", b.worlds), *((k, getattr(b, k)) for k in _FLOATS)]


def breakdown(outcomes: Sequence[Outcome]) -> Breakdown:
    n = len(outcomes)
    if not n:
        return Breakdown(0, *([0.0] * len(_FLOATS)))

    def share(pred: Any) -> float:
        return sum(1 for o in outcomes if pred(o)) / n

    held = [o.bid for o in outcomes if o.holder == 1]
    return Breakdown(
        n,
        sum(o.ours for o in outcomes) / n,
        sum(o.theirs for o in outcomes) / n,
        share(lambda o: o.holder == 1),
        share(lambda o: o.holder == 1 and o.made),
        share(lambda o: o.holder == -1),
        share(lambda o: o.holder == -1 and o.made),
        share(lambda o: o.forced),
        share(lambda o: o.forced and o.holder == -1),
        share(lambda o: o.forced and o.holder == -1 and not o.made),
        share(lambda o: o.holder == 0),
        share(lambda o: o.game == 1),
        share(lambda o: o.game == -1),
        sum(held) / len(held) if held else 0.0,
        sum(o.gain for o in outcomes) / n,
        sum(o.loss for o in outcomes) / n,
        share(lambda o: o.own),
    )
