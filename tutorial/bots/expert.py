"""The ``expert`` bot: Perfect Information Monte Carlo (as GIB plays bridge).

It never sees the state: it samples worlds consistent with its observation
(:func:`~tutorial.engine.observe.sample_world`), values each action in each world and picks
the action with the best average for its side. The value of a world is the change of the
game score it brings the side, less the opponents' (a bid made counts its points, a bid set
its loss), so a card that makes the bid surely is preferred to one that only takes more
points on average.

* **Play**, every trick: each sample is solved double-dummy
  (:func:`tutorial.solver.analyse.solve`, every legal card valued, one
  :class:`~tutorial.solver.search.Search` shared by the samples of a decision); samples
  are drawn until the solver has searched a node budget (:data:`NODE_BUDGET` from the
  second trick, :data:`OPENING_BUDGET` in the first, whose solves are dearer) — node
  counts, not the clock, so the decision is the same on a fast and a slow machine. Ties go
  to the ``rules`` bot's card.
* **Bidding**: the ``rules`` bot's call. With :data:`BID_SAMPLES` > 0 (off: measured no
  better, NOTES "Session 4 — bots") a call is checked by sampling: in each of
  :data:`BID_SAMPLES` worlds every call is played out by ``rules`` players (the others
  answering as ``rules`` bots; if the seat stays the high bidder, with the suit it would
  name), and a call replaces the rules bot's only if it gains more than :data:`BID_Z`
  standard errors over the same worlds. Those worlds are drawn so that every earlier
  caller, played as a ``rules`` bot, would have called as it did (what its call says about
  its hand); without that a partner's pass was taken for an average hand. Choosing the call
  outright by 8–16 sampled playouts (the session-3 expert) overbid on noise and lost.
* **Trump**: the suit the ``rules`` bot names (the best estimate of the hand's points;
  choosing it over a few playouts per suit was noisier and lost).
* **Discard** (the refill's own decisions): as the ``rules`` bot.

Deterministic for a given observation and seed: every random draw comes from the decision's
own random stream.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter

from tutorial.bots.knowledge import Knowledge
from tutorial.bots.rollout import playout, rules_action
from tutorial.bots.rules import call_for, choose_play, decide_rules
from tutorial.bots.view import legal_actions
from tutorial.engine.actions import PASS, Action, Call, PlayCard
from tutorial.engine.hand import Hand
from tutorial.engine.observe import Observation, ResampleError, sample_world
from tutorial.engine.profiles import Profile, get_profile
from tutorial.engine.result import hand_result
from tutorial.engine.state import Phase, State
from tutorial.solver.analyse import solve
from tutorial.solver.position import Position
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
BID_SAMPLES = 0
"""Worlds sampled to check a call (0: the rules bot's call, unchecked)."""
BID_Z = 1.5
"""Standard errors by which a call must beat the rules bot's call, over the same worlds,
to be made instead."""
BID_TRIES = 40
"""Worlds drawn at most for one bidding sample until the earlier calls fit."""
BID_SLACK = 1
"""How far (in bid points) a ``rules`` bot's bid may be from an earlier caller's bid for
the world to fit."""


def decide_expert(obs: Observation, rng: random.Random) -> Action:
    legal = legal_actions(obs)
    if len(legal) == 1:
        return legal[0]
    try:
        if obs.phase is Phase.BID and BID_SAMPLES:
            return _bid(obs, legal, rng)
        if obs.phase is Phase.PLAY:
            plays = [a for a in legal if isinstance(a, PlayCard)]
            if sum(obs.hand_sizes) <= SOLVER_CARDS:
                return _solved(obs, plays, rng, NODE_BUDGET, MIN_SAMPLES, MAX_SAMPLES)
            return _solved(obs, plays, rng, OPENING_BUDGET, OPENING_MIN, OPENING_MAX)
    except ResampleError:
        pass  # no consistent world found: play as the rules bot does
    return decide_rules(obs, rng)


def utility(side: int, bidder_side: int, bid: int, points: tuple[int, int]) -> int:
    """The side's change of score less the opponents' (a set bid counts its loss)."""
    delta = [points[0], points[1]]
    if points[bidder_side] < bid:
        delta[bidder_side] = -bid
    return delta[side] - delta[1 - side]


def _contract(obs: Observation) -> tuple[int, int]:
    """(bidder's side, bid)."""
    seat, bid = -1, -1
    for s, v in obs.calls:
        if v is not None and v > bid:
            seat, bid = s, v
    return seat & 1, bid


def _outcome(state: State, side: int) -> int:
    r = hand_result(state)
    if r.thrown_in or r.bidder is None or r.bid is None:
        return 0
    return utility(side, r.bidder & 1, r.bid, r.points)


# -- play ---------------------------------------------------------------------------------
def _solved(
    obs: Observation,
    plays: list[PlayCard],
    rng: random.Random,
    budget: int,
    min_samples: int,
    max_samples: int,
) -> Action:
    """Solve sampled worlds double-dummy until ``budget`` solver nodes are spent; every
    legal card's value is summed over the samples."""
    side = obs.seat & 1
    bidder_side, bid = _contract(obs)
    tops = {a.card for a in plays}
    total: Counter[int] = Counter()
    beneath: dict[int, Counter[tuple[int, ...]]] = {c: Counter() for c in tops}
    search: Search | None = None
    nodes = 0
    n = 0
    while n < max_samples and nodes < 2 * budget and (n < min_samples or nodes < budget):
        pos = Position.from_hand(Hand.of(sample_world(obs, rng)))
        if search is None:
            search = Search(pos)  # kept across the samples: bind() keeps or clears its table
        analysis = solve(pos, search)
        nodes += analysis.nodes
        n += 1
        for av in analysis.actions:
            if av.card in tops:
                total[av.card] += utility(side, bidder_side, bid, av.value)
                beneath[av.card][tuple(sorted(av.beneath))] += 1
    return _best(obs, plays, total, beneath)


def _best(
    obs: Observation,
    plays: list[PlayCard],
    total: Counter[int],
    beneath: dict[int, Counter[tuple[int, ...]]],
) -> Action:
    k = Knowledge.of(obs)
    preferred = choose_play(k, plays)  # ties go to the rules bot's card

    def key(a: PlayCard) -> tuple[int, bool, int]:
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


# -- bidding ------------------------------------------------------------------------------
def _bid(obs: Observation, legal: list[Action], rng: random.Random) -> Action:
    side = obs.seat & 1
    p = get_profile(obs.profile)
    bids = [a for a in legal if isinstance(a, Call) and a.value is not None]
    calls: list[Action] = [*([PASS] if PASS in legal else []), *bids]
    values: list[list[int]] = [[] for _ in calls]  # per call, its value in each world
    for _ in range(BID_SAMPLES):
        world = _bid_world(p, obs, rng)
        by_contract: dict[tuple[tuple[int, int | None], ...], int] = {}
        declared: tuple[int, int] | None = None  # the points if the seat declares
        for i, call in enumerate(calls):
            trial = world.copy()
            trial.apply(call)
            while trial.phase is Phase.BID:
                trial.apply(rules_action(trial))
            if trial.phase is Phase.TRUMP and trial.to_act == obs.seat:
                assert isinstance(call, Call) and call.value is not None
                if declared is None:  # the play does not depend on the bid's value
                    declared = hand_result(playout(trial, rng)).points
                values[i].append(utility(side, side, call.value, declared))
                continue
            key = tuple(trial.calls)
            if key not in by_contract:
                by_contract[key] = _outcome(playout(trial, rng), side)
            values[i].append(by_contract[key])
    chosen = decide_rules(obs, rng)
    base = values[calls.index(chosen)]
    best_gain = 0.0
    for i, call in enumerate(calls):
        diffs = [v - w for v, w in zip(values[i], base, strict=True)]
        gain = statistics.fmean(diffs)
        spread = statistics.stdev(diffs) if len(diffs) > 1 else 0.0
        if gain - BID_Z * spread / math.sqrt(len(diffs)) > 0 and gain > best_gain:
            best_gain, chosen = gain, call
    return chosen


def _bid_world(p: Profile, obs: Observation, rng: random.Random) -> State:
    """A sampled world in which every earlier caller, played as a ``rules`` bot, would have
    called as it did (within :data:`BID_SLACK` of its bid): the first of
    :data:`BID_TRIES` samples that fits, else the last one."""
    world = sample_world(obs, rng)
    for _ in range(BID_TRIES - 1):
        if _calls_fit(p, obs, world.dealt):
            break
        world = sample_world(obs, rng)
    return world


def _calls_fit(p: Profile, obs: Observation, dealt: tuple[int, ...]) -> bool:
    calls = obs.calls
    for i, (seat, value) in enumerate(calls):
        if seat == obs.seat:
            continue
        if seat == obs.dealer and i == 3 and value == p.dealer_forced_bid:
            continue  # perhaps forced: says nothing
        model = call_for(p, seat, dealt[seat], calls[:i])
        if (model is None) != (value is None):
            return False
        if model is not None and value is not None and abs(model - value) > BID_SLACK:
            return False
    return True
