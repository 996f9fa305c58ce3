"""``cinch lessons check``: validate every lesson, one line per lesson, all problems listed."""

from __future__ import annotations

import argparse
import json
from functools import partial
from pathlib import Path

from tutorial.i18n import LANGS
from tutorial.lessons.course import load_course
from tutorial.lessons.model import Course, Lesson, LessonProblem
from tutorial.lessons.reference import load_glossary, load_reference
from tutorial.yamldoc import SourceError, located


def _line(lesson: Lesson) -> str:
    checked = sum(1 for q in lesson.questions if q.engine_checked)
    types = sorted({q.type for q in lesson.questions})
    alt = " [alternative]" if lesson.alternative else ""
    alt += " [optional]" if lesson.optional else ""
    return (
        f"ok     {lesson.number:02d} {lesson.id}{alt}: {len(lesson.steps)} steps, "
        f"{lesson.scenarios} scenarios, {len(lesson.questions)} questions "
        f"({checked} checked by the engine; {', '.join(types)}), "
        f"languages {' '.join(LANGS)}"
    )


def _other_files(root: Path | None) -> list[LessonProblem]:
    """The rules reference and the glossary: the app shows them, so they are checked too."""
    out = []
    for name, loader in (("reference.yaml", load_reference), ("glossary.yaml", load_glossary)):
        try:  # a bug of ours: still reported, never a traceback
            located(name, partial(loader, root))
        except SourceError as exc:
            out.append(LessonProblem(exc.file, None, None, (str(exc),)))
    return out


def main(args: argparse.Namespace) -> int:
    """Exit 0 if everything loads, 2 if any file is invalid (each problem listed)."""
    root = Path(args.dir) if args.dir else None
    course = load_course(root)
    course = Course(course.lessons, (*course.broken, *_other_files(root)))
    if args.json:
        print(
            json.dumps(
                {
                    "lessons": [
                        {
                            "id": x.id,
                            "number": x.number,
                            "file": x.file,
                            "steps": len(x.steps),
                            "scenarios": x.scenarios,
                            "questions": len(x.questions),
                            "languages": list(LANGS),
                        }
                        for x in course.lessons
                    ],
                    "broken": [
                        {"file": b.file, "id": b.lesson_id, "problems": list(b.problems)}
                        for b in course.broken
                    ],
                },
                ensure_ascii=False,
            )
        )
    else:
        for lesson in course.lessons:
            print(_line(lesson))
        for b in course.broken:
            print(f"BROKEN {b.file}: {len(b.problems)} problem(s)")
            for p in b.problems:
                print(f"  - {p}")
        print(f"{len(course.lessons)} lesson(s) ok, {len(course.broken)} broken")
    return 2 if course.broken or not course.lessons else 0
