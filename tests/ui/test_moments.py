"""The engine's one-line account of a moment (``tutorial.ui.lesson.moments.frame_facts``), in the
learner's language and its typography."""

from __future__ import annotations

from tutorial.i18n import get_translator
from tutorial.lessons.course import load_course
from tutorial.ui.lesson.moments import frame_facts


def _bidding():  # type: ignore[no-untyped-def]
    lesson = load_course().lesson("scoring-and-bidder-goes-out")
    assert lesson is not None
    step = next(s for s in lesson.steps if s.id == "set-by-one-point")
    assert step.scenario is not None
    return step.scenario.replay.at("bidding")


def test_the_calls_follow_each_language_s_typography() -> None:
    frame = _bidding()  # A bids 7, B and C pass, D bids 8
    en = frame_facts(get_translator("en"), frame)
    assert "Calls: A: 7, B: pass, C: pass, D: 8" in en
    fr = frame_facts(get_translator("fr"), frame)  # French puts a space before the colon
    assert "Enchère\u202f: A\u202f: 7, B\u202f: passe, C\u202f: passe, D\u202f: 8" in fr, fr
    es = frame_facts(get_translator("es"), frame)
    assert any("A: 7, B: " in line for line in es), es
