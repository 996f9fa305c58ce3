"""Fast random playouts of whole hands, for simulation, drills and bots.

:func:`random_playout` plays one hand with random legal actions on bit masks. It shares
with the rules core (:mod:`tutorial.engine.state`) the deal, the profile's trump tables,
its refill function and the point table; only the bidding and play loops are written out
here, for speed (about twice as fast as stepping a :class:`~tutorial.engine.state.State`).
Those loops are pinned to the core step by step: with ``trace`` given, every decision's
legal set is recorded, and a test replays thousands of playouts of every profile through
the core checking that it lists the same legal set at every decision (as perft counts pin
a chess move generator). Every play is also re-checked against the follow rule, stated
independently by effective suit. :func:`replay_playout` steps the core through a
playout.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from tutorial.engine.actions import Action, Call, DealerKeep, Keep, NameTrump, PlayCard, Reshuffle
from tutorial.engine.deal import deal_in_threes, sorted_shuffle
from tutorial.engine.points import point_table, score_points
from tutorial.engine.profiles import Profile
from tutorial.engine.refill import RefillLog
from tutorial.engine.scoring import hand_delta
from tutorial.engine.state import DEALER_KEEPS, KEEP, RESHUFFLE, Phase, State

Trace = list[tuple[int, object]]
"""(seat, legal set) per decision: a list of calls when bidding, a mask of top cards when
playing."""

_FOLLOWERS = tuple(tuple((leader + k) & 3 for k in (1, 2, 3)) for leader in range(4))


class IllegalPlayout(AssertionError):
    """The fast path produced a play the follow rule forbids (a bug, never a user error)."""


class Playout(NamedTuple):
    """A finished random hand: the actions that made it and what it scored."""

    dealer: int
    deck: list[int]
    """The 52 cards in deal order (dealt in threes from the dealer's left; last 16 stock)."""
    calls: list[int | None]
    trump: int
    """-1 if the hand was thrown in."""
    keep: list[list[int]]
    """Non-trumps each seat kept at the discard (profiles that allow it)."""
    reshuffle: list[int] | None
    plays: list[tuple[int, int, tuple[int, ...]]]
    """(seat, card, cards beneath) in play order."""
    bidder: int | None
    bid: int | None
    start_hands: tuple[int, int, int, int]
    captured: tuple[int, int]
    points: tuple[int, int]
    owners: dict[str, int | None]
    made: bool | None
    delta: tuple[int, int]
    tricks: int


def random_playout(
    profile: Profile, dealer: int, rng: random.Random, trace: Trace | None = None
) -> Playout:
    """One hand of random legal play. ``trace`` (a list) receives every decision's legal
    set, for the test that pins this loop to the core."""
    rnd = rng.random
    deck = sorted_shuffle(rng)
    hands = deal_in_threes(deck, dealer)

    # -- bidding: pass half the time when allowed, otherwise a legal bid, low ones likelier
    calls: list[int | None] = []
    high: int | None = None
    high_seat: int | None = None
    passed = [False, False, False, False]
    seat = (dealer + 1) & 3
    bid_max = profile.bid_max
    while True:
        if (
            not profile.auction
            and len(calls) == 3
            and high is None
            and profile.dealer_forced_bid is not None
        ):
            value: int | None = profile.dealer_forced_bid
            if trace is not None:
                trace.append((seat, [value]))
        else:
            low = profile.bid_min if high is None else high + 1
            if trace is not None:
                trace.append((seat, [None, *range(low, bid_max + 1)]))
            r = rnd()
            value = (
                None
                if low > bid_max or r < 0.5
                else low + int((2 * r - 1) ** 2 * (bid_max - low + 1))
            )
        calls.append(value)
        if value is None:
            passed[seat] = True
        else:
            high, high_seat = value, seat
        if not profile.auction:
            if len(calls) == 4:
                break
        else:
            active = [s for s in range(4) if not passed[s]]
            if not active or (high_seat is not None and active == [high_seat]):
                break
        seat = (seat + 1) & 3
        while profile.auction and passed[seat]:
            seat = (seat + 1) & 3
    if high_seat is None or high is None:
        return Playout(
            dealer,
            deck,
            calls,
            -1,
            [],
            None,
            [],
            None,
            None,
            (0, 0, 0, 0),
            (0, 0),
            (0, 0),
            {},
            None,
            (0, 0),
            0,
        )

    # -- trump, discard, refill (the profile's own refill function)
    trump = int(rnd() * 4)
    tables = profile.trumps
    tmask = tables.mask[trump]
    pm = tables.plain[trump]
    keep: list[list[int]] = [[], [], [], []]
    if profile.keep_non_trumps and profile.draw:
        for s in range(4):
            plain = hands[s] & ~tmask
            room = 6 - (hands[s] & tmask).bit_count()
            while room > 0 and plain and rnd() < 0.3:
                c = _pick(plain, rnd())
                plain &= ~(1 << c)
                keep[s].append(c)
                room -= 1
    shuffled: list[int] | None = None
    if profile.draw:
        discards = [0, 0, 0, 0]
        for s in range(4):
            h = hands[s]
            kept = 0
            for c in keep[s]:
                kept |= 1 << c
            hands[s] = (h & tmask) | kept
            discards[s] = h & ~hands[s]
        log = RefillLog(discard_masks=discards)

        def reshuffler(cards: list[int]) -> list[int]:
            nonlocal shuffled
            shuffled = list(cards)
            rng.shuffle(shuffled)
            return shuffled

        profile.refill(tmask, dealer, hands, deck[36:], log, reshuffler)
    start = (hands[0], hands[1], hands[2], hands[3])
    table = point_table(profile, trump, start[0] | start[1] | start[2] | start[3])
    forbidden = table.scoring_trumps

    # -- play
    plays: list[tuple[int, int, tuple[int, ...]]] = []
    captured = [0, 0]
    leader = high_seat
    first = True
    size = profile.hand_size
    big = (
        max(start[0].bit_count(), start[1].bit_count(), start[2].bit_count(), start[3].bit_count())
        > size
    )
    ntricks = 0
    eff = tables.effective[trump]
    tk = tables.trick_key[trump]
    append = plays.append
    while hands[0] | hands[1] | hands[2] | hands[3]:
        while not hands[leader]:
            leader = (leader + 1) & 3
        # the lead: any card (the top of a pile for a hand of more than 6)
        h = hands[leader]
        beneath: tuple[int, ...] = ()
        if trace is not None:
            trace.append((leader, _pile_tops(h, h, h.bit_count() - size, forbidden, first)))
        if first and big and h.bit_count() > size:
            card, beneath = _random_pile(h, h, h.bit_count() - size, forbidden, rnd)
            moved = _mask_of(card, beneath)
        else:
            n = int(rnd() * h.bit_count())
            m = h
            while n:
                m &= m - 1
                n -= 1
            moved = m & -m
            card = moved.bit_length() - 1
        led = eff[card]
        keys = tk[led]
        trump_led = led == trump
        follow = tmask if trump_led else pm[led]
        hands[leader] = h & ~moved
        taken = moved
        best = keys[card]
        winner = leader
        append((leader, card, beneath))
        for s in _FOLLOWERS[leader]:
            h = hands[s]
            if not h:
                continue
            f = h & follow
            if not f:
                m = h
            elif trump_led:
                m = f
            else:
                m = f | (h & tmask)
            beneath = ()
            if trace is not None:
                trace.append((s, _pile_tops(h, m, h.bit_count() - size, forbidden, first)))
            if first and big and h.bit_count() > size:
                card, beneath = _random_pile(h, m, h.bit_count() - size, forbidden, rnd)
                moved = _mask_of(card, beneath)
            else:
                n = int(rnd() * m.bit_count())
                while n:
                    m &= m - 1
                    n -= 1
                moved = m & -m
                card = moved.bit_length() - 1
            e = eff[card]
            if f and e != led and e != trump:
                # the follow rule, stated by effective suit: off-suit only when void
                raise IllegalPlayout(f"seat {s} played {card} while able to follow {led}")
            hands[s] = h & ~moved
            taken |= moved
            key = keys[card]
            if key > best:
                best = key
                winner = s
            append((s, card, beneath))
        captured[winner & 1] |= taken
        leader = winner
        first = False
        ntricks += 1

    points, owners = score_points(profile, table.cards, captured[0], start)
    made, delta = hand_delta(high_seat & 1, high, points)
    return Playout(
        dealer,
        deck,
        calls,
        trump,
        keep,
        shuffled,
        plays,
        high_seat,
        high,
        start,
        (captured[0], captured[1]),
        points,
        owners,
        made,
        delta,
        ntricks,
    )


def _random_pile(
    h: int,
    legal: int,
    k: int,
    forbidden: int,
    rnd: Callable[[], float],
) -> tuple[int, tuple[int, ...]]:
    """A random legal pile for a hand ``h`` of more than 6 cards: a top card from ``legal``
    and ``k`` cards beneath that are not scoring trumps (where the hand allows)."""
    free = h & ~forbidden
    strict = free.bit_count() >= k
    if strict and free.bit_count() == k:
        legal &= forbidden
    top = _pick(legal, rnd())
    rest = h & ~(1 << top)
    allowed = rest & ~forbidden if strict else rest
    beneath = []
    if not strict:  # variant tables: every non-scoring card goes beneath first
        beneath = [c for c in range(52) if (free >> c) & 1 and c != top]
        allowed = rest & forbidden
    while len(beneath) < k:
        c = _pick(allowed, rnd())
        allowed &= ~(1 << c)
        beneath.append(c)
    return top, tuple(beneath)


def _pile_tops(h: int, legal: int, k: int, forbidden: int, first: bool) -> int:
    """The top cards :func:`_random_pile` may choose from (``legal`` when no pile)."""
    if not first or k <= 0:
        return legal
    free = h & ~forbidden
    if free.bit_count() >= k and free.bit_count() == k:
        return legal & forbidden
    return legal


def replay_playout(
    profile: Profile, p: Playout, check: Callable[[State, Action], None] | None = None
) -> State:
    """Step the rules core through a playout's decisions and return the finished state.
    ``check(state, action)`` is called before each decision is applied (the test that pins
    the fast loops uses it). The dealer keeps non-trumps in stock order, as random play does.
    """
    state = State.from_deck(profile, p.dealer, p.deck)
    plays = iter(p.plays)
    calls = iter(p.calls)
    while not state.is_terminal():
        action: Action
        if state.phase is Phase.BID:
            action = Call(next(calls))
        elif state.phase is Phase.TRUMP:
            action = NameTrump(p.trump)
        elif state.pending == KEEP:
            action = Keep(tuple(p.keep[state.to_act]))
        elif state.pending == DEALER_KEEPS:
            options, count = state.pending_info
            assert isinstance(options, tuple) and isinstance(count, int)
            action = DealerKeep(options[:count])
        elif state.pending == RESHUFFLE:
            assert p.reshuffle is not None
            action = Reshuffle(tuple(p.reshuffle))
        else:
            seat, card, beneath = next(plays)
            if seat != state.to_act:
                raise IllegalPlayout(f"seat {seat} played out of turn")
            action = PlayCard(card, beneath)
        if check is not None:
            check(state, action)
        state.apply(action)
    return state


def _mask_of(card: int, beneath: tuple[int, ...]) -> int:
    m = 1 << card
    for c in beneath:
        m |= 1 << c
    return m


def _pick(mask: int, r: float) -> int:
    n = int(r * mask.bit_count())
    while n:
        mask &= mask - 1
        n -= 1
    return (mask & -mask).bit_length() - 1
