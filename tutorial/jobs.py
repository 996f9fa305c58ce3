"""Work handed to worker processes, as a page or a background thread waits for it.

Starting a job and reading its result are the two places where anything may go wrong that
is nobody's input: a pool that cannot start or was shut down (``RuntimeError``,
``BrokenProcessPool``, ``OSError``), a value that cannot be pickled, or a bug of ours in
the worker, whose exception comes back as it was raised. Both answer ``None`` (and log
it), and the caller falls back (a cheap bot decides, "not available right now"): a page
never fails because a worker did.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future
from typing import TypeVar

T = TypeVar("T")

log = logging.getLogger("cinch.jobs")


def started(start: Callable[[], T], what: str) -> T | None:
    """``start()`` (which submits a job or starts a pool), or None if it failed."""
    try:
        return start()
    except Exception:  # broad on purpose: see the module's docstring
        log.exception("%s could not start", what)
        return None


def outcome(future: Future[T], what: str) -> T | None:
    """The result of a job that is done, or None if it failed."""
    try:
        return future.result(timeout=0)
    except Exception:  # broad on purpose: the worker's own exception comes back as it was
        log.exception("%s failed", what)
        return None
