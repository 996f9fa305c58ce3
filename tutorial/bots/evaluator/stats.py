"""Paired comparisons of options priced over the same worlds.

Every option of a decision is valued in the same worlds (and, where chance enters, with the
same chance stream per world), so two options are compared world by world: the spread of
the differences is far smaller than the spread of the values (common random numbers).

* an option's **cost** is the best mean minus its mean; its standard error ``cost_se`` is
  the standard error of the per-world differences to the best (paired);
* an option is **significantly worse** when its cost exceeds :data:`Z` standard errors
  *and* :data:`NEGLIGIBLE`; it is **as good** (proven) when even its cost plus :data:`Z`
  standard errors stays within :data:`NEGLIGIBLE`;
* the **best set** is every option not significantly worse than the best: options within
  the noise of the best are all "best";
* a decision is **resolved** when every other option is either significantly worse or
  proven as good: more worlds would not change the best set much, so sampling stops.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

Z = 2.0
"""Standard errors of the paired differences for a difference to count (about 95 %)."""
NEGLIGIBLE = 0.05
"""A difference of at most this many points is no difference (the label ``best``'s
bound, :mod:`tutorial.coach.labels`)."""

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Compared:
    """One option against the best, over the same worlds."""

    mean: float
    se: float
    """Standard error of the option's own mean."""
    cost: float
    """The best option's mean minus this one's (0 for the best)."""
    cost_se: float
    """Standard error of the per-world differences to the best (0 for the best; infinite
    with fewer than two worlds)."""

    @property
    def significant(self) -> bool:
        """The cost is both more than the noise and more than :data:`NEGLIGIBLE`."""
        return self.cost > NEGLIGIBLE and self.cost > Z * self.cost_se

    @property
    def equivalent(self) -> bool:
        """Proven as good as the best: the cost's upper bound is within :data:`NEGLIGIBLE`."""
        return self.cost + Z * self.cost_se <= NEGLIGIBLE

    @property
    def best(self) -> bool:
        return not self.significant


def mean(xs: Sequence[float]) -> float:
    return math.fsum(xs) / len(xs) if xs else 0.0


def standard_error(xs: Sequence[float]) -> float:
    """The standard error of the mean of ``xs`` (infinite with fewer than two values)."""
    n = len(xs)
    if n < 2:
        return math.inf
    m = mean(xs)
    var = math.fsum((x - m) ** 2 for x in xs) / (n - 1)
    return math.sqrt(var / n)


def ranked(values: Mapping[K, Sequence[float]], order: Sequence[K]) -> list[K]:
    """The options by mean, highest first; equal means keep the order of ``order`` (the
    preferred option first)."""
    place = {k: i for i, k in enumerate(order)}
    return sorted(values, key=lambda k: (-mean(values[k]), place.get(k, len(place))))


def compare(values: Mapping[K, Sequence[float]], order: Sequence[K]) -> dict[K, Compared]:
    """Each option against the top one (the highest mean; ties to the earlier in
    ``order``), paired world by world. Every list must have the same length."""
    keys = ranked(values, order)
    top = values[keys[0]]
    out: dict[K, Compared] = {}
    for k in keys:
        vs = values[k]
        diffs = [a - b for a, b in zip(top, vs, strict=True)]
        cost = max(0.0, mean(diffs))
        cost_se = 0.0 if k == keys[0] else standard_error(diffs)
        out[k] = Compared(mean(vs), standard_error(vs), cost, cost_se)
    return out


def resolved(compared: Mapping[K, Compared]) -> bool:
    """Every option is the best, significantly worse, or proven as good as the best."""
    return all(c.significant or c.equivalent for c in compared.values())
