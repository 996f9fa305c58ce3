"""The ``expert`` bot: Perfect Information Monte Carlo (as GIB plays bridge).

It never sees the state: it samples worlds consistent with its observation
(:func:`~tutorial.engine.worlds.sample_world`), values each action in each world and picks
the action with the best average for its side. The value of a world is the change of the
game score it brings the side, less the opponents' (a bid made counts its points, a bid set
its loss), so a card that makes the bid surely is preferred to one that only takes more
points on average — and where the hand ends the game (the observation's game score:
bidder goes out, the target), winning or losing the game, whatever the points
(:func:`tutorial.bots.stakes.value`).

* **Play**, every trick: each sample is solved double-dummy
  (:func:`tutorial.solver.analyse.solve`, every legal card valued, one
  :class:`~tutorial.solver.search.Search` shared by the samples of a decision); samples
  are drawn until the solver has searched a node budget (:data:`NODE_BUDGET` from the
  second trick, :data:`OPENING_BUDGET` in the first, whose solves are dearer) — node
  counts, not the clock, so the decision is the same on a fast and a slow machine. Twice
  the budget is a hard limit that stops a solve in the middle (one no-draw opening world
  can cost millions of nodes): a solve stopped early gives proven bounds of each card
  (:class:`~tutorial.solver.analyse.Analysis`), used only when no sample was solved whole
  (each card then valued at the points its side is sure of).
  A deadline (:data:`DEADLINE_MS`, the clock) is the safety net over it: the decision is
  deterministic as long as the node limit, not the deadline, stops it. Ties go to the
  ``rules`` bot's card.
* **Bidding and trump** (:data:`SIMULATE_CALLS`): by simulation over sampled worlds
  (:mod:`tutorial.bots.simbid`): each candidate call (the ``rules`` bot's, one above, one
  below, pass) or suit is played out — discard, refill and play — by ``rules`` players in
  the same worlds, fitted to the earlier calls, and the ``rules`` bot's choice stands unless
  another is significantly better over those worlds. Choosing the call outright from 8–16
  sampled playouts (the session-3 expert) overbid on noise and lost.
* **Discard** (the refill's own decisions): as the ``rules`` bot.

Deterministic for a given observation and seed: every random draw comes from the decision's
own random stream.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from tutorial.bots.knowledge import Knowledge
from tutorial.bots.rules import choose_play, decide_rules
from tutorial.bots.simbid import simulated_call, simulated_trump
from tutorial.bots.stakes import value
from tutorial.bots.view import legal_actions
from tutorial.engine.actions import Action, PlayCard
from tutorial.engine.hand import Hand
from tutorial.engine.observe import Observation
from tutorial.engine.profiles import get_profile
from tutorial.engine.state import Phase
from tutorial.engine.worlds import ResampleError, sample_world
from tutorial.solver.analyse import Analysis, solve
from tutorial.solver.limits import Limit
from tutorial.solver.native import new_search
from tutorial.solver.position import Position

if TYPE_CHECKING:
    from tutorial.solver.search import Search

SOLVER_CARDS = 20
"""From this many cards left in the hands (the second trick) the :data:`NODE_BUDGET`
applies; before it, the :data:`OPENING_BUDGET`."""
NODE_BUDGET = 16_000
"""Solver nodes to spend on one decision from the second trick: samples are drawn until it
is spent, at least :data:`MIN_SAMPLES` unless twice the budget is gone."""
MIN_SAMPLES = 4
MAX_SAMPLES = 24
OPENING_BUDGET = 20_000
"""The same for a decision of the first trick (a solve there costs a few thousand nodes)."""
OPENING_MIN = 2
OPENING_MAX = 12
DEADLINE_MS = 2000.0
"""Wall-clock milliseconds one play decision may search: past it, the best answer found so
far (the safety net; the node budget decides as long as it is reached first)."""
SIMULATE_CALLS = True
"""Calls and trump by simulation (:mod:`tutorial.bots.simbid`); False: the ``rules`` bot's
(``benchmarks/bench_bidding.py`` measures the one against the other: +0.18 a hand, 95%
interval −0.26 … +0.62, over 283 duplicate deals against ``rules``; NOTES, "Session 5 —
bots")."""


def decide_expert(
    obs: Observation,
    rng: random.Random,
    max_nodes: int | None = None,
    max_ms: float | None = DEADLINE_MS,
) -> Action:
    """The expert's action. ``max_nodes`` caps the solver nodes of a play decision (default
    twice its phase's budget), ``max_ms`` its wall-clock time (None: no deadline)."""
    return expert_play(obs, rng, max_nodes, max_ms).action


class Decision:
    """An expert decision and what it cost (``nodes`` 0 and ``samples`` 0 off the solver)."""

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


def expert_play(
    obs: Observation,
    rng: random.Random,
    max_nodes: int | None = None,
    max_ms: float | None = DEADLINE_MS,
) -> Decision:
    """:func:`decide_expert` with what the decision cost (benchmarks, tests)."""
    deadline = Limit.of(max_ms=max_ms)
    legal = legal_actions(obs)
    if len(legal) == 1:
        return Decision(legal[0])
    try:
        if obs.phase is Phase.BID and SIMULATE_CALLS:
            return Decision(simulated_call(obs, legal, rng))
        if obs.phase is Phase.TRUMP and SIMULATE_CALLS:
            return Decision(simulated_trump(obs, rng))
        if obs.phase is Phase.PLAY:
            plays = [a for a in legal if isinstance(a, PlayCard)]
            if sum(obs.hand_sizes) <= SOLVER_CARDS:
                budget, least, most = NODE_BUDGET, MIN_SAMPLES, MAX_SAMPLES
            else:
                budget, least, most = OPENING_BUDGET, OPENING_MIN, OPENING_MAX
            cap = 2 * budget if max_nodes is None else max_nodes
            return _solved(obs, plays, rng, min(budget, cap), cap, least, most, deadline)
    except ResampleError:
        pass  # no consistent world found: play as the rules bot does
    return Decision(decide_rules(obs, rng))


def _contract(obs: Observation) -> tuple[int, int]:
    """(bidder's side, bid)."""
    seat, bid = -1, -1
    for s, v in obs.calls:
        if v is not None and v > bid:
            seat, bid = s, v
    return seat & 1, bid


# -- play ---------------------------------------------------------------------------------
def _solved(
    obs: Observation,
    plays: list[PlayCard],
    rng: random.Random,
    budget: int,
    cap: int,
    min_samples: int,
    max_samples: int,
    deadline: Limit,
) -> Decision:
    """Solve sampled worlds double-dummy until ``budget`` solver nodes are spent (at least
    ``min_samples`` unless ``cap`` nodes are; a solve stops at ``cap`` or at the deadline);
    every legal card's value is summed over the samples solved whole, or, if the first
    sample's solve was stopped, is that of the points its side is sure of there (so with
    nothing proven yet, every card ties and the ``rules`` bot's card is played)."""
    side = obs.seat & 1
    bidder_side, bid = _contract(obs)
    profile = get_profile(obs.profile)
    tops = {a.card for a in plays}
    total: dict[int, float] = dict.fromkeys(tops, 0.0)
    beneath: dict[int, Counter[tuple[int, ...]]] = {c: Counter() for c in tops}
    search: Search | None = None
    nodes = 0
    n = 0
    stopped = ""
    while n < max_samples and nodes < cap and (n < min_samples or nodes < budget):
        pos = Position.from_hand(Hand.of(sample_world(obs, rng)))
        if search is None:
            search = new_search(pos)  # kept across the samples: bind() keeps or clears its table
        analysis: Analysis = solve(pos, search, deadline.with_nodes(cap - nodes))
        nodes += analysis.nodes
        if not analysis.complete:
            stopped = analysis.stopped
            if n:
                break  # worlds solved whole are not mixed with a world's bounds
        n += 1
        whole = sum(analysis.value)
        for av in analysis.actions:
            if av.card in tops:
                pts = av.value if analysis.complete else _sure(av.bounds, side, whole)
                total[av.card] += value(profile, obs.score, side, bidder_side, bid, pts)
                beneath[av.card][tuple(sorted(av.beneath))] += 1
        if stopped:
            break
    return Decision(_best(obs, plays, total, beneath), nodes, n, stopped)


def _sure(bounds: tuple[int, int], side: int, whole: int) -> tuple[int, int]:
    """The points (AC, BD) of the bound ``side`` is sure of (its worst case so far)."""
    ac = bounds[0] if side == 0 else bounds[1]
    return ac, whole - ac


def _best(
    obs: Observation,
    plays: list[PlayCard],
    total: dict[int, float],
    beneath: dict[int, Counter[tuple[int, ...]]],
) -> Action:
    k = Knowledge.of(obs)
    preferred = choose_play(k, plays)  # ties go to the rules bot's card

    def key(a: PlayCard) -> tuple[float, bool, int]:
        return (total[a.card], a.card == preferred.card, -a.card)

    card = max(plays, key=key).card
    options = [a for a in plays if a.card == card]
    if len(options) > 1:
        for under, _count in beneath[card].most_common():
            for a in options:
                if tuple(sorted(a.beneath)) == under:
                    return a
    if card == preferred.card:
        return preferred
    return choose_play(k, options)
