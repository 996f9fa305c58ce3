"""What is due for review now, across the three reviews (for the home page): the lesson
mistakes (questions and "your move" moments apart), the drill concepts and the practice
table's positions, each read from its FSRS cards (:mod:`tutorial.review_schedule`)."""

from __future__ import annotations

from dataclasses import dataclass

from tutorial import mistakes
from tutorial.drills import practice
from tutorial.lessons.model import Course
from tutorial.practice import retry
from tutorial.progress import ProgressStore


@dataclass(frozen=True)
class DueNow:
    questions: int
    """Missed lesson questions due now."""
    moves: int
    """Missed "your move" moments due now."""
    skills: int
    """Drill concepts (a kind at one difficulty) practised before and due again now."""
    positions: int
    """Practice-table positions due to retry now."""
    next_in: float | None
    """Seconds until the next thing not due yet falls due (None: nothing is waiting)."""

    @property
    def any(self) -> bool:
        return bool(self.questions or self.moves or self.skills or self.positions)


def due_now(course: Course, store: ProgressStore, learner: str, at: float) -> DueNow:
    items = store.items(learner, "lesson/") | store.items(learner, "review/")
    entries = mistakes.queue(course, items, at)
    due = mistakes.due_now(entries, at)
    questions = sum(1 for d in due if d.question is not None)
    _, stats = practice.load(store, learner)
    skills = practice.due(stats, at)
    positions = retry.queue(store.items(learner, retry.PREFIX), at)
    ready = retry.due_now(positions, at)
    later = [d.box.card.wait(at) for d in entries if not d.is_due(at)]
    later += [s.card.wait(at) for kd, s in stats.items() if s.attempts and kd not in skills]
    later += [r.card.wait(at) for r in positions if r not in ready]
    return DueNow(
        questions, len(due) - questions, len(skills), len(ready), min(later) if later else None
    )
