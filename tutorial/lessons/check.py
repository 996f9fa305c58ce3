"""``cinch lessons check``: validate every lesson, one line per lesson, all problems listed."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from tutorial.lessons.loader import load_course
from tutorial.lessons.model import LANGS, Lesson


def _line(lesson: Lesson) -> str:
    checked = sum(1 for q in lesson.questions if q.engine_checked)
    types = sorted({q.type for q in lesson.questions})
    alt = " [alternative]" if lesson.alternative else ""
    return (
        f"ok     {lesson.number:02d} {lesson.id}{alt}: {len(lesson.steps)} steps, "
        f"{lesson.scenarios} scenarios, {len(lesson.questions)} questions "
        f"({checked} checked by the engine; {', '.join(types)}), "
        f"languages {' '.join(LANGS)}"
    )


def main(args: argparse.Namespace) -> int:
    course = load_course(Path(args.dir) if args.dir else None)
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
    return 1 if course.broken or not course.lessons else 0
