"""A review in the coach's worker process equals the review in this one."""

from __future__ import annotations

import pytest

from tests.coach.conftest import random_hand
from tutorial.coach import advise, review
from tutorial.coach.background import record, replayed, shutdown, submit_advice, submit_review
from tutorial.engine.observe import observe
from tutorial.engine.profiles import PAGAT_62


def test_a_hand_is_replayed_from_its_record() -> None:
    final = random_hand(PAGAT_62, 11)
    again = replayed(record(final))
    assert again.captured == final.captured
    assert [a for a, _ in again.history] == [a for a, _ in final.history]


def test_review_in_the_worker_is_the_same() -> None:
    final = random_hand(PAGAT_62, 12)
    try:
        theirs = submit_review(final, 1, samples=2, seed=3, calls=False).result(timeout=600)
    finally:
        shutdown()
    mine = review(final, 1, samples=2, seed=3, calls=False)
    assert [d.to_json() for d in theirs.decisions] == [d.to_json() for d in mine.decisions]


def test_advice_in_the_worker_is_the_same() -> None:
    deal = random_hand(PAGAT_62, 14)
    start = replayed((*record(deal)[:4], ()))  # the deal, the first seat to call
    obs = observe(start, start.to_act)
    try:
        theirs = submit_advice(obs, samples=2, seed=5).result(timeout=600)
    finally:
        shutdown()
    assert theirs == advise(obs, samples=2, seed=5)
    with pytest.raises(ValueError, match="to call"):
        submit_advice(observe(start, (start.to_act + 1) % 4))


def test_an_unfinished_hand_is_refused_at_once() -> None:
    final = random_hand(PAGAT_62, 13)
    first = replayed((*record(final)[:4], record(final)[4][:3]))
    with pytest.raises(ValueError, match="finished"):
        submit_review(first, 0)
