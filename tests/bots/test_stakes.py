"""The bots and the game score: the stakes from the engine's scoring, and the ``rules``
bot's calls at a score that makes them decide the game (each case fails with a score-blind
bot, which calls as at 0–0)."""

from __future__ import annotations

import random

from tutorial.bots import decide, simbid
from tutorial.bots.rollout import playout
from tutorial.bots.rules import GAME_MARGIN, call_for, estimate, game_margin
from tutorial.bots.stakes import (
    GAME_WON,
    TIE_POINTS,
    defending_wins,
    made_wins,
    need_defending,
    value,
)
from tutorial.engine.actions import PASS, Call
from tutorial.engine.observe import observe
from tutorial.engine.profiles import CLASSIC_51, PAGAT_62
from tutorial.engine.state import State


def test_value_is_the_score_difference_unless_the_hand_ends_the_game() -> None:
    for points in [(8, 6), (3, 11), (14, 0)]:
        for bid in (7, 9):
            assert value(PAGAT_62, (0, 0), 0, 0, bid, points) == simbid.utility(0, 0, bid, points)
            assert value(PAGAT_62, (0, 0), 1, 0, bid, points) == simbid.utility(1, 0, bid, points)
    # bidder goes out (both at 55+): AC bid 7 and made it with 7 points: AC wins the game
    assert value(PAGAT_62, (55, 60), 0, 0, 7, (7, 7)) == GAME_WON
    assert value(PAGAT_62, (55, 60), 1, 0, 7, (7, 7)) == -GAME_WON
    # the points still break ties between results that all win (or all lose) the game
    assert value(PAGAT_62, (55, 60), 0, 0, 7, (9, 5)) == GAME_WON + 4 * TIE_POINTS
    # set: BD's 8 defending points take it to 68 and win
    assert value(PAGAT_62, (55, 60), 0, 0, 9, (6, 8)) == -GAME_WON + (-9 - 8) * TIE_POINTS
    # classic-51: both reach 51 on one hand, the bidders are counted first
    assert value(CLASSIC_51, (48, 49), 1, 1, 6, (5, 9)) == GAME_WON + 4 * TIE_POINTS
    # winning with the fewest points is worth more than any result that does not end it
    assert value(PAGAT_62, (55, 60), 0, 0, 14, (0, 14)) < -28 < 28 < GAME_WON - 0.3


def test_who_can_go_out_how() -> None:
    # pagat-62, 58 to 30: AC goes out defending with 4 points, or bidding 7 and making it
    assert need_defending(PAGAT_62, (58, 30), 0, 7) == 4
    assert made_wins(PAGAT_62, (58, 30), 0, 7)
    assert not made_wins(PAGAT_62, (58, 30), 1, 14)  # BD cannot win this hand
    # under bidder goes out a defender needs the bid set and the target reached
    assert need_defending(PAGAT_62, (56, 57), 0, 7) == 8
    assert defending_wins(PAGAT_62, (56, 57), 0, 8, 7)
    assert not defending_wins(PAGAT_62, (56, 57), 0, 7, 7)  # 7 of 14: the bid is made


def _first_callers(lo: float, hi: float, n: int) -> list[State]:
    """Deals (dealer D) whose first caller A's estimate lies in [lo, hi)."""
    rng = random.Random(41)
    out = []
    while len(out) < n:
        s = State.random_deal(PAGAT_62, 3, rng)
        est = max(estimate(PAGAT_62, t, s.dealt[0]) for t in range(4))
        if lo <= est < hi:
            out.append(s)
    return out


def _call(s: State, score: tuple[int, int]) -> Call:
    at = State(s.profile, s.dealer, s.dealt, s.stock, score=score)
    action = decide("rules", observe(at, 0), 0)
    assert isinstance(action, Call)
    return action


def test_under_bidder_goes_out_it_bids_a_hand_it_would_pass_in_a_new_game() -> None:
    for s in _first_callers(8.0, 8.9, 5):
        assert _call(s, (0, 0)) == PASS  # margin 2: the hand is not worth 7
        assert _call(s, (56, 57)) != PASS  # whoever makes the bid wins the game


def test_it_bids_freely_when_making_the_bid_wins_and_defending_would_not() -> None:
    # 56 to 30: a bid of 7 made takes AC to 63; defending it needs 6 of the 14 points
    for s in _first_callers(8.0, 8.9, 3):
        assert _call(s, (56, 30)) != PASS


def test_no_needless_risk_when_a_few_defending_points_win_the_game() -> None:
    # 58 to 30: 4 points defending win the game, so a hand worth a 7 in a new game passes
    for s in _first_callers(9.2, 10.4, 5):
        assert _call(s, (0, 0)) in (Call(7), Call(8))
        assert _call(s, (58, 30)) == PASS


def test_an_overcall_that_stops_the_other_side_going_out() -> None:
    # BD at 50 bid 12: made, it takes them to 62. AC taking the contract at 13 and making it
    # leaves them 1 point: 51. So the contract decides: the small margin.
    assert game_margin(PAGAT_62, (20, 50), 0, 12, 13, 2.0) == GAME_MARGIN
    # BD at 58 wins with 4 points defending too: outbidding them stops nothing
    assert game_margin(PAGAT_62, (20, 58), 0, 7, 8, 2.0) == 2.0
    # far from the target nothing changes
    assert game_margin(PAGAT_62, (20, 30), 0, 7, 8, 2.0) == 2.0


def test_the_score_changes_the_call_a_new_game_does_not() -> None:
    s = _first_callers(8.0, 8.9, 1)[0]
    assert call_for(PAGAT_62, 0, s.dealt[0], [], (56, 57)) is not None
    assert call_for(PAGAT_62, 0, s.dealt[0], [], (0, 0)) is None  # what rules-blind sees


def test_the_blind_bots_see_a_new_game() -> None:
    s = _first_callers(8.0, 8.9, 1)[0]
    at = State(s.profile, s.dealer, s.dealt, s.stock, score=(56, 57))
    assert decide("rules-blind", observe(at, 0), 0) == PASS
    assert decide("rules", observe(at, 0), 0) != PASS


def test_the_expert_counts_a_hand_that_ends_the_game_as_the_game() -> None:
    # 60 to 61 (bidder goes out): made, the bidders win; set, the defenders pass 62
    s = State.random_deal(PAGAT_62, 3, random.Random(5), score=(60, 61))
    done = playout(s.copy(), random.Random(6))
    assert abs(simbid.outcome(done, 0)) > GAME_WON - 1
    fresh = playout(State(s.profile, s.dealer, s.dealt, s.stock), random.Random(6))
    assert abs(simbid.outcome(fresh, 0)) < GAME_WON


def test_an_overcall_stops_them_when_the_points_we_expect_leave_them_short() -> None:
    # BD at 57 bid 7: made, they go out. AC bidding 8 with 11 expected points leaves them 3:
    # 60, short of 62 — the contract decides. Expecting only 8, it leaves them 6: no use.
    assert game_margin(PAGAT_62, (20, 57), 0, 7, 8, 2.0, 11.0) == GAME_MARGIN
    assert game_margin(PAGAT_62, (20, 57), 0, 7, 8, 2.0, 8.0) == 2.0
