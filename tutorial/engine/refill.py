"""Refilling hands to six after the discard: one function per profile family.

Both functions work on plain data (hand masks, the stock as a list of card indices, top
first) and return what happened, so a scenario, a lesson or a drill can show each step.
They raise :class:`IllegalAction` when a scenario's choice (``dealer_keeps``, ``reshuffle``)
is not one the rules allow.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tutorial.engine.cards import CODES, iter_bits, mask_of
from tutorial.engine.errors import IllegalAction, Reason

Reshuffler = Callable[[list[int]], list[int]]
"""Given the discards (a list of card indices), return them in the new stock order."""

DealerChooser = Callable[[list[int], int], Sequence[int]]
"""Given the non-trumps of the rest of the stock (stock order) and how many the dealer must
keep, return the ones kept: the dealer's decision, asked for only when it is reached."""

DealerKeeps = Sequence[int] | DealerChooser | None
"""The dealer's keep: the cards, a function that decides when asked, or None (stock order)."""


@dataclass(slots=True)
class RefillLog:
    """What the refill did. Lists are card indices; per-seat lists are indexed by seat."""

    discard_masks: list[int]
    """Per seat, the cards discarded (a mask)."""
    received: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    dealer_examined: list[int] = field(default_factory=list)
    dealer_discarded: list[int] = field(default_factory=list)
    reshuffled: list[int] | None = None
    reshuffle_before: int | None = None
    """Seat that was being served when the stock ran out (None if it never did)."""
    short_shared: bool = False
    """``share`` profiles: the stock could not fill every hand and was shared out."""


def _clockwise_from_left(dealer: int) -> list[int]:
    return [(dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4]


def refill_rob(
    trump_mask: int,
    dealer: int,
    hands: list[int],
    stock: Sequence[int],
    log: RefillLog,
    reshuffle: Reshuffler,
    dealer_keeps: DealerKeeps = None,
) -> None:
    """``pagat-62``: fill the others to 6 in seat order, then the dealer robs the rest.

    ``hands`` (after the discard: trumps only) is updated in place. When the stock runs out
    the discards of all four players become a new stock, in the order ``reshuffle`` gives.
    The dealer keeps every trump of the rest and, if still short of 6, non-trumps from it:
    ``dealer_keeps`` names them, or by default the first ones in stock order. If the stock
    ran out before the dealer's turn, the dealer draws what is still needed from the top of
    the new stock without looking through it (decided).
    """
    pile = stock if isinstance(stock, list) else list(stock)
    pos = 0
    for seat in ((dealer + 1) & 3, (dealer + 2) & 3, (dealer + 3) & 3):
        need = 6 - hands[seat].bit_count()
        if need <= 0:
            continue
        if pos + need > len(pile):  # the stock runs out: take what is left, then reshuffle
            got = pile[pos:]
            pile, pos = _reshuffle(log, reshuffle, seat), 0
            more = need - len(got)
            got = got + pile[:more]
            pos = more
        else:
            got = pile[pos : pos + need]
            pos += need
        m = 0
        for c in got:
            m |= 1 << c
        hands[seat] |= m
        log.received[seat].extend(got)
    if log.reshuffled is not None:
        # The stock ran out before the dealer's turn: the new stock is everyone's hidden
        # discards (no trump among them). The dealer does not look through it; if still
        # short of 6, the dealer draws from its top (decided).
        if dealer_keeps is not None and not callable(dealer_keeps):
            raise IllegalAction(
                Reason.DEALER_KEEPS_INVALID,
                "the stock ran out before the dealer's turn: the dealer draws from the top of "
                "the new stock and chooses nothing",
                seat=dealer,
                required="0",
            )
        got = pile[pos : pos + max(0, 6 - hands[dealer].bit_count())]
        hands[dealer] |= mask_of(got)
        log.received[dealer].extend(got)
        return
    rest = pile[pos:]
    log.dealer_examined = list(rest)
    trumps = []
    plain = []
    tm = 0
    for c in rest:
        if (trump_mask >> c) & 1:
            trumps.append(c)
            tm |= 1 << c
        else:
            plain.append(c)
    hands[dealer] |= tm
    log.received[dealer].extend(trumps)
    need = 6 - hands[dealer].bit_count()
    count = min(max(need, 0), len(plain))  # how many non-trumps the dealer keeps
    if dealer_keeps is None:
        kept = plain[:count]
    else:
        kept = list(dealer_keeps(plain, count) if callable(dealer_keeps) else dealer_keeps)
        if len(set(kept)) != len(kept) or not set(kept) <= set(plain) or len(kept) != count:
            choose = " ".join(CODES[c] for c in plain) or "none"
            raise IllegalAction(
                Reason.DEALER_KEEPS_INVALID,
                f"the dealer must keep exactly {count} non-trump(s) from the rest of the "
                f"stock (choose from: {choose}), not {' '.join(CODES[c] for c in kept) or 'none'}",
                seat=dealer,
                required=str(count),
            )
    hands[dealer] |= mask_of(kept)
    log.received[dealer].extend(kept)
    log.dealer_discarded = [c for c in plain if c not in kept]
    need = 6 - hands[dealer].bit_count()
    if need > 0:  # the rest of the stock was not enough for the dealer either
        pile, pos = _reshuffle(log, reshuffle, dealer), 0
        for card in pile[:need]:
            hands[dealer] |= 1 << card
            log.received[dealer].append(card)


def _reshuffle(log: RefillLog, reshuffle: Reshuffler, seat: int) -> list[int]:
    if log.reshuffled is not None:  # cannot happen: 38 non-trumps cover any shortfall
        raise AssertionError("the reshuffled stock ran out")
    discards = [c for m in log.discard_masks for c in iter_bits(m)]
    new = reshuffle(discards)
    if sorted(new) != sorted(discards):
        raise IllegalAction(
            Reason.RESHUFFLE_INVALID,
            "the stock ran out: the new stock must be exactly the discarded non-trumps "
            f"({' '.join(CODES[c] for c in sorted(discards))}) in some order, "
            f"not {' '.join(CODES[c] for c in new) or 'nothing'}",
            seat=seat,
        )
    log.reshuffled = list(new)
    log.reshuffle_before = seat
    return list(new)


def refill_share(
    trump_mask: int,
    dealer: int,
    hands: list[int],
    stock: Sequence[int],
    log: RefillLog,
    reshuffle: Reshuffler,
    dealer_keeps: DealerKeeps = None,
) -> None:
    """``classic-51``: the dealer fills every hand to 6 from the stock, dealer last.

    If the stock cannot fill every hand, what is left is shared as evenly as possible: one
    card at a time, clockwise from the dealer's left, to each player still short of 6, until
    the stock is empty (decided). The rest of the stock, if any, stays out of play.
    ``reshuffle`` and ``dealer_keeps`` do not apply to this profile and must be None.
    """
    if dealer_keeps is not None and not callable(dealer_keeps):
        raise IllegalAction(
            Reason.DEALER_KEEPS_INVALID,
            "in this profile the dealer does not rob the stock",
            seat=dealer,
        )
    order = [*_clockwise_from_left(dealer), dealer]
    needs = [max(0, 6 - hands[s].bit_count()) for s in range(4)]
    pile = list(stock)
    pos = 0
    if sum(needs) <= len(pile):
        for seat in order:
            for _ in range(needs[seat]):
                hands[seat] |= 1 << pile[pos]
                log.received[seat].append(pile[pos])
                pos += 1
        return
    log.short_shared = True
    while pos < len(pile):
        for seat in order:
            if needs[seat] > 0 and pos < len(pile):
                hands[seat] |= 1 << pile[pos]
                log.received[seat].append(pile[pos])
                needs[seat] -= 1
                pos += 1
