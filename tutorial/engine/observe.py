"""What one seat knows.

:func:`observe` gives a seat's information state: its own cards (dealt, discarded,
received, held), every call, trump, every card played (piles included), the counts anyone
at the table can see (cards discarded, received and held by each seat), whether and where
the stock ran out, and for the dealer what it saw of the stock. Two states that give a seat
equal observations are indistinguishable to that seat.

The worlds consistent with an observation are dealt by :mod:`tutorial.engine.worlds`
(:func:`~tutorial.engine.worlds.resample`, :func:`~tutorial.engine.worlds.sample_world`).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutorial.engine.state import DEALER_KEEPS, Phase, Play, State


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's information state (cards are masks or tuples of indices)."""

    seat: int
    profile: str
    dealer: int
    phase: Phase
    to_act: int
    """Seat to act, or CHANCE."""
    dealt: int
    """The seat's nine dealt cards."""
    hand: int
    """The cards it holds now: during the refill, what it kept of its deal (once it has
    discarded) and what it has received so far — for the dealer choosing its keep, the
    trumps it took from the rest of the stock too (the state's hands change only when the
    refill ends)."""
    calls: tuple[tuple[int, int | None], ...]
    trump: int
    """-1 before trump is named."""
    discarded: int
    """The cards it discarded (0 before the discard)."""
    received: tuple[int, ...]
    """The cards it received in the refill, in the order received (so far, during it; for the
    dealer choosing its keep, the trumps of the rest of the stock, taken at once)."""
    discard_counts: tuple[int, ...]
    """How many cards each seat discarded (-1: not yet)."""
    received_counts: tuple[int, ...]
    """How many cards each seat received in the refill; during the refill, the cards dealt so
    far, and -1 for the dealer, whose share is not public before the refill ends."""
    hand_sizes: tuple[int, ...]
    """The cards each seat holds, as the state counts them (public; during the refill the
    hands as dealt, until the refill ends)."""
    stock_ran_out_at: int | None
    """The seat being served when the stock ran out (None if it did not)."""
    dealer_saw: tuple[int, ...] | None
    """The dealer only: the rest of the stock it examined, in order (and what it kept)."""
    dealer_kept: tuple[int, ...] | None
    rest_discarded: int
    """How many cards of the rest of the stock the dealer put aside (public)."""
    pending: str | None
    plays: tuple[Play, ...]
    """Every card played, in order (completed tricks and the current one)."""
    score: tuple[int, int] = (0, 0)
    """The game score before this hand, (AC, BD): public, every seat sees it (whether
    *bidder goes out* is in force follows from it: ``scoring.bidder_goes_out``)."""


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` knows in ``state``."""
    s = state
    log = s.refill_log
    tm = s.trump_mask
    discards: list[int] = [-1, -1, -1, -1]
    if log is not None:
        discards = [m.bit_count() for m in log.discard_masks]
    elif s.phase is Phase.REFILL:
        for x in range(4):
            if s.keeps[x] is not None:
                dealt = s.dealt[x]
                discards[x] = (
                    dealt.bit_count() - (dealt & tm).bit_count() - (s.keeps[x] or 0).bit_count()
                )
    discarded = 0
    if log is not None:
        discarded = log.discard_masks[seat]
    elif s.phase is Phase.REFILL and s.keeps[seat] is not None:
        discarded = s.dealt[seat] & ~tm & ~(s.keeps[seat] or 0)
    part = log if log is not None else s.refill_so_far()  # the refill up to its pending decision
    received_counts = (0, 0, 0, 0)
    if part is not None:
        counts = [len(r) for r in part.received]
        if log is None:  # the dealer's share is not public before the refill ends
            counts[s.dealer] = -1
        received_counts = (counts[0], counts[1], counts[2], counts[3])
    is_dealer = seat == s.dealer
    saw: tuple[int, ...] | None = None
    kept: tuple[int, ...] | None = None
    if is_dealer and log is not None and log.dealer_examined:
        saw = tuple(log.dealer_examined)
        kept = tuple(c for c in log.received[seat] if c in log.dealer_examined)
    elif is_dealer and s.pending == DEALER_KEEPS:
        options = s.pending_info[0]
        assert isinstance(options, tuple)
        saw = options  # the non-trumps it must choose from (its trumps are already in hand)
    hand = s.hands[seat]
    if log is None and s.phase is Phase.REFILL:
        keep = s.keeps[seat]
        if keep is not None:  # it has discarded: its trumps and the non-trumps it kept
            hand = (s.dealt[seat] & tm) | keep
        for c in part.received[seat] if part else ():
            hand |= 1 << c
    plays = tuple(p for tr in s.tricks for p in tr.plays) + tuple(s.trick_plays)
    return Observation(
        seat=seat,
        profile=s.profile.name,
        dealer=s.dealer,
        phase=s.phase,
        to_act=s.to_act,
        dealt=s.dealt[seat],
        hand=hand,
        calls=tuple(s.calls),
        trump=s.trump,
        discarded=discarded,
        received=tuple(part.received[seat]) if part else (),
        discard_counts=tuple(discards),
        received_counts=received_counts,
        hand_sizes=tuple(h.bit_count() for h in s.hands),
        stock_ran_out_at=part.reshuffle_before if part else None,
        dealer_saw=saw,
        dealer_kept=kept,
        rest_discarded=len(log.dealer_discarded) if log else 0,
        pending=s.pending,
        plays=plays,
        score=s.score,
    )
