"""A throwaway PostgreSQL server in a temporary folder (tests, ``make serve``, benchmarks).

Uses the binaries of Debian's ``postgresql`` package (``/usr/lib/postgresql/*/bin``):
``initdb`` into a temporary folder, ``pg_ctl start`` listening only on a Unix socket in
that folder (no TCP port at all), trust authentication for the local user; stopped and
deleted afterwards. Run as root, the server runs as the ``postgres`` user (PostgreSQL
refuses to run as root). :func:`stop` and :func:`start` take it down and bring it back
(fault tests, the chaos benchmark). ``python -m tutorial.store.pgserver`` starts one and
prints its URL until interrupted.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def bin_dir() -> Path | None:
    """The newest installed PostgreSQL's binaries, or None if there is none."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def missing() -> str | None:
    """Why a throwaway server cannot be started here, or None if it can."""
    if bin_dir() is None:
        return "PostgreSQL is not installed (apt-get install postgresql)"
    if os.geteuid() == 0 and _user_id("postgres") is None:
        return "running as root, and there is no 'postgres' user to run the server as"
    return None


def _user_id(name: str) -> int | None:
    import pwd

    try:
        return pwd.getpwnam(name).pw_uid
    except KeyError:
        return None


def _as_server_user(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@contextmanager
def throwaway_server(port: int = 5432) -> Iterator[str]:
    """Start a server; yield the URL of its ``postgres`` database; stop and delete it.
    ``port`` only names the socket file (``.s.PGSQL.<port>``): nothing listens on TCP."""
    why = missing()
    if why is not None:
        raise RuntimeError(why)
    bindir = bin_dir()
    assert bindir is not None
    folder = Path(tempfile.mkdtemp(prefix="cinch-pg-"))
    data = folder / "data"
    if os.geteuid() == 0:
        uid = _user_id("postgres")
        assert uid is not None
        os.chown(folder, uid, -1)
    folder.chmod(0o755)
    log = folder / "server.log"
    run = _as_server_user(
        [str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8"]
    )
    try:
        subprocess.run(run, check=True, capture_output=True, timeout=120)
        options = (
            f"-k {folder} -p {port} -c listen_addresses='' -c fsync=off"
            " -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        (folder / "options").write_text(options, encoding="utf-8")
        _pg_ctl_start(bindir, folder)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        detail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
        err = getattr(exc, "stderr", b"") or b""
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(
            f"could not start PostgreSQL: {exc}\n{err.decode(errors='replace')}{detail}"
        ) from None
    try:
        yield f"postgresql://postgres@/postgres?host={folder}&port={port}"
    finally:
        subprocess.run(
            _as_server_user([str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"]),
            capture_output=True,
            timeout=60,
            check=False,
        )
        shutil.rmtree(folder, ignore_errors=True)


def _pg_ctl_start(bindir: Path, folder: Path) -> None:
    options = (folder / "options").read_text(encoding="utf-8")
    cmd = [str(bindir / "pg_ctl"), "-D", str(folder / "data"), "-l", str(folder / "server.log")]
    subprocess.run(
        _as_server_user([*cmd, "-o", options, "-w", "-t", "60", "start"]),
        check=True,
        capture_output=True,
        timeout=90,
    )


def _folder_of(url: str) -> Path:
    from urllib.parse import parse_qs, urlsplit

    host = parse_qs(urlsplit(url).query).get("host", [""])[0]
    folder = Path(host)
    if not host or not (folder / "options").exists():
        raise ValueError(f"not a throwaway server's URL: {url}")
    return folder


def stop(url: str) -> None:
    """Take the throwaway server of ``url`` down at once (``immediate``: like a crash)."""
    bindir = bin_dir()
    assert bindir is not None
    data = _folder_of(url) / "data"
    subprocess.run(
        _as_server_user([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
        check=True,
        capture_output=True,
        timeout=60,
    )


def start(url: str) -> None:
    """Bring the throwaway server of ``url`` back (after :func:`stop`)."""
    bindir = bin_dir()
    assert bindir is not None
    _pg_ctl_start(bindir, _folder_of(url))


def main() -> int:
    with throwaway_server() as url:
        print(url, flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            return 0


if __name__ == "__main__":
    sys.exit(main())
