"""``cinch solve FILE... [--json] [--max-nodes N] [--max-ms MS]``: the double-dummy value of
a ``hand`` scenario where it stops, and of every legal card of the seat to play.

``--max-nodes``/``--max-ms`` bound each file's solve (a node limit: the same answer every
run; a wall-clock limit: the safety net, not deterministic). A solve stopped early says so
(``complete`` false, ``stopped`` "nodes" or "time") and gives each card's proven range
(``range``, ``exact``); its ``value`` is then the middle of the range of the best card so
far (the one whose worst case for the side to play is best). The exit code does not change.

The scenario is replayed by the scenario package (so every rule and every located error is
the replay's); the position is rebuilt from the replay's result — the hands after the refill,
trump, the high bidder's lead and the cards of each trick shown — and solved. ``expect``
is compared with the solve's result, and any field the solve does not give with the
replay's (as every command that replays: ``decide`` too); exit codes as ``cinch replay``:
0 solved and matched, 1 an expectation failed, 2 invalid input.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any

from tutorial.cli.report import FileReport, JobResult, check_expect, print_report, run_job
from tutorial.engine.cards import CODES, parse_index
from tutorial.engine.hand import point_table
from tutorial.engine.profiles import get_profile
from tutorial.engine.seats import SEAT_LETTERS
from tutorial.scenario.replay import replay
from tutorial.scenario.results import HandReport
from tutorial.solver.analyse import ActionValue, Analysis, solve
from tutorial.solver.limits import Limit
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


def solve_file(
    path: Path,
    display: str | None = None,
    max_nodes: int | None = None,
    max_ms: float | None = None,
) -> FileReport[Analysis]:
    def job(doc: YamlDoc, where: Where) -> JobResult[Analysis]:
        rep = replay(doc.data, where)
        if not isinstance(rep.report, HandReport):
            raise where.error(("kind",), f"cinch solve needs a `hand` scenario, not {rep.kind!r}")
        if rep.report.thrown_in:
            raise where.error(("bids",), "everyone passed: the hand is thrown in, nothing to solve")
        if rep.report.trump is None:  # the bidding (or naming trump) is where it stops
            raise where.error(
                ("trump",) if "trump" in doc.data else ("bids",),
                "the hand stops before trump is named: there is no play to solve",
            )
        plays = doc.data.get("plays") if isinstance(doc.data, dict) else None
        pos = position_of(rep.report, plays)
        limit = Limit.of(max_nodes, max_ms) if max_nodes is not None or max_ms is not None else None
        analysis = solve(pos, None, limit)
        result = analysis.to_json()
        result["solver"] = solver_kind()  # which search ran: "compiled" or "python"
        return JobResult(analysis, result, check_expect(doc, where, result, rep.result, "solve"))

    return run_job(path, display, job)


def run(args: argparse.Namespace) -> int:
    status = 0
    for name in args.files:
        report = solve_file(Path(name), name, args.max_nodes, args.max_ms)
        status = max(status, report.status)
        print_report(report, args.json, "solver", lambda n, r: print(f"ok     {n}: {_summary(r)}"))
    return status


STOPPED = {"nodes": "at the node limit", "time": "at the time limit"}


def _card(a: ActionValue) -> str:
    """``KS``, or a pile's top card and the cards beneath: ``KS+QS+9S``."""
    return "+".join(CODES[c] for c in (a.card, *a.beneath))


def _summary(r: Analysis) -> str:
    ac, bd = r.value
    head = f"AC {ac} BD {bd} under best play"
    if r.to_play is None:
        return f"{head} (the hand is over)"
    if r.stopped:
        return _stopped_summary(r, SEAT_LETTERS[r.to_play])
    cards = ", ".join(f"{_card(a)} {a.value[0]}-{a.value[1]}" for a in r.actions)
    best = " ".join(CODES[c] for c in r.best)
    return f"{head}; {SEAT_LETTERS[r.to_play]} to play, best {best}; {cards} ({r.nodes} nodes)"


def _stopped_summary(r: Analysis, to_play: str) -> str:
    """A solve stopped early: each card's proven range (``lo..hi``; one figure if exact)."""

    def span(pair: tuple[int, int]) -> str:
        return str(pair[0]) if pair[0] == pair[1] else f"{pair[0]}..{pair[1]}"

    def ranges(a: ActionValue) -> str:
        ac, bd = r.ranges(a)
        return f"{span(ac)}-{span(bd)}"

    cards = ", ".join(f"{_card(a)} {ranges(a)}" for a in r.actions)
    first_ac, first_bd = r.ranges(r.actions[0])
    exact = sum(a.exact for a in r.actions)
    best = " ".join(CODES[c] for c in r.best)
    return (
        f"stopped early {STOPPED.get(r.stopped, r.stopped)} ({r.nodes} nodes): "
        f"AC {span(first_ac)} BD {span(first_bd)} so far; {to_play} to play, best so "
        f"far {best}; {cards} ({exact} of {len(r.actions)} exact)"
    )


def _count(text: str) -> int:
    """A ``--max-nodes`` value: a whole number, 0 or more."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of nodes") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: the node limit must be 0 or more")
    return n


def _millis(text: str) -> float:
    """A ``--max-ms`` value: milliseconds, 0 or more, finite."""
    try:
        ms = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of milliseconds") from None
    if not math.isfinite(ms) or ms < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: the time limit must be 0 ms or more")
    return ms


def add_parser(sub: Any) -> None:
    """Register ``cinch solve`` on the CLI's subparsers."""
    sp = sub.add_parser("solve", help="double-dummy value of a hand scenario and of each card")
    sp.add_argument("files", nargs="+", metavar="FILE")
    sp.add_argument("--json", action="store_true", help="one JSON object per file")
    sp.add_argument(
        "--max-nodes",
        type=_count,
        metavar="N",
        help="stop each solve after N solver nodes (the same answer every run)",
    )
    sp.add_argument(
        "--max-ms",
        type=_millis,
        metavar="MS",
        help="stop each solve after MS milliseconds (wall clock; not deterministic)",
    )
    sp.set_defaults(func=run)
