"""Load lessons from YAML (safe loading only) into :mod:`tutorial.lessons.model` objects.

Every problem is collected, not just the first, each naming the file, the line, the key
path and what was expected. A lesson with any problem is not loaded (it appears in
``Course.broken`` with its problems); the others are.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from tutorial.engine.profiles import DEFAULT_PROFILE, PROFILES
from tutorial.lessons import solvercheck
from tutorial.lessons.decisions import is_decision_moment, read_decision
from tutorial.lessons.lint import lesson_problems
from tutorial.lessons.model import (
    QUESTION_TYPES,
    Lesson,
    Narration,
    Option,
    Question,
    Scenario,
    Step,
    YourDecision,
    YourMove,
)
from tutorial.lessons.moves import read_your_move
from tutorial.lessons.questions import QuestionParts
from tutorial.lessons.readers import (
    ID_RE,
    Problems,
    Reported,
    _id,
    _keys,
    _text,
    normal_answer,
)
from tutorial.scenario.files import replay_data
from tutorial.scenario.setup import HandSetup
from tutorial.yamldoc import Key, SourceError, Where, YamlDoc

FILE_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*(?:/[a-z0-9][a-z0-9_-]*)*\.ya?ml$")
MOMENT_RE = re.compile(r"^(deal|bidding|refill|score|position|t[1-9]\d*(c[1-4])?|h[1-9]\d*)$")
DEFAULT_DIR = Path(__file__).resolve().parent.parent.parent / "lessons"
LESSONS_ENV = "CINCH_LESSONS_DIR"
"""Operators (and tests) may point the app at another lessons folder; never the URL."""


def lessons_dir() -> Path:
    value = os.environ.get(LESSONS_ENV)
    return Path(value) if value else DEFAULT_DIR


T = TypeVar("T")


class LessonReader(QuestionParts):
    def __init__(self, root: Path, doc: YamlDoc, problems: Problems) -> None:
        self.root = root
        self.doc = doc
        self.w = Where(doc)
        self.p = problems
        self.files: dict[str, YamlDoc | SourceError] = {}
        self.step_ids: list[str] = []

    def scenario(self, path: tuple[Key, ...], value: Any, profile: str) -> Scenario:
        w = self.w.below(*path)
        if isinstance(value, str):  # a scenario file, relative to the lessons folder
            if not FILE_RE.match(value) or ".." in value:
                raise self.w.error(
                    path,
                    f"a scenario file must be a relative path inside "
                    f"lessons/ ending in .yaml, not {value!r}",
                )
            target = (self.root / value).resolve()
            if self.root.resolve() not in target.parents:
                raise self.w.error(path, f"{value!r} is outside the lessons folder")
            sdoc = self._scenario_file(path, value, target)
            w = Where(sdoc)
            value = sdoc.data
        if isinstance(value, dict) and "profile" not in value:
            value = {**value, "profile": profile}
        rep, mismatches = replay_data(value, w)
        for m in mismatches:
            raise w.error(
                ("expect", *m.path),
                f"the engine says {m.actual!r}, not {m.expected!r}",
            )
        setup = HandSetup.from_json(value, w) if rep.kind == "hand" else None
        return Scenario(rep, w.doc.file, setup)

    def _scenario_file(self, path: tuple[Key, ...], name: str, target: Path) -> YamlDoc:
        """A scenario file, read once per lesson; a file that cannot be read is reported
        once, at the lesson line that refers to it (later references stay silent)."""
        known = self.files.get(name)
        if isinstance(known, YamlDoc):
            return known
        if known is not None:
            raise Reported(known)
        try:
            doc = YamlDoc.load(target, f"{self.root.name}/{name}")
        except SourceError as exc:
            where = self.w.error(path, "")
            used = f"{where.file}:{where.line}" if where.line else where.file
            if exc.line is None:  # the file itself: not found, unreadable, too large
                err = self.w.error(path, f"scenario file {name!r}: {exc.message}")
            else:
                err = SourceError(
                    exc.file, exc.line, exc.path, f"{exc.message} (used at {used})", **exc.facts
                )
            self.files[name] = err
            raise err from None
        self.files[name] = doc
        return doc

    def narration(
        self, path: tuple[Key, ...], value: Any, scenario: Scenario | None
    ) -> tuple[Narration, ...]:
        if not isinstance(value, list):
            raise self.w.error(path, "expected a list of {at, text}")
        if scenario is None:
            raise self.w.error(path, "narration needs a scenario in the same step")
        out = []
        for i, item in enumerate(value):
            m = _keys(
                self.w, (*path, i), item, ("at", "text"), ("facts", "your_move", "after_answer")
            )
            at = m["at"]
            if not isinstance(at, str) or not MOMENT_RE.match(at):
                raise self.w.error(
                    (*path, i, "at"),
                    f"unknown moment {at!r}: expected deal, bidding, refill, tNcK, tN, score or hN",
                )
            if at not in scenario.replay.moments:
                raise self.w.error(
                    (*path, i, "at"),
                    f"this {scenario.replay.kind} scenario has "
                    f"no moment {at!r} (it has: "
                    f"{', '.join(scenario.replay.moments)})",
                )
            move: YourMove | YourDecision | None = None
            if "your_move" in m:
                where = (*path, i, "your_move")
                if is_decision_moment(at, scenario):  # a call, or naming trump
                    move = read_decision(self.w, where, m["your_move"], at, scenario)
                else:
                    move = read_your_move(self.w, where, m["your_move"], at, scenario)
            text = _text(self.w, (*path, i, "text"), m["text"])
            after = m.get("after_answer", "")
            if not isinstance(after, str) or (after and not ID_RE.match(after)):
                raise self.w.error(
                    (*path, i, "after_answer"), f"expected a question id, not {after!r}"
                )
            if after and move is not None:
                raise self.w.error(
                    (*path, i, "after_answer"),
                    "a your_move's text is shown once the move is made: it cannot wait "
                    "for a question",
                )
            out.append(Narration(at, text, m.get("facts"), move, after))
        return tuple(out)

    def step(self, i: int, value: Any, seen: set[str], profile: str) -> Step:
        path: tuple[Key, ...] = ("steps", i)
        m = _keys(
            self.w, path, value, ("id", "title", "text"), ("scenario", "narration", "solver_check")
        )
        sid = _id(self.w, (*path, "id"), m["id"], seen, "step")
        title = _text(self.w, (*path, "title"), m["title"])
        text = _text(self.w, (*path, "text"), m["text"])
        scenario = (
            self.scenario((*path, "scenario"), m["scenario"], profile) if "scenario" in m else None
        )
        narration = (
            self.narration((*path, "narration"), m["narration"], scenario)
            if "narration" in m
            else ()
        )
        check = solvercheck.from_step(self, path, m, scenario, profile)
        return Step(sid, title, text, scenario, narration, check)

    def question(self, i: int, value: Any, seen: set[str], profile: str) -> Question:
        path: tuple[Key, ...] = ("questions", i)
        w = self.w
        m = _keys(
            w,
            path,
            value,
            ("id", "type", "prompt", "hint", "right", "wrong", "answer"),
            ("options", "scenario", "ask", "show", "cards", "step", "feedback", "plain"),
        )
        step = self._question_step(path, m)
        qid = _id(w, (*path, "id"), m["id"], seen, "question")
        qtype = m["type"]
        if qtype not in QUESTION_TYPES:
            raise w.error(
                (*path, "type"),
                f"unknown question type {qtype!r}: expected {', '.join(QUESTION_TYPES)}",
            )
        texts = {k: _text(w, (*path, k), m[k]) for k in ("prompt", "hint", "right", "wrong")}
        options: tuple[Option, ...] = ()
        if qtype in ("single", "multiple"):
            raw = m.get("options")
            if not isinstance(raw, list) or len(raw) < 2:
                raise w.error((*path, "options"), "a choice question needs at least 2 options")
            oseen: set[str] = set()
            opts = []
            for j, o in enumerate(raw):
                om = _keys(w, (*path, "options", j), o, ("id", "text"), ("feedback",))
                oid = om["id"]
                if not isinstance(oid, str) or not re.match(r"^[A-Za-z0-9-]+$", oid):
                    raise w.error((*path, "options", j, "id"), f"bad option id {oid!r}")
                if oid in oseen:
                    raise w.error((*path, "options", j, "id"), f"duplicate option id {oid!r}")
                oseen.add(oid)
                fb = (
                    _text(w, (*path, "options", j, "feedback"), om["feedback"])
                    if "feedback" in om
                    else None
                )
                opts.append(Option(oid, _text(w, (*path, "options", j, "text"), om["text"]), fb))
            options = tuple(opts)
        elif "options" in m:
            raise w.error((*path, "options"), f"a {qtype} question has no options")
        scenario = (
            self.scenario((*path, "scenario"), m["scenario"], profile) if "scenario" in m else None
        )
        plain = m.get("plain", False)
        if not isinstance(plain, bool):
            raise w.error((*path, "plain"), f"expected true or false, not {plain!r}")
        if plain and (scenario is None or scenario.replay.kind not in ("trick", "legal")):
            raise w.error(
                (*path, "plain"),
                "plain draws the question's table without trump marks: it needs a trick or "
                "legal scenario",
            )
        ask = m.get("ask")
        if ask is not None and scenario is None:
            raise w.error((*path, "ask"), "ask needs a scenario to ask about")
        answer = self._answer(path, qtype, m["answer"], options)
        shown: tuple[str, ...] = ()
        if qtype == "cards":
            shown = self._shown(path, m, scenario)
            missing = [c for c in answer if c not in shown]
            if missing:
                raise w.error(
                    (*path, "answer"),
                    f"{' '.join(missing)} is not among the cards shown ({' '.join(shown)})",
                )
        if scenario is not None and ask is not None:
            self._check_with_engine(path, qtype, answer, scenario, ask)
        card_feedback = self._card_feedback(path, m, qtype, shown)
        for o in options:
            if o.feedback is not None and o.id in _as_ids(answer):
                raise w.error(
                    (*path, "options", [x.id for x in options].index(o.id), "feedback"),
                    f"option {o.id!r} is a right answer: its feedback would never show "
                    "(feedback is for wrong options; the question's `right` explains the answer)",
                )
        return Question(
            qid,
            qtype,
            texts["prompt"],
            texts["hint"],
            texts["right"],
            texts["wrong"],
            answer,
            options,
            scenario,
            ask,
            shown,
            step,
            card_feedback,
            plain,
        )

    def _list(
        self, key: str, raw: Any, reader: Callable[[int, Any, set[str], str], T], profile: str
    ) -> list[T]:
        """Read every item of a list, recording each item's problems and going on."""
        if not isinstance(raw, list):
            self.p.add(self.w.error((key,), f"expected a list of {key}"))
            return []
        if len(raw) < 4:
            self.p.add(self.w.error((key,), f"a lesson needs at least 4 {key}, not {len(raw)}"))
        seen: set[str] = set()
        out: list[T] = []
        for i, item in enumerate(raw):
            try:
                out.append(reader(i, item, seen, profile))
            except SourceError as exc:
                self.p.add(exc)
        return out

    def lesson(self, number_seen: set[int], lesson_ids: set[str]) -> Lesson | None:
        w = self.w
        m = _keys(
            w,
            (),
            self.doc.data,
            ("id", "number", "title", "intro", "steps", "questions"),
            ("profile", "alternative", "optional", "plain"),
        )
        lid = _id(w, ("id",), m["id"], lesson_ids, "lesson")
        plain = m.get("plain", False)
        if not isinstance(plain, bool):
            raise w.error(("plain",), f"expected true or false, not {plain!r}")
        number = m["number"]
        optional = m.get("optional", False)
        if not isinstance(optional, bool):
            raise w.error(("optional",), "expected true or false")
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise w.error(("number",), f"expected a lesson number 0, 1, 2, …, not {number!r}")
        if number == 0 and not optional:
            raise w.error(("number",), "lesson 0 is the optional primer: it says optional: true")
        if number in number_seen:
            raise w.error(("number",), f"duplicate lesson number {number}")
        number_seen.add(number)
        profile = m.get("profile", DEFAULT_PROFILE)
        if not isinstance(profile, str) or profile not in PROFILES:
            raise w.error(
                ("profile",), f"unknown profile {profile!r}: expected one of {', '.join(PROFILES)}"
            )
        alternative = m.get("alternative", False)
        if not isinstance(alternative, bool):
            raise w.error(("alternative",), "expected true or false")
        p = self.p
        title = p.guard(lambda: _text(w, ("title",), m["title"]))
        intro = p.guard(lambda: _text(w, ("intro",), m["intro"]))
        raw_steps = m["steps"] if isinstance(m["steps"], list) else []
        self.step_ids = [
            str(x["id"])
            for x in raw_steps
            if isinstance(x, Mapping) and isinstance(x.get("id"), str)
        ]
        steps = self._list("steps", m["steps"], self.step, profile)
        questions = self._list("questions", m["questions"], self.question, profile)
        if steps and not any(s.scenario for s in steps) and not p.items:
            p.add(w.error(("steps",), "a lesson needs at least one step with a scenario"))
        if p.items or title is None or intro is None:
            return None
        lesson = Lesson(
            lid,
            number,
            self.doc.file,
            title,
            intro,
            tuple(steps),
            tuple(questions),
            profile,
            alternative,
            optional,
            plain,
        )
        for path, message in lesson_problems(lesson):  # content checks (tutorial/lessons/lint.py)
            p.add(w.error(path, message))
        return None if p.items else lesson


def _as_ids(answer: Any) -> tuple[str, ...]:
    return tuple(answer) if isinstance(answer, tuple) else (str(answer),)


__all__ = [
    "ID_RE",
    "LessonReader",
    "Problems",
    "Reported",
    "_id",
    "_keys",
    "_text",
    "lessons_dir",
    "normal_answer",
]
