"""Issue 11: the dealer's keep as "your move" (``kind: dealer-keeps`` at the moment after the
bidding), validated when a lesson loads: the learner's seat is the dealer, the options are
the engine's (every choice of the non-trumps the dealer needs from the rest of the stock),
the right one is what the scenario keeps, and every other one needs written feedback (a
non-trump scores nothing: the engine has no fact that shows one keep worse)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.lessons.test_decisions import loaded
from tests.lessons.test_loader import good_lesson, problems_of, text
from tutorial.engine.core import legal_actions
from tutorial.i18n import LANGS, get_translator
from tutorial.lessons.choicewhy import choice_said, decision_feedback, keep_lines, option_label
from tutorial.lessons.course import load_course
from tutorial.lessons.dealerkeep import keep_action, keep_state
from tutorial.lessons.loader import lessons_dir
from tutorial.lessons.model import YourDecision

REFILL = yaml.safe_load((lessons_dir() / "scenarios" / "04-refill.yaml").read_text())
REFILL.pop("expect")
OTHERS = ("9H", "8H", "6D", "5H")  # D keeps J♦; these are the other non-trumps of the rest


def with_keep(move: dict[str, Any], scenario: dict[str, Any] | None = None) -> dict[str, Any]:
    lesson = good_lesson()
    step = lesson["steps"][0]
    step["scenario"] = dict(scenario or REFILL)
    step["narration"] = [{"at": "refill", "your_move": move, "text": text("n")}]
    return lesson


def keep(**extra: Any) -> dict[str, Any]:
    return {"seat": "D", "kind": "dealer-keeps", "feedback": {c: text(c) for c in OTHERS}, **extra}


def test_the_dealer_s_keep_is_worked_out_by_the_engine(tmp_path: Path) -> None:
    d = loaded(tmp_path, with_keep(keep()))
    assert (d.kind, d.seat, d.choice, d.need, d.trump) == ("keep", "D", "JD", 1, "C")
    assert d.options == ("9H", "JD", "8H", "6D", "5H") == d.legal  # in stock order
    assert not d.illegal
    assert d.stock == ("9H", "4C", "JD", "8H", "6D", "5H", "JC")  # the rest of the stock
    assert set(d.table["D"]) == {"8C", "7C", "3C", "4C", "JC"}  # its trumps and the stock's
    assert set(d.table["A"]) == {"AC", "5C", "8D", "2H", "KS", "6S"}  # the others refilled
    assert set(d.table["C"]) == {"KC", "QC", "9C", "6C", "2C", "5S"}


def test_the_options_are_the_engine_s_legal_keeps() -> None:
    course = load_course()
    lesson = course.lesson("discard-and-refill")
    assert lesson is not None
    step = lesson.step("dealer-takes-the-rest")
    assert step is not None and step.scenario is not None
    state = keep_state(step.scenario)
    assert state is not None
    (d,) = [m for s, m in lesson.moves if s.id == step.id and isinstance(m, YourDecision)]
    assert {keep_action(o) for o in d.options} == set(legal_actions(state))
    after = state.copy()
    after.apply(keep_action(d.choice))  # the right keep gives the scenario's hands
    report = step.scenario.replay.report
    assert after.hands[3] == sum(1 << c.index for c in report.hands_after_refill[3])


def test_every_other_keep_needs_written_feedback(tmp_path: Path) -> None:
    move = keep()
    del move["feedback"]["6D"]
    (problem,) = problems_of(tmp_path, with_keep(move))
    assert "01-fixture.yaml:" in problem and "your_move.feedback" in problem
    assert "keeping 6D is worse than JD" in problem and "write feedback for 6D" in problem


def test_feedback_for_the_right_keep_or_a_card_not_in_the_stock_is_refused(
    tmp_path: Path,
) -> None:
    (tmp_path / "b").mkdir()
    move = keep()
    move["feedback"]["JD"] = text("x")
    (problem,) = problems_of(tmp_path, with_keep(move))
    assert "your_move.feedback.JD" in problem and "JD is the right one" in problem
    move = keep()
    move["feedback"]["QD"] = text("x")
    (problem,) = problems_of(tmp_path / "b", with_keep(move))
    assert "your_move.feedback.QD" in problem and "D cannot keep QD" in problem


def test_the_learner_s_seat_must_be_the_dealer(tmp_path: Path) -> None:
    (problem,) = problems_of(tmp_path, with_keep(keep(seat="C")))
    assert "your_move.seat" in problem and "D deals and chooses what to keep, not C" in problem


def test_a_dealer_with_no_choice_or_an_unknown_kind_is_refused(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    runs_out = yaml.safe_load((lessons_dir() / "scenarios" / "04-stock-runs-out.yaml").read_text())
    (problem,) = problems_of(tmp_path, with_keep(keep(), {**runs_out, "expect": {}}))
    assert "your_move.kind" in problem and "never asks the dealer" in problem
    (problem,) = problems_of(tmp_path / "b", with_keep(keep(kind="discard")))
    assert "your_move.kind" in problem and "trump or dealer-keeps" in problem


def test_naming_trump_points_to_the_dealer_s_keep(tmp_path: Path) -> None:
    (problem,) = problems_of(tmp_path, with_keep({"seat": "D"}))
    assert "C won the bidding and names trump, not D" in problem
    assert "kind: dealer-keeps" in problem


@pytest.mark.parametrize("lang", LANGS)
def test_the_keep_in_the_learner_s_language(tmp_path: Path, lang: str) -> None:
    d = loaded(tmp_path, with_keep(keep()))
    t = get_translator(lang)
    assert option_label(t, d, "JD") == t("Keep {cards}", cards="J♦")
    assert "J♦" in choice_said(t, d, "JD") and "D" in choice_said(t, d, "JD")
    assert decision_feedback(t, lang, d, "9H") == text("9H")[lang]  # the lesson's words
    lines = keep_lines(t, d)
    assert "9♥ 4♣ J♦ 8♥ 6♦ 5♥ J♣" in lines[0]
    assert "J♣ 8♣ 7♣ 4♣ 3♣" in lines[1]  # its trumps, high to low
    if lang != "en":  # translated, not the English fallback
        assert lines[2] != keep_lines(get_translator("en"), d)[2]


def test_the_real_lesson_hands_over_the_dealer_s_keep() -> None:
    lesson = load_course().lesson("discard-and-refill")
    assert lesson is not None
    keeps = [m for s, m in lesson.moves if isinstance(m, YourDecision) and m.kind == "keep"]
    assert [(k.seat, k.choice, set(k.feedback)) for k in keeps] == [("D", "JD", set(OTHERS))]
