"""Hand-points drills name the game they follow when it is not the default one, and explain
a total under 14 (issue 8, defect 4)."""

from tutorial.drills.kinds import generate
from tutorial.drills.render import describe, render
from tutorial.engine.profiles import DEFAULT_PROFILE, get_profile
from tutorial.i18n import LANGS, get_translator

EN = get_translator("en")
L_14 = ("trumps-and-points", "fourteen-points")  # "both sides always share 14"
L_NOT_IN_PLAY = ("fifty-one-and-variants", "keep-what-you-want")  # "some trumps may not be in play"


def test_a_puzzle_of_another_game_says_so_and_a_default_one_does_not() -> None:
    for seed in range(20):
        hard = generate("hand-points", seed, 3)
        assert hard.profile != DEFAULT_PROFILE
        target = get_profile(hard.profile).target
        shown = " ".join(describe(EN, hard))
        assert f"{target}-point game" in shown
        assert "Low is the lowest trump in play" in shown
        easy = generate("hand-points", seed, 1)
        assert "point game" not in " ".join(describe(EN, easy))
    for lang in LANGS:
        t = get_translator(lang)
        text = describe(t, generate("hand-points", 1, 3))[0]
        assert "51" in text and "{" not in text


def test_a_total_under_14_is_explained_and_never_linked_to_the_14_point_rule() -> None:
    under = 0
    for seed in range(60):
        p = generate("hand-points", seed, 3)
        profile = get_profile(p.profile)
        total = sum(p.answer)
        links = {(x.lesson, x.step) for x in p.explanation}
        assert L_14 not in links  # that step says both sides always share 14
        last = render(EN, p.explanation[-1])
        if total < profile.total_points:
            under += 1
            assert f"Only {total} of the {profile.total_points} points" in last, last
            assert (p.explanation[-1].lesson, p.explanation[-1].step) == L_NOT_IN_PLAY
            missing = [x for x in p.explanation if "not in play" in render(EN, x)]
            assert missing  # each point out of play is named
    assert under > 5


def test_default_game_totals_are_14_and_linked_to_that_rule() -> None:
    for seed in range(20):
        p = generate("hand-points", seed, 2)
        assert sum(p.answer) == get_profile(p.profile).total_points
        assert (p.explanation[-1].lesson, p.explanation[-1].step) == L_14
