"""Content checks run on every lesson once it has loaded: what the format alone cannot catch.

Each check yields ``(key path, message)``; the loader turns them into located problems, so a
lesson that fails one does not load and ``cinch lessons check`` lists every problem.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tutorial.i18n import LANGS
from tutorial.lessons.facts import lesson_fact_problems
from tutorial.lessons.feedback import feedback_problems
from tutorial.lessons.mentions import dealer_problems, giveaway_problems
from tutorial.lessons.model import Lesson, Text

Problem = tuple[tuple[str | int, ...], str]
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


def lesson_texts(lesson: Lesson) -> Iterator[tuple[tuple[str | int, ...], Text]]:
    """Every text of a lesson with its key path."""
    yield ("title",), lesson.title
    yield ("intro",), lesson.intro
    for i, step in enumerate(lesson.steps):
        yield ("steps", i, "title"), step.title
        yield ("steps", i, "text"), step.text
        for j, n in enumerate(step.narration):
            yield ("steps", i, "narration", j, "text"), n.text
            if n.your_move is not None:
                path = ("steps", i, "narration", j, "your_move")
                if n.your_move.prompt is not None:
                    yield (*path, "prompt"), n.your_move.prompt
                for card, text in n.your_move.feedback.items():
                    yield (*path, "feedback", card), text
    for i, q in enumerate(lesson.questions):
        for key in ("prompt", "hint", "right", "wrong"):
            yield ("questions", i, key), getattr(q, key)
        for j, o in enumerate(q.options):
            yield ("questions", i, "options", j, "text"), o.text
            if o.feedback is not None:
                yield ("questions", i, "options", j, "feedback"), o.feedback
        for card, text in q.card_feedback.items():
            yield ("questions", i, "feedback", card), text


def placeholder_problems(lesson: Lesson) -> Iterator[Problem]:
    """Lesson text is shown as written, never interpolated: a ``{n}`` would reach the learner
    as it is, and a count in it could not go through plural forms. Write the number."""
    for path, text in lesson_texts(lesson):
        for lang in LANGS:
            found = PLACEHOLDER.search(text.get(lang))
            if found:
                yield (
                    (*path, lang),
                    f"{found.group(0)} is a placeholder, but lesson text is never "
                    "interpolated: write the value (counts in all their plural forms)",
                )


def lesson_problems(lesson: Lesson) -> Iterator[Problem]:
    yield from feedback_problems(lesson)
    yield from lesson_fact_problems(lesson)
    yield from placeholder_problems(lesson)
    yield from dealer_problems(lesson)
    yield from giveaway_problems(lesson)
    yield from after_answer_problems(lesson)


def after_answer_problems(lesson: Lesson) -> Iterator[Problem]:
    """A narration that waits for a question names a question of its own step."""
    for i, step in enumerate(lesson.steps):
        mine = {q.id for q in lesson.questions if q.step == step.id}
        for j, n in enumerate(step.narration):
            if n.after_answer and n.after_answer not in mine:
                yield (
                    ("steps", i, "narration", j, "after_answer"),
                    f"{n.after_answer!r} is not a question of step {step.id!r} "
                    f"(its questions: {', '.join(sorted(mine)) or 'none'})",
                )
