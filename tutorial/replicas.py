"""Several app replicas behind one load balancer on this machine (``make serve``).

Starts ``N`` ``streamlit run`` processes on 127.0.0.1 (free ports), all on one progress
database (``CINCH_DATABASE_URL`` if set, else the SQLite file of ``CINCH_PROGRESS_DB``,
which several processes of one machine may share; ``--throwaway-postgres`` starts a
temporary PostgreSQL server for trying it out), and Debian's nginx in front of them with
sticky sessions (``deploy/nginx.conf.template``). Each replica answers its own health check
(``/_stcore/health`` on its port); the balancer answers ``/_balancer/health``. Everything is
stopped on Ctrl-C or SIGTERM.

Replicas that heal: a supervisor thread restarts a replica whose process ended (on the same
port, so nginx's configuration stays), at most once every :data:`RESTART_EVERY` seconds each;
nginx takes a dead replica out at its first refused connection and sends that request, and
the ones after it, to another (``proxy_next_upstream``, ``max_fails=1 fail_timeout=5s``:
open-source nginx has passive checks only); the tab reconnects there with its place kept (the
URL and the store hold it) and a short notice. ``--replicas`` is 1 to :data:`MAX_REPLICAS`.
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from tutorial.devserver import ROOT, free_port, streamlit_command

TEMPLATE = ROOT / "deploy" / "nginx.conf.template"
MAX_REPLICAS = 16
"""The most replicas ``--replicas`` starts (each is a Streamlit process of ~150 MB; more than
the machine's cores gains nothing)."""
RESTART_EVERY = 2.0
"""Seconds between two restarts of one replica (a replica that dies at once is not spun)."""
log = logging.getLogger("cinch.replicas")


@dataclass
class Cluster:
    url: str
    """The balancer's URL: what learners open."""
    replicas: tuple[str, ...]
    """Each replica's own URL (its health check: ``<url>/_stcore/health``)."""
    logs: Path | None = None
    """The folder of the replicas' logs (``replica-<port>.log``) while the cluster runs."""
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list, repr=False)
    """Each replica's current process (the supervisor replaces one that ended)."""
    restarts: list[int] = field(default_factory=list)
    """How many times each replica was restarted."""

    def kill(self, n: int) -> None:
        """Kill replica ``n`` (0-based) at once, as a crash would (tests, the chaos run)."""
        proc = self.processes[n]
        proc.kill()
        proc.wait()


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


def _supervise(cluster: Cluster, start: list[object], stop: threading.Event) -> None:
    """Restart every replica whose process ended, until ``stop`` (see the module)."""
    last = [0.0] * len(cluster.processes)
    while not stop.wait(0.25):
        for n, proc in enumerate(cluster.processes):
            if proc.poll() is None or time.monotonic() - last[n] < RESTART_EVERY:
                continue
            if stop.is_set():
                return
            last[n] = time.monotonic()
            log.warning("replica %d ended (exit %s): restarted", n + 1, proc.returncode)
            print(  # stderr: standard output is a command's result (a --json benchmark's)
                f"replica {n + 1} ended (exit {proc.returncode}): restarted",
                file=sys.stderr,
                flush=True,
            )
            cluster.processes[n] = start[n]()  # type: ignore[operator]
            cluster.restarts[n] += 1


@contextmanager
def running_cluster(
    replicas: int = 2, *, port: int | None = None, env: dict[str, str] | None = None
) -> Iterator[Cluster]:
    """Start ``replicas`` app processes and nginx in front; yield once all are healthy. A
    supervisor restarts a replica whose process ends, until the cluster is stopped."""
    if not 1 <= replicas <= MAX_REPLICAS:
        raise ValueError(f"replicas must be 1 to {MAX_REPLICAS}, not {replicas}")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        raise RuntimeError("nginx is not installed (apt-get install nginx)")
    environment = {**os.environ, **(env or {})}
    with ExitStack() as stack:
        prefix = Path(tempfile.mkdtemp(prefix="cinch-lb-"))
        stack.callback(shutil.rmtree, prefix, True)
        ports = [free_port() for _ in range(replicas)]
        processes: list[subprocess.Popen[bytes]] = []
        starters: list[object] = []
        for p in ports:

            def start(p: int = p) -> subprocess.Popen[bytes]:
                with open(prefix / f"replica-{p}.log", "ab") as out:  # the replica's own log
                    return subprocess.Popen(
                        streamlit_command(p),
                        cwd=ROOT,
                        env=environment,
                        stdout=out,
                        stderr=subprocess.STDOUT,
                    )

            starters.append(start)
            processes.append(start())
        stopping = threading.Event()

        def stop_all() -> None:
            stopping.set()
            for proc in processes:
                _stop(proc)

        stack.callback(stop_all)
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
        cluster = Cluster(f"http://{listen}", urls, prefix, processes, [0] * replicas)
        supervisor = threading.Thread(
            target=_supervise, args=(cluster, starters, stopping), name="cinch-supervisor"
        )
        supervisor.daemon = True
        supervisor.start()
        yield cluster


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tutorial.replicas", description=__doc__)
    ap.add_argument(
        "--replicas",
        "-n",
        type=int,
        default=2,
        help=f"app processes, 1 to {MAX_REPLICAS} (default 2)",
    )
    ap.add_argument("--port", type=int, default=8080, help="the balancer's port (8080)")
    ap.add_argument(
        "--throwaway-postgres",
        action="store_true",
        help="start a temporary PostgreSQL server for this run (its data is deleted at the end)",
    )
    args = ap.parse_args(argv)
    if not 1 <= args.replicas <= MAX_REPLICAS:
        ap.error(f"--replicas must be 1 to {MAX_REPLICAS}, not {args.replicas}")
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
