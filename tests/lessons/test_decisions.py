"""Issue 11: calls and trump as "your move", validated when a lesson loads (`cinch lessons
check`): the seat is the one that calls (names trump), the right answer is what the scenario
does, every option the rules forbid carries its rule, and every other legal option has the
engine's account (trumps and points per suit; what a bid promises against the hand) or
written feedback — the loader names the option that needs words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.lessons.test_loader import good_lesson, problems_of, text, write_course
from tutorial.i18n import LANGS, get_translator
from tutorial.lessons.choicewhy import decision_feedback
from tutorial.lessons.course import load_course
from tutorial.lessons.decisions import generated
from tutorial.lessons.model import YourDecision

STOCK = ["9C", "AS", "JH", "QS", "6C", "8D", "2C", "QH"]
STOCK += ["6H", "3S", "3C", "4C", "TC", "2D", "2S", "JD"]
# A deals; B, C, D, A call. B holds the Right Pedro 5♠ and K♠ 10♠ 8♠ (6 points in spades).
HAND = {
    "kind": "hand",
    "dealer": "A",
    "deal": {
        "A": ["3D", "6D", "7D", "9D", "AH", "JC", "QC", "AD", "2H"],
        "B": ["5S", "8S", "TS", "KS", "8C", "KC", "TD", "KD", "7H"],
        "C": ["4H", "5H", "8H", "6S", "JS", "5C", "7C", "AC", "4D"],
        "D": ["5D", "QD", "3H", "TH", "9S", "9H", "KH", "4S", "7S"],
    },
    "stock": STOCK,
    "bids": [8, "pass", "pass", "pass"],
    "trump": "S",
}


def with_decision(at: str, move: dict[str, Any]) -> dict[str, Any]:
    lesson = good_lesson()
    step = lesson["steps"][0]
    step["scenario"] = dict(HAND)
    step["narration"] = [{"at": at, "your_move": move, "text": text("n")}]
    return lesson


def loaded(tmp_path: Path, lesson: dict[str, Any]) -> YourDecision:
    course = load_course(write_course(tmp_path, {"01-fixture.yaml": lesson}))
    assert not course.broken, course.broken
    move = course.lessons[0].steps[0].narration[0].your_move
    assert isinstance(move, YourDecision)
    return move


WRITTEN = {"pass": text("pass"), 7: text("seven")}


def test_a_call_is_worked_out_by_the_engine(tmp_path: Path) -> None:
    d = loaded(tmp_path, with_decision("bidding", {"seat": "B", "feedback": WRITTEN}))
    assert (d.kind, d.seat, d.choice) == ("call", "B", "8")
    assert d.options == ("pass", "7", "8", "9", "10", "11", "12", "13", "14")
    assert d.legal == d.options and not d.illegal  # B speaks first: anything goes
    spades = d.holdings["S"]
    assert spades.trumps == ("KS", "TS", "8S", "5S")
    assert [(n, c, v) for n, c, v in spades.points] == [
        ("game", "TS", 1),
        ("right_pedro", "5S", 5),
    ]
    # a bid above the scenario's and above the 6 points held: the engine says why
    assert all(generated(d, str(b)) for b in range(9, 15))
    assert not generated(d, "pass") and not generated(d, "7")


def test_a_pass_or_a_lower_bid_needs_written_feedback(tmp_path: Path) -> None:
    (problem,) = problems_of(tmp_path, with_decision("bidding", {"seat": "B"}))
    assert "01-fixture.yaml:" in problem
    assert "steps[0].narration[0].your_move.feedback" in problem
    assert "write feedback for pass" in problem


def test_feedback_for_an_illegal_or_the_right_call_is_refused(tmp_path: Path) -> None:
    lesson = with_decision(
        "bidding", {"seat": "C", "feedback": {7: text("x"), "pass": text("p")}}
    )  # C speaks after B's 8: 7 is not legal
    (tmp_path / "right").mkdir()
    (problem,) = problems_of(tmp_path, lesson)
    assert "your_move.feedback[7]" in problem and "not a legal option here" in problem
    lesson = with_decision("bidding", {"seat": "B", "feedback": {**WRITTEN, 8: text("x")}})
    (problem,) = problems_of(tmp_path / "right", lesson)
    assert "your_move.feedback[8]" in problem and "the right one" in problem


def test_a_call_right_too_needs_no_feedback_and_is_right(tmp_path: Path) -> None:
    """Issue 24: a legal call the lesson accepts besides the scenario's (``also_right``)."""
    move = {"seat": "B", "feedback": {"pass": text("pass")}, "also_right": {7: text("seven")}}
    d = loaded(tmp_path, with_decision("bidding", move))
    assert d.choice == "8" and d.is_right("8") and d.is_right("7")
    assert not d.is_right("pass") and not d.is_right("9")
    assert d.also_right["7"].get("en") == text("seven")["en"]


@pytest.mark.parametrize(
    ("also", "says"),
    [
        ({8: text("x")}, "also_right[8]: also_right is for a legal option other than 8"),
        (
            {"pass": text("x")},
            "also_right.pass: also_right is for",
        ),  # it has feedback: wrong and right
        ({"spades": text("x")}, "spades is not a legal option here"),
    ],
)
def test_a_right_too_that_is_the_choice_has_feedback_or_is_no_call_is_refused(
    tmp_path: Path, also: dict[Any, Any], says: str
) -> None:
    move = {"seat": "B", "feedback": WRITTEN, "also_right": also}
    problems = problems_of(tmp_path, with_decision("bidding", move))
    assert any(says in p for p in problems), problems


def test_a_later_call_carries_the_rule_for_bids_not_higher(tmp_path: Path) -> None:
    d = loaded(tmp_path, with_decision("bidding", {"seat": "C"}))  # C passed after B's 8
    assert d.choice == "pass" and d.called == {"B": "8"}
    assert d.legal == ("pass", "9", "10", "11", "12", "13", "14")
    assert d.illegal["7"]["reason"] == "bid_not_higher"
    t = get_translator("en")
    assert decision_feedback(t, "en", d, "8") == (
        "A bid must be higher than the bid before it: at least 9."
    )


def test_the_dealer_after_three_passes_may_only_bid_seven(tmp_path: Path) -> None:
    lesson = with_decision("bidding", {"seat": "A"})
    lesson["steps"][0]["scenario"] = {**HAND, "bids": ["pass", "pass", "pass", 7]}
    d = loaded(tmp_path, lesson)
    assert d.legal == ("7",) and d.choice == "7"
    assert {f["reason"] for f in d.illegal.values()} == {"dealer_must_bid"}


@pytest.mark.parametrize("lang", LANGS)
def test_naming_trump_is_worked_out_by_the_engine(tmp_path: Path, lang: str) -> None:
    d = loaded(tmp_path, with_decision("refill", {"seat": "B"}))
    assert (d.kind, d.choice, d.options) == ("trump", "S", ("C", "D", "H", "S"))
    t = get_translator(lang)
    said = decision_feedback(t, lang, d, "D")  # diamonds: K♦ 10♦ — fewer trumps and points
    expected = t.n(
        "With {suit} as trump, {seat} would hold {n} trump: {cards}.",
        "With {suit} as trump, {seat} would hold {n} trumps: {cards}.",
        2,
        suit="♦ " + t("diamonds"),
        seat="B",
        cards="K♦ 10♦",
    )
    assert said.startswith(expected + " ")
    assert t("Game") + " 10♦" in said
    assert "K♠ 10♠ 8♠ 5♠" in said  # and what spades give, for comparison


def test_naming_trump_belongs_to_the_high_bidder(tmp_path: Path) -> None:
    (problem,) = problems_of(tmp_path, with_decision("refill", {"seat": "A"}))
    assert "your_move.seat" in problem and "B won the bidding and names trump, not A" in problem


def test_a_suit_that_gives_more_of_something_needs_written_feedback(tmp_path: Path) -> None:
    lesson = with_decision("refill", {"seat": "B"})
    lesson["steps"][0]["scenario"] = {**HAND, "trump": "D"}  # diamonds: less than spades
    (problem,) = problems_of(tmp_path, lesson)
    assert "as many trumps or points as D" in problem and "write feedback for C" in problem


def test_the_real_lessons_hand_over_calls_and_trump() -> None:
    course = load_course()
    kinds = {
        (lesson.number, step.id, m.kind)
        for lesson in course.lessons
        for step, m in lesson.moves
        if isinstance(m, YourDecision)
    }
    assert (3, "dealer-must-bid-seven", "call") in kinds
    assert (9, "bid-on-strength", "call") in kinds
    assert (9, "load-with-trumps", "trump") in kinds
