"""Review a finished hand for one seat: every decision priced, labelled and explained.

:func:`review` rebuilds each of the seat's decision points by replaying the hand from the
deal (``State(profile, dealer, dealt, stock)`` and then ``State.history``) and asks the one
evaluator (:func:`tutorial.bots.evaluator.evaluate`) about each, with the seat's observation at
that moment, the hand's seed and the table's budget — the same question, so the same worlds
and values, as the hint and the advisor asked at the table. The action taken is priced with
the others (``include``). Its ``expected_cost`` is the best option's value minus its own, in
the objective's points (the change of the game score, ours less theirs; where the hand can
end the game, a win counts 50), with the paired standard error; the label
(:mod:`tutorial.coach.labels`) is ``best`` for an option within the noise of the best, and
worse than ``good`` only for a cost that is both large and significant. ``best`` is the
action itself when it is one of the best, else the expert's choice.

``dd_cost`` is the same difference on the actual deal (:func:`tutorial.bots.evaluator.core.
on_the_deal`: solved double-dummy for a card, the bots' playout for the others). A card
labelled inaccuracy or worse gets a named reason where the solver proves one
(:mod:`tutorial.coach.reasons`) and what it gave away on average; a call, the choice of
trump or a keep that is not best gets the reason from the breakdown (:mod:`tutorial.coach.
why`): no verdict without a reason. Deterministic for a given hand, seat, seed and budget.

``bot`` (``cinch review --bot``): the bot that plays the worlds of the calls, the choice of
trump and the keeps out (the cards are solved double-dummy whatever it is); ``rules``, the
default, is the one evaluator's — the hint's, the advisor's and the expert's.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from tutorial.bots.evaluator import Budget, Evaluation, default_budget, evaluate
from tutorial.bots.evaluator.core import on_the_deal
from tutorial.bots.evaluator.result import json_number
from tutorial.coach.advise import DEFAULT_BOT, budget_of, check_bot
from tutorial.coach.labels import label_of
from tutorial.coach.reasons import REASONS, find_reason, reason_text
from tutorial.coach.values import world_values
from tutorial.coach.why import Why, gave_away, why
from tutorial.engine.actions import (
    Action,
    Call,
    DealerKeep,
    Keep,
    NameTrump,
    PlayCard,
    parse_action,
)
from tutorial.engine.observe import observe
from tutorial.engine.seats import SEAT_LETTERS
from tutorial.engine.state import CHANCE, Phase, State
from tutorial.i18n import Translator
from tutorial.jsonvalue import JsonObject


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed seat, priced."""

    index: int
    """Position of the action in ``State.history``."""
    phase: Phase
    action: Action
    best: Action
    """The action itself when it is one of the best, else the expert's choice."""
    expected_cost: float
    """The best option's value minus the action's over the worlds the seat could not tell
    apart, in the objective's points (the game score, ours less theirs)."""
    dd_cost: int
    """The same on the actual deal against the best action there."""
    label: str
    reason: str | None
    """A reason code of :data:`~tutorial.coach.reasons.REASONS` (a card, proved by the
    solver) or of :data:`~tutorial.coach.reasons.WHY_MESSAGES` (a call, trump or keep)."""
    samples: int
    """Worlds the expected cost averages over."""
    options: tuple[tuple[Action, float], ...]
    """Each action considered, with its expected value, best first."""
    trick: int | None = None
    """For a card, the trick it was played to (1-based)."""
    cost_se: float = 0.0
    """Standard error of ``expected_cost`` (paired over the same worlds)."""
    close: tuple[Action, ...] = ()
    """Other actions within the noise of the best: a close call between them."""
    why: Why | None = None
    """For a call, trump or keep that is not best: the best against it, broken down."""
    gave_away: float | None = None
    """For a card that is not best: points of the hand it gives away on average."""
    objective: str = "score"

    def reason_text(self, tr: Translator) -> str | None:
        if self.why is not None:
            from tutorial.coach.reasons import why_text

            return why_text(self.why.code, dict(self.why.params), tr)
        return reason_text(self.reason, tr)

    def to_json(self) -> JsonObject:
        return {
            "index": self.index,
            "phase": self.phase.value,
            "trick": self.trick,
            "action": str(self.action),
            "best": str(self.best),
            "expected_cost": round(self.expected_cost, 3),
            "cost_se": json_number(self.cost_se),
            "dd_cost": self.dd_cost,
            "label": self.label,
            "reason": self.reason,
            "samples": self.samples,
            "options": [{"action": str(a), "value": round(v, 3)} for a, v in self.options],
            "close": [str(a) for a in self.close],
            "why": self.why.to_json() if self.why is not None else None,
            "gave_away": None if self.gave_away is None else round(self.gave_away, 3),
            "objective": self.objective,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        why_data = data.get("why")
        trick = data.get("trick")
        away = data.get("gave_away")
        return cls(
            int(data["index"]),
            Phase(str(data["phase"])),
            parse_action(str(data["action"])),
            parse_action(str(data["best"])),
            float(data["expected_cost"]),
            int(data["dd_cost"]),
            str(data["label"]),
            None if data.get("reason") is None else str(data["reason"]),
            int(data["samples"]),
            tuple((parse_action(str(o["action"])), float(o["value"])) for o in data["options"]),
            None if trick is None else int(trick),
            float("inf") if data.get("cost_se") is None else float(data["cost_se"]),
            tuple(parse_action(str(a)) for a in data.get("close", [])),
            None if why_data is None else Why.from_json(why_data),
            None if away is None else float(away),
            str(data.get("objective", "score")),
        )


@dataclass(frozen=True, slots=True)
class NotPriced:
    """A decision of the seat the coach does not price (yet), and why."""

    index: int
    phase: Phase
    action: Action
    why: str

    def to_json(self) -> JsonObject:
        return {
            "index": self.index,
            "phase": self.phase.value,
            "action": str(self.action),
            "why": self.why,
        }


@dataclass(frozen=True, slots=True)
class Review:
    seat: int
    profile: str
    decisions: tuple[Decision, ...]
    not_priced: tuple[NotPriced, ...]
    samples: int
    seed: int
    ms: float
    bot: str = DEFAULT_BOT
    """The bot that played the worlds of the calls, trump and keeps out."""

    @property
    def total_expected_cost(self) -> float:
        """The expected costs of the decisions priced, added (rounded as its JSON gives it)."""
        return round(sum(d.expected_cost for d in self.decisions), 3)

    def to_json(self) -> JsonObject:
        return {
            "seat": SEAT_LETTERS[self.seat],
            "profile": self.profile,
            "samples": self.samples,
            "seed": self.seed,
            "bot": self.bot,
            "decisions": [d.to_json() for d in self.decisions],
            "not_priced": [d.to_json() for d in self.not_priced],
            "total_expected_cost": self.total_expected_cost,
            "ms": round(self.ms, 1),
        }


def decision_points(final: State, seat: int) -> list[tuple[int, State, Action]]:
    """(index in the history, the state before the action, the action) for every action
    ``seat`` took in ``final``, rebuilt by replaying the hand from the deal."""
    st = final.restart()
    out = []
    for i, (action, _saved) in enumerate(final.history):
        if st.to_act == seat and st.to_act != CHANCE:
            out.append((i, st.copy(), action))
        st.apply(action)
    return out


def review(
    final: State,
    seat: int,
    *,
    samples: int | None = None,
    seed: int = 0,
    calls: bool = True,
    budget: Budget | None = None,
    bot: str = DEFAULT_BOT,
    hinted: Mapping[int, Collection[Action]] | None = None,
) -> Review:
    """Price every decision ``seat`` took in the finished hand ``final``, each with the
    evaluator at the table's budget (``budget``, or at most ``samples`` worlds). With
    ``calls`` False the calls and the choice of trump are listed as not priced. ``bot``
    plays the worlds of the calls, trump and keeps out (``rules``: the evaluator's own).
    ``hinted``: for a decision a hint was shown for (its index in the history), the hint's
    best set: an action in it is labelled best (what the learner was told stands; a card's
    hint may have stopped at its deadline with other values than this evaluation's)."""
    check_bot(bot)
    if final.phase is not Phase.DONE:
        raise ValueError(f"review needs a finished hand, not one in the {final.phase.value} phase")
    if seat not in (0, 1, 2, 3):
        raise ValueError(f"a seat is 0..3, not {seat!r}")
    if samples is not None and samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples!r}")
    budget = budget or budget_of(samples) or default_budget()
    start = time.perf_counter()
    decisions: list[Decision] = []
    skipped: list[NotPriced] = []
    for index, before, action in decision_points(final, seat):
        if isinstance(action, Call | NameTrump) and not calls:
            skipped.append(NotPriced(index, before.phase, action, "calls were not asked for"))
            continue
        if not isinstance(action, Call | NameTrump | Keep | DealerKeep | PlayCard):
            continue
        ev = evaluate(observe(before, seat), seed, budget, include=(action,), players=bot)
        if ev.worlds == 0 and not ev.is_forced():
            skipped.append(NotPriced(index, before.phase, action, "no world sampled"))
            continue
        told = (hinted or {}).get(index, ())
        decisions.append(_priced(index, before, action, ev, final, bot, action in told))
    ms = (time.perf_counter() - start) * 1000.0
    n = budget.cards[2]
    return Review(seat, final.profile.name, tuple(decisions), tuple(skipped), n, seed, ms, bot)


def _priced(
    index: int,
    before: State,
    action: Action,
    ev: Evaluation,
    final: State,
    bot: str = DEFAULT_BOT,
    hinted_best: bool = False,
) -> Decision:
    trick = len(before.tricks) + 1 if isinstance(action, PlayCard) else None
    if ev.is_forced():  # nothing to choose
        return Decision(
            index, before.phase, action, action, 0.0, 0, "best", None, 0, ((action, 0.0),), trick
        )
    opt = ev.option(action)
    assert opt is not None, "the action taken is always priced"
    best = action if opt.best or hinted_best else ev.choice
    label = "best" if opt.best or hinted_best else label_of(opt.cost)
    actual = on_the_deal(before, include=(action, best), players=bot)
    dd_cost = round(max(actual.values()) - actual.get(action, min(actual.values())))
    reason: str | None = None
    reasons: Why | None = None
    away: float | None = None
    if best != action:
        if isinstance(action, PlayCard):
            away = gave_away(ev, action, best)
            if dd_cost > 0 and label not in ("best", "good"):
                assert isinstance(best, PlayCard)
                reason = find_reason(before, action, best, final, world_values(before).search)
                assert reason is None or reason in REASONS
        else:
            reasons = why(ev, action, best, final.profile.name)
            reason = reasons.code if reasons is not None else None
    options = tuple((o.action, o.value) for o in ev.options)
    close = tuple(a for a in ev.best_set if a != best and not _equivalent(ev, a))
    return Decision(
        index,
        before.phase,
        action,
        best,
        opt.cost,
        max(0, dd_cost),
        label,
        reason,
        ev.worlds,
        options,
        trick,
        opt.cost_se,
        close,
        reasons,
        away,
        ev.objective,
    )


def _equivalent(ev: Evaluation, action: Action) -> bool:
    o = ev.option(action)
    return o is not None and o.equivalent
