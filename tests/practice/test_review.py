"""The after-hand review without the coach: each card the learner played, valued
double-dummy on the actual deal by the solver."""

from __future__ import annotations

import random

import pytest

from tests.practice.test_game import play_random
from tutorial.engine.actions import PlayCard, parse_action
from tutorial.practice.game import LEARNER, Game
from tutorial.practice.review import double_dummy, review_hand


def test_each_card_of_the_learner_is_valued_against_the_best() -> None:
    game = Game.new("pagat-62", "random", seed=8)
    play_random(game, random.Random(4))
    assert game.hand_over()
    r = game.replayed()
    plays = [
        i
        for i, (text, who) in enumerate(zip(game.current.actions, r.actors, strict=True))
        if who == LEARNER and isinstance(parse_action(text), PlayCard)
    ]
    decisions = double_dummy(game, 0)
    assert [d["index"] for d in decisions] == plays
    for d in decisions:
        assert d["best_value"] >= d["value"] and d["dd_cost"] == d["best_value"] - d["value"]
        assert d["values"][d["best"]] == d["best_value"]
        assert parse_action(d["action"]).card in {parse_action(c).card for c in d["values"]}  # type: ignore[union-attr]
    data = review_hand(game.to_json(), 0)
    assert data["kind"] in ("coach", "double-dummy") and data["decisions"]


def test_the_review_worker_runs_at_a_lower_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review is background work, as the bots' thinking (``CINCH_REVIEW_NICE``)."""
    import os

    from tutorial.practice import review

    here = os.nice(0)
    review.shutdown()
    try:
        monkeypatch.setenv("CINCH_REVIEW_NICE", "4")
        assert review._get_pool().submit(os.nice, 0).result(timeout=120) == min(19, here + 4)
    finally:
        review.shutdown()
