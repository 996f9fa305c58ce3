"""``solver_check``: a step's advice is checked by the double-dummy solver when the lesson
loads; a claim the solver contradicts makes the lesson unavailable with a located error."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.lessons.test_loader import good_lesson, problems_of, write_course
from tutorial.cli import main
from tutorial.engine.hand import Hand
from tutorial.lessons.course import load_course
from tutorial.scenario.setup import HandSetup
from tutorial.solver.analyse import solve
from tutorial.solver.position import Position
from tutorial.yamldoc import Where, YamlDoc


def hand_of(data: Any, before: tuple[int, int] | None = None) -> Hand:
    """The hand a ``hand`` scenario mapping stops at (or just before card ``before``)."""
    return HandSetup.from_json(data, Where(YamlDoc("test", data, None))).hand(before)


# Spades trump. Trick 2: D leads the Right Pedro 5♠, A plays 8♠, B 9♠; C, last to play,
# can take it with Q♠ (A–C 11 under best play) or let it go with 3♠ (A–C 6).
CAPTURE: dict[str, Any] = {
    "kind": "hand",
    "dealer": "D",
    "deal": {
        "A": ["9C", "3D", "5D", "QD", "7H", "TH", "2S", "6S", "7S"],
        "B": ["2C", "6C", "JC", "7D", "3H", "9H", "QH", "9S", "TS"],
        "C": ["3C", "4C", "8C", "TC", "AC", "6D", "8H", "3S", "4S"],
        "D": ["7C", "8D", "9D", "TD", "4H", "KH", "AH", "5S", "AS"],
    },
    "stock": [
        *("KS", "8S", "6H", "QC", "JH", "KC", "4D", "JD"),
        *("2H", "QS", "5C", "JS", "KD", "2D", "AD", "5H"),
    ],
    "bids": [9, "pass", "pass", "pass"],
    "trump": "S",
    "plays": [["KS", "TS", "4S", "AS"], ["5S", "8S", "9S"]],
}
REAL = Path(__file__).resolve().parents[2] / "lessons"


def lesson_with(check: dict[str, Any], scenario: Any = None) -> dict[str, Any]:
    lesson = good_lesson()
    step = lesson["steps"][1]
    step["scenario"] = copy.deepcopy(CAPTURE) if scenario is None else scenario
    step["solver_check"] = check
    return lesson


def test_the_solver_values_the_fixture_as_the_comment_says() -> None:
    pos = Position.from_hand(hand_of(CAPTURE))
    values = {a.card: a.value for a in solve(pos).actions}
    from tutorial.engine.cards import parse_index

    assert values[parse_index("QS")] == (11, 3)
    assert values[parse_index("3S")] == (6, 8)


def test_a_claim_the_solver_confirms_loads_with_its_values(tmp_path: Path) -> None:
    check = {"better": "QS", "worse": "3S", "values": {"better": 11, "worse": 6}}
    course = load_course(write_course(tmp_path, {"01-fixture.yaml": lesson_with(check)}))
    assert not course.broken, course.broken
    sc = course.lessons[0].steps[1].solver_check
    assert sc is not None
    assert (sc.side, sc.measure, sc.better, sc.worse) == ("AC", "points", "QS", "3S")
    assert (sc.better_value, sc.worse_value) == (11, 6)


def test_a_claim_the_solver_contradicts_does_not_load_and_says_where(tmp_path: Path) -> None:
    [problem] = problems_of(tmp_path, lesson_with({"better": "3S", "worse": "QS"}))
    assert re.match(r"lessons/01-fixture\.yaml:\d+: steps\[1\]\.solver_check\.better: ", problem)
    assert "the solver contradicts this claim" in problem
    assert "A–C get 6 points with 3S for C and 11 with QS" in problem


def test_equal_values_are_not_a_better_choice(tmp_path: Path) -> None:
    # 3S and the Left Pedro 5C both let the trick go; the claim needs strictly more
    [problem] = problems_of(tmp_path, lesson_with({"better": "QS", "worse": "QS"}))
    assert "must win strictly more" in problem


def test_stated_values_must_be_the_solver_s(tmp_path: Path) -> None:
    check = {"better": "QS", "worse": "3S", "values": {"better": 11, "worse": 5}}
    [problem] = problems_of(tmp_path, lesson_with(check))
    assert "steps[1].solver_check.values.worse" in problem
    assert "the solver says 6 points for A–C with worse (3S), not 5" in problem


def test_a_card_the_seat_cannot_play_is_named_with_the_legal_ones(tmp_path: Path) -> None:
    [problem] = problems_of(tmp_path, lesson_with({"better": "QS", "worse": "JD"}))
    assert "steps[1].solver_check.worse" in problem
    assert "C cannot play JD here (legal: 5C 3S QS)" in problem


@pytest.mark.parametrize(
    ("check", "scenario", "words"),
    [
        (
            {"better": "QS", "worse": "3S"},
            {k: v for k, v in CAPTURE.items() if k not in ("trump", "plays")},
            "stops in the play phase",
        ),
        (
            {"better": "KC", "worse": "5D"},
            {"kind": "trick", "trump": "H", "leader": "A", "cards": ["KC", "5D", "6H", "5H"]},
            "this one is a trick scenario",
        ),
        ({"better": "QS", "worse": "3S", "measure": "tricks"}, None, "expected points or score"),
        ({"better": "QS", "worse": "3S", "side": "BD"}, None, "the side is the seat's"),
        ({"better": "QS"}, None, "missing key 'worse'"),
        ({"better": "x.yaml", "worse": "3S"}, None, "either two cards or two scenario files"),
    ],
)
def test_malformed_checks_are_located(
    tmp_path: Path, check: dict[str, Any], scenario: Any, words: str
) -> None:
    problems = problems_of(tmp_path, lesson_with(check, scenario))
    assert any("solver_check" in p and words in p for p in problems), problems


def test_two_ways_of_the_same_deal_are_compared_for_the_side(tmp_path: Path) -> None:
    root = write_course(tmp_path, {"01-fixture.yaml": lesson_with({"better": "QS", "worse": "3S"})})
    (root / "scenarios").mkdir()
    bid9 = {**CAPTURE}
    bid12 = {**CAPTURE, "bids": [12, "pass", "pass", "pass"]}
    for name, data in (("bid9.yaml", bid9), ("bid12.yaml", bid12)):
        (root / "scenarios" / name).write_text(yaml.safe_dump(data))
    lesson = lesson_with(
        {
            "better": "scenarios/bid9.yaml",
            "worse": "scenarios/bid12.yaml",
            "side": "AC",
            "measure": "score",
        }
    )
    (root / "01-fixture.yaml").write_text(yaml.safe_dump(lesson, allow_unicode=True))
    course = load_course(root)
    assert not course.broken, course.broken
    sc = course.lessons[0].steps[1].solver_check
    assert sc is not None
    # A–C can take 11 from here: bid 9 made (+11), bid 12 set (−12)
    assert (sc.better_value, sc.worse_value) == (11, -12)
    swapped = {**lesson["steps"][1]["solver_check"]}
    swapped["better"], swapped["worse"] = swapped["worse"], swapped["better"]
    lesson["steps"][1]["solver_check"] = swapped
    (root / "01-fixture.yaml").write_text(yaml.safe_dump(lesson, allow_unicode=True))
    [broken] = load_course(root).broken
    assert any(
        "solver_check.better" in p and "A–C get -12 score with scenarios/bid12.yaml" in p
        for p in broken.problems
    ), broken.problems


def _real_checks() -> list[tuple[str, int]]:
    out = []
    for path in sorted(REAL.glob("[0-9][0-9]-*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for i, step in enumerate(data["steps"]):
            if "solver_check" in step:
                out.append((path.name, i))
    return out


def test_the_real_lessons_have_solver_checks() -> None:
    checks = _real_checks()
    assert len(checks) >= 6, checks
    course = load_course()
    assert not course.broken
    found = [s.solver_check for x in course.lessons for s in x.steps if s.solver_check]
    assert len(found) == len(checks)
    assert all(c.better_value > c.worse_value for c in found)


@pytest.mark.parametrize(("name", "index"), _real_checks())
def test_each_real_claim_swapped_makes_its_lesson_unavailable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, index: int
) -> None:
    root = tmp_path / "lessons"
    root.mkdir()
    for path in REAL.rglob("*.yaml"):
        target = root / path.relative_to(REAL)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes())
    data = yaml.safe_load((REAL / name).read_text(encoding="utf-8"))
    check = data["steps"][index]["solver_check"]
    check["better"], check["worse"] = check["worse"], check["better"]
    check.pop("values", None)  # the stated figures would fail first: the claim itself must
    (root / name).write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    assert main(["lessons", "check", "--dir", str(root)]) == 2
    out_text = capsys.readouterr().out
    assert f"BROKEN lessons/{name}" in out_text
    assert re.search(rf"lessons/{re.escape(name)}:\d+: steps\[{index}\]\.solver_check\.", out_text)


def test_at_checks_the_position_just_before_a_card_the_scenario_plays(tmp_path: Path) -> None:
    # the scenario goes on with B's A♠ (a "your move" moment); the check is made before it
    played = {**CAPTURE, "plays": [["KS", "TS", "4S", "AS"], ["5S", "8S", "9S", "QS"]]}
    check = {"at": "t2c4", "better": "QS", "worse": "3S", "values": {"better": 11, "worse": 6}}
    course = load_course(write_course(tmp_path, {"01-fixture.yaml": lesson_with(check, played)}))
    assert not course.broken, course.broken
    (tmp_path / "x").mkdir()
    [problem] = problems_of(tmp_path / "x", lesson_with({**check, "at": "t3c1"}, played))
    assert "steps[1].solver_check.at: expected a card moment tNcK of this scenario" in problem
