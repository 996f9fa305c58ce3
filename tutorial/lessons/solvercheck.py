"""``solver_check``: a lesson's claim about good play, checked by the double-dummy solver.

A step that gives advice ("play your Pedro under your partner's winning card") says which
choice is better and which worse, and the loader asks the solver (:mod:`tutorial.solver`):
in that position, with every card visible and both sides playing their best from then on,
the better choice must win the side strictly more than the worse one. A lesson whose claim
the solver contradicts does not load. Two forms (docs/lessons.md):

- **two cards** of the seat to play in a ``hand`` scenario that stops in the play phase —
  the step's own scenario, or ``scenario:``; the side is the seat's;
- **two scenarios** of the same deal played two ways (another trump, another bid), each a
  ``hand`` scenario stopped in the play phase; ``side:`` says whose points are compared.

``measure: points`` (default) compares the side's points of the hand; ``measure: score``
the change of its game score (the bidders who fall short lose the whole bid). ``values:``
may state both figures; the solver must agree.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from tutorial.engine.cards import CODES, bits, codes, parse_index
from tutorial.engine.errors import InvalidInput
from tutorial.engine.hand import SEATS, TEAMS, Hand
from tutorial.engine.scoring import hand_delta
from tutorial.lessons.model import Scenario, SolverCheck
from tutorial.lessons.readers import _keys
from tutorial.scenario.results import HandReport
from tutorial.solver.analyse import solve, value
from tutorial.solver.position import Position
from tutorial.yamldoc import Key, Where

MEASURES = ("points", "score")
TEAM_TEXT = {team: f"{team[0]}–{team[1]}" for team in TEAMS}


def _hand(sc: Scenario, before: tuple[int, int] | None = None) -> Hand:
    """The engine's hand where a ``hand`` scenario stops, or just before card ``k`` of trick
    ``n`` when ``before`` is ``(n, k)``."""
    assert sc.setup is not None  # a hand scenario
    return sc.setup.hand(before)


def from_step(
    reader: Any, path: tuple[Key, ...], m: Mapping[str, Any], own: Scenario | None, profile: str
) -> SolverCheck | None:
    """The step's ``solver_check`` (``m`` is the step), checked; None when it has none."""
    if "solver_check" not in m:
        return None
    return read(
        reader.w,
        (*path, "solver_check"),
        m["solver_check"],
        own,
        lambda p, v: reader.scenario(p, v, profile),
    )


def read(
    w: Where,
    path: tuple[Key, ...],
    raw: Any,
    own: Scenario | None,
    scenario: Callable[[tuple[Key, ...], Any], Scenario],
) -> SolverCheck:
    """Read a ``solver_check`` and check it with the solver; raises a located error."""
    m = _keys(w, path, raw, ("better", "worse"), ("scenario", "side", "measure", "values", "at"))
    measure = m.get("measure", "points")
    if measure not in MEASURES:
        raise w.error((*path, "measure"), f"expected points or score, not {measure!r}")
    better, worse = m["better"], m["worse"]
    as_files = [isinstance(x, str) and x.endswith((".yaml", ".yml")) for x in (better, worse)]
    if any(as_files) and not all(as_files):
        raise w.error(path, "better and worse are either two cards or two scenario files")
    if all(as_files):
        for key in ("scenario", "at"):
            if key in m:
                raise w.error((*path, key), f"two scenarios are compared: no {key} here")
        side = m.get("side")
        if side not in TEAMS:
            raise w.error((*path, "side"), f"expected AC or BD (whose points), not {side!r}")
        got = {
            k: _scenario_value(w, (*path, k), scenario((*path, k), m[k]), side, measure)
            for k in ("better", "worse")
        }
        what = (str(better), str(worse))
        where = ""
    else:
        if "side" in m:
            raise w.error((*path, "side"), "two cards are compared: the side is the seat's")
        sc = scenario((*path, "scenario"), m["scenario"]) if "scenario" in m else own
        if sc is None:
            raise w.error(path, "a solver check of two cards needs the step's scenario")
        before = _before(w, (*path, "at"), m["at"], sc) if "at" in m else None
        pos = _position(w, (*path, "scenario") if "scenario" in m else path, sc, before)
        side = TEAMS[pos.to_play & 1]
        got = _card_values(w, path, m, pos, sc, side, measure)
        what = (CODES[parse_index(str(better))], CODES[parse_index(str(worse))])
        where = f" for {SEATS[pos.to_play]}"
    stated = m.get("values")
    if stated is not None:
        sm = _keys(w, (*path, "values"), stated, ("better", "worse"))
        for k in ("better", "worse"):
            if sm[k] != got[k]:
                raise w.error(
                    (*path, "values", k),
                    f"the solver says {got[k]} {measure} for {TEAM_TEXT[side]} with "
                    f"{k} ({what[0] if k == 'better' else what[1]}), not {sm[k]!r}",
                )
    if got["better"] <= got["worse"]:
        raise w.error(
            (*path, "better"),
            f"the solver contradicts this claim: {TEAM_TEXT[side]} get {got['better']} "
            f"{measure} with {what[0]}{where} and {got['worse']} with {what[1]} (best play "
            "from then on, every card seen); the better choice must win strictly more",
        )
    return SolverCheck(side, measure, what[0], what[1], got["better"], got["worse"])


def _before(w: Where, path: tuple[Key, ...], at: Any, sc: Scenario) -> tuple[int, int]:
    """``at: tNcK``: the position just before that card of the scenario is the one checked
    (a "your move" moment plays the tip's card there)."""
    found = re.fullmatch(r"t([1-9]\d*)c([1-4])", at) if isinstance(at, str) else None
    if found is None or at not in sc.replay.moments:
        raise w.error(
            path,
            f"expected a card moment tNcK of this scenario, not {at!r} "
            f"(it has: {', '.join(m for m in sc.replay.moments if 'c' in m)})",
        )
    return int(found.group(1)), int(found.group(2))


def _position(
    w: Where, path: tuple[Key, ...], sc: Scenario, before: tuple[int, int] | None = None
) -> Position:
    report = sc.replay.report
    if before is not None and sc.replay.kind == "hand":
        return Position.from_hand(_hand(sc, before))
    stops = report.position if isinstance(report, HandReport) else None
    if sc.replay.kind != "hand" or stops is None or stops.phase != "play":
        raise w.error(
            path,
            "the solver needs a hand scenario that stops in the play phase "
            f"(this one is a {sc.replay.kind} scenario"
            + ("" if sc.replay.kind != "hand" else " that does not stop in play")
            + ")",
        )
    return Position.from_hand(_hand(sc))


def _scenario_value(w: Where, path: tuple[Key, ...], sc: Scenario, side: str, measure: str) -> int:
    pos = _position(w, path, sc)
    return _measure(value(pos), sc, side, measure)


def _card_values(
    w: Where,
    path: tuple[Key, ...],
    m: Mapping[str, Any],
    pos: Position,
    sc: Scenario,
    side: str,
    measure: str,
) -> dict[str, int]:
    legal = pos.legal_mask()
    out = {}
    analysis = solve(pos) if pos.pile_size() else None
    for k in ("better", "worse"):
        try:
            card = parse_index(str(m[k]))
        except InvalidInput as exc:
            raise w.error((*path, k), str(exc)) from None
        if not legal >> card & 1:
            shown = " ".join(codes(bits(legal)))
            raise w.error(
                (*path, k),
                f"{SEATS[pos.to_play]} cannot play {CODES[card]} here (legal: {shown})",
            )
        if analysis is not None:
            v = next(a.value for a in analysis.actions if a.card == card)
        else:
            v = value(pos.apply((card, ())))
        out[k] = _measure(v, sc, side, measure)
    return out


def _measure(v: tuple[int, int], sc: Scenario, side: str, measure: str) -> int:
    t = TEAMS.index(side)
    if measure == "points":
        return v[t]
    report = sc.replay.report
    assert isinstance(report, HandReport) and report.bidder is not None and report.bid is not None
    _made, delta = hand_delta(int(report.bidder.team), report.bid, v)
    return delta[t]
