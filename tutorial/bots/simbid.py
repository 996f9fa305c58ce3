"""The expert's calls and choice of trump, by simulation over sampled worlds.

**A call.** :data:`BID_WORLDS` worlds are drawn consistent with what the seat saw and fitted
to the earlier calls (:func:`bid_world`: every earlier caller, played as a ``rules`` bot,
would have called as it did — without that a partner's pass is taken for an average hand).
In each world every candidate call is made, the other seats finish the bidding as ``rules``
bots and the hand is played out — discard, refill and play — by ``rules`` players
(:func:`~tutorial.bots.rollout.playout`, about a millisecond a hand). Where the seat ends up
holding the contract it names trump as it would at the trump decision (below): the hand is
played out once per suit worth considering, and those playouts serve every bid level (the
play does not depend on the bid's value, only on who holds it). A world's value for a call
is the side's change of score less the opponents' (:func:`utility`: a set bid counts its
loss) — or, where the hand ends the game, ±``GAME_WON`` for winning or losing it
(:func:`tutorial.bots.stakes.value`, at the observation's game score). Candidates: the
``rules`` bot's call, one bid above and one below it, and pass.

**Trump.** The same over :data:`TRUMP_WORLDS` worlds fitted to every call: each suit worth
considering (the ``rules`` bot's suit, and any other whose estimate is within
:data:`SUIT_MARGIN` points of it) is named and the hand played out.

**The choice** (:func:`pick`) departs from the ``rules`` bot's action only when another
candidate is *significantly* better over the same worlds: the same worlds and the same
chance stream per world serve every candidate (common random numbers), so what is compared
is each world's difference, whose spread is far smaller than the values'. An alternative
must gain at least :data:`MIN_GAIN` on average and more than :data:`Z` standard errors of
the differences. (Choosing the best mean outright — the session-3 expert, 8 playouts per
call — overbid on noise: the maximum of many noisy means.)
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

from tutorial.bots.rollout import playout, rules_action
from tutorial.bots.rules import best_trump, call_for, choose_call, estimate
from tutorial.bots.stakes import value as game_value
from tutorial.engine.actions import PASS, Action, Call, NameTrump
from tutorial.engine.observe import Observation
from tutorial.engine.profiles import Profile, get_profile
from tutorial.engine.result import hand_result
from tutorial.engine.state import Phase, State
from tutorial.engine.worlds import sample_world

BID_WORLDS = 48
"""Worlds sampled for one call (every candidate played out in each)."""
TRUMP_WORLDS = 48
"""Worlds sampled for the choice of trump."""
Z = 2.0
"""Standard errors of the per-world differences by which an alternative must beat the
``rules`` bot's action."""
MIN_GAIN = 0.5
"""The least mean gain (game points a hand) for which the ``rules`` bot's action is left."""
SUIT_MARGIN = 3.0
"""A suit is worth considering if its estimate (:func:`~tutorial.bots.rules.estimate`) is
within this many points of the best suit's."""
FIT_TRIES = 40
"""Worlds drawn at most for one sample until the earlier calls fit."""
FIT_SLACK = 1
"""How far (in bid points) a ``rules`` bot's bid may be from an earlier caller's bid for
the world to fit."""

K = TypeVar("K", bound=Hashable)


def utility(side: int, bidder_side: int, bid: int, points: tuple[int, int]) -> int:
    """The side's change of score less the opponents' (a set bid counts its loss)."""
    delta = [points[0], points[1]]
    if points[bidder_side] < bid:
        delta[bidder_side] = -bid
    return delta[side] - delta[1 - side]


def outcome(state: State, side: int) -> float:
    """The worth of a finished hand to ``side`` at the state's game score
    (:func:`tutorial.bots.stakes.value`: :func:`utility`, or ±``GAME_WON`` if the hand ends
    the game; 0 if it was thrown in)."""
    r = hand_result(state)
    if r.thrown_in or r.bidder is None or r.bid is None:
        return 0.0
    return game_value(state.profile, state.score, side, r.bidder & 1, r.bid, r.points)


def pick(values: Mapping[K, Sequence[float]], default: K) -> K:
    """``default`` unless another key's values beat its values, world by world, by at least
    :data:`MIN_GAIN` on average and by more than :data:`Z` standard errors; then the key
    with the largest such gain."""
    base = values[default]
    chosen, best = default, 0.0
    for key, vs in values.items():
        if key == default or len(vs) < 2:
            continue
        diffs = [a - b for a, b in zip(vs, base, strict=True)]
        gain = statistics.fmean(diffs)
        se = statistics.stdev(diffs) / math.sqrt(len(diffs))
        if gain >= MIN_GAIN and gain > Z * se and gain > best:
            chosen, best = key, gain
    return chosen


def suits_worth_considering(p: Profile, hand: int) -> list[int]:
    """The ``rules`` bot's suit first, then every suit within :data:`SUIT_MARGIN` of it."""
    first = best_trump(p, hand)
    top = estimate(p, first, hand)
    return [first] + [
        s for s in range(4) if s != first and estimate(p, s, hand) >= top - SUIT_MARGIN
    ]


def candidate_calls(p: Profile, obs: Observation, legal: list[Action]) -> list[Action]:
    """The ``rules`` bot's call first, then one bid above and one below it and pass (those
    of them that are legal); a rules pass is tried against the lowest bid."""
    rules = choose_call(p, obs, legal)
    assert isinstance(rules, Call)
    bids = {a.value: a for a in legal if isinstance(a, Call) and a.value is not None}
    out: list[Action] = [rules]
    near = [min(bids)] if rules.value is None and bids else []
    if rules.value is not None:
        near = [rules.value - 1, rules.value + 1]
    for v in near:
        if v in bids and bids[v] not in out:
            out.append(bids[v])
    if PASS in legal and PASS not in out:
        out.append(PASS)
    return out


def simulated_call(obs: Observation, legal: list[Action], rng: random.Random) -> Action:
    """The call, by playing every candidate out in :data:`BID_WORLDS` fitted worlds."""
    p = get_profile(obs.profile)
    calls = candidate_calls(p, obs, legal)
    if len(calls) == 1:
        return calls[0]
    side = obs.seat & 1
    suits = suits_worth_considering(p, obs.hand)
    known: dict[Action, list[float | None]] = {c: [] for c in calls}  # None: the seat holds
    declared: list[dict[int, tuple[int, int]]] = []  # per world, suit → points
    for _ in range(BID_WORLDS):
        world = bid_world(p, obs, rng)
        chance = rng.getrandbits(64)
        by_contract: dict[tuple[tuple[int, int | None], ...], float] = {}
        row: dict[int, tuple[int, int]] = {}
        for call in calls:
            trial = world.copy()
            trial.apply(call)
            while trial.phase is Phase.BID:
                trial.apply(rules_action(trial))
            if trial.phase is Phase.TRUMP and trial.to_act == obs.seat:
                if not row:  # once per world: the seat names each suit worth considering
                    for s in suits:
                        named = trial.copy()
                        named.apply(NameTrump(s))
                        row[s] = hand_result(playout(named, random.Random(chance))).points
                known[call].append(None)
                continue
            key = tuple(trial.calls)
            if key not in by_contract:
                by_contract[key] = outcome(playout(trial, random.Random(chance)), side)
            known[call].append(by_contract[key])
        declared.append(row)
    values: dict[Action, list[float]] = {}
    for call in calls:
        held = [i for i, v in enumerate(known[call]) if v is None]
        if not held:
            values[call] = [v for v in known[call] if v is not None]
            continue
        assert isinstance(call, Call) and call.value is not None
        bid = call.value
        by_suit = {
            s: [game_value(p, obs.score, side, side, bid, declared[i][s]) for i in held]
            for s in suits
        }
        suit = pick(by_suit, suits[0])
        values[call] = [
            game_value(p, obs.score, side, side, bid, declared[i][suit]) if v is None else v
            for i, v in enumerate(known[call])
        ]
    return pick(values, calls[0])


def simulated_trump(obs: Observation, rng: random.Random) -> Action:
    """The suit to name, by playing the hand out in :data:`TRUMP_WORLDS` fitted worlds
    with each suit worth considering."""
    p = get_profile(obs.profile)
    suits = suits_worth_considering(p, obs.hand)
    if len(suits) == 1:
        return NameTrump(suits[0])
    side = obs.seat & 1
    bid = max(v for _, v in obs.calls if v is not None)
    values: dict[int, list[float]] = {s: [] for s in suits}
    for _ in range(TRUMP_WORLDS):
        world = bid_world(p, obs, rng)
        chance = rng.getrandbits(64)
        for s in suits:
            named = world.copy()
            named.apply(NameTrump(s))
            points = hand_result(playout(named, random.Random(chance))).points
            values[s].append(game_value(p, obs.score, side, side, bid, points))
    return NameTrump(pick(values, suits[0]))


def bid_world(p: Profile, obs: Observation, rng: random.Random) -> State:
    """A sampled world in which every earlier caller, played as a ``rules`` bot, would have
    called as it did (within :data:`FIT_SLACK` of its bid): the first of
    :data:`FIT_TRIES` samples that fits, else the last one."""
    world = sample_world(obs, rng)
    for _ in range(FIT_TRIES - 1):
        if calls_fit(p, obs, world.dealt):
            break
        world = sample_world(obs, rng)
    return world


def calls_fit(p: Profile, obs: Observation, dealt: tuple[int, ...]) -> bool:
    """Would every other seat's call in ``obs``, made by a ``rules`` bot holding its hand in
    ``dealt``, have been the same (within :data:`FIT_SLACK`)?"""
    calls = obs.calls
    for i, (seat, value) in enumerate(calls):
        if seat == obs.seat:
            continue
        if seat == obs.dealer and i == 3 and value == p.dealer_forced_bid:
            continue  # perhaps forced: says nothing
        model = call_for(p, seat, dealt[seat], calls[:i], obs.score)
        if (model is None) != (value is None):
            return False
        if model is not None and value is not None and abs(model - value) > FIT_SLACK:
            return False
    return True
