"""Pricing a card (or a pile) in sampled worlds, each solved double-dummy.

Each world is :func:`~tutorial.engine.observe.sample_world` of the seat's observation (never
the real hands) and is solved by :func:`tutorial.solver.analyse.solve`, every legal card
valued with both sides' best play after it (one :class:`~tutorial.solver.search.Search`
shared by the worlds of a decision). On the first trick a pile's candidates are each top card
with the cards beneath the solver chose most often for it, valued exactly in every world;
an action asked for by the caller (the one a learner played) is valued exactly too. The
value is the objective of :mod:`tutorial.bots.evaluator.outcome` at the observation's score.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tutorial.bots.evaluator.outcome import Outcome, contract_outcome
from tutorial.engine.actions import Action, PlayCard
from tutorial.engine.hand import Hand
from tutorial.engine.observe import Observation
from tutorial.engine.profiles import get_profile
from tutorial.engine.state import State
from tutorial.engine.worlds import sample_world
from tutorial.solver.analyse import solve
from tutorial.solver.analyse import value as solved_value
from tutorial.solver.limits import Limit, Stopped
from tutorial.solver.native import new_search
from tutorial.solver.position import Position

if TYPE_CHECKING:
    from tutorial.solver.search import Search


def contract(obs: Observation) -> tuple[int, int, bool]:
    """(the bidder's seat, the bid, whether it was the dealer's forced bid)."""
    seat, bid = -1, -1
    for s, v in obs.calls:
        if v is not None and v > bid:
            seat, bid = s, v
    p = get_profile(obs.profile)
    forced = (
        p.dealer_forced_bid is not None
        and seat == obs.dealer
        and all(v is None for s, v in obs.calls if s != obs.dealer)
    )
    return seat, bid, forced


@dataclass
class _World:
    pos: Position
    solved: dict[PlayCard, tuple[int, int]]
    """Each top card with the solver's best cards beneath → points of the hand (AC, BD)."""
    exact: bool = True
    """False: a solve stopped early, the values are the points each side is sure of."""
    extra: dict[PlayCard, tuple[int, int]] = field(default_factory=dict)


def _sure(bounds: tuple[int, int], side: int, whole: int) -> tuple[int, int]:
    """The points (AC, BD) of the bound ``side`` is sure of (its worst case so far)."""
    ac = bounds[0] if side == 0 else bounds[1]
    return ac, whole - ac


class CardPricer:
    """The worlds of one card decision, added one at a time, every solve within one hard
    node limit (``cap`` for the whole decision) and a deadline (``limit``, the safety net):
    a solve stopped by either ends the sampling; its world's proven bounds are used only
    when it is the first world (each card at the points its side is sure of), else it is
    dropped (worlds solved whole are not mixed with bounds)."""

    cap: int = 1 << 62
    limit: Limit = Limit()
    stopped: str = ""

    def __init__(
        self, obs: Observation, legal: list[Action], include: tuple[Action, ...], rng: random.Random
    ) -> None:
        self.obs = obs
        self.rng = rng
        self.p = get_profile(obs.profile)
        self.side = obs.seat & 1
        bidder, self.bid, self.forced = contract(obs)
        self.bidder_side = bidder & 1
        self.own = bidder == obs.seat
        self.tops = sorted({a.card for a in legal if isinstance(a, PlayCard)})
        self.include = tuple(a for a in include if isinstance(a, PlayCard))
        self.worlds: list[_World] = []
        self.search: Search | None = None
        self.nodes = 0
        self.fixed: State | None = None
        """The one world to price in (the actual deal), instead of sampled ones."""

    def world(self) -> State:
        return self.fixed.copy() if self.fixed is not None else sample_world(self.obs, self.rng)

    def add_world(self) -> None:
        if self.stopped or self.nodes >= self.cap:
            return
        pos = Position.from_hand(Hand.of(self.world()))
        if self.search is None:
            self.search = new_search(pos)
        an = solve(pos, self.search, self.limit.with_nodes(self.cap - self.nodes))
        self.nodes += an.nodes
        if not an.complete:
            self.stopped = an.stopped
            if self.worlds:
                return
            whole = sum(an.value)
            side = pos.to_play & 1
            sure = {PlayCard(a.card, a.beneath): _sure(a.bounds, side, whole) for a in an.actions}
            self.worlds.append(_World(pos, sure, exact=False))
            return
        self.worlds.append(_World(pos, {PlayCard(a.card, a.beneath): a.value for a in an.actions}))

    def _exact(self, w: _World, action: PlayCard) -> tuple[int, int]:
        known = w.solved.get(action) or w.extra.get(action)
        if known is None:
            known = self._beneath(w, action)
            w.extra[action] = known
        return known

    def _beneath(self, w: _World, action: PlayCard) -> tuple[int, int]:
        """A pile with other cards beneath than the solver's: searched within what is left
        of the node limit; if that is spent, the value of its top card with the solver's
        cards beneath (an upper bound)."""
        same_top = [v for a, v in w.solved.items() if a.card == action.card]
        assert self.search is not None
        if w.exact:
            try:
                child = w.pos.apply((action.card, tuple(action.beneath)))
                left = max(0, self.cap - self.nodes)
                return solved_value(child, self.search, self.limit.with_nodes(left))
            except Stopped:
                pass
        return same_top[0]

    def candidates(self) -> list[PlayCard]:
        """One action per top card (a pile: the cards beneath the solver chose most often,
        ties in the order of the action's text), then the actions asked for."""
        counts: Counter[PlayCard] = Counter()
        for w in self.worlds:
            counts.update(w.solved.keys())
        by_top: dict[int, PlayCard] = {}
        for a, _n in sorted(counts.items(), key=lambda kv: (-kv[1], str(kv[0]))):
            by_top.setdefault(a.card, a)
        out = [by_top[c] for c in self.tops if c in by_top]
        return out + [a for a in self.include if a not in out]

    def outcomes(self) -> dict[Action, list[Outcome]]:
        out: dict[Action, list[Outcome]] = {}
        for a in self.candidates():
            out[a] = [
                contract_outcome(
                    self.p,
                    self.obs.score,
                    self.side,
                    self.bidder_side,
                    self.bid,
                    self._exact(w, a),
                    self.forced,
                    self.own,
                )
                for w in self.worlds
            ]
        return out
