"""What a bot reads from an observation: the legal actions and the trick so far.

A bot is given only :func:`~tutorial.engine.observe.observe` of its seat, never the state.
:func:`legal_actions` computes the seat's legal actions from the observation alone (its own
cards, the trick so far, trump and the profile), mirroring ``State.legal_actions``; a test
pins the two together on thousands of random positions. :class:`TrickView` splits the cards
played into tricks and says who is winning the current one.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from tutorial.engine.actions import Action, DealerKeep, Keep, NameTrump, PlayCard, call_of
from tutorial.engine.cards import FULL_DECK, iter_bits
from tutorial.engine.errors import InvalidInput
from tutorial.engine.observe import Observation
from tutorial.engine.points import point_table
from tutorial.engine.profiles import Profile, get_profile
from tutorial.engine.state import CHANCE, DEALER_KEEPS, KEEP, Phase, Play

_TRUMPS = tuple(NameTrump(s) for s in range(4))


@dataclass(frozen=True, slots=True)
class TrickView:
    """The tricks of play so far, as the seat saw them."""

    done: tuple[tuple[Play, ...], ...]
    """Completed tricks, each in play order."""
    winners: tuple[int, ...]
    """The winner of each completed trick."""
    current: tuple[Play, ...]
    """Plays of the trick in progress (empty before its lead)."""
    led: int
    """Effective suit led to the current trick (-1 before the lead)."""
    best_seat: int
    """Seat winning the current trick so far (-1 before the lead)."""
    best_card: int
    best_key: int


def tricks_of(obs: Observation, profile: Profile | None = None) -> TrickView:
    """Split ``obs.plays`` into tricks (a trick has one play per seat still holding cards)."""
    p = profile or get_profile(obs.profile)
    trump = obs.trump
    left = list(obs.hand_sizes)
    for pl in obs.plays:
        left[pl.seat] += 1 + len(pl.beneath)
    done: list[tuple[Play, ...]] = []
    winners: list[int] = []
    plays = obs.plays
    i = 0
    while i < len(plays):
        n = sum(1 for x in range(4) if left[x] > 0)
        trick = plays[i : i + n]
        for pl in trick:
            left[pl.seat] -= 1 + len(pl.beneath)
        if len(trick) < n:
            break
        led = p.trumps.effective[trump][trick[0].card]
        keys = p.trumps.trick_key[trump][led]
        winners.append(max(trick, key=lambda q: keys[q.card]).seat)
        done.append(tuple(trick))
        i += n
    current = tuple(plays[i:])
    if not current:
        return TrickView(tuple(done), tuple(winners), (), -1, -1, -1, -2)
    led = p.trumps.effective[trump][current[0].card]
    keys = p.trumps.trick_key[trump][led]
    best = max(current, key=lambda q: keys[q.card])
    return TrickView(
        tuple(done), tuple(winners), current, led, best.seat, best.card, keys[best.card]
    )


def legal_actions(obs: Observation) -> list[Action]:
    """Every legal action of ``obs.seat``, which must be the seat to act, from the
    observation alone (the same list, in the same order, as ``State.legal_actions``)."""
    if obs.to_act != obs.seat or obs.to_act == CHANCE:
        raise InvalidInput(f"seat {obs.seat} is not to act (to act: {obs.to_act})")
    p = get_profile(obs.profile)
    if obs.phase is Phase.BID:
        return [call_of(v) for v in _calls(p, obs)]
    if obs.phase is Phase.TRUMP:
        return list(_TRUMPS)
    if obs.phase is Phase.REFILL:
        tm = p.trumps.mask[obs.trump]
        if obs.pending == KEEP:
            plain = list(iter_bits(obs.hand & ~tm))
            room = max(0, p.hand_size - (obs.hand & tm).bit_count())
            return [
                Keep(c) for n in range(min(room, len(plain)) + 1) for c in combinations(plain, n)
            ]
        if obs.pending == DEALER_KEEPS:
            options = list(obs.dealer_saw or ())
            count = dealer_keep_count(obs, p)
            return [DealerKeep(c) for c in combinations(options, count)]
        raise InvalidInput(f"no decision of the seat is pending in the refill ({obs.pending})")
    if obs.phase is Phase.PLAY:
        return _plays(p, obs)
    raise InvalidInput(f"nothing to decide in phase {obs.phase.value}")


def _calls(p: Profile, obs: Observation) -> list[int | None]:
    high = max((v for _, v in obs.calls if v is not None), default=None)
    if (
        p.dealer_forced_bid is not None
        and not p.auction
        and obs.seat == obs.dealer
        and high is None
    ):
        return [p.dealer_forced_bid]
    low = p.bid_min if high is None else high + 1
    return [None, *range(low, p.bid_max + 1)]


def dealer_keep_count(obs: Observation, p: Profile | None = None) -> int:
    """How many non-trumps the dealer must keep from the rest of the stock (``refill_rob``):
    as many as its hand is short of full — its observation holds the trumps it took from the
    rest — and at most as many as the rest offers."""
    p = p or get_profile(obs.profile)
    need = p.hand_size - obs.hand.bit_count()
    return min(max(need, 0), len(obs.dealer_saw or ()))


def _plays(p: Profile, obs: Observation) -> list[Action]:
    view = tricks_of(obs, p)
    hand = obs.hand
    trump = obs.trump
    tm = p.trumps.mask[trump]
    led = view.led
    if led < 0:
        m = hand
    elif led == trump:
        m = hand & tm or hand
    else:
        f = hand & p.trumps.plain[trump][led]
        m = (f | (hand & tm)) if f else hand
    k = hand.bit_count() - p.hand_size if not view.done else 0
    if k <= 0:
        return [PlayCard(c) for c in iter_bits(m)]
    # A pile: which trumps may not go beneath depends on the point cards in play. In a profile
    # where Low is the lowest trump in play the seat cannot always know whether its lowest
    # trump scores, so only the piles legal both ways are offered (legal in every world).
    cases = [_piles(hand, m, k, forbidden) for forbidden in _forbidden_cases(p, obs)]
    if len(cases) == 1:
        return list(cases[0])
    safe = set.intersection(*(set(c) for c in cases))
    return [a for a in cases[0] if a in safe]


def _forbidden_cases(p: Profile, obs: Observation) -> list[int]:
    """The seat's scoring trumps under each reading of which trumps are in play (all the
    unseen cards in play, or only the cards the seat saw in play)."""
    known_in = obs.hand
    for pl in obs.plays:
        known_in |= 1 << pl.card
        for c in pl.beneath:
            known_in |= 1 << c
    out_of_play = obs.discarded & ~obs.hand
    widest = FULL_DECK & ~out_of_play
    a = point_table(p, obs.trump, widest).scoring_trumps & obs.hand
    b = point_table(p, obs.trump, known_in).scoring_trumps & obs.hand
    return [a] if a == b else [a, b]


def _piles(hand: int, m: int, k: int, forbidden: int) -> list[PlayCard]:
    out: list[PlayCard] = []
    free_all = hand & ~forbidden
    strict_hand = free_all.bit_count() >= k
    if strict_hand and free_all.bit_count() == k:
        m &= forbidden
    for card in iter_bits(m):
        rest = hand & ~(1 << card)
        free = rest & ~forbidden
        if free.bit_count() >= k:
            out.extend(PlayCard(card, c) for c in combinations(list(iter_bits(free)), k))
        else:
            fixed = tuple(iter_bits(free))
            out.extend(
                PlayCard(card, (*fixed, *c))
                for c in combinations(list(iter_bits(rest & forbidden)), k - len(fixed))
            )
    return out
