"""The parts of a hand's state: its phases, the records of plays and tricks, the names of
the refill's decisions, and the fields every :class:`~tutorial.engine.state.State` carries
(declared once here for the rules split over :mod:`~tutorial.engine.stateplay`,
:mod:`~tutorial.engine.staterefill` and :mod:`~tutorial.engine.state`)."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from tutorial.engine.actions import Action
from tutorial.engine.profiles import Profile
from tutorial.engine.refill import RefillLog
from tutorial.engine.trumps import TrumpRules

CHANCE = -1
"""``State.to_act`` when chance acts (a reshuffle)."""

KEEP = "keep"
DEALER_KEEPS = "dealer_keeps"
RESHUFFLE = "reshuffle"
"""The decisions of the REFILL phase (``State.pending``)."""


class Phase(Enum):
    BID = "bid"
    TRUMP = "trump"
    REFILL = "refill"
    PLAY = "play"
    DONE = "done"


class Play(NamedTuple):
    """One seat's play to a trick: a card, and on the first trick maybe cards beneath it."""

    seat: int
    card: int
    beneath: tuple[int, ...] = ()


class Trick(NamedTuple):
    number: int
    leader: int
    plays: tuple[Play, ...]
    led_suit: int
    """Effective suit of the card led (the trump suit if the left Pedro was led)."""
    winner: int
    winning_card: int
    trumped: bool
    """True if a trump won (a trump was played); False if the highest led-suit card won."""
    points: int
    """Capture value of the cards taken (points owned by holding, i.e. Low, excluded)."""
    mask: int
    """Every card the trick's winner takes, pile cards included."""


STATE_FIELDS = (
    "profile",
    "dealer",
    "dealt",
    "stock",
    "phase",
    "to_act",
    "calls",
    "passed",
    "high_bid",
    "high_seat",
    "trump",
    "tables",
    "trump_mask",
    "plain_masks",
    "pending",
    "pending_info",
    "keeps",
    "dealer_choice",
    "reshuffle_order",
    "refill_log",
    "hands",
    "start_hands",
    "in_play",
    "point_cards",
    "capture_list",
    "capture_mask",
    "beneath_forbidden",
    "tricks",
    "trick_plays",
    "trick_leader",
    "trick_seats",
    "led",
    "keys",
    "best_key",
    "best_seat",
    "best_card",
    "trick_mask",
    "captured",
)
STATE_SLOTS = (*STATE_FIELDS, "score", "history")
"""Every slot of a state (its fields, the game score before the hand — which no action
changes, so undo has nothing to restore — and its history)."""
LIST_FIELDS = ("calls", "passed", "keeps", "hands", "tricks", "trick_plays", "captured")


class StateFields:
    """The fields of a :class:`~tutorial.engine.state.State`, in slots."""

    __slots__ = STATE_SLOTS

    profile: Profile
    dealer: int
    dealt: tuple[int, int, int, int]
    """The hands as dealt (masks)."""
    stock: tuple[int, ...]
    phase: Phase
    to_act: int
    calls: list[tuple[int, int | None]]
    passed: list[bool]
    high_bid: int | None
    high_seat: int | None
    trump: int
    trump_mask: int
    pending: str | None
    """In the REFILL phase, the decision awaited: KEEP, DEALER_KEEPS or RESHUFFLE."""
    pending_info: tuple[object, ...]
    keeps: list[int | None]
    dealer_choice: tuple[int, ...] | None
    reshuffle_order: tuple[int, ...] | None
    refill_log: RefillLog | None
    hands: list[int]
    start_hands: tuple[int, int, int, int]
    """The hands when play began (after the refill)."""
    tricks: list[Trick]
    trick_plays: list[Play]
    captured: list[int]
    score: tuple[int, int]
    """The game score before this hand, (AC, BD): public, the same for every seat; (0, 0)
    for a hand that starts a game."""
    history: list[tuple[Action, tuple[object, ...] | None]]
    tables: TrumpRules
    plain_masks: tuple[int, ...]
    in_play: int
    point_cards: tuple[tuple[str, int, int, bool], ...]
    capture_list: tuple[tuple[int, int], ...]
    capture_mask: int
    beneath_forbidden: int
    trick_leader: int
    trick_seats: tuple[int, ...]
    led: int
    keys: tuple[int, ...]
    best_key: int
    best_seat: int
    best_card: int
    trick_mask: int
