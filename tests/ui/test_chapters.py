"""AppTest, issue 11: long hand scenarios have chapters (deal, bidding, refill, each trick,
score), and a moment without narration gets the engine's one-line account ("B plays 9♠.")."""

from __future__ import annotations

import pytest

from tests.ui.test_app import COURSE, app, no_errors, open_page
from tutorial.i18n import LANGS, get_translator
from tutorial.ui.lesson.moments import chapters, play_line

L5 = COURSE.lesson("play-and-surplus-trumps")
assert L5 is not None
STEP = L5.step("the-open-pile")
assert STEP is not None and STEP.scenario is not None
KEY = f"frame:{L5.id}:{STEP.id}"
FRAMES = STEP.scenario.replay.frames
MOMENTS = STEP.scenario.replay.timeline


def test_chapters_start_at_the_deal_bidding_refill_each_trick_and_the_score() -> None:
    starts = chapters(MOMENTS)
    ids = [FRAMES[i]["id"] for i in starts]
    assert ids == ["deal", "bidding", "refill", *(f"t{n}c1" for n in range(1, 7)), "score"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_chapter_picker_jumps_and_follows_the_stepper(lang: str) -> None:
    t = get_translator(lang)
    at = open_page(app(lang=lang, lesson=L5.id, step=STEP.id), "lesson")
    no_errors(at)
    picker = at.selectbox(key=f"chap:{KEY}")
    assert picker.options[3] == t("Trick {n}", n=1)
    picker.set_value(chapters(MOMENTS)[6])  # trick 4
    at.run()
    no_errors(at)
    assert FRAMES[at.session_state[KEY]]["id"] == "t4c1"
    at.button(key=f"nf:{KEY}").click()
    at.run()
    assert at.selectbox(key=f"chap:{KEY}").value == chapters(MOMENTS)[6]  # still trick 4
    # t4c2 has no narration: the engine's account of the card is shown
    frame = FRAMES[at.session_state[KEY]]
    assert frame["id"] == "t4c2" and not [n for n in STEP.narration if n.at == "t4c2"]
    line = play_line(t, MOMENTS[at.session_state[KEY]])
    assert line and line in [m.value for m in at.markdown]


def test_play_lines() -> None:
    t = get_translator("en")
    pile = next(f for f in MOMENTS if f.id == "t1c1")
    assert play_line(t, pile) == "B leads an open pile: Q♥ on top, 4♥ beneath."
    later = next(f for f in MOMENTS if f.id == "t2c3")
    assert play_line(t, later) == "A plays 4♣."  # C won trick 1 and led A♣
    assert play_line(t, MOMENTS[0]) is None
