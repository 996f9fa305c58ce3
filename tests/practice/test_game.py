"""The practice game: plain data replayed through the engine; hands to the target."""

from __future__ import annotations

import itertools
import json
import random
import re

import pytest

from tutorial.engine.actions import PlayCard, play_of
from tutorial.engine.observe import observe
from tutorial.engine.profiles import PROFILES
from tutorial.engine.state import CHANCE, Phase
from tutorial.practice.game import FIRST_DEALER, LEARNER, Game, hand_seed

BOTS = ("random",)


def play_random(game: Game, rng: random.Random, stop_at_learner_play: bool = False) -> None:
    """Play the current hand to its end with random legal actions for every seat."""
    while not game.hand_over():
        who = game.to_act()
        if who == CHANCE:
            game.chance()
            continue
        s = game.state()
        if stop_at_learner_play and who == LEARNER and s.phase is Phase.PLAY:
            return
        options = s.legal_actions()
        if s.phase is Phase.BID and len(options) > 1:  # modest bids, so that games end
            options = options[:2]
        action = rng.choice(options)
        assert who is not None
        assert game.act(action, who) is None


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_whole_game_reaches_a_winner_as_the_engine_decides(profile: str) -> None:
    rng = random.Random(profile)
    game = Game.new(profile, "random", seed=7)
    for _ in range(80):
        play_random(game, rng)
        if not game.next_hand():
            break
    score = game.score()
    assert score.winner is not None
    assert max(score.totals) >= game_target(profile) or score.decided_by is not None
    # the dealer rotates and every hand has its own deal
    dealers = [h.dealer for h in game.hands]
    assert dealers[0] == FIRST_DEALER
    assert all((b - a) % 4 == 1 for a, b in itertools.pairwise(dealers))
    assert [h.seed for h in game.hands] == [hand_seed(7, i) for i in range(len(game.hands))]
    # the saved game replays to the same score
    again = Game.from_json(json.loads(json.dumps(game.to_json())), BOTS)
    assert again is not None and again.score() == score
    # every hand is played at the score before it, which every seat (the bots) observes
    rows = game.score_rows()
    assert game.replayed(0).state.score == (0, 0)
    for i in range(1, len(game.hands)):
        assert game.replayed(i).state.score == rows[i - 1][1].totals
        assert again.replayed(i).state.score == rows[i - 1][1].totals
        assert {game.replayed(i).state.score} == {
            observe(game.replayed(i).state, seat).score for seat in range(4)
        }
    assert len(game.hands) < 3 or game.replayed(-1).state.score != (0, 0)


def game_target(profile: str) -> int:
    return PROFILES[profile].target


def test_the_seed_fixes_the_first_deal() -> None:
    a, b = Game.new("pagat-62", "random", seed=123), Game.new("pagat-62", "random", seed=123)
    assert a.state().dealt == b.state().dealt
    assert Game.new("pagat-62", "random", seed=124).state().dealt != a.state().dealt


def test_an_illegal_action_is_refused_with_the_rule_and_changes_nothing() -> None:
    game = Game.new("pagat-62", "random", seed=3)
    rng = random.Random(1)
    play_random(game, rng, stop_at_learner_play=True)
    s = game.state()
    # the deal and the moves are fixed by the seeds: this one reaches the learner's play
    assert s.phase is Phase.PLAY, "seed 3 no longer reaches the learner's play: pick another"
    before = list(game.current.actions)
    not_held = next(c for c in range(52) if not (s.hands[LEARNER] >> c) & 1)
    err = game.act(play_of(not_held), LEARNER)
    assert err is not None and err.reason.value == "card_not_in_hand"
    assert game.current.actions == before
    # a seat that is not to act is refused too
    other = (s.to_act + 1) % 4
    assert game.act(s.legal_actions()[0], other) is not None


def test_undo_takes_back_the_learners_last_card_and_what_followed() -> None:
    game = Game.new("pagat-62", "random", seed=11)
    rng = random.Random(2)
    play_random(game, rng, stop_at_learner_play=True)
    card = game.state().legal_actions()[0]
    n = len(game.current.actions)
    assert game.act(card, LEARNER) is None
    # bots reply
    while game.to_act() not in (LEARNER, None):
        s = game.state()
        if s.to_act == CHANCE:
            game.chance()
        else:
            assert game.act(rng.choice(s.legal_actions()), s.to_act) is None
    assert game.last_learner_play() == n
    assert game.undo()
    assert len(game.current.actions) == n and game.current.undone == [n]
    assert game.learner_to_act() and isinstance(card, PlayCard)


def test_no_card_is_taken_back_once_the_hand_is_over() -> None:
    game = Game.new("pagat-62", "random", seed=11)
    play_random(game, random.Random(2))
    assert game.hand_over() and game.score().played == 1
    actions = list(game.current.actions)
    assert game.last_learner_play() is None
    assert not game.undo()
    assert game.current.actions == actions and game.current.undone == []
    assert game.score().played == 1


def test_replay_and_new_deal() -> None:
    game = Game.new("pagat-62", "random", seed=5)
    play_random(game, random.Random(3), stop_at_learner_play=True)
    dealt = game.state().dealt
    game.replay_deal()
    assert game.current.actions == [] and game.state().dealt == dealt
    game.new_deal(seed=99)
    assert game.current.seed == 99 and game.state().dealt != dealt
    assert game.current.dealer == FIRST_DEALER


@pytest.mark.parametrize(
    "broken",
    [
        None,
        [],
        {"v": 2},
        {"v": 1, "profile": "nope", "bots": "random", "seed": 1, "hands": []},
        {"v": 1, "profile": "pagat-62", "bots": "gone", "seed": 1, "hands": [{}]},
        {
            "v": 1,
            "profile": "pagat-62",
            "bots": "random",
            "seed": 1,
            "hands": [{"seed": 1, "dealer": 3, "actions": ["AS"]}],  # not legal at bidding
        },
        {
            "v": 1,
            "profile": "pagat-62",
            "bots": "random",
            "seed": -1,
            "hands": [{"seed": 1, "dealer": 3, "actions": []}],
        },
    ],
)
def test_a_saved_game_that_does_not_replay_is_ignored(broken: object) -> None:
    assert Game.from_json(broken, BOTS) is None


def test_a_game_keeps_its_name_and_the_link_that_started_it() -> None:
    """The name in the address bar (``/play?game=…``) and the shared link's (seed, dealer)
    survive saving; a game saved before either existed still loads (and gets a name); a
    bad name is not taken from a saved game (issue 26, break 4)."""
    g = Game.new("pagat-62", "random", seed=42)
    g.link = (42, 3)
    back = Game.from_json(g.to_json(), ("random",))
    assert back is not None and back.id == g.id and back.link == (42, 3)
    assert back.playing_link((42, 3)) and not back.playing_link((42, 0))
    old = g.to_json()
    del old["id"], old["link"]
    loaded = Game.from_json(old, ("random",))
    assert loaded is not None and loaded.link is None and re.fullmatch(r"[0-9a-f]{12}", loaded.id)
    for bad in ("../x", "", "A" * 40, 7):
        loaded = Game.from_json({**g.to_json(), "id": bad}, ("random",))
        assert loaded is not None and loaded.id != bad
    assert Game.from_json({**g.to_json(), "link": [42, 9]}, ("random",)).link is None  # type: ignore[union-attr]
    play_random(back, random.Random(1))
    assert not back.playing_link((42, 3))  # its hand is over: the link deals it again
