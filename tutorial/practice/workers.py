"""The one worker seam: every piece of thinking off the threads that serve learners.

The bots' decisions, the hint (the expert's action and the evaluation behind it — for a call
also the advisor's table), the after-hand review and pondering all run in **one** process
pool, through typed jobs (:class:`Decide`, :class:`Think`, :class:`ReviewHand`). A job
crosses to the worker as plain values (an observation, a recorded game), runs there and
comes back as its result's JSON, which this side reads back into a frozen value
(:meth:`from_json`): what the UI gets is a typed :class:`~concurrent.futures.Future` —
an :class:`~tutorial.engine.actions.Action`, a :class:`~tutorial.coach.hint.Hint`, a
:class:`~tutorial.practice.review.HandReview` — read by field, never a loose dict.

The pool is created on first use (``spawn`` start method, safe with threads and the same on
every platform); ``CINCH_BOT_WORKERS`` sets its workers (default: one less than the CPUs, at
least 2, so that a review of several seconds never holds a bot's card back alone). The
workers run at a lower OS priority (``CINCH_BOT_NICE``, default 10, added with
:func:`os.nice`): a learner's page run never waits for a core behind them.

**A broken pool** (a worker killed, the pool unable to start) is never hidden: the job's
future fails with :class:`BotsUnavailable`, the failure is logged, :func:`status` says so
until a job succeeds again, and a submit :data:`RETRY_AFTER` seconds later starts a fresh
pool (before that, jobs fail at once: no pool is restarted in a loop). The table then shows
"the bots cannot think right now" — it never plays a random card in its place.
"""

from __future__ import annotations

import contextlib
import json
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from tutorial import jobs
from tutorial.bots import BOT_NAMES, decide
from tutorial.engine.actions import Action, parse_action
from tutorial.engine.errors import InvalidInput
from tutorial.engine.observe import Observation
from tutorial.jsonvalue import JsonObject
from tutorial.practice.game import LEARNER, Game

if TYPE_CHECKING:
    from tutorial.coach.hint import Hint
    from tutorial.practice.review import HandReview

log = logging.getLogger("cinch.workers")

T = TypeVar("T")

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_workers = 0
_broken: str | None = None
_broken_at = 0.0
_settings: tuple[str, ...] = ()
INHERITED = ("CINCH_EVAL_BUDGET",)
"""Settings the workers read from the environment they were spawned with: a pool started
under other values is replaced (its queued jobs still finish), so that a job is priced on
the budget of the process that asks, whenever the pool was started."""
RETRY_AFTER = 5.0
"""Seconds after a breakage during which jobs fail at once (no pool restarted in a loop)."""


class BotsUnavailable(RuntimeError):
    """The worker pool cannot think right now (broken, or it could not start)."""


# -- settings ---------------------------------------------------------------------------------
def worker_count() -> int:
    """Workers the pool uses: ``CINCH_BOT_WORKERS``, or one less than the CPUs (at least 2)."""
    return jobs.workers("CINCH_BOT_WORKERS", max(2, (os.cpu_count() or 1) - 1), 256)


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


def worker_nice() -> int:
    """How much lower the workers' OS priority is than the server's (``CINCH_BOT_NICE``)."""
    return nice_setting("CINCH_BOT_NICE")


def _watch_parent(parent: int, every: float = 0.5) -> None:  # in the worker
    """End this worker once the process that started it is gone (its parent pid changes:
    the orphan is adopted by init). A replica killed with SIGKILL — a crash, the chaos run,
    the supervisor's restart — cannot shut its pool down, and a worker blocked on the pool's
    queue, or busy with a review, would otherwise live on and load the machine (seen after
    ``bench_class.py``: four orphans at a quarter of a core each, minutes later)."""
    while True:
        time.sleep(every)
        if os.getppid() != parent:
            os._exit(0)


def _start_worker(increment: int) -> None:
    """Runs in each new worker: watch the parent, lower its priority and import what the
    jobs need (so the first job of a fresh worker does not pay for it)."""
    threading.Thread(
        target=_watch_parent, args=(os.getppid(),), name="cinch-parent-watch", daemon=True
    ).start()
    if increment > 0 and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(increment)
    import tutorial.coach.hint
    import tutorial.practice.review  # noqa: F401


# -- the pool -----------------------------------------------------------------------------------
def _get_pool() -> ProcessPoolExecutor:
    global _pool, _workers, _settings
    settings = tuple(os.environ.get(name, "") for name in INHERITED)
    old: ProcessPoolExecutor | None = None
    with _lock:
        if _pool is not None and settings != _settings:
            old, _pool = _pool, None
        if _pool is None:
            _settings = settings
            _workers = worker_count()
            _pool = ProcessPoolExecutor(
                max_workers=_workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(worker_nice(),),
            )
        pool = _pool
    if old is not None:
        old.shutdown(wait=False)
    return pool


def _broke(why: str) -> None:
    """Note the pool as broken (logged once per breakage) and drop it: the next submit
    starts a fresh one."""
    global _pool, _broken, _broken_at
    with _lock:
        pool, _pool = _pool, None
        first = _broken is None
        _broken = why
        _broken_at = time.monotonic()
    if first:
        log.error("the bots' worker pool is broken: %s", why)
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def status() -> str | None:
    """None while the pool works; otherwise why it does not (until a job succeeds)."""
    return _broken


def shutdown(wait: bool = True) -> None:
    """Stop the pool's workers (pending jobs are cancelled); the next submit starts anew."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=wait, cancel_futures=True)


def active_workers() -> int:
    """Workers of the running pool (0 when none has been started)."""
    return _workers if _pool is not None else 0


def warm() -> None:
    """Start the pool (its workers import the bots and the coach as they start)."""
    with contextlib.suppress(BotsUnavailable):
        _submit(_ping, (), lambda data: bool(data))


def _ping() -> bool:
    return True


def _submit(fn: Callable[..., Any], args: tuple[Any, ...], read: Callable[[Any], T]) -> Future[T]:
    """Run ``fn(*args)`` in the pool; the typed future holds ``read`` of what it returns
    (its JSON), or fails with :class:`BotsUnavailable` when the pool is broken."""
    out: Future[T] = Future()
    if _broken is not None and time.monotonic() - _broken_at < RETRY_AFTER:
        out.set_exception(BotsUnavailable(_broken))
        return out
    try:
        inner = _get_pool().submit(fn, *args)
    except (BrokenProcessPool, RuntimeError, OSError) as exc:
        _broke(repr(exc))
        out.set_exception(BotsUnavailable(str(exc)))
        return out

    def done(f: Future[Any]) -> None:
        global _broken
        if f.cancelled():
            out.cancel()
            out.set_running_or_notify_cancel()
            return
        exc = f.exception()
        if isinstance(exc, BrokenProcessPool):
            _broke(repr(exc))
            out.set_exception(BotsUnavailable(str(exc)))
        elif exc is not None:
            log.error("a worker job failed", exc_info=exc)
            out.set_exception(exc)
        else:
            try:
                out.set_result(read(f.result()))
            except Exception as err:  # broad: a result that does not read back is a bug of
                # ours (any type); escaping a done-callback it would leave ``out`` unresolved
                log.exception("a worker's result could not be read")
                out.set_exception(err)
                return
            _broken = None

    inner.add_done_callback(done)
    return out


# -- the jobs -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Decide:
    """A bot's decision: ``decide(bot, obs, seed)``; reads back as an Action."""

    bot: str
    obs: Observation
    seed: int

    def run(self) -> str:  # in the worker
        return str(decide(self.bot, self.obs, self.seed))

    @staticmethod
    def read(data: Any) -> Action:
        return parse_action(str(data))


@dataclass(frozen=True, slots=True)
class Think:
    """The hint for the seat to act (the expert's action and the evaluation behind it; for a
    call the advisor's table too); reads back as a :class:`~tutorial.coach.hint.Hint`."""

    obs: Observation
    seed: int

    def run(self) -> JsonObject:  # in the worker
        from tutorial.coach.hint import hint

        return hint(self.obs, self.seed).to_json()

    @staticmethod
    def read(data: Any) -> Hint:
        from tutorial.coach.hint import Hint

        return Hint.from_json(data)


@dataclass(frozen=True, slots=True)
class ReviewHand:
    """The review of hand ``hand`` (0-based) of a practice game, the game crossing as its
    saved JSON text (a game holds a profile, which does not pickle); reads back as a
    :class:`~tutorial.practice.review.HandReview`."""

    game: str
    hand: int
    seat: int = LEARNER
    """Whose decisions (a shared table reviews each player's seat)."""

    def run(self) -> JsonObject:  # in the worker
        from tutorial.bots import BOT_NAMES
        from tutorial.practice.review import review_hand

        game = Game.from_json(json.loads(self.game), BOT_NAMES)
        if game is None:
            raise ValueError("not a valid game")
        return review_hand(game, self.hand, self.seat).to_json()

    @staticmethod
    def read(data: Any) -> HandReview:
        from tutorial.practice.review import HandReview

        return HandReview.from_json(data)


def _run(job: Decide | Think | ReviewHand) -> Any:  # in the worker
    return job.run()


def submit_decide(bot: str, obs: Observation, seed: int) -> Future[Action]:
    """``decide(bot, obs, seed)`` in the pool. An unknown bot fails at once (InvalidInput)."""
    if bot not in BOT_NAMES:
        raise InvalidInput(f"unknown bot {bot!r}: expected one of {', '.join(BOT_NAMES)}")
    job = Decide(bot, obs, seed)
    return _submit(_run, (job,), job.read)


def submit_think(obs: Observation, seed: int) -> Future[Hint]:
    """The hint for the seat that observes ``obs`` (which must be the seat to act)."""
    if obs.to_act != obs.seat:
        raise ValueError("a hint is for the seat to act")
    job = Think(obs, seed)
    return _submit(_run, (job,), job.read)


def submit_review(game: Game, hand: int, seat: int = LEARNER) -> Future[HandReview]:
    """The review of ``seat``'s decisions in hand ``hand`` (0-based) of ``game``."""
    job = ReviewHand(json.dumps(game.to_json()), hand, seat)
    return _submit(_run, (job,), job.read)
