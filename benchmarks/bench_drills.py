"""Benchmark: time to generate a drill puzzle (scenario, engine replay, answer and
explanation), per kind and difficulty, averaged over many seeds.

The machine's speed drifts, so the same run also times a calibration, one random playout of
a whole hand (``random_playout``), and reports each kind as a ratio to it.

Run: ``.venv/bin/python benchmarks/bench_drills.py [--seeds N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tutorial.drills.kinds import DIFFICULTIES, KINDS, generate
from tutorial.engine.playout import random_playout
from tutorial.engine.profiles import DEFAULT_PROFILE, get_profile


def _calibration(rounds: int) -> float:
    """Mean milliseconds of one random playout of a whole hand."""
    profile = get_profile(DEFAULT_PROFILE)
    rng = random.Random(1)
    start = time.perf_counter()
    for i in range(rounds):
        random_playout(profile, i % 4, rng)
    return (time.perf_counter() - start) * 1000 / rounds


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--seeds", type=int, default=300)
    a = ap.parse_args()
    means = []
    calibrations = [_calibration(2000)]
    print(f"{'kind':14} {'difficulty':>10} {'mean ms':>9} {'max ms':>9} {'÷ playout':>10}")
    for kind in KINDS:
        for d in DIFFICULTIES:
            times = []
            for seed in range(a.seeds):
                start = time.perf_counter()
                generate(kind, seed, d)
                times.append((time.perf_counter() - start) * 1000)
            calibrations.append(_calibration(300))
            mean = statistics.mean(times)
            means.append(mean)
            ratio = mean / statistics.median(calibrations)
            print(f"{kind:14} {d:>10} {mean:9.2f} {max(times):9.2f} {ratio:10.1f}")
    cal = statistics.median(calibrations)
    print(
        f"{'all kinds':14} {'':>10} {statistics.mean(means):9.2f} {'':>9} "
        f"{statistics.mean(means) / cal:10.1f}"
    )
    print(f"calibration: one random playout = {cal:.3f} ms (median of {len(calibrations)} runs)")


if __name__ == "__main__":
    main()
