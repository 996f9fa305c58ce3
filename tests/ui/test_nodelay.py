"""The server's connections to the browsers get TCP_NODELAY (:mod:`tutorial.ui.nodelay`):
Streamlit binds its listening socket with protocol number 0, and asyncio then leaves
Nagle's algorithm on every accepted connection (a page run's last frames waited up to 40 ms
for the browser's delayed acknowledgement)."""

from __future__ import annotations

import asyncio
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.wire import WireSession
from tutorial.devserver import running_app
from tutorial.ui import nodelay

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/self/fd")


def _nodelay(sock: socket.socket) -> int:
    return sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)


@pytest.fixture
def pair() -> Iterator[tuple[socket.socket, socket.socket, socket.socket, int]]:
    """A listening socket bound as Streamlit binds it, a client and the accepted end."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]
    client = socket.create_connection(("127.0.0.1", port))
    accepted, _ = server.accept()
    try:
        yield server, client, accepted, port
    finally:
        for s in (server, client, accepted):
            s.close()


def test_an_accepted_connection_gets_nodelay_once(
    pair: tuple[socket.socket, socket.socket, socket.socket, int],
) -> None:
    server, client, accepted, port = pair
    client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 0)
    assert _nodelay(accepted) == 0  # the defect: Nagle's algorithm on by default
    assert nodelay.ensure(port) == 1
    assert _nodelay(accepted) == 1
    assert _nodelay(client) == 0  # another local port: not the server's connection
    assert server.fileno() != -1 and accepted.fileno() != -1  # the copies closed, not these
    accepted.sendall(b"still open")
    assert client.recv(16) == b"still open"
    assert nodelay.ensure(port) == 0  # seen already


def test_off_switch(
    pair: tuple[socket.socket, socket.socket, socket.socket, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, _, accepted, port = pair
    monkeypatch.setenv("CINCH_TCP_NODELAY", "0")
    assert nodelay.ensure(port) == 0
    assert _nodelay(accepted) == 0


def test_the_served_app_sends_without_nagle_and_the_probe_times_every_stage(
    tmp_path: Path,
) -> None:
    """Over the wire, under the benchmarks' stage probe: after the first page run the
    session's connection has TCP_NODELAY, and each run's stages are logged in order."""
    log = tmp_path / "stages.jsonl"

    async def visit(url: str) -> tuple[str, int, list[tuple[float, float]]]:
        async with WireSession(url) as ws:
            await ws.rerun("lesson", "lang=en&lesson=left-pedro-is-not-a-diamond")
            stamps = [(ws.sent_at, ws.read_at)]
            await ws.rerun()
            stamps.append((ws.sent_at, ws.read_at))
            assert ws.ws is not None
            port = ws.ws.transport.get_extra_info("sockname")[1]
            return ws.session_id, port, stamps

    with running_app(tmp_path / "p.sqlite3", stage_log=log) as url:
        sid, port, stamps = asyncio.run(visit(url))
        events: list[dict[str, object]] = []
        for _ in range(40):  # the probe writes its log every 0.5 s
            events = [e for e in _read(log) if e.get("sid") == sid]
            if sum(e["ev"] == "sent" for e in events) >= 2:
                break
            asyncio.run(asyncio.sleep(0.25))
    order = [e["ev"] for e in events]
    assert order == ["recv", "start", "stop", "queued", "flushed", "sent"] * 2
    sent = [e for e in events if e["ev"] == "sent"]
    assert sent[-1]["nodelay"] == {**sent[-1]["nodelay"], str(port): 1}  # type: ignore[dict-item]
    recv = [e for e in events if e["ev"] == "recv"]
    flushed = [e for e in events if e["ev"] == "flushed"]
    for (out, back), got, end in zip(stamps, recv, flushed, strict=True):
        # one clock for the client and the server (the "sent" stamp is taken when the
        # server's write returns, which may be after the client read the frame)
        assert out <= float(str(got["t"])) <= float(str(end["t"])) <= back


def _read(path: Path) -> list[dict[str, object]]:
    import json

    try:
        return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x]
    except OSError:
        return []
