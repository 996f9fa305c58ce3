"""What naming a trump suit does to the pack, as precomputed tables.

Which extra card joins the trump suit and the order of the trumps are profile data: a
:class:`TrumpRules` names them (for Cinch, the five of the other suit of the same colour,
the *left Pedro*, ranked just below the five of trumps) and precomputes, per trump suit
``t`` (0..3):

* ``mask[t]`` — the trumps: the 13 cards of ``t`` and the extra card(s), trumps for every
  purpose.
* ``plain[t][s]`` — the cards that belong to plain suit ``s`` (an extra trump has left its
  printed suit). ``plain[t][t]`` is 0.
* ``order[t]`` — the trumps high to low.
* ``effective[t][c]`` — the suit card ``c`` belongs to under trump ``t``.
* ``trick_key[t][led][c]`` — the card's strength in a trick whose led (effective) suit is
  ``led``: trumps 100 and up, cards of the led suit 0..12, anything else -1. The highest key
  wins the trick.

The module-level names (``TRUMP_MASK``, ``TRUMP_ORDER``, ``LEFT_PEDRO``, ...) are the tables
of the Cinch rules, :data:`PEDRO_TRUMPS`, which every built-in profile uses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tutorial.engine.cards import R2, R5, RA, RJ, RT, SUIT_MASKS, Suit


@dataclass(frozen=True, eq=False)
class TrumpRules:
    """Which cards are trumps and how they rank, for each trump suit."""

    name: str
    order: tuple[tuple[int, ...], ...]
    """Per trump suit, the trumps from highest to lowest (the extra cards included)."""
    mask: tuple[int, ...] = field(init=False)
    plain: tuple[tuple[int, ...], ...] = field(init=False)
    effective: tuple[tuple[int, ...], ...] = field(init=False)
    strength: tuple[tuple[int, ...], ...] = field(init=False)
    trick_key: tuple[tuple[tuple[int, ...], ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        order = self.order
        mask = tuple(sum(1 << c for c in order[t]) for t in range(4))
        plain = tuple(
            tuple(0 if s == t else SUIT_MASKS[s] & ~mask[t] for s in range(4)) for t in range(4)
        )
        effective = tuple(
            tuple(t if (mask[t] >> c) & 1 else c // 13 for c in range(52)) for t in range(4)
        )
        top = 99 + max(len(o) for o in order)
        strength = tuple(
            tuple((top - order[t].index(c)) if (mask[t] >> c) & 1 else -1 for c in range(52))
            for t in range(4)
        )

        def key(t: int, led: int, c: int) -> int:
            if (mask[t] >> c) & 1:
                return strength[t][c]
            return c % 13 if c // 13 == led else -1

        trick_key = tuple(
            tuple(tuple(key(t, led, c) for c in range(52)) for led in range(4)) for t in range(4)
        )
        for name, value in (
            ("mask", mask),
            ("plain", plain),
            ("effective", effective),
            ("strength", strength),
            ("trick_key", trick_key),
        ):
            object.__setattr__(self, name, value)

    @classmethod
    def with_extra(cls, name: str, extra: Callable[[int], int], below_rank: int) -> TrumpRules:
        """The 13 cards of the trump suit, ace high, plus ``extra(t)`` ranked just below the
        trump card of rank ``below_rank`` (Cinch: the left Pedro just below the five)."""
        orders = []
        for t in range(4):
            natural = [t * 13 + r for r in range(RA, R2 - 1, -1)]
            at = natural.index(t * 13 + below_rank) + 1
            orders.append((*natural[:at], extra(t), *natural[at:]))
        return cls(name, tuple(orders))

    def __repr__(self) -> str:
        return f"TrumpRules({self.name!r})"


PEDRO_TRUMPS = TrumpRules.with_extra("pedro", lambda t: (3 - t) * 13 + R5, R5)
"""Cinch: the five of the same colour (♣↔♠, ♦↔♥) is the left Pedro, just below the right
Pedro: A K Q J 10 9 8 7 6 5 5 4 3 2 — 14 trumps."""

LEFT_PEDRO: tuple[int, ...] = tuple((3 - t) * 13 + R5 for t in range(4))
RIGHT_PEDRO: tuple[int, ...] = tuple(t * 13 + R5 for t in range(4))
TRUMP_MASK: tuple[int, ...] = PEDRO_TRUMPS.mask
PLAIN_MASK: tuple[tuple[int, ...], ...] = PEDRO_TRUMPS.plain
TRUMP_ORDER: tuple[tuple[int, ...], ...] = PEDRO_TRUMPS.order
EFFECTIVE_SUIT: tuple[tuple[int, ...], ...] = PEDRO_TRUMPS.effective
TRUMP_STRENGTH: tuple[tuple[int, ...], ...] = PEDRO_TRUMPS.strength
TRICK_KEY: tuple[tuple[tuple[int, ...], ...], ...] = PEDRO_TRUMPS.trick_key

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
