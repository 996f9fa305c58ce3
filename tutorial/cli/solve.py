"""``cinch solve FILE... [--json]``: the double-dummy value of a ``hand`` scenario where it
stops, and of every legal card of the seat to play.

The scenario is replayed by the scenario package (so every rule and every located error is
the replay's); the position is rebuilt from the replay's result — the hands after the refill,
trump, the high bidder's lead and the cards of each trick shown — and solved. ``expect``
is compared with the solve's result as in ``cinch replay``; exit codes as ``cinch replay``:
0 solved and matched, 1 an expectation failed, 2 invalid input.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tutorial.engine.cards import parse_index
from tutorial.engine.hand import point_table
from tutorial.engine.profiles import get_profile
from tutorial.engine.seats import Team
from tutorial.scenario.files import FileReport, JobResult, check_expect, print_report, run_job
from tutorial.scenario.replay import replay
from tutorial.scenario.results import HandReport
from tutorial.solver.analyse import solve
from tutorial.solver.native import solver_kind
from tutorial.solver.position import Position
from tutorial.yamldoc import Where, YamlDoc


def position_of(report: HandReport, plays: Any = None) -> Position:
    """The position a replayed ``hand`` scenario stops at (after the refill). ``plays`` is
    the scenario's own ``plays`` list: the cards of an unfinished last trick are read from
    it (the report lists complete tricks only; the replay has checked every card)."""
    profile = get_profile(report.profile)
    if report.trump is None or report.hands_after_refill is None or report.bidder is None:
        raise ValueError("the hand stops before trump is named: there is no play to solve")
    trump = int(report.trump)
    start = [sum(c.bit for c in h) for h in report.hands_after_refill]
    in_play = start[0] | start[1] | start[2] | start[3]
    table = point_table(profile, trump, in_play)
    capture = [0] * 52
    for card, v in table.capture_value.items():
        capture[card] = v
    held = [0, 0]
    for _name, card, v, is_held in table.cards:
        if is_held:
            held[0 if (start[0] | start[2]) >> card & 1 else 1] += v
    pos = Position(
        profile,
        trump,
        (start[0], start[1], start[2], start[3]),
        int(report.bidder),
        (),
        True,
        (0, 0),
        (held[0], held[1]),
        tuple(capture),
        table.scoring_trumps,
    )
    for trick in report.tricks:
        for play in trick.plays:
            pos = pos.apply((play.card.index, tuple(c.index for c in play.beneath)))
    started = report.position.cards_played if report.position is not None else 0
    if started:
        assert isinstance(plays, list) and len(plays) > len(report.tricks)
        for item in plays[len(report.tricks)][:started]:
            cards = [item] if isinstance(item, str) else list(item)
            pos = pos.apply(
                (parse_index(str(cards[0])), tuple(parse_index(str(c)) for c in cards[1:]))
            )
    return pos


def solve_file(path: Path, display: str | None = None) -> FileReport:
    def job(doc: YamlDoc, where: Where) -> JobResult:
        rep = replay(doc.data, where)
        if not isinstance(rep.report, HandReport):
            raise where.error(("kind",), f"cinch solve needs a `hand` scenario, not {rep.kind!r}")
        if rep.report.thrown_in:
            raise where.error(("bids",), "everyone passed: the hand is thrown in, nothing to solve")
        plays = doc.data.get("plays") if isinstance(doc.data, dict) else None
        result = solve(position_of(rep.report, plays)).to_json()
        result["solver"] = solver_kind()  # which search ran: "compiled" or "python"
        return JobResult(result, check_expect(doc, where, result))

    return run_job(path, display, job)


def run(args: argparse.Namespace) -> int:
    status = 0
    for name in args.files:
        report = solve_file(Path(name), name)
        status = max(status, report.status)
        print_report(report, args.json, "solver", lambda n, r: print(f"ok     {n}: {_summary(r)}"))
    return status


def _summary(r: dict[str, Any]) -> str:
    ac, bd = (side.label for side in Team)
    v = r["value"]
    head = f"AC {v[ac]} BD {v[bd]} under best play"
    if r["to_play"] is None:
        return f"{head} (the hand is over)"
    cards = ", ".join(
        f"{a['card']}{'+' + '+'.join(a['beneath']) if a['beneath'] else ''} "
        f"{a['value'][ac]}-{a['value'][bd]}"
        for a in r["actions"]
    )
    best = " ".join(r["best"])
    return f"{head}; {r['to_play']} to play, best {best}; {cards} ({r['nodes']} nodes)"


def add_parser(sub: Any) -> None:
    """Register ``cinch solve`` on the CLI's subparsers."""
    sp = sub.add_parser("solve", help="double-dummy value of a hand scenario and of each card")
    sp.add_argument("files", nargs="+", metavar="FILE")
    sp.add_argument("--json", action="store_true", help="one JSON object per file")
    sp.set_defaults(func=run)
