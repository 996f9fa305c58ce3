"""Several app replicas behind one load balancer on this machine (``make serve``).

Starts ``N`` ``streamlit run`` processes on 127.0.0.1 (free ports), all on one progress
database (``CINCH_DATABASE_URL`` if set, else the SQLite file of ``CINCH_PROGRESS_DB``,
which several processes of one machine may share; ``--throwaway-postgres`` starts a
temporary PostgreSQL server for trying it out), and Debian's nginx in front of them with
sticky sessions (``deploy/nginx.conf.template``). Each replica answers its own health check
(``/_stcore/health`` on its port); the balancer answers ``/_balancer/health``. Everything is
stopped on Ctrl-C or SIGTERM.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from tutorial.devserver import ROOT, free_port, streamlit_command

TEMPLATE = ROOT / "deploy" / "nginx.conf.template"


@dataclass(frozen=True)
class Cluster:
    url: str
    """The balancer's URL: what learners open."""
    replicas: tuple[str, ...]
    """Each replica's own URL (its health check: ``<url>/_stcore/health``)."""


def nginx_config(prefix: Path, listen: str, replica_ports: list[int]) -> str:
    servers = "\n".join(
        f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;" for p in replica_ports
    )
    text = TEMPLATE.read_text(encoding="utf-8")
    for key, value in (("{prefix}", str(prefix)), ("{listen}", listen), ("{servers}", servers)):
        text = text.replace(key, value)
    return text


def wait_healthy(url: str, what: str, timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.25)
    raise RuntimeError(f"{what} did not answer {url} within {timeout:.0f} s")


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextmanager
def running_cluster(
    replicas: int = 2, *, port: int | None = None, env: dict[str, str] | None = None
) -> Iterator[Cluster]:
    """Start ``replicas`` app processes and nginx in front; yield once all are healthy."""
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        raise RuntimeError("nginx is not installed (apt-get install nginx)")
    environment = {**os.environ, **(env or {})}
    with ExitStack() as stack:
        prefix = Path(tempfile.mkdtemp(prefix="cinch-lb-"))
        stack.callback(shutil.rmtree, prefix, True)
        ports = [free_port() for _ in range(replicas)]
        for p in ports:
            proc = subprocess.Popen(
                streamlit_command(p),
                cwd=ROOT,
                env=environment,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            stack.callback(_stop, proc)
        listen = f"127.0.0.1:{port or free_port()}"
        conf = prefix / "nginx.conf"
        conf.write_text(nginx_config(prefix, listen, ports), encoding="utf-8")
        balancer = subprocess.Popen(
            [nginx, "-p", str(prefix), "-c", str(conf)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        stack.callback(_stop, balancer)
        urls = tuple(f"http://127.0.0.1:{p}" for p in ports)
        for n, u in enumerate(urls, 1):
            wait_healthy(f"{u}/_stcore/health", f"replica {n}")
        try:
            wait_healthy(f"http://{listen}/_balancer/health", "nginx", timeout=20)
        except RuntimeError:
            err = balancer.stderr.read().decode(errors="replace") if balancer.stderr else ""
            raise RuntimeError(f"nginx did not start: {err.strip()}") from None
        yield Cluster(f"http://{listen}", urls)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tutorial.replicas", description=__doc__)
    ap.add_argument("--replicas", "-n", type=int, default=2, help="app processes (default 2)")
    ap.add_argument("--port", type=int, default=8080, help="the balancer's port (8080)")
    ap.add_argument(
        "--throwaway-postgres",
        action="store_true",
        help="start a temporary PostgreSQL server for this run (its data is deleted at the end)",
    )
    args = ap.parse_args(argv)
    if args.replicas < 1:
        ap.error("--replicas must be at least 1")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with ExitStack() as stack:
        env: dict[str, str] = {}
        if args.throwaway_postgres:
            from tutorial.store.pgserver import throwaway_server

            env["CINCH_DATABASE_URL"] = stack.enter_context(throwaway_server(free_port()))
        where = env.get("CINCH_DATABASE_URL") or os.environ.get("CINCH_DATABASE_URL")
        cluster = stack.enter_context(running_cluster(args.replicas, port=args.port, env=env))
        from tutorial.progress import ProgressStore

        store = ProgressStore(url=where) if where else ProgressStore()
        print(f"progress: {store.where}")
        for n, u in enumerate(cluster.replicas, 1):
            print(f"replica {n}: {u} (health: {u}/_stcore/health)")
        print(f"open {cluster.url}  (balancer health: {cluster.url}/_balancer/health)")
        print("Ctrl-C stops everything.", flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
