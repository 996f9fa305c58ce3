"""Replaying scenarios through the engine.

:func:`replay` takes a scenario mapping (already read from YAML) and returns a
:class:`Replay`: the JSON-ready ``result`` that ``expect`` and lesson questions refer to,
and the ``frames`` a card table steps through (one per moment: ``deal``, ``bidding``,
``refill``, ``tNcK``, ``tN``, ``score``, ``hN``). Anything wrong raises
:class:`~tutorial.yamldoc.SourceError` naming the file, line, key and the rule. Each kind
lives in its own module: :mod:`~tutorial.scenario.tricks` (``trick``, ``legal``),
:mod:`~tutorial.scenario.hands` (``hand``, which may stop anywhere and then reports the
position reached), :mod:`~tutorial.scenario.scores` (``score``, ``game``).
"""

from __future__ import annotations

from typing import Any

from tutorial.engine.profiles import DEFAULT_PROFILE, PROFILES, get_profile
from tutorial.scenario import fields as F
from tutorial.scenario.common import Replay
from tutorial.scenario.hands import replay_hand
from tutorial.scenario.scores import replay_game, replay_score
from tutorial.scenario.tricks import replay_legal, replay_trick
from tutorial.yamldoc import Where

KINDS = ("trick", "legal", "hand", "score", "game")


def replay(data: Any, w: Where) -> Replay:
    """Replay one scenario. ``w`` locates it (a file, or a place inside a lesson)."""
    m = F.mapping(
        w,
        (),
        data,
        required=("kind",),
        optional=(
            "profile",
            "expect",
            "trump",
            "leader",
            "cards",
            "hand",
            "hands",
            "dealer",
            "deal",
            "stock",
            "bids",
            "dealer_keeps",
            "reshuffle",
            "keep",
            "plays",
            "before",
            "bidder",
            "bid",
            "points",
            "title",
            "in_progress",
            "score",
        ),
    )
    kind = m["kind"]
    if kind not in KINDS:
        raise w.error(("kind",), f"unknown kind {kind!r}: expected one of {', '.join(KINDS)}")
    name = m.get("profile", DEFAULT_PROFILE)
    if not isinstance(name, str) or name not in PROFILES:
        raise w.error(
            ("profile",), f"unknown profile {name!r}: expected one of {', '.join(PROFILES)}"
        )
    profile = get_profile(name)
    allowed = {
        "trick": ("trump", "leader", "cards", "hands", "in_progress"),
        "legal": ("trump", "leader", "cards", "hand"),
        "hand": (
            "dealer",
            "deal",
            "stock",
            "bids",
            "trump",
            "dealer_keeps",
            "reshuffle",
            "keep",
            "plays",
            "score",
        ),
        "score": ("before", "bidder", "bid", "points"),
        "game": ("hands",),
    }[kind]
    for key in m:
        if key not in (*allowed, "kind", "profile", "expect", "title"):
            raise w.error(
                (key,),
                f"key {key!r} does not belong in a {kind} scenario "
                f"(expected: {', '.join(allowed)})",
            )
    fn = {
        "trick": replay_trick,
        "legal": replay_legal,
        "hand": replay_hand,
        "score": replay_score,
        "game": replay_game,
    }[kind]
    return fn(m, w, profile)


__all__ = ["KINDS", "Replay", "replay"]
