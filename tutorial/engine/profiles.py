"""Rule profiles as data: a registry of small overrides.

A :class:`Profile` holds every rule that differs between ways of playing: the target,
the bid range and the dealer's forced bid, the point table (and who owns Low), whether
players may keep non-trumps, how the stock refills hands, and how a game is won. The
engine reads these fields; it never tests a profile's name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from tutorial.engine.cards import R3, R9
from tutorial.engine.errors import InvalidInput
from tutorial.engine.gameend import DecideFn, decide_bidders_first, decide_go_out
from tutorial.engine.refill import DealerKeeps, RefillLog, Reshuffler, refill_rob, refill_share
from tutorial.engine.trumps import (
    GAME,
    HIGH,
    JACK,
    LEFT_PEDRO,
    PEDRO_TRUMPS,
    RIGHT_PEDRO,
    TRUMP_ORDER,
    TWO,
    TrumpRules,
)

CardPicker = Callable[[int, int], "int | None"]
"""(trump, mask of the cards in play) → the point card's index, or None if not in play."""


def _fixed(table: tuple[int, ...]) -> CardPicker:
    def pick(trump: int, in_play: int) -> int | None:
        card = table[trump]
        return card if (in_play >> card) & 1 else None

    return pick


def _lowest_in_play(trump: int, in_play: int) -> int | None:
    for card in reversed(TRUMP_ORDER[trump]):
        if (in_play >> card) & 1:
            return card
    return None


def _rank_of_trump(rank: int) -> CardPicker:
    return _fixed(tuple(t * 13 + rank for t in range(4)))


@dataclass(frozen=True)
class PointRule:
    """One line of the point table."""

    name: str
    value: int
    card: CardPicker
    held: bool = False
    """True: scored by the side that held the card before play, whoever captures it."""
    varies: bool = False
    """True when which card it is depends on the cards in play (Low as the lowest trump in
    play): a trick shown on its own cannot count it."""


class RefillFn(Protocol):
    def __call__(
        self,
        trump_mask: int,
        dealer: int,
        hands: list[int],
        stock: Sequence[int],
        log: RefillLog,
        reshuffle: Reshuffler,
        dealer_keeps: DealerKeeps = None,
    ) -> None: ...


@dataclass(frozen=True)
class Profile:
    """Everything that varies between ways of playing Cinch."""

    name: str
    summary: str
    target: int
    bid_min: int
    bid_max: int
    dealer_forced_bid: int | None
    """If the first three pass, the dealer's only legal call (None: all may pass)."""
    auction: bool
    """False: one round of calls. True: calls go round until all but one have passed."""
    keep_non_trumps: bool
    """May a player keep non-trumps at the discard (up to a hand of 6)?"""
    refill: RefillFn
    points: tuple[PointRule, ...]
    go_out_at: int | None
    """Bidder goes out: if both sides held at least this before a hand (None: no such rule)."""
    decide: DecideFn
    all_points_in_play: bool = False
    """True when the refill puts every trump in play, so every hand scores all points."""
    draw: bool = True
    """False: no discard and no refill; the dealt hands are played out (no-draw Cinch)."""
    hand_size: int = 6
    """Cards a hand holds for play; a hand holding more sheds the surplus on the first trick
    as an open pile. The number of tricks is this number."""
    trumps: TrumpRules = PEDRO_TRUMPS
    """Which cards are trumps and how they rank (which five is the left Pedro)."""

    @property
    def total_points(self) -> int:
        return sum(p.value for p in self.points)

    def __repr__(self) -> str:
        return f"get_profile({self.name!r})"

    def __hash__(self) -> int:  # profiles are unique by name; hashing every field is slow
        return hash(self.name)


_STANDARD_POINTS = (
    PointRule("high", 1, _fixed(HIGH)),
    PointRule("low", 1, _fixed(TWO), held=True),
    PointRule("jack", 1, _fixed(JACK)),
    PointRule("game", 1, _fixed(GAME)),
    PointRule("right_pedro", 5, _fixed(RIGHT_PEDRO)),
    PointRule("left_pedro", 5, _fixed(LEFT_PEDRO)),
)

PAGAT_62 = Profile(
    name="pagat-62",
    summary="Pagat's main American profile: 62 points, refill after bidding, "
    "Low to the side that held it.",
    target=62,
    bid_min=7,
    bid_max=14,
    dealer_forced_bid=7,
    auction=False,
    keep_non_trumps=False,
    refill=refill_rob,
    points=_STANDARD_POINTS,
    go_out_at=55,
    decide=decide_go_out,
    all_points_in_play=True,
)

_CLASSIC_POINTS = (
    PointRule("high", 1, _fixed(HIGH)),
    PointRule("low", 1, _lowest_in_play, varies=True),
    PointRule("jack", 1, _fixed(JACK)),
    PointRule("game", 1, _fixed(GAME)),
    PointRule("right_pedro", 5, _fixed(RIGHT_PEDRO)),
    PointRule("left_pedro", 5, _fixed(LEFT_PEDRO)),
)

CLASSIC_51 = Profile(
    name="classic-51",
    summary="The 51-point game of the how-to-play page: bids 1-14, Low to its captor.",
    target=51,
    bid_min=1,
    bid_max=14,
    dealer_forced_bid=None,
    auction=False,
    keep_non_trumps=True,
    refill=refill_share,
    points=_CLASSIC_POINTS,
    go_out_at=None,
    decide=decide_bidders_first,
)

CLASSIC_42 = replace(
    CLASSIC_51, name="classic-42", target=42, summary="classic-51 played to 42 for a shorter game."
)

AUCTION_CINCH = replace(
    CLASSIC_51,
    name="auction-cinch",
    summary="classic-51 with bidding that goes round until all but one have passed.",
    auction=True,
)

PEDRO_SANCHO = replace(
    CLASSIC_51,
    name="pedro-sancho",
    bid_max=23,
    summary="classic-51 plus Sancho, the 9 of trumps, worth 9: 23 points a hand.",
    points=(*_CLASSIC_POINTS, PointRule("sancho", 9, _rank_of_trump(R9))),
)

DOM_PEDRO = replace(
    CLASSIC_51,
    name="dom-pedro",
    bid_max=26,
    summary="pedro-sancho plus Dom, the 3 of trumps, worth 3: 26 points a hand (decided).",
    points=(*PEDRO_SANCHO.points, PointRule("dom", 3, _rank_of_trump(R3))),
)

NO_DRAW = replace(
    CLASSIC_51,
    name="no-draw",
    summary="classic-51 without the discard and refill: the nine dealt cards are played "
    "out in nine tricks.",
    draw=False,
    hand_size=9,
)

PROFILES: dict[str, Profile] = {
    p.name: p for p in (PAGAT_62, CLASSIC_51, CLASSIC_42, AUCTION_CINCH, PEDRO_SANCHO, DOM_PEDRO)
}
DEFAULT_PROFILE = PAGAT_62.name


def get_profile(name: str) -> Profile:
    """The profile registered under ``name``. Raises :class:`InvalidInput` for an unknown one."""
    try:
        return PROFILES[name]
    except KeyError:
        known = ", ".join(PROFILES)
        raise InvalidInput(f"unknown profile {name!r}: expected one of {known}") from None
