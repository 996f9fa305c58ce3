"""The practice table's thinking for the learner, in worker processes: the hint (the
expert's choice, and for a card why: :func:`tutorial.coach.hint.hint`) and the bid advisor
(:func:`tutorial.coach.advise`). Both see only the learner's observation.

They run in the bots' process pool (:mod:`tutorial.bots.pool`): it is idle while it is the
learner's turn, which is the only time a hint or the advisor is asked for. Each function
here runs in the worker and returns plain data (JSON-ready), so nothing but numbers, suits
and the learner's own cards comes back.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

from tutorial.engine.observe import Observation
from tutorial.engine.state import Phase

HINT_SAMPLES = 6
"""Worlds a card hint averages over."""
ADVICE_SAMPLES = 4
"""Worlds the bid advisor plays out for each trump suit."""


def hint_job(obs: Observation, seed: int) -> dict[str, Any]:
    """Runs in a worker: ``{"kind": "card", "hint": {...}}`` (the cards priced) in the play,
    else ``{"kind": "action", "action": "..."}`` (the expert bot's choice)."""
    if obs.phase is Phase.PLAY:
        from tutorial.coach.hint import hint_json

        return {"kind": "card", "hint": hint_json(obs, HINT_SAMPLES, seed)}
    from tutorial.bots import BOT_NAMES, decide

    return {"kind": "action", "action": str(decide(BOT_NAMES[-1], obs, seed))}


def advice_job(obs: Observation, seed: int) -> dict[str, Any]:
    """Runs in a worker: the bid advisor's :meth:`~tutorial.coach.advise.Advice.to_json`."""
    from tutorial.coach import advise

    return advise(obs, samples=ADVICE_SAMPLES, seed=seed).to_json()


def _submit(fn: Any, obs: Observation, seed: int) -> Future[dict[str, Any]]:
    from tutorial.bots import pool

    executor = pool._get_pool()  # the bots' pool: shared, spawned once per server process
    fut: Future[dict[str, Any]] = executor.submit(fn, obs, seed)
    return fut


def _warm_job() -> bool:
    """Runs in a worker: import what the bots and the coach need (the first decision of a
    fresh worker would otherwise pay for it)."""
    import tutorial.bots.expert
    import tutorial.coach.hint  # noqa: F401

    return True


_warmed = False


def warm() -> None:
    """Start the bots' pool and import the bots in every worker, once per server process."""
    global _warmed
    if _warmed:
        return
    _warmed = True
    from tutorial.bots import pool

    executor = pool._get_pool()
    for _ in range(pool.worker_count()):
        executor.submit(_warm_job)


def submit_hint(obs: Observation, seed: int) -> Future[dict[str, Any]]:
    return _submit(hint_job, obs, seed)


def submit_advice(obs: Observation, seed: int) -> Future[dict[str, Any]]:
    if obs.phase is not Phase.BID or obs.to_act != obs.seat:
        raise ValueError("the advisor is for the seat to call in the bidding")
    return _submit(advice_job, obs, seed)
