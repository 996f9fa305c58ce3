"""Benchmark: how long a bot decision takes, per phase, on one core.

Hands of ``pagat-62`` (or ``--profile``) are played with the ``expert`` bot in seats A and C
and the ``rules`` bot in B and D; every decision of each is timed, both by the wall clock
and by the CPU time of this process (``time.process_time``: what the decision costs one
core, whatever else the machine is doing). The ``rules`` bot's decisions, timed in the same
run, are the baseline: the ratio expert/rules is reported because the machine's speed
drifts. The machine's load (``os.getloadavg``) is printed with the figures.

Run: ``.venv/bin/python benchmarks/bench_bots.py [--hands N] [--seed S] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time

from tutorial.bots import decide
from tutorial.engine.observe import observe
from tutorial.engine.profiles import DEFAULT_PROFILE, get_profile
from tutorial.engine.state import Phase, State


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def _stats(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    return {
        "n": len(values),
        "p50": round(statistics.median(values), 2),
        "p95": round(_p95(values), 2),
        "max": round(max(values), 2),
    }


def run(hands: int, seed: int, profile_name: str) -> dict[str, object]:
    profile = get_profile(profile_name)
    rng = random.Random(seed)
    wall: dict[str, dict[str, list[float]]] = {"expert": {}, "rules": {}}
    cpu: dict[str, dict[str, list[float]]] = {"expert": {}, "rules": {}}
    for h in range(hands):
        s = State.random_deal(profile, h % 4, rng)
        n = 0
        while not s.is_terminal():
            if s.is_chance():
                s.apply(s.chance_outcome(rng))
                continue
            seat = s.to_act
            bot = "expert" if seat % 2 == 0 else "rules"
            phase = s.phase.value if s.phase is not Phase.PLAY else f"trick {len(s.tricks) + 1}"
            obs = observe(s, seat)
            w0, c0 = time.perf_counter(), time.process_time()
            action = decide(bot, obs, seed * 100_000 + h * 100 + n)
            c1, w1 = time.process_time(), time.perf_counter()
            wall[bot].setdefault(phase, []).append((w1 - w0) * 1000)
            cpu[bot].setdefault(phase, []).append((c1 - c0) * 1000)
            s.apply(action)
            n += 1
    out: dict[str, object] = {"profile": profile.name, "hands": hands, "seed": seed}
    for bot in ("expert", "rules"):
        every_wall = [v for vs in wall[bot].values() for v in vs]
        every_cpu = [v for vs in cpu[bot].values() for v in vs]
        out[bot] = {
            "wall_ms": _stats(every_wall),
            "cpu_ms": _stats(every_cpu),
            "cpu_ms_by_phase": {k: _stats(v) for k, v in sorted(cpu[bot].items())},
            "wall_ms_by_phase": {k: _stats(v) for k, v in sorted(wall[bot].items())},
        }
    e = [v for vs in cpu["expert"].values() for v in vs]
    r = [v for vs in cpu["rules"].values() for v in vs]
    out["ratio_expert_to_rules_cpu_p50"] = round(statistics.median(e) / statistics.median(r), 1)
    out["load_average"] = [round(x, 2) for x in os.getloadavg()]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", default=DEFAULT_PROFILE)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    result = run(args.hands, args.seed, args.profile)
    if args.json:
        print(json.dumps(result))
        return
    print(f"{result['hands']} hands of {result['profile']}, load average {result['load_average']}")
    for bot in ("expert", "rules"):
        r = result[bot]
        assert isinstance(r, dict)
        print(f"{bot}: wall {r['wall_ms']}  cpu {r['cpu_ms']}")
        for phase, st in r["cpu_ms_by_phase"].items():
            print(f"  {phase:8} cpu {st}  wall {r['wall_ms_by_phase'][phase]}")
    print(
        f"expert/rules CPU time per decision (medians): {result['ratio_expert_to_rules_cpu_p50']}x"
    )


if __name__ == "__main__":
    main()
