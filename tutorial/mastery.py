"""Mastery of a lesson, from the learner's saved answers: stars, and the questions missed.

The rule (docs/lessons.md, "Mastery"): a lesson earns

- **3 stars** when every question was answered right at the first try,
- **2 stars** when every question was answered right within two tries,
- **1 star** when every question has been answered right, however many tries it took,
- **0 stars** while any question is not answered right yet.

"Your move" moments count like questions: a move played right after k wrong choices (cards,
calls or suits, each counted once; a forbidden one counts too) is right at try k + 1; a move
not played yet, or one the learner asked to be shown, is not right yet. A move with a wrong
try (or shown) is missed and comes back in "review my mistakes" like a question.

Tries are counted by :meth:`tutorial.progress.ProgressStore.answer`; an answer saved before
tries were counted (done, but no ``right_at``) counts as right eventually (1 star). A
question answered wrong at least once is *missed*: it comes back in "review my mistakes"
(:mod:`tutorial.review`) until it has been answered right there again.
"""

from __future__ import annotations

from collections.abc import Mapping

from tutorial.lessons.model import Lesson
from tutorial.progress import Item, move_item, question_item, step_item

MAX_STARS = 3


def right_at(it: Item | None) -> int | None:
    """The try at which a question was first answered right (1 = first try); 0 if it is
    done but tries were not counted then; None if it is not right yet."""
    if it is None or not it.done:
        return None
    value = it.value if isinstance(it.value, dict) else {}
    at = value.get("right_at")
    return at if isinstance(at, int) and not isinstance(at, bool) and at >= 1 else 0


def move_right_at(it: Item | None) -> int | None:
    """The try at which a "your move" was played right (1 + its wrong choices); None if it
    is not played right (not reached, or shown)."""
    if it is None or not it.done:
        return None
    value = it.value if isinstance(it.value, dict) else {}
    if value.get("shown"):
        return None
    tried = value.get("tried")
    return 1 + (len(tried) if isinstance(tried, list) else 0)


def move_missed(it: Item | None) -> bool:
    """True if a wrong choice was made in the move, or it was shown instead of played."""
    if it is None:
        return False
    value = it.value if isinstance(it.value, dict) else {}
    tried = value.get("tried")
    return bool(value.get("shown")) or (isinstance(tried, list) and len(tried) > 0)


def tries(lesson: Lesson, items: Mapping[str, Item]) -> list[int | None]:
    """Per question, then per "your move" of the lesson: the try it was right at (None: not
    right yet; 0: right before tries were counted)."""
    out = [right_at(items.get(question_item(lesson.id, q.id))) for q in lesson.questions]
    out += [
        move_right_at(items.get(move_item(lesson.id, step.id, m.at))) for step, m in lesson.moves
    ]
    return out


def stars(lesson: Lesson, items: Mapping[str, Item]) -> int:
    """0..3 stars for ``lesson`` from the learner's ``items`` (see the module's rule)."""
    if not lesson.questions and not lesson.moves:
        return 0
    tries_ = tries(lesson, items)
    if any(x is None for x in tries_):
        return 0
    if all(x == 1 for x in tries_):
        return 3
    if all(x is not None and 1 <= x <= 2 for x in tries_):
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


def finished(lesson: Lesson, items: Mapping[str, Item]) -> bool:
    """Every step of the lesson seen and every question answered right (what the lesson's
    page congratulates the learner on): the home page then offers the next lesson."""
    seen = all(items.get(step_item(lesson.id, st.id)) for st in lesson.steps)
    return seen and all(
        (it := items.get(question_item(lesson.id, q.id))) is not None and it.done
        for q in lesson.questions
    )
