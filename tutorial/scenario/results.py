"""Typed scenario results: what :func:`tutorial.scenario.replay.replay` computes.

Small frozen values built from the engine's own types (:class:`Seat`, :class:`Team`,
:class:`Suit`, :class:`Card`, the core's actions), so drills, lessons and the UI read fields
instead of looking up keys and parsing card codes back out of strings. Each value prints its
JSON form with ``to_json()``: that form is what ``cinch replay --json`` prints and what a
scenario's ``expect`` and a lesson question's ``ask`` path refer to (docs/scenarios.md), and
it is unchanged from the untyped dicts these values replace.

One report per scenario kind: :class:`TrickReport` (``trick``), :class:`LegalReport`
(``legal``), :class:`HandReport` (``hand``, finished, thrown in or stopped anywhere, then with a
:class:`PositionReport`), :class:`ScoreReport` (``score``), :class:`GameReport` (``game``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tutorial.engine.actions import Action
from tutorial.engine.cards import CARDS, Card, Suit, iter_bits
from tutorial.engine.seats import Seat, Team
from tutorial.jsonvalue import JsonObject


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask in display order (by suit, high rank first), as
    :func:`~tutorial.engine.cards.mask_codes` lists them."""
    return tuple(CARDS[i] for i in sorted(iter_bits(mask), key=lambda i: (i // 13, -(i % 13))))


def codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def _opt(value: Seat | Team | Suit | None) -> str | None:
    if value is None:
        return None
    return value.letter if isinstance(value, Seat | Suit) else value.label


@dataclass(frozen=True, slots=True)
class Points:
    """A number per team: points taken, a score, a change of score."""

    ac: int
    bd: int

    @classmethod
    def of(cls, pair: tuple[int, int] | list[int]) -> Points:
        return cls(pair[0], pair[1])

    def __getitem__(self, team: Team) -> int:
        return self.bd if team is Team.BD else self.ac

    @property
    def pair(self) -> tuple[int, int]:
        return (self.ac, self.bd)

    def to_json(self) -> JsonObject:
        return {Team.AC.label: self.ac, Team.BD.label: self.bd}


@dataclass(frozen=True, slots=True)
class SeatCall:
    """One call of the bidding: ``bid`` None is a pass."""

    seat: Seat
    bid: int | None

    def to_json(self) -> JsonObject:
        return {"seat": self.seat.letter, "call": "pass" if self.bid is None else self.bid}


@dataclass(frozen=True, slots=True)
class TablePlay:
    """A card played to a trick, with the cards beneath it when it tops a pile."""

    seat: Seat
    card: Card
    beneath: tuple[Card, ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        """The top card and the cards beneath it."""
        return (self.card, *self.beneath)

    def cell(self) -> str | list[str]:
        """A trick's entry in a result's ``cards``: ``5D``, or ``[KS, QS, 9S]`` for a pile."""
        return self.card.code if not self.beneath else codes(self.cards)

    def to_json(self) -> JsonObject:
        return {"seat": self.seat.letter, "card": self.card.code, "beneath": codes(self.beneath)}


@dataclass(frozen=True, slots=True)
class TrickResult:
    """A finished trick of a ``hand`` scenario."""

    number: int
    leader: Seat
    plays: tuple[TablePlay, ...]
    winner: Seat
    winning_card: Card
    trumped: bool
    points: int
    """Card points in the trick (see docs/scenarios.md for which points count)."""

    def to_json(self) -> JsonObject:
        return {
            "number": self.number,
            "leader": self.leader.letter,
            "cards": [p.cell() for p in self.plays],
            "seats": [p.seat.letter for p in self.plays],
            "winner": self.winner.letter,
            "winning_card": self.winning_card.code,
            "trumped": self.trumped,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class RefillReport:
    """What the discard and refill did; per-seat tuples are indexed by seat."""

    discards: tuple[tuple[Card, ...], ...]
    received: tuple[tuple[Card, ...], ...]
    dealer_examined: tuple[Card, ...]
    dealer_discarded: tuple[Card, ...]
    reshuffled: tuple[Card, ...] | None
    reshuffle_before: Seat | None
    short_shared: bool

    def to_json(self) -> JsonObject:
        return {
            "discards": {s.letter: codes(self.discards[s]) for s in Seat},
            "received": {s.letter: codes(self.received[s]) for s in Seat},
            "dealer_examined": codes(self.dealer_examined),
            "dealer_discarded": codes(self.dealer_discarded),
            "reshuffled": None if self.reshuffled is None else codes(self.reshuffled),
            "reshuffle_before": _opt(self.reshuffle_before),
            "short_shared": self.short_shared,
        }


@dataclass(frozen=True, slots=True)
class PositionReport:
    """Where an unfinished hand stands: phase, who acts next (None: chance), legal actions."""

    phase: str
    to_act: Seat | None
    legal: tuple[Action, ...]
    trick: int | None = None
    """In the play: the number of the trick being played."""
    cards_played: int | None = None
    """In the play: how many cards the trick already has."""

    def to_json(self) -> JsonObject:
        out: JsonObject = {
            "phase": self.phase,
            "to_act": _opt(self.to_act),
            "legal": [str(a) for a in self.legal],
        }
        if self.trick is not None:
            out["trick"] = self.trick
            out["cards_played"] = self.cards_played
        return out

    def summary(self) -> str:
        """One line for ``cinch replay``: ``play, trick 2 (1 card played): B to play 5D 9C``."""
        where = self.phase
        if self.trick is not None:
            where += f", trick {self.trick} ({self.cards_played} card(s) played)"
        who = self.to_act.letter if self.to_act is not None else "chance"
        verb = {"bid": "to call", "trump": "to name trump", "play": "to play"}.get(
            self.phase, "to act"
        )
        legal = [str(a) for a in self.legal]
        text = (
            " ".join(legal)
            if len(legal) <= 16
            else (" ".join(legal[:16]) + f" ... ({len(legal)} actions)")
        )
        return f"position: {where}: {who} {verb}: {text}"


Owners = tuple[tuple[str, Team | None], ...]
"""Each point of the profile (by name, in the profile's order) and the team that won it."""


def owners_json(owners: Owners) -> JsonObject:
    return {name: _opt(team) for name, team in owners}


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """How a played-out hand scored: its ``score`` moment."""

    points: Points
    owners: Owners
    made: bool
    delta: Points
    bidder: Seat
    bid: int

    def to_json(self) -> JsonObject:
        return {
            "points": self.points.to_json(),
            "owners": owners_json(self.owners),
            "made": self.made,
            "delta": self.delta.to_json(),
            "bidder": self.bidder.letter,
            "bid": self.bid,
        }


@dataclass(frozen=True, slots=True)
class HandReport:
    """A ``hand`` scenario: thrown in, stopped before its end (``position``), or finished
    (``outcome``). Fields a hand has not reached are None."""

    profile: str
    dealer: Seat
    calls: tuple[SeatCall, ...]
    thrown_in: bool
    bidder: Seat | None = None
    bid: int | None = None
    trump: Suit | None = None
    refill: RefillReport | None = None
    """None when the profile has no refill (``no-draw``) or the hand has not reached it."""
    hands_after_refill: tuple[tuple[Card, ...], ...] | None = None
    """The hands the play starts from, by seat."""
    tricks: tuple[TrickResult, ...] = ()
    position: PositionReport | None = None
    outcome: HandOutcome | None = None

    @property
    def finished(self) -> bool:
        return self.position is None

    def to_json(self) -> JsonObject:
        out: JsonObject = {
            "profile": self.profile,
            "dealer": self.dealer.letter,
            "calls": [c.to_json() for c in self.calls],
            "thrown_in": self.thrown_in,
        }
        if self.thrown_in:
            zero = Points(0, 0).to_json()
            out.update(bidder=None, bid=None, trump=None, points=zero, made=None, delta=zero)
            return out
        if self.trump is None:  # stopped before trump is named
            assert self.position is not None
            out.update(finished=False, position=self.position.to_json())
            return out
        assert self.bidder is not None and self.hands_after_refill is not None
        out.update(
            bidder=self.bidder.letter,
            bid=self.bid,
            trump=self.trump.letter,
            refill=None if self.refill is None else self.refill.to_json(),
            hands_after_refill={s.letter: codes(self.hands_after_refill[s]) for s in Seat},
            tricks=[tr.to_json() for tr in self.tricks],
            finished=self.finished,
        )
        if self.position is not None:
            out["position"] = self.position.to_json()
        else:
            assert self.outcome is not None
            o = self.outcome
            out.update(
                points=o.points.to_json(),
                owners=owners_json(o.owners),
                made=o.made,
                delta=o.delta.to_json(),
            )
        return out


@dataclass(frozen=True, slots=True)
class TrickReport:
    """A ``trick`` scenario: one trick of four plays."""

    trump: Suit
    leader: Seat
    plays: tuple[TablePlay, ...]
    led_suit: Suit
    winner: Seat
    winning_card: Card
    trumped: bool
    points: Points

    def to_json(self) -> JsonObject:
        return {
            "trump": self.trump.letter,
            "leader": self.leader.letter,
            "cards": [p.cell() for p in self.plays],
            "led_suit": self.led_suit.letter,
            "winner": self.winner.letter,
            "winning_card": self.winning_card.code,
            "trumped": self.trumped,
            "points": self.points.to_json(),
        }


@dataclass(frozen=True, slots=True)
class LegalReport:
    """A ``legal`` scenario: the cards the seat to play may play."""

    trump: Suit
    seat: Seat
    hand: tuple[Card, ...]
    led_suit: Suit | None
    legal: tuple[Card, ...]

    def to_json(self) -> JsonObject:
        return {
            "trump": self.trump.letter,
            "seat": self.seat.letter,
            "hand": codes(self.hand),
            "led_suit": _opt(self.led_suit),
            "legal": codes(self.legal),
        }


@dataclass(frozen=True, slots=True)
class HandScore:
    """One hand's effect on the game score (a ``score`` scenario, a hand of a ``game``)."""

    before: Points
    bidder: Team
    bid: int
    points: Points
    made: bool
    delta: Points
    after: Points
    bidder_goes_out: bool
    winner: Team | None

    def to_json(self) -> JsonObject:
        return {
            "before": self.before.to_json(),
            "bidder": self.bidder.label,
            "bid": self.bid,
            "points": self.points.to_json(),
            "made": self.made,
            "delta": self.delta.to_json(),
            "after": self.after.to_json(),
            "bidder_goes_out": self.bidder_goes_out,
            "winner": _opt(self.winner),
        }


@dataclass(frozen=True, slots=True)
class ScoreReport:
    """A ``score`` scenario: one hand scored, and how the game was decided if it was."""

    score: HandScore
    decided_by: str | None

    def to_json(self) -> JsonObject:
        return {**self.score.to_json(), "decided_by": self.decided_by}


@dataclass(frozen=True, slots=True)
class GameReport:
    """A ``game`` scenario: hands scored one after another."""

    hands: tuple[HandScore, ...]
    winner: Team | None
    decided_by: str | None

    @property
    def scores(self) -> tuple[Points, ...]:
        """The game score after each hand."""
        return tuple(h.after for h in self.hands)

    def to_json(self) -> JsonObject:
        return {
            "scores": [p.to_json() for p in self.scores],
            "hands": [h.to_json() for h in self.hands],
            "winner": _opt(self.winner),
            "decided_by": self.decided_by,
        }


Report = TrickReport | LegalReport | HandReport | ScoreReport | GameReport

__all__ = [
    "GameReport",
    "HandOutcome",
    "HandReport",
    "HandScore",
    "LegalReport",
    "Owners",
    "Points",
    "PositionReport",
    "RefillReport",
    "Report",
    "ScoreReport",
    "SeatCall",
    "TablePlay",
    "TrickReport",
    "TrickResult",
    "cards_of",
    "codes",
]
