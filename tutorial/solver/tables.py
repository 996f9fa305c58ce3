"""Per-trump tables the solver derives from the engine's (``trumps.TRICK_KEY``,
``trumps.EFFECTIVE_SUIT``): the cards of each effective suit laid out as consecutive bits
from weakest to strongest (the *strength space*). In that space "the next stronger card
still out in the same suit" is one bit operation, which is what finding equivalent cards
needs. Nothing here is a rule of its own: the layout is a sort by the engine's trick keys.
"""

from __future__ import annotations

from typing import NamedTuple

from tutorial.engine.trumps import EFFECTIVE_SUIT, TRICK_KEY


class Strength(NamedTuple):
    bit: tuple[int, ...]
    """card → its bit in strength space."""
    above: tuple[int, ...]
    """card → strength-space mask of the stronger cards of its effective suit."""
    card: tuple[int, ...]
    """strength-space bit position → card."""


def _strength(trump: int) -> Strength:
    bit = [0] * 52
    above = [0] * 52
    card = [0] * 52
    pos = 0
    for suit in range(4):
        members = [c for c in range(52) if EFFECTIVE_SUIT[trump][c] == suit]
        members.sort(key=lambda c: TRICK_KEY[trump][suit][c])
        start = pos
        for c in members:
            bit[c] = 1 << pos
            card[pos] = c
            pos += 1
        block = ((1 << pos) - 1) & ~((1 << start) - 1)
        for c in members:
            above[c] = block & ~((bit[c] << 1) - 1)
    return Strength(tuple(bit), tuple(above), tuple(card))


STRENGTH: tuple[Strength, ...] = tuple(_strength(t) for t in range(4))


def to_strength(trump: int, mask: int) -> int:
    """A card mask in strength space."""
    bit = STRENGTH[trump].bit
    out = 0
    while mask:
        low = mask & -mask
        out |= bit[low.bit_length() - 1]
        mask ^= low
    return out
