"""Start the app with ``streamlit run`` on a free localhost port (browser tests, benchmarks)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def streamlit_command(
    port: int, script: Path | None = None, stage_log: Path | None = None
) -> list[str]:
    """``streamlit run`` of the tutorial (or of ``script``) on 127.0.0.1:``port``, headless;
    with ``stage_log``, under :mod:`tests.support.stagetiming`'s probes (benchmarks only)."""
    launcher = ["streamlit"] if stage_log is None else ["tests.support.stagetiming", str(stage_log)]
    return [
        sys.executable,
        "-m",
        *launcher,
        "run",
        str(script or ROOT / "streamlit_app.py"),
        "--server.port",
        str(port),
        "--server.address",
        "127.0.0.1",
        "--server.headless",
        "true",
        "--browser.gatherUsageStats",
        "false",
    ]


@contextmanager
def running_app(
    progress_db: Path,
    *,
    env: dict[str, str] | None = None,
    script: Path | None = None,
    stage_log: Path | None = None,
) -> Iterator[str]:
    """Run the tutorial (or ``script``) on 127.0.0.1 with its own progress database (``env``
    may add, e.g., ``CINCH_DATABASE_URL``; ``stage_log``: a benchmark's stage timing, see
    :mod:`tests.support.stagetiming`); yield its URL once it answers its health check, stop it
    afterwards."""
    port = free_port()
    inherited = {k: v for k, v in os.environ.items() if k != "CINCH_DATABASE_URL"}
    environment = {**inherited, "CINCH_PROGRESS_DB": str(progress_db), **(env or {})}
    proc = subprocess.Popen(
        streamlit_command(port, script, stage_log),
        cwd=ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(240):
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.25)
        else:
            raise RuntimeError("streamlit did not start within 60 s")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # e.g. a worker process still finishing a review
            proc.kill()
            proc.wait(timeout=10)
