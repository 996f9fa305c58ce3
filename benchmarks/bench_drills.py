"""Benchmark: time to generate a drill puzzle (scenario, engine replay, answer and
explanation), per kind and difficulty, averaged over many seeds.

Run: ``.venv/bin/python benchmarks/bench_drills.py [--seeds N]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tutorial.drills.kinds import DIFFICULTIES, KINDS, generate


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--seeds", type=int, default=300)
    a = ap.parse_args()
    means = []
    print(f"{'kind':14} {'difficulty':>10} {'mean ms':>9} {'max ms':>9}")
    for kind in KINDS:
        for d in DIFFICULTIES:
            times = []
            for seed in range(a.seeds):
                start = time.perf_counter()
                generate(kind, seed, d)
                times.append((time.perf_counter() - start) * 1000)
            means.append(statistics.mean(times))
            print(f"{kind:14} {d:>10} {statistics.mean(times):9.2f} {max(times):9.2f}")
    print(f"{'all kinds':14} {'':>10} {statistics.mean(means):9.2f} {'':>9}")


if __name__ == "__main__":
    main()
