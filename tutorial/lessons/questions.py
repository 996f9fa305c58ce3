"""The parts of a lesson question the loader reads with the engine: its step, its answer,
the cards it shows, the engine's check of the answer, and per-card feedback. A mixin of
:class:`tutorial.lessons.loader.LessonReader` (``self.w`` locates, ``self.step_ids`` are the
lesson's step ids)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutorial.engine.cards import CODES, parse_index
from tutorial.engine.errors import InvalidInput
from tutorial.lessons.model import Option, Scenario, Text
from tutorial.lessons.readers import _show, _text, normal_answer
from tutorial.scenario.results import LegalReport, TrickReport
from tutorial.yamldoc import Key, Where


class QuestionParts:
    w: Where
    step_ids: list[str]

    def _question_step(self, path: tuple[Key, ...], m: Mapping[str, Any]) -> str:
        """The step a question belongs to: a step id, or its position 1, 2, …"""
        w = self.w
        if "step" not in m:
            raise w.error(
                path,
                "missing key 'step': every question names the step it checks "
                "(a step id, or its position 1, 2, …); it is asked right after that step",
            )
        raw = m["step"]
        ids = self.step_ids
        if isinstance(raw, int) and not isinstance(raw, bool):
            if 1 <= raw <= len(ids):
                return ids[raw - 1]
            raise w.error(
                (*path, "step"), f"there is no step {raw}: this lesson has {len(ids)} steps"
            )
        if isinstance(raw, str) and raw in ids:
            return raw
        raise w.error(
            (*path, "step"),
            f"unknown step id {raw!r}: expected one of {', '.join(ids)} (or a position 1, 2, …)",
        )

    def _card_feedback(
        self, path: tuple[Key, ...], m: Mapping[str, Any], qtype: str, shown: tuple[str, ...]
    ) -> dict[str, Text]:
        """cards questions: ``feedback: {CARD: text}``, why picking or leaving out that card
        is wrong."""
        w = self.w
        if "feedback" not in m:
            return {}
        if qtype != "cards":
            raise w.error(
                (*path, "feedback"),
                f"a {qtype} question writes feedback per option (options[].feedback)",
            )
        raw = m["feedback"]
        if not isinstance(raw, Mapping):
            raise w.error((*path, "feedback"), "expected a mapping card → text")
        out: dict[str, Text] = {}
        for code, text in raw.items():
            try:
                c = CODES[parse_index(str(code))]
            except InvalidInput as exc:
                raise w.error((*path, "feedback", str(code)), str(exc)) from None
            if c not in shown:
                raise w.error(
                    (*path, "feedback", str(code)),
                    f"{c} is not among the cards shown ({' '.join(shown)})",
                )
            out[c] = _text(w, (*path, "feedback", str(code)), text)
        return out

    def _answer(
        self, path: tuple[Key, ...], qtype: str, raw: Any, options: tuple[Option, ...]
    ) -> Any:
        w = self.w
        ids = [o.id for o in options]
        if qtype == "single":
            if not isinstance(raw, str | int) or str(raw) not in ids:
                raise w.error(
                    (*path, "answer"),
                    f"the answer must be one of the option ids ({', '.join(ids)}), not {raw!r}",
                )
            return str(raw)
        if qtype == "multiple":
            if not isinstance(raw, list) or not raw:
                raise w.error((*path, "answer"), "expected a list of option ids")
            bad = [a for a in raw if str(a) not in ids]
            if bad:
                raise w.error((*path, "answer"), f"{bad!r} are not option ids ({', '.join(ids)})")
            return tuple(sorted({str(a) for a in raw}))
        if qtype == "cards":
            if not isinstance(raw, list) or not raw:
                raise w.error((*path, "answer"), "expected a list of cards")
            out = []
            for j, c in enumerate(raw):
                try:
                    out.append(CODES[parse_index(str(c))])
                except InvalidInput as exc:
                    raise w.error((*path, "answer", j), str(exc)) from None
            return tuple(sorted(set(out), key=parse_index))
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise w.error((*path, "answer"), f"expected a whole number, not {raw!r}")
        return raw

    def _shown(
        self, path: tuple[Key, ...], m: Mapping[str, Any], scenario: Scenario | None
    ) -> tuple[str, ...]:
        w = self.w
        if "cards" in m:
            raw = m["cards"]
            if not isinstance(raw, list) or not raw:
                raise w.error((*path, "cards"), "expected the list of cards to pick from")
            try:
                return tuple(CODES[parse_index(str(c))] for c in raw)
            except InvalidInput as exc:
                raise w.error((*path, "cards"), str(exc)) from None
        if scenario is None:
            raise w.error(
                path,
                "a cards question shows a scenario's hand or trick, or lists `cards:` to pick from",
            )
        show = m.get("show", "hand" if scenario.replay.kind == "legal" else "trick")
        r = scenario.replay.report
        if show == "hand" and isinstance(r, LegalReport):
            return tuple(c.code for c in r.hand)
        if show == "trick" and isinstance(r, TrickReport):
            return tuple(c.code for p in r.plays for c in p.cards)  # a pile: its cards beneath too
        raise w.error(
            (*path, "show"),
            f"cannot show {show!r} of a {scenario.replay.kind} "
            "scenario: use hand (legal) or trick (trick)",
        )

    def _check_with_engine(
        self, path: tuple[Key, ...], qtype: str, answer: Any, scenario: Scenario, ask: Any
    ) -> None:
        w = self.w
        if not isinstance(ask, str):
            raise w.error((*path, "ask"), "expected a result field such as winner or points.AC")
        value: Any = scenario.replay.result
        for part in ask.split("."):
            if isinstance(value, Mapping) and part in value:
                value = value[part]
            elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
                value = value[int(part)]
            else:
                raise w.error(
                    (*path, "ask"),
                    f"the {scenario.replay.kind} scenario has no result field {ask!r}",
                )
        engine = normal_answer(qtype, value)
        if engine is None or engine != answer:
            raise w.error(
                (*path, "answer"),
                f"the engine disagrees: {ask} is {_show(value)}, but the written "
                f"answer is {_show(answer)}",
            )
