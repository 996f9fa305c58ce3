"""The transposition table's relative-rank keys (``Search.sequence``): positions that are the
same game up to the names of the cards share one key (and so one entry), positions that
are not never do. The sharing is checked where it is widest: one ``Search`` kept across
many deals with the same trump and point table, every card valued against the session-2
solver (whose table is keyed by the exact hands)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tests.solver.legacy import legacy_values
from tutorial.engine.profiles import get_profile
from tutorial.solver.analyse import solve
from tutorial.solver.deals import random_position
from tutorial.solver.position import Position
from tutorial.solver.search import Search

PLAYED = ("pagat-62", "classic-51")


def _key(pos: Position) -> int:
    search = Search(pos)
    search.hands = [search.to_s(h) for h in pos.hands]
    return search.sequence()


def _with_hands(pos: Position, hands: list[int]) -> Position:
    return dataclasses.replace(pos, hands=(hands[0], hands[1], hands[2], hands[3]))


def _boundary(profile: str, rng: random.Random, tricks_left: int) -> Position:
    hand = random_position(get_profile(profile), rng, 4 * (6 - tricks_left))
    return Position.from_hand(hand)


@pytest.mark.parametrize("profile", PLAYED)
def test_a_card_renamed_to_an_adjacent_played_card_keeps_the_key_and_the_values(
    profile: str,
) -> None:
    """Swapping a card for a played card of its suit with no card still out between them
    (and the same points) is the same game: same key, same value of every card."""
    rng = random.Random(f"keys-iso-{profile}")
    swapped = 0
    for _ in range(40):
        pos = _boundary(profile, rng, 3)
        search = Search(pos)
        out_s = search.to_s(sum(pos.hands))
        gone_s = search.to_s(((1 << 52) - 1) & ~sum(pos.hands))
        for seat in range(4):
            for i in range(52):
                c = search.card[i]
                if not pos.hands[seat] >> c & 1:
                    continue
                # the next weaker card of the suit is played and carries the same points
                j = i - 1
                if j < 0 or search.suit[j] != search.suit[i] or not gone_s >> j & 1:
                    continue
                if search.pts[j] != search.pts[i] or out_s >> j & 1:
                    continue
                d = search.card[j]
                hands = list(pos.hands)
                hands[seat] = hands[seat] & ~(1 << c) | 1 << d
                twin = _with_hands(pos, hands)
                assert _key(twin) == _key(pos)
                values = [a.value for a in solve(pos).actions]
                assert [a.value for a in solve(twin).actions] == values
                swapped += 1
                break
    assert swapped >= 20


@pytest.mark.parametrize("profile", PLAYED)
def test_another_holder_or_another_point_class_is_another_key(profile: str) -> None:
    rng = random.Random(f"keys-diff-{profile}")
    for _ in range(20):
        pos = _boundary(profile, rng, 3)
        key = _key(pos)
        # a card given to the next seat
        for seat in range(4):
            low = pos.hands[seat] & -pos.hands[seat]
            hands = list(pos.hands)
            hands[seat] ^= low
            hands[(seat + 1) & 3] |= low
            assert _key(_with_hands(pos, hands)) != key
        # a point card and a card without points of the same holder trade places
        search = Search(pos)
        for seat in range(4):
            cards = [c for c in range(52) if pos.hands[seat] >> c & 1]
            scoring = [c for c in cards if pos.capture[c]]
            plain = [c for c in cards if not pos.capture[c]]
            if scoring and plain:
                p, q = scoring[0], plain[0]
                capture = list(pos.capture)
                capture[p], capture[q] = 0, capture[p]
                other = Position(
                    pos.profile,
                    pos.trump,
                    pos.hands,
                    pos.leader,
                    pos.plays,
                    pos.first_trick,
                    pos.taken,
                    pos.held,
                    tuple(capture),
                    pos.forbidden,
                )
                moved = Search(other)
                moved.hands = [moved.to_s(h) for h in other.hands]
                search.hands = [search.to_s(h) for h in pos.hands]
                assert moved.sequence() != search.sequence()


@pytest.mark.parametrize("profile", PLAYED)
def test_one_table_shared_by_many_deals_values_every_card_as_the_session_2_solver(
    profile: str,
) -> None:
    """Positions with the same trump and point table keep one table and one cache of
    two-trick endings (``Search.bind``), so every relative-rank key is shared across them:
    an incomplete key would give one position's bound to another's. Here: the cards of one
    position dealt again among the four seats 30 times (counts kept, so the same cards and
    points are in play), every card valued with one shared Search."""
    rng = random.Random(f"keys-shared-{profile}")
    while True:  # a position with points still to fight for
        base = _boundary(profile, rng, 3)
        shared = Search(base)
        solve(base, shared)
        if len(shared.tt) + len(shared.last_two) >= 10:
            break
    table, endings = shared.tt, shared.last_two
    for _ in range(30):
        pool = [c for c in range(52) if sum(base.hands) >> c & 1]
        rng.shuffle(pool)
        hands = []
        for seat in range(4):
            n = base.hands[seat].bit_count()
            hands.append(sum(1 << c for c in pool[:n]))
            pool = pool[n:]
        pos = _with_hands(base, hands)
        analysis = solve(pos, shared)
        assert {a.card: a.value for a in analysis.actions} == legacy_values(pos), pos.describe()
    # entries from many of the deals (bounds of three-trick boundaries and the exact values
    # of two-trick endings, both keyed by the relative-rank key)
    assert shared.tt is table and shared.last_two is endings
    assert len(table) + len(endings) > 60


def test_one_table_shared_across_deals_of_one_trump() -> None:
    """In ``pagat-62`` every point card is in play, so deals with the same trump share a
    table whatever their cards."""
    rng = random.Random("keys-deals")
    first = _boundary("pagat-62", rng, 3)
    shared = Search(first)
    table = shared.tt
    checked = 0
    for _ in range(400):
        hand = random_position(get_profile("pagat-62"), rng, 12 + rng.randrange(4))
        pos = Position.from_hand(hand)
        if (pos.trump, pos.capture) != (first.trump, first.capture):
            continue
        analysis = solve(pos, shared)
        assert {a.card: a.value for a in analysis.actions} == legacy_values(pos), pos.describe()
        checked += 1
        if checked == 30:
            break
    assert shared.tt is table and checked == 30
