"""A "your move" marked ``plain`` (a move that asks the learner to tell a trump) draws its
table without the trump marks until the card is played: no band, no Pedro badge, no Left
Pedro in the trump line, the learner's cards in their natural suits and labelled without
roles. Failed before: lesson 2's Left Pedro move (hearts trump, "play the card that wins")
showed "Trump: ♥ hearts (Left Pedro: 5♦)", a band and a "P" on 5♦ — the answer (seen by
three lesson reviewers). After the move the marks are back. The move is now clubs trump,
B's 5♠ the Left Pedro (the sixth reviewer asked for a case the learner has to transfer to)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tutorial.ui.lesson.yourmove as yourmove
from tests.ui.test_app import COURSE, app, no_errors, open_page
from tutorial.engine.cards import parse_index
from tutorial.i18n import get_translator
from tutorial.lessons.model import YourMove
from tutorial.ui.table.svg import _PEDRO_BADGE, _TRUMP_BAND

L2 = COURSE.lesson("trumps-and-points")
assert L2 is not None
STEP = L2.step("left-pedro-is-trump")
assert STEP is not None
KEY = f"frame:{L2.id}:{STEP.id}"
DRAWN: list[dict[str, Any]] = []


@pytest.fixture(autouse=True)
def fake_buttons(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    import streamlit as st

    def buttons(t: Any, **kw: Any) -> int | None:
        DRAWN.append(kw)
        code = st.session_state.pop("_click", None)
        return None if code is None else parse_index(code)

    monkeypatch.setattr(yourmove, "card_buttons", buttons)
    DRAWN.clear()
    yield


def test_the_left_pedro_move_is_plain_in_the_lesson() -> None:
    moves = [m for at, m in L2.moves if isinstance(m, YourMove) and m.at == "t1c2"]
    assert any(m.plain and m.seat == "B" for m in moves)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_a_plain_move_shows_no_trump_marks_until_played(lang: str) -> None:
    t = get_translator(lang)
    at = open_page(app(lang=lang, lesson=L2.id, step=STEP.id), "lesson")
    at.button(key=f"nf:{KEY}").click()  # t1c1: A leads; then B's move
    at.run()
    no_errors(at)
    kw = DRAWN[-1]
    assert kw["trump"] is None  # the cards: no band, no badge, natural order, plain labels
    assert kw["hide_forbidden"]  # nor pale forbidden cards: which are legal tells the trump
    table = str(kw["table"])
    assert _TRUMP_BAND not in table and _PEDRO_BADGE not in table
    assert t("Left Pedro") not in table
    assert t("band: a trump") not in table
    assert t("Trump: {symbol} {suit}", symbol="♣", suit=t("clubs")) in table
    # the move played: the table as always, marks and all
    at.session_state["_click"] = "5S"
    at.run()
    no_errors(at)
    drawn = "".join(str(k.get("table", "")) for k in DRAWN[1:])
    shown = drawn + "".join(str(h.proto.body) for h in at.get("html"))
    assert _TRUMP_BAND in shown and t("Left Pedro") in shown


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_moments_before_a_plain_move_show_no_trump_marks_either(lang: str) -> None:
    """Failed before (the sixth lesson reviewer): the move itself was plain, but the step's
    first moment, one Forward before it, drew "Trump: ♥ hearts (Left Pedro: 5♦)", a band and
    a "P" on B's 5♦ — the answer, on screen before the move."""
    t = get_translator(lang)
    at = open_page(app(lang=lang, lesson=L2.id, step=STEP.id), "lesson")
    no_errors(at)
    line = t("Trump: {symbol} {suit}", symbol="♣", suit=t("clubs"))
    tables = [str(m.value) for m in at.markdown if line in str(m.value)]
    assert tables, "the step's first moment"  # (a question's table may follow it)
    assert _TRUMP_BAND not in tables[0] and _PEDRO_BADGE not in tables[0]
    assert t("Left Pedro") not in tables[0]


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_primer_is_plain_on_every_table(lang: str) -> None:
    """Failed before (the sixth lesson reviewer): lesson 0, for learners new to trick-taking
    games, drew "Trump: ♠ spades (Left Pedro: 5♣)", a Pedro-badge legend and "Points in tricks
    leave out Low" on tables with no move — jargon before lesson 1 says what it is. The lesson
    says ``plain: true``: every table without trump marks, and no Low caption."""
    t = get_translator(lang)
    l0 = COURSE.lesson("first-steps")
    assert l0 is not None and l0.plain
    at = open_page(app(lang=lang, lesson=l0.id, step="leading"), "lesson")
    no_errors(at)
    html = " ".join(str(m.value) for m in at.markdown)
    assert "cc-table" in html, "the step's table"
    assert _TRUMP_BAND not in html and _PEDRO_BADGE not in html
    assert t("Left Pedro") not in html
    low = t("Points in tricks leave out Low: it scores for the side that held it.")
    assert low not in " ".join(str(c.value) for c in at.caption)


def test_an_ordinary_move_before_a_plain_one_shows_no_trump_marks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Failed before (the plain-flags audit): a step drawn plain until its plain move drew
    an earlier, ordinary move of the same step with its own table, marks and all — lesson 5
    once marked A's 5♦ (band, P) at C's move, two cards before A's plain move."""
    from tests.lessons.test_loader import good_lesson, text, write_course

    lesson = good_lesson()  # hearts trump: A KC, B 5D, C 6H, D 5H
    step = lesson["steps"][0]
    step["scenario"] = {
        **step["scenario"],
        "hands": {"B": ["5D", "JC", "3C", "9S"], "D": ["5H", "7S", "8S", "QD"]},
    }
    step["narration"] = [
        {"at": "t1c2", "your_move": {"seat": "B"}, "text": text("b")},
        {"at": "t1c4", "your_move": {"seat": "D", "plain": True}, "text": text("d")},
    ]
    root = write_course(tmp_path, {"01-fixture.yaml": lesson})
    monkeypatch.setenv("CINCH_LESSONS_DIR", str(root))
    at = open_page(app(lang="en", lesson="fixture", step="s1"), "lesson")
    for _ in range(3):  # the deal … A leads … B's move
        if DRAWN:
            break
        at.button(key="nf:frame:fixture:s1").click()
        at.run()
        no_errors(at)
    assert DRAWN, "B's move drawn"
    kw = DRAWN[-1]
    assert "B" in str(kw["group_label"])
    assert kw["trump"] is None
    assert _TRUMP_BAND not in str(kw["table"]) and _PEDRO_BADGE not in str(kw["table"])
