"""The evaluation's answer: frozen values with one JSON form (what crosses the worker
seam and the command line)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from tutorial.bots.evaluator.outcome import Breakdown, breakdown
from tutorial.engine.actions import Action, Call, NameTrump, parse_action
from tutorial.engine.seats import SUIT_LETTERS
from tutorial.jsonvalue import JsonObject


def json_number(x: float) -> float | None:
    """A float for JSON (None for an infinite standard error: fewer than two worlds)."""
    return None if math.isinf(x) or math.isnan(x) else round(x, 4)


def _float(x: Any) -> float:
    return math.inf if x is None else float(x)


@dataclass(frozen=True, slots=True)
class Option:
    """One option of the decision, priced over the evaluation's worlds."""

    action: Action
    value: float
    """Mean of the objective over the worlds (points of the game score, ours − theirs;
    where the hand can end the game, a win counts GAME_WON)."""
    se: float
    """Standard error of ``value``."""
    cost: float
    """The best option's value minus this one's (≥ 0)."""
    cost_se: float
    """Standard error of the per-world differences to the best option (paired)."""
    best: bool
    """Within the noise of the best (not significantly worse): one of the best."""
    equivalent: bool
    """Proven as good as the best (the difference's upper bound is negligible)."""
    breakdown: Breakdown

    def to_json(self) -> JsonObject:
        return {
            "action": str(self.action),
            "value": round(self.value, 4),
            "se": json_number(self.se),
            "cost": round(self.cost, 4),
            "cost_se": json_number(self.cost_se),
            "best": self.best,
            "equivalent": self.equivalent,
            "breakdown": self.breakdown.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Option:
        return cls(
            parse_action(str(data["action"])),
            float(data["value"]),
            _float(data["se"]),
            float(data["cost"]),
            _float(data["cost_se"]),
            bool(data["best"]),
            bool(data["equivalent"]),
            Breakdown.from_json(data["breakdown"]),
        )


@dataclass(frozen=True, slots=True)
class SuitOutlook:
    """Where the seat can hold the contract: the points each side takes with this trump."""

    suit: int
    ours: float
    theirs: float
    distribution: tuple[tuple[int, float], ...]
    """Our side's points → share of those worlds."""

    @classmethod
    def of(cls, suit: int, points: list[tuple[int, int]]) -> SuitOutlook:
        n = len(points) or 1
        dist: dict[int, float] = {}
        for ours, _ in points:
            dist[ours] = dist.get(ours, 0.0) + 1.0 / n
        return cls(
            suit,
            sum(p[0] for p in points) / n,
            sum(p[1] for p in points) / n,
            tuple(sorted(dist.items())),
        )

    def to_json(self) -> JsonObject:
        return {
            "suit": SUIT_LETTERS[self.suit],
            "ours": round(self.ours, 4),
            "theirs": round(self.theirs, 4),
            "distribution": {str(k): round(v, 4) for k, v in self.distribution},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SuitOutlook:
        return cls(
            SUIT_LETTERS.index(str(data["suit"])),
            float(data["ours"]),
            float(data["theirs"]),
            tuple((int(k), float(v)) for k, v in dict(data["distribution"]).items()),
        )


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Every option of one decision point, best first, over the same worlds."""

    seat: int
    kind: str
    """call, trump, keep, dealer_keep, card or pile."""
    objective: str
    """``score`` (points of the game score) or ``game`` (this hand can end the game)."""
    choice: Action
    """The expert's action: the ``rules`` bot's where it is one of the best (for a card:
    exactly as good on average), else the best."""
    options: tuple[Option, ...]
    """Best (highest value) first."""
    worlds: int
    resolved: bool
    """Sampling stopped because every option was separated from the best or proven as good
    (False: the budget was spent first)."""
    budget: str
    suits: tuple[SuitOutlook, ...] = ()
    """For a call: each trump suit's outlook where the seat holds the contract."""
    suit_for: tuple[tuple[Action, int], ...] = ()
    """For a call: each bid → the suit the seat would name holding it."""
    nodes: int = 0
    """Solver nodes searched (cards)."""
    stopped: str = ""
    """For a card: ``nodes`` or ``time`` if a limit stopped a solve (then not resolved)."""

    @classmethod
    def forced(cls, seat: int, kind: str, goal: str, action: Action, budget: str) -> Evaluation:
        only = Option(action, 0.0, 0.0, 0.0, 0.0, True, True, breakdown([]))
        return cls(seat, kind, goal, action, (only,), 0, True, budget)

    @classmethod
    def unsampled(
        cls,
        seat: int,
        kind: str,
        goal: str,
        action: Action,
        legal: tuple[Action, ...],
        budget: str,
    ) -> Evaluation:
        """No world consistent with the observation was found: nothing is priced, every
        option is taken as one of the best and the choice is the ``rules`` bot's."""
        empty = breakdown([])
        options = tuple(
            Option(a, 0.0, math.inf, 0.0, math.inf, True, False, empty)
            for a in sorted(legal, key=lambda a: a != action)
        )
        return cls(seat, kind, goal, action, options, 0, False, budget)

    # -- reading ------------------------------------------------------------------------------
    @property
    def top(self) -> Option:
        return self.options[0]

    def option(self, action: Action) -> Option | None:
        for o in self.options:
            if o.action == action:
                return o
        return None

    @property
    def best_set(self) -> tuple[Action, ...]:
        return tuple(o.action for o in self.options if o.best)

    @property
    def close(self) -> tuple[Action, ...]:
        """The other options within the noise of the choice but not proven as good: a close
        call between them (empty when the choice is clearly best)."""
        return tuple(
            o.action
            for o in self.options
            if o.best and not o.equivalent and o.action != self.choice
        )

    def is_forced(self) -> bool:
        return len(self.options) == 1

    def suit_of(self, action: Action) -> int | None:
        for a, s in self.suit_for:
            if a == action:
                return s
        return None

    # -- JSON -----------------------------------------------------------------------------------
    def to_json(self) -> JsonObject:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "objective": self.objective,
            "choice": str(self.choice),
            "options": [o.to_json() for o in self.options],
            "worlds": self.worlds,
            "resolved": self.resolved,
            "budget": self.budget,
            "best": [str(a) for a in self.best_set],
            "close": [str(a) for a in self.close],
            "suits": [s.to_json() for s in self.suits],
            "suit_for": [{"action": str(a), "suit": SUIT_LETTERS[s]} for a, s in self.suit_for],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Evaluation:
        return cls(
            int(data["seat"]),
            str(data["kind"]),
            str(data["objective"]),
            parse_action(str(data["choice"])),
            tuple(Option.from_json(o) for o in data["options"]),
            int(data["worlds"]),
            bool(data["resolved"]),
            str(data["budget"]),
            tuple(SuitOutlook.from_json(s) for s in data.get("suits", [])),
            tuple(
                (parse_action(str(x["action"])), SUIT_LETTERS.index(str(x["suit"])))
                for x in data.get("suit_for", [])
            ),
            int(data.get("nodes", 0)),
            str(data.get("stopped", "")),
        )


__all__ = ["Call", "Evaluation", "NameTrump", "Option", "SuitOutlook"]
