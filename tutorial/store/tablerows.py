"""The rows of a shared table as read from the store (:mod:`tutorial.store.tables`): its
seats, its actions, and a hint's best set as stored (JSON)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    lang: str
    secret: str
    """The SHA-256 of the seat's secret (the secret itself is only in the player's URL)."""
    seen: float
    away: bool
    """A bot plays for this player until they say they are back (they let the time run out)."""
    ready: int
    """The number of the hand this player has moved on to (1-based)."""


@dataclass(frozen=True)
class ActionRow:
    hand: int
    pos: int
    action: str
    seat: int
    by: str
    """Who took it: ``human``, ``hinted`` (a human who asked for a hint at that position:
    marked in their review), ``bot`` (an empty seat), ``stand-in`` (a bot for a player who
    is away or let the time run out) or ``chance`` (a reshuffle)."""
    at: float
    hint: tuple[str, ...] = ()
    """For a ``hinted`` action: the best set of the hint shown (the review labels an action
    in it best, as at the practice table); empty otherwise."""


@dataclass(frozen=True)
class TableRows:
    code: str
    value: Any
    version: int
    started: float | None
    seats: tuple[SeatRow, ...]
    actions: tuple[ActionRow, ...]


BY = ("human", "hinted", "bot", "stand-in", "chance")


def parse_best(value: object) -> tuple[str, ...]:
    """A stored best set (JSON list of actions in the core's notation); () for none or for
    anything unreadable (a review without it only loses the hint's mark)."""
    if not isinstance(value, str):
        return ()
    try:
        data = json.loads(value)
    except ValueError:
        return ()
    if not isinstance(data, list) or not all(isinstance(a, str) for a in data):
        return ()
    return tuple(data)
