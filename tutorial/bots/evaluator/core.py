"""The evaluation of one decision point: every option priced over the same worlds.

:func:`evaluate` takes the deciding seat's observation only, a seed and a :class:`Budget`.
Its worlds come from the decision's own random stream, a function of (observation, seed)
alone (:func:`tutorial.bots.rng_for` with the expert's name), so the same decision gets the
same worlds and values wherever it is asked: the expert bot, the hint, the advisor, the
review, the command line. Worlds are added in batches until the decision is resolved (every
option is significantly worse than the best or proven as good: :mod:`tutorial.bots.evaluator.
stats`) or the budget is spent; budgets are counted in worlds (and solver nodes), never in
seconds, so the answer is the same on a fast and a slow machine.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tutorial.bots.evaluator.bidding import PLAYERS, Actor, CallPricer, TrumpPricer
from tutorial.bots.evaluator.cards import CardPricer
from tutorial.bots.evaluator.keeps import KeepPricer
from tutorial.bots.evaluator.outcome import Outcome, breakdown, objective
from tutorial.bots.evaluator.result import Evaluation, Option, SuitOutlook
from tutorial.bots.evaluator.stats import compare, resolved
from tutorial.bots.knowledge import Knowledge
from tutorial.bots.random_bot import decide_random
from tutorial.bots.rules import choose_play, decide_rules
from tutorial.bots.streams import rng_for
from tutorial.bots.view import legal_actions
from tutorial.engine.actions import Action, PlayCard
from tutorial.engine.errors import InvalidInput
from tutorial.engine.observe import Observation, observe
from tutorial.engine.profiles import get_profile
from tutorial.engine.state import DEALER_KEEPS, Phase, State
from tutorial.engine.worlds import ResampleError
from tutorial.solver.limits import Limit

CALL = "call"
TRUMP = "trump"
KEEP = "keep"
DEALER_KEEP = "dealer_keep"
CARD = "card"
PILE = "pile"
KINDS = (CALL, TRUMP, KEEP, DEALER_KEEP, CARD, PILE)


@dataclass(frozen=True, slots=True)
class Budget:
    """How much one evaluation may sample, per kind of decision: at least ``min`` worlds
    (the paired test needs a few), then ``batch`` at a time until resolved, at most ``max``
    worlds (and, for cards, at most ``nodes`` solver nodes once ``min`` are in)."""

    name: str
    calls: tuple[int, int, int]
    """(min, batch, max) worlds for a call or the choice of trump."""
    keeps: tuple[int, int, int]
    cards: tuple[int, int, int]
    nodes: int
    """Solver nodes a card decision may search from the second trick: a hard limit."""
    opening_nodes: int
    """The same in the first trick (hands of more than :data:`SOLVER_CARDS` cards)."""
    deadline_ms: float | None = None
    """The clock's safety net over a card's node limit (None: none; the node limit alone
    then decides, so the answer is the same under any load)."""

    def node_cap(self, obs: Observation) -> int:
        return self.opening_nodes if sum(obs.hand_sizes) > SOLVER_CARDS else self.nodes

    def worlds(self, kind: str) -> tuple[int, int, int]:
        if kind in (CALL, TRUMP):
            return self.calls
        if kind in (KEEP, DEALER_KEEP):
            return self.keeps
        return self.cards


SOLVER_CARDS = 20
"""From this many cards left in the hands (the second trick) a card's ``nodes`` apply."""
DEADLINE_MS = 2000.0
"""The safety net over a card's node limit (the clock: past it, the worlds solved so far)."""

TABLE = Budget(
    "table",
    calls=(32, 16, 160),
    keeps=(16, 8, 64),
    cards=(8, 8, 48),
    nodes=120_000,
    opening_nodes=200_000,
    deadline_ms=DEADLINE_MS,
)
"""At the table (the expert bot, the hint, the advisor, the review): about a second of one
core at most (benchmarks/bench_coach.py)."""
QUICK = Budget(
    "quick",
    calls=(16, 8, 32),
    keeps=(8, 8, 16),
    cards=(4, 4, 8),
    nodes=24_000,
    opening_nodes=40_000,
)
BUDGET_DEADLINE = -1.0
"""``max_ms`` meaning "the budget's own deadline" (:attr:`Budget.deadline_ms`)."""
"""For tests that need many evaluations fast (the same procedure, fewer worlds)."""
BUDGETS = {b.name: b for b in (TABLE, QUICK)}


def default_budget() -> Budget:
    """The budget of the expert bot and of all advice: ``CINCH_EVAL_BUDGET`` (``table``, the
    default, or ``quick``: the same procedure with fewer worlds, for tests that play many
    hands through the app)."""
    name = os.environ.get("CINCH_EVAL_BUDGET", "").strip() or TABLE.name
    if name not in BUDGETS:
        raise InvalidInput(
            f"CINCH_EVAL_BUDGET must be one of {', '.join(BUDGETS)}, not {name[:40]!r}"
        )
    return BUDGETS[name]


class Pricer(Protocol):
    nodes: int
    fixed: State | None

    def add_world(self) -> None: ...

    def outcomes(self) -> dict[Action, list[Outcome]]: ...


def kind_of(obs: Observation, legal: Sequence[Action]) -> str:
    if obs.phase is Phase.BID:
        return CALL
    if obs.phase is Phase.TRUMP:
        return TRUMP
    if obs.phase is Phase.REFILL:
        return DEALER_KEEP if obs.pending == DEALER_KEEPS else KEEP
    if obs.phase is Phase.PLAY:
        return PILE if any(isinstance(a, PlayCard) and a.beneath for a in legal) else CARD
    raise ValueError(f"no decision to evaluate in the {obs.phase.value} phase")


def _pricer(
    kind: str,
    obs: Observation,
    legal: list[Action],
    include: tuple[Action, ...],
    rng: random.Random,
    players: str = PLAYERS,
) -> Pricer:
    """The pricer of one kind; ``players`` play the worlds of a call, trump or keep out (a
    card is solved: no players)."""
    if kind == CALL:
        return CallPricer(obs, legal, include, rng, actor(players))
    if kind == TRUMP:
        return TrumpPricer(obs, legal, include, rng, actor(players))
    if kind in (KEEP, DEALER_KEEP):
        return KeepPricer(obs, legal, include, rng, actor(players))
    return CardPricer(obs, legal, include, rng)


def actor(players: str) -> Actor | None:
    """The bot named ``players`` as the players of the worlds (None: :data:`PLAYERS`, the
    fast playout). Each acts as :func:`tutorial.bots.decide` would — the same random stream
    for the same (bot, observation, seed) — but is resolved here, so that the evaluator
    imports no bot that imports it. Raises :class:`InvalidInput` for an unknown bot."""
    if players == PLAYERS:
        return None
    found = _ACTORS.get(players)
    if found is None:
        names = ", ".join(sorted((PLAYERS, *_ACTORS)))
        raise InvalidInput(f"unknown bot {players!r}: expected one of {names}")
    return found


def _random_actor(state: State, seed: int) -> Action:
    obs = observe(state, state.to_act)
    return decide_random(obs, rng_for("random", obs, seed))


def _expert_actor(state: State, seed: int) -> Action:
    """The expert bot (:func:`tutorial.bots.expert.decide_expert`): the evaluator's choice."""
    obs = observe(state, state.to_act)
    legal = legal_actions(obs)
    if len(legal) == 1:
        return legal[0]
    return evaluate_stream(obs, stream(obs, seed), default_budget()).choice


_ACTORS: dict[str, Actor] = {"random": _random_actor, "expert": _expert_actor}


def prior(obs: Observation, legal: list[Action]) -> Action:
    """The ``rules`` bot's action: the choice where the worlds cannot tell it from the
    best (for a card, only where it is exactly as good on average)."""
    if obs.phase is Phase.PLAY:
        return choose_play(Knowledge.of(obs), [a for a in legal if isinstance(a, PlayCard)])
    return decide_rules(obs, random.Random(0))


def stream(obs: Observation, seed: int) -> random.Random:
    """The decision's random stream: the expert bot's, a function of (observation, seed)."""
    return rng_for("expert", obs, seed)


def evaluate(
    obs: Observation,
    seed: int = 0,
    budget: Budget | None = None,
    include: Sequence[Action] = (),
    *,
    players: str = PLAYERS,
) -> Evaluation:
    """Every option of the seat to act in ``obs`` (which must observe the seat to act)
    priced over the same worlds, drawn from the decision's stream for ``seed``;
    ``include``: actions to price besides the usual candidates (the one a learner took, e.g.
    a pile with other cards beneath); ``players``: the bot that plays the worlds of a call,
    trump or keep out (:data:`~tutorial.bots.evaluator.bidding.PLAYERS`, ``rules``: the one
    evaluator's policy; another answers "what if every seat played like that bot")."""
    return evaluate_stream(
        obs, stream(obs, seed), budget or default_budget(), include, players=players
    )


def evaluate_stream(
    obs: Observation,
    rng: random.Random,
    budget: Budget = TABLE,
    include: Sequence[Action] = (),
    *,
    max_nodes: int | None = None,
    max_ms: float | None = BUDGET_DEADLINE,
    players: str = PLAYERS,
) -> Evaluation:
    """:func:`evaluate` with the decision's random stream given (the expert bot's).
    ``max_nodes`` replaces the budget's node limit of a card, ``max_ms`` its deadline (None:
    none; by default the budget's)."""
    if max_ms is not None and max_ms < 0:
        max_ms = budget.deadline_ms
    if obs.to_act != obs.seat:
        raise ValueError("an evaluation is for the seat to act")
    legal = legal_actions(obs)
    kind = kind_of(obs, legal)
    p = get_profile(obs.profile)
    goal = objective(p, obs.score)
    rules = prior(obs, legal)
    asked = tuple(a for a in include if a in legal)
    if len(legal) == 1:
        return Evaluation.forced(obs.seat, kind, goal, legal[0], budget.name)
    lo, batch, hi = budget.worlds(kind)
    try:
        pricer = _pricer(kind, obs, legal, asked, rng, players)
        if isinstance(pricer, CardPricer):
            pricer.cap = budget.node_cap(obs) if max_nodes is None else max_nodes
            pricer.limit = Limit.of(max_ms=max_ms)
        n = 0
        while True:
            for _ in range(lo if n == 0 else batch):
                pricer.add_world()
            n = lo if n == 0 else n + batch
            outcomes = pricer.outcomes()
            values = {a: [o.value for o in os] for a, os in outcomes.items()}
            order = [rules, *sorted((a for a in values if a != rules), key=str)]
            compared = compare(values, order)
            if n >= hi or resolved(compared):
                break
            if isinstance(pricer, CardPricer) and (pricer.stopped or pricer.nodes >= pricer.cap):
                break
    except ResampleError:
        return Evaluation.unsampled(obs.seat, kind, goal, rules, tuple(legal), budget.name)
    top = next(iter(compared))
    if kind in (CARD, PILE):
        same = [
            a
            for a in compared
            if isinstance(a, PlayCard)
            and isinstance(rules, PlayCard)
            and a.card == rules.card
            and compared[a].cost == 0.0
        ]
        choice = same[0] if same else top
    else:
        choice = rules if rules in compared and compared[rules].best else top
    options = tuple(
        Option(a, c.mean, c.se, c.cost, c.cost_se, c.best, c.equivalent, breakdown(outcomes[a]))
        for a, c in compared.items()
    )
    suits: tuple[SuitOutlook, ...] = ()
    chosen: tuple[tuple[Action, int], ...] = ()
    if isinstance(pricer, CallPricer):
        suits = tuple(SuitOutlook.of(s, pts) for s, pts in pricer.suits().items())
        chosen = tuple(pricer.chosen_suits().items())
    stopped = pricer.stopped if isinstance(pricer, CardPricer) else ""
    return Evaluation(
        obs.seat,
        kind,
        goal,
        choice,
        options,
        len(next(iter(values.values()))),
        resolved(compared) and not stopped,
        budget.name,
        suits,
        chosen,
        pricer.nodes,
        stopped,
    )


def on_the_deal(
    state: State, include: Sequence[Action] = (), players: str = PLAYERS
) -> dict[Action, float]:
    """The options of the seat to act in ``state`` valued in the actual deal alone (the
    review's double-dummy cost for a card; for a call, trump or keep the bots' playout of
    the actual deal, chance drawn from a fixed stream): each option → the objective."""
    obs = observe(state, state.to_act)
    legal = legal_actions(obs)
    kind = kind_of(obs, legal)
    asked = tuple(a for a in include if a in legal)
    pricer = _pricer(kind, obs, legal, asked, random.Random(0), players)
    pricer.fixed = state
    pricer.add_world()
    return {a: os[0].value for a, os in pricer.outcomes().items()}
