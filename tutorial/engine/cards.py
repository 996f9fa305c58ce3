"""Cards, suits, ranks and card sets.

A card is identified by an index ``suit * 13 + rank_index`` (0..51), where suits run
clubs, diamonds, hearts, spades and ranks run 2..A. The hot paths of the engine work on
these indices and on 52-bit masks; :class:`Card` is the small immutable value object used
at the edges. It parses from and prints back to one notation, the two-character code
(``5D``, ``TH``), and its ``repr`` can be pasted back into Python.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum

from tutorial.engine.errors import InvalidInput
from tutorial.engine.seats import SUIT_LETTERS


class Suit(IntEnum):
    """The four suits, in index order."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def same_colour(self) -> Suit:
        """The other suit of the same colour (♣↔♠, ♦↔♥): home of the left Pedro."""
        return Suit(3 - self)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse ``C``/``D``/``H``/``S`` (any case) or a suit symbol.

        Raises :class:`InvalidInput` for anything else."""
        key = text.strip().upper()
        if key in _SUIT_ALIASES:
            return cls(_SUIT_ALIASES[key])
        raise InvalidInput(f"unknown suit {text!r}: expected one of C, D, H, S or ♣ ♦ ♥ ♠")


_SUIT_ALIASES = {
    "C": 0,
    "D": 1,
    "H": 2,
    "S": 3,
    "♣": 0,
    "♦": 1,
    "♥": 2,
    "♠": 3,
    "♧": 0,
    "♢": 1,
    "♡": 2,
    "♤": 3,
}

RANK_CHARS = "23456789TJQKA"
"""Rank characters by rank index: 0 is the 2, 12 is the ace."""

R2, R3, R4, R5, R6, R7, R8, R9, RT, RJ, RQ, RK, RA = range(13)


def rank_label(rank_index: int) -> str:
    """The printed rank: ``10`` for the ten, otherwise the code character."""
    return "10" if rank_index == RT else RANK_CHARS[rank_index]


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card of the 52-card pack. ``Card.parse("5D").code == "5D"``."""

    index: int

    def __post_init__(self) -> None:
        if not 0 <= self.index < 52:
            raise InvalidInput(f"card index {self.index} is outside 0..51")

    @classmethod
    def of(cls, rank_index: int, suit: Suit | int) -> Card:
        return cls(int(suit) * 13 + rank_index)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card code: ``5D``, ``TH``, ``10H``, ``10♥``, ``5♦`` (case-insensitive).

        Raises :class:`InvalidInput` naming the text when it is not a card.
        """
        if not isinstance(text, str):
            raise InvalidInput(f"expected a card code such as 5D or TH, got {text!r}")
        return CARDS[parse_index(text)]

    @property
    def suit(self) -> Suit:
        return Suit(self.index // 13)

    @property
    def rank(self) -> int:
        """Rank index, 0 (two) .. 12 (ace)."""
        return self.index % 13

    @property
    def code(self) -> str:
        """The two-character code, ``TH`` for the ten of hearts."""
        return RANK_CHARS[self.rank] + SUIT_LETTERS[self.index // 13]

    @property
    def pretty(self) -> str:
        """Rank and suit symbol as a person writes it: ``10♥``, ``5♦``."""
        return rank_label(self.rank) + "♣♦♥♠"[self.index // 13]

    @property
    def bit(self) -> int:
        return 1 << self.index

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
"""All 52 cards by index."""

CODES: tuple[str, ...] = tuple(c.code for c in CARDS)
FULL_DECK = (1 << 52) - 1
SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))


def parse_index(text: str) -> int:
    """Parse a card code into its index. Raises :class:`InvalidInput` for anything else."""
    raw = text.strip()
    t = raw.upper()
    if len(t) < 2:
        raise InvalidInput(
            f"unknown card {raw!r}: expected a rank (2-9, T or 10, J, Q, K, A) "
            "and a suit (C, D, H, S or ♣ ♦ ♥ ♠), such as 5D or TH"
        )
    rank_text, suit_text = t[:-1], t[-1]
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANK_CHARS or suit_text not in _SUIT_ALIASES:
        raise InvalidInput(
            f"unknown card {raw!r}: expected a rank (2-9, T or 10, J, Q, K, A) "
            "and a suit (C, D, H, S or ♣ ♦ ♥ ♠), such as 5D or TH"
        )
    return _SUIT_ALIASES[suit_text] * 13 + RANK_CHARS.index(rank_text)


def parse_cards(items: Iterable[str], *, what: str = "cards") -> list[int]:
    """Parse card codes into indices, rejecting duplicates. Raises :class:`InvalidInput`."""
    out: list[int] = []
    seen: set[int] = set()
    for item in items:
        idx = parse_index(item) if isinstance(item, str) else _bad(item)
        if idx in seen:
            raise InvalidInput(f"duplicate card {CODES[idx]} in {what}")
        seen.add(idx)
        out.append(idx)
    return out


def _bad(item: object) -> int:
    raise InvalidInput(f"expected a card code such as 5D or TH, got {item!r}")


def mask_of(indices: Iterable[int]) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


def iter_bits(mask: int) -> Iterator[int]:
    """Card indices in a mask, lowest index first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def bits(mask: int) -> list[int]:
    """Card indices in a mask as a list, lowest index first (:func:`iter_bits` at once)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def codes(indices: Iterable[int]) -> list[str]:
    return [CODES[i] for i in indices]


def mask_codes(mask: int) -> list[str]:
    """Codes of the cards in a mask, in display order (by suit, high rank first)."""
    return [CODES[i] for i in sorted(iter_bits(mask), key=lambda i: (i // 13, -(i % 13)))]
