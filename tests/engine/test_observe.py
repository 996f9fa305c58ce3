"""Per-seat observation and resampling (in the style of OpenSpiel's ResampleFromInfostate):
a resampled world always gives the seat the same observation and is a legal hand that plays
on; over many samples the unseen cards reach every place consistent with what was seen."""

import random

import pytest

from tutorial.engine.cards import iter_bits
from tutorial.engine.observe import observe
from tutorial.engine.profiles import NO_DRAW, PAGAT_62, PROFILES
from tutorial.engine.state import DEALER_KEEPS, KEEP, Phase, State
from tutorial.engine.worlds import ResampleError, resample


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
        for _ in range(700):  # a true place may be one world in a hundred (seed 7: 1.2%)
            w = resample(s, seat, rng)
            places |= {(c, x) for x in others for c in iter_bits(w.hands[x])}
            hidden = sum(w.hands[x] for x in others)
            assert (tm & ~hidden) & ~(s.hands[seat] | sum(t.mask for t in s.tricks)) == 0
        assert {(c, x) for x in others for c in iter_bits(s.hands[x])} <= places
        hits += 1
    assert hits >= 5


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_world_sampled_from_the_observation_alone_is_consistent(profile: str) -> None:
    from tutorial.engine.worlds import sample_world

    for seed in range(15):
        s = random_position(profile, 100 + seed)
        seat = (seed + 1) & 3
        target = observe(s, seat)
        w = sample_world(target, random.Random(seed))
        assert observe(w, seat) == target
        assert w.hands[seat] == s.hands[seat]


def at_chance(seed_from: int = 0) -> State:
    """A pagat-62 state whose stock has run out: the reshuffle is a chance node."""
    for seed in range(seed_from, seed_from + 3000):
        rng = random.Random(seed)
        s = State.random_deal(PAGAT_62, seed & 3, rng)
        while not s.is_terminal() and s.phase is not Phase.PLAY:
            if s.is_chance():
                return s
            advance(s, rng, 1)
    raise AssertionError("no reshuffle reached")


def test_resampling_at_a_chance_node_is_refused_with_a_reason() -> None:
    from tutorial.engine.worlds import sample_world

    s = at_chance()
    with pytest.raises(ResampleError, match="chance node"):
        resample(s, 0, random.Random(0))
    with pytest.raises(ResampleError, match="chance node"):
        sample_world(observe(s, 0), random.Random(0))


# -- in the middle of the refill ----------------------------------------------------------------
DRAW_PROFILES = sorted(p for p in PROFILES if PROFILES[p].draw)


def refill_decisions(profile: str, seed: int) -> list[State]:
    """Every decision of the refill of one random hand (each seat's keep where the profile
    lets players choose; the dealer's keep from the rest of the stock), as copies."""
    rng = random.Random(seed)
    while True:
        s = State.random_deal(PROFILES[profile], rng.randrange(4), rng)
        out = []
        while not s.is_terminal() and s.phase is not Phase.PLAY:
            if s.phase is Phase.REFILL and not s.is_chance():
                out.append(s.copy())
            advance(s, rng, 1)
        if out:
            return out


def test_every_draw_profile_has_decisions_inside_the_refill() -> None:
    pending = {p: {x.pending for x in refill_decisions(p, 1)} for p in DRAW_PROFILES}
    assert pending["pagat-62"] == {DEALER_KEEPS}
    assert pending["classic-51"] == {KEEP}
    assert len(refill_decisions("classic-51", 1)) == 4  # each seat in turn


@pytest.mark.parametrize("profile", DRAW_PROFILES)
def test_in_the_refill_a_resampled_world_is_consistent_and_plays_on(profile: str) -> None:
    """At each keep decision of the refill, for every seat (the one deciding and the others):
    the world gives the same observation, holds the seat's cards, awaits the same decision
    with the same legal actions when it is the seat's own, and plays on to the end."""
    from tutorial.engine.worlds import sample_world

    checked = 0
    for seed in range(10):
        for s in refill_decisions(profile, seed):
            for seat in range(4):
                target = observe(s, seat)
                rng = random.Random(seed * 4 + seat)
                for w in (resample(s, seat, rng), sample_world(target, rng)):
                    assert observe(w, seat) == target
                    assert w.dealt[seat] == s.dealt[seat] and w.pending == s.pending
                    assert w.phase is Phase.REFILL and w.to_act == s.to_act
                    if seat == s.to_act:
                        assert w.legal_actions() == s.legal_actions()
                    advance(w, rng, 80)
                    assert w.is_terminal()
                    checked += 1
    assert checked >= 80


def test_the_dealer_choosing_its_keep_sees_the_rest_and_the_others_what_they_received() -> None:
    for s in refill_decisions("pagat-62", 3):
        log = s.refill_so_far()
        assert log is not None and s.pending == DEALER_KEEPS
        d = observe(s, s.dealer)
        options, _count = s.pending_info
        assert d.dealer_saw == options
        assert set(d.received) | set(options) == set(log.dealer_examined)
        for x in range(4):
            o = observe(s, x)
            assert o.received_counts[s.dealer] == -1  # not public before the refill ends
            if x != s.dealer:
                assert o.received == tuple(log.received[x]) and o.dealer_saw is None
                assert o.received_counts[x] == len(log.received[x])
        return
    raise AssertionError("no dealer keep reached")


def test_at_its_keep_the_dealers_hand_holds_the_trumps_it_took_from_the_stock() -> None:
    """The dealer has taken every trump of the rest of the stock before it chooses its
    non-trumps: its observation's hand holds them (and no longer the non-trumps it
    discarded), so how many it must keep is the hand's shortfall; no other seat's
    observation shows them anywhere."""
    seen = 0
    for seed in range(40):
        s = refill_decisions("pagat-62", 100 + seed)[-1]
        if s.pending != DEALER_KEEPS:
            continue
        log = s.refill_so_far()
        assert log is not None
        tm = s.trump_mask
        from_stock = [c for c in log.dealer_examined if (tm >> c) & 1]
        took = sum(1 << c for c in from_stock)
        d = observe(s, s.dealer)
        assert d.hand == (s.dealt[s.dealer] & tm) | took
        _options, count = s.pending_info
        assert count == min(6 - d.hand.bit_count(), len(d.dealer_saw or ()))
        for x in range(4):
            if x == s.dealer:
                continue
            o = observe(s, x)
            shown = o.hand | o.dealt | sum(1 << c for c in (*o.received, *(o.dealer_saw or ())))
            assert not shown & took
            assert o.hand == (s.dealt[x] & tm) | sum(1 << c for c in log.received[x])
        seen += bool(from_stock)
    assert seen >= 3  # dealers that found trumps in the rest of the stock


def test_after_its_keep_a_seat_holds_its_trumps_and_the_cards_it_kept() -> None:
    for s in refill_decisions("classic-51", 7)[1:]:
        first = (s.dealer + 1) & 3
        keep = s.keeps[first]
        assert keep is not None
        assert observe(s, first).hand == (s.dealt[first] & s.trump_mask) | keep
        assert observe(s, s.to_act).hand == s.dealt[s.to_act]  # not yet discarded


def _stock_places(w: State) -> set[tuple[int, int]]:
    return {(c, 10 + i) for i, c in enumerate(w.stock)}


def test_at_the_dealers_keep_every_consistent_place_of_every_unseen_card_occurs() -> None:
    """pagat-62, a seat beside the dealer at the dealer's keep: everyone discarded every
    non-trump, so each other seat's trump count is public (9 - its discards). An unseen
    trump may be dealt to a seat that kept a trump or lie at a stock position the seat was
    not served (if the counts leave a trump over), an unseen non-trump to a seat that
    discarded one or to such a stock position (likewise); each such place occurs, no other."""
    for seed in range(3):
        s = next(x for x in refill_decisions("pagat-62", 20 + seed) if x.pending == DEALER_KEEPS)
        seat = (s.dealer + 1 + seed % 3) & 3
        o = observe(s, seat)
        tm = s.trump_mask
        log = s.refill_so_far()
        assert log is not None
        served = [c for c in log.received[seat]]
        seen_cards = o.dealt | sum(1 << c for c in served)
        unseen = [c for c in range(52) if not (seen_cards >> c) & 1]
        positions = [i for i, c in enumerate(s.stock) if c not in served]
        others = [x for x in range(4) if x != seat]
        trumps_held = {x: 9 - o.discard_counts[x] for x in others}
        t_unseen = sum(1 for c in unseen if (tm >> c) & 1)
        p_unseen = len(unseen) - t_unseen
        t_spare = t_unseen > sum(trumps_held.values())
        p_spare = p_unseen > sum(9 - t for t in trumps_held.values())
        expected = set()
        for c in unseen:
            trump = bool((tm >> c) & 1)
            expected |= {
                (c, x) for x in others if (trumps_held[x] if trump else 9 - trumps_held[x]) > 0
            }
            if t_spare if trump else p_spare:
                expected |= {(c, 10 + i) for i in positions}
        places: set[tuple[int, int]] = set()
        rng = random.Random(seed)
        for _ in range(500):
            w = resample(s, seat, rng)
            places |= {(c, x) for x in others for c in iter_bits(w.dealt[x])}
            places |= {p for p in _stock_places(w) if p[1] - 10 in positions}
        assert places == expected, (seed, len(expected - places), len(places - expected))


def test_at_the_first_keep_every_unseen_card_reaches_every_other_hand_and_stock_place() -> None:
    """classic-51, the first seat to choose its keep: nobody has discarded yet, so every
    unseen card may be in any other hand or at any stock position."""
    s = refill_decisions("classic-51", 5)[0]
    seat = s.to_act
    unseen = [c for c in range(52) if not (s.dealt[seat] >> c) & 1]
    expected = {(c, x) for c in unseen for x in range(4) if x != seat}
    expected |= {(c, 10 + i) for c in unseen for i in range(16)}
    places: set[tuple[int, int]] = set()
    rng = random.Random(2)
    for _ in range(900):
        w = resample(s, seat, rng)
        places |= {(c, x) for x in range(4) if x != seat for c in iter_bits(w.dealt[x])}
        places |= _stock_places(w)
    assert places == expected, len(expected - places)


def test_after_others_chose_their_keep_the_true_places_are_among_the_worlds() -> None:
    """classic-51, the dealer (last to choose): every hidden card's true place (a hand or
    a stock position) is among the sampled worlds' places, and each world's keeps discard
    as many cards as the seats did."""
    for seed in range(4):
        s = refill_decisions("classic-51", 40 + seed)[-1]
        seat = s.to_act
        assert seat == s.dealer
        o = observe(s, seat)
        truth = {(c, x) for x in range(4) if x != seat for c in iter_bits(s.dealt[x])}
        truth |= _stock_places(s)
        places: set[tuple[int, int]] = set()
        rng = random.Random(seed)
        for _ in range(400):
            w = resample(s, seat, rng)
            assert observe(w, seat).discard_counts == o.discard_counts
            places |= {(c, x) for x in range(4) if x != seat for c in iter_bits(w.dealt[x])}
            places |= _stock_places(w)
        assert truth <= places, (seed, truth - places)


def test_every_consistent_whole_placement_occurs_in_a_small_case() -> None:
    """No-draw, the last trick, the second seat to play: the two seats still to play hold
    one card each, which may be any two unseen cards of suits they have not shown a void
    in. Every such pair (the whole placement of the hidden hands) occurs among the worlds."""
    from tutorial.engine.worlds import _voids

    rng = random.Random(3)
    s = State.random_deal(NO_DRAW, 1, rng)
    while not (len(s.tricks) == 8 and len(s.trick_plays) == 1):
        advance(s, rng, 1)
    seat = s.to_act
    o = observe(s, seat)
    voids = _voids(NO_DRAW, o, [9, 9, 9, 9])
    eff = NO_DRAW.trumps.effective[s.trump]
    played = 0
    for p in o.plays:
        played |= 1 << p.card
    unseen = [c for c in range(52) if not ((o.dealt | played) >> c) & 1]
    third, fourth = (seat + 1) & 3, (seat + 2) & 3
    expected = {
        (a, b)
        for a in unseen
        for b in unseen
        if a != b and eff[a] not in voids[third] and eff[b] not in voids[fourth]
    }
    assert len(expected) > 200
    seen = set()
    for _ in range(3000):
        w = resample(s, seat, rng)
        seen.add((w.hands[third].bit_length() - 1, w.hands[fourth].bit_length() - 1))
    assert seen == expected, (len(expected - seen), len(seen - expected))
