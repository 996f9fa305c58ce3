"""The engine's two kinds of error.

* :class:`InvalidInput` — the input cannot be understood: an unknown card, a duplicate card,
  a wrong number of cards, an unknown profile. Nothing was attempted.
* :class:`IllegalAction` — the input is well formed but the rules forbid it here: a bid that
  is not higher, a plain card while holding the led suit, a scoring trump under a pile.
  It carries a machine-readable :class:`Reason` and the facts needed to explain it in any
  language (seat, card, what was required); ``str()`` gives a plain English sentence.
"""

from __future__ import annotations

from enum import StrEnum

from tutorial.engine.invalid import CinchError as CinchError
from tutorial.engine.invalid import InvalidInput as InvalidInput
from tutorial.engine.seats import SEAT_LETTERS


class Reason(StrEnum):
    """Why an action is illegal. The values are stable: catalogs translate them."""

    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_TURN = "not_your_turn"
    BID_OUT_OF_RANGE = "bid_out_of_range"
    BID_NOT_HIGHER = "bid_not_higher"
    DEALER_MUST_BID = "dealer_must_bid"
    NOT_HIGH_BIDDER = "not_high_bidder"
    KEEP_NOT_ALLOWED = "keep_not_allowed"
    KEEP_TOO_MANY = "keep_too_many"
    DEALER_KEEPS_INVALID = "dealer_keeps_invalid"
    RESHUFFLE_INVALID = "reshuffle_invalid"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    MUST_FOLLOW_TRUMP = "must_follow_trump"
    MUST_FOLLOW_SUIT_OR_TRUMP = "must_follow_suit_or_trump"
    PILE_REQUIRED = "pile_required"
    PILE_NOT_ALLOWED = "pile_not_allowed"
    PILE_WRONG_SIZE = "pile_wrong_size"
    SCORING_TRUMP_BENEATH = "scoring_trump_beneath"
    PILE_TOP_NEEDED_BENEATH = "pile_top_needed_beneath"


SEAT_NAMES = SEAT_LETTERS


class IllegalAction(CinchError):
    """A well-formed action the rules forbid at this point.

    Attributes: ``reason`` (a :class:`Reason`), ``seat`` (0..3 or None), ``card`` (code or
    None), ``required`` (what the rules asked for, e.g. ``"H"`` for a suit, ``"7"`` for a bid,
    ``"2"`` for a pile size; or None) and ``details`` (other facts, all plain strings/ints).
    """

    def __init__(
        self,
        reason: Reason,
        message: str,
        *,
        seat: int | None = None,
        card: str | None = None,
        required: str | None = None,
        **details: object,
    ) -> None:
        self.reason = reason
        self.seat = seat
        self.card = card
        self.required = required
        self.details = details
        self.plain = message
        """The explanation alone, without the seat and the reason code."""
        who = f"{SEAT_NAMES[seat]}: " if seat is not None else ""
        super().__init__(f"{who}{message} [{reason.value}]")

    def facts(self) -> dict[str, object]:
        """Everything needed to explain the error, as plain JSON-ready values."""
        out: dict[str, object] = {"reason": self.reason.value}
        if self.seat is not None:
            out["seat"] = SEAT_NAMES[self.seat]
        if self.card is not None:
            out["card"] = self.card
        if self.required is not None:
            out["required"] = self.required
        out.update(self.details)
        return out
