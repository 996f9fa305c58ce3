"""The coach's review: costs, labels, determinism and what the seat could know."""

from __future__ import annotations

import random

import pytest

from tests.coach.conftest import finish, random_hand
from tutorial.coach import LABELS, REASONS, Decision, label_of, review
from tutorial.coach.reasons import WHY_MESSAGES
from tutorial.coach.review import decision_points
from tutorial.engine.actions import Call, NameTrump, PlayCard
from tutorial.engine.observe import observe
from tutorial.engine.profiles import CLASSIC_51, PAGAT_62
from tutorial.engine.state import Phase
from tutorial.engine.worlds import resample
from tutorial.i18n import get_translator


def _check(d: Decision) -> None:
    assert d.expected_cost >= 0 and d.dd_cost >= 0
    assert d.label in LABELS
    assert d.reason is None or d.reason in REASONS or d.reason in WHY_MESSAGES
    values = [v for _, v in d.options]
    assert values == sorted(values, reverse=True)
    taken = dict(d.options)[d.action]
    assert d.expected_cost == pytest.approx(d.options[0][1] - taken, abs=1e-6)
    if d.label == "best":  # within the noise of the best: the action is its own best
        assert d.best == d.action
    else:  # worse than best only when the cost is significant, and then labelled by it
        assert d.best != d.action and d.label == label_of(d.expected_cost)
        assert d.expected_cost > 2 * d.cost_se
        assert d.reason_text(get_translator("en")) or d.gave_away is not None  # never bare


@pytest.mark.parametrize(("profile", "seed"), [(PAGAT_62, 3), (CLASSIC_51, 4)])
def test_card_costs_are_non_negative_and_zero_for_the_best_card(profile, seed) -> None:  # type: ignore[no-untyped-def]
    final = random_hand(profile, seed)
    rv = review(final, 0, seed=1, calls=False)
    cards = [d for d in rv.decisions if isinstance(d.action, PlayCard)]
    assert len(cards) == profile.hand_size
    for d in cards:
        _check(d)
        assert d.phase is Phase.PLAY and d.trick is not None
        assert final.history[d.index][0] == d.action
    assert [d.trick for d in cards] == list(range(1, profile.hand_size + 1))
    assert rv.to_json()["decisions"][0].keys() >= {
        "index",
        "phase",
        "action",
        "best",
        "expected_cost",
        "dd_cost",
        "label",
        "reason",
    }


def test_calls_and_trump_are_priced_by_the_evaluator() -> None:
    final = random_hand(PAGAT_62, 5)
    rv = review(final, 0, seed=0)
    calls = [d for d in rv.decisions if d.phase in (Phase.BID, Phase.TRUMP)]
    assert [type(d.action) for d in calls] == [Call, NameTrump]
    for d in calls:
        _check(d)
    assert {str(a) for a, _ in calls[1].options} == {"trump C", "trump D", "trump H", "trump S"}
    assert not rv.not_priced  # the dealer's keep too


def test_the_same_seed_gives_the_same_review_and_others_may_differ() -> None:
    final = random_hand(PAGAT_62, 6)
    a = review(final, 0, seed=7, calls=False)
    b = review(final, 0, seed=7, calls=False)
    assert [d.to_json() for d in a.decisions] == [d.to_json() for d in b.decisions]


def test_expected_cost_uses_only_what_the_seat_saw() -> None:
    """Swap the cards the seat cannot see at a decision (another world it cannot tell from
    the real one) and play the hand out differently afterwards: that decision's expected
    cost, best action and options do not change for a fixed seed."""
    final = random_hand(PAGAT_62, 8)
    seat = 0
    points = [(i, b, a) for i, b, a in decision_points(final, seat) if isinstance(a, PlayCard)]
    index, before, action = points[2]  # the third card: some cards seen, most not
    rng = random.Random(3)
    other = resample(before, seat, rng)
    assert observe(other, seat) == observe(before, seat)
    assert other.hands != before.hands  # the hidden cards really moved
    other.apply(action)
    finish(other, rng)
    mine = {d.index: d for d in review(final, seat, seed=2, calls=False).decisions}
    theirs = review(other, seat, seed=2, calls=False).decisions
    cut = {d.index: d for d in theirs if d.index <= len(other.history)}
    for d in cut.values():
        if d.index > index:
            continue
        m = mine[d.index]
        assert (d.action, d.best, d.expected_cost, d.options) == (
            m.action,
            m.best,
            m.expected_cost,
            m.options,
        )
    assert index in cut


def test_review_refuses_an_unfinished_hand() -> None:
    final = random_hand(PAGAT_62, 9)
    before = decision_points(final, 0)[-1][1]
    with pytest.raises(ValueError, match="finished"):
        review(before, 0)


def test_a_random_hands_costly_calls_say_why() -> None:
    """No verdict without a reason: every call, trump or keep worse than best carries the
    breakdown of the best against it, and a reason in the learner's words."""
    found = 0
    for seed in range(10, 16):
        final = random_hand(PAGAT_62, seed)
        for d in review(final, 0, seed=seed).decisions:
            if d.phase is Phase.PLAY or d.label == "best":
                continue
            assert d.why is not None and d.reason == d.why.code and d.reason in WHY_MESSAGES
            text = d.reason_text(get_translator("fr"))
            assert text and "{" not in text
            found += 1
    assert found >= 1, "no costly call in these random hands"
