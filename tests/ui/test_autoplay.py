"""AppTest, issue 11: autoplay steps the scenario forward by itself and stops at the
learner's move; pause stops it. The tick is driven here by making the next moment due (the
real fragment ticks every CINCH_AUTOPLAY_PACE seconds in the browser)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.ui.test_app import COURSE, app, no_errors, open_page
from tutorial.i18n import get_translator

L7 = COURSE.lesson("left-pedro-is-not-a-diamond")
assert L7 is not None
STEP = "the-clubs-trick"  # C's move at t1c3 (moment 3)
KEY = f"frame:{L7.id}:{STEP}"


def due_now(at: AppTest) -> None:
    at.session_state[f"autonext:{KEY}"] = 0.0  # the next moment is due
    at.run()
    no_errors(at)


def test_autoplay_steps_forward_and_stops_at_the_move() -> None:
    t = get_translator("en")
    at = open_page(app(lang="en", lesson=L7.id, step=STEP), "lesson")
    assert at.session_state[KEY] == 0
    play = at.button(key=f"ap:{KEY}")
    assert play.label == t("Play")
    play.click()
    at.run()
    assert at.button(key=f"ap:{KEY}").label == t("Pause")
    assert at.session_state[KEY] == 0  # not before its time
    due_now(at)
    assert at.session_state[KEY] == 1
    due_now(at)
    assert at.session_state[KEY] == 2  # C is to play: autoplay stops for the learner
    assert at.session_state[f"auto:{KEY}"] is False
    due_now(at)
    assert at.session_state[KEY] == 2
    assert at.button(key=f"ap:{KEY}").disabled  # nothing to play until the move is made


def test_pause_stops_autoplay() -> None:
    at = open_page(app(lang="es", lesson=L7.id, step=STEP), "lesson")
    at.button(key=f"ap:{KEY}").click()
    at.run()
    due_now(at)
    assert at.session_state[KEY] == 1
    at.button(key=f"ap:{KEY}").click()  # pause
    at.run()
    assert at.button(key=f"ap:{KEY}").label == get_translator("es")("Play")
    due_now(at)
    assert at.session_state[KEY] == 1
