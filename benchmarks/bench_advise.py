"""Benchmark: the bid advisor (``tutorial.coach.advise``) on one core.

Random deals of the profile; the seat advised is the first to call (so every call, pass and
7 … 14, is offered) and then, after the rules bot's call of each seat before it, the dealer.
Each ``advise`` runs at ``--samples`` worlds (default: the advisor's default) with the bot
of ``--bot`` (default ``rules``). The baseline, measured in the same run, is one whole hand
(bidding, refill, play) played by ``rules`` players (the evaluator's playout) from the same
deal: the advisor's time is also given as a multiple of it, since the machine's speed
drifts. Wall time and the process's CPU time (``time.process_time``) are both reported.

Run: ``nice -n 10 .venv/bin/python benchmarks/bench_advise.py [--deals N] [--samples K]``.
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

from tutorial.bots import decide
from tutorial.bots.rollout import playout
from tutorial.coach.advise import DEFAULT_BOT, DEFAULT_SAMPLES, advise
from tutorial.engine.observe import observe
from tutorial.engine.profiles import get_profile
from tutorial.engine.state import State


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def _timed(job: Callable[[], object]) -> tuple[float, float]:
    w0, c0 = time.perf_counter(), time.process_time()
    job()
    return time.perf_counter() - w0, time.process_time() - c0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    ap.add_argument("--bot", default=DEFAULT_BOT)
    ap.add_argument("--profile", default="pagat-62")
    args = ap.parse_args()
    wall: list[float] = []
    cpu: list[float] = []
    base: list[float] = []
    for seed in range(args.deals):
        deal = State.random_deal(get_profile(args.profile), seed % 4, random.Random(seed))
        _w, c = _timed(partial(playout, deal.copy(), random.Random(seed)))
        base.append(c)
        last = deal.copy()
        while last.to_act != last.dealer:  # the dealer's call: the others have called
            last.apply(decide(args.bot, observe(last, last.to_act), seed))
        for state in (deal, last):
            w, c = _timed(partial(advise, state, samples=args.samples, seed=seed, bot=args.bot))
            wall.append(w)
            cpu.append(c)
        print(f"deal {seed}: {wall[-2]:.2f} s, {wall[-1]:.2f} s ({cpu[-2] + cpu[-1]:.2f} s CPU)")
    b = statistics.median(base)
    out = {
        "profile": args.profile,
        "bot": args.bot,
        "samples": args.samples,
        "advice": len(cpu),
        "python": platform.python_version(),
        "load": round(os.getloadavg()[0], 1),
        "playout_cpu_ms_median": round(b * 1000, 2),
        "cpu_s_p50": round(statistics.median(cpu), 3),
        "cpu_s_p95": round(_p95(cpu), 3),
        "wall_s_p50": round(statistics.median(wall), 3),
        "wall_s_p95": round(_p95(wall), 3),
        "cpu_p50_in_playouts": round(statistics.median(cpu) / b, 1),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
