"""Worlds proposed in the middle of the refill (for :func:`~tutorial.engine.worlds.resample`).

Two decisions are taken inside the refill: each seat's keep (profiles where players may keep
non-trumps, in turn from the dealer's left) and the dealer's keep from the rest of the stock
(``refill_rob``, after the others have been served). What a seat knows there: its dealt
cards, every call, trump, how many cards each seat that has decided discarded (public), its
own keep, the stock cards it was served (at stock positions that follow from the public
discard counts), and, for the dealer at its keep, the rest of the stock (its trumps, taken
at once, and the non-trumps to choose from).

A world is dealt from that alone: the seen stock cards at their positions (the dealer's
trumps and non-trumps interleaved at random, since only each group's order is observed),
then the unseen cards at random into the other hands and the unseen stock positions. Where
everyone must discard every non-trump the discard counts fix how many trumps each other seat
holds, so those seats are dealt exactly that many; a seat that chose what to keep is dealt
at random and rejected if no keep of its hand discards as many cards as it did, then keeps a
random choice of the right size. The world is replayed through the core up to the decision
awaited; :func:`~tutorial.engine.worlds.resample` compares its observation with the seat's
and tries again when they differ, so every world returned is consistent, and every
consistent world (deal, stock order and keeps) can be proposed.
"""

from __future__ import annotations

import random

from tutorial.engine.actions import Call, Keep, NameTrump
from tutorial.engine.cards import FULL_DECK, iter_bits
from tutorial.engine.observe import Observation
from tutorial.engine.profiles import Profile
from tutorial.engine.state import DEALER_KEEPS, KEEP, State


def propose_in_refill(profile: Profile, obs: Observation, rng: random.Random) -> State | None:
    """A world for an observation taken at a keep decision of the refill (None: try again)."""
    me, d, trump = obs.seat, obs.dealer, obs.trump
    tm = profile.trumps.mask[trump]
    hs = profile.hand_size
    decided = [c >= 0 for c in obs.discard_counts]
    stock: list[int | None] = [None] * 16
    if obs.pending == DEALER_KEEPS:
        pos = 0
        for x in ((d + 1) & 3, (d + 2) & 3, (d + 3) & 3):
            need = max(0, hs - (9 - obs.discard_counts[x]))
            if x == me:
                if len(obs.received) != need:
                    return None
                stock[pos : pos + need] = obs.received
            pos += need
        if pos > 16:
            return None
        if me == d:  # the rest of the stock, as the dealer saw it
            trumps, plains = list(obs.received), list(obs.dealer_saw or ())
            if len(trumps) + len(plains) != 16 - pos:
                return None
            slots = list(range(pos, 16))
            at_trump = set(rng.sample(slots, len(trumps)))
            for where in slots:
                stock[where] = trumps.pop(0) if where in at_trump else plains.pop(0)
    known = obs.dealt
    for c in stock:
        if c is not None:
            known |= 1 << c
    unseen = list(iter_bits(FULL_DECK & ~known))
    rng.shuffle(unseen)
    t_pool = [c for c in unseen if (tm >> c) & 1]
    p_pool = [c for c in unseen if not (tm >> c) & 1]
    dealt = [0, 0, 0, 0]
    dealt[me] = obs.dealt
    others = [x for x in range(4) if x != me]
    free = []
    for x in others:
        if decided[x] and not profile.keep_non_trumps:  # all non-trumps go: count is public
            n_plain = obs.discard_counts[x]
            if n_plain > 9 or len(p_pool) < n_plain or len(t_pool) < 9 - n_plain:
                return None
            for _ in range(9 - n_plain):
                dealt[x] |= 1 << t_pool.pop()
            for _ in range(n_plain):
                dealt[x] |= 1 << p_pool.pop()
        else:
            free.append(x)
    rest = t_pool + p_pool
    rng.shuffle(rest)
    for x in free:
        for _ in range(9):
            dealt[x] |= 1 << rest.pop()
    for where in range(16):
        if stock[where] is None:
            stock[where] = rest.pop()
    if rest:  # pragma: no cover - 52 cards always fill 27 places and the stock
        return None
    keeps: list[tuple[int, ...]] = [(), (), (), ()]
    for x in range(4):
        if not decided[x] or not profile.keep_non_trumps:
            continue
        plain = [c for c in iter_bits(dealt[x]) if not (tm >> c) & 1]
        if x == me:
            keeps[x] = tuple(c for c in plain if not (obs.discarded >> c) & 1)
            continue
        size = len(plain) - obs.discard_counts[x]
        room = max(0, hs - (dealt[x] & tm).bit_count())
        if not 0 <= size <= min(room, len(plain)):
            return None
        keeps[x] = tuple(sorted(rng.sample(plain, size)))
    world = State(
        profile, d, dealt, [c for c in stock if c is not None], validate=False, score=obs.score
    )
    for _, value in obs.calls:
        world.apply(Call(value))
    world.apply(NameTrump(trump))
    while world.pending == KEEP and decided[world.to_act]:
        world.apply(Keep(keeps[world.to_act]))
    return world
