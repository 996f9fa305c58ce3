"""Benchmark: how strong the bots are, over duplicate deals, and how long they think.

Two duplicate matches (``tutorial.bots.match``, what ``cinch match --duplicate`` plays):
``rules`` against ``random`` and ``expert`` against ``rules``, each pairing holding the same
cards once at each table, so the luck of the deal cancels. For each it reports how many game
points a hand the stronger pairing scores more than the weaker (the mean over deals of the
two tables' difference) with a 95% confidence interval, and each bot's decision time (p50,
p95, max) measured in this one process (one core). The issue's targets:

* ``rules`` beats ``random`` by at least 4 game points a hand;
* ``expert`` beats ``rules`` by at least 1 game point a hand;
* an ``expert`` decision takes under 1 s at p95 on one core.

Decision times are given as wall-clock time and as the CPU time of the process (what the
decision costs on one core whatever the machine's load; on a machine shared by many
processes the wall time is inflated by the waiting).

A target is "met" when the whole interval lies above it, "not met" when the whole interval
lies below it, and "undecided" when the interval straddles it (more deals needed). This
machine's speed drifts by up to 2×, so the run also times random playouts of whole hands
(``random_playout``) as a baseline and reports the expert p95 in playouts; ``uptime``'s
load is printed before and after. A pairing whose bots are not written yet is reported as
skipped.

Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_strength.py [--deals-random N]
[--deals-expert M] [--seed S] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import sys
import time
from typing import Any

from tutorial.bots import BOT_NAMES
from tutorial.bots.match import MatchSpec, percentile, play_match
from tutorial.bots.summary import summary
from tutorial.engine.playout import random_playout
from tutorial.engine.profiles import DEFAULT_PROFILE, PROFILES, get_profile
from tutorial.eta import ProgressLine

PAIRINGS = (
    ("rules", "random", 4.0),
    ("expert", "rules", 1.0),
)
EXPERT_P95_MS = 1000.0


def load() -> str:
    """``uptime``'s load averages (or /proc/loadavg)."""
    try:
        out = subprocess.run(["uptime"], capture_output=True, text=True, timeout=5).stdout
        return out.strip()
    except (OSError, subprocess.SubprocessError):
        try:
            with open("/proc/loadavg", encoding="ascii") as f:
                return f.read().strip()
        except OSError:
            return "unknown"


def playout_ms(profile: str, n: int, seed: int) -> float:
    """Mean time of one random playout of a whole hand (the baseline of this run)."""
    prof = get_profile(profile)
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(n):
        random_playout(prof, i & 3, rng)
    return (time.perf_counter() - start) * 1000 / n


def verdict(lo: float | None, hi: float | None, target: float) -> str:
    if lo is None or hi is None:
        return "undecided (too few deals)"
    if lo >= target:
        return "met"
    if hi < target:
        return "not met"
    return "undecided (interval straddles the target)"


def run_pairing(
    strong: str, weak: str, deals: int, seed: int, profile: str, jobs: int
) -> dict[str, Any]:
    spec = MatchSpec(get_profile(profile), (strong, weak, strong, weak), deals, seed, True)
    start = time.perf_counter()
    with ProgressLine(spec.hands, label=f"{strong} vs {weak}") as line:
        records = play_match(spec, jobs=jobs, on_hand=line.advance)
    data = summary(spec, records, time.perf_counter() - start)
    ms = {
        name: [d.ms for r in records for d in r.decisions if r.bots[d.seat] == name]
        for name in (strong, weak)
    }
    by_phase: dict[str, dict[str, float]] = {}
    cpu_by_phase: dict[str, dict[str, float]] = {}
    for name in (strong, weak):
        phases: dict[str, list[float]] = {}
        cpu_phases: dict[str, list[float]] = {}
        for r in records:
            for d in r.decisions:
                if r.bots[d.seat] == name:
                    phases.setdefault(d.phase, []).append(d.ms)
                    cpu_phases.setdefault(d.phase, []).append(d.cpu_ms)
        by_phase[name] = {p: round(percentile(v, 95), 2) for p, v in sorted(phases.items())}
        cpu_by_phase[name] = {p: round(percentile(v, 95), 2) for p, v in sorted(cpu_phases.items())}
    return {
        "strong": strong,
        "weak": weak,
        "deals": deals,
        "hands_played": data["hands_played"],
        "seconds": data["seconds"],
        "difference": data["difference"],
        "by_bot": data["by_bot"],
        "p95_ms_by_phase": by_phase,
        "cpu_p95_ms_by_phase": cpu_by_phase,
        "decision_ms_p50": {n: round(percentile(v, 50), 3) for n, v in ms.items()},
        "games": data["games"],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--deals-random", type=int, default=200, help="deals, rules vs random")
    ap.add_argument("--deals-expert", type=int, default=60, help="deals, expert vs rules")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--profile", default=DEFAULT_PROFILE, choices=sorted(PROFILES))
    ap.add_argument("--jobs", type=int, default=1, help="processes (1: decision times on one core)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out: dict[str, Any] = {
        "python": platform.python_version(),
        "profile": args.profile,
        "seed": args.seed,
        "jobs": args.jobs,
        "load_before": load(),
        "bots_available": list(BOT_NAMES),
    }
    out["playout_ms"] = round(playout_ms(args.profile, 2000, args.seed), 4)
    results: list[dict[str, Any]] = []
    for strong, weak, target in PAIRINGS:
        deals = args.deals_random if weak == "random" else args.deals_expert
        missing = [b for b in (strong, weak) if b not in BOT_NAMES]
        if missing:
            results.append({"strong": strong, "weak": weak, "skipped": f"not available: {missing}"})
            continue
        res = run_pairing(strong, weak, deals, args.seed, args.profile, args.jobs)
        d = res["difference"]
        lo, hi = d["ci95"] if d["ci95"] else (None, None)
        res["target"] = target
        res["verdict"] = verdict(lo, hi, target)
        results.append(res)
    out["pairings"] = results
    out["playout_ms_after"] = round(playout_ms(args.profile, 2000, args.seed + 1), 4)
    out["load_after"] = load()
    expert = next(
        (r["by_bot"]["expert"] for r in results if "by_bot" in r and "expert" in r["by_bot"]),
        None,
    )
    if expert is not None:
        p95 = expert["decision_ms_p95"]
        cpu95 = expert["decision_cpu_ms_p95"]
        base = (out["playout_ms"] + out["playout_ms_after"]) / 2
        out["expert_p95"] = {
            "ms": p95,
            "cpu_ms": cpu95,
            "playouts": round(p95 / base, 1) if base else None,
            "target_ms": EXPERT_P95_MS,
            "verdict_cpu": "met" if cpu95 < EXPERT_P95_MS else "not met",
            "verdict_wall": "met" if p95 < EXPERT_P95_MS else "not met",
        }
    if args.json:
        print(json.dumps(out))
        return
    print(f"Python {out['python']}, {args.profile}, seed {args.seed}, jobs {args.jobs}")
    print(f"load before: {out['load_before']}")
    print(
        f"baseline: a random playout of a whole hand {out['playout_ms']:.3f} ms "
        f"(after: {out['playout_ms_after']:.3f} ms)"
    )
    for r in results:
        if "skipped" in r:
            print(f"{r['strong']} vs {r['weak']}: skipped ({r['skipped']})")
            continue
        d = r["difference"]
        ci = d["ci95"]
        interval = f"[{ci[0]:+.2f}, {ci[1]:+.2f}]" if ci else "(no interval)"
        print(
            f"{r['strong']} vs {r['weak']}, {r['deals']} duplicate deals "
            f"({r['hands_played']} hands, {r['seconds']:.0f} s): {d['score_per_hand']:+.2f} "
            f"game points a hand, 95% interval {interval}; target ≥ {r['target']:g}: "
            f"{r['verdict']}"
        )
        for name, b in r["by_bot"].items():
            print(
                f"  {name:<7} score/hand {b['score_per_hand']:+6.2f}  decisions {b['decisions']:,}"
                f"  wall ms p50 {r['decision_ms_p50'][name]:.2f}  p95 {b['decision_ms_p95']:.2f}"
                f"  max {b['decision_ms_max']:.1f}  CPU ms p95 {b['decision_cpu_ms_p95']:.2f}"
                f"  wall p95 by phase {r['p95_ms_by_phase'][name]}"
                f"  CPU p95 by phase {r['cpu_p95_ms_by_phase'][name]}"
            )
    if "expert_p95" in out:
        e = out["expert_p95"]
        print(
            f"expert decision p95: CPU {e['cpu_ms']:.0f} ms, wall {e['ms']:.0f} ms "
            f"({e['playouts']} playouts); target < {e['target_ms']:.0f} ms on one core: "
            f"CPU {e['verdict_cpu']}, wall {e['verdict_wall']}"
        )
    print(f"load after: {out['load_after']}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
