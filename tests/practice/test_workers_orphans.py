"""A worker of the pool dies with the process that started it.

Seen after ``benchmarks/bench_class.py`` (2026-12-02, session 10): four pool workers of the
stopped replicas were still alive minutes later, orphans (parent pid 1) using a quarter of a
core each, and the next benchmark measured a machine they loaded. A replica killed with
SIGKILL (the chaos run, a crash, the supervisor's restart) must not leave its workers behind.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and /proc")

PARENT = textwrap.dedent(
    """
    import os, sys, time
    from tutorial.practice import workers

    pool = workers._get_pool()
    # a long job keeps one worker busy, as a review or a ponder does; the other answers
    pool.submit(time.sleep, 60)
    pool.submit(os.getpid).result(timeout=60)
    # every worker the pool started (asking each for its pid would wait for the busy one)
    pids = set(pool._processes)
    assert len(pids) == workers.active_workers(), (pids, workers.active_workers())
    print(" ".join(str(p) for p in sorted(pids)), flush=True)
    time.sleep(120)
    """
)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def test_the_workers_exit_when_their_parent_is_killed() -> None:
    env = dict(os.environ, CINCH_BOT_WORKERS="2")
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True, env=env
    )
    pids: list[int] = []
    try:
        assert parent.stdout is not None
        line = parent.stdout.readline()
        pids = [int(p) for p in line.split()]
        assert pids, "the parent printed no worker pid"
        assert all(_alive(p) for p in pids)
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=10)
        deadline = time.monotonic() + 10
        while any(_alive(p) for p in pids) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [p for p in pids if _alive(p)]
        assert not left, f"workers {left} outlived their killed parent"
    finally:
        if parent.poll() is None:
            parent.kill()
        for p in pids:
            if _alive(p):
                os.kill(p, signal.SIGKILL)
