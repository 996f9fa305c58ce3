"""Schema 3: the Leitner boxes of the drills, Review my mistakes and Puzzles from my games
become FSRS cards (:mod:`tutorial.review_schedule`; the mapping and why: docs/review.md,
"From Leitner boxes").

A data migration, the same on every backend: each row under :data:`PREFIXES` whose value
still has a ``box`` gets a ``card`` (the box's history replayed through FSRS, ending at the
row's ``updated`` time: the learner's last answer); the box and its due counter stay in the
value under ``leitner``, and every other field (attempts, right answers, streak, the
position itself) is kept as it was. The row's ``updated`` and ``done`` are not touched, so
a write made later by the learner still wins over it.
"""

from __future__ import annotations

from typing import Any

from tutorial import review_schedule as rs

PREFIXES = ("drill/", "review/", "retry/")
COUNTERS = frozenset({"drill/counter", "review/counter", "retry/counter"})


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def rewrite(item: str, value: Any, updated: float) -> Any | None:
    """The value of row ``item`` at schema 3, or None to leave it as it is (not a Leitner
    record, or migrated already)."""
    if item in COUNTERS or not item.startswith(PREFIXES) or not isinstance(value, dict):
        return None
    if "box" not in value or "card" in value:
        return None
    card = rs.from_leitner(
        _count(value.get("box")),
        attempts=_count(value.get("attempts")),
        correct=_count(value.get("correct")),
        item=not item.startswith("drill/"),
        last=updated,
    )
    out = {k: v for k, v in value.items() if k not in ("box", "due")}
    out["card"] = card.to_json()
    out["leitner"] = {"box": _count(value.get("box")), "due": _count(value.get("due"))}
    return out
