"""The bid advisor is the evaluator's view of a call: the expert's call marked best, every
legal call priced with its margin of error, the seat's view only."""

from __future__ import annotations

import random

import pytest

from tests.bots.twins import twin
from tutorial.bots import decide
from tutorial.coach import advise
from tutorial.engine.actions import Call
from tutorial.engine.cards import parse_index
from tutorial.engine.observe import observe
from tutorial.engine.profiles import CLASSIC_51, PAGAT_62, Profile
from tutorial.engine.state import Phase, State


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


def test_a_strong_hand_bids_in_its_suit_and_the_best_is_the_experts_call() -> None:
    adv = advise(STRONG, 0, seed=2)
    hearts = next(s for s in adv.suits if s.suit == 2)
    assert hearts.mean == max(s.mean for s in adv.suits)
    assert sum(hearts.distribution.values()) == pytest.approx(1.0)
    assert adv.best == decide("expert", observe(STRONG, 0), 2)
    assert adv.best.value is not None
    by_call = {str(c.call): c for c in adv.calls}
    assert by_call[str(adv.best)].best and by_call[str(adv.best)].suit == 2
    assert by_call["pass"].net < by_call[str(adv.best)].net - 4  # passing gives it away
    assert {c.call for c in adv.calls} == {Call(None), *(Call(v) for v in range(7, 15))}
    assert by_call["pass"].holds == 0.0


def _to_call(profile: Profile, seed: int) -> State:
    rng = random.Random(seed)
    s = State.random_deal(profile, rng.randrange(4), rng)
    for _ in range(rng.randrange(3)):
        s.apply(decide("rules", observe(s, s.to_act), seed))
    assert s.phase is Phase.BID
    return s


@pytest.mark.parametrize("profile", [PAGAT_62, CLASSIC_51], ids=lambda p: p.name)
def test_the_json_keeps_every_key_and_adds_the_margin_of_error(profile: Profile) -> None:
    s = _to_call(profile, 4)
    data = advise(s, s.to_act, seed=5).to_json()
    assert data.keys() >= {"seat", "samples", "play", "bot", "suits", "calls", "best", "close"}
    for c in data["calls"]:
        assert c.keys() >= {"call", "suit", "score_change", "net", "holds", "se", "best"}
    nets = [c["net"] for c in data["calls"]]
    assert nets == sorted(nets, reverse=True)
    best = next(c for c in data["calls"] if c["call"] == data["best"])
    assert best["best"]  # the expert's call is one of the best by net
    assert all(c["best"] for c in data["calls"] if c["call"] in data["close"])


def test_the_advice_uses_only_what_the_seat_saw() -> None:
    rng = random.Random(1)
    for seed in range(7, 40):
        s = _to_call(PAGAT_62, seed)
        other = twin(s, s.to_act, rng)
        if other is not None:
            break
    assert other is not None and observe(other, s.to_act) == observe(s, s.to_act)
    assert advise(other, s.to_act, seed=3).to_json() == advise(s, s.to_act, seed=3).to_json()


def test_the_advisor_is_for_the_seat_to_call_and_plays_out_with_a_known_bot() -> None:
    with pytest.raises(ValueError, match="to call"):
        advise(STRONG, 1)
    with pytest.raises(ValueError, match="random, rules, expert"):
        advise(STRONG, 0, bot="solver")
