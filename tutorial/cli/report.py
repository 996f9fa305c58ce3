"""Reporting on scenario files, for every command that reads one (``cinch replay``, ``solve``,
``review``, ``advise``, ``decide``): load the file, run the command's job on it, fill a
:class:`FileReport` (the result, the ``expect`` mismatches located by line, or the error; a
bug of ours becomes a located internal error, never a traceback) and print it, as text or
one JSON object. A job gives back what the command worked out (a :class:`JobResult`: its typed
value, which the text is written from, and the result's JSON form)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any, Generic, TypeAlias, TypeVar

from tutorial.jsonvalue import Json, JsonObject
from tutorial.scenario.files import Mismatch, compare, replay_data
from tutorial.scenario.replay import Replay, replay
from tutorial.yamldoc import SourceError, Where, YamlDoc, located


@dataclass(frozen=True, slots=True)
class Located:
    """An ``expect`` mismatch with the line of the file it is on."""

    mismatch: Mismatch
    line: int | None

    def to_json(self) -> JsonObject:
        m = self.mismatch
        return {
            "key": m.key,
            "expected": jsonable(m.expected),
            "actual": jsonable(m.actual),
            "line": self.line,
        }


V = TypeVar("V")


@dataclass
class FileReport(Generic[V]):
    file: str
    ok: bool = False
    result: JsonObject | None = None
    """The result's JSON form (what ``--json`` prints and ``expect`` is compared with)."""
    mismatches: list[Located] = field(default_factory=list)
    failure: SourceError | None = None
    """Why there is no result: the located error."""
    value: V | None = None
    """What the command worked out (a replay, a solve, a review ...): its text's source."""

    @property
    def status(self) -> int:
        """0 replayed and matched; 1 an expectation failed; 2 invalid input or illegal."""
        return 2 if self.failure is not None else (1 if self.mismatches else 0)

    @property
    def error(self) -> JsonObject | None:
        """The located error's JSON form: file, line, key, message, its facts, and text."""
        if self.failure is None:
            return None
        exc = self.failure
        return {k: jsonable(v, 1) for k, v in {**exc.as_dict(), "text": str(exc)}.items()}

    @property
    def replay(self) -> Replay | None:
        """The scenario replayed (``cinch replay``'s report)."""
        return self.value if isinstance(self.value, Replay) else None

    def as_json(self) -> JsonObject:
        """JSON-ready: values JSON cannot hold (dates, bytes, sets, odd keys) become text."""
        return {
            "file": self.file,
            "ok": self.ok,
            "result": jsonable(self.result),
            "mismatches": [m.to_json() for m in self.mismatches],
            "error": self.error,
        }


def jsonable(value: object, depth: int = 0) -> Json:
    """``value`` with only JSON types: a mapping's keys become strings, a set a sorted list,
    bytes, dates and anything else their text (``repr``)."""
    if depth > 100:
        return "…"
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, dict):
        return {
            (k if isinstance(k, str) else repr(k)): jsonable(v, depth + 1) for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        return [jsonable(v, depth + 1) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((jsonable(v, depth + 1) for v in value), key=repr)
    if isinstance(value, date | datetime):
        return value.isoformat()
    return repr(value)


@dataclass
class JobResult(Generic[V]):
    """What a command's job on one scenario file gives back to :func:`run_job`."""

    value: V
    """What the command worked out (its text is written from it)."""
    result: JsonObject
    """Its JSON form, with the fields ``expect`` may check."""
    mismatches: list[Mismatch] = field(default_factory=list)
    """Differences :func:`compare` found, each with its ``path`` under ``expect``."""


Job: TypeAlias = Callable[[YamlDoc, Where], JobResult[V]]
"""A command's work on one loaded scenario file; raises :class:`SourceError` (located) for
anything wrong with the file."""


def run_job(path: Path, display: str | None, job: Job[V]) -> FileReport[V]:
    """Load the scenario file ``path``, run ``job`` on it and report: the result, the
    ``expect`` mismatches located by line, or the error (a crash of ours becomes a located
    internal error, never a traceback). ``cinch replay``, ``solve``, ``review``, ``advise``
    and ``decide`` all go through here."""
    name = display or str(path)
    report: FileReport[V] = FileReport(name)

    def work() -> tuple[YamlDoc, JobResult[V]]:
        doc = YamlDoc.load(path, name)
        return doc, job(doc, Where(doc))

    try:
        doc, done = located(name, work)  # a bug of ours: still a located report, exit 2
    except SourceError as exc:
        report.failure = exc
        return report
    report.result = done.result
    report.value = done.value
    report.mismatches = [Located(m, doc.line(("expect", *m.path))) for m in done.mismatches]
    report.ok = not done.mismatches
    return report


def expectation(doc: YamlDoc, where: Where) -> dict[str, Any] | None:
    """The file's ``expect`` mapping (None if it has none); anything else is a located
    error."""
    expect = doc.data.get("expect") if isinstance(doc.data, dict) else None
    if expect is not None and not isinstance(expect, dict):
        raise where.error(("expect",), "expected a mapping of result fields")
    return expect


RESULT_FIELDS = {
    "solve": frozenset(
        ("to_play", "value", "actions", "best", "nodes", "ms", "complete", "stopped", "solver")
    ),
    "decide": frozenset(("seat", "phase", "action")),
}
"""The fields each command adds to the replay's result (what its ``expect`` may check)."""


def check_expect(
    doc: YamlDoc,
    where: Where,
    actual: JsonObject,
    replayed: JsonObject | None = None,
    command: str | None = None,
) -> list[Mismatch]:
    """The file's ``expect`` compared with ``actual`` (no expectation: no mismatch). With
    ``replayed`` (the replay's result) and ``command`` the one rule of ``solve`` and
    ``decide``: a field the command computes is compared with its value, a field of the
    replay with the replay's, a field only another command computes
    (:data:`RESULT_FIELDS`) is that command's to check, and anything else is a mismatch. So
    a file the replay accepts is accepted by both, and each checks what it computes."""
    expect = expectation(doc, where)
    if not expect:
        return []
    if command is not None:
        others = set().union(*(f for c, f in RESULT_FIELDS.items() if c != command))
        mine = RESULT_FIELDS.get(command, frozenset())
        expect = {k: v for k, v in expect.items() if k in mine or k not in others}
    return compare(expect, {**(replayed or {}), **actual})


def replayed_hand(doc: YamlDoc, where: Where, command: str) -> Replay:
    """Replay the file, which must be a ``hand`` scenario (``command`` names who needs it
    in the error)."""
    rep = replay(doc.data, where)
    if rep.kind != "hand":
        raise where.error(("kind",), f"{command} needs a `hand` scenario, not {rep.kind!r}")
    return rep


def print_report(
    report: FileReport[V],
    as_json: bool,
    says: str,
    body: Callable[[str, V], None],
) -> None:
    """Print one file's report as ``cinch replay``, ``solve``, ``review`` and ``advise`` do:
    the JSON object, or ``error …``, ``FAIL …`` lines (``the {says} says``) or ``body``'s
    lines."""
    name = report.file
    if as_json:
        print(json.dumps(report.as_json(), ensure_ascii=False))
        return
    if report.failure is not None:
        print(f"error  {report.failure}")
        return
    for failed in report.mismatches:
        m = failed.mismatch
        line = f":{failed.line}" if failed.line else ""
        print(
            f"FAIL   {name}{line}: expect{_dot(m.key)}: expected {m.expected!r}, "
            f"the {says} says {m.actual!r}"
        )
    if not report.mismatches and report.value is not None:
        body(name, report.value)


def _dot(key: str) -> str:
    """``winner`` → ``.winner``; a quoted key (``["a.b"]``) follows without a dot."""
    return key if key.startswith("[") else f".{key}"


def run_file(path: Path, display: str | None = None) -> FileReport[Replay]:
    """Replay a scenario file and compare it with its ``expect`` (``cinch replay``)."""

    def job(doc: YamlDoc, where: Where) -> JobResult[Replay]:
        rep, mismatches = replay_data(doc.data, where)
        return JobResult(rep, rep.result, mismatches)

    return run_job(path, display, job)
