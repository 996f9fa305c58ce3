"""Per-seat observation and resampling (in the style of OpenSpiel's ResampleFromInfostate):
a resampled world always gives the seat the same observation and is a legal hand that plays
on; over many samples the unseen cards reach every place consistent with what was seen."""

import random

import pytest

from tutorial.engine.cards import iter_bits
from tutorial.engine.observe import ResampleError, observe, resample
from tutorial.engine.profiles import NO_DRAW, PAGAT_62, PROFILES
from tutorial.engine.state import Phase, State


def advance(state: State, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance():
            state.apply(state.chance_outcome(rng))
        else:
            acts = state.legal_actions()
            state.apply(acts[int(rng.random() * len(acts))])


def random_position(profile: str, seed: int, *, reshuffle: bool = False) -> State:
    """A random state at a resample point (before the refill, or in play)."""
    rng = random.Random(seed)
    while True:
        s = State.random_deal(PROFILES[profile], rng.randrange(4), rng)
        advance(s, rng, rng.randrange(45))
        if s.phase is Phase.REFILL or s.is_chance():
            continue
        ran_out = s.refill_log is not None and s.refill_log.reshuffled is not None
        if ran_out or not reshuffle:
            return s


def test_an_observation_holds_what_the_seat_knows_and_nothing_else() -> None:
    seeds = iter(range(1000))
    s = random_position("pagat-62", next(seeds))
    while s.phase is not Phase.PLAY:
        s = random_position("pagat-62", next(seeds))
    for seat in range(4):
        o = observe(s, seat)
        assert o.hand == s.hands[seat] and o.dealt == s.dealt[seat]
        assert o.hand_sizes == tuple(h.bit_count() for h in s.hands)
        assert (o.dealer_saw is not None) == (
            seat == s.dealer and bool(s.refill_log.dealer_examined)
        )  # type: ignore[union-attr]
    # another seat's cards change nothing in this seat's observation
    o = observe(s, 0)
    twin = s.copy()
    a, b = next(iter_bits(twin.hands[1])), next(iter_bits(twin.hands[2]))
    twin.hands[1] ^= (1 << a) | (1 << b)
    twin.hands[2] ^= (1 << a) | (1 << b)
    assert observe(twin, 0) == o
    assert observe(twin, 1) != observe(s, 1)


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_resampled_world_is_consistent_and_plays_on(profile: str) -> None:
    for seed in range(25):
        s = random_position(profile, seed)
        seat = seed & 3
        target = observe(s, seat)
        rng = random.Random(seed)
        for _ in range(4):
            w = resample(s, seat, rng)
            assert observe(w, seat) == target
            assert w.hands[seat] == s.hands[seat]
            advance(w, rng, 60)  # the world is a legal hand: it plays to the end
            assert w.is_terminal()


def test_worlds_after_a_reshuffle_are_consistent() -> None:
    """pagat-62 hands whose stock ran out (the only profile that reshuffles)."""
    found = 0
    for seed in range(400):
        s = random_position("pagat-62", seed, reshuffle=True)
        seat = seed & 3
        w = resample(s, seat, random.Random(seed))
        assert observe(w, seat) == observe(s, seat)
        assert w.refill_log is not None and w.refill_log.reshuffled is not None
        found += 1
        if found >= 12:
            break
    assert found >= 12


def test_before_the_refill_every_unseen_card_reaches_every_other_hand_and_the_stock() -> None:
    s = State.random_deal(PAGAT_62, 0, random.Random(7))
    advance(s, random.Random(7), 2)
    seat = 2
    seen: set[tuple[int, int]] = set()
    rng = random.Random(1)
    for _ in range(600):
        w = resample(s, seat, rng)
        for x in range(4):
            if x != seat:
                seen |= {(c, x) for c in iter_bits(w.hands[x])}
        seen |= {(c, -1) for c in w.stock}
    unseen = [c for c in range(52) if not (s.hands[seat] >> c) & 1]
    assert seen == {(c, x) for c in unseen for x in (-1, 0, 1, 3)}


def test_in_no_draw_play_every_consistent_place_of_every_unseen_card_occurs() -> None:
    """No-draw: a card the seat has not seen may be in any other hand that has not shown
    a void in its suit, or among the 16 undealt cards; each such place occurs, no other."""
    for seed in range(6):
        rng = random.Random(seed)
        s = State.random_deal(NO_DRAW, seed & 3, rng)
        while len(s.tricks) < 6 and not s.is_terminal():
            advance(s, rng, 1)
        if s.is_terminal():
            continue
        seat = s.to_act
        o = observe(s, seat)
        from tutorial.engine.worlds import _voids

        voids = _voids(NO_DRAW, o, [9, 9, 9, 9])
        eff = NO_DRAW.trumps.effective[s.trump]
        played = 0
        for p in o.plays:
            played |= 1 << p.card
        unseen = [c for c in range(52) if not ((o.dealt | played) >> c) & 1]
        expected = {(c, -1) for c in unseen} | {
            (c, x)
            for c in unseen
            for x in range(4)
            if x != seat and eff[c] not in voids[x] and s.hands[x]
        }
        seen: set[tuple[int, int]] = set()
        for _ in range(700):
            w = resample(s, seat, rng)
            for x in range(4):
                if x != seat:
                    seen |= {(c, x) for c in iter_bits(w.hands[x])}
            seen |= {(c, -1) for c in w.stock}
        assert seen == expected, (seed, expected - seen, seen - expected)


def test_every_true_card_place_is_among_the_worlds_late_in_a_hand() -> None:
    """Before the last trick of a pagat-62 hand each other seat holds one card; the true
    place of every hidden card is among the sampled worlds' places (marginal coverage),
    and a trump nobody has seen is always in a hand (all 14 trumps are in play)."""
    hits = 0
    for seed in range(12):
        rng = random.Random(seed)
        s = State.random_deal(PAGAT_62, seed & 3, rng)
        while not s.is_terminal() and (s.phase is not Phase.PLAY or len(s.tricks) < 5):
            advance(s, rng, 1)
        if s.is_terminal() or s.trick_plays:
            continue
        seat = s.to_act
        others = [x for x in range(4) if x != seat]
        places: set[tuple[int, int]] = set()
        tm = s.trump_mask
        for _ in range(400):
            w = resample(s, seat, rng)
            places |= {(c, x) for x in others for c in iter_bits(w.hands[x])}
            hidden = sum(w.hands[x] for x in others)
            assert (tm & ~hidden) & ~(s.hands[seat] | sum(t.mask for t in s.tricks)) == 0
        assert {(c, x) for x in others for c in iter_bits(s.hands[x])} <= places
        hits += 1
    assert hits >= 5


def test_resampling_in_the_middle_of_the_refill_is_refused() -> None:
    for seed in range(50):
        s = State.random_deal(PAGAT_62, 0, random.Random(seed))
        advance(s, random.Random(seed), 5)
        if s.phase is Phase.REFILL:
            with pytest.raises(ResampleError):
                resample(s, 0, random.Random(0))
            return
    raise AssertionError("no refill decision reached")


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_world_sampled_from_the_observation_alone_is_consistent(profile: str) -> None:
    from tutorial.engine.observe import sample_world

    for seed in range(15):
        s = random_position(profile, 100 + seed)
        seat = (seed + 1) & 3
        target = observe(s, seat)
        w = sample_world(target, random.Random(seed))
        assert observe(w, seat) == target
        assert w.hands[seat] == s.hands[seat]


def test_sampling_from_an_observation_in_the_refill_is_refused() -> None:
    from tutorial.engine.observe import sample_world

    for seed in range(50):
        s = State.random_deal(PAGAT_62, 0, random.Random(seed))
        advance(s, random.Random(seed), 5)
        if s.phase is Phase.REFILL:
            with pytest.raises(ResampleError):
                sample_world(observe(s, 0), random.Random(0))
            return
    raise AssertionError("no refill decision reached")
