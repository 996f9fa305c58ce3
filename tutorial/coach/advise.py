"""The bid advisor: what each call can be expected to bring, from the one evaluator.

:func:`advise` is :func:`tutorial.bots.evaluator.evaluate` at a seat's call, shown as the
advisor's table: per trump suit the points the side takes where it holds the contract, and
per call (pass, every legal bid) the side's expected change of game score, ``net`` (the
objective: the side's change minus the other side's; where the hand can end the game, a
win counts ``GAME_WON``), its standard error and whether it is one of the best (within the
noise of the best, paired over the same worlds). ``best`` is the expert's call — the
evaluation's choice, so the practice table's hint and ◀ never disagree — and ``close`` the
other calls within the noise of it.

The worlds are the evaluation's (fitted to the earlier calls, each played out by ``rules``
players: :mod:`tutorial.bots.evaluator.bidding`); the same observation and seed give the same
advice in the app, the review and ``cinch advise``. ``bot`` (``cinch advise --bot``) names
other players for the worlds — ``random`` or ``expert`` — to see what each call brings if
every seat played like that bot; only ``rules`` is the advice of the table and the expert.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutorial.bots import BOT_NAMES
from tutorial.bots.evaluator import TABLE, Budget, Evaluation, evaluate
from tutorial.bots.evaluator.bidding import PLAYERS
from tutorial.bots.evaluator.result import json_number
from tutorial.engine.actions import Call
from tutorial.engine.observe import Observation, observe
from tutorial.engine.seats import SEAT_LETTERS, SUIT_LETTERS
from tutorial.engine.state import Phase, State
from tutorial.jsonvalue import JsonObject

PROXY = "bots"
"""How the hands are played out (``Advice.proxy``, ``"play"`` in the JSON): by the bots,
each seat seeing only its own cards."""
DEFAULT_BOT = PLAYERS
"""The bot that plays the advisor's worlds out (the evaluator's playout policy)."""
PLAYOUT_BOTS = BOT_NAMES
"""Every bot that may play the worlds out (``--bot`` of ``cinch advise`` and ``cinch
review``): ``random``, ``rules`` (the default, the one evaluator's) and ``expert``."""


def check_bot(bot: str) -> str:
    """``bot`` if it may play the evaluator's worlds out, else a ValueError naming them."""
    if bot not in PLAYOUT_BOTS:
        raise ValueError(f"unknown bot {bot!r}: expected one of {', '.join(PLAYOUT_BOTS)}")
    return bot


DEFAULT_SAMPLES = TABLE.calls[2]
"""The most worlds of the table's budget for a call."""


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
    """The objective: the side's expected change minus the other side's (a win of the
    game counting GAME_WON where the hand can end it)."""
    holds: float = 0.0
    """The share of worlds in which the call holds the contract; 0 for pass."""
    se: float = 0.0
    """Standard error of ``net``."""
    cost: float = 0.0
    """The best call's net minus this one's."""
    cost_se: float = 0.0
    best: bool = False
    """Within the noise of the best call (paired over the same worlds)."""


@dataclass(frozen=True, slots=True)
class Advice:
    seat: int
    suits: tuple[SuitOutlook, ...]
    calls: tuple[CallOutlook, ...]
    """Every legal call, highest net first."""
    samples: int
    proxy: str = PROXY
    bot: str = DEFAULT_BOT
    evaluation: Evaluation | None = None

    @property
    def best(self) -> Call:
        """The expert's call (the evaluation's choice: one of the best)."""
        if self.evaluation is not None:
            assert isinstance(self.evaluation.choice, Call)
            return self.evaluation.choice
        return self.calls[0].call

    @property
    def close(self) -> tuple[Call, ...]:
        if self.evaluation is None:
            return ()
        return tuple(a for a in self.evaluation.close if isinstance(a, Call))

    def to_json(self) -> JsonObject:
        ev = self.evaluation
        return {
            "seat": SEAT_LETTERS[self.seat],
            "samples": self.samples,
            "play": self.proxy,
            "bot": self.bot,
            "objective": ev.objective if ev is not None else "score",
            "resolved": ev.resolved if ev is not None else False,
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
                    "se": json_number(c.se),
                    "cost": round(c.cost, 3),
                    "cost_se": json_number(c.cost_se),
                    "best": c.best,
                }
                for c in self.calls
            ],
            "best": str(self.best),
            "close": [str(c) for c in self.close],
        }


def advice_of(ev: Evaluation, bot: str = DEFAULT_BOT) -> Advice:
    """The advisor's table for an evaluation of a call (its worlds played out by ``bot``)."""
    if ev.kind != "call":
        raise ValueError("the advisor is for a call")
    suits = tuple(SuitOutlook(s.suit, dict(s.distribution), s.ours) for s in ev.suits)
    calls = []
    for o in ev.options:
        assert isinstance(o.action, Call)
        b = o.breakdown
        calls.append(
            CallOutlook(
                o.action,
                ev.suit_of(o.action),
                b.gain,
                o.value,
                b.own if o.action.value is not None else 0.0,
                o.se,
                o.cost,
                o.cost_se,
                o.best,
            )
        )
    return Advice(ev.seat, suits, tuple(calls), ev.worlds, PROXY, bot, ev)


def budget_of(samples: int | None) -> Budget | None:
    """The table's budget, or one of at most ``samples`` worlds for a call."""
    if samples is None:
        return None
    if samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples!r}")
    lo, batch, _hi = TABLE.calls
    return Budget(
        f"{samples} worlds",
        calls=(min(lo, samples), batch, samples),
        keeps=(min(TABLE.keeps[0], samples), TABLE.keeps[1], samples),
        cards=(min(TABLE.cards[0], samples), TABLE.cards[1], samples),
        nodes=TABLE.nodes * max(1, samples // TABLE.cards[2]),
        opening_nodes=TABLE.opening_nodes * max(1, samples // TABLE.cards[2]),
        deadline_ms=TABLE.deadline_ms,
    )


def advise(
    source: State | Observation,
    seat: int | None = None,
    *,
    samples: int | None = None,
    seed: int = 0,
    bot: str = DEFAULT_BOT,
) -> Advice:
    """Advice for the seat to call in ``source`` (a state in the bidding, with ``seat``, or
    that seat's observation): only what the seat has seen is used. ``samples``: at most
    this many worlds (default: the table's budget). ``bot``: the players of the worlds
    (:data:`PLAYOUT_BOTS`; ``rules``, the default, is the one evaluator's policy: the
    expert's and the hint's call is then the advice's best; docs/coach.md)."""
    check_bot(bot)
    if isinstance(source, Observation):
        obs = source
    else:
        obs = observe(source, source.to_act if seat is None else seat)
    if obs.phase is not Phase.BID or obs.to_act != obs.seat:
        raise ValueError("the advisor needs a seat that is to call in the bidding")
    return advice_of(evaluate(obs, seed, budget_of(samples), players=bot), bot)
