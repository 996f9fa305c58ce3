"""The one evaluator: every kind of decision, the same worlds for the same (observation,
seed), the expert's action among the best, the seat's view only."""

from __future__ import annotations

import json
import random

import pytest

import tutorial.bots.evaluator.core as core
from tests.bots.evaluator.points import by_kind
from tests.bots.twins import twin
from tutorial.bots import decide
from tutorial.bots.evaluator import GAME, QUICK, SCORE, Evaluation, evaluate, objective
from tutorial.bots.evaluator.bidding import suits_worth_considering
from tutorial.bots.evaluator.outcome import Outcome
from tutorial.bots.view import legal_actions
from tutorial.engine.actions import Action, Call
from tutorial.engine.errors import InvalidInput
from tutorial.engine.observe import observe
from tutorial.engine.profiles import CLASSIC_51, PAGAT_62
from tutorial.engine.state import State

KINDS = {
    "pagat-62": ("call", "trump", "dealer_keep", "card", "pile"),
    "classic-51": ("call", "trump", "keep", "card"),
}


def _points(per_kind: int = 2) -> list[tuple[str, State]]:
    out = []
    for profile, kinds in KINDS.items():
        for kind, states in by_kind(profile, 5, per_kind, kinds).items():
            out += [(kind, s) for s in states]
    return out


POINTS = _points()


@pytest.mark.parametrize(("kind", "state"), POINTS, ids=[k for k, _ in POINTS])
def test_every_kind_is_priced_and_the_choice_is_one_of_the_best(
    kind: str, state: State, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CINCH_EVAL_BUDGET", "quick")
    obs = observe(state, state.to_act)
    ev = evaluate(obs, 3, QUICK)
    assert ev.kind == kind and ev.worlds >= 1
    # at least the least worlds, unless a card's node limit stopped the sampling first
    assert ev.worlds >= QUICK.worlds(kind)[0] or ev.nodes >= QUICK.node_cap(obs)
    assert ev.choice in ev.best_set and ev.choice in legal_actions(obs)
    assert ev.top.cost == 0.0 and ev.top.best
    values = [o.value for o in ev.options]
    assert values == sorted(values, reverse=True)
    for o in ev.options:
        assert o.cost == pytest.approx(ev.top.value - o.value, abs=1e-9)
        assert o.best == (not (o.cost > 0.05 and o.cost > 2 * o.cost_se))
        b = o.breakdown
        assert b.worlds == ev.worlds
        assert b.we_hold + b.they_hold + b.thrown_in == pytest.approx(1.0)
        assert 0 <= b.we_made <= b.we_hold + 1e-9 and 0 <= b.they_made <= b.they_hold + 1e-9
    # the expert bot plays the choice; the same question gives the same answer
    assert decide("expert", obs, 3) == ev.choice
    again = evaluate(obs, 3, QUICK)
    assert again.to_json() == ev.to_json()
    assert Evaluation.from_json(json.loads(json.dumps(ev.to_json()))).to_json() == ev.to_json()


def test_cards_the_seat_cannot_see_never_change_the_evaluation() -> None:
    rng = random.Random(8)
    compared = 0
    for _kind, state in POINTS:
        seat = state.to_act
        other = twin(state, seat, rng)
        if other is None:
            continue
        obs = observe(state, seat)
        assert observe(other, seat) == obs
        theirs = evaluate(observe(other, seat), 4, QUICK)
        assert theirs.to_json() == evaluate(obs, 4, QUICK).to_json()
        compared += 1
    assert compared >= 8, compared


def test_a_call_prices_every_legal_call_and_names_the_suit_for_each_bid() -> None:
    states = by_kind("pagat-62", 11, 1, ("call",))["call"]
    obs = observe(states[0], states[0].to_act)
    ev = evaluate(obs, 0, QUICK)
    assert {o.action for o in ev.options} == set(legal_actions(obs))
    bids = [a for a in legal_actions(obs) if isinstance(a, Call) and a.value is not None]
    assert all(ev.suit_of(b) in range(4) for b in bids)
    considered = suits_worth_considering(PAGAT_62, obs.hand)
    assert [s.suit for s in ev.suits] == list(considered)  # the suits it would ever name
    assert all(ev.suit_of(b) in considered for b in bids)


class _Fake:
    """A pricer whose worlds are given: option ``a`` gains ``gain`` a world (plus noise)."""

    def __init__(self, gain: float, noise: float) -> None:
        self.gain, self.noise, self.n, self.nodes, self.fixed = gain, noise, 0, 0, None

    def add_world(self) -> None:
        self.n += 1

    def outcomes(self) -> dict[Action, list[Outcome]]:
        def o(v: float) -> Outcome:
            return Outcome(1, 7, 0, 0, True, False, 0, v)

        wobble = [self.noise * (1 if i % 2 else -1) for i in range(self.n)]
        return {
            Call(None): [o(0.0) for _ in range(self.n)],
            Call(7): [o(self.gain + w) for w in wobble],
        }


@pytest.mark.parametrize(("gain", "noise", "stops_at"), [(3.0, 0.0, 16), (0.2, 9.0, 32)])
def test_sampling_stops_once_resolved_or_at_the_budget(
    gain: float, noise: float, stops_at: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = _Fake(gain, noise)
    monkeypatch.setattr(core, "_pricer", lambda *a: fake)
    state = by_kind("pagat-62", 11, 1, ("call",))["call"][0]
    obs = observe(state, state.to_act)
    ev = evaluate(obs, 0, QUICK)  # calls: at least 16 worlds, 8 more at a time, at most 32
    assert ev.worlds == stops_at == fake.n
    assert ev.resolved == (stops_at < 32)


def test_the_objective_is_the_game_where_this_hand_can_end_it() -> None:
    assert objective(PAGAT_62, (0, 0)) == SCORE
    assert objective(PAGAT_62, (50, 10)) == GAME
    assert objective(CLASSIC_51, (0, 0)) == SCORE
    assert objective(CLASSIC_51, (10, 45)) == GAME


def test_the_budget_setting_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CINCH_EVAL_BUDGET", "quick")
    assert core.default_budget() is QUICK
    monkeypatch.setenv("CINCH_EVAL_BUDGET", "huge")
    with pytest.raises(InvalidInput, match="CINCH_EVAL_BUDGET"):
        core.default_budget()
