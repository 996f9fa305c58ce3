"""Review my mistakes: the lesson questions a learner answered wrong come back, scheduled by
FSRS (:mod:`tutorial.review_schedule`).

Each missed question (:func:`tutorial.mastery.missed`) or "your move" is an *item* with one
FSRS card, saved as ``review/<lesson>/<question>``. The miss in the lesson is its first
review (Again), so it is due at once; each review answer is rated (right: Good, or Hard
after a hint; wrong: Again) and the card says when it is due again: minutes after a wrong
answer, then days, growing while the learner gets it right. An item whose card is
:attr:`~tutorial.review_schedule.Schedule.learnt` leaves the review (the item is marked
done). Answers given here never change the lesson's own answers, tries or stars.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tutorial import review_schedule as rs
from tutorial.jsonvalue import JsonObject
from tutorial.lessons.model import Course, Lesson, Question, Step, YourDecision, YourMove
from tutorial.mastery import missed, move_missed
from tutorial.progress import Item, ProgressStore, move_item, question_item
from tutorial.store.replay import replay, replayable

COUNTER = "review/counter"
"""Every review answer, counted (kept from schema 2; the schedule no longer reads it)."""


@dataclass
class Box:
    """An item's review record: its answers here and its FSRS card (the name is schema 2's,
    when it was a Leitner box)."""

    attempts: int = 0
    correct: int = 0
    card: rs.Schedule = field(default_factory=rs.Schedule)
    leitner: dict[str, int] | None = None
    """The Leitner box and due counter of schema 2, kept as history by the migration."""

    def to_json(self) -> JsonObject:
        out: JsonObject = {
            "attempts": self.attempts,
            "correct": self.correct,
            "card": self.card.to_json(),
        }
        if self.leitner is not None:
            out["leitner"] = self.leitner
        return out


def item(lesson_id: str, question_id: str) -> str:
    """The review record of a question, or of a "your move" (``question_id`` from
    :func:`move_id`)."""
    return f"review/{lesson_id}/{question_id}"


def move_id(step_id: str, at: str) -> str:
    """A "your move" moment's id in the review: ``move/<step>/<moment>``."""
    return f"move/{step_id}/{at}"


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _box(value: Any) -> Box:
    """The record saved as ``value``; a value of schema 2 (a Leitner box not migrated yet)
    reads as the card its box becomes; nothing saved reads as an item just missed."""
    if not isinstance(value, dict):
        return Box()
    b = Box(_count(value.get("attempts")), _count(value.get("correct")))
    card = rs.Schedule.from_json(value.get("card"))
    if card is None and "box" in value:
        card = rs.from_leitner(
            _count(value.get("box")), attempts=b.attempts, correct=b.correct, item=True, last=0
        )
    b.card = card or rs.Schedule()
    old = value.get("leitner")
    if isinstance(old, dict):
        b.leitner = {k: _count(v) for k, v in old.items() if isinstance(k, str)}
    return b


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

    def is_due(self, at: float) -> bool:
        return self.box.card.is_due(at)


def queue(course: Course, items: Mapping[str, Item], at: float) -> list[Due]:
    """Every missed question (and "your move") not learnt yet, the next one first: the ones
    due at ``at`` first, the weaker (lower stability) before the stronger, then in course
    order; then the others, the one due soonest first."""
    out: list[tuple[tuple[float, float, int], Due]] = []
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
            if (raw is not None and raw.done) or b.card.learnt:
                continue
            wait = b.card.wait(at)
            key = (wait, b.card.strength if wait == 0 else 0.0, order)
            out.append((key, Due(lesson, d.question, b, d.step, d.move)))
    out.sort(key=lambda x: x[0])
    return [d for _, d in out]


def due_now(entries: list[Due], at: float) -> list[Due]:
    return [d for d in entries if d.is_due(at)]


def record(
    store: ProgressStore,
    learner: str,
    lesson_id: str,
    question_id: str,
    right: bool,
    *,
    helped: bool = False,
    at: float | None = None,
) -> Box:
    """Count one review answer (a question's, or a move's: ``question_id`` = :attr:`Due.id`)
    given at ``at`` (default now; ``helped``: a hint was shown first): one atomic
    read-modify-write of the record and the counter."""
    key = item(lesson_id, question_id)
    when = rs.now() if at is None else at
    change = replay(count_review, key=key, right=right, helped=helped, when=when)
    saved = store.update(learner, (key, COUNTER), change)
    return _box(saved[key].value)


@replayable
def count_review(
    cur: dict[str, Item], *, key: str, right: bool, helped: bool, when: float
) -> dict[str, tuple[Any, bool]]:
    """One review answer more in the record ``key``, given at ``when`` (see :func:`record`;
    replayable: a spooled answer is counted against what is saved when it is drained)."""
    c = cur.get(COUNTER)
    counter = c.value if c is not None and isinstance(c.value, int) else 0
    b = _box(cur[key].value) if key in cur else Box()
    if b.card.new:  # the first review: the miss in the lesson came before it
        b.card = rs.missed(when)
    b.attempts += 1
    if right:
        b.correct += 1
    b.card = rs.review(b.card, rs.rating(right, helped=helped), when)
    return {key: (b.to_json(), b.card.learnt), COUNTER: (counter + 1, False)}


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
