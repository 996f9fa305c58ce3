"""Retry positions are ordinary progress items: on both backends they survive a reload and
follow the learner code to another device (another store), FSRS cards included."""

from __future__ import annotations

from tests.practice.test_retry import CODE, finished_game, review_of
from tests.store.conftest import MakeStore
from tutorial.practice import retry


def test_positions_and_their_cards_are_read_back_by_another_store(make_store: MakeStore) -> None:
    g = finished_game()
    new = retry.from_review(g.profile, g.current, review_of(g))
    t0 = 1_796_220_000.0
    assert retry.add(make_store(), CODE, new, at=t0) == len(new) == 2
    first = new[0]["id"]
    found = retry.record(make_store(), CODE, first, right=True, at=t0 + 60)
    due = retry.queue(make_store().items(CODE, retry.PREFIX), t0 + 61)  # another tab or device
    assert {d.id for d in due} == {n["id"] for n in new}
    assert found is not None and next(d for d in due if d.id == first).card == found.card
    assert due[0].id != first  # the one not found yet comes back first
