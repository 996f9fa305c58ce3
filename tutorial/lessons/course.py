"""The course: every lesson of the manifest, loaded one file at a time so that a broken or
hostile file makes only its own lesson unavailable (``Course.broken``) and never raises;
and :func:`fingerprint`, the version of the lessons folder the app caches by."""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Mapping
from functools import partial
from pathlib import Path

from tutorial.lessons.loader import FILE_RE, LessonReader, lessons_dir
from tutorial.lessons.model import Course, Lesson, LessonProblem
from tutorial.lessons.readers import ID_RE, Problems, _keys
from tutorial.yamldoc import MAX_BYTES, SourceError, Where, YamlDoc, located

_KNOWN_IDS: dict[str, str] = {}
"""Lesson file → its id when it last loaded in this process: a lesson whose file later
cannot be read is still known by its id, so its link says "unavailable", not "no such"."""
_ID_LINE = re.compile(rb"^id:[ \t]*['\"]?([a-z0-9]+(?:-[a-z0-9]+)*)['\"]?[ \t]*(?:#.*)?$", re.M)


def _id_in_text(path: Path) -> str | None:
    """The ``id:`` line of a lesson file, read without YAML (for a file that will not parse)."""
    try:
        if not path.is_file():  # never open a pipe or device: it could block
            return None
        with path.open("rb") as f:
            found = _ID_LINE.search(f.read(MAX_BYTES))
    except OSError:
        return None
    return found.group(1).decode() if found else None


def fingerprint(root: Path | None = None) -> tuple[tuple[str, int, int], ...]:
    """Name, modification time and size of every YAML file of the lessons folder: a new
    value means a new version of the course (the app reloads only then). Every page run
    asks for it, so the folder is walked with :func:`os.scandir` (a tenth of the time of
    ``Path.rglob``); symbolic links to folders are not followed."""
    root = lessons_dir() if root is None else root
    found: list[tuple[str, str]] = []  # (path relative to root, path)
    folders = [(str(root), "")]
    while folders and len(found) < 4000:
        folder, rel = folders.pop()
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    name = f"{rel}{entry.name}"
                    if entry.is_dir(follow_symlinks=False):
                        folders.append((entry.path, f"{name}/"))
                    elif fnmatch.fnmatchcase(entry.name, "*.y*ml"):
                        found.append((name, entry.path))
        except OSError:
            continue
    out = [(str(root.resolve()), 0, 0)]
    for name, path in sorted(found)[:2000]:
        try:
            info = os.stat(path)
        except OSError:
            continue
        out.append((name, info.st_mtime_ns, info.st_size))
    return tuple(out)


def _raw_id_and_number(doc: YamlDoc, known: str | None) -> tuple[str | None, int | None]:
    """The lesson's ``id`` and ``number`` as the file gives them, before it is checked (the
    id of a broken lesson still names it; ``known``: the id it had when it last loaded)."""
    if not isinstance(doc.data, Mapping):
        return known, None
    got, n = doc.data.get("id"), doc.data.get("number")
    raw_id = got if isinstance(got, str) and ID_RE.match(got) else known
    return raw_id, n if isinstance(n, int) and not isinstance(n, bool) else None


def _lesson(
    root: Path, doc: YamlDoc, problems: Problems, numbers: set[int], ids: set[str]
) -> Lesson | None:
    return LessonReader(root, doc, problems).lesson(numbers, ids)


def load_course(root: Path | None = None) -> Course:
    """Load every lesson listed in ``root/manifest.yaml``. Never raises for content
    problems: broken lessons are reported in ``Course.broken``."""
    root = lessons_dir() if root is None else root
    lessons: list[Lesson] = []
    broken: list[LessonProblem] = []
    manifest_name = f"{root.name}/manifest.yaml"
    try:
        mdoc = YamlDoc.load(root / "manifest.yaml", manifest_name)
        mw = Where(mdoc)
        m = _keys(mw, (), mdoc.data, ("lessons",))
        files = m["lessons"]
        if not isinstance(files, list) or not files:
            raise mw.error(("lessons",), "expected the list of lesson files, in order")
    except SourceError as exc:
        return Course((), (LessonProblem(manifest_name, None, None, (str(exc),)),))
    numbers: set[int] = set()
    ids: set[str] = set()
    for i, name in enumerate(files):
        display = f"{root.name}/{name}"
        if not isinstance(name, str) or not FILE_RE.match(name) or "/" in name:
            broken.append(
                LessonProblem(
                    manifest_name,
                    None,
                    None,
                    (
                        str(
                            mw.error(
                                ("lessons", i),
                                f"a lesson file is a plain name ending in .yaml, not {name!r}",
                            )
                        ),
                    ),
                )
            )
            continue
        problems = Problems()
        lesson = None
        raw_id: str | None = _KNOWN_IDS.get(display)
        raw_number: int | None = None
        try:  # a bug of ours must not take the other lessons down
            doc = located(display, partial(YamlDoc.load, root / name, display))
            raw_id, raw_number = _raw_id_and_number(doc, raw_id)
            lesson = located(display, partial(_lesson, root, doc, problems, numbers, ids))
        except SourceError as exc:
            problems.add(exc)
        if lesson is not None:
            _KNOWN_IDS[display] = lesson.id
            lessons.append(lesson)
        else:
            raw_id = raw_id or _id_in_text(root / name)
            broken.append(LessonProblem(display, raw_id, raw_number, tuple(problems.items)))
    lessons.sort(key=lambda lesson: lesson.number)
    return Course(tuple(lessons), tuple(broken))
