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


def _replay_with_hint(game: Game, index: int, best: tuple[str, ...]) -> Game:
    """The same hand played again action by action, a hint shown at ``index`` whose best
    set was ``best`` (as /play does: mark_hint when asked, keep_hint when shown)."""
    again = Game.new(game.profile, game.bots, seed=game.seed)
    again.current.seed, again.current.dealer = game.current.seed, game.current.dealer
    for i, a in enumerate(game.current.actions):
        who = again.to_act()
        if who == -1:
            again.chance()
            assert again.current.actions[i] == a
            continue
        assert who is not None
        if i == index:
            again.mark_hint()
            again.keep_hint(tuple(parse_action(b) for b in best))
        assert again.act(parse_action(a), who) is None
    assert again.current.actions == game.current.actions
    return again


def test_an_action_in_the_shown_hints_best_set_is_never_labelled_worse_than_good() -> None:
    """A card's hint is bounded by its 2 s deadline: under load it may stop early with other
    values than the review computes later. What the learner was told stands: the hint's best
    set is kept with the hand record (saved with the game) and the review labels an action
    in it best. Failed before: the review re-evaluated and labelled the hinted card costly
    (and Game had no keep_hint)."""
    game = Game.new("pagat-62", "random", seed=8)
    play_random(game, random.Random(3))  # the learner's 5S at trick 3 is a blunder
    plain = review_hand(game, 0)
    costly = next(d for d in plain.decisions if d.label not in ("best", "good"))
    # the hint stopped early had named the learner's action among the best
    hinted = _replay_with_hint(game, costly.index, (str(costly.action),))
    loaded = Game.from_json(json.loads(json.dumps(hinted.to_json())), ("random",))
    assert loaded is not None
    assert loaded.current.hint_best == {costly.index: [str(costly.action)]}
    data = review_hand(loaded, 0)
    d = next(x for x in data.decisions if x.index == costly.index)
    assert d.label == "best" and d.best == costly.action and d.reason is None
    assert costly.index in data.hints and data.line(costly.index) is None
    others = [x for x in data.decisions if x.index != costly.index]
    assert others == [x for x in plain.decisions if x.index != costly.index]
    # a best set that does not hold the action taken changes nothing
    other = _replay_with_hint(game, costly.index, (str(costly.best),))
    d2 = next(x for x in review_hand(other, 0).decisions if x.index == costly.index)
    assert d2 == costly


def test_a_hint_kept_only_where_one_was_shown_and_dropped_with_an_undo() -> None:
    game = Game.new("pagat-62", "random", seed=8)
    play_random(game, random.Random(4), stop_at_learner_play=True)
    card = game.state().legal_actions()[0]
    game.keep_hint((card,))  # not asked for here: nothing kept
    assert game.current.hint_best == {}
    game.mark_hint()
    i = len(game.current.actions)
    game.keep_hint((card,))
    assert game.current.hint_best == {i: [str(card)]}
    assert game.act(card, LEARNER) is None
    assert game.undo()  # the same position again: its hint stands
    assert game.current.hint_best == {i: [str(card)]}
    bad = game.to_json()
    bad["hands"][0]["hint_best"] = {"x": ["5S"]}
    with pytest.raises(ValueError):
        Game._parse(bad, ("random",))
