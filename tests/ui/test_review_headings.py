"""Headings followed by a colon in the lesson's end review ("**Your move:** …") and in the
review of a missed decision ("Not yet. **Keep 5♥:** …") were composed in code, so French read
"coup:" and "5♥:", the colon glued, where the French catalog gets a narrow no-break space
before ``: ; ? !`` (the same defect lesson-fix mended in yourdecision.py, session 8)."""

from __future__ import annotations

import pytest

from tests.ui.test_app import COURSE, app, no_errors, open_page
from tutorial.i18n import get_translator
from tutorial.lessons.model import YourDecision
from tutorial.ui.lesson import reviewmove
from tutorial.ui.session import Session
from tutorial.ui.slots import AnswerResult

HEADINGS = {"fr": "\u202f:**", "en": ":**", "es": ":**", "pt": ":**"}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_lesson_review_s_move_lines_are_spaced(lang: str) -> None:
    lesson = next(x for x in COURSE.lessons if x.moves)
    t = get_translator(lang)
    at = open_page(app(lang=lang, lesson=lesson.id, step=lesson.steps[-1].id), "lesson")
    no_errors(at)
    lines = [m.value for m in at.markdown if t("Your move") in m.value]
    head = "**" + t("Your move") + HEADINGS[lang]
    assert lines and all(line.startswith(head) for line in lines), lines[:2]


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_a_missed_decision_s_heading_is_spaced(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    move = next(m for x in COURSE.lessons for _, m in x.moves if isinstance(m, YourDecision))
    wrong = next(o for o in move.options if o != move.choice)
    said: list[str] = []
    monkeypatch.setattr(reviewmove.st, "info", lambda body, **_: said.append(str(body)))
    s = Session(lang, get_translator(lang), "abcd-2345-efgh-6789")
    reviewmove.decision_verdict(s, move, AnswerResult(False, wrong))
    assert said and HEADINGS[lang] in said[0], said
