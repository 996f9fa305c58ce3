"""Puzzles, their answers and their explanations, as plain data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

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
