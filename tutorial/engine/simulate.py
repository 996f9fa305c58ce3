"""Random legal play of complete hands and games, with invariant checks.

``cinch simulate`` runs :func:`simulate`: hands are played by the fast
:func:`~tutorial.engine.playout.random_playout` (every call, trump, discard, pile and play
uniformly random among the legal ones), chained into games, and each is checked by
:func:`check_playout`. :func:`play_random_hand` does the same through the validating
:class:`~tutorial.engine.hand.Hand`, for tests.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from tutorial.engine.cards import FULL_DECK
from tutorial.engine.hand import Hand, Phase
from tutorial.engine.playout import Playout, random_playout
from tutorial.engine.profiles import Profile
from tutorial.engine.scoring import GameScore
from tutorial.engine.trumps import TRUMP_MASK

_ALL = frozenset(range(52))


class InvariantError(AssertionError):
    """A finished hand broke one of the engine's invariants (a bug, never a user error)."""


def _pick_bit(mask: int, rnd: float) -> int:
    """The k-th set bit of ``mask`` for k = floor(rnd * popcount)."""
    k = int(rnd * mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def play_random_hand(profile: Profile, dealer: int, rng: random.Random) -> Hand:
    """Deal and play one hand through :class:`Hand`, choosing uniformly among the legal
    actions the engine lists; return it finished."""
    hand = Hand.random_deal(profile, dealer, rng)
    rnd = rng.random
    while hand.phase is Phase.BID:
        calls = hand.legal_bids()
        hand.bid(hand.to_act, calls[int(rnd() * len(calls))])
    if hand.phase is Phase.DONE:
        return hand
    hand.name_trump(hand.to_act, int(rnd() * 4))
    keep: dict[int, list[int]] = {}
    if profile.keep_non_trumps:
        for seat in range(4):
            h = hand.hands[seat]
            room = 6 - (h & hand.trump_mask).bit_count()
            plain = h & ~hand.trump_mask
            keep[seat] = []
            while room > 0 and plain and rnd() < 0.3:
                c = _pick_bit(plain, rnd())
                plain &= ~(1 << c)
                keep[seat].append(c)
                room -= 1
    hand.refill(keep=keep, rng=rng)
    while hand.phase is Phase.PLAY:
        seat = hand.to_act
        card = _pick_bit(hand.legal_mask(), rnd())
        beneath = []
        allowed = hand.legal_beneath_mask(card)
        for _ in range(hand.pile_size()):
            c = _pick_bit(allowed, rnd())
            allowed &= ~(1 << c)
            beneath.append(c)
        hand.play(seat, card, beneath)
    return hand


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


def simulate(
    profile: Profile, hands: int, seed: int, on_hand: Callable[[], None] | None = None
) -> SimulationReport:
    """Play ``hands`` random hands as consecutive games (the deal passes left; a new game
    starts when one is won), checking every invariant after each hand and the game totals
    after each score; ``on_hand()`` is called after each hand is played (a progress line).
    Raises :class:`InvariantError` on the first inconsistency."""
    rng = random.Random(seed)
    report = SimulationReport(profile.name, hands, seed)
    game = GameScore(profile)
    dealer = int(rng.random() * 4)
    start = time.perf_counter()
    for _ in range(hands):
        p = random_playout(profile, dealer, rng)
        if on_hand is not None:
            on_hand()
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
