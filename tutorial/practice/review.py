"""The after-hand review of the learner's decisions, computed off the server thread.

:func:`submit` runs :func:`review_hand` in a worker process (spawned, shared by the
process) and returns a Future of plain JSON-ready data. With the coach
(:mod:`tutorial.coach`) every decision of the learner is priced and labelled; without it,
each card the learner played is valued double-dummy on the actual deal by the solver (the
value of the hand for the learner's side with the card played, against the best card).
"""

from __future__ import annotations

import importlib
import multiprocessing
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from tutorial.bots import pool
from tutorial.engine.actions import PlayCard, parse_action
from tutorial.engine.cards import CODES
from tutorial.engine.state import State
from tutorial.practice.game import LEARNER, Game

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
SAMPLES = 8
"""Worlds the coach samples per decision."""


def _get_pool() -> ProcessPoolExecutor:
    """The review's worker, at a lower OS priority than the server (``CINCH_REVIEW_NICE``,
    default 10, as the bots' workers: :func:`tutorial.bots.pool.lower_priority`)."""
    global _pool
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=pool.lower_priority,
                initargs=(pool.nice_setting("CINCH_REVIEW_NICE"),),
            )
        return _pool


def _warm_job() -> bool:
    """Runs in the worker: import the coach (the first review would otherwise pay for it)."""
    import tutorial.coach.values  # noqa: F401  (and the coach's package with it)

    return True


_warmed = False


def warm() -> None:
    """Start the review's worker process and its imports (once per server process), so
    that its spawn does not fall in the wait after the hand's last card."""
    global _warmed
    if not _warmed:
        _warmed = True
        _get_pool().submit(_warm_job)


def submit(game_json: dict[str, Any], hand: int) -> Future[dict[str, Any]]:
    """Review hand ``hand`` (0-based) of a saved game in the background."""
    return _get_pool().submit(review_hand, game_json, hand)


def shutdown() -> None:
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def review_hand(game_json: dict[str, Any], hand: int) -> dict[str, Any]:
    """``{"kind": "coach" | "double-dummy", "decisions": [...]}`` for the learner's seat."""
    from tutorial.bots import BOT_NAMES

    game = Game.from_json(game_json, BOT_NAMES)
    if game is None:
        raise ValueError("not a valid game")
    replayed = game.replayed(hand)
    rec = game.hands[hand]
    try:
        review = getattr(importlib.import_module("tutorial.coach"), "review", None)
    except ImportError:
        review = None
    if review is not None:
        out = review(replayed.state, LEARNER, samples=SAMPLES, seed=rec.seed)
        decisions = [d.to_json() for d in out.decisions]
        return {
            "kind": "coach",
            "decisions": decisions,
            "undone": list(rec.undone),
            "hints": list(rec.hints),
            "lines": better_lines(replayed.state, decisions),
        }
    return {
        "kind": "double-dummy",
        "decisions": double_dummy(game, hand),
        "undone": list(rec.undone),
        "hints": list(rec.hints),
    }


COSTLY = ("inaccuracy", "mistake", "blunder")
"""The labels whose better line the review works out (to replay both lines on the table)."""


def better_lines(final: State, decisions: list[dict[str, Any]]) -> dict[str, list[str]]:
    """For each costly card of the learner (labelled inaccuracy or worse), the better line:
    the coach's better card, then everyone's double-dummy best card on the actual deal to
    the end of the hand (:func:`tutorial.coach.values.best_line`), in the core's notation.
    Keyed by the decision's index in the hand's actions."""
    from tutorial.coach.values import best_line

    out: dict[str, list[str]] = {}
    for d in decisions:
        index, best = d.get("index"), d.get("best")
        if d.get("phase") != "play" or d.get("label") not in COSTLY or best == d.get("action"):
            continue
        if not isinstance(index, int) or not 0 <= index < len(final.history):
            continue
        before = final.restart()
        for action, _saved in final.history[:index]:
            before.apply(action)
        before.apply(parse_action(str(best)))
        end = best_line(before)
        out[str(index)] = [str(a) for a, _saved in end.history[index:]]
    return out


def double_dummy(game: Game, hand: int) -> list[dict[str, Any]]:
    """Each card the learner played: its double-dummy value for the learner's side on the
    actual deal, the best card's, and the cost (points of the hand)."""
    from tutorial.engine.hand import Hand
    from tutorial.engine.state import State
    from tutorial.solver.analyse import solve
    from tutorial.solver.position import Position

    replayed = game.replayed(hand)
    rec = game.hands[hand]
    final = replayed.state
    out = []
    state = State(final.profile, final.dealer, final.dealt, final.stock, score=final.score)
    for i, text in enumerate(rec.actions):
        action = parse_action(text)
        if replayed.actors[i] == LEARNER and isinstance(action, PlayCard):
            analysis = solve(Position.from_hand(Hand.of(state.copy())))
            side = LEARNER & 1
            played = next(a for a in analysis.actions if a.card == action.card)
            best = analysis.actions[0]
            out.append(
                {
                    "index": i,
                    "trick": len(state.tricks) + 1,
                    "action": str(action),
                    "best": CODES[best.card],
                    "value": played.value[side],
                    "best_value": best.value[side],
                    "dd_cost": best.value[side] - played.value[side],
                    "values": {CODES[a.card]: a.value[side] for a in analysis.actions},
                }
            )
        state.apply(action)
    return out
