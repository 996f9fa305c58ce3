"""The paired comparison: the best set, significance, and when sampling may stop."""

from __future__ import annotations

import math

from tutorial.bots.evaluator.stats import NEGLIGIBLE, Z, compare, resolved, standard_error

BASE = [0.0, 4, -7, 2, 9, -3, 0, 5] * 4


def test_identical_options_are_proven_as_good_and_resolved() -> None:
    c = compare({"rules": BASE, "other": list(BASE)}, ["rules", "other"])
    assert list(c) == ["rules", "other"]  # a tie goes to the preferred option
    assert c["other"].cost == 0.0 and c["other"].equivalent and c["other"].best
    assert resolved(c)


def test_a_sure_gain_is_significant_and_the_worse_option_is_not_best() -> None:
    c = compare({"rules": BASE, "other": [v + 3 for v in BASE]}, ["rules", "other"])
    assert list(c) == ["other", "rules"]
    worse = c["rules"]
    assert worse.cost == 3.0 and worse.cost_se == 0.0 and worse.significant and not worse.best
    assert resolved(c)


def test_a_noisy_gain_leaves_both_in_the_best_set_and_unresolved() -> None:
    # +1 on average, ±14 a world: not significant over 32 worlds
    noisy = [v + (15 if i % 2 else -13) for i, v in enumerate(BASE)]
    c = compare({"rules": BASE, "other": noisy}, ["rules", "other"])
    assert c["rules"].best and c["other"].best
    assert c["rules"].cost == 1.0 and c["rules"].cost > 0
    assert Z * c["rules"].cost_se > c["rules"].cost
    assert not resolved(c)


def test_a_negligible_sure_difference_is_no_difference() -> None:
    tiny = [v + NEGLIGIBLE / 2 for v in BASE]
    c = compare({"rules": BASE, "other": tiny}, ["rules", "other"])
    assert c["rules"].best and c["rules"].equivalent and resolved(c)


def test_one_world_says_nothing_is_significant() -> None:
    assert math.isinf(standard_error([1.0]))
    c = compare({"a": [5.0], "b": [0.0]}, ["a", "b"])
    assert c["b"].best and not c["b"].equivalent and not resolved(c)
