"""When each thing the learner practises comes back: one FSRS scheduler for the whole tutorial.

FSRS (the scheduler modern Anki uses; the ``fsrs`` package) keeps, per card, a *stability*
(in days: how long until the chance of remembering falls to :data:`RETENTION`) and a
*difficulty*, and schedules the next review in real time. Three pages use it, on two kinds
of card (docs/review.md):

- a **concept** is a drill kind at one difficulty (progress item ``drill/<kind>/<level>``,
  :mod:`tutorial.drills.practice`): every puzzle is new, what is remembered is the skill;
- an **item** is one fixed thing the learner got wrong: a lesson question or "your move"
  (``review/<lesson>/…``, :mod:`tutorial.mistakes`), a position of the practice table
  (``retry/<id>``, :mod:`tutorial.practice.retry`). An item starts with the miss itself,
  rated *Again* (:func:`missed`), and leaves its review once :attr:`Schedule.learnt`.

Within a sitting, "due" comes from FSRS's learning steps, in minutes: a new or forgotten
card is due again after :data:`LEARNING_STEPS` / :data:`RELEARNING_STEPS`, then it
graduates to days. The time is :func:`now` (``clock``, replaced by tests: nothing here
sleeps). A card is saved as plain data (:meth:`Schedule.to_json`) inside its progress
item's value, under ``"card"``, on either backend.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from fsrs import Card, Rating, Scheduler, State

from tutorial.jsonvalue import JsonObject

__all__ = ["Rating", "Schedule", "from_leitner", "missed", "now", "rating", "review"]

RETENTION = 0.9
"""The chance of remembering at which a card falls due (FSRS's and Anki's default)."""
LEARNING_STEPS = (timedelta(minutes=1), timedelta(minutes=10))
"""A new card comes back after 1 minute, then 10, before it is scheduled in days."""
RELEARNING_STEPS = (timedelta(minutes=10),)
"""A card forgotten (Again) after it graduated comes back after 10 minutes."""
LEARNT_DAYS = 21.0
"""An item whose stability reaches three weeks has been learnt and leaves its review (Anki
calls a card with an interval of 21 days or more *mature*)."""

SCHEDULER = Scheduler(
    desired_retention=RETENTION,
    learning_steps=LEARNING_STEPS,
    relearning_steps=RELEARNING_STEPS,
    enable_fuzzing=False,  # a learner has tens of cards, not thousands: no load to spread,
    # and the same answers at the same times give the same schedule (testable)
)

clock: Callable[[], float] = time.time
"""Seconds since the epoch; tests replace it (``monkeypatch.setattr``) to move time on."""


def now() -> float:
    return clock()


def rating(right: bool, *, helped: bool = False) -> Rating:
    """The FSRS rating of one answer (docs/review.md, "Ratings"): only the first answer of a
    review is rated. Wrong → Again (not recalled; a later try, made after the feedback, is
    not recall). Right, helped (a hint shown first, or at the practice table a good card
    that is not the best) → Hard. Right, unaided → Good. Easy is never given: nothing the
    tutorial sees tells "easy" from "good", and Easy's long gaps are the costly mistake."""
    if not right:
        return Rating.Again
    return Rating.Hard if helped else Rating.Good


def _utc(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def _num(value: object) -> float | None:
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return None


@dataclass(frozen=True)
class Schedule:
    """One FSRS card as saved: ``due`` and ``last`` in seconds since the epoch (``last``
    None: never reviewed, due at once)."""

    state: int = int(State.Learning)
    step: int | None = 0
    stability: float | None = None
    difficulty: float | None = None
    due: float = 0.0
    last: float | None = None

    @property
    def new(self) -> bool:
        return self.last is None

    def is_due(self, at: float) -> bool:
        return self.due <= at

    def wait(self, at: float) -> float:
        """Seconds until it is due (0 if it is)."""
        return max(self.due - at, 0.0)

    @property
    def strength(self) -> float:
        """Its stability in days (0 for a card never reviewed): weaker ones come first."""
        return self.stability or 0.0

    @property
    def learnt(self) -> bool:
        return (
            self.state == State.Review
            and self.stability is not None
            and self.stability >= LEARNT_DAYS
        )

    def to_json(self) -> JsonObject:
        return {
            "state": self.state,
            "step": self.step,
            "stability": self.stability,
            "difficulty": self.difficulty,
            "due": self.due,
            "last": self.last,
        }

    @classmethod
    def from_json(cls, value: object) -> Schedule | None:
        """The card saved as ``value``, or None if it is not a valid one."""
        if not isinstance(value, Mapping):
            return None
        state, step = value.get("state"), value.get("step")
        due, last = _num(value.get("due")), _num(value.get("last"))
        stability, difficulty = _num(value.get("stability")), _num(value.get("difficulty"))
        if state not in {int(s) for s in State} or due is None:
            return None
        if step is not None and not (isinstance(step, int) and not isinstance(step, bool)):
            return None
        if (stability is None) != (difficulty is None) or (stability is None) != (last is None):
            return None
        return cls(int(state), step, stability, difficulty, due, last)

    def card(self) -> Card:
        return Card(
            card_id=0,
            state=State(self.state),
            step=self.step,
            stability=self.stability,
            difficulty=self.difficulty,
            due=_utc(self.due),
            last_review=_utc(self.last) if self.last is not None else None,
        )

    @classmethod
    def of(cls, card: Card) -> Schedule:
        return cls(
            int(card.state),
            card.step,
            card.stability,
            card.difficulty,
            card.due.timestamp(),
            card.last_review.timestamp() if card.last_review is not None else None,
        )


def review(card: Schedule, grade: Rating, at: float) -> Schedule:
    """The card after one review rated ``grade`` at time ``at`` (seconds)."""
    after, _ = SCHEDULER.review_card(card.card(), grade, _utc(at))
    return Schedule.of(after)


def missed(at: float) -> Schedule:
    """The card of an item just missed (in a lesson, at the table): the miss is its first
    review, rated Again, so it is due within minutes and starts as a hard card."""
    return review(Schedule(), Rating.Again, at)


# -- from the Leitner boxes of schema 2 (docs/review.md, "From Leitner boxes") -------------
LEITNER_TOP = 4
"""The highest Leitner box there was (the drills'; the reviews stopped at 3)."""


def from_leitner(box: int, *, attempts: int, correct: int, item: bool, last: float) -> Schedule:
    """The card a Leitner box becomes. A box counts the answers right in a row since the
    last wrong one (capped at the top box), each at its spaced gap; the card is the one FSRS
    itself gives after that history, reviewed each time it fell due, ending at the time of
    the last answer (``last``, the row's time). The history: for an ``item``, its miss
    (Again), then Again if its last review answer was wrong; for a concept, one Again if
    any answer was wrong; then ``box`` times Good. A concept never answered stays new."""
    grades: list[Rating] = []
    if item:
        grades.append(Rating.Again)
    wrong_last = attempts > 0 and box == 0
    if wrong_last or (not item and attempts > correct):
        grades.append(Rating.Again)
    grades += [Rating.Good] * min(max(box, 0), LEITNER_TOP)
    if not grades:
        return Schedule(due=last)
    card, at = Schedule(), 0.0
    for grade in grades:
        card = review(card, grade, at)
        at = card.due
    shift = last - (card.last or 0.0)
    return Schedule(
        card.state,
        card.step,
        card.stability,
        card.difficulty,
        card.due + shift,
        (card.last or 0.0) + shift,
    )


_LOCALES = {"pt": "pt_PT"}  # European Portuguese


def in_words(lang: str, seconds: float) -> str:
    """How long until something is due, in the learner's language ("in 10 minutes",
    "dentro de 3 dias"); "in 1 minute" at least (due now is said by the caller)."""
    from babel.dates import format_timedelta

    return str(
        format_timedelta(
            timedelta(seconds=max(seconds, 60.0)),
            add_direction=True,
            threshold=1.0,
            locale=_LOCALES.get(lang, lang),
        )
    )
