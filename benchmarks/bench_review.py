"""Benchmark: the coach's review of a whole hand, and the bid advisor, on one core.

Hands are random deals played by random legal actions (seat A always takes the contract,
so it has a call, a choice of trump and six cards to price). For each hand: the review of
seat A's cards only (``calls=False``), and the full review (calls and trump by the bid
advisor too, its worlds played out by the rules bots), at the default 24 worlds a card;
and one ``advise`` call at its default (32 worlds played out by the rules bots;
``bench_advise.py`` measures the advisor alone). The baseline, measured in the same run,
is the double-dummy solve of the same hands' opening positions with every card valued:
figures are also given as a multiple of it, since the machine's speed drifts. Each figure
is wall time and the process's CPU time (on a machine shared by many processes the CPU
time is what one core would take).

Run: ``.venv/bin/python benchmarks/bench_review.py [--hands N] [--samples K]``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from tutorial.coach import advise, review
from tutorial.engine.hand import Hand
from tutorial.engine.profiles import get_profile
from tutorial.engine.state import Phase, State
from tutorial.solver.analyse import solve
from tutorial.solver.position import Position


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def _hand(profile_name: str, seed: int) -> tuple[State, State, State]:
    """(the bidding with A to call, the opening position, the finished hand)."""
    rng = random.Random(seed)
    s = State.random_deal(get_profile(profile_name), 3, rng)
    bidding = s.copy()
    opening = None
    while s.phase is not Phase.DONE:
        if s.is_chance():
            s.apply(s.chance_outcome(rng))
            continue
        if s.phase is Phase.PLAY and opening is None:
            opening = s.copy()
        acts = s.legal_actions()
        s.apply(acts[-1] if s.phase is Phase.BID and s.to_act == 0 else rng.choice(acts))
    assert opening is not None
    return bidding, opening, s


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=8)
    ap.add_argument("--samples", type=int, default=24)
    ap.add_argument("--profile", default="pagat-62")
    args = ap.parse_args()
    series: dict[str, list[float]] = {}
    for seed in range(args.hands):
        bidding, opening, final = _hand(args.profile, seed)
        jobs: dict[str, Callable[[], object]] = {
            "base": partial(solve, Position.from_hand(Hand.of(opening))),
            "cards": partial(review, final, 0, samples=args.samples, seed=0, calls=False),
            "full": partial(review, final, 0, samples=args.samples, seed=0),
            "advise": partial(advise, bidding, 0, seed=0),
        }
        line = []
        for name, job in jobs.items():
            w0, c0 = time.perf_counter(), time.process_time()
            job()
            wall, cpu = time.perf_counter() - w0, time.process_time() - c0
            series.setdefault(name, []).append(wall)
            series.setdefault(f"{name}_cpu", []).append(cpu)
            line.append(f"{name} {wall:.1f} s ({cpu:.1f} s CPU)")
        print(f"hand {seed}: " + ", ".join(line), flush=True)
    b = statistics.median(series["base_cpu"])
    out = {
        "profile": args.profile,
        "hands": args.hands,
        "samples": args.samples,
        "python": platform.python_version(),
        "load": os.getloadavg()[0],
        "opening_solve_cpu_s_median": round(b, 3),
    }
    for name in ("cards", "full", "advise"):
        for kind in ("", "_cpu"):
            xs = series[name + kind]
            out[f"{name}{kind}_s_p50"] = round(statistics.median(xs), 2)
            out[f"{name}{kind}_s_p95"] = round(_p95(xs), 2)
        cpu50 = statistics.median(series[f"{name}_cpu"])
        out[f"{name}_cpu_p50_in_opening_solves"] = round(cpu50 / b, 1)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
