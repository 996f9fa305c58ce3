"""Benchmark: the double-dummy solver on one core, against plain alpha-beta in the same run.

Positions come from random deals (the engine's ``random_playout`` replayed through
``Hand``): the opening position after the refill, and positions at the start of tricks
2..6 reached by the playout's random plays. For each position the fast solver values
*every* legal card (piles with their best cards beneath); the plain alpha-beta
(``reference.alphabeta``: no transposition table, no equivalent cards, no ordering) computes
only the value of the position. Both run on the same positions in the same run; the
ratio of their times is reported, since the machine's speed drifts. The openings are also
solved, every card valued, by the session-2 solver (``tests/solver/legacy.py``, kept
unchanged) and the ratio of the totals is reported (``--no-legacy`` skips it).

Times are CPU time of this process (``time.process_time``: what the solve costs on one
core, whatever else the machine runs) and wall time next to it; the machine's load average
is printed before and after. ``--repeat R`` runs everything R times and reports the best
and the median of the runs, since a shared machine's speed drifts.

The solver timed is the one the project loads (``tutorial.solver.native``: the compiled one
when its build is current, else pure Python; every line says which). When it is the compiled
one, the pure-Python solver values the same openings and later positions too, interleaved
position by position with it (the order alternating), and the ratio of the totals is
reported (``--no-python`` skips it); ``CINCH_SOLVER=python`` times the pure one alone.

Run: ``.venv/bin/python benchmarks/bench_solve.py [--deals N] [--ab-openings K] [--repeat R]
[--no-legacy] [--no-python]``.

``--against REF`` instead times the openings (every card valued) with this solver and with
the solver of git revision ``REF`` (its ``analyse``, ``search``, ``seats``, ``trick``,
``endgame`` and ``piles`` modules, loaded under another name, pure Python; ``position`` and
``tables`` are today's), interleaved opening by opening in one process (the order
alternating), so both see the same machine; values must agree.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.solver.legacy import legacy_values
from tutorial.engine.profiles import get_profile
from tutorial.solver.analyse import Analysis, solve
from tutorial.solver.deals import random_hand_in_play
from tutorial.solver.native import new_search, solver_kind, why_python
from tutorial.solver.position import Position
from tutorial.solver.reference import alphabeta
from tutorial.solver.search import Search as PythonSearch


def _num(x: object) -> float:
    assert isinstance(x, (int, float)), x
    return float(x)


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def _timed_solve(pos: Position, python: bool = False) -> tuple[float, int, int, float]:
    """(CPU ms, nodes, AC's value, wall ms) of a solve valuing every legal card, by the
    loaded solver (or the pure-Python one)."""
    wall, start = time.perf_counter(), time.process_time()
    analysis = solve(pos, PythonSearch(pos) if python else new_search(pos))
    cpu = (time.process_time() - start) * 1000
    return cpu, analysis.nodes, analysis.value[0], (time.perf_counter() - wall) * 1000


def _timed_alphabeta(pos: Position) -> tuple[float, int]:
    start = time.process_time()
    fut = alphabeta(pos)
    return (time.process_time() - start) * 1000, pos.taken[0] + pos.held[0] + fut


def _timed_legacy(pos: Position) -> float:
    """CPU ms of the session-2 solver valuing every legal card."""
    start = time.process_time()
    legacy_values(pos)
    return (time.process_time() - start) * 1000


def _interleaved(positions: list[Position]) -> tuple[list[float], list[float]]:
    """CPU ms of the loaded solver and of the pure-Python one on each position, in turns
    (the order alternating); their values must agree."""
    fast: list[float] = []
    slow: list[float] = []
    for i, pos in enumerate(positions):
        got = {}
        for python in (False, True) if i % 2 == 0 else (True, False):
            ms, nodes, ac, _ = _timed_solve(pos, python)
            (slow if python else fast).append(ms)
            got[python] = (nodes, ac)
        if got[False] != got[True]:
            raise AssertionError(f"compiled and Python disagree: {got}\n{pos.describe()}")
    return fast, slow


def run(
    profile_name: str,
    deals: int,
    ab_openings: int,
    seed: int,
    legacy: bool = True,
    python: bool = True,
) -> dict[str, object]:
    profile = get_profile(profile_name)
    rng = random.Random(seed)
    openings: list[Position] = []
    later: list[Position] = []
    for _ in range(deals):
        hand, playout = random_hand_in_play(profile, rng)
        pos = Position.from_hand(hand)
        openings.append(pos)
        for i, (_seat, card, beneath) in enumerate(playout.plays[:-1]):
            pos = pos.apply((card, beneath))
            if (i + 1) % 4 == 0:
                later.append(pos)
    open_ms, open_nodes, open_wall = [], [], []
    for pos in openings:
        ms, nodes, _, wall = _timed_solve(pos)
        open_ms.append(ms)
        open_nodes.append(nodes)
        open_wall.append(wall)
    later_ms = [_timed_solve(pos)[0] for pos in later]
    compare = python and solver_kind() == "compiled"
    both_open = _interleaved(openings) if compare else ([], [])
    both_later = _interleaved(later) if compare else ([], [])
    legacy_ms = [_timed_legacy(pos) for pos in openings] if legacy else []
    # the same positions through plain alpha-beta (openings: the first few only; it is slow)
    fast_total = slow_total = 0.0
    for pos in [*openings[:ab_openings], *later]:
        fast_ms, _, fast_value, _ = _timed_solve(pos)
        slow_ms, slow_value = _timed_alphabeta(pos)
        if fast_value != slow_value:
            raise AssertionError(f"solvers disagree: {fast_value} != {slow_value}")
        fast_total += fast_ms
        slow_total += slow_ms
    ab_open = [_timed_alphabeta(pos)[0] for pos in openings[:ab_openings]]
    return {
        "profile": profile_name,
        "solver": solver_kind(),
        "openings": len(openings),
        "opening_ms_median": round(statistics.median(open_ms), 1),
        "opening_ms_p95": round(_p95(open_ms), 1),
        "opening_ms_max": round(max(open_ms), 1),
        "opening_wall_ms_median": round(statistics.median(open_wall), 1),
        "opening_wall_ms_p95": round(_p95(open_wall), 1),
        "opening_nodes_median": int(statistics.median(open_nodes)),
        "opening_nodes_total": sum(open_nodes),
        "opening_ms_total": round(sum(open_ms), 1),
        "legacy_opening_ms_median": round(statistics.median(legacy_ms), 1) if legacy_ms else None,
        "legacy_opening_ms_p95": round(_p95(legacy_ms), 1) if legacy_ms else None,
        "legacy_opening_ms_total": round(sum(legacy_ms), 1) if legacy_ms else None,
        "legacy_over_fast": round(sum(legacy_ms) / sum(open_ms), 2) if legacy_ms else None,
        "openings_with_pile": sum(1 for p in openings if p.pile_size()),
        "later_positions": len(later),
        "later_ms_median": round(statistics.median(later_ms), 2),
        "later_ms_p95": round(_p95(later_ms), 2),
        "alphabeta_openings": ab_openings,
        "alphabeta_opening_ms_median": round(statistics.median(ab_open), 1) if ab_open else None,
        "same_positions_fast_ms": round(fast_total, 1),
        "same_positions_alphabeta_ms": round(slow_total, 1),
        "alphabeta_over_fast": round(slow_total / fast_total, 1) if fast_total else None,
        **_python_figures(*both_open, *both_later),
    }


def _python_figures(
    fast: list[float], slow: list[float], fast_later: list[float], slow_later: list[float]
) -> dict[str, float | None]:
    """The interleaved comparison with the pure-Python solver (None when not run)."""
    if not fast:
        keys = ("fast", "python")
        names = [f"{k}_opening_ms_{x}" for k in keys for x in ("median", "p95", "total")]
        return dict.fromkeys([*names, "python_over_fast", "python_over_fast_later"])
    return {
        "fast_opening_ms_median": round(statistics.median(fast), 1),
        "fast_opening_ms_p95": round(_p95(fast), 1),
        "fast_opening_ms_total": round(sum(fast), 1),
        "python_opening_ms_median": round(statistics.median(slow), 1),
        "python_opening_ms_p95": round(_p95(slow), 1),
        "python_opening_ms_total": round(sum(slow), 1),
        "python_over_fast": round(sum(slow) / sum(fast), 2),
        "python_over_fast_later": round(sum(slow_later) / sum(fast_later), 2),
    }


MODULES = ("analyse", "search", "seats", "trick", "endgame", "piles")
"""The solver's modules a revision's copy is made of (``position`` and ``tables`` are
today's)."""


def solver_at(ref: str) -> Callable[[Position], Analysis]:
    """``solve`` of the solver at git revision ``ref`` (see the module's docstring)."""
    root = Path(__file__).resolve().parents[1]
    where = Path(tempfile.mkdtemp(prefix="bench-solve-"))
    package = where / "solver_at_ref"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name in MODULES:
        shown = subprocess.run(
            ["git", "-C", str(root), "show", f"{ref}:tutorial/solver/{name}.py"],
            capture_output=True,
            text=True,
        )
        if shown.returncode:
            if name in ("seats", "trick", "endgame", "piles"):  # older revisions have none
                continue
            raise SystemExit(f"git show {ref}:tutorial/solver/{name}.py: {shown.stderr.strip()}")
        text = shown.stdout
        for module in MODULES:
            text = text.replace(
                f"tutorial.solver.{module} import", f"solver_at_ref.{module} import"
            )
        # a revision with the compiled solver's loader: its analyse makes its own Search
        text = text.replace(
            "from tutorial.solver.native import new_search",
            "from solver_at_ref.search import Search as new_search",
        )
        (package / f"{name}.py").write_text(text)
    sys.path.insert(0, str(where))
    solve_ref: Callable[[Position], Analysis] = importlib.import_module(
        "solver_at_ref.analyse"
    ).solve
    return solve_ref


def run_against(
    profile_name: str, deals: int, seed: int, solve_ref: Callable[[Position], Analysis]
) -> dict[str, object]:
    """Openings solved (every card valued) by this solver and by ``solve_ref``, interleaved."""
    profile = get_profile(profile_name)
    rng = random.Random(seed)
    ms: dict[str, list[float]] = {"new": [], "ref": []}
    nodes = {"new": 0, "ref": 0}
    for i in range(deals):
        hand, _ = random_hand_in_play(profile, rng)
        pos = Position.from_hand(hand)
        values = []
        order = [("new", solve), ("ref", solve_ref)]
        for name, fn in order if i % 2 == 0 else order[::-1]:
            start = time.process_time()
            analysis = fn(pos)
            ms[name].append((time.process_time() - start) * 1000)
            nodes[name] += analysis.nodes
            values.append({a.card: a.value for a in analysis.actions})
        if values[0] != values[1]:
            raise AssertionError(f"{profile_name} deal {i}: the solvers disagree\n{pos.describe()}")
    out: dict[str, object] = {"profile": profile_name, "openings": deals}
    for name in ("new", "ref"):
        out[f"{name}_ms_median"] = round(statistics.median(ms[name]), 1)
        out[f"{name}_ms_p95"] = round(_p95(ms[name]), 1)
        out[f"{name}_ms_total"] = round(sum(ms[name]), 1)
        out[f"{name}_nodes_total"] = nodes[name]
    out["ref_over_new"] = round(sum(ms["ref"]) / sum(ms["new"]), 2)
    return out


SUMMARY = (
    "opening_ms_median",
    "opening_ms_p95",
    "opening_wall_ms_median",
    "later_ms_median",
    "alphabeta_over_fast",
    "legacy_over_fast",
    "python_over_fast",
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--ab-openings", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--no-legacy", action="store_true", help="do not time the session-2 solver")
    ap.add_argument(
        "--no-python", action="store_true", help="do not time the pure-Python solver beside it"
    )
    ap.add_argument("--against", metavar="REF", help="only compare with the solver of git REF")
    args = ap.parse_args()
    if args.against:
        solve_ref = solver_at(args.against)
        before = os.getloadavg()
        rows = [
            run_against(name, args.deals, args.seed, solve_ref)
            for name in ("pagat-62", "classic-51")
        ]
        after = os.getloadavg()
        if args.json:
            print(json.dumps({"against": args.against, "solver": solver_kind(), "rows": rows}))
            return
        print(
            f"this solver ({_which()}) vs {args.against} (pure Python), openings every card "
            "valued, interleaved, CPU ms; "
            f"load average before {[round(x, 2) for x in before]}, "
            f"after {[round(x, 2) for x in after]}"
        )
        for r in rows:
            print(
                f"{r['profile']}: {r['openings']} openings; new median {r['new_ms_median']}, "
                f"p95 {r['new_ms_p95']}, total {r['new_ms_total']} ms, "
                f"{r['new_nodes_total']} nodes; {args.against}: median {r['ref_ms_median']}, "
                f"p95 {r['ref_ms_p95']}, total {r['ref_ms_total']} ms, "
                f"{r['ref_nodes_total']} nodes; {r['ref_over_new']}x"
            )
        return
    load_before = os.getloadavg()
    runs = [
        [
            run(
                name,
                args.deals,
                args.ab_openings,
                args.seed,
                not args.no_legacy,
                not args.no_python,
            )
            for name in ("pagat-62", "classic-51")
        ]
        for _ in range(max(1, args.repeat))
    ]
    load_after = os.getloadavg()
    summary = {}
    for i, name in enumerate(("pagat-62", "classic-51")):
        rows = [r[i] for r in runs]
        summary[name] = {
            k: {
                "best": (max if k.endswith("_over_fast") else min)(_num(r[k]) for r in rows),
                "median": statistics.median(_num(r[k]) for r in rows),
            }
            for k in SUMMARY
            if all(r[k] is not None for r in rows)
        }
    load = {
        "before": [round(x, 2) for x in load_before],
        "after": [round(x, 2) for x in load_after],
    }
    if args.json:
        print(
            json.dumps(
                {
                    "python": platform.python_version(),
                    "cpus": os.cpu_count(),
                    "load": load,
                    "solver": solver_kind(),
                    "runs": runs,
                    "summary": summary,
                }
            )
        )
        return
    print(
        f"Python {platform.python_version()}, one core, seed {args.seed}, {len(runs)} run(s); "
        f"load average before {load['before']}, after {load['after']} ({os.cpu_count()} CPUs); "
        "times are CPU ms of this process unless marked wall"
    )
    print(f"solver timed: {_which()}")
    for rows in runs:
        for r in rows:
            print(
                f"{r['profile']} ({r['solver']}): opening, every card valued: median "
                f"{r['opening_ms_median']} ms, "
                f"p95 {r['opening_ms_p95']} ms, max {r['opening_ms_max']} ms (wall: median "
                f"{r['opening_wall_ms_median']}, p95 {r['opening_wall_ms_p95']}) "
                f"({r['openings']} deals, {r['openings_with_pile']} with a pile, "
                f"median {r['opening_nodes_median']} nodes, total {r['opening_nodes_total']}; "
                f"total {r['opening_ms_total']} ms)"
            )
            if r["python_over_fast"] is not None:
                print(
                    f"  compiled and pure Python interleaved on the same openings: compiled "
                    f"median {r['fast_opening_ms_median']} / p95 {r['fast_opening_ms_p95']} / "
                    f"total {r['fast_opening_ms_total']} ms; Python median "
                    f"{r['python_opening_ms_median']} / p95 {r['python_opening_ms_p95']} / total "
                    f"{r['python_opening_ms_total']} ms: Python {r['python_over_fast']}x the "
                    f"compiled total (from trick 2 on: {r['python_over_fast_later']}x)"
                )
            if r["legacy_over_fast"] is not None:
                print(
                    f"  session-2 solver on the same openings, every card valued: median "
                    f"{r['legacy_opening_ms_median']} ms, p95 {r['legacy_opening_ms_p95']} ms, "
                    f"total {r['legacy_opening_ms_total']} ms: {r['legacy_over_fast']}x the "
                    f"{r['solver']} total"
                )
            print(
                f"  from trick 2 on: median {r['later_ms_median']} ms, p95 {r['later_ms_p95']} ms "
                f"({r['later_positions']} positions)"
            )
            print(
                f"  plain alpha-beta (value only) on {r['alphabeta_openings']} openings: median "
                f"{r['alphabeta_opening_ms_median']} ms; on the same positions (those openings + "
                f"all later ones) {r['same_positions_alphabeta_ms']} ms vs fast "
                f"{r['same_positions_fast_ms']} ms ({r['solver']}): {r['alphabeta_over_fast']}x"
            )
    if len(runs) > 1:
        for name, figures in summary.items():
            print(
                f"{name} over {len(runs)} runs (best / median): "
                + "; ".join(f"{k} {v['best']:g} / {v['median']:g}" for k, v in figures.items())
            )


def _which() -> str:
    kind = solver_kind()
    return kind if kind == "compiled" else f"python ({why_python()})"


if __name__ == "__main__":
    main()
