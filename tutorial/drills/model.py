"""Puzzles, their answers and their explanations, as plain data."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, TypeAlias

from tutorial.engine.cards import Card, Suit
from tutorial.engine.seats import Seat, Team
from tutorial.jsonvalue import JsonObject
from tutorial.scenario.moments import Moment
from tutorial.scenario.results import Points

AnswerType = Literal["cards", "team_numbers", "seat_numbers", "choice"]


class Plural(NamedTuple):
    """A message with plural forms: ``n("{n} trump", "{n} trumps")``; the count is the
    line's ``n`` value."""

    singular: str
    plural: str


def n(singular: str, plural: str) -> Plural:
    """Mark a message with plural forms for extraction (keyword ``n:1,2``), translated later."""
    return Plural(singular, plural)


Value: TypeAlias = "str | int | Line | Sequence[str]"
"""A value of an explanation line: text, a number, a phrase (a :class:`Line`) or a list of
card codes."""


@dataclass(frozen=True)
class Line:
    """One step of an explanation: a catalog message and its values, and the lesson step
    that teaches the rule behind it. Value keys say how to show them: ``*card`` a card code,
    ``*cards`` a list of codes, ``*suit`` a suit letter, ``*team`` a team (AC/BD); a value
    that is itself a :class:`Line` is a phrase (``{trumps}`` → "3 trumps") rendered first;
    anything else as it is. A :class:`Plural` message takes its form from the value ``n``."""

    msg: str | Plural
    values: dict[str, Value] = field(default_factory=dict)
    lesson: str | None = None
    step: str | None = None

    @property
    def msgid(self) -> str:
        """The catalog id of the message (its singular form for a plural one)."""
        return self.msg.singular if isinstance(self.msg, Plural) else self.msg


@dataclass(frozen=True)
class TableShow:
    """A puzzle about cards on a table (trick-winner, legal-plays, refill)."""

    table: Moment
    """The table as a lesson moment (``position``): trump, leader, the trick so far, the
    hands shown, the dealer, the seat to play; nothing of the answer."""
    pick: tuple[Card, ...] = ()
    """The cards the learner picks the answer from (a ``cards`` answer)."""
    stock: tuple[Card, ...] | None = None
    """The stock, from the top, where the answer depends on it (refill)."""

    @property
    def trump(self) -> Suit | None:
        return self.table.trump


@dataclass(frozen=True)
class PointsShow:
    """A puzzle about the points of a hand (hand-points): the cards each side captured."""

    trump: Suit
    captured: tuple[tuple[Team, tuple[Card, ...]], ...]
    """Each side (AC, BD) and the cards it captured, in display order."""
    held_by: tuple[tuple[Card, Seat], ...] = ()
    """The card of a point scored by its holder, and who held it before play."""


@dataclass(frozen=True)
class ScoreShow:
    """A puzzle about the game score (score-update, game-end): one hand scored."""

    before: Points
    bidder: Team
    bid: int
    points: Points
    """The points each side took in the hand."""

    @property
    def trump(self) -> Suit | None:
        return None


Show = TableShow | PointsShow | ScoreShow
"""Everything a puzzle shows the learner. The answer must follow from this alone: a test
re-randomises everything else."""


@dataclass(frozen=True)
class Puzzle:
    kind: str
    seed: int
    difficulty: int
    profile: str
    scenario: JsonObject
    """The puzzle as a scenario in the ``cinch replay`` format (answer computed from it)."""
    prompt: Line
    answer_type: AnswerType
    answer: Any
    """cards: tuple of codes (order free); team_numbers: (AC, BD); seat_numbers: (A, B, C, D);
    choice: one of ``options``."""
    explanation: tuple[Line, ...]
    show: Show
    options: tuple[str, ...] = ()
