"""Dealing: the one deal in threes, the two shuffles, and the check of a given deal.

Nine cards each, in threes, clockwise from the dealer's left; the other 16 are the stock
(top first). :func:`sorted_shuffle` is the fast shuffle of random play (sort by random keys,
three times faster than Fisher-Yates in CPython); :func:`fisher_yates` is the one
:meth:`~tutorial.engine.state.State.random_deal` has always used (kept so that seeded deals
stay the same).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import itemgetter

from tutorial.engine.cards import CODES, FULL_DECK, iter_bits
from tutorial.engine.errors import InvalidInput
from tutorial.engine.seats import SEAT_LETTERS

_RANGE52 = range(52)
_BIT = tuple(1 << i for i in range(52))
_SEAT_CARDS = tuple(
    itemgetter(*(3 * g + j for g in (k, k + 4, k + 8) for j in range(3))) for k in range(4)
)
"""The k-th seat from the dealer's left gets the k-th, (k+4)-th and (k+8)-th threes."""


def deal_in_threes(deck: Sequence[int], dealer: int) -> list[int]:
    """The four dealt hands (masks, by seat) of a deck order, top first."""
    bit = _BIT.__getitem__
    hands = [0, 0, 0, 0]
    for k in range(4):
        hands[(dealer + 1 + k) & 3] = sum(map(bit, _SEAT_CARDS[k](deck)))
    return hands


def sorted_shuffle(rng: random.Random) -> list[int]:
    """A uniformly random deck order: the 52 cards sorted by 52 random keys."""
    rnd = rng.random
    keys = [rnd() for _ in _RANGE52]
    return sorted(_RANGE52, key=keys.__getitem__)


def fisher_yates(rng: random.Random) -> list[int]:
    """A uniformly random deck order by Fisher-Yates on ``rng.random``."""
    deck = list(_RANGE52)
    rnd = rng.random
    for i in range(51, 0, -1):
        j = int(rnd() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def check_deal(hands: Sequence[int], stock: Sequence[int], size: int = 9) -> None:
    """Raise :class:`InvalidInput` unless each seat holds ``size`` cards, the stock the rest
    and every card is used exactly once."""
    seen = 0
    for seat, h in enumerate(hands):
        if h.bit_count() != size:
            raise InvalidInput(
                f"seat {SEAT_LETTERS[seat]} must be dealt {size} cards, not {h.bit_count()}"
            )
        if seen & h:
            dup = " ".join(CODES[c] for c in iter_bits(seen & h))
            raise InvalidInput(f"card(s) {dup} dealt to more than one seat")
        seen |= h
    if len(stock) != 52 - 4 * size:
        raise InvalidInput(f"the stock must hold {52 - 4 * size} cards, not {len(stock)}")
    for c in stock:
        if (seen >> c) & 1:
            raise InvalidInput(f"card {CODES[c]} is both in a hand and in the stock")
        seen |= 1 << c
    if seen != FULL_DECK:  # pragma: no cover - implied by the counts above
        raise InvalidInput("the deal does not use the 52 cards exactly once")
