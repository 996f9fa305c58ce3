"""The drill kinds, one module each. Each builds a scenario from a seed, lets the engine
replay it, and explains the engine's result step by step.

``generate(kind, seed, difficulty)`` is deterministic: the same arguments give the same
puzzle. Difficulty 1 is plain, 2 brings in the Left Pedro, ruffs or set bids, 3 piles,
near-ties and edge cases (see each kind's docstring).
"""

from __future__ import annotations

from collections.abc import Callable

from tutorial.drills.kinds.common import ALL_LINKS
from tutorial.drills.kinds.game_end import game_end
from tutorial.drills.kinds.hand_points import hand_points
from tutorial.drills.kinds.legal_plays import legal_plays
from tutorial.drills.kinds.refill import refill
from tutorial.drills.kinds.score_update import score_update
from tutorial.drills.kinds.trick_winner import trick_winner
from tutorial.drills.model import Puzzle

GENERATORS: dict[str, Callable[[int, int], Puzzle]] = {
    "trick-winner": trick_winner,
    "legal-plays": legal_plays,
    "hand-points": hand_points,
    "score-update": score_update,
    "game-end": game_end,
    "refill": refill,
}
KINDS = tuple(GENERATORS)
DIFFICULTIES = (1, 2, 3)


def generate(kind: str, seed: int, difficulty: int) -> Puzzle:
    """The puzzle for (kind, seed, difficulty): always the same for the same arguments."""
    if kind not in GENERATORS:
        raise ValueError(f"unknown drill kind {kind!r}: expected one of {', '.join(KINDS)}")
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty must be 1, 2 or 3, not {difficulty!r}")
    return GENERATORS[kind](seed, difficulty)


__all__ = ["ALL_LINKS", "DIFFICULTIES", "GENERATORS", "KINDS", "generate"]
