"""A question marked ``plain`` (one whose point is telling a trump) draws its table without
trump marks until it is answered right: no band, no Pedro badge, no Left Pedro in the trump
line. Failed before: lesson 7's "spades are trump and A leads 10♣: which may B play?" drew
"Trump: ♠ spades (Left Pedro: 5♣)", a band and a "P" on B's 5♣ — the answer (seen by the
lesson's fifth-round writer; that question is gone, the test asks left-pedro-led: clubs
trump, A leads 5♠). Answered right, the marks are back."""

from __future__ import annotations

import pytest

from tests.ui.test_app import COURSE, _answer, app, no_errors, open_page
from tutorial.i18n import get_translator
from tutorial.lessons.model import Question
from tutorial.ui.table.svg import _PEDRO_BADGE, _TRUMP_BAND

L7 = COURSE.lesson("left-pedro-is-not-a-diamond")
assert L7 is not None
Q = next(q for q in L7.questions if q.id == "left-pedro-led")  # clubs trump, A leads 5♠


def _clubs_table(at, lang: str) -> str:  # type: ignore[no-untyped-def]
    t = get_translator(lang)
    line = t("Trump: {symbol} {suit}", symbol="♣", suit=t("clubs"))
    tables = [m.value for m in at.markdown if line in str(m.value)]
    assert len(tables) == 1, f"one table with {line!r}"
    return str(tables[0])


def test_the_left_pedro_led_question_is_plain() -> None:
    assert isinstance(Q, Question) and Q.plain


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_plain_question_shows_no_trump_marks_until_answered_right(lang: str) -> None:
    t = get_translator(lang)
    at = open_page(app(lang=lang, lesson=L7.id, step=Q.step), "lesson")
    no_errors(at)
    table = _clubs_table(at, lang)
    assert _TRUMP_BAND not in table and _PEDRO_BADGE not in table
    assert t("Left Pedro") not in table
    _answer(at, L7.id, Q, right=False)
    no_errors(at)
    assert t("Left Pedro") not in _clubs_table(at, lang)  # still asking
    _answer(at, L7.id, Q, right=True)
    at.run()  # the table is drawn above the check: the next run shows it answered
    no_errors(at)
    table = _clubs_table(at, lang)
    assert _TRUMP_BAND in table and t("Left Pedro") in table
