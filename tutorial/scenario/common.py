"""What every scenario kind shares: the replay's shape and small conversions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tutorial.engine.cards import CODES, mask_codes
from tutorial.engine.errors import IllegalAction
from tutorial.engine.seats import SEAT_LETTERS, TEAM_NAMES
from tutorial.scenario import fields as F
from tutorial.yamldoc import Key, SourceError, Where

SEATS = SEAT_LETTERS
TEAMS = TEAM_NAMES


@dataclass
class Replay:
    kind: str
    profile: str
    result: dict[str, Any]
    frames: list[dict[str, Any]] = field(default_factory=list)
    states: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    """Hand scenarios: moment ``tNcK`` → a copy of the engine's state just before that play
    (:class:`tutorial.engine.state.State`), for the lesson's "your move" moments."""

    @property
    def moments(self) -> list[str]:
        return [f["id"] for f in self.frames]


def teams(pair: tuple[int, int]) -> dict[str, int]:
    return {"AC": pair[0], "BD": pair[1]}


def team_name(t: int | None) -> str | None:
    return None if t is None else TEAMS[t]


def illegal(
    w: Where, path: tuple[Key, ...], exc: IllegalAction, what: str, **facts: object
) -> SourceError:
    return w.error(
        path, f"{what}: {exc.plain} (rule: {exc.reason.value})", **{**exc.facts(), **facts}
    )


def top_and_pile(
    w: Where, path: tuple[Key, ...], item: Any, seen: dict[int, tuple[Key, ...]]
) -> tuple[int, tuple[int, ...]]:
    if isinstance(item, list):
        if len(item) < 2:
            raise w.error(path, "a pile lists its top card and at least one card beneath")
        cs = F.cards(w, path, item, seen=seen)
        return cs[0], tuple(cs[1:])
    c = F.card(w, path, item)
    if c in seen:
        raise w.error(path, f"duplicate card {CODES[c]}")
    seen[c] = path
    return c, ()


def frame_trick(plays: list[tuple[int, int, tuple[int, ...]]]) -> list[dict[str, Any]]:
    return [
        {"seat": SEATS[s], "card": CODES[c], "beneath": [CODES[x] for x in pile]}
        for s, c, pile in plays
    ]


def hands_codes(hands: list[int] | tuple[int, ...]) -> dict[str, list[str]]:
    return {SEATS[s]: mask_codes(hands[s]) for s in range(4)}
