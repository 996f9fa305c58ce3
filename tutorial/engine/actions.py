"""Actions as small immutable values with one notation.

Every decision of a hand is one of these; each parses from and prints to one text form, and
its ``repr`` can be pasted back into Python (``PlayCard.parse('6H/9H 8H')``):

=================  ===========================  ===============================================
action             notation                     meaning
=================  ===========================  ===============================================
:class:`Call`      ``pass``, ``7``              the seat to act passes or bids
:class:`NameTrump` ``trump H``                  the high bidder names the trump suit
:class:`Keep`      ``keep KC QD``, ``keep -``   a seat's non-trumps kept at the discard
                                                (profiles that let players choose)
:class:`DealerKeep` ``dealer-keeps QC``         the non-trumps the dealer keeps from the rest
                                                of the stock (``dealer-keeps -``: none)
:class:`Reshuffle` ``reshuffle 3C 9D ...``      chance: the order of the new stock when the
                                                stock runs out (the discards, top first)
:class:`PlayCard`  ``5D``, ``6H/9H 8H``         a card; on the first trick a hand of more
                                                than six plays a pile: top card ``/`` beneath
=================  ===========================  ===============================================

Actions carry no seat: the state knows who is to act (as in OpenSpiel). Card sets are kept
in a canonical order (card index), so equal actions compare and hash equal.
:func:`parse_action` reads any of them; text that is not an action raises
:class:`~tutorial.engine.errors.InvalidInput` (whether it is legal is the core's question).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutorial.engine.cards import CODES, Suit, parse_cards, parse_index
from tutorial.engine.errors import InvalidInput
from tutorial.engine.seats import SUIT_LETTERS


def _cards_text(cards: tuple[int, ...]) -> str:
    return " ".join(CODES[c] for c in cards) if cards else "-"


def _parse_set(rest: str, what: str) -> tuple[int, ...]:
    items = rest.split()
    if items == ["-"]:
        return ()
    return tuple(sorted(parse_cards(items, what=what)))


@dataclass(frozen=True, slots=True)
class Call:
    """A pass (``value`` None) or a bid."""

    value: int | None = None

    def __post_init__(self) -> None:
        v = self.value
        if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
            raise InvalidInput(f"a bid is a whole number or None (pass), not {v!r}")

    @property
    def is_pass(self) -> bool:
        return self.value is None

    @classmethod
    def parse(cls, text: str) -> Call:
        key = text.strip().lower()
        if key == "pass":
            return cls(None)
        if key.isdigit():
            return cls(int(key))
        raise InvalidInput(f"unknown call {text!r}: expected pass or a number")

    def __str__(self) -> str:
        return "pass" if self.value is None else str(self.value)

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class NameTrump:
    """The high bidder names ``suit`` (0..3: clubs, diamonds, hearts, spades)."""

    suit: int

    def __post_init__(self) -> None:
        s = self.suit
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= 3:
            raise InvalidInput(f"a suit is 0..3 (clubs, diamonds, hearts, spades), not {s!r}")

    @classmethod
    def parse(cls, text: str) -> NameTrump:
        parts = text.split()
        if len(parts) != 2 or parts[0].lower() != "trump":
            raise InvalidInput(f"expected 'trump' and a suit, such as 'trump H', not {text!r}")
        return cls(int(Suit.parse(parts[1])))

    def __str__(self) -> str:
        return f"trump {SUIT_LETTERS[self.suit]}"

    def __repr__(self) -> str:
        return f"NameTrump.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Keep:
    """The non-trumps the seat to act keeps at the discard (its trumps are always kept)."""

    cards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _canonical(self.cards))

    @classmethod
    def parse(cls, text: str) -> Keep:
        head, _, rest = text.strip().partition(" ")
        if head.lower() != "keep":
            raise InvalidInput(f"expected 'keep' and cards (or '-'), not {text!r}")
        return cls(_parse_set(rest, "keep"))

    def __str__(self) -> str:
        return f"keep {_cards_text(self.cards)}"

    def __repr__(self) -> str:
        return f"Keep.parse({str(self)!r})"


@dataclass(frozen=True, slots=True, eq=False)
class DealerKeep:
    """The non-trumps the dealer keeps from the rest of the stock. The cards keep the order
    given (the order the dealer takes them); equality ignores it."""

    cards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        cards = tuple(self.cards)
        _canonical(cards)
        object.__setattr__(self, "cards", cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DealerKeep) and sorted(other.cards) == sorted(self.cards)

    def __hash__(self) -> int:
        return hash(("dealer-keeps", tuple(sorted(self.cards))))

    @classmethod
    def parse(cls, text: str) -> DealerKeep:
        head, _, rest = text.strip().partition(" ")
        if head.lower() != "dealer-keeps":
            raise InvalidInput(f"expected 'dealer-keeps' and cards (or '-'), not {text!r}")
        items = rest.split()
        return cls(() if items == ["-"] else tuple(parse_cards(items, what="dealer-keeps")))

    def __str__(self) -> str:
        return f"dealer-keeps {_cards_text(self.cards)}"

    def __repr__(self) -> str:
        return f"DealerKeep.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """Chance: the new stock (the discarded non-trumps), top first. Order matters."""

    order: tuple[int, ...]

    def __post_init__(self) -> None:
        order = tuple(self.order)
        if len(set(order)) != len(order) or any(
            isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52 for c in order
        ):
            raise InvalidInput(f"a reshuffle lists distinct cards 0..51, not {self.order!r}")
        object.__setattr__(self, "order", order)

    @classmethod
    def parse(cls, text: str) -> Reshuffle:
        head, _, rest = text.strip().partition(" ")
        if head.lower() != "reshuffle":
            raise InvalidInput(f"expected 'reshuffle' and the new stock, not {text!r}")
        return cls(tuple(parse_cards(rest.split(), what="reshuffle")))

    def __str__(self) -> str:
        return f"reshuffle {_cards_text(self.order)}"

    def __repr__(self) -> str:
        return f"Reshuffle.parse({str(self)!r})"


@dataclass(frozen=True, slots=True, eq=False)
class PlayCard:
    """A card played to the trick, with the cards beneath it when it tops an open pile.
    The cards beneath keep the order given; equality ignores it."""

    card: int
    beneath: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        c = self.card
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52:
            raise InvalidInput(f"a card is an index 0..51, not {c!r}")
        if self.beneath:
            b = tuple(self.beneath)
            _canonical(b)
            if c in b:
                raise InvalidInput(f"{CODES[c]} cannot be both the top card and beneath it")
            object.__setattr__(self, "beneath", b)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayCard) or other.card != self.card:
            return False
        return other.beneath == self.beneath or sorted(other.beneath) == sorted(self.beneath)

    def __hash__(self) -> int:
        return hash((self.card, tuple(sorted(self.beneath))))

    @classmethod
    def parse(cls, text: str) -> PlayCard:
        top, slash, rest = text.strip().partition("/")
        card = parse_index(top)
        if not slash:
            return _PLAIN_PLAYS[card]
        items = rest.split()
        if not items:
            raise InvalidInput(f"a pile lists at least one card after '/', not {text!r}")
        return cls(card, tuple(parse_cards(items, what="the pile")))

    def __str__(self) -> str:
        if not self.beneath:
            return CODES[self.card]
        return f"{CODES[self.card]}/{' '.join(CODES[c] for c in self.beneath)}"

    def __repr__(self) -> str:
        return f"PlayCard.parse({str(self)!r})"


Action = Call | NameTrump | Keep | DealerKeep | Reshuffle | PlayCard
"""Any action."""

_PLAIN_PLAYS: tuple[PlayCard, ...] = tuple(PlayCard(c) for c in range(52))
PASS = Call(None)
CALLS: tuple[Call, ...] = tuple(Call(v) for v in range(0, 41))


def play_of(card: int) -> PlayCard:
    """The (shared) action of playing ``card`` with nothing beneath."""
    return _PLAIN_PLAYS[card]


def call_of(value: int | None) -> Call:
    if value is None:
        return PASS
    return CALLS[value] if 0 <= value < len(CALLS) else Call(value)


def _canonical(cards: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    out = tuple(sorted(cards))
    if len(set(out)) != len(out):
        raise InvalidInput(f"a card is listed twice in {' '.join(CODES[c] for c in out)}")
    for c in out:
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52:
            raise InvalidInput(f"a card is an index 0..51, not {c!r}")
    return out


def parse_action(text: str) -> Action:
    """Parse any action's notation (see the module docstring)."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput(f"expected an action such as pass, 7, trump H or 5D, not {text!r}")
    head = text.strip().split(maxsplit=1)[0].lower()
    if head in ("pass",) or head.isdigit():
        return Call.parse(text)
    if head == "trump":
        return NameTrump.parse(text)
    if head == "keep":
        return Keep.parse(text)
    if head == "dealer-keeps":
        return DealerKeep.parse(text)
    if head == "reshuffle":
        return Reshuffle.parse(text)
    return PlayCard.parse(text)


__all__ = [
    "PASS",
    "Action",
    "Call",
    "DealerKeep",
    "Keep",
    "NameTrump",
    "PlayCard",
    "Reshuffle",
    "call_of",
    "parse_action",
    "play_of",
]
