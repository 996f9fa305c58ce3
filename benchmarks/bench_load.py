"""Load test: N concurrent learner sessions against 1 replica and 2 replicas behind nginx.

Each learner is a real Streamlit session over the app's own websocket protocol
(:mod:`tests.support.wire`: what a browser tab sends and receives, without the browser), so
the server does exactly the work of a tab: a session per websocket in the replica that owns
it, reruns of the page script, progress writes. One visit: open a lesson, Forward through
its scenarios and Next step a few times, then answer four drills (check, next puzzle) —
about 16 interactions. The learners start together. Reported per configuration and N:
p50/p95/max of the interaction latency (message sent → rerun finished), the wall time,
the errors, and the **lost progress rows**: every step item and drill answer the visits
expect, looked up in the store afterwards (goal 0).

The baseline, measured in the same run: one learner alone on the same cluster (its p50 is
the ratio's denominator), because this machine's speed drifts up to 2× from minute to minute.

Loopback only; bounded: N ≤ 16 learners, one visit each, ``--timeout`` seconds per run.

Run: ``.venv/bin/python benchmarks/bench_load.py [--n 4 8 16] [--postgres] [--json]``
(needs Debian's nginx; ``--postgres`` also needs Debian's postgresql and runs every
configuration on a throwaway PostgreSQL server instead of a shared SQLite file).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.wire import Visit, expected_rows, lost_rows, many_visits  # noqa: E402
from tutorial.progress import ProgressStore, new_learner_code  # noqa: E402
from tutorial.replicas import running_cluster  # noqa: E402


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))]


def run_visits(url: str, n: int, timeout: float) -> tuple[list[Visit], float]:
    codes = [new_learner_code() for _ in range(n)]
    start = time.perf_counter()
    visits = asyncio.run(asyncio.wait_for(many_visits(url, codes), timeout))
    return visits, time.perf_counter() - start


def summary(visits: list[Visit], wall: float, store: ProgressStore) -> dict[str, Any]:
    lat = [x * 1000 for v in visits for x in v.latencies]
    expected = expected_rows(visits)
    return {
        "sessions": len(visits),
        "interactions": len(lat),
        "p50_ms": round(statistics.median(lat), 1),
        "p95_ms": round(pct(lat, 95), 1),
        "max_ms": round(max(lat), 1),
        "wall_s": round(wall, 1),
        "expected_rows": expected,
        "lost_rows": lost_rows(store, visits),
        "errors": sorted({e for v in visits for e in v.errors}),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, nargs="+", default=[4, 8, 16], help="learners (≤ 16)")
    ap.add_argument("--replicas", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL server")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per run")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if any(not 1 <= n <= 16 for n in args.n) or any(not 1 <= r <= 4 for r in args.replicas):
        ap.error("--n must be 1..16 and --replicas 1..4")
    rows: list[dict[str, Any]] = []
    load = os.getloadavg()
    with ExitStack() as stack:
        if args.postgres:
            from tutorial.devserver import free_port
            from tutorial.store.pgserver import throwaway_server

            url = stack.enter_context(throwaway_server(free_port()))
            env = {"CINCH_DATABASE_URL": url}
            store = ProgressStore(url=url)
            backend = "postgresql"
        else:
            db = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "progress.sqlite3"
            env = {"CINCH_PROGRESS_DB": str(db)}
            store = ProgressStore(db)
            backend = "sqlite"
        for replicas in args.replicas:
            with running_cluster(replicas, env=env) as cluster:
                run_visits(cluster.url, 1, args.timeout)  # warm the caches of a replica
                visits, wall = run_visits(cluster.url, 1, args.timeout)
                base = summary(visits, wall, store)
                base_p50 = base["p50_ms"]
                rows.append({"replicas": replicas, "n": 1, "baseline": True, **base})
                for n in args.n:
                    visits, wall = run_visits(cluster.url, n, args.timeout)
                    row = {"replicas": replicas, "n": n, **summary(visits, wall, store)}
                    row["p50_vs_alone"] = round(row["p50_ms"] / base_p50, 2)
                    rows.append(row)
                    if not args.json:
                        print(_line(row), flush=True)
    out = {"backend": backend, "cpus": os.cpu_count(), "loadavg_before": load, "runs": rows}
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print(f"backend {backend}, {os.cpu_count()} CPUs, load before {load[0]:.1f}")
        for row in rows:
            print(_line(row))
    return 1 if any(r["lost_rows"] or r["errors"] for r in rows) else 0


def _line(r: dict[str, Any]) -> str:
    ratio = f" ({r['p50_vs_alone']}× alone)" if "p50_vs_alone" in r else " (alone: baseline)"
    return (
        f"replicas {r['replicas']} N={r['n']:>2}: p50 {r['p50_ms']:.0f} ms{ratio}, "
        f"p95 {r['p95_ms']:.0f} ms, max {r['max_ms']:.0f} ms over {r['interactions']} "
        f"interactions, {r['wall_s']} s; lost {r['lost_rows']}/{r['expected_rows']} rows"
        + (f"; errors {r['errors']}" if r["errors"] else "")
    )


if __name__ == "__main__":
    sys.exit(main())
