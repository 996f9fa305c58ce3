"""The bid advisor plays the hands out by the bots, each seat seeing only its own cards."""

from __future__ import annotations

import random

import pytest

import tutorial.coach.playout as playout_module
from tutorial.bots import decide
from tutorial.coach import advise
from tutorial.coach.advise import outcome_table
from tutorial.coach.playout import as_declarer, play_out, points
from tutorial.engine.actions import Action, NameTrump
from tutorial.engine.cards import parse_index
from tutorial.engine.observe import Observation, observe
from tutorial.engine.profiles import CLASSIC_51, PAGAT_62
from tutorial.engine.state import Phase, State
from tutorial.engine.worlds import resample, sample_world


def _deal(a: str, b: str, c: str, d: str, stock: str, dealer: int = 3) -> State:
    hands = [sum(1 << parse_index(x) for x in h.split()) for h in (a, b, c, d)]
    cards = tuple(parse_index(x) for x in stock.split())
    return State(PAGAT_62, dealer, (hands[0], hands[1], hands[2], hands[3]), cards)


STRONG = _deal(  # A holds the five top hearts, both Pedros and Game: 14 points are near
    "AH KH QH JH TH 5H 5D 2C 3S",
    "AC KC QC JC TC 9C 8C 7C 6C",
    "AS KS QS JS TS 9S 8S 7S 6S",
    "AD KD QD JD TD 9D 8D 7D 6D",
    "2H 3H 4H 6H 7H 8H 9H 2D 3D 4D 2S 4S 5S 5C 4C 3C",
)


def test_every_decision_is_a_bot_given_only_its_own_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Observation] = []

    def spy(bot: str, obs: Observation, seed: int) -> Action:
        assert isinstance(obs, Observation) and obs.seat == obs.to_act
        seen.append(obs)
        return decide(bot, obs, seed)

    monkeypatch.setattr(playout_module, "decide", spy)
    adv = advise(STRONG, 0, samples=2, seed=1)
    assert adv.proxy == "bots"
    assert adv.bot == "rules" and adv.samples == 2
    phases = {o.phase for o in seen}
    assert {Phase.BID, Phase.PLAY} <= phases  # the others' calls and every card
    assert {o.seat for o in seen} == {0, 1, 2, 3}


def test_a_suit_is_the_bots_playout_of_each_sampled_world() -> None:
    """The table's points for a world and suit are those of the hand played out by the
    rules bot through ``decide(observe(...))`` from that world, the seat holding the
    contract (the refill draws from the sampled world's own stock)."""
    obs = observe(STRONG, 0)
    rng = random.Random(4)
    worlds = [sample_world(obs, rng) for _ in range(3)]
    assert len({w.stock for w in worlds}) == 3  # the stock is part of the hidden world
    table = outcome_table(worlds, 0, seed=9)
    for i, w in enumerate(worlds):
        for s in range(4):
            trial = as_declarer(w, 0)
            trial.apply(NameTrump(s))
            final = play_out(trial, "rules", random.Random(f"9:{i}:suit {s}"), 9)
            assert final.phase is Phase.DONE and final.high_seat == 0
            assert table.declared[i][s] == points(final, 0)
            assert sum(table.declared[i][s]) <= 14


def test_a_strong_hand_bids_in_its_suit() -> None:
    adv = advise(STRONG, 0, samples=6, seed=2)
    hearts = adv.suits[2]
    assert hearts.mean > max(s.mean for s in adv.suits if s.suit != 2)
    assert sum(hearts.distribution.values()) == pytest.approx(1.0)
    best = adv.calls[0]
    assert best.call.value is not None and best.suit == 2 and best.net > 8
    by_call = {str(c.call): c for c in adv.calls}
    assert by_call["pass"].net < best.net - 4  # passing gives the hand to the others
    assert [c.net for c in adv.calls] == sorted((c.net for c in adv.calls), reverse=True)
    assert STRONG.to_act == 0  # A calls first (dealer D): B is advised after A's call
    after = STRONG.copy()
    after.apply(adv.calls[0].call)
    b = advise(after, 1, samples=6, seed=2)
    # nine clubs from the Ace down: B outbids A and names clubs
    assert b.best.value is not None and adv.best.value is not None
    assert b.best.value > adv.best.value and b.calls[0].suit == 0
    js = b.to_json()
    assert js["play"] == "bots" and js["bot"] == "rules"
    assert {"call", "suit", "score_change", "net", "holds"} <= set(js["calls"][0])


def test_the_advice_reads_only_what_the_seat_saw() -> None:
    """Another world the seat cannot tell from the real one gives the same advice."""
    rng = random.Random(5)
    s = State.random_deal(CLASSIC_51, 2, rng)
    seat = s.to_act
    other = resample(s, seat, rng)
    assert observe(other, seat) == observe(s, seat) and other.hands != s.hands
    assert advise(s, seat, samples=3, seed=4) == advise(other, seat, samples=3, seed=4)


def test_the_number_of_samples_and_the_bot_are_parameters() -> None:
    a = advise(STRONG, 0, samples=5, seed=0, bot="random")
    assert a.samples == 5 and a.bot == "random"
    for s in a.suits:
        assert all(round(v * 5, 6) == round(v * 5) for v in s.distribution.values())
    with pytest.raises(ValueError, match="unknown bot"):
        advise(STRONG, 0, samples=1, bot="nobody")
    with pytest.raises(ValueError, match="samples"):
        advise(STRONG, 0, samples=0)
