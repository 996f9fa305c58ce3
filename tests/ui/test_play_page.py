"""AppTest: the practice table in every language, every phase of a hand played by the
learner (calls, naming trump, the keep, the dealer's keep, the pile, the play), the score
after the hand, undo, and nothing hidden from seat A anywhere in the page after any run."""

from __future__ import annotations

import pytest

from tests.ui.playdriver import game_of, ok, open_play, play_hand, use_game
from tutorial.engine.actions import PlayCard, parse_action
from tutorial.i18n import LANGS
from tutorial.practice.game import LEARNER

# deals found by simulation with the random bots (tests/ui/playdriver.py plays the learner)
PHASES = {
    # phase: (profile, seed, dealer, bid high?)
    "trump and the dealer's keep": ("pagat-62", 0, 0, True),
    "keep": ("classic-51", 0, 3, False),
    "pile": ("pagat-62", 31, 0, True),
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_hand_from_the_link_in_every_language(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    at, clicker = open_play(monkeypatch, lang=lang, seed="42")
    g = game_of(at)
    assert g.current.seed == 42
    use_game(at, "pagat-62", 42, 3)  # the same deal with the quick bots
    done = play_hand(at, clicker, lang)
    assert "call" in done and done.count("play") == 6
    g = game_of(at)
    assert g.hand_over() and g.score().played == 1
    assert at.subheader[0].value  # "Hand over"
    ok(at)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("phase", sorted(PHASES))
def test_every_phase_in_every_language(
    lang: str, phase: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    profile, seed, dealer, bid_high = PHASES[phase]
    at, clicker = open_play(monkeypatch, lang=lang)
    use_game(at, profile, seed, dealer)
    done = play_hand(at, clicker, lang, bid_high=bid_high)
    g = game_of(at)
    assert g.hand_over()
    if phase == "trump and the dealer's keep":
        assert "trump" in done and "dealer_keep" in done
    elif phase == "keep":
        assert "keep" in done
    else:
        first = next(
            parse_action(a)
            for a, who in zip(g.current.actions, g.replayed().actors, strict=True)
            if who == LEARNER and isinstance(parse_action(a), PlayCard)
        )
        assert isinstance(first, PlayCard) and first.beneath  # a pile was played


def test_undo_takes_back_the_learners_card(monkeypatch: pytest.MonkeyPatch) -> None:
    at, clicker = open_play(monkeypatch, lang="fr")
    use_game(at, "pagat-62", 42, 3)
    from tests.ui.playdriver import step

    for _ in range(200):
        if step(at, clicker) == "play":
            break
    g = game_of(at)
    n = g.last_learner_play()
    assert n is not None
    at.button(key="play_undo").click().run()
    ok(at)
    g = game_of(at)
    assert g.current.undone == [n] and len(g.current.actions) == n


def test_take_back_is_disabled_once_the_hand_is_over(monkeypatch: pytest.MonkeyPatch) -> None:
    at, clicker = open_play(monkeypatch, lang="en")
    use_game(at, "pagat-62", 42, 3)
    play_hand(at, clicker, "en")
    g = game_of(at)
    assert g.hand_over()
    assert at.button(key="play_undo").disabled  # (and Game.undo refuses: tests/practice)
    at.button(key="play_next").click().run()  # the next hand: nothing to take back yet
    ok(at)
    assert not game_of(at).hand_over() and at.button(key="play_undo").disabled
