"""The expert's calls and trump by simulation (``tutorial.bots.simbid``): the choice rule,
the candidates, and common random numbers — cheap cases (strength is measured in
``benchmarks/bench_bidding.py``, not here)."""

from __future__ import annotations

import random

import pytest

import tutorial.bots.expert as expert
import tutorial.bots.simbid as simbid
from tests.bots.twins import twin
from tutorial.bots import decide
from tutorial.bots.rules import choose_call
from tutorial.bots.view import legal_actions
from tutorial.engine.actions import PASS, Call, NameTrump
from tutorial.engine.cards import mask_of, parse_cards
from tutorial.engine.observe import Observation, observe
from tutorial.engine.profiles import PAGAT_62
from tutorial.engine.state import Phase, State


def _deal(first: str, dealer: int = 3) -> State:
    mine = parse_cards(first.split())
    rest = [c for c in range(52) if c not in mine]
    random.Random(3).shuffle(rest)
    hands = [mask_of(mine), mask_of(rest[0:9]), mask_of(rest[9:18]), mask_of(rest[18:27])]
    return State(PAGAT_62, dealer, hands, rest[27:])


def test_the_default_stands_unless_an_alternative_gains_significantly() -> None:
    base = [0, 4, -7, 2, 9, -3, 0, 5] * 4
    same = {"rules": base, "other": list(base)}
    assert simbid.pick(same, "rules") == "rules"
    better = {"rules": base, "other": [v + 3 for v in base]}
    assert simbid.pick(better, "rules") == "other"
    # +1 on average but spread over ±14 a world: not significant over 32 worlds
    noisy = {"rules": base, "other": [v + (15 if i % 2 else -13) for i, v in enumerate(base)]}
    assert simbid.pick(noisy, "rules") == "rules"
    small = {"rules": base, "other": [v + (1 if i % 4 == 0 else 0) for i, v in enumerate(base)]}
    assert simbid.pick(small, "rules") == "rules"  # a sure gain under MIN_GAIN a hand
    two = {"rules": base, "a": [v + 2 for v in base], "b": [v + 4 for v in base]}
    assert simbid.pick(two, "rules") == "b"  # the largest significant gain
    worse = {"rules": base, "other": [v - 3 for v in base]}
    assert simbid.pick(worse, "rules") == "rules"


def _obs_after(s: State, calls: list[int | None]) -> Observation:
    for v in calls:
        s.apply(Call(v))
    return observe(s, s.to_act)


def test_the_candidates_are_the_rules_call_one_above_one_below_and_pass() -> None:
    obs = _obs_after(_deal("AH KH QH JH TH 5H 5D 2H 3C"), [])
    legal = legal_actions(obs)
    rules = choose_call(PAGAT_62, obs, legal)
    assert isinstance(rules, Call) and rules.value is not None and rules.value > 7
    got = simbid.candidate_calls(PAGAT_62, obs, legal)
    assert got == [
        rules,
        Call(rules.value - 1),
        *[Call(rules.value + 1)] * (rules.value < 14),
        PASS,
    ]
    weak = _obs_after(_deal("3C 4C 6C 7D 8D 9S 3S 4S 6D"), [])
    assert simbid.candidate_calls(PAGAT_62, weak, legal_actions(weak)) == [PASS, Call(7)]
    after = _obs_after(_deal("3C 4C 6C 7D 8D 9S 3S 4S 6D", dealer=2), [8])  # D bid 8
    assert simbid.candidate_calls(PAGAT_62, after, legal_actions(after)) == [PASS, Call(9)]


def test_every_candidate_call_is_played_in_the_same_worlds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(simbid, "BID_WORLDS", 6)
    drawn: list[State] = []
    real = simbid.bid_world

    def counting(p: object, obs: Observation, rng: random.Random) -> State:
        w = real(PAGAT_62, obs, rng)
        drawn.append(w)
        return w

    monkeypatch.setattr(simbid, "bid_world", counting)
    obs = _obs_after(_deal("AH KH 9H 4H 5D 2C 3C 8S 9S"), [])
    legal = legal_actions(obs)
    call = simbid.simulated_call(obs, legal, random.Random(1))
    assert call in simbid.candidate_calls(PAGAT_62, obs, legal)
    assert len(drawn) == 6  # one world per sample, shared by the four candidates
    assert all(observe(w, obs.seat) == obs for w in drawn)


def test_trump_by_simulation_names_a_suit_worth_considering(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(simbid, "TRUMP_WORLDS", 8)
    monkeypatch.setattr(expert, "SIMULATE_CALLS", True)
    drawn: list[State] = []
    real = simbid.bid_world

    def counting(p: object, obs: Observation, rng: random.Random) -> State:
        drawn.append(real(PAGAT_62, obs, rng))
        return drawn[-1]

    monkeypatch.setattr(simbid, "bid_world", counting)
    s = _deal("AH KH 9H 4H AS KS 9S 4S 2C")  # two equal suits
    s.apply(Call(9))
    while s.phase is Phase.BID:
        s.apply(PASS)
    obs = observe(s, 0)
    suits = simbid.suits_worth_considering(PAGAT_62, obs.hand)
    assert len(suits) >= 2
    action = decide("expert", obs, 5)
    assert isinstance(action, NameTrump) and action.suit in suits
    assert len(drawn) == 8  # the suits were played out in the same 8 worlds
    assert decide("expert", obs, 5) == action  # deterministic


def test_a_set_bid_counts_its_loss() -> None:
    assert simbid.utility(0, 0, 9, (8, 6)) == -9 - 6
    assert simbid.utility(1, 0, 9, (8, 6)) == 6 + 9
    assert simbid.utility(0, 0, 9, (10, 4)) == 10 - 4


def test_cards_the_seat_cannot_see_never_change_a_simulated_call_or_trump(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(expert, "SIMULATE_CALLS", True)
    monkeypatch.setattr(simbid, "BID_WORLDS", 6)
    monkeypatch.setattr(simbid, "TRUMP_WORLDS", 6)
    rng = random.Random(21)
    compared = 0
    for i in range(8):
        s = State.random_deal(PAGAT_62, i & 3, random.Random(100 + i))
        while s.phase in (Phase.BID, Phase.TRUMP):
            seat = s.to_act
            other = twin(s, seat, rng)
            obs = observe(s, seat)
            action = decide("expert", obs, seed=i)
            if other is not None and len(legal_actions(obs)) > 1:
                assert observe(other, seat) == obs
                assert decide("expert", observe(other, seat), seed=i) == action
                compared += 1
            s.apply(action)
    assert compared >= 20, compared
