"""The fast solver against plain ones: exhaustive minimax over the validating Hand on
thousands of small positions (mid-trick too), plain alpha-beta on positions with piles; and
the properties every solve must have."""

from __future__ import annotations

import random

import pytest

from tutorial.engine.hand import Play, point_table
from tutorial.engine.profiles import get_profile
from tutorial.engine.trumps import TRUMP_ORDER
from tutorial.solver.analyse import solve, value
from tutorial.solver.deals import random_hand_in_play, random_position
from tutorial.solver.position import Position
from tutorial.solver.reference import alphabeta, minimax_values

PLAYED = ("pagat-62", "classic-51")


def _best_by_card(values: dict[tuple[int, tuple[int, ...]], tuple[int, int]], side: int):
    best: dict[int, tuple[int, int]] = {}
    for (card, _beneath), v in values.items():
        if card not in best or v[side] > best[card][side]:
            best[card] = v
    return best


@pytest.mark.parametrize("profile", PLAYED)
@pytest.mark.parametrize(("tricks_left", "count"), [(2, 1000), (3, 40)])
def test_every_card_valued_as_exhaustive_minimax_values_it(
    profile: str, tricks_left: int, count: int
) -> None:
    rng = random.Random(f"agree-{profile}-{tricks_left}")
    checked = mid_trick = 0
    for _ in range(count):
        hand = random_position(get_profile(profile), rng, 4 * (6 - tricks_left) + rng.randrange(4))
        pos = Position.from_hand(hand)
        analysis = solve(pos)
        reference = _best_by_card(minimax_values(hand), hand.to_act & 1)
        assert {a.card: a.value for a in analysis.actions} == reference, pos.describe()
        checked += 1
        mid_trick += bool(pos.plays)
    assert checked == count and mid_trick > count // 2


@pytest.mark.parametrize("profile", PLAYED)
def test_four_and_five_tricks_left_agree_with_plain_alphabeta(profile: str) -> None:
    rng = random.Random(f"agree45-{profile}")
    for i in range(24):
        plays = (4 if i % 6 == 0 else 8) + rng.randrange(4)  # from trick 2 or 3
        hand = random_position(get_profile(profile), rng, plays)
        pos = Position.from_hand(hand)
        for a in solve(pos).actions:
            child = pos.apply((a.card, a.beneath))
            assert a.value[0] == child.taken[0] + child.held[0] + alphabeta(child)


def _small_pile_position(profile: str, rng: random.Random) -> Position:
    """A first trick where one seat holds 7 or 8 trumps and the others 2 or 3 cards: a pile
    position small enough for plain alpha-beta (uneven hands, as short refills make)."""
    hand, _ = random_hand_in_play(get_profile(profile), rng)
    pos = Position.from_hand(hand)
    trump = pos.trump
    order = list(TRUMP_ORDER[trump])
    rng.shuffle(order)
    pile_seat = rng.randrange(4)
    big = order[: rng.randrange(7, 9)]
    rest = [c for c in range(52) if c not in big]
    rng.shuffle(rest)
    n = rng.randrange(2, 4)
    hands = [0, 0, 0, 0]
    for s in range(4):
        cards = big if s == pile_seat else [rest.pop() for _ in range(n)]
        hands[s] = sum(1 << c for c in cards)
    in_play = hands[0] | hands[1] | hands[2] | hands[3]
    table = point_table(pos.profile, trump, in_play)
    capture = [0] * 52
    for c, v in table.capture_value.items():
        capture[c] = v
    held = [0, 0]
    for _name, c, v, is_held in table.cards:
        if is_held:
            held[0 if (hands[0] | hands[2]) >> c & 1 else 1] += v
    leader = rng.randrange(4)
    return Position(
        pos.profile,
        trump,
        (hands[0], hands[1], hands[2], hands[3]),
        leader,
        (),
        True,
        (0, 0),
        (held[0], held[1]),
        tuple(capture),
        table.scoring_trumps,
    )


@pytest.mark.parametrize("profile", PLAYED)
def test_piles_agree_with_plain_alphabeta(profile: str) -> None:
    rng = random.Random(f"pile-ab-{profile}")
    for _ in range(12):
        pos = _small_pile_position(profile, rng)
        while pos.pile_size() == 0:  # play up to the pile, then solve there
            pos = pos.apply(pos.legal_actions()[0])
        analysis = solve(pos)
        side = pos.to_play & 1
        for a in analysis.actions:
            child = pos.apply((a.card, a.beneath))
            fut = alphabeta(child)
            assert a.value[0] == child.taken[0] + child.held[0] + fut
        for action in pos.legal_actions():  # no pile beats the best one reported
            child = pos.apply(action)
            ac = child.taken[0] + child.held[0] + alphabeta(child)
            reported = next(a for a in analysis.actions if a.card == action[0])
            assert (ac, pos.total - ac)[side] <= reported.value[side]


@pytest.mark.parametrize("profile", PLAYED)
def test_properties_of_a_solve(profile: str) -> None:
    rng = random.Random(f"props-{profile}")
    for _ in range(60):
        hand = random_position(get_profile(profile), rng, 8 + rng.randrange(12))
        pos = Position.from_hand(hand)
        analysis = solve(pos)
        side = pos.to_play & 1
        assert analysis.value == analysis.actions[0].value == value(pos)
        assert all(sum(a.value) == pos.total for a in analysis.actions)
        assert all(a.value[side] <= analysis.value[side] for a in analysis.actions)
        assert set(analysis.best) == {a.card for a in analysis.actions if a.value == analysis.value}
        assert sorted(a.card for a in analysis.actions) == sorted(c for c, _ in pos.legal_actions())
        best = next(a for a in analysis.actions if a.card == analysis.best[0])
        child = pos.apply((best.card, best.beneath))
        assert value(child) == analysis.value  # best play keeps the value
        assert pos.total == sum(pos.taken) + sum(pos.held) + pos.remaining


def test_a_finished_position_is_worth_what_was_taken() -> None:
    rng = random.Random(5)
    hand, playout = random_hand_in_play(get_profile("pagat-62"), rng)
    pos = Position.from_hand(hand)
    for seat, card, beneath in playout.plays:
        pos = pos.apply((card, beneath))
        assert isinstance(Play(seat, card, beneath), Play)
    analysis = solve(pos)
    assert analysis.to_play is None and analysis.actions == ()
    assert analysis.value == playout.points
