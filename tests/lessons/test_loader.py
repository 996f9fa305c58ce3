"""The lesson loader: the real lessons load; a fixture course of broken files proves each
error message names the file, the line, the key and what was expected."""

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from tutorial.cli import main
from tutorial.i18n import LANGS
from tutorial.lessons.course import load_course
from tutorial.lessons.judge import expected, judge

REAL = Path(__file__).resolve().parents[2] / "lessons"


def text(word: str) -> dict[str, str]:
    return {lang: f"{word} ({lang})" for lang in LANGS}


def good_lesson() -> dict[str, Any]:
    trick = {
        "kind": "trick",
        "trump": "H",
        "leader": "A",
        "cards": ["KC", "5D", "6H", "5H"],
        "expect": {"winner": "C"},
    }
    return {
        "id": "fixture",
        "number": 1,
        "title": text("title"),
        "intro": text("intro"),
        "steps": [
            {
                "id": "s1",
                "title": text("s1"),
                "text": text("one"),
                "scenario": trick,
                "narration": [{"at": "t1c2", "text": text("ruff")}],
            },
            {"id": "s2", "title": text("s2"), "text": text("two")},
            {"id": "s3", "title": text("s3"), "text": text("three")},
            {"id": "s4", "title": text("s4"), "text": text("four")},
        ],
        "questions": [
            {
                "id": "q1",
                "step": "s1",
                "type": "single",
                "prompt": text("who wins?"),
                "hint": text("h"),
                "right": text("r"),
                "wrong": text("w"),
                "options": [{"id": s, "text": text(s)} for s in "ABCD"],
                "scenario": trick,
                "ask": "winner",
                "answer": "C",
            },
            {
                "id": "q2",
                "step": "s2",
                "type": "cards",
                "prompt": text("which may B play?"),
                "hint": text("h"),
                "right": text("r"),
                "wrong": text("w"),
                "scenario": {
                    "kind": "legal",
                    "trump": "H",
                    "leader": "A",
                    "cards": ["KC"],
                    "hand": ["5D", "9C", "2S"],
                },
                "ask": "legal",
                "answer": ["5D", "9C"],
            },
            {
                "id": "q3",
                "step": "s3",
                "type": "number",
                "prompt": text("new score?"),
                "hint": text("h"),
                "right": text("r"),
                "wrong": text("w"),
                "scenario": {
                    "kind": "score",
                    "before": {"AC": 0, "BD": 0},
                    "bidder": "AC",
                    "bid": 10,
                    "points": {"AC": 9, "BD": 5},
                },
                "ask": "after.AC",
                "answer": -10,
            },
            {
                "id": "q4",
                "step": "s4",
                "type": "multiple",
                "prompt": text("true?"),
                "hint": text("h"),
                "right": text("r"),
                "wrong": text("w"),
                "options": [
                    {"id": "a", "text": text("a")},
                    {"id": "b", "text": text("b")},
                    {"id": "c", "text": text("c")},
                ],
                "answer": ["a", "c"],
            },
        ],
    }


def write_course(tmp_path: Path, lessons: dict[str, dict[str, Any]]) -> Path:
    root = tmp_path / "lessons"
    root.mkdir()
    (root / "manifest.yaml").write_text(yaml.safe_dump({"lessons": list(lessons)}))
    for shared in ("reference.yaml", "glossary.yaml"):  # the real ones: they are checked too
        (root / shared).write_bytes((REAL / shared).read_bytes())
    for name, data in lessons.items():
        (root / name).write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    return root


def problems_of(tmp_path: Path, lesson: dict[str, Any]) -> list[str]:
    course = load_course(write_course(tmp_path, {"01-fixture.yaml": lesson}))
    assert not course.lessons
    assert len(course.broken) == 1
    return list(course.broken[0].problems)


def test_the_real_lessons_all_load() -> None:
    course = load_course()
    assert not course.broken, course.broken
    assert [x.number for x in course.lessons] == list(range(0, 10))
    assert [x.number for x in course.lessons if x.optional] == [0]  # the first-steps primer
    assert course.first is not None and course.first.number == 1
    for lesson in course.lessons:
        assert len(lesson.steps) >= 4 and len(lesson.questions) >= 4
        assert any(s.scenario for s in lesson.steps)
    types = {q.type for x in course.lessons for q in x.questions}
    assert types == {"single", "multiple", "cards", "number"}


def test_real_lessons_meet_the_issue_s_content_requirements() -> None:
    course = load_course()
    seven = course.lesson("left-pedro-is-not-a-diamond")
    assert seven is not None
    # the worked example of section 07 is played in lesson 01 (a-first-trick); lesson 07 plays
    # a trick of its own (diamonds trump, the Left Pedro 5♥) so as not to replay it card for card
    tricks = [
        s.scenario
        for x in course.lessons
        for s in x.steps
        if s.scenario and s.scenario.replay.kind == "trick"
    ]
    assert any(
        sc.replay.result["cards"] == ["KC", "5D", "6H", "5H"]
        and sc.replay.result["winner"] == "C"
        and sc.replay.result["points"] == {"AC": 10, "BD": 0}
        for sc in tricks
    )
    # section 07's separate calculation (bid 10, win 9, lose 10): in lesson 07 it is the
    # question under the hand that turns on the Left Pedro (score-without-the-left-pedro)
    scores = [
        x.scenario.replay.result
        for x in (*seven.steps, *seven.questions)
        if x.scenario and x.scenario.replay.kind == "score"
    ]
    assert any(
        r["bid"] == 10
        and r["points"]["AC" if r["bidder"] == "AC" else "BD"] == 9
        and not r["made"]
        and r["delta"][r["bidder"]] == -10
        for r in scores
    )
    six = course.lesson("scoring-and-bidder-goes-out")
    assert six is not None
    games = [
        s.scenario.replay.result
        for s in six.steps
        if s.scenario and s.scenario.replay.kind == "game"
    ]
    assert any(g["decided_by"] == "bidder_goes_out" for g in games)
    assert any(
        any(
            h["after"]["AC"] >= 62 and h["after"]["BD"] >= 62 and h["winner"] is None
            for h in g["hands"]
        )
        for g in games
    )
    four = course.lesson("discard-and-refill")
    assert four is not None
    hands = [
        s.scenario.replay.result
        for s in four.steps
        if s.scenario and s.scenario.replay.kind == "hand"
    ]
    assert any(h["refill"]["reshuffled"] for h in hands)
    assert any(any(len(c) > 6 for c in h["hands_after_refill"].values()) for h in hands)
    five = course.lesson("play-and-surplus-trumps")
    assert five is not None
    assert any(
        s.scenario
        and s.scenario.replay.kind == "hand"
        and any(isinstance(c, list) for t in s.scenario.replay.result["tricks"] for c in t["cards"])
        for s in five.steps
    )
    eight = course.lesson("fifty-one-and-variants")
    assert eight is not None and eight.alternative and eight.profile == "classic-51"


def test_cinch_lessons_check_passes_on_the_real_lessons(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", "check"]) == 0
    out = capsys.readouterr().out
    assert out.count("ok ") == len(load_course().lessons) >= 9 and "0 broken" in out
    assert "00 first-steps [optional]" in out
    assert "languages es pt fr en" in out


def test_fixture_lesson_loads_and_answers_are_judged_by_the_engine(tmp_path: Path) -> None:
    course = load_course(write_course(tmp_path, {"01-fixture.yaml": good_lesson()}))
    assert not course.broken, course.broken
    q1, q2, q3, q4 = course.lessons[0].questions
    assert judge(q1, "C") and not judge(q1, "B")
    assert judge(q2, ["9C", "5D"]) and not judge(q2, ["9C"])  # order does not matter
    assert judge(q3, -10) and not judge(q3, -1)
    assert judge(q4, ["c", "a"]) and not judge(q4, ["a"])
    assert expected(q1) == "C"


@pytest.mark.parametrize(
    "mutate,needle,key",
    [
        (lambda d: d["steps"][1]["text"].pop("pt"), "missing translation 'pt'", "steps[1].text"),
        (
            lambda d: d["steps"][0]["scenario"]["cards"].__setitem__(1, "5X"),
            "unknown card '5X'",
            "steps[0].scenario.cards[1]",
        ),
        (
            lambda d: d["questions"][0].__setitem__("answer", "B"),
            "engine disagrees",
            "questions[0].answer",
        ),
        (
            lambda d: d["questions"][1].__setitem__("answer", ["5D"]),
            "engine disagrees",
            "questions[1].answer",
        ),
        (lambda d: d["steps"][2].__setitem__("id", "s1"), "duplicate step id 's1'", "steps[2].id"),
        (
            lambda d: d["steps"][0]["narration"][0].__setitem__("at", "t3"),
            "no moment 't3'",
            "steps[0].narration[0].at",
        ),
        (
            lambda d: d["steps"][0]["scenario"]["expect"].__setitem__("winner", "D"),
            "the engine says 'C'",
            "steps[0].scenario.expect.winner",
        ),
        (
            lambda d: d["questions"][2]["scenario"]["points"].__setitem__("AC", 8),
            "must add up to 14",
            "questions[2].scenario.points",
        ),
        (
            lambda d: d["questions"][0].__setitem__("ask", "loser"),
            "no result field 'loser'",
            "questions[0].ask",
        ),
        (lambda d: d["steps"].pop(), "at least 4 steps", "steps"),
        (
            lambda d: d["questions"][3].__setitem__("type", "essay"),
            "unknown question type",
            "questions[3].type",
        ),
    ],
)
def test_each_broken_fixture_names_file_line_key_and_rule(
    tmp_path: Path, mutate: Any, needle: str, key: str
) -> None:
    lesson = copy.deepcopy(good_lesson())
    mutate(lesson)
    problems = problems_of(tmp_path, lesson)
    hit = [p for p in problems if needle in p]
    assert hit, problems
    assert hit[0].startswith("lessons/01-fixture.yaml:")
    line = hit[0].split(":")[1]
    assert line.isdigit() and int(line) > 1
    assert f": {key}: " in hit[0]


def test_illegal_play_in_a_hand_scenario_names_trick_and_seat(tmp_path: Path) -> None:
    src = Path(__file__).resolve().parents[2] / "examples" / "scenarios" / "hand-reshuffle.yaml"
    scenario = yaml.safe_load(src.read_text())
    scenario.pop("expect")
    scenario["plays"][0][1], scenario["plays"][0][2] = (
        scenario["plays"][0][2],
        scenario["plays"][0][1],
    )
    lesson = good_lesson()
    lesson["steps"][3]["scenario"] = scenario
    problems = problems_of(tmp_path, lesson)
    assert any("steps[3].scenario.plays[0][1]" in p and "trick 1, seat" in p for p in problems)


def test_all_problems_are_listed_not_just_the_first(tmp_path: Path) -> None:
    lesson = good_lesson()
    lesson["steps"][1]["text"].pop("fr")
    lesson["questions"][0]["answer"] = "A"
    lesson["questions"][2]["answer"] = 3
    problems = problems_of(tmp_path, lesson)
    assert len(problems) == 3


def test_check_exits_2_and_lists_every_broken_lesson(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad1 = good_lesson()
    bad1["steps"][0]["text"]["es"] = "   "
    bad2 = copy.deepcopy(good_lesson())
    bad2["id"], bad2["number"] = "other", 2
    bad2["questions"][0]["answer"] = "D"
    root = write_course(
        tmp_path,
        {
            "01-a.yaml": bad1,
            "02-b.yaml": bad2,
            "03-c.yaml": {**good_lesson(), "id": "c", "number": 3},
        },
    )
    assert main(["lessons", "check", "--dir", str(root)]) == 2
    out = capsys.readouterr().out
    assert "BROKEN lessons/01-a.yaml" in out and "BROKEN lessons/02-b.yaml" in out
    assert "ok     03 c" in out and "1 lesson(s) ok, 2 broken" in out


def test_scenario_file_reference_must_stay_inside_the_lessons_folder(tmp_path: Path) -> None:
    lesson = good_lesson()
    lesson["steps"][1]["scenario"] = "../../etc/passwd.yaml"
    problems = problems_of(tmp_path, lesson)
    assert any("relative path inside" in p for p in problems)


def test_yaml_python_tags_are_refused(tmp_path: Path) -> None:
    root = write_course(tmp_path, {})
    (root / "manifest.yaml").write_text("lessons: [01-x.yaml]\n")
    (root / "01-x.yaml").write_text("id: !!python/object/apply:os.system ['echo x']\n")
    course = load_course(root)
    assert "not valid YAML" in course.broken[0].problems[0]


def test_a_question_may_be_plain_on_a_table_and_plain_is_true_or_false(tmp_path: Path) -> None:
    """``plain: true`` draws a question's table without trump marks until it is answered
    right (tests/ui/test_plain_questions.py). Anything but a boolean, or a question with no
    table to draw (a score scenario), is a located error naming the key."""
    for name in "abc":
        (tmp_path / name).mkdir()
    lesson = good_lesson()
    lesson["questions"][1]["plain"] = True
    course = load_course(write_course(tmp_path / "a", {"01-fixture.yaml": lesson}))
    assert not course.broken and course.lessons[0].questions[1].plain
    assert not course.lessons[0].questions[0].plain
    lesson = good_lesson()
    lesson["questions"][1]["plain"] = "yes"
    [problem] = problems_of(tmp_path / "b", lesson)
    assert "questions[1].plain" in problem and "true or false" in problem, problem
    lesson = good_lesson()
    lesson["questions"][2]["plain"] = True  # a score: no table
    [problem] = problems_of(tmp_path / "c", lesson)
    assert "questions[2].plain" in problem and "trick or legal scenario" in problem, problem


def test_a_lesson_may_be_plain_and_plain_is_true_or_false(tmp_path: Path) -> None:
    """A lesson's ``plain: true`` (the primer) draws all its tables without trump marks and
    without the Low caption (tests/ui/test_plain_moves.py); anything but a boolean is a
    located error naming the key."""
    for name in "ab":
        (tmp_path / name).mkdir()
    lesson = good_lesson()
    lesson["plain"] = True
    course = load_course(write_course(tmp_path / "a", {"01-fixture.yaml": lesson}))
    assert not course.broken and course.lessons[0].plain
    lesson["plain"] = "yes"
    [problem] = problems_of(tmp_path / "b", lesson)
    assert "plain" in problem and "true or false" in problem, problem


def test_a_cards_question_on_a_trick_offers_a_pile_s_cards_beneath(tmp_path: Path) -> None:
    """Failed before: ``show: trick`` offered each play's top card only, so a question could
    not let the learner pick (wrongly) the card beneath a pile — lesson 5's K♥ under 8♥."""
    lesson = good_lesson()
    lesson["questions"].append(
        {
            "id": "q-pile",
            "step": "s1",
            "type": "cards",
            "show": "trick",
            "prompt": text("which wins?"),
            "hint": text("h"),
            "right": text("r"),
            "wrong": text("w"),
            "feedback": {"KH": text("beneath")},
            "scenario": {
                "kind": "trick",
                "trump": "H",
                "leader": "A",
                "cards": ["JH", ["8H", "KH"], "3H", "4H"],
            },
            "ask": "winning_card",
            "answer": ["JH"],
        }
    )
    course = load_course(write_course(tmp_path, {"01-fixture.yaml": lesson}))
    assert not course.broken, course.broken
    q = next(q for q in course.lessons[0].questions if q.id == "q-pile")
    assert q.shown_cards == ("JH", "8H", "KH", "3H", "4H")
