"""AppTest: the lesson page's defects of issue 8 (reset, returning learner, stepper, URLs)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.ui.test_app import COURSE, _answer, app, no_errors, open_page
from tutorial.i18n import get_translator
from tutorial.lessons.judge import expected
from tutorial.progress import ProgressStore, question_item, step_item
from tutorial.ui.slots import MoveState

L7 = COURSE.lesson("left-pedro-is-not-a-diamond")
assert L7 is not None


def _texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [x.value for x in (*at.info, *at.success, *at.warning, *at.error)]
    return "\n".join(str(p) for p in parts)


def test_reset_works_and_later_steps_are_recorded_again() -> None:
    lesson = COURSE.lesson("trumps-and-points")
    at = open_page(app(lang="en", lesson=lesson.id), "lesson")
    at.selectbox(key=f"step:{lesson.id}").set_value(lesson.steps[2].id)
    at.run()
    _answer(at, lesson.id, lesson.questions[0], right=True)
    code = at.session_state["learner"]
    at.button(key=f"reset:{lesson.id}").click()
    at.run()
    no_errors(at)  # no StreamlitWidgetAlreadyInstantiatedError, no "progress is saved"
    assert "progress is saved" not in _texts(at)
    assert at.session_state[f"step:{lesson.id}"] == lesson.steps[0].id
    items = ProgressStore().items(code)
    assert question_item(lesson.id, lesson.questions[0].id) not in items
    assert step_item(lesson.id, lesson.steps[2].id) not in items
    assert not any(lesson.questions[0].right.en in m.value for m in at.success)
    # a step revisited after the reset is recorded again
    at.selectbox(key=f"step:{lesson.id}").set_value(lesson.steps[2].id)
    at.run()
    no_errors(at)
    assert step_item(lesson.id, lesson.steps[2].id) in ProgressStore().items(code)


def test_unknown_step_in_the_link_says_what_it_opens() -> None:
    lesson = COURSE.lesson("deal-and-bidding")
    at = open_page(app(lang="en", lesson=lesson.id), "lesson")
    at.selectbox(key=f"step:{lesson.id}").set_value(lesson.steps[3].id)
    at.run()
    code = at.session_state["learner"]
    again = open_page(app(lang="en", lesson=lesson.id, learner=code, step="nope"), "lesson")
    no_errors(again)
    opened = again.session_state[f"step:{lesson.id}"]
    notes = " ".join(i.value for i in again.info)
    if opened == lesson.steps[0].id:
        assert "first step" in notes
    else:
        assert "first step" not in notes and "where you left off" in notes
    assert opened == lesson.steps[3].id  # the saved step, and the note says so
    fresh = open_page(app(lang="en", lesson=lesson.id, step="nope"), "lesson")
    assert fresh.session_state[f"step:{lesson.id}"] == lesson.steps[0].id
    assert any("first step" in i.value for i in fresh.info)


def _step_keys(at: AppTest, key: str) -> set[str]:
    return {b.key for b in at.button if b.key and b.key.endswith(key)}


def test_one_moment_scenarios_have_no_stepper_buttons() -> None:
    lesson = COURSE.lesson("scoring-and-bidder-goes-out")
    assert lesson is not None
    step = lesson.steps[0]
    assert step.scenario is not None and len(step.scenario.replay.frames) == 1
    at = open_page(app(lang="en", lesson=lesson.id, step=step.id), "lesson")
    no_errors(at)
    assert not _step_keys(at, f"frame:{lesson.id}:{step.id}")


def test_whole_game_steps_hand_by_hand_with_each_hands_points() -> None:
    lesson = COURSE.lesson("two-pedros")
    step = next(x for x in lesson.steps if x.scenario and x.scenario.replay.kind == "game")
    assert step.scenario is not None
    key = f"frame:{lesson.id}:{step.id}"
    at = open_page(app(lang="en", lesson=lesson.id, step=step.id), "lesson")
    no_errors(at)
    # no "trick" buttons that would jump from the first hand to the last (▶ Play steps on)
    assert _step_keys(at, key) == {f"pb:{key}", f"nf:{key}", f"ap:{key}"}
    first = step.scenario.replay.frames[0]
    before, pts = first["before"], first["points"]
    text = _texts(at)
    assert f"Score before the hand: A and C {before['AC']}, B and D {before['BD']}." in text
    assert f"A and C {pts['AC']}, B and D {pts['BD']}" in text
    at.button(key=f"nf:{key}").click()
    at.run()
    assert at.session_state[key] == 1
    second = step.scenario.replay.frames[1]["points"]
    assert f"A and C {second['AC']}, B and D {second['BD']}" in _texts(at)


def test_lesson_7_second_example_shows_the_starting_score() -> None:
    assert L7 is not None
    step = L7.step("a-bid-is-paid-in-full")  # a whole hand; its question is a score
    assert step is not None
    question = next(q for q in L7.questions if q.id == "score-without-the-left-pedro")
    assert question.step == step.id and question.scenario is not None
    before = question.scenario.replay.frames[0]["before"]
    for lang in ("en", "fr"):
        at = open_page(app(lang=lang, lesson=L7.id, step=step.id), "lesson")
        no_errors(at)
        want = get_translator(lang)(
            "Score before the hand: A and C {ac}, B and D {bd}.", ac=before["AC"], bd=before["BD"]
        )
        assert want in _texts(at)


ONE_RIGHT = {  # one question right of a lesson's (at least 4): the noun agrees with the total
    "en": "1 of {n} questions answered right.",  # was "1 of 9 question answered right."
    "es": "1 de {n} preguntas respondidas bien.",  # was "1 de 9 pregunta respondida bien."
    "pt": "1 de {n} perguntas respondidas corretamente.",
    "fr": "1 question sur {n} réussie.",  # French: the noun comes with the 1
}


@pytest.mark.parametrize("lang", ONE_RIGHT)
def test_one_question_right_of_many_reads_right(lang: str) -> None:
    """Found by the lessons tester (lesson 4, es, 320×640): "1 de 9 pregunta respondida bien."
    The plural form follows the count right, the noun in en/es/pt the lesson's total."""
    assert L7 is not None
    at = open_page(app(lang=lang, lesson=L7.id), "lesson")
    _answer(at, L7.id, L7.questions[0], right=True)
    assert ONE_RIGHT[lang].format(n=len(L7.questions)) in [c.value for c in at.caption]


def test_questions_right_count_uses_plural_forms() -> None:
    assert L7 is not None
    at = open_page(app(lang="fr", lesson=L7.id), "lesson")
    _answer(at, L7.id, L7.questions[0], right=True)
    text = _texts(at)
    assert f"1 question sur {len(L7.questions)}" in text, text
    assert "1 questions" not in text
    home = open_page(app(lang="fr", learner=at.session_state["learner"]), "home")
    bars = " ".join(p.proto.text for p in home.get("progress"))
    assert "1 questions" not in bars
    assert f"Questions\u202f: 1 sur {len(L7.questions)}" in bars, bars


def test_a_returning_learner_sees_each_question_state_and_the_stepper_position() -> None:
    assert L7 is not None
    step = L7.step("the-clubs-trick")
    first = L7.steps[0]  # the Left Pedro's questions, before any table
    assert step is not None
    key = f"frame:{L7.id}:{step.id}"
    at = open_page(app(lang="en", lesson=L7.id, step=step.id), "lesson")
    # C's card (moment 3) is the learner's move: count it as played (tests/ui/test_your_move_page)
    at.session_state[f"move:{L7.id}:{step.id}:t1c3"] = MoveState(done=True)
    for _ in range(3):
        at.button(key=f"nf:{key}").click()
        at.run()
    (q3,) = [q for q in L7.questions if q.step == step.id]  # this step's own
    q1, q2 = [q for q in L7.questions if q.step == first.id][:2]
    _answer(at, L7.id, q3, right=False)
    _answer(at, L7.id, q1, right=True)  # _answer moves to the question's step
    _answer(at, L7.id, q2, right=False)
    _answer(at, L7.id, q2, right=True)
    code = at.session_state["learner"]
    # another device with the same code (a reload is a new session too)
    again = open_page(app(lang="en", lesson=L7.id, learner=code), "lesson")
    no_errors(again)
    assert again.session_state[f"step:{L7.id}"] == first.id  # where the learner was last
    text = _texts(again)
    assert "Right on the first try." in text
    assert "Right after 2 tries." in text
    # the saved answers are shown in their widgets again
    assert q1.type != "cards" or again.get("pills")[0].value == list(expected(q1))
    # the trick's step: the stepper where the learner left it, its question not right yet
    again.selectbox(key=f"step:{L7.id}").set_value(step.id)
    again.run()
    no_errors(again)
    assert again.session_state[key] == 3
    assert "Not right yet: try again." in _texts(again)
    # the questions of another step, not answered
    again.selectbox(key=f"step:{L7.id}").set_value(L7.steps[2].id)
    again.run()
    no_errors(again)
    assert "Not answered yet." in _texts(again)
