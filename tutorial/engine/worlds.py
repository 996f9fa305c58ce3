"""Worlds consistent with one seat's observation: :func:`resample` and :func:`sample_world`.

:func:`resample` deals the cards the seat has not seen into a complete, legal history (the
deal, the stock, the others' choices) that gives the seat exactly the same observation: the
voids shown by play, the counts, the cards seen and the profile's refill are all respected,
because the world is replayed through the core and its observation compared. It works at
every decision: the bidding, naming trump, each keep of the refill (a seat choosing what to
keep, the dealer choosing from the rest of the stock) and the play; not at a chance node
(the reshuffle of an empty stock), which no player decides.

A world is proposed from the observation only (never the true state), so nothing the seat
has not seen can leak into it. It is built as *slots*: for every other seat, the cards it
kept at the discard, the stock positions (or reshuffled cards) it received and the cards it
discarded; the rest of the stock. The cards it played are put in its kept or received slots,
the unseen cards are dealt at random into the remaining slots allowed to them (trumps are
always kept; discards are never trumps; a void shown in play keeps that suit out of the
hand), and the world's history is then replayed through the core, every play checked (in the
middle of the refill: :mod:`tutorial.engine.refill_worlds`). :func:`resample` compares the
world's observation with the seat's and tries again when they differ, so a returned world is
always consistent; every consistent world has a chance to be proposed.
"""

from __future__ import annotations

import random
from math import comb

from tutorial.engine.actions import Call, DealerKeep, Keep, NameTrump, PlayCard, Reshuffle
from tutorial.engine.cards import FULL_DECK, bits
from tutorial.engine.errors import InvalidInput
from tutorial.engine.legality import why_illegal
from tutorial.engine.observe import Observation, observe
from tutorial.engine.profiles import Profile, get_profile
from tutorial.engine.refill import refill_share
from tutorial.engine.refill_worlds import propose_in_refill
from tutorial.engine.state import CHANCE, DEALER_KEEPS, KEEP, RESHUFFLE, Phase, State


def propose(obs: Observation, rng: random.Random) -> State | None:
    profile = get_profile(obs.profile)
    if obs.trump < 0:
        return _before_trump(profile, obs, rng)
    if obs.phase is Phase.REFILL:
        return propose_in_refill(profile, obs, rng)
    return _after_trump(profile, obs, rng)


def _before_trump(profile: Profile, obs: Observation, rng: random.Random) -> State | None:
    pool = bits(FULL_DECK & ~obs.dealt)
    rng.shuffle(pool)
    hands = [0, 0, 0, 0]
    hands[obs.seat] = obs.dealt
    for x in range(4):
        if x != obs.seat:
            for c in pool[:9]:
                hands[x] |= 1 << c
            pool = pool[9:]
    world = State(profile, obs.dealer, hands, pool, validate=False, score=obs.score)
    for _, value in obs.calls:
        world.apply(Call(value))
    return world


def _voids(profile: Profile, obs: Observation, sizes: list[int]) -> list[set[int]]:
    """Suits each seat has shown it lacks (by not following)."""
    eff = profile.trumps.effective[obs.trump]
    left = list(sizes)
    voids: list[set[int]] = [set(), set(), set(), set()]
    i = 0
    plays = obs.plays
    while i < len(plays):
        n = sum(1 for x in range(4) if left[x] > 0)
        trick = plays[i : i + n]
        led = eff[trick[0].card]
        for p in trick[1:]:
            e = eff[p.card]
            if e != led and (led == obs.trump or e != obs.trump):
                voids[p.seat].add(led)
        for p in trick:
            left[p.seat] -= 1 + len(p.beneath)
        i += n
    return voids


def _plan(
    profile: Profile, obs: Observation, kept: list[int], recv: list[int]
) -> tuple[list[list[tuple[str, int]]], list[int], list[int], int] | None:
    """Where each seat's received cards came from (('old', stock position) or ('new', index
    in the reshuffled stock)), the rest of the stock the dealer examined, the stock left out
    of play, and how many cards the dealer took from the rest."""
    d = obs.dealer
    src: list[list[tuple[str, int]]] = [[], [], [], []]
    pos = new = 0
    if profile.refill is refill_share:
        order = [(d + 1) & 3, (d + 2) & 3, (d + 3) & 3, d]
        needs = [max(0, profile.hand_size - kept[x]) for x in range(4)]
        if sum(needs) <= 16:
            for x in order:
                src[x] = [("old", pos + i) for i in range(needs[x])]
                pos += needs[x]
        else:
            while pos < 16:
                for x in order:
                    if needs[x] > 0 and pos < 16:
                        src[x].append(("old", pos))
                        needs[x] -= 1
                        pos += 1
        if [len(s) for s in src] != recv:
            return None
        return src, [], list(range(pos, 16)), 0
    for x in ((d + 1) & 3, (d + 2) & 3, (d + 3) & 3):
        old = min(recv[x], 16 - pos)
        src[x] = [("old", pos + i) for i in range(old)] + [
            ("new", new + i) for i in range(recv[x] - old)
        ]
        pos += old
        new += recv[x] - old
    rest = list(range(pos, 16))
    if obs.stock_ran_out_at is not None and obs.stock_ran_out_at != d:
        src[d] = [("new", new + i) for i in range(recv[d])]
        return src, [], [], 0
    took = recv[d] if obs.stock_ran_out_at is None else len(rest)
    src[d] = [("new", new + i) for i in range(recv[d] - took)]
    return src, rest, [], took


def _after_trump(profile: Profile, obs: Observation, rng: random.Random) -> State | None:
    me, d, trump = obs.seat, obs.dealer, obs.trump
    tm = profile.trumps.mask[trump]
    draw = profile.draw
    kept = [9 - c if draw else 9 for c in obs.discard_counts]
    recv = list(obs.received_counts) if draw else [0, 0, 0, 0]
    played = [0, 0, 0, 0]
    for p in obs.plays:
        played[p.seat] |= 1 << p.card
        for c in p.beneath:
            played[p.seat] |= 1 << c
    start = [kept[x] + recv[x] for x in range(4)]
    voids = _voids(profile, obs, start)
    eff = profile.trumps.effective[trump]
    plan = _plan(profile, obs, kept, recv) if draw else ([[], [], [], []], [], list(range(16)), 0)
    if plan is None:
        return None
    src, rest, leftover, took = plan
    stock: list[int | None] = [None] * 16
    my_new: list[int] = []
    mine = src[me] if me != d else [("rest", -1)] * took + src[d]
    if len(mine) != len(obs.received):
        return None
    for (kind, where), c in zip(mine, obs.received, strict=True):
        if kind == "old":
            stock[where] = c
        elif kind == "new":
            my_new.append(c)
    if me == d and obs.dealer_saw is not None and rest:
        for where, c in zip(rest, obs.dealer_saw, strict=False):
            stock[where] = c
    known = obs.dealt | sum(1 << c for c in stock if c is not None)
    pool = set(bits(FULL_DECK & ~known))
    others = [x for x in range(4) if x != me]
    for c in my_new:
        pool.discard(c)
    for x in others:
        for c in bits(played[x]):
            pool.discard(c)
    fill: dict[int, list[tuple[str, int]]] = {x: [] for x in range(-1, 4)}
    # A. the hidden hands: unseen trumps first (fewer places take them), then the rest
    holes = [x for x in others for _ in range(obs.hand_sizes[x])]
    hidden: dict[int, list[int]] = {x: [] for x in others}
    unseen_trumps = [c for c in pool if (tm >> c) & 1]
    rng.shuffle(unseen_trumps)
    # trumps may also stay out of play, in the stock positions nobody receives: each free
    # place (a hand's or the stock's) is equally likely, so worlds spread over every placement
    spare = (
        sum(1 for where in leftover if stock[where] is None)
        if profile.all_points_in_play is False
        else 0
    )
    # every trump dealt is kept (unless non-trumps may be kept too), so B below needs each
    # hand to hold the kept trumps its plays do not show: the placement is drawn among those
    # that do, with the weights of the one-by-one draw (rejection alone took ~700 tries)
    need = {
        x: 0 if profile.keep_non_trumps else max(0, kept[x] - (played[x] & tm).bit_count())
        for x in others
    }
    if not profile.keep_non_trumps and me != d and took and kept[d] + took > profile.hand_size:
        # the dealer keeps non-trumps from the rest only up to a full hand: past it, every
        # card it took from the rest was a trump
        need[d] = max(0, kept[d] + took - (played[d] & tm).bit_count())
    counts = _trump_counts(
        [(x, 0 if trump in voids[x] else obs.hand_sizes[x], need[x]) for x in others],
        spare,
        len(unseen_trumps),
        rng,
    )
    if counts is None:
        return None
    for x, n in zip(others, counts, strict=False):
        slots = [i for i, y in enumerate(holes) if y == x]
        for i in rng.sample(slots, n):
            c = unseen_trumps.pop()
            hidden[x].append(c)
            holes[i] = -1
            pool.discard(c)
    plains = [c for c in pool if not (tm >> c) & 1]
    rng.shuffle(plains)
    for x in holes:
        if x < 0:
            continue
        options = [c for c in plains if eff[c] not in voids[x]]
        if not options:
            return None
        c = rng.choice(options)
        plains.remove(c)
        pool.discard(c)
        hidden[x].append(c)
    # B. each seat's hand splits into what it kept and what it received
    forced: list[int] = [c for c in my_new if not (obs.discarded >> c) & 1]
    mine_left = [c for c in bits(obs.discarded) if c not in my_new]
    for x in others:
        held = bits(played[x]) + hidden[x]
        rng.shuffle(held)
        if profile.keep_non_trumps:
            kept_cards = held[: kept[x]]
        else:
            kept_cards = [c for c in held if (tm >> c) & 1][: kept[x]]
        if len(kept_cards) != kept[x]:
            return None
        fill[x] += [("kept", c) for c in kept_cards]
        got = [c for c in held if c not in kept_cards]
        sources = list(src[x])
        if x == d and rest and me != d:
            sources = [("rest", w) for w in rest[:took]] + sources
        news = [i for i, (kind, _) in enumerate(sources) if kind == "new"]
        plain_got = [c for c in got if not (tm >> c) & 1]
        if len(plain_got) < len(news):
            return None
        drawn = rng.sample(plain_got, len(news))
        rest_got = [c for c in got if c not in drawn]
        for kind, where in sources:
            if kind == "new":
                c = drawn.pop()
                fill[x].append((f"new:{where}", c))
                if c in mine_left:
                    mine_left.remove(c)
                else:
                    forced.append(c)
            else:
                fill[x].append((f"{kind}:{where}", rest_got.pop()))
    # C. discards (never trumps); what was drawn from the reshuffled stock is among them
    disc_slots = [x for x in others for _ in range(9 - kept[x])]
    rng.shuffle(disc_slots)
    plains = [c for c in pool if not (tm >> c) & 1]
    rng.shuffle(plains)
    if len(forced) > len(disc_slots):
        return None
    for c in forced + plains:
        if not disc_slots:
            break
        fill[disc_slots.pop()].append(("disc", c))
        pool.discard(c)
    if disc_slots:
        return None
    # D. the rest of the stock: what the dealer put aside (never trumps), the cards left out
    left = sorted(pool)
    rng.shuffle(left)
    if me != d:
        for where in rest[took:]:
            if not left or (tm >> left[-1]) & 1:
                return None
            fill[d].append((f"rest:{where}", left.pop()))
    for where in leftover:
        if stock[where] is None:
            if not left:
                return None
            fill[-1].append((f"left:{where}", left.pop()))
    if left:
        return None
    return _build(profile, obs, fill, stock, src, rest, took, my_new, rng)


def _trump_counts(
    seats: list[tuple[int, int, int]], spare: int, trumps: int, rng: random.Random
) -> list[int] | None:
    """How many of ``trumps`` unseen trumps go to each ``(seat, places, at least)`` (the rest
    to the ``spare`` stock places): drawn with the weights of placing the trumps one by one,
    each in a free place chosen at random (the number of placements, a product of binomials),
    among the counts that give each seat its minimum; None if there is none."""
    rows: list[tuple[int, list[int]]] = []

    def walk(k: int, left: int, weight: int, got: list[int]) -> None:
        if k == len(seats):
            if left <= spare:
                rows.append((weight * comb(spare, left), got))
            return
        _, places, least = seats[k]
        for n in range(least, min(places, left) + 1):
            walk(k + 1, left - n, weight * comb(places, n), [*got, n])

    walk(0, trumps, 1, [])
    total = sum(w for w, _ in rows)
    if not total:
        return None
    pick = rng.randrange(total)
    for w, got in rows:
        if pick < w:
            return got
        pick -= w
    return None  # pragma: no cover


def _build(
    profile: Profile,
    obs: Observation,
    fill: dict[int, list[tuple[str, int]]],
    stock: list[int | None],
    src: list[list[tuple[str, int]]],
    rest: list[int],
    took: int,
    my_new: list[int],
    rng: random.Random,
) -> State | None:
    me, d = obs.seat, obs.dealer
    dealt = [0, 0, 0, 0]
    dealt[me] = obs.dealt
    kept_plain: list[tuple[int, ...]] = [(), (), (), ()]
    new_cards: dict[int, int] = {}
    discards = [obs.discarded if x == me else 0 for x in range(4)]
    tm = profile.trumps.mask[obs.trump]
    for x, items in fill.items():
        for role, c in items:
            if role == "kept":
                dealt[x] |= 1 << c
                if not (tm >> c) & 1:
                    kept_plain[x] = (*kept_plain[x], c)
            elif role == "disc":
                dealt[x] |= 1 << c
                discards[x] |= 1 << c
            elif role.startswith("new"):
                new_cards[int(role[4:])] = c
            else:
                stock[int(role.split(":")[1])] = c
    mine = src[me] if me != d else [("rest", -1)] * took + src[d]
    for (kind, where), c in zip(mine, obs.received, strict=True):
        if kind == "new":
            new_cards[where] = c
    kept_plain[me] = tuple(c for c in bits(obs.dealt & ~obs.discarded) if not (tm >> c) & 1)
    if any(c is None for c in stock):
        return None
    all_disc = discards[0] | discards[1] | discards[2] | discards[3]
    draws = [new_cards[i] for i in sorted(new_cards)]
    if any(not (all_disc >> c) & 1 for c in draws):
        return None  # a card drawn from the reshuffled stock must be someone's discard
    others = [c for c in bits(all_disc) if c not in draws]
    rng.shuffle(others)
    order = (*draws, *others)
    world = State(
        profile, d, dealt, [c for c in stock if c is not None], validate=False, score=obs.score
    )
    for _, value in obs.calls:
        world.apply(Call(value))
    world.apply(NameTrump(obs.trump))
    while world.phase is Phase.REFILL:
        if world.pending == KEEP:
            world.apply(Keep(kept_plain[world.to_act]))
        elif world.pending == DEALER_KEEPS:
            if me == d and obs.dealer_kept is not None:
                choice = tuple(c for c in obs.dealer_kept if not (tm >> c) & 1)
            else:
                taken = [stock[w] for w in rest[:took]]
                choice = tuple(c for c in taken if c is not None and not (tm >> c) & 1)
            action = DealerKeep(choice)
            if why_illegal(world, action) is not None:
                return None
            world.apply(action)
        elif world.pending == RESHUFFLE:
            world.apply(Reshuffle(order))
        else:  # pragma: no cover
            return None
    for p in obs.plays:
        play = PlayCard(p.card, p.beneath)
        if world.phase is not Phase.PLAY or why_illegal(world, play, p.seat) is not None:
            return None
        world.apply(play)
    return world


class ResampleError(InvalidInput):
    """No consistent world was found (or the state is at a point resampling does not cover)."""


_AT_CHANCE = (
    "resample works at every decision (bidding, naming trump, each keep of the refill, "
    "the play), not at a chance node (the reshuffle of an empty stock)"
)


def resample(state: State, seat: int, rng: random.Random, tries: int = 2000) -> State:
    """A state in which ``seat`` observes exactly what it observes in ``state``, with every
    card it has not seen dealt at random among the places consistent with what it saw."""
    if state.to_act == CHANCE:
        raise ResampleError(_AT_CHANCE)
    target = observe(state, seat)
    for _ in range(tries):
        world = propose(target, rng)
        if world is not None and observe(world, seat) == target:
            return world
    raise ResampleError(f"no consistent world found in {tries} tries")


def sample_world(obs: Observation, rng: random.Random, tries: int = 2000) -> State:
    """A state whose observation for ``obs.seat`` equals ``obs``: the unseen cards dealt at
    random among the places consistent with it. Only the observation is read, so a program
    given only ``observe(seat)`` (a bot, the coach) can sample the worlds it cannot tell
    apart. Raises :class:`ResampleError` at a chance node or if none is found."""
    if obs.to_act == CHANCE:
        raise ResampleError(_AT_CHANCE)
    for _ in range(tries):
        world = propose(obs, rng)
        if world is not None and observe(world, obs.seat) == obs:
            return world
    raise ResampleError(f"no consistent world found in {tries} tries")
