"""Puzzles, their answers and their explanations, as plain data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

AnswerType = Literal["cards", "team_numbers", "seat_numbers", "choice"]


@dataclass(frozen=True)
class Line:
    """One step of an explanation: a catalog message and its values, and the lesson step
    that teaches the rule behind it. Value keys say how to show them: ``*card`` a card code,
    ``*cards`` a list of codes, ``*suit`` a suit letter, ``*team`` a team (AC/BD), anything
    else as it is."""

    msg: str
    values: dict[str, Any] = field(default_factory=dict)
    lesson: str | None = None
    step: str | None = None


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
    """What the table shows (frame-like data: trump, trick, hands, captured...)."""
