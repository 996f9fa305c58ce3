"""Puzzles, their answers and their explanations, as plain data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from tutorial.engine.cards import Card, Suit
from tutorial.engine.seats import Seat
from tutorial.scenario.moments import Moment, shown
from tutorial.scenario.results import TablePlay

AnswerType = Literal["cards", "team_numbers", "seat_numbers", "choice"]


class Plural(NamedTuple):
    """A message with plural forms: ``n("{n} trump", "{n} trumps")``; the count is the
    line's ``n`` value."""

    singular: str
    plural: str


def n(singular: str, plural: str) -> Plural:
    """Mark a message with plural forms for extraction (keyword ``n:1,2``), translated later."""
    return Plural(singular, plural)


@dataclass(frozen=True)
class Line:
    """One step of an explanation: a catalog message and its values, and the lesson step
    that teaches the rule behind it. Value keys say how to show them: ``*card`` a card code,
    ``*cards`` a list of codes, ``*suit`` a suit letter, ``*team`` a team (AC/BD); a value
    that is itself a :class:`Line` is a phrase (``{trumps}`` → "3 trumps") rendered first;
    anything else as it is. A :class:`Plural` message takes its form from the value ``n``."""

    msg: str | Plural
    values: dict[str, Any] = field(default_factory=dict)
    lesson: str | None = None
    step: str | None = None

    @property
    def msgid(self) -> str:
        """The catalog id of the message (its singular form for a plural one)."""
        return self.msg.singular if isinstance(self.msg, Plural) else self.msg


@dataclass(frozen=True)
class Puzzle:
    kind: str
    seed: int
    difficulty: int
    profile: str
    scenario: dict[str, Any]
    """The puzzle as a scenario in the ``cinch replay`` format (answer computed from it)."""
    prompt: Line
    answer_type: AnswerType
    answer: Any
    """cards: tuple of codes (order free); team_numbers: (AC, BD); seat_numbers: (A, B, C, D);
    choice: one of ``options``."""
    explanation: tuple[Line, ...]
    options: tuple[str, ...] = ()
    show: dict[str, Any] = field(default_factory=dict)
    """Everything the puzzle shows the learner (trump, trick, hands, stock, captured...).
    The answer must follow from this alone: a test re-randomises everything else."""


def show_moment(show: dict[str, Any]) -> Moment:
    """The card table a puzzle shows (``Puzzle.show``: trump, leader, trick, hands, dealer,
    to_play) as a typed moment, drawn like a lesson's; nothing of the answer."""
    trick = show.get("trick")
    hands = show.get("hands")
    return Moment(
        "position",
        dealer=_seat(show.get("dealer")),
        trump=None if show.get("trump") is None else Suit.parse(show["trump"]),
        hands=None
        if hands is None
        else shown({Seat.parse(s): tuple(Card.parse(c) for c in cs) for s, cs in hands.items()}),
        leader=_seat(show.get("leader")),
        trick=None
        if trick is None
        else tuple(
            TablePlay(
                Seat.parse(p["seat"]),
                Card.parse(p["card"]),
                tuple(Card.parse(c) for c in p["beneath"]),
            )
            for p in trick
        ),
        to_play=_seat(show.get("to_play")),
    )


def _seat(letter: str | None) -> Seat | None:
    return None if letter is None else Seat.parse(letter)
