"""The after-hand review at the practice table: every decision of the learner priced by the
coach with the hand's seed (the same evaluations as the table's hints), as a typed value."""

from __future__ import annotations

import json
import random

import pytest

from tests.practice.test_game import play_random
from tutorial.bots import decide
from tutorial.bots.evaluator import evaluate
from tutorial.coach.review import review
from tutorial.engine.actions import PlayCard, parse_action
from tutorial.practice.game import LEARNER, Game
from tutorial.practice.review import HandReview, review_hand


@pytest.fixture(autouse=True)
def _quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CINCH_EVAL_BUDGET", "quick")


def test_each_decision_of_the_learner_is_priced_with_the_hands_seed() -> None:
    game = Game.new("pagat-62", "random", seed=8)
    play_random(game, random.Random(4))
    assert game.hand_over()
    r = game.replayed()
    mine = [i for i, who in enumerate(r.actors) if who == LEARNER]
    data = review_hand(game, 0)
    assert {d.index for d in data.decisions} <= set(mine)
    plays = [i for i in mine if isinstance(parse_action(game.current.actions[i]), PlayCard)]
    assert plays and set(plays) <= {d.index for d in data.decisions}
    assert data.decisions == review(r.state, LEARNER, seed=game.current.seed).decisions
    again = HandReview.from_json(json.loads(json.dumps(data.to_json())))
    assert again.to_json() == json.loads(json.dumps(data.to_json()))
    for index, line in data.lines:
        d = next(x for x in data.decisions if x.index == index)
        assert line[0] == str(d.best) and d.label in ("inaccuracy", "mistake", "blunder")


def test_the_review_asks_what_the_hint_asked() -> None:
    """The same observation and seed as the table's hint: the review's best set is the
    hint's, and a hinted action is never worse than good."""
    game = Game.new("pagat-62", "rules", seed=12)
    hinted = []
    while not game.hand_over():
        who = game.to_act()
        if who == -1:
            game.chance()
            continue
        assert who is not None
        obs = game.observation(who)
        bot = "expert" if who == LEARNER else "rules"
        action = decide(bot, obs, game.current.seed)
        if who == LEARNER:
            ev = evaluate(obs, game.current.seed)
            assert action == ev.choice
            hinted.append((len(game.current.actions), ev))
        game.act(action, who)
    data = review_hand(game, 0)
    by_index = {d.index: d for d in data.decisions}
    for index, ev in hinted:
        if ev.is_forced():
            continue
        d = by_index[index]
        assert d.label == "best" and d.best == ev.choice, (index, d)
        assert [a for a, _ in d.options] == [o.action for o in ev.options]
