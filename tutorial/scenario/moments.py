"""Typed moments of a replay: what a card table shows at each step of a scenario.

A :class:`Moment` is one frame of the stepper (``deal``, ``bidding``, ``refill``, ``tNcK``,
``tN``, ``score``, ``position``, ``hN``). Fields a moment does not show are None. Its
``to_json()`` is the frame mapping that narration ``facts:`` are checked against
(docs/lessons.md), with the keys in the order they always had.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutorial.engine.cards import Card, Suit
from tutorial.engine.seats import Seat
from tutorial.jsonvalue import JsonObject
from tutorial.scenario.results import (
    HandOutcome,
    HandScore,
    RefillReport,
    SeatCall,
    TablePlay,
    codes,
)

Shown = tuple[tuple[Card, ...] | None, ...]
"""The cards each seat holds at a moment, by seat; None for a hand the scenario does not show."""

NO_HANDS: Shown = (None, None, None, None)


def shown(hands: dict[int, tuple[Card, ...]] | None = None) -> Shown:
    """A :data:`Shown` from the hands of some seats (the others not shown)."""
    got = hands or {}
    return tuple(got.get(s) for s in range(4))


@dataclass(frozen=True, slots=True)
class Moment:
    """One moment of a replay (a frame of the stepper)."""

    id: str
    table: bool = False
    """True for ``trick`` and ``legal`` scenarios: a table with no deal or bidding."""
    dealer: Seat | None = None
    trump: Suit | None = None
    hands: Shown | None = None
    stock: int | None = None
    """At the deal: how many cards are left in the stock."""
    calls: tuple[SeatCall, ...] | None = None
    refill: RefillReport | None = None
    leader: Seat | None = None
    trick: tuple[TablePlay, ...] | None = None
    """The cards of the trick so far, in play order."""
    winner: Seat | None = None
    """When the trick is complete: the seat that wins it."""
    winning_card: Card | None = None
    trumped: bool | None = None
    trick_points: int | None = None
    """When the trick is complete: the card points in it."""
    to_play: Seat | None = None
    legal: tuple[Card, ...] | None = None
    outcome: HandOutcome | None = None
    """A hand's ``score`` moment: how the hand scored."""
    score: HandScore | None = None
    """A ``score`` or ``game`` moment: the hand's effect on the game score."""
    decided_by: str | None = None
    """A ``score`` moment: how the game was decided (JSON ``null`` when it was not)."""

    def hand(self, seat: Seat | int) -> tuple[Card, ...] | None:
        """The cards ``seat`` holds at this moment (None when not shown)."""
        return None if self.hands is None else self.hands[seat]

    @property
    def complete(self) -> bool:
        """True for the moment a trick is won."""
        return self.winner is not None and self.trick is not None

    @property
    def led_suit(self) -> Suit | None:
        """The suit led (the left Pedro counts as a trump), when a card was led."""
        if not self.trick or self.trump is None:
            return None
        from tutorial.engine.trumps import EFFECTIVE_SUIT

        return Suit(EFFECTIVE_SUIT[self.trump][self.trick[0].card.index])

    def _hands_json(self) -> JsonObject:
        assert self.hands is not None
        return {Seat(s).letter: codes(h) for s, h in enumerate(self.hands) if h is not None}

    def to_json(self) -> JsonObject:
        out: JsonObject = {"id": self.id}
        if self.score is not None:  # score and game scenarios
            out.update(self.score.to_json())
            if self.id == "score":
                out["decided_by"] = self.decided_by
            return out
        if self.table:
            return self._table_json(out)
        if self.dealer is not None:
            out["dealer"] = self.dealer.letter
        if self.trump is not None:
            out["trump"] = self.trump.letter
        if self.outcome is not None:
            out.update(self.outcome.to_json())
            return out
        if self.hands is not None:
            out["hands"] = self._hands_json()
        if self.stock is not None:
            out["stock"] = self.stock
        if self.calls is not None:
            out["calls"] = [c.to_json() for c in self.calls]
        if self.refill is not None:
            out["refill"] = self.refill.to_json()
        if self.leader is not None:
            out["leader"] = self.leader.letter
        if self.trick is not None:
            out["trick"] = [p.to_json() for p in self.trick]
        self._won(out)
        return out

    def _won(self, out: JsonObject) -> None:
        if self.winner is not None:
            assert self.winning_card is not None
            out["winner"] = self.winner.letter
            out["winning_card"] = self.winning_card.code
            out["trumped"] = self.trumped
            out["points"] = self.trick_points

    def _table_json(self, out: JsonObject) -> JsonObject:
        assert self.trick is not None and self.leader is not None and self.trump is not None
        out["trick"] = [p.to_json() for p in self.trick]
        out["leader"] = self.leader.letter
        out["trump"] = self.trump.letter
        self._won(out)
        if self.hands is not None:
            out["hands"] = self._hands_json()
        if self.to_play is not None:
            assert self.legal is not None
            out["to_play"] = self.to_play.letter
            out["legal"] = codes(self.legal)
        return out


__all__ = ["NO_HANDS", "Moment", "Shown", "shown"]
