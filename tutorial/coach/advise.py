"""The bid advisor: what a 9-card hand can expect from each trump suit and each call.

For a seat about to call, :func:`advise` samples worlds consistent with what the seat has
seen (:func:`~tutorial.engine.worlds.sample_world`: the other hands **and the stock**, so the
refill's cards are part of the world) and plays the hand out in each world **by the bots**
(:mod:`tutorial.coach.playout`: every decision of every seat by :func:`tutorial.bots.decide`
on that seat's own observation; the reshuffle drawn at random; the ``rules`` bot by default).

* **Per trump suit**: the seat holds the contract (the bidding made again with the seat the
  only bidder, so it leads) and names the suit; the bots discard, refill and play. The
  side's points over the worlds form the suit's distribution.
* **Per call** (pass, 7 … 14): the seat makes the call and the other seats finish the
  bidding as bots. Where the seat still holds the high bid it names the suit with the best
  expected result for that bid over those worlds and the hand is the suit's hand above;
  where another seat holds it (or the hand is thrown in) the bots play it from there. The
  call's expected change of game score uses the engine's scoring
  (:func:`~tutorial.engine.scoring.hand_delta`: defenders add what they won, bidders add
  theirs if it reaches the bid and otherwise lose the bid). ``net`` is the side's change
  minus the other side's; calls are ranked by it.

A world costs about 4 + (calls outbid) playouts of ~4 ms with the ``rules`` bot.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tutorial.coach.playout import (
    DEFAULT_BOT,
    after_call,
    as_declarer,
    check_bot,
    play_out,
    points,
    score_change,
)
from tutorial.engine.actions import Action, Call, NameTrump, call_of
from tutorial.engine.observe import Observation, observe
from tutorial.engine.scoring import hand_delta
from tutorial.engine.seats import SEAT_LETTERS, SUIT_LETTERS
from tutorial.engine.state import Phase, State
from tutorial.engine.worlds import sample_world

DEFAULT_SAMPLES = 32
"""Worlds :func:`advise` samples by default (about 1 s of one core with ``rules``)."""

PROXY = "bots"
"""How the hands are played out (``Advice.proxy``, ``"play"`` in the JSON): by the bots,
each seat seeing only its own cards."""


def _rng(seed: int, world: int, what: str) -> random.Random:
    """The chance stream of one playout: a function of the seed, the world and the line."""
    return random.Random(f"{seed}:{world}:{what}")


@dataclass
class Table:
    """The advisor's worlds played out, shared by a seat's call and its choice of trump
    (the calls tell nothing about the cards, so worlds sampled at the call are also worlds
    of the choice of trump)."""

    seat: int
    bot: str
    seed: int
    worlds: tuple[State, ...]
    declared: list[list[tuple[int, int]]]
    """Per world, per trump suit: (the seat's side, the other side) points of the hand with
    the seat holding the contract."""
    _calls: dict[tuple[tuple[int, int | None], ...], dict[Call, list[_After]]] = field(
        default_factory=dict, init=False, repr=False
    )

    def after_calls(self, before: State) -> dict[Call, list[_After]]:
        """Each legal call of the seat in ``before`` → per world, what follows it."""
        key = tuple(before.calls)
        if key not in self._calls:
            self._calls[key] = {
                call_of(c): [self._after(i, w, call_of(c)) for i, w in enumerate(self._at(before))]
                for c in before.legal_calls()
            }
        return self._calls[key]

    def _at(self, before: State) -> tuple[State, ...]:
        for w in self.worlds:
            if w.phase is not Phase.BID or w.calls != before.calls:
                raise ValueError("the table's worlds are not at this call")
        return self.worlds

    def _after(self, i: int, world: State, call: Call) -> _After:
        trial = after_call(world, call, self.bot, self.seed)
        if trial.phase is Phase.TRUMP and trial.high_seat == self.seat:
            assert trial.high_bid is not None
            return _After(trial.high_bid, None)
        final = play_out(trial, self.bot, _rng(self.seed, i, str(call)), self.seed)
        return _After(None, score_change(final, self.seat))


@dataclass(frozen=True, slots=True)
class _After:
    """What follows a call in one world: the seat holds the contract at ``holds``, or the
    hand was played out by the bots to ``change`` (the side's, the other side's)."""

    holds: int | None
    change: tuple[int, int] | None


def outcome_table(
    worlds: Sequence[State], seat: int, seed: int = 0, bot: str = DEFAULT_BOT
) -> Table:
    """Play each world out by the bots with ``seat`` holding the contract, in each suit."""
    check_bot(bot)
    declared = []
    for i, w in enumerate(worlds):
        start = as_declarer(w, seat)
        row = []
        for s in range(4):
            trial = start.copy()
            trial.apply(NameTrump(s))
            row.append(points(play_out(trial, bot, _rng(seed, i, f"suit {s}"), seed), seat))
        declared.append(row)
    return Table(seat, bot, seed, tuple(worlds), declared)


def _side_change(pts: tuple[int, int], bid: int) -> tuple[int, int]:
    """(side, other) change of score when the side holds the contract at ``bid``."""
    _made, delta = hand_delta(0, bid, pts)
    return delta


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def _bid_outcomes(
    table: Table, afters: list[_After], bid: int
) -> tuple[int, list[tuple[int, int]]]:
    """The suit the seat names where it holds the contract at ``bid`` (the best mean net
    over those worlds, or over every world if it holds in none) and each world's change."""
    held = [i for i, a in enumerate(afters) if a.holds is not None] or list(range(len(afters)))

    def net(s: int) -> float:
        return _mean([_net(_side_change(table.declared[i][s], bid)) for i in held])

    suit = max(range(4), key=lambda s: (net(s), -s))
    changes = [
        _side_change(table.declared[i][suit], bid) if a.holds is not None else _known(a)
        for i, a in enumerate(afters)
    ]
    return suit, changes


def _known(a: _After) -> tuple[int, int]:
    assert a.change is not None
    return a.change


def _net(change: tuple[int, int]) -> int:
    return change[0] - change[1]


def _call_outlooks(before: State, table: Table) -> list[CallOutlook]:
    out = []
    for call, afters in table.after_calls(before).items():
        if call.value is None:
            suit, changes = None, [_known(a) for a in afters]
        else:
            suit, changes = _bid_outcomes(table, afters, call.value)
        out.append(
            CallOutlook(
                call,
                suit,
                _mean([c[0] for c in changes]),
                _mean([_net(c) for c in changes]),
                sum(a.holds is not None for a in afters) / len(afters),
            )
        )
    return out


def call_values(before: State, seat: int, table: Table) -> dict[Action, float]:
    """Each legal call of ``seat`` in ``before`` (the bidding) → its mean net over the
    worlds of ``table`` (states the seat cannot tell from ``before``)."""
    if seat != table.seat:
        raise ValueError("the table was made for another seat")
    return {c.call: c.net for c in _call_outlooks(before, table)}


def trump_values(before: State, seat: int, table: Table) -> dict[Action, float]:
    """Each suit ``seat`` (the high bidder) may name in ``before`` → its mean net."""
    bid = before.high_bid
    assert bid is not None
    if seat != table.seat:
        raise ValueError("the table was made for another seat")
    return {
        NameTrump(s): _mean([_net(_side_change(row[s], bid)) for row in table.declared])
        for s in range(4)
    }


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
    """The suit the side would name where it holds the contract (a bid), or None (pass)."""
    score_change: float
    """The side's expected change of game score."""
    net: float
    """The side's expected change minus the other side's."""
    holds: float = 0.0
    """The share of worlds in which the call holds the contract (the others passing or
    bidding lower as the bots do); 0 for pass."""


@dataclass(frozen=True, slots=True)
class Advice:
    seat: int
    suits: tuple[SuitOutlook, ...]
    calls: tuple[CallOutlook, ...]
    """Every legal call, best (highest net) first."""
    samples: int
    proxy: str = PROXY
    bot: str = DEFAULT_BOT
    """The bot that played every seat's hand."""

    @property
    def best(self) -> Call:
        return self.calls[0].call

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": SEAT_LETTERS[self.seat],
            "samples": self.samples,
            "play": self.proxy,
            "bot": self.bot,
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
                    "holds": round(c.holds, 3),
                }
                for c in self.calls
            ],
            "best": str(self.best),
        }


def advise(
    source: State | Observation,
    seat: int | None = None,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    bot: str = DEFAULT_BOT,
) -> Advice:
    """Advice for the seat to call in ``source`` (a state in the bidding, with ``seat``, or
    that seat's observation): only what the seat has seen is used; every hand is played by
    ``bot`` players."""
    obs = source if isinstance(source, Observation) else observe(source, _seat(source, seat))
    if obs.phase is not Phase.BID or obs.to_act != obs.seat:
        raise ValueError("the advisor needs a seat that is to call in the bidding")
    if samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples!r}")
    check_bot(bot)
    rng = random.Random(seed)
    worlds = [sample_world(obs, rng) for _ in range(samples)]
    table = outcome_table(worlds, obs.seat, seed, bot)
    suits = []
    for s in range(4):
        dist: dict[int, float] = {}
        for row in table.declared:
            dist[row[s][0]] = dist.get(row[s][0], 0.0) + 1.0 / samples
        mean = _mean([r[s][0] for r in table.declared])
        suits.append(SuitOutlook(s, dict(sorted(dist.items())), mean))
    calls = _call_outlooks(worlds[0], table)  # the public bidding is the same in every world
    calls.sort(key=lambda c: (-c.net, c.call.value or 0))
    return Advice(obs.seat, tuple(suits), tuple(calls), samples, PROXY, bot)


def _seat(state: State, seat: int | None) -> int:
    return state.to_act if seat is None else seat
