"""The ``expert`` bot: it plays the choice of the one evaluator (:mod:`tutorial.bots.evaluator`).

It never sees the state: :func:`tutorial.bots.evaluator.evaluate` samples worlds consistent with
its observation (fitted to the earlier calls in the bidding), prices every option over the
same worlds — a card by solving each world double-dummy, a call, the choice of trump or a
keep by playing each world out with ``rules`` players — with one objective (the change of
the game score, ours less theirs; where the hand can end the game, the game), and keeps
sampling until the best is separated from the rest or the table's budget is spent. The
expert plays one of the best: the ``rules`` bot's action where the worlds cannot tell it
from the best (for a card: where it is exactly as good on average), else the best. So the
practice table's hint, which is this choice, is always one of the options the advisor and
the review call best.

**Bounded thinking** (issue 26): a card's solves share a hard node limit, the budget's
(:data:`NODE_BUDGET` from the second trick, :data:`OPENING_BUDGET` in the first, whose
solves are dearer), which stops a solve in the middle (one no-draw opening world can cost
millions of nodes); a solve stopped early gives proven bounds of each card
(:class:`~tutorial.solver.analyse.Analysis`), used only when no world was solved whole (each
card then valued at the points its side is sure of). A deadline (:data:`DEADLINE_MS`, the
clock) is the safety net over it: the decision is deterministic as long as the node limit,
not the deadline, stops it.

The evaluation's random stream is this decision's (:func:`tutorial.bots.rng_for`): the
expert is deterministic for a given observation and seed, and the hint, the advisor and the
review asked with the same seed see the same worlds.
"""

from __future__ import annotations

import random

from tutorial.bots.view import legal_actions
from tutorial.engine.actions import Action
from tutorial.engine.observe import Observation

NODE_BUDGET = 120_000
"""Solver nodes one card decision may search from the second trick (a hard limit; the
table budget's, :data:`tutorial.bots.evaluator.TABLE`)."""
OPENING_BUDGET = 200_000
"""The same in the first trick (its solves cost a few thousand nodes each)."""
DEADLINE_MS = 2000.0
"""Wall-clock milliseconds one card decision may search: past it, the best answer found so
far (the safety net; the node budget decides as long as it is reached first)."""


class Decision:
    """An expert decision and what it cost (``nodes`` 0 off the solver)."""

    __slots__ = ("action", "complete", "nodes", "samples", "stopped")

    def __init__(self, action: Action, nodes: int = 0, samples: int = 0, stopped: str = "") -> None:
        self.action = action
        self.nodes = nodes
        """Solver nodes counted by the decision's solves."""
        self.samples = samples
        """Worlds whose values were used."""
        self.stopped = stopped
        """"nodes" or "time" if a limit stopped a solve (its world was then used only if
        no world was solved whole); empty otherwise."""
        self.complete = not stopped


def decide_expert(
    obs: Observation,
    rng: random.Random,
    max_nodes: int | None = None,
    max_ms: float | None = -1.0,
) -> Action:
    """The expert's action. ``max_nodes`` caps the solver nodes of a card decision (default:
    the budget's), ``max_ms`` its wall-clock time (None: no deadline; by default the
    budget's, :data:`DEADLINE_MS` at the table's)."""
    return expert_play(obs, rng, max_nodes, max_ms).action


def expert_play(
    obs: Observation,
    rng: random.Random,
    max_nodes: int | None = None,
    max_ms: float | None = -1.0,
) -> Decision:
    """:func:`decide_expert` with what the decision cost (benchmarks, tests)."""
    legal = legal_actions(obs)
    if len(legal) == 1:
        return Decision(legal[0])
    from tutorial.bots.evaluator.core import default_budget, evaluate_stream  # it imports the bots

    ev = evaluate_stream(obs, rng, default_budget(), max_nodes=max_nodes, max_ms=max_ms)
    return Decision(ev.choice, ev.nodes, ev.worlds, ev.stopped)
