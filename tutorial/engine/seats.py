"""The one vocabulary of seats and teams.

Seats are ``A B C D`` clockwise (indices 0..3); ``A``–``C`` (team 0, ``AC``) and ``B``–``D``
(team 1, ``BD``) are partners. Every module that names a seat or a team takes its letters
from here; the engine's hot paths use the plain indices (``seat & 1`` is the team).
"""

from __future__ import annotations

from enum import IntEnum

from tutorial.engine.invalid import InvalidInput

SEAT_LETTERS = "ABCD"
"""Seat letters by index."""
TEAM_NAMES: tuple[str, str] = ("AC", "BD")
"""Team names by index."""
SUIT_LETTERS = "CDHS"
"""Suit letters by index (clubs, diamonds, hearts, spades)."""


def team_of(seat: int) -> int:
    """The team (0 ``AC``, 1 ``BD``) of a seat."""
    return seat & 1


def seat_letter(seat: int) -> str:
    return SEAT_LETTERS[seat]


def team_name(team: int) -> str:
    return TEAM_NAMES[team]


class Seat(IntEnum):
    """A seat at the table. ``Seat.parse("c") is Seat.C``; ``Seat.C.team is Team.AC``."""

    A = 0
    B = 1
    C = 2
    D = 3

    @property
    def letter(self) -> str:
        return SEAT_LETTERS[self]

    @property
    def team(self) -> Team:
        return Team(self & 1)

    @property
    def next(self) -> Seat:
        """The seat to the left (clockwise)."""
        return Seat((self + 1) & 3)

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) & 3)

    def __str__(self) -> str:
        return self.letter

    @classmethod
    def parse(cls, text: str) -> Seat:
        """``A``..``D`` (any case). Raises :class:`~tutorial.engine.errors.InvalidInput`."""
        key = text.strip().upper() if isinstance(text, str) else ""
        if len(key) == 1 and key in SEAT_LETTERS:
            return cls(SEAT_LETTERS.index(key))
        raise InvalidInput(f"unknown seat {text!r}: expected one of A, B, C, D")


class Team(IntEnum):
    """A partnership: ``AC`` (seats A and C) or ``BD``."""

    AC = 0
    BD = 1

    @property
    def label(self) -> str:
        return TEAM_NAMES[self]

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat(self), Seat(self + 2))

    @property
    def other(self) -> Team:
        return Team(1 - self)

    def __str__(self) -> str:
        return self.label

    @classmethod
    def parse(cls, text: str) -> Team:
        key = text.strip().upper() if isinstance(text, str) else ""
        if key in TEAM_NAMES:
            return cls(TEAM_NAMES.index(key))
        raise InvalidInput(f"unknown team {text!r}: expected AC or BD")


__all__ = [
    "SEAT_LETTERS",
    "SUIT_LETTERS",
    "TEAM_NAMES",
    "Seat",
    "Team",
    "seat_letter",
    "team_name",
    "team_of",
]
