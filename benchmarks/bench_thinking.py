"""Benchmark: the worst expert decisions of every profile the practice table offers, with
the solves bounded (node limit + deadline) and, on the same positions, unbounded (before
issue 26: the node budget was checked between solves only, so one world could cost
millions of nodes).

For each profile (``no-draw`` first: its nine-card openings are the dearest), ``--hands``
deals are played out by the ``rules`` bot in every seat; at every decision of the first
``--tricks`` tricks (and every call and trump choice) the ``expert`` decides for the seat
to act — its action is not played, so both modes see the same positions. Each decision is
timed by the wall clock and by this process's CPU time (``time.process_time``: what it costs
one core whatever the load), with the solver nodes it counted and whether a limit stopped
it ("nodes": the node limit, deterministic; "time": the deadline). The unbounded mode
(``--unbounded N``: only the first N tricks, it is slow) is the baseline measured in the
same run; the load average is printed with the figures.

Run: ``flock /tmp/cinch-heavy.lock .venv/bin/python benchmarks/bench_thinking.py
[--hands N] [--tricks T] [--unbounded T] [--profiles a,b] [--worst K] [--max-nodes N]
[--hints N] [--json]``. ``--hints N`` also times the /play hint (``tutorial.coach.hint``) at
the first N plays of each profile, with its budget and without.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import tutorial.bots.evaluator.cards as pricing
import tutorial.bots.expert as expert
from tutorial.bots import decide, rng_for
from tutorial.coach.hint import hint
from tutorial.engine.observe import observe
from tutorial.engine.profiles import PROFILES
from tutorial.engine.state import Phase, State
from tutorial.solver import analyse, native
from tutorial.solver.native import solver_kind

ORDER = ["no-draw", *(p for p in PROFILES if p != "no-draw")]


@contextmanager
def unbounded() -> Iterator[None]:
    """The expert as before issue 26: its solves never stopped (the budget checked between
    solves only): the evaluator's card pricing, where the expert's solves run, solves
    without a limit."""
    names = vars(pricing)
    real = names["solve"]

    def solve(pos: Any, search: Any = None, limit: Any = None) -> analyse.Analysis:
        return analyse.solve(pos, search)

    names["solve"] = solve
    try:
        yield
    finally:
        names["solve"] = real


def positions(profile: str, hands: int, tricks: int, seed: int) -> Iterator[tuple[str, State]]:
    """(label, state) at every decision of the first ``tricks`` tricks, calls and trump
    included, of ``hands`` deals played by the ``rules`` bot."""
    rng = random.Random(f"{seed}-{profile}")
    for h in range(hands):
        s = State.random_deal(PROFILES[profile], h % 4, rng)
        n = 0
        while not s.is_terminal():
            if s.is_chance():
                s.apply(s.chance_outcome(rng))
                continue
            trick = len(s.tricks) + 1
            if s.phase is Phase.PLAY and trick > tricks:
                break
            phase = s.phase.value if s.phase is not Phase.PLAY else f"trick {trick}"
            if len(s.legal_actions()) > 1:
                yield f"{profile} hand {h} #{n} {phase} seat {'ABCD'[s.to_act]}", s.copy()
            s.apply(decide("rules", observe(s, s.to_act), seed=seed + n))
            n += 1


def measure(label: str, s: State, seed: int, max_nodes: int | None = None) -> dict[str, Any]:
    obs = observe(s, s.to_act)
    rng = rng_for("expert", obs, seed)
    w0, c0 = time.perf_counter(), time.process_time()
    d = expert.expert_play(obs, rng, max_nodes)
    c1, w1 = time.process_time(), time.perf_counter()
    return {
        "position": label,
        "phase": label.split("#", 1)[1].split(" seat")[0].split(" ", 1)[1],
        "action": str(d.action),
        "nodes": d.nodes,
        "samples": d.samples,
        "stopped": d.stopped or None,
        "wall_ms": round((w1 - w0) * 1000, 1),
        "cpu_ms": round((c1 - c0) * 1000, 1),
    }


def measure_hint(label: str, s: State, seed: int, bounded: bool) -> dict[str, Any]:
    """The /play hint at ``s`` (its own budget, or none), with the nodes of its searches."""
    made: list[Any] = []
    real = native.chosen()

    def make(pos: Any) -> Any:
        search = real.search(pos)
        made.append(search)
        return search

    names = vars(native)
    saved = names["chosen"]
    counting = dataclasses.replace(real, search=make)  # type: ignore[arg-type]
    names["chosen"] = lambda: counting
    limits: dict[str, Any] = {} if bounded else {"max_nodes": 1 << 62, "max_ms": None}
    try:
        w0, c0 = time.perf_counter(), time.process_time()
        h = hint(observe(s, s.to_act), seed=seed, **limits)
        c1, w1 = time.process_time(), time.perf_counter()
    finally:
        names["chosen"] = saved
    return {
        "position": label,
        "phase": "hint",
        "action": str(h.action),
        "nodes": sum(x.nodes for x in made),
        "samples": h.evaluation.worlds,
        "stopped": None if h.exact else "limit",
        "wall_ms": round((w1 - w0) * 1000, 1),
        "cpu_ms": round((c1 - c0) * 1000, 1),
    }


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def summary(rows: list[dict[str, Any]], worst: int) -> dict[str, Any]:
    if not rows:
        return {"n": 0}
    cpu = [r["cpu_ms"] for r in rows]
    return {
        "n": len(rows),
        "cpu_ms_p50": round(statistics.median(cpu), 1),
        "cpu_ms_p95": round(_p95(cpu), 1),
        "cpu_ms_max": max(cpu),
        "wall_ms_max": max(r["wall_ms"] for r in rows),
        "nodes_max": max(r["nodes"] for r in rows),
        "stopped": {k: sum(r["stopped"] == k for r in rows) for k in ("nodes", "time", "limit")},
        "worst": sorted(rows, key=lambda r: -r["cpu_ms"])[:worst],
    }


def run(
    profiles: list[str],
    hands: int,
    tricks: int,
    before_tricks: int,
    worst: int,
    seed: int,
    max_nodes: int | None = None,
    hints: int = 0,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "solver": solver_kind(),
        "hands": hands,
        "tricks": tricks,
        "unbounded_tricks": before_tricks,
        "seed": seed,
        "deadline_ms": expert.DEADLINE_MS,
        "opening_budget": expert.OPENING_BUDGET,
        "node_budget": expert.NODE_BUDGET,
        "max_nodes": max_nodes,
        "load_before": [round(x, 2) for x in os.getloadavg()],
        "profiles": {},
    }
    started = time.perf_counter()
    for profile in profiles:
        bounded: list[dict[str, Any]] = []
        before: list[dict[str, Any]] = []
        hinted: list[dict[str, Any]] = []
        hinted_before: list[dict[str, Any]] = []
        for i, (label, s) in enumerate(positions(profile, hands, tricks, seed)):
            bounded.append(measure(label, s, seed + i, max_nodes))
            if s.phase is Phase.PLAY and len(hinted) < hints:
                hinted.append(measure_hint(label, s, seed + i, True))
                hinted_before.append(measure_hint(label, s, seed + i, False))
            if s.phase is Phase.PLAY and len(s.tricks) < before_tricks:
                with unbounded():
                    before.append(measure(label, s, seed + i))
        plays = [r for r in bounded if r["phase"].startswith("trick")]
        same = [r for r in bounded if r["position"] in {b["position"] for b in before}]
        entry = {
            "bounded": summary(bounded, worst),
            "bounded_plays": summary(plays, 0),
            "bounded_on_unbounded_positions": summary(same, 0),
            "unbounded": summary(before, worst),
            "hint_bounded": summary(hinted, worst),
            "hint_unbounded": summary(hinted_before, worst),
        }
        if before and same:
            entry["ratio_unbounded_to_bounded_cpu_max"] = round(
                max(r["cpu_ms"] for r in before) / max(max(r["cpu_ms"] for r in same), 0.1), 1
            )
            entry["same_action"] = sum(
                a["action"] == b["action"] for a, b in zip(same, before, strict=True)
            )
        out["profiles"][profile] = entry
    out["seconds"] = round(time.perf_counter() - started, 1)
    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    return out


def _line(name: str, st: dict[str, Any]) -> str:
    if not st.get("n"):
        return f"  {name:10} —"
    return (
        f"  {name:10} n {st['n']:3}  cpu p50 {st['cpu_ms_p50']} p95 {st['cpu_ms_p95']} "
        f"max {st['cpu_ms_max']} ms  wall max {st['wall_ms_max']} ms  nodes max "
        f"{st['nodes_max']}  stopped {st['stopped']}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=3)
    ap.add_argument("--tricks", type=int, default=2, help="tricks measured bounded")
    ap.add_argument("--unbounded", type=int, default=1, help="tricks measured unbounded too")
    ap.add_argument("--profiles", default=",".join(ORDER))
    ap.add_argument("--worst", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-nodes", type=int, help="the expert's node limit (default: its own)")
    ap.add_argument(
        "--hints", type=int, default=0, help="also time the /play hint, bounded and not, at N plays"
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    names = [p for p in args.profiles.split(",") if p]
    unknown = [p for p in names if p not in PROFILES]
    if unknown:
        ap.error(f"unknown profile(s) {', '.join(unknown)}: expected {', '.join(PROFILES)}")
    result = run(
        names,
        args.hands,
        args.tricks,
        args.unbounded,
        args.worst,
        args.seed,
        args.max_nodes,
        args.hints,
    )
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"{result['solver']} solver, {args.hands} hands a profile, tricks 1-{args.tricks} "
        f"bounded (deadline {result['deadline_ms']:.0f} ms), 1-{args.unbounded} unbounded; "
        f"load {result['load_before']} -> {result['load_after']}, {result['seconds']} s"
    )
    for profile, e in result["profiles"].items():
        print(profile)
        print(_line("bounded", e["bounded"]))
        print(_line("  plays", e["bounded_plays"]))
        print(_line("  same", e["bounded_on_unbounded_positions"]))
        print(_line("unbounded", e["unbounded"]))
        print(_line("hint", e["hint_bounded"]))
        print(_line("hint unb.", e["hint_unbounded"]))
        if "ratio_unbounded_to_bounded_cpu_max" in e:
            print(
                f"  worst CPU unbounded/bounded {e['ratio_unbounded_to_bounded_cpu_max']}x, "
                f"same action {e['same_action']} of {e['bounded_on_unbounded_positions']['n']}"
            )
        for mode in ("bounded", "unbounded", "hint_bounded", "hint_unbounded"):
            for r in e[mode].get("worst", []):
                print(
                    f"    {mode:9} {r['position']}: {r['cpu_ms']} ms CPU, {r['wall_ms']} ms "
                    f"wall, {r['nodes']} nodes, {r['samples']} samples, stopped {r['stopped']}"
                )


if __name__ == "__main__":
    main()
