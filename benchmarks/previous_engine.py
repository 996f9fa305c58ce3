"""A frozen copy of the random playout and ``simulate`` as they were before the rules core
(issue 10), so that ``bench_simulate.py`` can run the previous and the new engine side by side
in one run and report their ratio. Do not edit: it is the baseline. It shares only the
unchanged card and trump tables and the profiles' point rules with the live engine.

Copied from tutorial/engine/{playout,refill,simulate}.py, hand.py's point table and
scoring.hand_delta at commit 6194987.
"""

# ruff: noqa

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter
from typing import Any, NamedTuple

from tutorial.engine.cards import CODES, FULL_DECK, iter_bits, mask_of
from tutorial.engine.errors import IllegalAction, Reason
from tutorial.engine.scoring import GameScore
from tutorial.engine.trumps import EFFECTIVE_SUIT, PLAIN_MASK, TRICK_KEY, TRUMP_MASK

Profile = Any


Reshuffler = Callable[[list[int]], list[int]]
"""Given the discards (a list of card indices), return them in the new stock order."""


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
    dealer_keeps: Sequence[int] | None = None,
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
        if dealer_keeps is not None:
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
        kept = list(dealer_keeps)
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
    dealer_keeps: Sequence[int] | None = None,
) -> None:
    """``classic-51``: the dealer fills every hand to 6 from the stock, dealer last.

    If the stock cannot fill every hand, what is left is shared as evenly as possible: one
    card at a time, clockwise from the dealer's left, to each player still short of 6, until
    the stock is empty (decided). The rest of the stock, if any, stays out of play.
    ``reshuffle`` and ``dealer_keeps`` do not apply to this profile and must be None.
    """
    if dealer_keeps is not None:
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


def hand_delta(bidder: int, bid: int, points: tuple[int, int]) -> tuple[bool, tuple[int, int]]:
    """Defenders always add what they won; bidders add theirs if it reaches the bid,
    otherwise they lose the whole bid (not the shortfall)."""
    made = points[bidder] >= bid
    d = [points[0], points[1]]
    if not made:
        d[bidder] = -bid
    return made, (d[0], d[1])


class PointTable(NamedTuple):
    """The point cards of one hand, fixed once trump is named and the hands are refilled."""

    cards: tuple[tuple[str, int, int, bool], ...]
    """(name, card, value, held) for each point card in play."""
    capture_value: dict[int, int]
    """card → points it carries to whoever captures it."""
    capture_list: tuple[tuple[int, int], ...]
    """(card bit, value) pairs, for fast trick counting."""
    capture_mask: int
    scoring_trumps: int
    """Point cards that are trumps: they may not go beneath a pile."""


def point_table(profile: Profile, trump: int, in_play: int) -> PointTable:
    """The point cards given trump and the cards in play. Every point card is a trump, so
    the table depends only on which trumps are in play; it is computed once per case."""
    return _point_table(profile, trump, in_play & TRUMP_MASK[trump])


@lru_cache(maxsize=8192)
def _point_table(profile: Profile, trump: int, in_play: int) -> PointTable:
    cards = []
    capture_value: dict[int, int] = {}
    scoring = 0
    tm = TRUMP_MASK[trump]
    for rule in profile.points:
        card = rule.card(trump, in_play)
        if card is None:
            continue
        cards.append((rule.name, card, rule.value, rule.held))
        if (tm >> card) & 1:
            scoring |= 1 << card
        if not rule.held:
            capture_value[card] = capture_value.get(card, 0) + rule.value
    return PointTable(
        tuple(cards),
        capture_value,
        tuple((1 << c, v) for c, v in capture_value.items()),
        mask_of(capture_value),
        scoring,
    )


def score_points(
    profile: Profile,
    cards: Sequence[tuple[str, int, int, bool]],
    captured_ac: int,
    start_hands: Sequence[int],
) -> tuple[tuple[int, int], dict[str, int | None]]:
    """Points per team and the owner of each point (None: not in play). A held point goes
    to the side whose hand held the card after the refill; the others to the captor."""
    points = [0, 0]
    owners: dict[str, int | None] = {r.name: None for r in profile.points}
    for name, card, value, held in cards:
        if held:
            bit = 1 << card
            team = 0 if (start_hands[0] | start_hands[2]) & bit else 1
        else:
            team = 0 if (captured_ac >> card) & 1 else 1
        owners[name] = team
        points[team] += value
    return (points[0], points[1]), owners


_RANGE52 = range(52)
_BIT = tuple(1 << i for i in range(52))
_SEAT_CARDS = tuple(
    itemgetter(*(3 * g + j for g in (k, k + 4, k + 8) for j in range(3))) for k in range(4)
)
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


def random_playout(profile: Profile, dealer: int, rng: random.Random) -> Playout:
    rnd = rng.random
    sort_keys = [rnd() for _ in _RANGE52]
    deck = sorted(_RANGE52, key=sort_keys.__getitem__)
    bit = _BIT.__getitem__
    hands = [0, 0, 0, 0]
    for k in range(4):  # seat dealer+1+k gets the k-th, (k+4)-th and (k+8)-th threes
        hands[(dealer + 1 + k) & 3] = sum(map(bit, _SEAT_CARDS[k](deck)))

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
        else:
            low = profile.bid_min if high is None else high + 1
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
    tmask = TRUMP_MASK[trump]
    pm = PLAIN_MASK[trump]
    keep: list[list[int]] = [[], [], [], []]
    if profile.keep_non_trumps:
        for s in range(4):
            plain = hands[s] & ~tmask
            room = 6 - (hands[s] & tmask).bit_count()
            while room > 0 and plain and rnd() < 0.3:
                c = _pick(plain, rnd())
                plain &= ~(1 << c)
                keep[s].append(c)
                room -= 1
    discards = [0, 0, 0, 0]
    for s in range(4):
        h = hands[s]
        kept = 0
        for c in keep[s]:
            kept |= 1 << c
        hands[s] = (h & tmask) | kept
        discards[s] = h & ~hands[s]
    log = RefillLog(discard_masks=discards)
    shuffled: list[int] | None = None

    def reshuffler(cards: list[int]) -> list[int]:
        nonlocal shuffled
        shuffled = list(cards)
        rng.shuffle(shuffled)
        return shuffled

    _REFILL[profile.refill.__name__](tmask, dealer, hands, deck[36:], log, reshuffler)
    start = (hands[0], hands[1], hands[2], hands[3])
    table = point_table(profile, trump, start[0] | start[1] | start[2] | start[3])
    forbidden = table.scoring_trumps

    # -- play
    plays: list[tuple[int, int, tuple[int, ...]]] = []
    captured = [0, 0]
    leader = high_seat
    first = True
    big = (
        max(start[0].bit_count(), start[1].bit_count(), start[2].bit_count(), start[3].bit_count())
        > 6
    )
    ntricks = 0
    eff = EFFECTIVE_SUIT[trump]
    tk = TRICK_KEY[trump]
    append = plays.append
    while hands[0] | hands[1] | hands[2] | hands[3]:
        while not hands[leader]:
            leader = (leader + 1) & 3
        # the lead: any card (the top of a pile for a hand of more than 6)
        h = hands[leader]
        beneath: tuple[int, ...] = ()
        if first and big and h.bit_count() > 6:
            card, beneath = _random_pile(h, h, h.bit_count() - 6, forbidden, rnd)
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
            if first and big and h.bit_count() > 6:
                card, beneath = _random_pile(h, m, h.bit_count() - 6, forbidden, rnd)
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


class InvariantError(AssertionError):
    """A finished hand broke one of the engine's invariants (a bug, never a user error)."""


def check_playout(profile: Profile, p: Playout) -> None:
    """Raise :class:`InvariantError` if a finished hand is inconsistent: the 52 cards are
    not each in exactly one place, a card was played twice, the points do not add up,
    or the score change does not follow from the points and the bid."""
    if p.bidder is None:
        if len(p.calls) < 4 or any(c is not None for c in p.calls):
            raise InvariantError("a hand ended without a bidder although someone bid")
        return
    if len(p.deck) != 52 or not _ALL.issuperset(p.deck) or len(set(p.deck)) != 52:
        raise InvariantError("the deal does not hold the 52 cards exactly once")
    in_play = 0
    for h in p.start_hands:
        if in_play & h:
            raise InvariantError("a card is in two hands after the refill")
        in_play |= h
    played = 0
    for _, card, beneath in p.plays:
        if (played >> card) & 1:
            raise InvariantError("a card was played twice")
        played |= 1 << card
        for c in beneath:
            if (played >> c) & 1:
                raise InvariantError("a card was played twice")
            played |= 1 << c
    if played != in_play or in_play & ~FULL_DECK:
        raise InvariantError("the cards played are not the cards dealt into play")
    if p.captured[0] & p.captured[1] or p.captured[0] | p.captured[1] != in_play:
        raise InvariantError("the cards captured are not the cards played")
    if profile.all_points_in_play:
        tmask = TRUMP_MASK[p.trump]
        for h in p.start_hands:
            n = h.bit_count()
            if n < 6 or (n > 6 and h & ~tmask):
                raise InvariantError(f"a hand holds {n} cards after refill, not 6 or all trumps")
        if in_play & tmask != tmask:
            raise InvariantError("a trump is out of play")
        if p.points[0] + p.points[1] != profile.total_points:
            raise InvariantError(
                f"the hand scored {sum(p.points)} points, not {profile.total_points}"
            )
        if p.tricks != 6:
            raise InvariantError(f"{p.tricks} tricks were played, not 6")
    elif p.points[0] + p.points[1] > profile.total_points:
        raise InvariantError("more points were scored than the table holds")
    assert p.bid is not None
    b = p.bidder & 1
    if p.made != (p.points[b] >= p.bid):
        raise InvariantError("made/set does not follow from the points")
    if p.delta[1 - b] != p.points[1 - b] or p.delta[b] != (p.points[b] if p.made else -p.bid):
        raise InvariantError("the score change does not follow from the points and the bid")


@dataclass
class SimulationReport:
    profile: str
    hands: int
    seed: int
    seconds: float = 0.0
    thrown_in: int = 0
    made: int = 0
    reshuffles: int = 0
    piles: int = 0
    games_finished: int = 0
    decided_by: dict[str, int] = field(default_factory=dict)

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else float("inf")


def simulate(profile: Profile, hands: int, seed: int) -> SimulationReport:
    """Play ``hands`` random hands as consecutive games (the deal passes left; a new game
    starts when one is won), checking every invariant after each hand and the game totals
    after each score. Raises :class:`InvariantError` on the first inconsistency."""
    rng = random.Random(seed)
    report = SimulationReport(profile.name, hands, seed)
    game = GameScore(profile)
    dealer = int(rng.random() * 4)
    start = time.perf_counter()
    for _ in range(hands):
        p = random_playout(profile, dealer, rng)
        check_playout(profile, p)
        dealer = (dealer + 1) & 3
        if p.bidder is None or p.bid is None:
            report.thrown_in += 1
            continue
        if p.reshuffle is not None:
            report.reshuffles += 1
        if any(b for _, _, b in p.plays[:4]):
            report.piles += 1
        report.made += bool(p.made)
        before = game.totals
        game = game.add(p.bidder & 1, p.bid, p.points)
        if game.totals != (before[0] + p.delta[0], before[1] + p.delta[1]):
            raise InvariantError("the game totals are not the sum of the hands' changes")
        if game.winner is not None:
            report.games_finished += 1
            key = game.decided_by.value if game.decided_by else "none"
            report.decided_by[key] = report.decided_by.get(key, 0) + 1
            game = GameScore(profile)
    report.seconds = time.perf_counter() - start
    return report


_REFILL = {"refill_rob": refill_rob, "refill_share": refill_share}
_ALL = frozenset(range(52))
