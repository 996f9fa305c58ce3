"""Issue 11: every question belongs to a step (by id or position), options and cards may carry
their own feedback, and the engine explains why a chosen card or seat does not win."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.lessons.test_loader import good_lesson, problems_of, text, write_course
from tutorial.engine.cards import parse_index
from tutorial.i18n import LANGS, get_translator
from tutorial.lessons.cardwhy import question_feedback, why_below
from tutorial.lessons.course import load_course

REAL = load_course()
LESSONS = Path(__file__).resolve().parents[2] / "lessons"


def test_every_real_question_names_a_step_of_its_lesson() -> None:
    for lesson in REAL.lessons:
        ids = [s.id for s in lesson.steps]
        for q in lesson.questions:
            assert q.step in ids, (lesson.id, q.id)
        assert sum(len(lesson.questions_of(s)) for s in ids) == len(lesson.questions)


def test_lesson_1_asks_no_question_about_tricks_before_the_trick_step() -> None:
    lesson = REAL.lesson("two-pedros")
    assert lesson is not None
    ids = [s.id for s in lesson.steps]
    assert not lesson.questions_of(ids[0])  # the first step asks nothing yet
    # the first step that shows a trick on the table (a trump played in it)
    shown = next(s.id for s in lesson.steps if s.scenario and s.scenario.kind == "trick")
    assert ids.index(shown) < ids.index("a-first-trick")
    for q in lesson.questions:  # each asked at or after the step teaching it, never before
        words = q.prompt.get("en").lower() + q.right.get("en").lower()
        if "trick" in words or "trump" in words:
            assert ids.index(q.step) >= ids.index(shown), q.id


def test_a_question_without_step_is_a_located_error(tmp_path: Path) -> None:
    lesson = good_lesson()
    del lesson["questions"][1]["step"]
    [problem] = problems_of(tmp_path, lesson)
    assert problem.startswith("lessons/01-fixture.yaml:") and "questions[1]" in problem
    assert "missing key 'step'" in problem


def test_an_unknown_step_id_names_file_line_key_and_the_known_ids(tmp_path: Path) -> None:
    lesson = good_lesson()
    lesson["questions"][2]["step"] = "no-such-step"
    [problem] = problems_of(tmp_path, lesson)
    head, _, rest = problem.partition(": ")
    file, line = head.rsplit(":", 1)
    assert file == "lessons/01-fixture.yaml" and line.isdigit()
    assert rest.startswith("questions[2].step:")
    assert "unknown step id 'no-such-step'" in rest and "s1, s2, s3, s4" in rest


@pytest.mark.parametrize(("value", "step"), [(1, "s1"), (4, "s4"), ("s3", "s3")])
def test_a_step_by_position_or_id(tmp_path: Path, value: Any, step: str) -> None:
    lesson = good_lesson()
    lesson["questions"][0]["step"] = value
    course = load_course(write_course(tmp_path, {"01-fixture.yaml": lesson}))
    assert course.lessons[0].questions[0].step == step


@pytest.mark.parametrize("value", [0, 5, True, ["s1"]])
def test_a_step_out_of_range_is_refused(tmp_path: Path, value: Any) -> None:
    lesson = good_lesson()
    lesson["questions"][0]["step"] = value
    [problem] = problems_of(tmp_path, lesson)
    assert "questions[0].step" in problem


def test_option_feedback_loads_and_a_right_option_may_not_have_one(tmp_path: Path) -> None:
    lesson = good_lesson()
    lesson["questions"][0]["options"][0]["feedback"] = text("A led it")
    course = load_course(write_course(tmp_path, {"01-fixture.yaml": lesson}))
    q = course.lessons[0].questions[0]
    assert q.options[0].feedback is not None and q.options[0].feedback.en == "A led it (en)"
    bad = copy.deepcopy(lesson)
    bad["questions"][0]["options"][2]["feedback"] = text("why")  # C is the answer
    (tmp_path / "x").mkdir()
    [problem] = problems_of(tmp_path / "x", bad)
    assert "questions[0].options[2].feedback" in problem and "right answer" in problem


def test_option_feedback_may_not_open_with_a_verdict(tmp_path: Path) -> None:
    lesson = good_lesson()
    lesson["questions"][0]["options"][0]["feedback"] = {
        **text("x"),
        "en": "No, A only led.",
    }
    [problem] = problems_of(tmp_path, lesson)
    assert "questions[0].options[0].feedback.en" in problem and "verdict" in problem


def test_card_feedback_only_for_cards_shown(tmp_path: Path) -> None:
    lesson = good_lesson()
    lesson["questions"][1]["feedback"] = {"AH": text("x")}
    [problem] = problems_of(tmp_path, lesson)
    assert "questions[1].feedback.AH" in problem and "not among the cards shown" in problem


def test_written_option_feedback_replaces_the_generic_wrong(tmp_path: Path) -> None:
    lesson = good_lesson()
    lesson["questions"][3]["options"][1]["feedback"] = text("b is false")
    course = load_course(write_course(tmp_path, {"01-fixture.yaml": lesson}))
    q = course.lessons[0].questions[3]
    t = get_translator("fr")
    assert question_feedback(t, "fr", q, ["a", "b"]) == ["b is false (fr)"]
    assert question_feedback(t, "fr", q, ["a"]) == []  # the page then shows `wrong`


L5 = REAL.lesson("play-and-surplus-trumps")
assert L5 is not None
WHO_TRICK = {  # diamonds trump: A leads 4♦, B 5♥, C A♥, D 5♦ (lesson 2 asked it once)
    "kind": "trick",
    "trump": "D",
    "leader": "A",
    "cards": ["4D", "5H", "AH", "5D"],
}
WHICH_TRICK = {  # hearts trump: A leads 5♦, B 5♥, C 7♥, D A♦ (lesson 7 asked it once)
    "kind": "trick",
    "trump": "H",
    "leader": "A",
    "cards": ["5D", "5H", "7H", "AD"],
}


def which_card_wins(tmp_path: Path) -> Any:
    """A cards question about a trick (``ask: winning_card``), written for the test: the
    real lessons' trick questions change with their lessons."""
    lesson = good_lesson()
    lesson["questions"].append(
        {
            "id": "which-card-wins",
            "type": "cards",
            "step": 1,
            "show": "trick",
            "prompt": text("which card wins?"),
            "hint": text("hint"),
            "right": text("right"),
            "wrong": text("wrong"),
            "scenario": WHICH_TRICK,
            "ask": "winning_card",
            "answer": ["7H"],
        }
    )
    course = load_course(write_course(tmp_path, {"01-fixture.yaml": lesson}))
    assert not course.broken, course.broken
    return course.lessons[0].question("which-card-wins")


def who_wins(tmp_path: Path) -> Any:
    """A single "who wins the trick?" question (``ask: winner``), written for the test."""
    lesson = good_lesson()
    seats = [{"id": x, "text": text(x)} for x in "ABCD"]
    lesson["questions"].append(
        {
            "id": "who-wins",
            "type": "single",
            "step": 1,
            "prompt": text("who wins?"),
            "hint": text("hint"),
            "right": text("right"),
            "wrong": text("wrong"),
            "scenario": WHO_TRICK,
            "ask": "winner",
            "options": seats,
            "answer": "D",
        }
    )
    course = load_course(write_course(tmp_path, {"01-fixture.yaml": lesson}))
    assert not course.broken, course.broken
    return course.lessons[0].question("who-wins")


WHY_BELOW = {
    "en": "5♥ is a trump, but it ranks below 7♥.",
    "es": "5♥ es triunfo, pero está por debajo de 7♥.",
    "pt": "5♥ é trunfo, mas está abaixo de 7♥.",
    "fr": "5♥ est un atout, mais il est plus faible que 7♥.",
}
WHY_B = {  # B's 5♥, the Left Pedro, under D's 5♦, the Right Pedro
    "en": "5♥ is a trump, but it ranks below 5♦.",
    "es": "5♥ es triunfo, pero está por debajo de 5♦.",
    "pt": "5♥ é trunfo, mas está abaixo de 5♦.",
    "fr": "5♥ est un atout, mais il est plus faible que 5♦.",
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_engine_says_why_the_chosen_card_does_not_win(lang: str, tmp_path: Path) -> None:
    t = get_translator(lang)
    which = which_card_wins(tmp_path)
    assert which is not None
    assert question_feedback(t, lang, which, ["5H"]) == [WHY_BELOW[lang]]
    # a seat chosen: the card it played
    (tmp_path / "who").mkdir()
    who = who_wins(tmp_path / "who")
    assert who is not None and question_feedback(t, lang, who, "B") == [WHY_B[lang]]


def test_why_below_covers_each_reason() -> None:
    t = get_translator("en")
    h, c = 2, 0  # hearts trump, clubs led
    assert "neither a trump nor of the suit led, clubs" in why_below(t, "QD", "KC", h, c)
    assert "follows suit, but 6♥ is a trump" in why_below(t, "AC", "6H", h, c)
    assert "ranks below K♣ in the suit led, clubs" in why_below(t, "3C", "KC", h, c)
    assert why_below(t, "5D", "6H", h, c) == "5♦ is a trump, but it ranks below 6♥."
    assert parse_index("5D") != parse_index("5H")


def test_cards_left_out_or_picked_wrongly_in_a_legal_question_get_the_rule() -> None:
    q = L5.question("which-cards-may-b-play") if L5 else None  # clubs trump, A leads Q♥
    assert q is not None and set(q.answer) == {"8H", "2H", "KC", "5S"}
    t = get_translator("en")
    lines = question_feedback(
        t, "en", q, ["8H", "2H", "KC", *[c for c in q.shown_cards if c not in q.answer][:1]]
    )
    assert any("may be played too: it is a trump" in x and "5♠" in x for x in lines), lines
    assert any("may follow suit or trump, but not play" in x for x in lines), lines


def _trick_of(data: Any) -> tuple[str, tuple[str, ...]] | None:
    """The trump and the cards played of a trick or legal scenario written in a lesson."""
    if isinstance(data, str):
        data = yaml.safe_load((LESSONS / data).read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("kind") not in ("trick", "legal"):
        return None
    return str(data["trump"]), tuple(data.get("cards", []))


def test_no_question_replays_the_trick_its_step_just_played() -> None:
    # issue 24 (reader): lesson 07's c-may-trump-holding-clubs asked C's cards in the K♣ trick the
    # step had just played and narrated ("C holds clubs too and may also trump"): a recall of the
    # narration, the third showing of that trick. A question asks a new trick, not the step's own.
    for path in sorted(LESSONS.glob("[0-9][0-9]-*.yaml")):
        lesson = yaml.safe_load(path.read_text(encoding="utf-8"))
        steps = {s["id"]: s for s in lesson["steps"]}
        for q in lesson["questions"]:
            step = steps.get(q["step"]) if isinstance(q["step"], str) else None
            asked = _trick_of(q.get("scenario")) if q.get("ask") == "legal" else None
            shown = _trick_of(step.get("scenario")) if step else None
            if asked is None or shown is None:
                continue
            same = asked[0] == shown[0] and shown[1][: len(asked[1])] == asked[1]
            assert not same, f"{path.name}: {q['id']} replays the trick of step {q['step']}"


def lesson_call(step: Any, seat: str) -> int | None:
    """The call the step's hand scenario scripts for the seat (calls go from the dealer's left)."""
    setup = step.scenario.setup
    for i, bid in enumerate(setup.bids):
        if "ABCD"[(setup.dealer + 1 + i) % 4] == seat:
            return bid
    raise AssertionError(f"{step.id}: {seat} makes no call")


def test_a_call_your_move_is_not_told_by_the_step_above_it() -> None:
    # issue 24 (reader): lesson 03's dealer-must-bid-seven said "the dealer must bid **exactly 7**"
    # (and its title "the dealer bids 7") right above D's call: the learner copied the text.
    # The rule is told after the call, in the narration of the move.
    for lesson in REAL.lessons:
        for step in lesson.steps:
            for n in step.narration:
                move = n.your_move
                if move is None or n.at != "bidding":
                    continue
                call = str(lesson_call(step, move.seat))
                above = f"{step.title.en} {step.text.en}".replace("*", "")
                told = re.search(rf"\b(bids?|exactly)\s+{call}\b", above, re.IGNORECASE)
                assert not told, f"{lesson.id}/{step.id}: '{told.group(0)}' above the call"
