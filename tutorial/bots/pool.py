"""Bot decisions in a process pool, off the threads that serve learners.

Search is CPU-bound: an ``expert`` decision takes up to about a second. The app must never
run it on the Streamlit server thread, so :func:`submit` hands the decision to a pool of
worker processes shared by everything in this process and returns a
:class:`~concurrent.futures.Future`; the page polls or waits on it. The pool is created on
first use with the ``spawn`` start method (safe with threads, the same on every platform);
``CINCH_BOT_WORKERS`` sets the number of workers (default: one less than the CPUs, at
least 1). :func:`shutdown` stops it (the next :func:`submit` starts a new one).

The workers run at a lower OS priority than the server (``CINCH_BOT_NICE``, default 10, added
to the server's niceness with :func:`os.nice`): thinking is background work, and a learner's
page run in the server must never wait for a core behind it. The hint, the bid advisor and
pondering run in the same pool, at the same priority.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from concurrent.futures import Future, ProcessPoolExecutor

from tutorial.bots import BOT_NAMES, decide
from tutorial.engine.actions import Action
from tutorial.engine.errors import InvalidInput
from tutorial.engine.observe import Observation
from tutorial.jobs import workers

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_workers = 0


def worker_count() -> int:
    """Workers the pool uses: ``CINCH_BOT_WORKERS``, or one less than the CPUs (at least 1)."""
    return workers("CINCH_BOT_WORKERS", max(1, (os.cpu_count() or 1) - 1), 256)


def worker_nice() -> int:
    """How much lower the workers' OS priority is than the server's: ``CINCH_BOT_NICE``
    (0 to 19, default 10)."""
    return nice_setting("CINCH_BOT_NICE")


def nice_setting(name: str, default: int = 10) -> int:
    """The niceness increment in the environment variable ``name`` (0 to 19), else
    ``default``; anything else is a clear error."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        n = int(raw, 10)
    except ValueError:
        raise InvalidInput(f"{name} must be a whole number, 0 to 19, not {raw[:40]!r}") from None
    if not 0 <= n <= 19:
        raise InvalidInput(f"{name} must be 0 to 19, not {n}")
    return n


def lower_priority(increment: int) -> None:
    """Runs in each new worker process: lower its OS priority by ``increment`` (a worker
    that cannot, e.g. on a platform without :func:`os.nice`, runs at the server's)."""
    if increment > 0 and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(increment)


def _get_pool() -> ProcessPoolExecutor:
    global _pool, _workers
    with _lock:
        if _pool is None:
            _workers = worker_count()
            _pool = ProcessPoolExecutor(
                max_workers=_workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=lower_priority,
                initargs=(worker_nice(),),
            )
        return _pool


def submit(bot: str, obs: Observation, seed: int) -> Future[Action]:
    """Run ``decide(bot, obs, seed)`` in the shared worker pool. An unknown bot fails at
    once (InvalidInput), not in the worker."""
    if bot not in BOT_NAMES:
        raise InvalidInput(f"unknown bot {bot!r}: expected one of {', '.join(BOT_NAMES)}")
    return _get_pool().submit(decide, bot, obs, seed)


def shutdown(wait: bool = True) -> None:
    """Stop the pool's workers (pending decisions are cancelled)."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=wait, cancel_futures=True)


def active_workers() -> int:
    """Workers of the running pool (0 when none has been started)."""
    return _workers if _pool is not None else 0
