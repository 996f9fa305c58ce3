"""Accuracy, streaks and spaced repetition per drill kind and difficulty.

A Leitner schedule: each (kind, difficulty) has a box 0..4. A right answer moves it up a
box, a wrong one back to box 0. After an answer it is due again after 2**box further
drills, so what the learner gets wrong comes back sooner than what they get right. Stats
are saved with the learner's progress (item ``drill/<kind>/<difficulty>``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from tutorial.drills.kinds import DIFFICULTIES, KINDS
from tutorial.progress import Item, ProgressStore

COUNTER = "drill/counter"


@dataclass
class Stats:
    attempts: int = 0
    correct: int = 0
    streak: int = 0
    box: int = 0
    due: int = 0
    """The drill counter value from which this (kind, difficulty) is due again."""

    @property
    def accuracy(self) -> float:
        return self.correct / self.attempts if self.attempts else 0.0


def item(kind: str, difficulty: int) -> str:
    return f"drill/{kind}/{difficulty}"


def load(store: ProgressStore, learner: str) -> tuple[int, dict[tuple[str, int], Stats]]:
    items = store.items(learner, "drill/")
    counter_item = items.get(COUNTER)
    counter = int(counter_item.value) if counter_item and isinstance(counter_item.value, int) else 0
    stats = {}
    for k in KINDS:
        for d in DIFFICULTIES:
            raw = items.get(item(k, d))
            stats[(k, d)] = Stats(**_fields(raw.value)) if raw else Stats()
    return counter, stats


def _fields(value: Any) -> dict[str, int]:
    if not isinstance(value, dict):
        return {}
    return {k: int(v) for k, v in value.items() if k in Stats.__dataclass_fields__}


def record(store: ProgressStore, learner: str, kind: str, difficulty: int, right: bool) -> Stats:
    """Count one answer. One atomic read-modify-write of the stats and the counter, so two
    answers arriving together are both counted."""
    key = item(kind, difficulty)

    def change(cur: dict[str, Item]) -> dict[str, tuple[Any, bool]]:
        c = cur.get(COUNTER)
        counter = c.value if c is not None and isinstance(c.value, int) else 0
        s = Stats(**_fields(cur[key].value)) if key in cur else Stats()
        s.attempts += 1
        if right:
            s.correct += 1
            s.streak += 1
            s.box = min(s.box + 1, 4)
        else:
            s.streak = 0
            s.box = 0
        counter += 1
        s.due = counter + 2**s.box
        return {key: (asdict(s), right), COUNTER: (counter, False)}

    saved = store.update(learner, (key, COUNTER), change)
    return Stats(**_fields(saved[key].value))


MAX_GAP = 2 * len(KINDS)
"""In "Mixed" practice every kind comes back within this many puzzles, however the learner
answers (or skips)."""
HISTORY = MAX_GAP
"""How many recent picks the caller keeps for :func:`next_up`."""


def next_up(
    counter: int,
    stats: dict[tuple[str, int], Stats],
    allowed: list[tuple[str, int]],
    recent: Sequence[str] = (),
) -> tuple[str, int]:
    """The next (kind, difficulty) among ``allowed``. ``recent`` are the kinds picked last
    (oldest first). A kind not picked for ``MAX_GAP - len(allowed)`` puzzles comes back
    first, the longest-absent first, so every kind returns within ``MAX_GAP`` puzzles.
    Otherwise the due ones (unseen ones count as due now) come first, the weaker concept
    (lower box) before the stronger, then the least recently picked."""

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
            max(stats[kd].due - counter, 0) if stats[kd].attempts else 0,
            stats[kd].box,
            -absent(kd),
            allowed.index(kd),
        ),
    )
