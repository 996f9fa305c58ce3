"""Issue 24: a narration may wait for a question of its step (``after_answer``): the step's
note gave the answer of the question asked under it (lesson 6's first score, a one-moment
scenario: the rule was on screen before the learner answered)."""

from __future__ import annotations

from pathlib import Path

from tests.lessons.test_loader import good_lesson, problems_of, text, write_course
from tutorial.lessons.course import load_course


def test_a_note_waits_for_a_question_of_its_step(tmp_path: Path) -> None:
    lesson = good_lesson()
    lesson["steps"][0]["narration"] = [{"at": "t1c2", "text": text("ruff"), "after_answer": "q1"}]
    course = load_course(write_course(tmp_path, {"01-fixture.yaml": lesson}))
    assert not course.broken, course.broken
    (n,) = course.lessons[0].steps[0].narration
    assert n.after_answer == "q1"
    assert course.lessons[0].awaited("q1") and not course.lessons[0].awaited("q2")


def test_a_note_cannot_wait_for_another_step_s_question(tmp_path: Path) -> None:
    lesson = good_lesson()
    lesson["steps"][0]["narration"] = [{"at": "t1c2", "text": text("ruff"), "after_answer": "q2"}]
    (problem,) = problems_of(tmp_path, lesson)
    assert "01-fixture.yaml" in problem and "steps[0].narration[0].after_answer" in problem
    assert "'q2' is not a question of step 's1' (its questions: q1)" in problem


def test_a_move_s_text_cannot_wait_for_a_question(tmp_path: Path) -> None:
    lesson = good_lesson()
    step = lesson["steps"][0]
    step["scenario"] = {**step["scenario"], "hands": {"B": ["5D", "JC", "3C", "9S"]}}
    step["narration"] = [
        {"at": "t1c2", "your_move": {"seat": "B"}, "text": text("b"), "after_answer": "q1"}
    ]
    (problem,) = problems_of(tmp_path, lesson)
    assert "after_answer" in problem and "cannot wait for a question" in problem
