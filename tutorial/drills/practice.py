"""Accuracy, streaks and spaced repetition per drill kind and difficulty.

Each (kind, difficulty) is a *concept* with one FSRS card (:mod:`tutorial.review_schedule`):
a right answer is rated Good, a wrong one Again, so a concept missed comes back within
minutes and one known comes back after days. Stats are saved with the learner's progress
(item ``drill/<kind>/<difficulty>``); ``drill/counter`` counts every answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tutorial import review_schedule as rs
from tutorial.drills.kinds import DIFFICULTIES, KINDS
from tutorial.jsonvalue import JsonObject
from tutorial.progress import Item, ProgressStore
from tutorial.store.replay import replay, replayable

COUNTER = "drill/counter"


@dataclass
class Stats:
    attempts: int = 0
    correct: int = 0
    streak: int = 0
    card: rs.Schedule = field(default_factory=rs.Schedule)
    leitner: dict[str, int] | None = None
    """The Leitner box and due counter of schema 2, kept as history by the migration."""

    @property
    def accuracy(self) -> float:
        return self.correct / self.attempts if self.attempts else 0.0

    def to_json(self) -> JsonObject:
        out: JsonObject = {
            "attempts": self.attempts,
            "correct": self.correct,
            "streak": self.streak,
            "card": self.card.to_json(),
        }
        if self.leitner is not None:
            out["leitner"] = self.leitner
        return out


def item(kind: str, difficulty: int) -> str:
    return f"drill/{kind}/{difficulty}"


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def parse(value: Any) -> Stats:
    """The stats saved as ``value`` (anything invalid reads as nothing practised). A value
    of schema 2 (a Leitner box, not migrated yet) reads as the card its box becomes."""
    if not isinstance(value, dict):
        return Stats()
    s = Stats(_count(value.get("attempts")), _count(value.get("correct")))
    s.streak = _count(value.get("streak"))
    card = rs.Schedule.from_json(value.get("card"))
    if card is None and "box" in value:
        card = rs.from_leitner(
            _count(value.get("box")), attempts=s.attempts, correct=s.correct, item=False, last=0
        )
    s.card = card or rs.Schedule()
    old = value.get("leitner")
    if isinstance(old, dict):
        s.leitner = {k: _count(v) for k, v in old.items() if isinstance(k, str)}
    return s


def load(store: ProgressStore, learner: str) -> tuple[int, dict[tuple[str, int], Stats]]:
    items = store.items(learner, "drill/")
    counter_item = items.get(COUNTER)
    counter = int(counter_item.value) if counter_item and isinstance(counter_item.value, int) else 0
    stats = {}
    for k in KINDS:
        for d in DIFFICULTIES:
            raw = items.get(item(k, d))
            stats[(k, d)] = parse(raw.value) if raw else Stats()
    return counter, stats


def record(
    store: ProgressStore,
    learner: str,
    kind: str,
    difficulty: int,
    right: bool,
    *,
    at: float | None = None,
) -> Stats:
    """Count one answer, given at ``at`` (default now). One atomic read-modify-write of the
    stats and the counter, so two answers arriving together are both counted; a write kept
    to retry later is reviewed at the time of the answer, not of the retry."""
    key = item(kind, difficulty)
    when = rs.now() if at is None else at
    change = replay(count_answer, key=key, right=right, when=when)
    saved = store.update(learner, (key, COUNTER), change)
    return parse(saved[key].value)


@replayable
def count_answer(
    cur: dict[str, Item], *, key: str, right: bool, when: float
) -> dict[str, tuple[Any, bool]]:
    """One answer more in the stats ``key``, given at ``when`` (see :func:`record`;
    replayable: a spooled answer is counted against what is saved when it is drained)."""
    c = cur.get(COUNTER)
    counter = c.value if c is not None and isinstance(c.value, int) else 0
    s = parse(cur[key].value) if key in cur else Stats()
    s.attempts += 1
    if right:
        s.correct += 1
        s.streak += 1
    else:
        s.streak = 0
    s.card = rs.review(s.card, rs.rating(right), when)
    return {key: (s.to_json(), right), COUNTER: (counter + 1, False)}


def due(stats: dict[tuple[str, int], Stats], at: float) -> list[tuple[str, int]]:
    """The concepts practised before that are due again at ``at``."""
    return [kd for kd, s in stats.items() if s.attempts and s.card.is_due(at)]


MAX_GAP = 2 * len(KINDS)
"""In "Mixed" practice every kind comes back within this many puzzles, however the learner
answers (or skips)."""
HISTORY = MAX_GAP
"""How many recent picks the caller keeps for :func:`next_up`."""


def next_up(
    stats: dict[tuple[str, int], Stats],
    allowed: list[tuple[str, int]],
    recent: Sequence[str] = (),
    *,
    at: float,
) -> tuple[str, int]:
    """The next (kind, difficulty) among ``allowed`` at time ``at``. ``recent`` are the
    kinds picked last (oldest first). A kind not picked for ``MAX_GAP - len(allowed)``
    puzzles comes back first, the longest-absent first, so every kind returns within
    ``MAX_GAP`` puzzles. Otherwise the due ones come first (one never practised counts as
    due now), the weaker concept (lower FSRS stability) before the stronger, then the least
    recently picked; when none is due, the one due soonest."""

    def absent(kd: tuple[str, int]) -> int:
        """Puzzles since ``kd``'s kind was last picked (all of ``recent`` if never)."""
        for age, kind in enumerate(reversed(recent)):
            if kind == kd[0]:
                return age
        return len(recent)

    overdue = [kd for kd in allowed if absent(kd) >= MAX_GAP - len(allowed)]
    if overdue:
        return max(overdue, key=lambda kd: (absent(kd), -allowed.index(kd)))
    return min(
        allowed,
        key=lambda kd: (
            stats[kd].card.wait(at) if stats[kd].attempts else 0.0,
            stats[kd].card.strength if stats[kd].attempts else 0.0,
            -absent(kd),
            allowed.index(kd),
        ),
    )
