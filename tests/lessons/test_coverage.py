"""docs/coverage.md: every rule sentence of sections 01–07 is taught by a step, shown by a
scenario the engine replays and asked by a question; the test checks each row against the
loaded lessons, so the table cannot drift from the content."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutorial.lessons.course import load_course
from tutorial.lessons.model import Course, Question, Scenario, Step
from tutorial.scenario.files import replay_data

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(
    r"^\| (r\d\d-[a-z0-9-]+) \| (\d\d) \| (.+?) \| (.+?) \| `([^`]+)` \| (.+?) \| `([^`]+)` \|$"
)
NOT_REPLAYABLE = {"r03-first-dealer", "r03-cut", "r03-deal-passes-left", "r03-in-threes"}
"""The rows whose scenario cell says "none:": what a replay cannot show (it starts from a
deal already made and covers one hand)."""


def rows() -> list[tuple[str, ...]]:
    text = (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8")
    return [m.groups() for line in text.splitlines() if (m := ROW.match(line))]


@pytest.fixture(scope="module")
def course() -> Course:
    c = load_course()
    assert not c.broken
    return c


def _step(course: Course, ref: str) -> Step:
    lesson_id, step_id = ref.split("/")
    lesson = course.lesson(lesson_id)
    assert lesson is not None, ref
    step = lesson.step(step_id)
    assert step is not None, ref
    return step


def _question(course: Course, ref: str) -> Question:
    lesson_id, question_id = ref.split("/")
    lesson = course.lesson(lesson_id)
    assert lesson is not None, ref
    q = lesson.question(question_id)
    assert q is not None, ref
    return q


def _scenario(course: Course, ref: str) -> Scenario | None:
    parts = ref.split("/")
    if len(parts) == 3 and parts[1] == "q":
        return _question(course, f"{parts[0]}/{parts[2]}").scenario
    return _step(course, ref).scenario


def test_the_table_lists_every_section_and_the_rules_the_issue_names() -> None:
    found = rows()
    ids = [r[0] for r in found]
    assert len(ids) == len(set(ids)) and len(ids) >= 50
    assert {r[1] for r in found} == {f"{n:02d}" for n in range(1, 8)}
    for rule in (
        "r03-first-dealer",
        "r03-in-threes",
        "r05-bidder-leads",
        "r05-winner-leads",
        "r05-six-tricks",
        "r06-start-at-zero",
        "r07-trump-holding-clubs",
    ):
        assert rule in ids, rule


@pytest.mark.parametrize("row", rows(), ids=lambda r: r[0])
def test_each_rule_is_taught_shown_and_asked(course: Course, row: tuple[str, ...]) -> None:
    rule, _section, _sentence, phrase, step_ref, scenario_cell, question_ref = row
    step = _step(course, step_ref)
    # taught by the step: its title, its text, or a narration the learner reads after acting
    taught = " ".join([step.title.en, step.text.en, *(n.text.en for n in step.narration)])
    assert phrase.lower() in taught.lower(), (rule, phrase)
    if scenario_cell.startswith("none:"):
        assert rule in NOT_REPLAYABLE, rule
        assert len(scenario_cell) > len("none: ") + 20, "say why no replay can show it"
    else:
        assert rule not in NOT_REPLAYABLE, rule
        ref = re.fullmatch(r"`([^`]+)`", scenario_cell)
        assert ref, (rule, scenario_cell)
        scenario = _scenario(course, ref.group(1))
        assert scenario is not None and scenario.replay.frames, (rule, scenario_cell)
    q = _question(course, question_ref)
    assert q.prompt.en and q.right.en


def test_every_question_about_a_scenario_is_checked_by_the_engine(course: Course) -> None:
    for lesson in course.lessons:
        for q in lesson.questions:
            if q.scenario is not None:
                assert q.engine_checked, (lesson.id, q.id)


def _asks(scenario: Scenario, ask: str) -> tuple[str, str]:
    """What a question asks: the replayed result and the field (not how it was written)."""
    return repr(scenario.replay.result), ask


def test_the_same_trick_written_twice_is_the_same_question() -> None:
    # lesson 01 once asked lesson 07's question, with the trick written inline
    inline = {"kind": "trick", "trump": "H", "leader": "A", "cards": ["KC", "5D", "6H", "5H"]}
    a, _ = replay_data({**inline, "expect": {"winner": "C"}}, None)
    b, _ = replay_data(inline, None)
    assert _asks(Scenario(a, "x"), "winning_card") == _asks(Scenario(b, "y"), "winning_card")
    assert _asks(Scenario(a, "x"), "winner") != _asks(Scenario(b, "y"), "winning_card")


def test_no_two_questions_ask_the_same_thing(course: Course) -> None:
    seen: dict[tuple[str, str], str] = {}
    for lesson in course.lessons:
        for q in lesson.questions:
            if q.scenario is None or q.ask is None:
                continue
            key = _asks(q.scenario, q.ask)
            assert key not in seen, f"{lesson.id}/{q.id} asks what {seen[key]} asks"
            seen[key] = f"{lesson.id}/{q.id}"


PRIMER_ROW = re.compile(r"^\| (p00-[a-z-]+) \| (.+?) \| (.+?) \| `([^`]+)` \| `([^`]+)` \|$")
TIP_ROW = re.compile(r"^\| (t09-[a-z-]+) \| (.+?) \| (.+?) \| `([^`]+)` \| (.+?) \|$")
TEAM_TEXT = {"AC": "A–C", "BD": "B–D"}


def _table(pattern: re.Pattern[str]) -> list[tuple[str, ...]]:
    text = (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8")
    return [m.groups() for line in text.splitlines() if (m := pattern.match(line))]


def test_the_primer_and_the_tips_are_listed() -> None:
    assert len(_table(PRIMER_ROW)) == 5
    assert len(_table(TIP_ROW)) == 6


@pytest.mark.parametrize("row", _table(PRIMER_ROW), ids=lambda r: r[0])
def test_each_first_step_is_taught_shown_and_asked(course: Course, row: tuple[str, ...]) -> None:
    _idea, _what, phrase, step_ref, question_ref = row
    step = _step(course, step_ref)
    # the learner plays first: the rule may be said in a narration read after the move
    taught = " ".join([step.title.en, step.text.en, *(n.text.en for n in step.narration)])
    assert phrase.lower() in taught.lower(), (row[0], phrase)
    assert step.scenario is not None and step.scenario.replay.frames
    q = _question(course, question_ref)
    assert q.prompt.en and q.right.en


@pytest.mark.parametrize("row", _table(TIP_ROW), ids=lambda r: r[0])
def test_each_tip_is_taught_and_checked_by_the_solver(course: Course, row: tuple[str, ...]) -> None:
    _tip, _what, phrase, step_ref, proves = row
    step = _step(course, step_ref)
    # the learner moves first: the tip may be said in a narration read after the move
    taught = " ".join([step.title.en, step.text.en, *(n.text.en for n in step.narration)])
    assert phrase.lower() in taught.lower(), (row[0], phrase)
    assert step.scenario is not None and step.scenario.replay.kind == "hand"
    check = step.solver_check
    assert check is not None, step_ref
    assert check.better_value > check.worse_value
    assert proves == (
        f"{check.better} over {check.worse}: {TEAM_TEXT[check.side]} "
        f"{check.better_value} {check.measure}, not {check.worse_value}"
    )
