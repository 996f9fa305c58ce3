"""What a scenario file's data gives: its replay compared with its ``expect``
(:func:`replay_data`, :func:`compare`), the core state a ``hand`` scenario stops at
(:func:`hand_state`) and a one-line summary of what it showed (:func:`summary`). The
command line's reports on files are :mod:`tutorial.cli.report`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutorial.engine.cards import parse_index
from tutorial.engine.errors import InvalidInput
from tutorial.engine.state import State
from tutorial.jsonvalue import Json
from tutorial.scenario.replay import Replay, replay
from tutorial.scenario.results import HandReport, LegalReport, ScoreReport, TrickReport
from tutorial.scenario.setup import HandSetup
from tutorial.yamldoc import Key, Where, format_path

UNORDERED: tuple[tuple[str, ...], ...] = (
    ("hands_after_refill", "*"),
    ("legal",),
    ("hand",),
    ("refill", "discards", "*"),
)
"""Result fields that are sets of cards: order does not matter when comparing."""


def _unordered(path: tuple[Key, ...]) -> bool:
    return any(
        len(p) == len(path) and all(a in ("*", b) for a, b in zip(p, path, strict=True))
        for p in UNORDERED
    )


def _same_scalar(expected: Any, actual: Any) -> bool:
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    if expected == actual:
        return True
    if isinstance(expected, str) and isinstance(actual, str) and len(actual) == 2:
        try:  # 10H, 10♥ and th all name TH
            return parse_index(expected) == parse_index(actual)
        except InvalidInput:
            return False
    return False


def _card_key(v: Any) -> Any:
    try:
        return parse_index(v) if isinstance(v, str) else repr(v)
    except InvalidInput:
        return v


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One difference between a scenario's ``expect`` and its result."""

    path: tuple[Key, ...]
    """Where, under ``expect`` (``("points", "AC")``)."""
    expected: object
    """What the file says: any value its YAML holds."""
    actual: Json
    """What the result holds there (``"(no such result field)"`` if nothing)."""

    @property
    def key(self) -> str:
        """The path as the file would write it: ``points.AC``, ``tricks[0].winner``."""
        return format_path(self.path)


def compare(expected: Any, actual: Any, path: tuple[Key, ...] = ()) -> list[Mismatch]:
    """Differences between ``expected`` (a subset of the result) and ``actual``."""
    out: list[Mismatch] = []

    def miss(p: tuple[Key, ...], e: Any, a: Any) -> None:
        out.append(Mismatch(p, e, a))

    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            miss(path, expected, actual)
            return out
        for k, v in expected.items():
            if k not in actual:
                miss((*path, k), v, "(no such result field)")
            else:
                out.extend(compare(v, actual[k], (*path, k)))
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list):
            miss(path, expected, actual)
        elif _unordered(path):
            if sorted(map(_card_key, expected), key=repr) != sorted(
                map(_card_key, actual), key=repr
            ):
                miss(path, expected, actual)
        elif len(expected) != len(actual):
            miss(path, expected, actual)
        else:
            for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
                out.extend(compare(e, a, (*path, i)))
        return out
    if not _same_scalar(expected, actual):
        miss(path, expected, actual)
    return out


def replay_data(data: Any, where: Where) -> tuple[Replay, list[Mismatch]]:
    """Replay a scenario mapping and compare it with its ``expect`` (if any)."""
    rep = replay(data, where)
    expect = data.get("expect") if isinstance(data, dict) else None
    if expect is None:
        return rep, []
    if not isinstance(expect, dict):
        raise where.error(("expect",), "expected a mapping of result fields")
    return rep, compare(expect, rep.result)


def hand_state(data: Any, where: Where) -> State:
    """The core state a ``hand`` scenario stops at, with its whole history (the scenario
    already replayed, so valid): what ``cinch decide``, ``review`` and ``advise`` work on."""
    return HandSetup.from_json(data, where).hand().state


def summary(rep: Replay) -> str:
    """One line saying what a replayed scenario showed (and, for a hand that stops before its
    end, the position reached)."""
    r = rep.report
    if isinstance(r, TrickReport):
        return (
            f"{r.winner} wins with {r.winning_card}"
            f" ({'highest trump' if r.trumped else 'highest card of the suit led'}),"
            f" AC {r.points.ac} BD {r.points.bd}"
        )
    if isinstance(r, LegalReport):
        return f"{r.seat} may play {' '.join(c.code for c in r.legal)}"
    if isinstance(r, HandReport):
        if r.thrown_in:
            return "everyone passed: thrown in"
        if r.bidder is None:  # stopped in the bidding or before trump is named
            assert r.position is not None
            return r.position.summary()
        if r.outcome is not None:
            o = r.outcome
            tail = f"AC {o.points.ac} BD {o.points.bd}, {'made' if o.made else 'set'}"
        else:
            tail = f"{len(r.tricks)} trick(s) shown"
        assert r.trump is not None
        line = f"{r.bidder} bid {r.bid} in {r.trump.letter}: {tail}"
        return line if r.position is None else f"{line}; {r.position.summary()}"
    if isinstance(r, ScoreReport):
        sc = r.score
        win = f", {sc.winner} wins" if sc.winner is not None else ""
        return f"{'made' if sc.made else 'set'}: AC {sc.after.ac} BD {sc.after.bd}{win}"
    last = r.scores[-1]
    win = f", {r.winner} wins ({r.decided_by})" if r.winner is not None else ", no winner yet"
    return f"{len(r.scores)} hand(s): AC {last.ac} BD {last.bd}{win}"
