"""Review a finished hand for one seat: every decision priced, labelled and explained.

:func:`review` rebuilds each of the seat's decision points by replaying the hand from the
deal (``State(profile, dealer, dealt, stock)`` and then ``State.history``) and prices the
action taken against the best one:

* **cards** — over ``samples`` worlds consistent with what the seat saw at that moment
  (:func:`~tutorial.engine.worlds.sample_world` on its observation, never the real hands),
  each solved double-dummy; an action's expected value is its average over the worlds, the
  best action is the one with the highest average, and ``expected_cost`` (points of the
  hand) is the best's average minus the action's. ``dd_cost`` is the same difference on the
  actual deal (the best card there, the actual hidden hands). On the first trick a pile is
  valued with the cards beneath it exactly as played; each other top card is offered with
  the cards beneath the solver most often chose for it.
* **calls and trump** — by the bid advisor (:mod:`tutorial.coach.advise`: worlds sampled
  at the call, each played out by the bots): the expected change of the side's game score
  minus the other side's, so the cost is in points of the game score (a set bid loses its
  amount); ``dd_cost`` is the advisor on the actual deal (the bots' play of it).
* **the refill's keep decisions** (a classic discard's keep, the dealer's keep) — over
  sampled worlds, each option played out by the bots (:mod:`tutorial.coach.keeps`), in
  points of the hand; ``dd_cost`` is the same on the actual deal.

The label comes from the expected cost (:mod:`tutorial.coach.labels`); a named reason from
:mod:`tutorial.coach.reasons`, proved on the line played and by the solver. Deterministic for
a given hand, seat, ``samples`` and ``seed``.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from tutorial.coach.advise import Table, call_values, outcome_table, trump_values
from tutorial.coach.keeps import keep_values
from tutorial.coach.labels import label_of, worse_than_good
from tutorial.coach.playout import DEFAULT_BOT
from tutorial.coach.reasons import REASONS, find_reason, reason_text
from tutorial.coach.values import WorldValues, top_candidates, world_values
from tutorial.engine.actions import Action, Call, DealerKeep, Keep, NameTrump, PlayCard
from tutorial.engine.observe import observe
from tutorial.engine.seats import SEAT_LETTERS
from tutorial.engine.state import CHANCE, Phase, State
from tutorial.engine.worlds import ResampleError, sample_world
from tutorial.i18n import Translator

BID_SAMPLES = 32
"""Worlds the advisor samples for a call or the choice of trump (at most ``samples``): each
is played out by the bots (a few ms), so they cost a fraction of one card's solves."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed seat, priced."""

    index: int
    """Position of the action in ``State.history``."""
    phase: Phase
    action: Action
    best: Action
    expected_cost: float
    """Points lost in expectation against ``best`` over the worlds the seat could not tell
    apart (points of the hand for a card; of the game score for a call or trump)."""
    dd_cost: int
    """Points lost double-dummy on the actual deal against the best action there."""
    label: str
    reason: str | None
    """A reason code of :data:`~tutorial.coach.reasons.REASONS`, or None."""
    samples: int
    """Worlds the expected cost averages over."""
    options: tuple[tuple[Action, float], ...]
    """Each action considered, with its expected value, best first."""
    trick: int | None = None
    """For a card, the trick it was played to (1-based)."""

    def reason_text(self, tr: Translator) -> str | None:
        return reason_text(self.reason, tr)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "phase": self.phase.value,
            "trick": self.trick,
            "action": str(self.action),
            "best": str(self.best),
            "expected_cost": round(self.expected_cost, 3),
            "dd_cost": self.dd_cost,
            "label": self.label,
            "reason": self.reason,
            "samples": self.samples,
            "options": [{"action": str(a), "value": round(v, 3)} for a, v in self.options],
        }


@dataclass(frozen=True, slots=True)
class NotPriced:
    """A decision of the seat the coach does not price (yet), and why."""

    index: int
    phase: Phase
    action: Action
    why: str

    def to_json(self) -> dict[str, Any]:
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

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": SEAT_LETTERS[self.seat],
            "profile": self.profile,
            "samples": self.samples,
            "seed": self.seed,
            "decisions": [d.to_json() for d in self.decisions],
            "not_priced": [d.to_json() for d in self.not_priced],
            "total_expected_cost": round(sum(d.expected_cost for d in self.decisions), 3),
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
    samples: int = 24,
    seed: int = 0,
    calls: bool = True,
    bot: str = DEFAULT_BOT,
) -> Review:
    """Price every decision ``seat`` took in the finished hand ``final``. With ``calls``
    False the calls and the choice of trump are listed as not priced. ``bot`` plays the
    advisor's hands (calls and trump) for every seat."""
    if final.phase is not Phase.DONE:
        raise ValueError(f"review needs a finished hand, not one in the {final.phase.value} phase")
    if seat not in (0, 1, 2, 3):
        raise ValueError(f"a seat is 0..3, not {seat!r}")
    if samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples!r}")
    start = time.perf_counter()
    decisions: list[Decision] = []
    skipped: list[NotPriced] = []
    tables: dict[str, Table] = {}  # the advisor's worlds, shared by the seat's calls
    for index, before, action in decision_points(final, seat):
        rng = random.Random(seed * 1_000_003 + index)
        try:
            if isinstance(action, PlayCard):
                decisions.append(_price_card(index, before, action, final, samples, rng))
                continue
            if isinstance(action, Call | NameTrump) and calls:
                n = min(samples, BID_SAMPLES)
                decisions.append(_price_call(index, before, action, n, rng, tables, bot))
                continue
            if isinstance(action, Keep | DealerKeep):
                n = min(samples, BID_SAMPLES)
                decisions.append(_price_keep(index, before, action, n, rng, bot))
                continue
        except ResampleError as exc:
            skipped.append(NotPriced(index, before.phase, action, f"no world sampled: {exc}"))
            continue
        skipped.append(NotPriced(index, before.phase, action, "calls were not asked for"))
    ms = (time.perf_counter() - start) * 1000.0
    return Review(seat, final.profile.name, tuple(decisions), tuple(skipped), samples, seed, ms)


def _ranked(expected: dict[Action, float], action: Action) -> list[tuple[Action, float]]:
    """Actions best first; among equals, the action taken first (so it is 'best')."""
    return sorted(expected.items(), key=lambda kv: (-kv[1], kv[0] != action))


def _price_card(
    index: int,
    before: State,
    action: PlayCard,
    final: State,
    samples: int,
    rng: random.Random,
) -> Decision:
    legal = before.legal_actions()
    trick = len(before.tricks) + 1
    if len(legal) == 1:  # forced: nothing to choose
        return Decision(
            index, Phase.PLAY, action, action, 0.0, 0, "best", None, 0, ((action, 0.0),), trick
        )
    obs = observe(before, before.to_act)
    worlds: list[WorldValues] = [world_values(sample_world(obs, rng)) for _ in range(samples)]
    # candidates: each top card with the cards beneath the solver chose most often for it
    candidates = {*top_candidates(worlds), action}
    expected: dict[Action, float] = {
        a: sum(w.of(a) for w in worlds) / len(worlds) for a in candidates
    }
    ranked = _ranked(expected, action)
    best = ranked[0][0]
    assert isinstance(best, PlayCard)
    cost = max(0.0, ranked[0][1] - expected[action])
    actual = world_values(before)
    dd_cost = actual.best_value - actual.of(action)
    label = label_of(cost)
    reason = None
    if dd_cost > 0 and worse_than_good(label):
        reason = find_reason(before, action, best, final, actual.search)
    assert reason is None or reason in REASONS
    return Decision(
        index,
        Phase.PLAY,
        action,
        best,
        cost,
        dd_cost,
        label,
        reason,
        len(worlds),
        tuple(ranked),
        trick,
    )


def _price_keep(
    index: int,
    before: State,
    action: Keep | DealerKeep,
    samples: int,
    rng: random.Random,
    bot: str,
) -> Decision:
    if len(before.legal_actions()) == 1:  # forced: nothing to choose
        return Decision(
            index, Phase.REFILL, action, action, 0.0, 0, "best", None, 0, ((action, 0.0),)
        )
    expected, actual = keep_values(before, action, samples, rng, bot)
    ranked = _ranked(expected, action)
    cost = max(0.0, ranked[0][1] - expected[action])
    dd_cost = max(actual.values()) - actual[action]
    return Decision(
        index,
        Phase.REFILL,
        action,
        ranked[0][0],
        cost,
        dd_cost,
        label_of(cost),
        None,
        samples,
        tuple(ranked),
    )


def _price_call(
    index: int,
    before: State,
    action: Call | NameTrump,
    samples: int,
    rng: random.Random,
    tables: dict[str, Table],
    bot: str,
) -> Decision:
    seat = before.to_act
    if not tables:
        obs = observe(before, seat)
        worlds = [sample_world(obs, rng) for _ in range(samples)]
        tables["sampled"] = outcome_table(worlds, seat, index, bot)
        tables["actual"] = outcome_table([before], seat, index, bot)
    fn = call_values if isinstance(action, Call) else trump_values
    expected = fn(before, seat, tables["sampled"])
    actual = fn(before, seat, tables["actual"])
    ranked = _ranked(expected, action)
    best = ranked[0][0]
    cost = max(0.0, ranked[0][1] - expected[action])
    dd_cost = round(max(actual.values()) - actual[action])
    n = len(tables["sampled"].worlds)
    return Decision(
        index, before.phase, action, best, cost, dd_cost, label_of(cost), None, n, tuple(ranked)
    )
