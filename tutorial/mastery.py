"""Mastery of a lesson, from the learner's saved answers: stars, and the questions missed.

The rule (docs/lessons.md, "Mastery"): a lesson earns

- **3 stars** when every question was answered right at the first try,
- **2 stars** when every question was answered right within two tries,
- **1 star** when every question has been answered right, however many tries it took,
- **0 stars** while any question is not answered right yet.

Tries are counted by :meth:`tutorial.progress.ProgressStore.answer`; an answer saved before
tries were counted (done, but no ``right_at``) counts as right eventually (1 star). A
question answered wrong at least once is *missed*: it comes back in "review my mistakes"
(:mod:`tutorial.review`) until it has been answered right there again.
"""

from __future__ import annotations

from collections.abc import Mapping

from tutorial.lessons.model import Lesson
from tutorial.progress import Item, question_item

MAX_STARS = 3


def right_at(it: Item | None) -> int | None:
    """The try at which a question was first answered right (1 = first try); 0 if it is
    done but tries were not counted then; None if it is not right yet."""
    if it is None or not it.done:
        return None
    value = it.value if isinstance(it.value, dict) else {}
    at = value.get("right_at")
    return at if isinstance(at, int) and not isinstance(at, bool) and at >= 1 else 0


def stars(lesson: Lesson, items: Mapping[str, Item]) -> int:
    """0..3 stars for ``lesson`` from the learner's ``items`` (see the module's rule)."""
    if not lesson.questions:
        return 0
    tries = [right_at(items.get(question_item(lesson.id, q.id))) for q in lesson.questions]
    if any(x is None for x in tries):
        return 0
    if all(x == 1 for x in tries):
        return 3
    if all(x is not None and 1 <= x <= 2 for x in tries):
        return 2
    return 1


def missed(it: Item | None) -> bool:
    """True if the question was answered wrong at least once (or is not right yet)."""
    if it is None:
        return False
    value = it.value if isinstance(it.value, dict) else {}
    tries = value.get("tries")
    at = right_at(it)
    if at is None:
        return True
    return isinstance(tries, int) and (at > 1 or (at == 0 and tries > 1))
