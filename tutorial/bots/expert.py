"""The ``expert`` bot: Perfect Information Monte Carlo (as GIB plays bridge).

It never sees the state: it samples worlds consistent with its observation
(:func:`~tutorial.engine.observe.sample_world`), values each action in each world and picks
the action with the best average for its side. The value of a world is the change of the
game score it brings the side, less the opponents' (a bid made counts its points, a bid set
its loss), so a card that makes the bid surely is preferred to one that only takes more
points on average.

* **Play**, once at most :data:`SOLVER_CARDS` cards are left in the hands: each sample is
  solved double-dummy (:func:`tutorial.solver.analyse.solve`, every legal card valued);
  samples are drawn until the solver has searched :data:`NODE_BUDGET` nodes (at least
  :data:`MIN_SAMPLES`, at most :data:`MAX_SAMPLES`) — node counts, not the clock, so the
  decision is the same on a fast and a slow machine.
* **Play** before that (the first trick, whose solve costs hundreds of milliseconds today):
  each legal card is played out in each sample by ``rules`` players
  (:mod:`tutorial.bots.rollout`), :data:`PLAYOUTS` playouts shared among the cards.
* **Trump**: each suit is named in each sample and the hand played out (discard, refill,
  play) by ``rules`` players.
* **Bidding**: in each sample, passing is played out (the others bid as ``rules`` bots),
  and declaring is played out for every trump suit with the others passing; each bid is
  valued by the score it would bring with the best suit, and the best call is made.
* **Discard** (the refill's own decisions): as the ``rules`` bot, because worlds cannot be
  sampled in the middle of the refill yet (``sample_world`` raises ``ResampleError``).

Deterministic for a given observation and seed: every random draw comes from the decision's
own random stream.
"""

from __future__ import annotations

import random
from collections import Counter

from tutorial.bots.knowledge import Knowledge
from tutorial.bots.rollout import playout
from tutorial.bots.rules import choose_play, decide_rules
from tutorial.bots.view import legal_actions
from tutorial.engine.actions import PASS, Action, Call, NameTrump, PlayCard
from tutorial.engine.hand import Hand
from tutorial.engine.observe import Observation, ResampleError, sample_world
from tutorial.engine.result import hand_result
from tutorial.engine.state import Phase, State
from tutorial.solver.analyse import solve
from tutorial.solver.position import Position

SOLVER_CARDS = 20
"""Solve double-dummy once at most this many cards are left in the hands."""
NODE_BUDGET = 16_000
"""Solver nodes to spend on one decision (about 0.3 s here today): samples are drawn until
it is spent, at least :data:`MIN_SAMPLES` unless twice the budget is gone."""
MIN_SAMPLES = 4
MAX_SAMPLES = 24
PLAYOUTS = 48
"""Playouts per decision of the first trick, shared among the legal cards."""
BID_SAMPLES = 8
TRUMP_SAMPLES = 10


def decide_expert(obs: Observation, rng: random.Random) -> Action:
    legal = legal_actions(obs)
    if len(legal) == 1:
        return legal[0]
    try:
        if obs.phase is Phase.BID:
            return _bid(obs, legal, rng)
        if obs.phase is Phase.TRUMP:
            return _trump(obs, rng)
        if obs.phase is Phase.PLAY:
            plays = [a for a in legal if isinstance(a, PlayCard)]
            if sum(obs.hand_sizes) <= SOLVER_CARDS:
                return _solved(obs, plays, rng)
            return _played_out(obs, plays, rng)
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
def _solved(obs: Observation, plays: list[PlayCard], rng: random.Random) -> Action:
    side = obs.seat & 1
    bidder_side, bid = _contract(obs)
    tops = {a.card for a in plays}
    total: Counter[int] = Counter()
    beneath: dict[int, Counter[tuple[int, ...]]] = {c: Counter() for c in tops}
    nodes = 0
    n = 0
    while n < MAX_SAMPLES and nodes < 2 * NODE_BUDGET and (n < MIN_SAMPLES or nodes < NODE_BUDGET):
        world = sample_world(obs, rng)
        analysis = solve(Position.from_hand(Hand.of(world)))
        nodes += analysis.nodes
        n += 1
        for av in analysis.actions:
            if av.card in tops:
                total[av.card] += utility(side, bidder_side, bid, av.value)
                beneath[av.card][tuple(sorted(av.beneath))] += 1
    return _best(obs, plays, total, beneath)


def _played_out(obs: Observation, plays: list[PlayCard], rng: random.Random) -> Action:
    side = obs.seat & 1
    k = Knowledge.of(obs)
    candidates: dict[int, PlayCard] = {}
    for card in sorted({a.card for a in plays}):
        # the rules bot's choice of the cards beneath a pile for this top card
        candidates[card] = choose_play(k, [a for a in plays if a.card == card])
    samples = max(MIN_SAMPLES, PLAYOUTS // len(candidates))
    total: Counter[int] = Counter()
    for _ in range(samples):
        world = sample_world(obs, rng)
        for card, action in candidates.items():
            trial = world.copy()
            trial.apply(action)
            total[card] += _outcome(playout(trial, rng), side)
    return _best(obs, list(candidates.values()), total, None)


def _best(
    obs: Observation,
    plays: list[PlayCard],
    total: Counter[int],
    beneath: dict[int, Counter[tuple[int, ...]]] | None,
) -> Action:
    k = Knowledge.of(obs)
    preferred = choose_play(k, plays)  # ties go to the rules bot's card

    def key(a: PlayCard) -> tuple[int, bool, int]:
        return (total[a.card], a.card == preferred.card, -a.card)

    card = max(plays, key=key).card
    options = [a for a in plays if a.card == card]
    if beneath and len(options) > 1:
        for under, _count in beneath[card].most_common():
            for a in options:
                if tuple(sorted(a.beneath)) == under:
                    return a
    if card == preferred.card:
        return preferred
    return choose_play(k, options)


# -- trump and bidding --------------------------------------------------------------------
def _trump(obs: Observation, rng: random.Random) -> Action:
    side = obs.seat & 1
    total = [0, 0, 0, 0]
    for _ in range(TRUMP_SAMPLES):
        world = sample_world(obs, rng)
        for t in range(4):
            trial = world.copy()
            trial.apply(NameTrump(t))
            total[t] += _outcome(playout(trial, rng), side)
    return NameTrump(max(range(4), key=lambda t: (total[t], -t)))


def _bid(obs: Observation, legal: list[Action], rng: random.Random) -> Action:
    side = obs.seat & 1
    bids = [a for a in legal if isinstance(a, Call) and a.value is not None]
    can_pass = PASS in legal
    pass_total = 0
    points: list[list[tuple[int, int]]] = [[], [], [], []]  # per trump, per sample
    for _ in range(BID_SAMPLES):
        world = sample_world(obs, rng)
        if can_pass:
            trial = world.copy()
            trial.apply(PASS)
            pass_total += _outcome(playout(trial, rng), side)
        declared = world.copy()
        declared.apply(bids[0])
        while declared.phase is Phase.BID:
            declared.apply(PASS)
        for t in range(4):
            trial = declared.copy()
            trial.apply(NameTrump(t))
            points[t].append(hand_result(playout(trial, rng)).points)
    best_t = max(range(4), key=lambda t: (sum(p[side] for p in points[t]), -t))
    best: tuple[float, Action] = (pass_total / BID_SAMPLES, PASS) if can_pass else (-1e9, bids[0])
    for a in bids:
        assert a.value is not None
        value = sum(utility(side, side, a.value, p) for p in points[best_t]) / BID_SAMPLES
        if value > best[0]:
            best = (value, a)
    return best[1]
