"""Reviews in a worker process, off the threads that serve learners.

A review searches for seconds (see the README's coach figures), so the practice table must
never run it on the Streamlit server thread. :func:`submit_review` hands a finished hand to a
pool of worker processes (``spawn`` start method, created on first use; ``CINCH_COACH_WORKERS``
workers, default 1 so reviews never take every core from the bots and the app) and returns a
:class:`~concurrent.futures.Future` of the :class:`~tutorial.coach.review.Review`. The state
crosses the process boundary as its deal and history (a profile holds functions that do not
pickle) and is replayed in the worker. :func:`submit_advice` runs the bid advisor there too
(under a second of CPU at its default, but still CPU work).
"""

from __future__ import annotations

import multiprocessing
import threading
from concurrent.futures import Future, ProcessPoolExecutor

from tutorial.coach.advise import DEFAULT_SAMPLES, Advice, advise
from tutorial.coach.playout import DEFAULT_BOT, check_bot
from tutorial.coach.review import Review, review
from tutorial.engine.actions import Action
from tutorial.engine.observe import Observation
from tutorial.engine.profiles import get_profile
from tutorial.engine.state import Phase, State
from tutorial.jobs import workers

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None

Recorded = tuple[str, int, tuple[int, int, int, int], tuple[int, ...], tuple[Action, ...]]
"""(profile name, dealer, dealt hands, stock, actions): a hand that pickles."""


def record(state: State) -> Recorded:
    return (
        state.profile.name,
        state.dealer,
        state.dealt,
        state.stock,
        tuple(a for a, _ in state.history),
    )


def replayed(rec: Recorded) -> State:
    name, dealer, dealt, stock, actions = rec
    state = State(get_profile(name), dealer, dealt, stock)
    for action in actions:
        state.apply(action)
    return state


def _review_recorded(
    rec: Recorded, seat: int, samples: int, seed: int, calls: bool
) -> Review:  # runs in the worker
    return review(replayed(rec), seat, samples=samples, seed=seed, calls=calls)


def worker_count() -> int:
    """Workers the review's pool uses: ``CINCH_COACH_WORKERS``, or 1."""
    return workers("CINCH_COACH_WORKERS", 1, 64)


def _get_pool() -> ProcessPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(
                max_workers=worker_count(), mp_context=multiprocessing.get_context("spawn")
            )
        return _pool


def submit_review(
    final: State, seat: int, *, samples: int = 24, seed: int = 0, calls: bool = True
) -> Future[Review]:
    """``review(final, seat, ...)`` in the coach's worker pool. A hand that is not finished
    fails at once (ValueError), not in the worker."""
    if final.phase is not Phase.DONE:
        raise ValueError(f"review needs a finished hand, not one in the {final.phase.value} phase")
    return _get_pool().submit(_review_recorded, record(final), seat, samples, seed, calls)


def _advise(obs: Observation, samples: int, seed: int, bot: str) -> Advice:  # in the worker
    return advise(obs, samples=samples, seed=seed, bot=bot)


def submit_advice(
    obs: Observation, *, samples: int = DEFAULT_SAMPLES, seed: int = 0, bot: str = DEFAULT_BOT
) -> Future[Advice]:
    """``advise(obs, ...)`` (the bid advisor for the seat that observes ``obs``, which must
    be the seat to call) in the same worker pool. Only the observation crosses the process
    boundary: the worker never sees the other hands. A seat that is not to call fails at
    once (ValueError), not in the worker."""
    if obs.phase is not Phase.BID or obs.to_act != obs.seat:
        raise ValueError("the advisor needs a seat that is to call in the bidding")
    check_bot(bot)
    return _get_pool().submit(_advise, obs, samples, seed, bot)


def shutdown(wait: bool = True) -> None:
    """Stop the workers (pending reviews are cancelled); the next submit starts new ones."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=wait, cancel_futures=True)
