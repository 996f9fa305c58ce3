"""Pricing a call or the choice of trump in sampled worlds played out by the bots.

**The worlds** are drawn consistent with what the seat saw *and fitted to the earlier calls*
(:func:`tutorial.bots.simbid.bid_world`: each earlier caller, played as a ``rules`` bot,
would have called as it did — otherwise a partner's pass is taken for an average hand).
Each world holds the other hands and the stock, so what the refill brings is part of it.

**A call.** In each world every legal call is made, the other seats finish the bidding as
``rules`` bots, and the hand is played out — discard, refill and play — by ``rules``
players (:func:`tutorial.bots.rollout.playout`, every seat deciding from what it could see;
one chance stream per world shared by every option). Where the seat ends up holding the
contract it names trump as it would at the trump decision: the hand is played out once per
suit worth considering (:func:`suits_worth_considering`) in that world, and those playouts
serve every bid level (the bots' play reads who holds
the bid, not its value); the suit for a bid is the ``rules`` bot's unless another is
significantly better over the worlds in which that bid holds
(:func:`tutorial.bots.evaluator.stats.compare`).

**Trump.** The same worlds fitted to every call; each suit is named and the hand played out.

Why the bots' playouts and not solved worlds: docs/coach.md, "The playout policy" (measured
by ``benchmarks/bench_coach.py --policy``).

**The players** (``players``: an :data:`Actor`, None for :data:`PLAYERS`, the default): the
bot that finishes the bidding and plays each world out, resolved from its name by
:func:`tutorial.bots.evaluator.core.actor` (this module imports no bot that imports the
evaluator) (``cinch advise`` / ``cinch review
--bot``). Only the default is the one evaluator's policy — the expert's, the hint's and the
advisor's at the table; ``random`` and ``expert`` players answer "what if every seat played
like that bot" (``expert`` players evaluate every decision of every playout: hundreds of
times slower). The worlds are fitted to the earlier calls as ``rules`` bots either way.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tutorial.bots.evaluator.outcome import THROWN_IN, Outcome, contract_outcome, was_forced
from tutorial.bots.evaluator.stats import compare
from tutorial.bots.rollout import playout, rules_action
from tutorial.bots.rules import best_trump, estimate
from tutorial.bots.simbid import bid_world
from tutorial.engine.actions import Action, Call, NameTrump
from tutorial.engine.observe import Observation
from tutorial.engine.profiles import Profile, get_profile
from tutorial.engine.result import hand_result
from tutorial.engine.state import Phase, State

SUITS = (0, 1, 2, 3)
SUIT_MARGIN = 3.0
"""At a call, a suit is played out where the seat holds the contract if the ``rules`` bot's
estimate for it (:func:`~tutorial.bots.rules.estimate`) is within this many points of the
best suit's (the others are never the suit it would name: one or two playouts a world
instead of four)."""


PLAYERS = "rules"
"""The bot that plays the evaluator's worlds out: the one evaluator's playout policy."""

Actor = Callable[[State, int], Action]
"""Another bot as the players of the worlds: the action of the seat to act in a world (from
its own view), given a seed. None in its place is :data:`PLAYERS` (the fast playout)."""


def act(state: State, players: Actor | None, seed: int) -> Action:
    """What the ``players`` bot of the seat to act does in ``state`` (from its own view)."""
    if players is None:
        return rules_action(state)
    return players(state, seed)


def play_points(state: State, chance: int, players: Actor | None = None) -> tuple[int, int]:
    """The playout policy: ``state`` played to its end by ``players`` (the ``rules`` bot by
    default; chance from a stream seeded ``chance``), its points (AC, BD).
    ``benchmarks/bench_coach.py --policy`` puts solved worlds in its place to measure the two."""
    rng = random.Random(chance)
    if players is None:
        return hand_result(playout(state, rng)).points
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.chance_outcome(rng))
        else:
            state.apply(act(state, players, chance))
    return hand_result(state).points


def suits_worth_considering(p: Profile, hand: int) -> tuple[int, ...]:
    """The ``rules`` bot's suit first, then every suit within :data:`SUIT_MARGIN` of it."""
    first = best_trump(p, hand)
    top = estimate(p, first, hand)
    rest = [s for s in SUITS if s != first and estimate(p, s, hand) >= top - SUIT_MARGIN]
    return (first, *rest)


class _Base:
    def __init__(
        self,
        obs: Observation,
        legal: list[Action],
        rng: random.Random,
        players: Actor | None = None,
    ) -> None:
        self.obs = obs
        self.players = players
        self.rng = rng
        self.p = get_profile(obs.profile)
        self.side = obs.seat & 1
        self.legal = legal
        self.prior_suit = best_trump(self.p, obs.hand)
        self.nodes = 0
        self.fixed: State | None = None
        """The one world to price in (the actual deal), instead of sampled ones."""
        self._cache: dict[tuple[int, tuple[int, int]], Outcome] = {}

    def world(self) -> State:
        if self.fixed is not None:
            return self.fixed.copy()
        return bid_world(self.p, self.obs, self.rng)

    def _suit_points(
        self, start: State, chance: int, suits: tuple[int, ...] = SUITS
    ) -> dict[int, tuple[int, int]]:
        """Each suit named in ``start`` (the seat to name trump), the hand played out."""
        out = {}
        for s in suits:
            named = start.copy()
            named.apply(NameTrump(s))
            out[s] = play_points(named, chance, self.players)
        return out

    def _held(self, bid: int, points: tuple[int, int]) -> Outcome:
        key = (bid, points)
        known = self._cache.get(key)
        if known is None:
            known = contract_outcome(
                self.p, self.obs.score, self.side, self.side, bid, points, False, True
            )
            self._cache[key] = known
        return known


class TrumpPricer(_Base):
    """The worlds of one choice of trump."""

    def __init__(
        self,
        obs: Observation,
        legal: list[Action],
        include: tuple[Action, ...],
        rng: random.Random,
        players: Actor | None = None,
    ) -> None:
        super().__init__(obs, legal, rng, players)
        self.bid = max(v for _, v in obs.calls if v is not None)
        self.rows: list[dict[int, tuple[int, int]]] = []

    def add_world(self) -> None:
        world = self.world()
        self.rows.append(self._suit_points(world, self.rng.getrandbits(64)))

    def outcomes(self) -> dict[Action, list[Outcome]]:
        return {NameTrump(s): [self._held(self.bid, row[s]) for row in self.rows] for s in SUITS}


class CallPricer(_Base):
    """The worlds of one call: every legal call in every world."""

    def __init__(
        self,
        obs: Observation,
        legal: list[Action],
        include: tuple[Action, ...],
        rng: random.Random,
        players: Actor | None = None,
    ) -> None:
        super().__init__(obs, legal, rng, players)
        self.calls = [a for a in legal if isinstance(a, Call)]
        self.considered = suits_worth_considering(self.p, obs.hand)
        self.known: list[dict[Call, Outcome | None]] = []
        """Per world, per call: the outcome, or None where the seat holds the contract."""
        self.rows: list[dict[int, tuple[int, int]] | None] = []
        """Per world: each suit → points, where some call lets the seat hold the contract."""

    def add_world(self) -> None:
        world = self.world()
        chance = self.rng.getrandbits(64)
        by_holder: dict[int, tuple[int, int]] = {}  # the high bidder → points (AC, BD)
        known: dict[Call, Outcome | None] = {}
        row: dict[int, tuple[int, int]] | None = None
        for call in self.calls:
            trial = world.copy()
            trial.apply(call)
            while trial.phase is Phase.BID:
                trial.apply(act(trial, self.players, chance))
            if trial.phase is Phase.TRUMP and trial.to_act == self.obs.seat:
                if row is None:
                    row = self._suit_points(trial, chance, self.considered)
                known[call] = None
                continue
            holder, bid = trial.high_seat, trial.high_bid
            if holder is None or bid is None:  # thrown in
                known[call] = THROWN_IN
                continue
            if holder not in by_holder:  # the bots' play reads who holds the bid, not its value
                by_holder[holder] = play_points(trial, chance, self.players)
            known[call] = contract_outcome(
                self.p,
                self.obs.score,
                self.side,
                holder & 1,
                bid,
                by_holder[holder],
                was_forced(trial),
                holder == self.obs.seat,
            )
        self.known.append(known)
        self.rows.append(row)

    def suit_for(self, bid: int) -> int:
        """The suit the seat names where it holds the contract at ``bid``: the ``rules``
        bot's, unless another is significantly better over the worlds in which it holds."""
        held = [row for row in self.rows if row is not None]
        if len(held) < 2:
            return self.prior_suit
        values = {s: [self._held(bid, row[s]).value for row in held] for s in self.considered}
        order = list(self.considered)
        compared = compare(values, order)
        top = next(iter(compared))
        return self.prior_suit if compared[self.prior_suit].best else top

    def outcomes(self) -> dict[Action, list[Outcome]]:
        out: dict[Action, list[Outcome]] = {}
        for call in self.calls:
            suit = self.prior_suit if call.value is None else self.suit_for(call.value)
            rows: list[Outcome] = []
            for known, row in zip(self.known, self.rows, strict=True):
                o = known[call]
                if o is None:
                    assert row is not None and call.value is not None
                    o = self._held(call.value, row[suit])
                rows.append(o)
            out[call] = rows
        return out

    def suits(self) -> dict[int, list[tuple[int, int]]]:
        """Each suit → (our side, the other side) points in the worlds where the seat can
        hold the contract (the advisor's per-suit outlook)."""
        held = [row for row in self.rows if row is not None]
        side = self.side
        return {s: [(r[s][side], r[s][1 - side]) for r in held] for s in self.considered}

    def chosen_suits(self) -> dict[Call, int]:
        return {c: self.suit_for(c.value) for c in self.calls if c.value is not None}
