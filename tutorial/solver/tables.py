"""Per-trump tables the solver derives from the engine's (``TrumpRules.trick_key`` and
``TrumpRules.effective``): the cards renumbered so that each effective suit is a run of
consecutive bits from weakest to strongest, the trumps on top (the *strength space*).

In that space the search's questions are single bit operations: "the next stronger card
still out in this suit" (equivalent cards), "the highest trump of a side" (sure points),
"the cards of the led suit" (following). Nothing here is a rule of its own: the layout is a
sort by the engine's trick keys, and a test pins it to them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from tutorial.engine.trumps import PEDRO_TRUMPS, TrumpRules


class Layout(NamedTuple):
    card: tuple[int, ...]
    """strength index → engine card index."""
    position: tuple[int, ...]
    """engine card index → strength index."""
    bit: tuple[int, ...]
    """engine card index → its bit in strength space."""
    suit: tuple[int, ...]
    """strength index → effective suit."""
    block: tuple[int, ...]
    """effective suit → strength mask of its cards."""
    above: tuple[int, ...]
    """strength index → mask of the stronger cards of its effective suit."""
    key: tuple[tuple[int, ...], ...]
    """led suit → strength index → trick key: trumps 100 and up, the led suit its index,
    any other card -1 (the highest key wins, as the engine's ``trick_key``)."""
    trumps: int
    """strength mask of the trumps (the top run)."""


@lru_cache(maxsize=16)
def layout(rules: TrumpRules, trump: int) -> Layout:
    suits = [s for s in range(4) if s != trump] + [trump]
    card: list[int] = []
    block = [0, 0, 0, 0]
    for s in suits:
        members = [c for c in range(52) if rules.effective[trump][c] == s]
        members.sort(key=lambda c: rules.trick_key[trump][s][c])
        for c in members:
            block[s] |= 1 << len(card)
            card.append(c)
    index = [0] * 52
    for i, c in enumerate(card):
        index[c] = i
    suit = tuple(rules.effective[trump][c] for c in card)
    above = tuple(block[suit[i]] & ~((2 << i) - 1) for i in range(52))
    key = tuple(
        tuple(100 + i if suit[i] == trump else (i if suit[i] == led else -1) for i in range(52))
        for led in range(4)
    )
    return Layout(
        tuple(card),
        tuple(index),
        tuple(1 << index[c] for c in range(52)),
        suit,
        tuple(block),
        above,
        key,
        block[trump],
    )


def to_strength(trump: int, mask: int, rules: TrumpRules = PEDRO_TRUMPS) -> int:
    """A card mask in strength space."""
    bit = layout(rules, trump).bit
    out = 0
    while mask:
        low = mask & -mask
        out |= bit[low.bit_length() - 1]
        mask ^= low
    return out


def from_strength(trump: int, mask: int, rules: TrumpRules = PEDRO_TRUMPS) -> int:
    """A strength-space mask back in engine card indices."""
    card = layout(rules, trump).card
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << card[low.bit_length() - 1]
        mask ^= low
    return out
