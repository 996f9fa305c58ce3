"""The expert on a few fixed positions (its strength is measured in benchmarks, not here)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tutorial.bots.evaluator.cards as cards
import tutorial.bots.expert as expert
import tutorial.bots.simbid as simbid
from tests.support.budget import SLACK, counting_searches, no_draw_opening
from tutorial.bots import decide
from tutorial.bots.evaluator import TABLE
from tutorial.bots.rules import call_for
from tutorial.engine.actions import PASS, Call, NameTrump
from tutorial.engine.cards import Suit, mask_of, parse_cards
from tutorial.engine.observe import observe
from tutorial.engine.profiles import PAGAT_62
from tutorial.engine.state import Phase, State
from tutorial.engine.worlds import sample_world
from tutorial.solver import analyse
from tutorial.solver.analyse import Analysis


def _deal(first: str) -> State:
    """Dealer D, so A bids first; A holds ``first``, the rest dealt from a fixed shuffle."""
    mine = parse_cards(first.split())
    rest = [c for c in range(52) if c not in mine]
    random.Random(3).shuffle(rest)
    hands = [mask_of(mine), mask_of(rest[0:9]), mask_of(rest[9:18]), mask_of(rest[18:27])]
    return State(PAGAT_62, 3, hands, rest[27:])


def test_the_expert_bids_a_hand_of_point_trumps_and_passes_a_worthless_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CINCH_EVAL_BUDGET", "quick")
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
    solved = _counting_solves(monkeypatch)
    action = decide("expert", observe(s, 0), seed=2)
    assert action in s.legal_actions()
    assert len(solved) >= TABLE.cards[0]  # at least the budget's least worlds, each solved


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


def _counting_solves(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Patch the expert's solve to record the nodes of every solve (old or new signature)."""
    counted: list[int] = []
    real = analyse.solve

    def counting(*args: Any, **kwargs: Any) -> Analysis:
        a = real(*args, **kwargs)
        counted.append(a.nodes)
        return a

    monkeypatch.setattr(cards, "solve", counting)
    return counted


def test_an_expert_card_in_a_no_draw_opening_stays_within_its_node_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 26, break 6: one no-draw world cost the expert millions of nodes (10-25 s a
    card). Its opening budget is now a hard limit on the nodes of the decision (seen
    failing before: 3,446,863 nodes for this card)."""
    s = no_draw_opening(5)
    searches = counting_searches(monkeypatch)
    action = decide("expert", observe(s, s.to_act), seed=2)
    assert action in s.legal_actions()
    nodes = sum(x.nodes for x in searches)
    assert searches and 0 < nodes <= expert.OPENING_BUDGET + SLACK, nodes
    assert TABLE.opening_nodes == expert.OPENING_BUDGET  # the evaluator's hard limit


def test_a_small_node_budget_gives_the_same_decision_every_run() -> None:
    s = no_draw_opening(5)
    obs = observe(s, s.to_act)
    runs = [expert.expert_play(obs, random.Random(7), max_nodes=3000, max_ms=None) for _ in "ab"]
    first, second = runs
    assert first.action in s.legal_actions()
    assert first.stopped == "nodes" and first.samples == 1
    assert first.nodes <= 3000 + SLACK
    assert (second.action, second.nodes, second.samples) == (first.action, first.nodes, 1)
    # with nothing proven yet (a budget too small for one zero-window test) every card ties
    # and the rules bot's card is played
    tiny = expert.expert_play(obs, random.Random(7), max_nodes=1, max_ms=None)
    assert tiny.stopped == "nodes" and tiny.action == decide("rules", obs, seed=7)


def test_a_spent_deadline_stops_the_decision_with_a_legal_card() -> None:
    """The wall clock is the safety net over the node budget (the answer then depends on the
    machine, so only its legality and the reason are checked)."""
    s = no_draw_opening(5)
    d = expert.expert_play(observe(s, s.to_act), random.Random(7), max_nodes=10**9, max_ms=0)
    assert d.action in s.legal_actions()
    assert d.stopped == "time" and d.samples == 1 and d.nodes <= SLACK
