"""Review my mistakes: the lesson questions a learner answered wrong come back, spaced like
the drills (:mod:`tutorial.drills.practice`).

Each missed question (:func:`tutorial.mastery.missed`) has a Leitner box 0..4, saved as
``review/<lesson>/<question>``: a right answer in the review moves it up a box, a wrong one
back to box 0, and it is due again after 2**box further review answers (``review/counter``).
A question that reaches box :data:`TOP` has been learnt and leaves the review. Answers given
here never change the lesson's own answers, tries or stars.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from tutorial.lessons.model import Course, Lesson, Question, Step, YourDecision, YourMove
from tutorial.mastery import missed, move_missed
from tutorial.progress import Item, ProgressStore, move_item, question_item

COUNTER = "review/counter"
TOP = 3
"""Right three times in a row (at growing gaps) and a question has been learnt."""


@dataclass
class Box:
    box: int = 0
    due: int = 0
    attempts: int = 0
    correct: int = 0


def item(lesson_id: str, question_id: str) -> str:
    """The review box of a question, or of a "your move" (``question_id`` from
    :func:`move_id`)."""
    return f"review/{lesson_id}/{question_id}"


def move_id(step_id: str, at: str) -> str:
    """A "your move" moment's id in the review: ``move/<step>/<moment>``."""
    return f"move/{step_id}/{at}"


def _box(value: Any) -> Box:
    if not isinstance(value, dict):
        return Box()
    return Box(
        **{
            k: int(v)
            for k, v in value.items()
            if k in Box.__dataclass_fields__ and isinstance(v, int) and not isinstance(v, bool)
        }
    )


@dataclass(frozen=True)
class Due:
    lesson: Lesson
    question: Question | None
    box: Box
    step: Step | None = None
    move: YourMove | YourDecision | None = None
    """A "your move" moment to play again (then ``question`` is None)."""

    @property
    def id(self) -> str:
        """The question's id, or the move's (:func:`move_id`)."""
        if self.question is not None:
            return self.question.id
        assert self.step is not None and self.move is not None
        return move_id(self.step.id, self.move.at)


def queue(course: Course, items: Mapping[str, Item]) -> tuple[int, list[Due]]:
    """The review counter and every missed question (and "your move") not learnt yet, the
    next one first: due
    ones (``due <= counter``) before later ones, a lower box first, then course order."""
    c = items.get(COUNTER)
    counter = c.value if c is not None and isinstance(c.value, int) else 0
    out: list[tuple[tuple[int, int, int], Due]] = []
    order = 0
    for lesson in course.lessons:
        entries: list[Due] = []
        for q in lesson.questions:
            if missed(items.get(question_item(lesson.id, q.id))):
                entries.append(Due(lesson, q, Box()))
        for step, mv in lesson.moves:
            if move_missed(items.get(move_item(lesson.id, step.id, mv.at))):
                entries.append(Due(lesson, None, Box(), step, mv))
        for d in entries:
            order += 1
            raw = items.get(item(lesson.id, d.id))
            b = _box(raw.value if raw is not None else None)
            if b.box >= TOP:
                continue
            wait = max(b.due - counter, 0)
            out.append(((wait, b.box, order), Due(lesson, d.question, b, d.step, d.move)))
    out.sort(key=lambda x: x[0])
    return counter, [d for _, d in out]


def record(
    store: ProgressStore, learner: str, lesson_id: str, question_id: str, right: bool
) -> Box:
    """Count one review answer (a question's, or a move's: ``question_id`` = :attr:`Due.id`):
    one atomic read-modify-write of the box and the counter."""
    key = item(lesson_id, question_id)

    def change(cur: dict[str, Item]) -> dict[str, tuple[Any, bool]]:
        c = cur.get(COUNTER)
        counter = c.value if c is not None and isinstance(c.value, int) else 0
        b = _box(cur[key].value if key in cur else None)
        b.attempts += 1
        if right:
            b.correct += 1
            b.box = min(b.box + 1, TOP)
        else:
            b.box = 0
        counter += 1
        b.due = counter + 2**b.box
        return {key: (asdict(b), b.box >= TOP), COUNTER: (counter, False)}

    saved = store.update(learner, (key, COUNTER), change)
    return _box(saved[key].value)


def find(course: Course, lesson_id: str, entry_id: str) -> Due | None:
    """The question or "your move" ``entry_id`` (:attr:`Due.id`) of a lesson, in a fresh box."""
    lesson = course.lesson(lesson_id)
    if lesson is None:
        return None
    q = lesson.question(entry_id)
    if q is not None:
        return Due(lesson, q, Box())
    for step, mv in lesson.moves:
        if move_id(step.id, mv.at) == entry_id:
            return Due(lesson, None, Box(), step, mv)
    return None
