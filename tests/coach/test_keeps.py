"""The refill's keep decisions are priced: options played out by the bots over the worlds."""

from __future__ import annotations

import random

from tests.coach.conftest import random_hand
from tutorial.bots import decide
from tutorial.coach import review
from tutorial.coach.keeps import MAX_OPTIONS, candidates, keep_values
from tutorial.coach.review import decision_points
from tutorial.engine.actions import DealerKeep, Keep
from tutorial.engine.observe import observe
from tutorial.engine.profiles import CLASSIC_51, PAGAT_62
from tutorial.engine.state import Phase
from tutorial.engine.worlds import resample


def _keep_point(profile, seed, bidder, seat):  # type: ignore[no-untyped-def]
    final = random_hand(profile, seed, bidder)
    for i, before, action in decision_points(final, seat):
        if isinstance(action, Keep | DealerKeep) and len(before.legal_actions()) > 1:
            return final, i, before, action
    raise AssertionError("no keep decision")  # pragma: no cover


def test_a_classic_keep_is_priced_in_the_review() -> None:
    final, index, before, action = _keep_point(CLASSIC_51, 0, 0, 0)
    assert len(before.legal_actions()) > MAX_OPTIONS  # 42 ways to keep: a choice of 16
    rv = review(final, 0, samples=2, seed=3, calls=False)
    assert not [n for n in rv.not_priced if n.phase is Phase.REFILL]
    [d] = [d for d in rv.decisions if d.index == index]
    assert d.phase is Phase.REFILL and d.action == action and d.samples == 2
    assert len(d.options) == MAX_OPTIONS
    options = [a for a, _ in d.options]
    rules = decide("rules", observe(before, 0), 0)
    assert action in options and rules in options and Keep(()) in options
    values = [v for _, v in d.options]
    assert values == sorted(values, reverse=True) and d.best == d.options[0][0]
    assert d.expected_cost == values[0] - dict(d.options)[action] >= 0
    assert d.dd_cost >= 0 and d.reason is None


def test_a_dealer_keep_prices_every_option_when_they_are_few() -> None:
    _final, _index, before, action = _keep_point(PAGAT_62, 4, 0, 3)
    assert before.to_act == before.dealer == 3
    expected, actual = keep_values(before, action, 3, random.Random(1), "rules")
    assert set(expected) == set(actual) == set(before.legal_actions())
    assert len(expected) <= MAX_OPTIONS
    assert all(0 <= v <= 14 for v in expected.values())


def test_a_keep_is_priced_from_what_the_seat_saw() -> None:
    """Hidden cards moved (the others' hands and the stock): the same prices."""
    _final, _index, before, action = _keep_point(CLASSIC_51, 1, 0, 0)
    other = resample(before, 0, random.Random(2))
    assert observe(other, 0) == observe(before, 0)
    assert (other.hands, other.stock) != (before.hands, before.stock)
    a, _ = keep_values(before, action, 2, random.Random(7), "rules")
    b, _ = keep_values(other, action, 2, random.Random(7), "rules")
    assert a == b
    assert candidates(before, action, "rules", random.Random(0)) == candidates(
        other, action, "rules", random.Random(0)
    )
