"""What every scenario kind shares: the replay's shape and small conversions."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from tutorial.engine.cards import CARDS, CODES, Card
from tutorial.engine.errors import IllegalAction
from tutorial.engine.seats import SEAT_LETTERS, TEAM_NAMES, Seat
from tutorial.engine.state import State
from tutorial.jsonvalue import JsonObject
from tutorial.scenario import fields as F
from tutorial.scenario.moments import Moment
from tutorial.scenario.results import Report, TablePlay, cards_of
from tutorial.yamldoc import Key, SourceError, Where

SEATS = SEAT_LETTERS
TEAMS = TEAM_NAMES


@dataclass(frozen=True)
class Replay:
    """A replayed scenario: the typed ``report`` (:mod:`tutorial.scenario.results`) and the
    ``timeline`` of moments a card table steps through (:mod:`tutorial.scenario.moments`).
    ``result`` and ``frames`` are their JSON forms (what ``expect``, lesson ``ask`` paths,
    narration ``facts:`` and ``cinch replay --json`` refer to)."""

    kind: str
    profile: str
    report: Report
    timeline: tuple[Moment, ...] = ()
    states: dict[str, State] = field(default_factory=dict, repr=False, compare=False)
    """Hand scenarios: a copy of the engine's state (:class:`tutorial.engine.state.State`)
    just before each decision, for the lesson's "your move" moments: ``tNcK`` (that play),
    ``call:A`` (seat A's call), ``trump`` (the high bidder names trump)."""

    @cached_property
    def result(self) -> JsonObject:
        return self.report.to_json()

    @cached_property
    def frames(self) -> list[JsonObject]:
        return [m.to_json() for m in self.timeline]

    @property
    def moments(self) -> list[str]:
        """The moment ids, in order."""
        return [m.id for m in self.timeline]

    def at(self, moment: str) -> Moment:
        """The moment with this id (KeyError if there is none)."""
        for m in self.timeline:
            if m.id == moment:
                return m
        raise KeyError(moment)

    def frame(self, moment: str) -> JsonObject:
        """The JSON form of the moment with this id (what ``facts:``, "your move" and the
        card table read); KeyError if there is none. The one way to look a frame up by id."""
        index = self._frame_index.get(moment)
        if index is None:
            raise KeyError(moment)
        return self.frames[index]

    def has(self, moment: str) -> bool:
        """True if the scenario has this moment."""
        return moment in self._frame_index

    @cached_property
    def _frame_index(self) -> dict[str, int]:
        return {m.id: i for i, m in enumerate(self.timeline)}


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


def table_plays(plays: list[tuple[int, int, tuple[int, ...]]]) -> tuple[TablePlay, ...]:
    """(seat, card, beneath) triples of card indices as typed plays."""
    return tuple(
        TablePlay(Seat(s), CARDS[c], tuple(CARDS[x] for x in pile)) for s, c, pile in plays
    )


def held(hands: list[int] | tuple[int, ...]) -> tuple[tuple[Card, ...], ...]:
    """Four hands (masks, by seat) as typed cards."""
    return tuple(cards_of(h) for h in hands)
