"""A progress line with an estimated time left, for long command-line runs.

``cinch match`` and ``cinch simulate`` draw one line on standard error while they work::

    match  1,240/4,000 hands  31%  0:42 elapsed  about 1:33 left

On a terminal the line is redrawn in place (carriage return) at most every
``interval`` seconds and erased when the run ends, so nothing of it stays mixed with the
results; standard output (and so ``--json``) is never touched. When standard error is not a
terminal nothing is written unless the caller forces it (``--progress``), and then each
update is a whole line (a log file gets readable lines, not carriage returns).

The estimate is the remaining work at the average rate so far (elapsed ÷ done); it is shown
once some work is done and at least ``warmup`` seconds have passed. The clock and the stream
are parameters, so tests drive it with a fake clock and a fake terminal.

(Not to be confused with :mod:`tutorial.progress`, the learner's saved progress.)
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import TextIO


def add_progress_flags(parser: argparse.ArgumentParser) -> None:
    """``--progress`` / ``--no-progress`` on a command (default None: a progress line only
    when standard error is a terminal)."""
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress and time left on standard error (default: only when it is a terminal)",
    )


def is_tty(stream: TextIO) -> bool:
    """True if ``stream`` is an interactive terminal (False for files, pipes, closed streams)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def clock_text(seconds: float, *, up: bool = False) -> str:
    """``75`` → ``1:15``; ``3725`` → ``1:02:05`` (whole seconds: rounded down, or up when
    ``up`` — a time left is never shown shorter than estimated)."""
    s = max(0, int(seconds + 0.999) if up else int(seconds))
    h, rest = divmod(s, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def estimate_left(done: int, total: int, elapsed: float) -> float | None:
    """Seconds left at the average rate so far, or None when nothing is done yet."""
    if done <= 0 or elapsed <= 0:
        return None
    return max(0.0, (total - done) * elapsed / done)


class ProgressLine:
    """A redrawn progress line for ``total`` units of work (``unit``: what is counted).

    ``enabled`` None (the default) means: only if ``stream`` is a terminal. Use as a context
    manager, or call :meth:`close` at the end; :meth:`advance` is cheap enough to call once a
    unit of work (it reads the clock only every ``check_every`` calls)."""

    def __init__(
        self,
        total: int,
        *,
        label: str,
        unit: str = "hands",
        stream: TextIO | None = None,
        enabled: bool | None = None,
        clock: Callable[[], float] = time.monotonic,
        interval: float = 0.25,
        warmup: float = 1.0,
        check_every: int = 1,
    ) -> None:
        self.total = max(0, total)
        self.label = label
        self.unit = unit
        self.stream = sys.stderr if stream is None else stream
        self.tty = is_tty(self.stream)
        self.enabled = self.tty if enabled is None else enabled
        self.clock = clock
        # a forced line into a file or pipe is written less often: it is not redrawn
        self.interval = interval if self.tty else max(interval, 5.0)
        self.warmup = warmup
        self.check_every = max(1, check_every)
        self.done = 0
        self.start = clock()
        self._last_draw: float | None = None
        self._width = 0
        self._pending = 0
        self.closed = False

    def __enter__(self) -> ProgressLine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def advance(self, n: int = 1) -> None:
        """Count ``n`` more units done; redraw if the interval has passed."""
        self.done += n
        if not self.enabled:
            return
        self._pending += 1
        if self._pending < self.check_every and self.done < self.total:
            return
        self._pending = 0
        now = self.clock()
        if self._last_draw is None or now - self._last_draw >= self.interval:
            self._draw(now)

    def set(self, done: int) -> None:
        """Set the count of units done (for callers that know the total so far)."""
        self.advance(done - self.done)

    def text(self, now: float | None = None) -> str:
        """The line as it would be drawn now."""
        now = self.clock() if now is None else now
        elapsed = now - self.start
        parts = [f"{self.label}  {self.done:,}/{self.total:,} {self.unit}"]
        if self.total:
            parts.append(f"{100 * self.done // self.total}%")
        parts.append(f"{clock_text(elapsed)} elapsed")
        left = estimate_left(self.done, self.total, elapsed)
        if left is None or elapsed < self.warmup:
            parts.append("estimating time left")
        else:
            parts.append(f"about {clock_text(left, up=True)} left")
        return "  ".join(parts)

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # a closed or broken stream never stops the run
            self.enabled = False

    def _draw(self, now: float) -> None:
        self._last_draw = now
        line = self.text(now)
        if self.tty:
            pad = " " * max(0, self._width - len(line))
            self._width = len(line)
            self._write(f"\r{line}{pad}")
        else:
            self._write(line + "\n")

    def close(self) -> None:
        """Erase the line (on a terminal) or write a last one (forced, not a terminal)."""
        if self.closed:
            return
        self.closed = True
        if not self.enabled:
            return
        if self.tty:
            if self._width:
                self._write("\r" + " " * self._width + "\r")
        else:
            self._write(self.text() + "\n")
