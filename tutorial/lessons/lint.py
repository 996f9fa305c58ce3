"""Content checks run on every lesson once it has loaded: what the format alone cannot catch.

Each check yields ``(key path, message)``; the loader turns them into located problems, so a
lesson that fails one does not load and ``cinch lessons check`` lists every problem.
"""

from __future__ import annotations

from collections.abc import Iterator

from tutorial.lessons.facts import lesson_fact_problems
from tutorial.lessons.feedback import feedback_problems
from tutorial.lessons.model import Lesson

Problem = tuple[tuple[str | int, ...], str]


def lesson_problems(lesson: Lesson) -> Iterator[Problem]:
    yield from feedback_problems(lesson)
    yield from lesson_fact_problems(lesson)
