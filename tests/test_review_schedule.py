"""The one scheduler (tutorial/review_schedule.py): the ratings, the saved card read back
leniently, and the Leitner → FSRS mapping exactly as docs/review.md's table gives it."""

from __future__ import annotations

import pytest

from tutorial import review_schedule as rs

T = 1_796_220_000.0
DAY = 86400.0


def test_ratings() -> None:
    assert rs.rating(False) == rs.rating(False, helped=True) == rs.Rating.Again
    assert rs.rating(True, helped=True) == rs.Rating.Hard
    assert rs.rating(True) == rs.Rating.Good
    assert rs.Rating.Easy not in {rs.rating(a, helped=b) for a in (True, False) for b in (1, 0)}


def test_a_card_round_trips_and_junk_reads_as_nothing() -> None:
    card = rs.review(rs.missed(T), rs.Rating.Good, T + 60)
    assert rs.Schedule.from_json(card.to_json()) == card
    junks = [None, 3, "x", {}, {"state": 9, "due": 0}, {"state": 1, "due": "soon"}]
    junks += [{"state": 2, "due": 1.0, "stability": 3.0}, {"state": 1, "step": True, "due": 0}]
    for junk in junks:
        assert rs.Schedule.from_json(junk) is None, junk


@pytest.mark.parametrize(
    ("box", "attempts", "correct", "item", "state", "stability", "wait"),
    [  # docs/review.md, "From Leitner boxes": the table, row by row
        (0, 0, 0, True, 1, 0.21, 60),
        (0, 2, 1, True, 1, 0.08, 60),
        (1, 1, 1, True, 1, 0.25, 600),
        (2, 3, 2, True, 2, 0.28, DAY),
        (3, 3, 3, True, 2, 2.15, 2 * DAY),
        (0, 0, 0, False, 1, None, 0),
        (0, 3, 2, False, 1, 0.21, 60),
        (1, 1, 1, False, 1, 2.31, 600),
        (2, 2, 2, False, 2, 2.31, 2 * DAY),
        (3, 3, 3, False, 2, 10.97, 11 * DAY),
        (4, 4, 4, False, 2, 46.32, 46 * DAY),
        (4, 9, 5, False, 2, 6.62, 7 * DAY),
    ],
)
def test_each_leitner_box_becomes_the_card_the_docs_say(
    box: int,
    attempts: int,
    correct: int,
    item: bool,
    state: int,
    stability: float | None,
    wait: float,
) -> None:
    card = rs.from_leitner(box, attempts=attempts, correct=correct, item=item, last=T)
    assert card.state == state
    assert (round(card.stability, 2) if card.stability else None) == stability
    assert round(card.due - T) == wait
    assert card.last == (T if attempts or item else None)


def test_a_box_out_of_range_is_bounded() -> None:
    """A corrupt box (a million) is read as the top box, not a million reviews."""
    top = rs.from_leitner(4, attempts=4, correct=4, item=False, last=T)
    assert rs.from_leitner(10**6, attempts=4, correct=4, item=False, last=T) == top
