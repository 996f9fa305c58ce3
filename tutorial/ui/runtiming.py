"""The CPU time of the app server's page runs, for benchmarks (off unless asked for).

With ``CINCH_RUN_TIMING`` set to a file path (by whoever starts the server: it never comes
from a URL), every run of the app appends one JSON line to that file: the page's URL path,
the language, the CPU time of the run's thread (``time.thread_time``: what the run itself
used, whatever the machine's load) and its wall time, in milliseconds.
``benchmarks/bench_play.py`` reads it to report the lesson click's CPU beside its wall time.
A write that fails is ignored (the page never fails for it).
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_inside = threading.local()


@contextmanager
def timed() -> Iterator[dict[str, str]]:
    """Time the run in this block; the caller fills in ``page`` and ``lang`` of the yielded
    dict when it knows them."""
    path = os.environ.get("CINCH_RUN_TIMING", "").strip()
    facts: dict[str, str] = {"page": "", "lang": ""}
    if not path:
        yield facts
        return
    wall, cpu = time.perf_counter(), time.thread_time()
    _inside.active = True
    try:
        yield facts
    finally:
        _inside.active = False
        line = {
            **facts,
            "cpu_ms": round((time.thread_time() - cpu) * 1000, 2),
            "wall_ms": round((time.perf_counter() - wall) * 1000, 2),
        }
        try:
            with _lock, open(path, "a", encoding="utf-8") as f:
                f.write(json.dumps(line) + "\n")
        except OSError:
            pass


@contextmanager
def timed_part(page: str, lang: str) -> Iterator[None]:
    """Time a part of a page that also runs alone (a fragment's run: Streamlit runs only
    that function, not the app's :func:`timed` block around the page), as a run of its own
    with ``"fragment": true``; inside a whole run already timed, it adds nothing."""
    if getattr(_inside, "active", False):
        yield
        return
    with timed() as run:
        run.update(page=page, lang=lang, fragment="true")
        yield
