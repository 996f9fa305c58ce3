"""What naming a trump suit does to the pack, as precomputed tables.

For each trump suit ``t`` (0..3):

* ``TRUMP_MASK[t]`` — the 14 trumps: the 13 cards of ``t`` and the five of the other suit of
  the same colour (the left Pedro), which is a trump for every purpose.
* ``PLAIN_MASK[t][s]`` — the cards that belong to plain suit ``s`` (the left Pedro has left
  its printed suit). ``PLAIN_MASK[t][t]`` is 0.
* ``TRUMP_ORDER[t]`` — the trumps high to low: A K Q J 10 9 8 7 6 5(right) 5(left) 4 3 2.
* ``EFFECTIVE_SUIT[t][c]`` — the suit card ``c`` belongs to under trump ``t``.
* ``TRICK_KEY[t][led][c]`` — the card's strength in a trick whose led (effective) suit is
  ``led``: trumps 100..113, cards of the led suit 0..12, anything else -1. The highest key
  wins the trick.
"""

from __future__ import annotations

from tutorial.engine.cards import R2, R5, RA, RJ, RT, SUIT_MASKS, Suit

LEFT_PEDRO: tuple[int, ...] = tuple((3 - t) * 13 + R5 for t in range(4))
RIGHT_PEDRO: tuple[int, ...] = tuple(t * 13 + R5 for t in range(4))
TRUMP_MASK: tuple[int, ...] = tuple(SUIT_MASKS[t] | (1 << LEFT_PEDRO[t]) for t in range(4))
PLAIN_MASK: tuple[tuple[int, ...], ...] = tuple(
    tuple(0 if s == t else SUIT_MASKS[s] & ~TRUMP_MASK[t] for s in range(4)) for t in range(4)
)


def _order(t: int) -> tuple[int, ...]:
    high = [t * 13 + r for r in range(RA, R5, -1)]  # A K Q J T 9 8 7 6
    low = [t * 13 + r for r in range(R5 - 1, R2 - 1, -1)]  # 4 3 2
    return (*high, RIGHT_PEDRO[t], LEFT_PEDRO[t], *low)


TRUMP_ORDER: tuple[tuple[int, ...], ...] = tuple(_order(t) for t in range(4))

EFFECTIVE_SUIT: tuple[tuple[int, ...], ...] = tuple(
    tuple(t if (TRUMP_MASK[t] >> c) & 1 else c // 13 for c in range(52)) for t in range(4)
)

TRUMP_STRENGTH: tuple[tuple[int, ...], ...] = tuple(
    tuple((113 - TRUMP_ORDER[t].index(c)) if (TRUMP_MASK[t] >> c) & 1 else -1 for c in range(52))
    for t in range(4)
)


def _key(t: int, led: int, c: int) -> int:
    if (TRUMP_MASK[t] >> c) & 1:
        return TRUMP_STRENGTH[t][c]
    return c % 13 if c // 13 == led else -1


TRICK_KEY: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_key(t, led, c) for c in range(52)) for led in range(4)) for t in range(4)
)

# Fixed-rank point cards of every trump suit.
HIGH: tuple[int, ...] = tuple(t * 13 + RA for t in range(4))
JACK: tuple[int, ...] = tuple(t * 13 + RJ for t in range(4))
GAME: tuple[int, ...] = tuple(t * 13 + RT for t in range(4))
TWO: tuple[int, ...] = tuple(t * 13 + R2 for t in range(4))


def is_trump(card: int, trump: Suit | int) -> bool:
    return bool((TRUMP_MASK[trump] >> card) & 1)


def effective_suit(card: int, trump: Suit | int) -> Suit:
    """The suit a card belongs to once ``trump`` is named (the left Pedro belongs to trump)."""
    return Suit(EFFECTIVE_SUIT[trump][card])


def trump_rank(card: int, trump: Suit | int) -> int | None:
    """Position in the trump order, 1 for the ace .. 14 for the two; None for a non-trump."""
    order = TRUMP_ORDER[trump]
    return order.index(card) + 1 if card in order else None


def beats(a: int, b: int, trump: Suit | int, led: Suit | int) -> bool:
    """True if card ``a`` beats card ``b`` in a trick whose led suit is ``led``."""
    keys = TRICK_KEY[trump][led]
    return keys[a] > keys[b]
