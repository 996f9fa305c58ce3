"""The expert on a few fixed positions (its strength is measured in benchmarks, not here)."""

from __future__ import annotations

import random

import pytest

import tutorial.bots.expert as expert
import tutorial.bots.simbid as simbid
from tutorial.bots import decide
from tutorial.bots.rules import call_for
from tutorial.engine.actions import PASS, Call, NameTrump
from tutorial.engine.cards import Suit, mask_of, parse_cards
from tutorial.engine.observe import observe, sample_world
from tutorial.engine.profiles import PAGAT_62
from tutorial.engine.state import Phase, State
from tutorial.solver import analyse
from tutorial.solver.analyse import Analysis
from tutorial.solver.position import Position
from tutorial.solver.search import Search


def _deal(first: str) -> State:
    """Dealer D, so A bids first; A holds ``first``, the rest dealt from a fixed shuffle."""
    mine = parse_cards(first.split())
    rest = [c for c in range(52) if c not in mine]
    random.Random(3).shuffle(rest)
    hands = [mask_of(mine), mask_of(rest[0:9]), mask_of(rest[9:18]), mask_of(rest[18:27])]
    return State(PAGAT_62, 3, hands, rest[27:])


@pytest.mark.parametrize("simulate", [False, True])
def test_the_expert_bids_a_hand_of_point_trumps_and_passes_a_worthless_one(
    simulate: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(expert, "SIMULATE_CALLS", simulate)  # False: the rules call
    monkeypatch.setattr(simbid, "BID_WORLDS", 16)
    strong = _deal("AH KH QH JH TH 5H 5D 2H 3C")
    call = decide("expert", observe(strong, 0), seed=1)
    assert isinstance(call, Call) and call.value is not None, call
    weak = _deal("3C 4C 6C 7D 8D 9S 3S 4S 6D")
    assert decide("expert", observe(weak, 0), seed=1) == PASS


def test_the_first_trick_is_solved_in_sampled_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _deal("AH KH QH JH TH 5H 5D 2H 3C")
    s.apply(Call(14))
    while s.phase is Phase.BID:
        s.apply(PASS)
    s.apply(NameTrump(Suit.HEARTS))
    while s.phase is Phase.REFILL:
        s.apply(s.legal_actions()[0])
    assert s.phase is Phase.PLAY and not s.tricks and s.to_act == 0
    solved: list[int] = []
    real = analyse.solve

    def counting(pos: Position, search: Search | None = None) -> Analysis:
        solved.append(1)
        return real(pos, search)

    monkeypatch.setattr(expert, "solve", counting)
    action = decide("expert", observe(s, 0), seed=2)
    assert action in s.legal_actions()
    assert len(solved) >= expert.OPENING_MIN


def test_bidding_worlds_fit_the_earlier_calls() -> None:
    # A and B passed: a world where A or B holds a hand the rules bot would bid is not drawn
    s = _deal("AH KH QH JH TH 5H 5D 2H 3C")
    s.apply(PASS)
    s.apply(PASS)
    obs = observe(s, 2)
    rng = random.Random(4)
    worlds = [simbid.bid_world(PAGAT_62, obs, rng) for _ in range(20)]
    assert all(observe(w, 2) == obs for w in worlds)
    assert all(call_for(PAGAT_62, 0, w.dealt[0], ()) is None for w in worlds)
    assert all(call_for(PAGAT_62, 1, w.dealt[1], obs.calls[:1]) is None for w in worlds)
    # without the condition such worlds are common
    plain = [sample_world(obs, random.Random(i)) for i in range(40)]
    assert any(call_for(PAGAT_62, 1, w.dealt[1], obs.calls[:1]) is not None for w in plain)
