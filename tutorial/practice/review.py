"""The after-hand review of the learner's decisions (run in the worker seam,
:mod:`tutorial.practice.workers`).

:func:`review_hand` replays a hand of a practice game and asks the coach
(:func:`tutorial.coach.review.review`) about every decision of the learner, with the hand's
seed and the table's budget: the same evaluations, worlds and values as the hint and the
advisor at the table. Where a hint was shown, its best set (kept with the hand record) stands
for that decision: an action in it is labelled best, even where the hint's evaluation stopped
at its deadline under load with other values than the review's. For each costly card it
also works out the better line (to replay both on the table). The answer is a
:class:`HandReview`, a frozen value with one JSON form.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutorial.coach.review import Decision, review
from tutorial.engine.actions import PlayCard, parse_action
from tutorial.engine.state import State
from tutorial.jsonvalue import JsonObject
from tutorial.practice.game import LEARNER, Game

COSTLY = ("inaccuracy", "mistake", "blunder")
"""The labels whose better line the review works out (to replay both lines on the table)."""


@dataclass(frozen=True, slots=True)
class HandReview:
    """The learner's decisions of one hand, priced, with the hand's hints and undos."""

    decisions: tuple[Decision, ...]
    undone: tuple[int, ...]
    """Indexes of the hand's actions at which the learner took a card back."""
    hints: tuple[int, ...]
    """Indexes of the hand's actions for which the learner asked for a hint."""
    lines: tuple[tuple[int, tuple[str, ...]], ...]
    """For each costly card (by its index): the better line, in the core's notation."""

    def line(self, index: int) -> tuple[str, ...] | None:
        for i, line in self.lines:
            if i == index:
                return line
        return None

    def to_json(self) -> JsonObject:
        return {
            "kind": "coach",
            "decisions": [d.to_json() for d in self.decisions],
            "undone": list(self.undone),
            "hints": list(self.hints),
            "lines": {str(i): list(line) for i, line in self.lines},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandReview:
        return cls(
            tuple(Decision.from_json(d) for d in data["decisions"]),
            tuple(int(i) for i in data["undone"]),
            tuple(int(i) for i in data["hints"]),
            tuple((int(i), tuple(str(a) for a in line)) for i, line in dict(data["lines"]).items()),
        )


def review_hand(game: Game, hand: int, seat: int = LEARNER) -> HandReview:
    """Every decision of ``seat`` (the learner's, A, at the practice table) in hand
    ``hand`` (0-based) of ``game``, priced."""
    replayed = game.replayed(hand)
    rec = game.hands[hand]
    hinted = {i: tuple(parse_action(a) for a in best) for i, best in rec.hint_best.items()}
    out = review(replayed.state, seat, seed=rec.seed, hinted=hinted)
    return HandReview(
        out.decisions,
        tuple(rec.undone),
        tuple(rec.hints),
        better_lines(replayed.state, out.decisions),
    )


def better_lines(
    final: State, decisions: tuple[Decision, ...]
) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """For each costly card of the learner (labelled inaccuracy or worse), the better line:
    the coach's better card, then everyone's double-dummy best card on the actual deal to
    the end of the hand (:func:`tutorial.coach.values.best_line`), in the core's notation."""
    from tutorial.coach.values import best_line

    out = []
    for d in decisions:
        if not isinstance(d.action, PlayCard) or d.label not in COSTLY or d.best == d.action:
            continue
        if not 0 <= d.index < len(final.history):
            continue
        before = final.restart()
        for action, _saved in final.history[: d.index]:
            before.apply(action)
        before.apply(parse_action(str(d.best)))
        end = best_line(before)
        out.append((d.index, tuple(str(a) for a, _saved in end.history[d.index :])))
    return tuple(out)
