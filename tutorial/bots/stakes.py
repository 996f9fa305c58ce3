"""What the game score makes of a hand: the bots' view of the stakes, from the engine's own
scoring (:func:`~tutorial.engine.scoring.hand_decision`: would this result end the game,
and for whom?) rather than from numbers written here.

* :func:`value` — the worth of a hand's result to a side: the change of its game score less
  the opponents' (a set bid counts its loss), unless the result ends the game: then
  :data:`GAME_WON` or its negative, whatever the points (winning is what the game cares
  about). The ``expert`` values its cards and its simulated calls with it.
* :func:`made_wins`, :func:`defending_wins` — the questions the ``rules`` bot asks before
  it calls: does making this bid win us the game; would the other side win by making its
  bid, or even while defending?

At a new game (0–0, or any score far from the target) no hand can end the game, so
:func:`value` is the plain difference of scores and the ``rules`` bot calls as it always
did.
"""

from __future__ import annotations

from tutorial.engine.profiles import Profile
from tutorial.engine.scoring import hand_decision, hand_delta

GAME_WON = 50.0
"""The value of winning the game with this hand (losing it: the negative): more than any
hand's difference of scores can be (at most twice the highest bid), so a card or call that
wins the game is preferred to any that only scores."""
TIE_POINTS = 0.01
"""Beside :data:`GAME_WON`, each point of the difference of scores counts this much, so
that among cards that all win (or all lose) the game the bot still takes its points, as a
club player does (at most 0.3: never more than winning)."""


def value(
    p: Profile,
    score: tuple[int, int],
    side: int,
    bidder_side: int,
    bid: int,
    points: tuple[int, int],
) -> float:
    """The worth to ``side`` of a hand played at ``score`` in which ``bidder_side`` bid
    ``bid`` and the sides took ``points``: ±:data:`GAME_WON` if it ends the game (and
    :data:`TIE_POINTS` a point of the difference), else the side's change of score less the
    opponents'."""
    decision = hand_decision(p, score, bidder_side, bid, points)
    _, delta = hand_delta(bidder_side, bid, points)
    diff = float(delta[side] - delta[1 - side])
    if decision.winner is not None:
        return (GAME_WON if decision.winner == side else -GAME_WON) + TIE_POINTS * diff
    return diff


def split(p: Profile, side: int, taken: int) -> tuple[int, int]:
    """The points of a hand in which ``side`` takes ``taken`` and the other side the rest."""
    rest = p.total_points - taken
    return (taken, rest) if side == 0 else (rest, taken)


def made_wins(p: Profile, score: tuple[int, int], side: int, bid: int) -> bool:
    """Does ``side``, bidding ``bid`` and making it exactly (the others taking the rest),
    win the game with this hand?"""
    return hand_decision(p, score, side, bid, split(p, side, bid)).winner == side


def defending_wins(p: Profile, score: tuple[int, int], side: int, taken: int, bid: int) -> bool:
    """Does ``side``, defending against a bid of ``bid`` and taking ``taken`` points (the
    bidders the rest), win the game with this hand?"""
    return hand_decision(p, score, 1 - side, bid, split(p, side, taken)).winner == side


def need_defending(p: Profile, score: tuple[int, int], side: int, bid: int) -> int | None:
    """The fewest points ``side`` must take, defending against ``bid``, to win the game with
    this hand whatever the bidders make (None: it cannot, this hand)."""
    for taken in range(p.total_points + 1):
        if defending_wins(p, score, side, taken, bid):
            return taken
    return None


__all__ = [
    "GAME_WON",
    "TIE_POINTS",
    "defending_wins",
    "made_wins",
    "need_defending",
    "split",
    "value",
]
