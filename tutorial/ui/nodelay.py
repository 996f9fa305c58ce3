"""The app server's connections to the browsers, sent without Nagle's delay.

Streamlit binds its listening socket itself (``socket.socket(AF_INET, SOCK_STREAM)``, whose
protocol number is 0), and asyncio sets ``TCP_NODELAY`` only on sockets whose protocol is
``IPPROTO_TCP``: so every websocket connection of the server runs Nagle's algorithm. A page
run sends its elements as dozens of small websocket frames; once one of them waits for the
browser's acknowledgement — which the browser's TCP delays by up to 40 ms, since it sends
nothing back meanwhile — every later frame of the run waits too. Measured with the stage
probe (:mod:`tests.support.stagetiming`): the lesson click's ``script_finished`` reached the
client **36–42 ms** after the server wrote it, on every click, alone on a quiet machine
(half the click's time); one frame in the middle of each run arrived ~40 ms after the one
before it.

:func:`ensure` (at the start of every page run) sets ``TCP_NODELAY`` on the server's
accepted TCP connections that have not been seen yet: it lists ``/proc/self/fd`` (Linux;
elsewhere it does nothing), remembers each socket's inode, and sets the option on a copy of
the descriptor of each new TCP socket whose local port is the server's port (the option
belongs to the socket, shared by the copy). ``CINCH_TCP_NODELAY=0`` switches it off (to
measure before and after).
"""

from __future__ import annotations

import os
import socket
import threading

FD_DIR = "/proc/self/fd"
_seen: set[str] = set()
_lock = threading.Lock()


def enabled() -> bool:
    """``CINCH_TCP_NODELAY`` is not ``0`` (the default: on)."""
    return os.environ.get("CINCH_TCP_NODELAY", "1").strip() != "0"


def ensure(port: int) -> int:
    """Set ``TCP_NODELAY`` on every TCP connection of this process, accepted on ``port``,
    not seen before; return how many it set."""
    if not enabled():
        return 0
    try:
        names = os.listdir(FD_DIR)
    except OSError:  # not Linux: nothing to do
        return 0
    done = 0
    with _lock:
        if len(_seen) > 100_000:  # inodes of long-closed sockets
            _seen.clear()
        for name in names:
            try:
                link = os.readlink(f"{FD_DIR}/{name}")
            except OSError:  # closed meanwhile
                continue
            if not link.startswith("socket:") or link in _seen:
                continue
            _seen.add(link)
            done += _set_nodelay(int(name), port)
    return done


def _set_nodelay(fd: int, port: int) -> int:
    try:
        sock = socket.socket(fileno=os.dup(fd))  # family and type read from the socket
    except OSError:
        return 0
    with sock:
        try:
            if sock.family not in (socket.AF_INET, socket.AF_INET6):
                return 0
            if sock.type != socket.SOCK_STREAM or sock.getsockname()[1] != port:
                return 0
            if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN):
                return 0  # the listening socket itself
            if sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY):
                return 0
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            return 1
        except OSError:
            return 0
