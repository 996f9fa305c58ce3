"""Readers shared by the lesson, reference and glossary loaders: texts in the four
languages, ids, mappings with known keys, collected problems, and written answers."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from tutorial.engine.cards import CODES, parse_index
from tutorial.engine.errors import InvalidInput
from tutorial.i18n import LANGS
from tutorial.lessons.model import Text
from tutorial.yamldoc import Key, SourceError, Where

ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
T = TypeVar("T")


class Reported(SourceError):
    """A problem already reported once for this lesson (a broken scenario file used again)."""

    def __init__(self, first: SourceError) -> None:
        super().__init__(first.file, first.line, first.path, first.message)


class Problems:
    """Collects located problems while a lesson is read."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, exc: SourceError) -> None:
        if not isinstance(exc, Reported):
            self.items.append(str(exc))

    def guard(self, fn: Callable[[], T]) -> T | None:
        """Run ``fn``; on a :class:`SourceError` record it and return None."""
        try:
            return fn()
        except SourceError as exc:
            self.add(exc)
            return None


def _text(w: Where, path: tuple[Key, ...], value: Any) -> Text:
    if not isinstance(value, Mapping):
        raise w.error(path, f"expected a text in the four languages ({', '.join(LANGS)})")
    for lang in value:
        if lang not in LANGS:
            raise w.error(
                (*path, str(lang)), f"unknown language {lang!r}: expected {', '.join(LANGS)}"
            )
    for lang in LANGS:
        if lang not in value:
            raise w.error(path, f"missing translation {lang!r}")
        v = value[lang]
        if not isinstance(v, str) or not v.strip():
            raise w.error((*path, lang), f"the {lang!r} translation is empty")
    return Text(*(value[lang].strip() for lang in LANGS))


def _id(w: Where, path: tuple[Key, ...], value: Any, seen: set[str], what: str) -> str:
    if not isinstance(value, str) or not ID_RE.match(value):
        raise w.error(
            path,
            f"a {what} id must be lowercase letters, digits and hyphens "
            f"(like left-pedro), not {value!r}",
        )
    if value in seen:
        raise w.error(path, f"duplicate {what} id {value!r}")
    seen.add(value)
    return value


def _keys(
    w: Where,
    path: tuple[Key, ...],
    m: Any,
    required: tuple[str, ...],
    optional: tuple[str, ...] = (),
) -> Mapping[str, Any]:
    if not isinstance(m, Mapping):
        raise w.error(path, "expected a mapping")
    for k in m:
        if k not in required + optional:
            raise w.error(
                (*path, str(k)),
                f"unknown key {k!r}: expected one of {', '.join(required + optional)}",
            )
    for k in required:
        if k not in m:
            raise w.error(path, f"missing key {k!r}")
    return m


def normal_answer(qtype: str, value: Any) -> Any:
    """The engine's value in the form of a written answer of this question type."""
    if qtype == "number":
        return value if isinstance(value, int) and not isinstance(value, bool) else None
    if qtype == "cards":
        items = value if isinstance(value, list) else [value]
        try:
            return tuple(sorted({CODES[parse_index(str(c))] for c in items}, key=parse_index))
        except InvalidInput:
            return None
    if qtype == "multiple":
        items = value if isinstance(value, list) else [value]
        return tuple(sorted({_option_id(v) for v in items}))
    return _option_id(value)


def _option_id(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if v is None:
        return "none"
    return str(v)


def _show(v: Any) -> str:
    if isinstance(v, tuple | list):
        return "[" + ", ".join(str(x) for x in v) + "]"
    return repr(v)
