"""Where a page run's time goes between the websocket and back, for benchmarks only.

``python -m tests.support.stagetiming LOG run streamlit_app.py …`` starts Streamlit as
``streamlit run …`` does, with probes on the server's own classes that append one JSON line
per stage to ``LOG`` (``time.monotonic``, which is system-wide on Linux, so the benchmark's
client stamps compare with the server's):

- ``recv``: the server's websocket handler passed a ``rerun_script`` BackMsg to the runtime
  (on the event loop; ``page`` is the page asked for);
- ``start`` / ``stop``: the run started and ended (in the session's script thread; ``cpu_ms``
  is the thread's CPU over the run, ``msgs`` the ForwardMsgs it produced);
- ``queued``: the run's ``script_finished`` message reached the session's browser queue (on
  the event loop, behind every callback the script threads scheduled before it);
- ``flushed``: the runtime's flush loop handed it to the session's websocket client;
- ``sent``: the client's sender task wrote it to the websocket (``nodelay``: each
  connection's ``TCP_NODELAY``, by the peer's port, see :mod:`tutorial.ui.nodelay`;
  ``process_cpu``: the server process's CPU seconds so far, every thread);
- ``lag``: the event loop ran a 5 ms timer more than 20 ms late (``ms`` late; ``busy``: the
  functions the event loop's thread was in when a watchdog looked, innermost last).

Only :mod:`tutorial.devserver` starts it, when a benchmark asks (``running_app(...,
stage_log=...)``); ``make run`` and the deployed app never import this module, and nothing
from a URL reaches it.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
import time
from pathlib import Path
from typing import Any

_events: list[dict[str, Any]] = []
_lock = threading.Lock()
_sids: dict[int, str] = {}
"""id(websocket client) → session id."""
_beat = [time.monotonic()]


def _log(ev: str, **facts: Any) -> None:
    with _lock:
        _events.append({"ev": ev, "t": time.monotonic(), **facts})


def _writer(path: Path) -> None:
    while True:
        time.sleep(0.5)
        with _lock:
            batch = _events[:]
            del _events[:]
        if batch:
            with path.open("a", encoding="utf-8") as f:
                f.write("".join(json.dumps(e) + "\n" for e in batch))


async def _lag_monitor() -> None:
    while True:
        t = time.monotonic()
        await asyncio.sleep(0.005)
        now = time.monotonic()
        _beat[0] = now
        late = now - t - 0.005
        if late > 0.02:
            _log("lag", ms=round(late * 1000, 1), at=t)


def _watchdog(loop_thread: int) -> None:
    """Every 10 ms: if the event loop has not beaten for 30 ms, note what its thread is
    doing (once per stall)."""
    seen = 0.0
    while True:
        time.sleep(0.01)
        beat = _beat[0]
        if time.monotonic() - beat > 0.03 and beat != seen:
            seen = beat
            frame = sys._current_frames().get(loop_thread)
            stack: list[str] = []
            while frame is not None and len(stack) < 12:
                code = frame.f_code
                stack.append(f"{Path(code.co_filename).name}:{code.co_name}:{frame.f_lineno}")
                frame = frame.f_back
            _log("stall", since=beat, busy=list(reversed(stack)))


def _nodelay_by_peer() -> dict[str, int]:
    """TCP_NODELAY of every TCP connection of the event loop, keyed by the peer's port."""
    import socket

    out: dict[str, int] = {}
    for tr in list(asyncio.get_running_loop()._transports.values()):  # type: ignore[attr-defined]
        sock = tr.get_extra_info("socket")
        try:
            if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
                peer = sock.getpeername()[1]
                out[str(peer)] = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        except OSError:
            continue
    return out


def install(path: Path) -> None:
    """Put the probes on Streamlit's runtime, session and websocket classes."""
    from streamlit.runtime import runtime as rt
    from streamlit.runtime.app_session import AppSession
    from streamlit.runtime.runtime_util import serialize_forward_msg
    from streamlit.runtime.scriptrunner.script_runner import ScriptRunnerEvent
    from streamlit.runtime.session_manager import SessionClientDisconnectedError
    from streamlit.web.server.starlette import starlette_websocket as sw

    threading.Thread(target=_writer, args=(path,), daemon=True).start()
    started = [False]

    connect = rt.Runtime.connect_session

    def connect_session(self: Any, client: Any, *a: Any, **k: Any) -> str:
        sid: str = connect(self, client, *a, **k)
        _sids[id(client)] = sid
        if not started[0]:  # on the event loop: start its monitor and the watchdog
            started[0] = True
            asyncio.get_running_loop().create_task(_lag_monitor())
            ident = threading.get_ident()
            threading.Thread(target=_watchdog, args=(ident,), daemon=True).start()
        return sid

    handle = rt.Runtime.handle_backmsg

    def handle_backmsg(self: Any, session_id: str, msg: Any, *a: Any, **k: Any) -> None:
        if msg.WhichOneof("type") == "rerun_script":
            r = msg.rerun_script
            _log("recv", sid=session_id, page=r.page_name, fragment=bool(r.fragment_id))
        handle(self, session_id, msg, *a, **k)

    on_event = AppSession._on_scriptrunner_event
    runs: dict[str, list[float]] = {}

    def on_scriptrunner_event(self: Any, sender: Any, event: Any, *a: Any, **k: Any) -> None:
        if event == ScriptRunnerEvent.SCRIPT_STARTED:
            runs[self.id] = [time.thread_time(), 0]
            _log("start", sid=self.id)
        elif event == ScriptRunnerEvent.ENQUEUE_FORWARD_MSG and self.id in runs:
            runs[self.id][1] += 1
        elif event.name.startswith(("SCRIPT_STOPPED", "FRAGMENT_STOPPED")):
            cpu, msgs = runs.pop(self.id, [time.thread_time(), 0])
            cpu_ms = round((time.thread_time() - cpu) * 1000, 1)
            _log("stop", sid=self.id, kind=event.name, cpu_ms=cpu_ms, msgs=msgs)
        on_event(self, sender, event, *a, **k)

    enqueue = AppSession._enqueue_forward_msg

    def enqueue_forward_msg(self: Any, msg: Any) -> None:
        if msg.WhichOneof("type") == "script_finished":
            _log("queued", sid=self.id, status=msg.script_finished)
        enqueue(self, msg)

    flagged: dict[int, tuple[bytes, str]] = {}

    def write_forward_msg(self: Any, msg: Any) -> None:  # as Streamlit's, flagging the end
        if self._closed.is_set():
            raise SessionClientDisconnectedError
        payload = serialize_forward_msg(msg)
        if msg.WhichOneof("type") == "script_finished":
            sid = _sids.get(id(self), "")
            flagged[id(payload)] = (payload, sid)
            _log("flushed", sid=sid, queue=self._send_queue.qsize())
        try:
            self._send_queue.put_nowait(payload)
        except asyncio.QueueFull as exc:
            self._closed.set()
            raise SessionClientDisconnectedError from exc

    async def sender(self: Any) -> None:  # as Streamlit's, noting when the end is written
        from starlette.websockets import WebSocketDisconnect

        try:
            while True:
                payload = await self._send_queue.get()
                await self._websocket.send_bytes(payload)
                mark = flagged.pop(id(payload), None)
                if mark is not None:
                    _log(
                        "sent",
                        sid=mark[1],
                        nodelay=_nodelay_by_peer(),
                        process_cpu=time.process_time(),
                    )
        except WebSocketDisconnect:
            pass
        finally:
            self._closed.set()

    rt.Runtime.connect_session = connect_session  # type: ignore[method-assign]
    rt.Runtime.handle_backmsg = handle_backmsg  # type: ignore[method-assign]
    AppSession._on_scriptrunner_event = on_scriptrunner_event  # type: ignore[method-assign]
    AppSession._enqueue_forward_msg = enqueue_forward_msg  # type: ignore[method-assign]
    sw.StarletteSessionClient.write_forward_msg = write_forward_msg  # type: ignore[method-assign]
    sw.StarletteSessionClient._sender = sender  # type: ignore[method-assign]


def main(argv: list[str]) -> None:
    """``LOG run SCRIPT [streamlit options]``: install the probes, then Streamlit's CLI."""
    install(Path(argv[0]))
    from streamlit.web import cli

    sys.argv = ["streamlit", *argv[1:]]
    cli.main()


if __name__ == "__main__":
    main(sys.argv[1:])
