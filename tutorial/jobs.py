"""Work handed to worker processes, as a page or a background thread waits for it (and how
many workers a pool starts: :func:`workers`).

Starting a job and reading its result are the two places where anything may go wrong that
is nobody's input: a pool that cannot start or was shut down (``RuntimeError``,
``BrokenProcessPool``, ``OSError``), a value that cannot be pickled, or a bug of ours in
the worker, whose exception comes back as it was raised. Both answer ``None`` (and log
it), and the caller says so or waits — no bot decides in a failed job's place: /play says
"the bots cannot think right now" and asks the bot again (:mod:`tutorial.practice.workers`),
the review says it is not available right now, a failed hint is not shown, pondering is
dropped — so a page never fails because a worker did.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from concurrent.futures import Future
from typing import TypeVar

from tutorial.engine.invalid import InvalidInput

T = TypeVar("T")

log = logging.getLogger("cinch.jobs")


def started(start: Callable[[], T], what: str) -> T | None:
    """``start()`` (which submits a job or starts a pool), or None if it failed."""
    return _guarded(start, "%s could not start", what)


def outcome(future: Future[T], what: str) -> T | None:
    """The result of a job that is done, or None if it failed."""
    return _guarded(lambda: future.result(timeout=0), "%s failed", what)


def _guarded(run: Callable[[], T], message: str, what: str) -> T | None:
    try:
        return run()
    except Exception:  # broad on purpose (see the module's docstring): the worker's own
        # exception comes back as it was raised, whatever its type
        log.exception(message, what)
        return None


def workers(variable: str, default: int, most: int) -> int:
    """How many worker processes a pool starts: the environment ``variable`` (a whole number
    from 1 to ``most``; anything else is an :class:`InvalidInput` naming it), or ``default``."""
    raw = os.environ.get(variable, "").strip()
    if not raw:
        return default
    try:
        n = int(raw, 10)
    except ValueError:
        raise InvalidInput(
            f"{variable} must be a whole number of workers, not {raw[:40]!r}"
        ) from None
    if not 1 <= n <= most:
        raise InvalidInput(f"{variable} must be 1 to {most}, not {n}")
    return n
