"""Hostile and broken lesson files (issue 9): one bad file makes only that lesson
unavailable, with located problems; the other lessons load; ``cinch lessons check`` exits 2
and lists it; nothing raises, hangs or takes the course down. Includes a property-based
fuzz of the lesson loader."""

import os
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutorial.cli import main
from tutorial.lessons.course import load_course

ROOT = Path(__file__).resolve().parents[2]
TARGET = "07-left-pedro.yaml"
OTHER = "01-two-pedros.yaml"
LOCATED = re.compile(r"^lessons/[\w./-]+(:\d+)?: \S+: .+", re.S)
BOMB = "&a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"  {c}: &{c} [{', '.join(['*' + p] * 9)}]\n"
    for p, c in zip("abcdefgh", "bcdefghi", strict=True)
)


def course_dir(tmp_path: Path, lesson_text: str | bytes | None = None) -> Path:
    """A lessons folder with lesson 01 and (possibly broken) lesson 07."""
    root = tmp_path / "lessons"
    if not root.exists():
        shutil.copytree(ROOT / "lessons", root)
        (root / "manifest.yaml").write_text(f"lessons:\n  - {OTHER}\n  - {TARGET}\n")
    if lesson_text is not None:
        data = lesson_text.encode() if isinstance(lesson_text, str) else lesson_text
        (root / TARGET).write_bytes(data)
    return root


def original() -> str:
    return (ROOT / "lessons" / TARGET).read_text(encoding="utf-8")


def edit(change: Callable[[dict], None]) -> str:  # type: ignore[type-arg]
    data = yaml.safe_load(original())
    change(data)
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def _profile_list(d: dict) -> None:  # type: ignore[type-arg]
    d["profile"] = ["pagat-62"]


def _inline_scenario(d: dict) -> dict:  # type: ignore[type-arg]
    """The first scenario written in the lesson itself (lesson 07's first step asks first and
    has none)."""
    return next(s["scenario"] for s in d["steps"] if isinstance(s.get("scenario"), dict))


def _scenario_profile_mapping(d: dict) -> None:  # type: ignore[type-arg]
    _inline_scenario(d)["profile"] = {"name": "pagat-62"}


def _odd_expect_keys(d: dict) -> None:  # type: ignore[type-arg]
    _inline_scenario(d)["expect"] = {"legal[0]": "5D", True: 1, "a.b[x]": 2}


HOSTILE: dict[str, str | bytes] = {
    "profile-as-list": edit(_profile_list),
    "scenario-profile-as-mapping": edit(_scenario_profile_mapping),
    "odd-expect-keys": edit(_odd_expect_keys),
    "huge-integer": original().replace("number: 7", "number: " + "7" * 5000, 1),
    "deep-nesting": original() + "extra: " + "[" * 1000 + "]" * 1000 + "\n",
    "alias-bomb": original().replace("number: 7\n", "number: 7\nbomb:\n  a: " + BOMB, 1),
    "duplicate-key": original().replace("number: 7\n", "number: 7\nnumber: 8\n", 1),
    "utf-16": original().encode("utf-16"),
    "latin-1": original().encode("utf-8").replace("é".encode(), b"\xe9"),
    "nul-byte": original().encode().replace(b"intro:", b"in\0tro:", 1),
    "empty": b"",
    "python-tag": original().replace("number: 7", "number: !!python/object/apply:os.system [ls]"),
    "two-documents": original() + "---\nid: x\n",
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_lesson_is_unavailable_and_the_other_loads(tmp_path: Path, name: str) -> None:
    root = course_dir(tmp_path, HOSTILE[name])
    started = time.perf_counter()
    course = load_course(root)
    assert time.perf_counter() - started < 30  # a bomb or a hang takes minutes
    assert [x.id for x in course.lessons] == ["two-pedros"]
    assert len(course.broken) == 1
    broken = course.broken[0]
    assert broken.file == f"lessons/{TARGET}" and broken.problems
    for problem in broken.problems:
        assert LOCATED.match(problem), problem
        assert "internal error" not in problem
    if name not in ("utf-16", "empty"):  # the id is still known, so its link says why
        assert broken.lesson_id == "left-pedro-is-not-a-diamond"


@pytest.mark.parametrize("name", ["alias-bomb", "profile-as-list", "utf-16"])
def test_lessons_check_exits_2_with_the_located_problem(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    root = course_dir(tmp_path, HOSTILE[name])
    assert main(["lessons", "check", "--dir", str(root)]) == 2
    out = capsys.readouterr().out
    assert f"BROKEN lessons/{TARGET}" in out and "ok     01 two-pedros" in out
    assert "Traceback" not in out


def test_a_missing_scenario_file_is_reported_once_at_the_lesson_line(tmp_path: Path) -> None:
    root = course_dir(tmp_path)
    (root / "scenarios" / "07-left-pedro-trick.yaml").unlink()
    course = load_course(root)
    problems = course.broken[0].problems
    mentions = [p for p in problems if "07-left-pedro-trick.yaml" in p]
    first = original().splitlines().index("    scenario: scenarios/07-left-pedro-trick.yaml") + 1
    assert len(mentions) == 1, problems
    assert mentions[0].startswith(f"lessons/{TARGET}:{first}: steps[1].scenario: ")
    assert "file not found" in mentions[0]


def test_a_scenario_file_that_is_a_fifo_does_not_hang(tmp_path: Path) -> None:
    root = course_dir(tmp_path)
    target = root / "scenarios" / "07-left-pedro-trick.yaml"
    target.unlink()
    os.mkfifo(target)
    course = load_course(root)
    assert any("not a regular file" in p for p in course.broken[0].problems)


def test_broken_glossary_and_reference_fail_the_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = course_dir(tmp_path, original())
    (root / "glossary.yaml").write_text("terms: [\n")
    (root / "reference.yaml").write_text("profiles: {pagat-62: [1]}\n")
    assert main(["lessons", "check", "--dir", str(root)]) == 2
    out = capsys.readouterr().out
    assert "BROKEN lessons/glossary.yaml" in out and "BROKEN lessons/reference.yaml" in out
    assert (
        "lessons/glossary.yaml:2:" in out and "lessons/reference.yaml:1: profiles.pagat-62" in out
    )


# -- property-based: mutated lesson files --------------------------------------------------------
SNIPPETS = ["&a [1, 2]", "*a", "[" * 100, "9" * 5000, "!!binary x", "\t", "? [1]", "<<: *a", ": "]
tried: dict[str, int] = {}


def teardown_module() -> None:
    print(f"\nlesson fuzz: {tried}")


@st.composite
def mutated_lesson(draw: st.DrawFn) -> bytes:
    lines = original().splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["drop", "dup", "snippet", "indent", "bytes", "value"]))
        if op == "drop":
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        elif op == "snippet":
            lines[i] = lines[i].rstrip("\n") + " " + draw(st.sampled_from(SNIPPETS)) + "\n"
        elif op == "indent":
            lines[i] = " " * draw(st.integers(1, 3)) + lines[i]
        elif op == "bytes":
            lines[i] = draw(st.text(max_size=20)) + "\n"
        else:  # replace a value with another kind of value
            head = lines[i].split(":", 1)[0]
            new = draw(st.sampled_from(["[]", "{}", "null", "true", "-1", "[pagat-62]", "'x'"]))
            lines[i] = f"{head}: {new}\n"
    return "".join(lines).encode("utf-8", "surrogatepass")


@settings(
    max_examples=int(os.environ.get("CINCH_FUZZ_EXAMPLES", "200")) // 4 or 1,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=mutated_lesson())
def test_mutated_lessons_never_break_the_contract(tmp_path: Path, data: bytes) -> None:
    root = course_dir(tmp_path, data)
    started = time.perf_counter()
    course = load_course(root)
    assert time.perf_counter() - started < 60
    assert "two-pedros" in [x.id for x in course.lessons]
    outcome = "loaded" if len(course.lessons) == 2 else "unavailable"
    tried[outcome] = tried.get(outcome, 0) + 1
    for broken in course.broken:
        assert broken.problems
        for problem in broken.problems:
            assert LOCATED.match(problem), problem
            assert "internal error" not in problem, problem
