"""One trick on its own: which cards may be played, and who wins.

These are the rules of section 05 as pure functions of masks; :class:`~tutorial.engine.hand.Hand`
uses them for every play, and scenarios and drills use them for tricks shown without a
whole hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tutorial.engine.trumps import EFFECTIVE_SUIT, PLAIN_MASK, TRICK_KEY, TRUMP_MASK


def legal_plays(hand: int, trump: int, led: int) -> int:
    """Mask of the cards of ``hand`` that may be played when ``led`` (an effective suit, or
    -1 when leading) was led and ``trump`` is trump:

    * leading: any card;
    * trump led: a trump if the hand holds one (the left Pedro included), else anything;
    * plain suit led: a card of that suit or a trump if the hand holds the suit (never
      another plain suit), else anything.
    """
    if led < 0:
        return hand
    tm = TRUMP_MASK[trump]
    if led == trump:
        return hand & tm or hand
    follow = hand & PLAIN_MASK[trump][led]
    return (follow | (hand & tm)) if follow else hand


class TrickOutcome(NamedTuple):
    winner: int
    """Seat of the winning card."""
    winning_card: int
    led_suit: int
    trumped: bool
    """True: the highest trump won. False: no trump was played; the highest card of the
    led suit won."""


def trick_winner(trump: int, plays: Sequence[tuple[int, int]]) -> TrickOutcome:
    """The winner of a trick given (seat, card) in play order (top cards only)."""
    if not plays:
        raise ValueError("a trick needs at least one card")
    led = EFFECTIVE_SUIT[trump][plays[0][1]]
    keys = TRICK_KEY[trump][led]
    seat, card = max(plays, key=lambda p: keys[p[1]])
    return TrickOutcome(seat, card, led, keys[card] >= 100)
