"""The bid advisor: what a 9-card hand can expect from each trump suit and each call.

For a seat about to call (or, as the high bidder, to name trump), :func:`advise` samples
worlds consistent with what the seat has seen (:func:`~tutorial.engine.observe.sample_world`:
the others' hands and the stock), and in each world, for each trump suit, plays the hand out
with the seat as the high bidder (the calls are not replayed: the seat takes the contract,
which changes nothing in the play but the opening lead): every seat keeps its trumps only at
the discard, the dealer keeps the first cards it needs from the rest of the stock, a
reshuffle is drawn at random,
and the play is **double-dummy** (the solver's value of the opening position). That is an
optimistic proxy for play by the bots (``tutorial.bots`` is not on main yet): every seat
sees every card. The points of the seat's side, per suit, form a distribution.

Each call's expected change of score uses the engine's scoring
(:func:`~tutorial.engine.scoring.hand_delta`: the defenders add what they won, the bidders
add theirs if it reaches the bid and otherwise lose the bid):

* a bid ``b``: the side is the high bidder at ``b`` and names the suit with the best
  expected result for ``b``;
* ``pass``: a model — if the partner holds the high bid, the side plays it at that bid in
  the suit best for the side; otherwise the other side plays at the current high bid (or
  the lowest bid) in the suit best for them. The opening lead is the seat's in every world
  (who leads the first trick is not modelled).

``net`` is the side's change minus the other side's; calls are ranked by it. A call costs
about ``samples × 4`` opening solves: keep ``samples`` small (the default takes a few
seconds, see the README).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutorial.engine.actions import Action, Call, DealerKeep, Keep, NameTrump, call_of
from tutorial.engine.hand import Hand
from tutorial.engine.observe import Observation, observe, sample_world
from tutorial.engine.scoring import hand_delta
from tutorial.engine.seats import SEAT_LETTERS, SUIT_LETTERS
from tutorial.engine.state import DEALER_KEEPS, KEEP, RESHUFFLE, Phase, State
from tutorial.solver.analyse import value
from tutorial.solver.position import Position

PROXY = "double-dummy"
"""How the hands are played out: the solver, every seat seeing every card (an optimistic
proxy until the bots can play them)."""


def suit_points(world: State, seat: int, suit: int, rng: random.Random) -> tuple[int, int]:
    """(the seat's side, the other side): points of the hand when ``seat`` is the high
    bidder in ``world`` (at the bidding or naming trump), names ``suit`` and the hand is
    refilled as described above and played double-dummy."""
    w = world.copy()
    if w.phase is Phase.BID:  # a bidding of its own, in which the seat takes the contract
        w = State(world.profile, world.dealer, world.dealt, world.stock, validate=False)
        while w.phase is Phase.BID:
            calls = w.legal_calls()
            bids = [c for c in calls if c is not None]
            if w.to_act == seat:
                w.apply(call_of(max(bids)))
            else:
                w.apply(call_of(None if None in calls else bids[0]))
    if w.phase is not Phase.TRUMP or w.to_act != seat:
        raise ValueError("the seat did not end up naming trump")
    w.apply(NameTrump(suit))
    while w.pending is not None:  # the refill's decisions
        if w.pending == KEEP:
            w.apply(Keep(()))
        elif w.pending == DEALER_KEEPS:
            options, count = w.pending_info
            assert isinstance(options, tuple) and isinstance(count, int)
            w.apply(DealerKeep(options[:count]))
        elif w.pending == RESHUFFLE:
            w.apply(w.chance_outcome(rng))
        else:  # pragma: no cover - a refill that asks for nothing else
            raise ValueError(f"unexpected refill decision {w.pending!r}")
    ac, bd = value(Position.from_hand(Hand.of(w)))
    return (ac, bd) if seat & 1 == 0 else (bd, ac)


def _table(worlds: Sequence[State], seat: int, seed: int) -> list[list[tuple[int, int]]]:
    """Per world, per suit: (side, other side) points."""
    rng = random.Random(seed)
    return [[suit_points(w, seat, s, rng) for s in range(4)] for w in worlds]


def _net(pts: tuple[int, int], bidder_is_side: bool, bid: int) -> int:
    """The side's change of score minus the other side's."""
    bidder = 0 if bidder_is_side else 1
    _made, delta = hand_delta(bidder, bid, pts)
    return delta[0] - delta[1]


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def _best_suit(table: list[list[tuple[int, int]]], side: bool, bid: int) -> tuple[int, float]:
    """The suit whose bidder (the side if ``side``) does best at ``bid``, and the side's
    mean net for it."""
    sign = 1 if side else -1
    by_suit = [_mean([_net(row[s], side, bid) for row in table]) for s in range(4)]
    best = max(range(4), key=lambda s: (sign * by_suit[s], -s))
    return best, by_suit[best]


def _call_net(before: State, seat: int, table: list[list[tuple[int, int]]]) -> dict[Action, float]:
    out: dict[Action, float] = {}
    for call in before.legal_calls():
        if call is None:
            out[call_of(None)] = _pass_net(before, seat, table)
        else:
            out[call_of(call)] = _best_suit(table, True, call)[1]
    return out


def _pass_net(before: State, seat: int, table: list[list[tuple[int, int]]]) -> float:
    p = before.profile
    high, holder = before.high_bid, before.high_seat
    if holder is not None and holder & 1 == seat & 1:
        return _best_suit(table, True, high or p.bid_min)[1]
    return _best_suit(table, False, high if high is not None else p.bid_min)[1]


Table = list[list[tuple[int, int]]]
"""Per world, per trump suit: (the seat's side, the other side) points with the seat as the
high bidder."""


def outcome_table(worlds: Sequence[State], seat: int, seed: int = 0) -> Table:
    """The points of each world and suit. The calls tell nothing about the cards, so worlds
    sampled at the seat's first call are also worlds of its later calls and of its choice
    of trump: one table serves all of them."""
    return _table(worlds, seat, seed)


def call_values(before: State, seat: int, table: Table) -> dict[Action, float]:
    """Each legal call of ``seat`` in ``before`` (the bidding) → its mean net over the
    worlds of ``table`` (states the seat cannot tell from ``before``)."""
    return _call_net(before, seat, table)


def trump_values(before: State, seat: int, table: Table) -> dict[Action, float]:
    """Each suit ``seat`` (the high bidder) may name in ``before`` → its mean net."""
    bid = before.high_bid
    assert bid is not None
    return {NameTrump(s): _mean([_net(row[s], True, bid) for row in table]) for s in range(4)}


@dataclass(frozen=True, slots=True)
class SuitOutlook:
    suit: int
    distribution: dict[int, float]
    """The side's points → the share of worlds."""
    mean: float


@dataclass(frozen=True, slots=True)
class CallOutlook:
    call: Call
    suit: int | None
    """The suit the side would name (a bid), or None (pass)."""
    score_change: float
    """The side's expected change of game score."""
    net: float
    """The side's expected change minus the other side's."""


@dataclass(frozen=True, slots=True)
class Advice:
    seat: int
    suits: tuple[SuitOutlook, ...]
    calls: tuple[CallOutlook, ...]
    """Every legal call, best (highest net) first."""
    samples: int
    proxy: str = PROXY

    @property
    def best(self) -> Call:
        return self.calls[0].call

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": SEAT_LETTERS[self.seat],
            "samples": self.samples,
            "play": self.proxy,
            "suits": [
                {
                    "suit": SUIT_LETTERS[s.suit],
                    "mean": round(s.mean, 3),
                    "distribution": {str(k): round(v, 3) for k, v in s.distribution.items()},
                }
                for s in self.suits
            ],
            "calls": [
                {
                    "call": str(c.call),
                    "suit": None if c.suit is None else SUIT_LETTERS[c.suit],
                    "score_change": round(c.score_change, 3),
                    "net": round(c.net, 3),
                }
                for c in self.calls
            ],
            "best": str(self.best),
        }


def advise(
    source: State | Observation, seat: int | None = None, *, samples: int = 4, seed: int = 0
) -> Advice:
    """Advice for the seat to call in ``source`` (a state in the bidding, with ``seat``, or
    that seat's observation): only what the seat has seen is used."""
    obs = source if isinstance(source, Observation) else observe(source, _seat(source, seat))
    if obs.phase is not Phase.BID or obs.to_act != obs.seat:
        raise ValueError("the advisor needs a seat that is to call in the bidding")
    if samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples!r}")
    rng = random.Random(seed)
    worlds = [sample_world(obs, rng) for _ in range(samples)]
    before = worlds[0]  # the public bidding is the same in every world
    table = _table(worlds, obs.seat, seed)
    suits = []
    for s in range(4):
        dist: dict[int, float] = {}
        for row in table:
            dist[row[s][0]] = dist.get(row[s][0], 0.0) + 1.0 / len(table)
        suits.append(SuitOutlook(s, dict(sorted(dist.items())), _mean([r[s][0] for r in table])))
    calls = []
    for call, net in _call_net(before, obs.seat, table).items():
        assert isinstance(call, Call)
        if call.value is None:
            change = _pass_change(before, obs.seat, table)
            calls.append(CallOutlook(call, None, change, net))
        else:
            suit, _ = _best_suit(table, True, call.value)
            change = _mean([_side_change(row[suit], True, call.value) for row in table])
            calls.append(CallOutlook(call, suit, change, net))
    calls.sort(key=lambda c: (-c.net, c.call.value or 0))
    return Advice(obs.seat, tuple(suits), tuple(calls), samples)


def _side_change(pts: tuple[int, int], side_bids: bool, bid: int) -> int:
    _made, delta = hand_delta(0 if side_bids else 1, bid, pts)
    return delta[0]


def _pass_change(before: State, seat: int, table: list[list[tuple[int, int]]]) -> float:
    p = before.profile
    high, holder = before.high_bid, before.high_seat
    ours = holder is not None and holder & 1 == seat & 1
    bid = high if high is not None else p.bid_min
    suit, _ = _best_suit(table, ours, bid)
    return _mean([_side_change(row[suit], ours, bid) for row in table])


def _seat(state: State, seat: int | None) -> int:
    return state.to_act if seat is None else seat
