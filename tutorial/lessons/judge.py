"""Judging a learner's answer. For a question about a scenario, the expected answer is
the engine's own value (recomputed from the replay), not only the written one."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tutorial.engine.cards import CODES, parse_index
from tutorial.engine.errors import InvalidInput
from tutorial.lessons.model import Question


def expected(q: Question) -> Any:
    """The right answer in the question's form: the engine's value where it is checked."""
    if q.scenario is None or q.ask is None:
        return q.answer
    from tutorial.lessons.loader import normal_answer

    value: Any = q.scenario.replay.result
    for part in q.ask.split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return normal_answer(q.type, value)


def normalise(q: Question, response: Any) -> Any:
    """A response from a widget in the form of :func:`expected` (None if not answerable)."""
    if response is None:
        return None
    if q.type == "single":
        return str(response)
    if q.type == "multiple":
        return tuple(sorted({str(r) for r in _iter(response)}))
    if q.type == "cards":
        try:
            return tuple(
                sorted({CODES[parse_index(str(c))] for c in _iter(response)}, key=parse_index)
            )
        except InvalidInput:
            return None
    try:
        return int(response)
    except (TypeError, ValueError):
        return None


def _iter(value: Any) -> Iterable[Any]:
    return value if isinstance(value, list | tuple | set | frozenset) else [value]


def judge(q: Question, response: Any) -> bool:
    """True when ``response`` is a right answer (a set of cards in any order, etc.)."""
    got = normalise(q, response)
    return got is not None and got == expected(q)
