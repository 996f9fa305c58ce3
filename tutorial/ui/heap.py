"""The app server's garbage collector: the heap the app keeps for good moved out of its way.

Python's generational collector traverses every tracked object in a full (generation 2)
collection. With the course, the catalogs, the engine's tables and Streamlit's caches
loaded, one took 30–170 ms in the app server (measured with ``gc.callbacks``), holding the
server's one Python lock: every session's page run stood still meanwhile — a lesson click's
tail while practice tables play. :func:`settle` runs once at the end of the first page run
of each page and language in the process (their caches are warm then): a collection of the
young generations, then ``gc.freeze()`` — every object then tracked moves to the permanent
generation, which no collection traverses. Objects are still freed by reference counting as
before; only a reference cycle among frozen objects is never collected (the old garbage of
that moment, and cycles that become garbage later), and freezing happens at most once per
page and language, so what it keeps is bounded. The first freeze is not preceded by a full
collection: that one took 0.3–0.9 s of the server's lock at the first page run.
``CINCH_GC_FREEZE=0`` switches it off.
"""

from __future__ import annotations

import gc
import os
import threading

_lock = threading.Lock()
_settled: set[str] = set()


def enabled() -> bool:
    """``CINCH_GC_FREEZE`` is not ``0`` (the default: on)."""
    return os.environ.get("CINCH_GC_FREEZE", "1").strip() != "0"


def settle(key: str) -> bool:
    """Collect and freeze the heap the first time ``key`` (a page and a language) has run in
    this process; True if it did it now."""
    if not enabled() or key in _settled:
        return False
    with _lock:
        if key in _settled:
            return False
        _settled.add(key)
        gc.collect(1)  # the young garbage (a full collection here would stall every session)
        gc.freeze()
    return True
