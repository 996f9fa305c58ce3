"""The rules of shared/RULES.md, one test per rule statement, against the engine.

Written from the rules documents, not from the engine: where the engine disagrees, the
test keeps asserting the rule. Seats are 0..3 = A..D (A-C and B-D partners); cards are
indices (``ix("5D")``); sets of cards are masks (``bits("5D 7C")``).

Deals are built by hand. ``hand_in_play`` takes the hands as they must be after the
refill and builds a full 52-card deal that produces them (each seat is dealt its trumps
plus filler non-trumps, and the stock holds the non-trumps each seat will receive, in
refill order). ``build_deal`` builds a deal from the few cards a refill test cares about.
Nothing is random without a fixed seed.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any

import pytest

from tutorial.engine.cards import CODES, Card, Suit, iter_bits, mask_of, parse_index
from tutorial.engine.errors import IllegalAction, InvalidInput, Reason
from tutorial.engine.hand import Hand, HandResult, Phase
from tutorial.engine.profiles import CLASSIC_51, PAGAT_62, Profile, get_profile
from tutorial.engine.scoring import DecidedBy, GameScore, hand_delta, score_hand
from tutorial.engine.trumps import (
    LEFT_PEDRO,
    TRUMP_MASK,
    TRUMP_ORDER,
    beats,
    effective_suit,
    is_trump,
)

A, B, C, D = 0, 1, 2, 3
AC, BD = 0, 1
CLUBS, DIAMONDS, HEARTS, SPADES = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------
def ix(code: str) -> int:
    return parse_index(code)


def cards(text: str | Iterable[int]) -> list[int]:
    if isinstance(text, str):
        return [parse_index(t) for t in text.split()]
    return list(text)


def bits(text: str | Iterable[int]) -> int:
    return mask_of(cards(text))


def codes_of(mask: int) -> set[str]:
    return {CODES[c] for c in iter_bits(mask)}


def build_deal(
    dealt: dict[int, str | list[int]],
    *,
    trump: int,
    stock_top: str | list[int] = "",
) -> tuple[dict[int, list[int]], list[int]]:
    """A full deal: each seat gets its listed cards, filled to 9 with non-trumps of
    ``trump`` (lowest index first); the stock is ``stock_top``, then the unused
    non-trumps, then the unused trumps (at the bottom)."""
    hands = {s: cards(dealt.get(s, "")) for s in range(4)}
    top = cards(stock_top)
    used = [c for s in range(4) for c in hands[s]] + top
    assert len(set(used)) == len(used), "a card is listed twice in the test deal"
    tm = TRUMP_MASK[trump]
    spare_plain = [c for c in range(52) if c not in used and not (tm >> c) & 1]
    spare_trumps = [c for c in range(52) if c not in used and (tm >> c) & 1]
    for s in range(4):
        assert len(hands[s]) <= 9, "a seat is dealt 9 cards"
        while len(hands[s]) < 9:
            hands[s].append(spare_plain.pop(0))
    stock = top + spare_plain + spare_trumps
    assert len(stock) == 16, f"test deal has a stock of {len(stock)}"
    return hands, stock


def new_hand(
    dealt: dict[int, str | list[int]],
    *,
    trump: int = HEARTS,
    stock_top: str | list[int] = "",
    dealer: int = D,
    profile: Profile = PAGAT_62,
) -> Hand:
    hands, stock = build_deal(dealt, trump=trump, stock_top=stock_top)
    return Hand.from_deal(profile, dealer, hands, stock)


def run_bidding(hand: Hand, bidder: int, bid: int) -> None:
    """One round: everyone passes except ``bidder``, who bids ``bid``."""
    for _ in range(4):
        seat = hand.to_act
        hand.bid(seat, bid if seat == bidder else None)


def to_refill(hand: Hand, bidder: int = A, bid: int = 7, trump: int = HEARTS) -> Hand:
    run_bidding(hand, bidder, bid)
    hand.name_trump(bidder, trump)
    assert hand.phase is Phase.REFILL
    return hand


def hand_in_play(
    final: dict[int, str],
    *,
    trump: int = HEARTS,
    bidder: int = A,
    bid: int = 7,
    dealer: int = D,
    profile: Profile = PAGAT_62,
) -> Hand:
    """A hand in the play phase whose hands after the refill are exactly ``final``."""
    tm = TRUMP_MASK[trump]
    fin = {s: cards(final[s]) for s in range(4)}
    dealt: dict[int, str | list[int]] = {}
    extra_dealer_trumps: list[int] = []
    for s in range(4):
        tr = [c for c in fin[s] if (tm >> c) & 1]
        if s == dealer and len(tr) > 9:
            tr, extra_dealer_trumps = tr[:9], tr[9:]
        dealt[s] = tr
    top: list[int] = []
    for s in ((dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4):
        top += [c for c in fin[s] if not (tm >> c) & 1]
    top += extra_dealer_trumps + [c for c in fin[dealer] if not (tm >> c) & 1]
    hand = new_hand(dealt, trump=trump, stock_top=top, dealer=dealer, profile=profile)
    run_bidding(hand, bidder, bid)
    hand.name_trump(bidder, trump)
    hand.refill()
    got = [codes_of(h) for h in hand.hands]
    want = [set(final[s].split()) for s in range(4)]
    assert got == want, f"test setup: refill gave {got}, wanted {want}"
    assert hand.phase is Phase.PLAY
    return hand


def play_seq(hand: Hand, plays: Sequence[tuple[int, str]]) -> None:
    """Play (seat, card) pairs in order, checking that it is each seat's turn."""
    for seat, code in plays:
        assert hand.to_act == seat, f"expected {'ABCD'[seat]} to act, not {'ABCD'[hand.to_act]}"
        hand.play(seat, ix(code))


def finish(hand: Hand) -> HandResult:
    """Play the rest of the hand deterministically (lowest legal card index)."""
    while hand.phase is Phase.PLAY:
        top = min(iter_bits(hand.legal_mask()))
        k = hand.pile_size()
        beneath = sorted(iter_bits(hand.legal_beneath_mask(top)))[:k] if k else []
        hand.play(hand.to_act, top, beneath)
    return hand.result()


def snapshot(hand: Hand) -> tuple[Any, ...]:
    return (
        hand.phase,
        tuple(hand.hands),
        hand.to_act,
        tuple(hand.calls),
        tuple(hand.passed),
        hand.high_bid,
        hand.high_seat,
        hand.trump,
        tuple(hand.stock),
        hand.refill_log is None,
        len(hand.tricks),
        tuple(getattr(hand, "trick_plays", ())),
        tuple(hand.captured),
    )


def assert_illegal(
    hand: Hand,
    reason: Reason | set[Reason],
    action: Callable[..., Any],
    *args: Any,
    **kwargs: Any,
) -> IllegalAction:
    """The action raises IllegalAction (not InvalidInput) with ``reason`` (or one of a
    set of equally apt reasons) and changes nothing."""
    before = snapshot(hand)
    with pytest.raises(IllegalAction) as info:
        action(*args, **kwargs)
    err = info.value
    assert not isinstance(err, InvalidInput)
    reasons = reason if isinstance(reason, set) else {reason}
    assert err.reason in reasons, f"reason {err.reason}, expected {reason}"
    assert snapshot(hand) == before, "an illegal action changed the hand"
    return err


# ---------------------------------------------------------------------------------------
# Cards and trumps (section 02)
# ---------------------------------------------------------------------------------------
def test_pack_is_52_cards_without_jokers() -> None:
    assert len(CODES) == 52 and len(set(CODES)) == 52
    for text in ("JK", "0H", "1C", "XX"):
        with pytest.raises(InvalidInput):
            parse_index(text)


def test_left_pedro_is_the_five_of_the_same_colour() -> None:
    expected = {CLUBS: "5S", SPADES: "5C", DIAMONDS: "5H", HEARTS: "5D"}
    for trump, left in expected.items():
        assert LEFT_PEDRO[trump] == ix(left)
        assert is_trump(ix(left), trump)
        assert effective_suit(ix(left), trump) == trump
        # the fives of the other colour are not trumps
        for other in ("5C", "5D", "5H", "5S"):
            if other not in (left, "5" + "CDHS"[trump]):
                assert not is_trump(ix(other), trump)


def test_left_pedro_leaves_its_printed_suit() -> None:
    # hearts trump: 5D is a heart for every purpose, no longer a diamond
    assert effective_suit(ix("5D"), HEARTS) == HEARTS
    assert effective_suit(ix("4D"), HEARTS) == DIAMONDS
    # on a diamond lead the left Pedro wins as a trump, not as a diamond
    assert beats(ix("5D"), ix("AD"), HEARTS, DIAMONDS)


def test_fourteen_trumps_once_trump_is_named() -> None:
    for trump in Suit:
        assert TRUMP_MASK[trump].bit_count() == 14
        assert len(TRUMP_ORDER[trump]) == 14


def test_trump_order_high_to_low_right_pedro_above_left_pedro() -> None:
    expected = cards("AH KH QH JH TH 9H 8H 7H 6H 5H 5D 4H 3H 2H")
    assert list(TRUMP_ORDER[HEARTS]) == expected
    assert list(TRUMP_ORDER[CLUBS]) == cards("AC KC QC JC TC 9C 8C 7C 6C 5C 5S 4C 3C 2C")
    for led in Suit:
        for hi, lo in itertools.pairwise(expected):
            assert beats(hi, lo, HEARTS, led) and not beats(lo, hi, HEARTS, led)


def test_any_trump_beats_any_plain_card() -> None:
    for plain in cards("AC AD AS KC"):
        led = Suit(plain // 13)
        assert beats(ix("2H"), plain, HEARTS, led)
        assert beats(ix("5D"), plain, HEARTS, led)


def test_other_suits_rank_ace_high_without_the_moved_five() -> None:
    order = cards("AD KD QD JD TD 9D 8D 7D 6D 4D 3D 2D")
    for hi, lo in itertools.pairwise(order):
        assert beats(hi, lo, HEARTS, DIAMONDS)
    assert not is_trump(ix("5C"), HEARTS) and effective_suit(ix("5C"), HEARTS) == CLUBS
    # a card of another plain suit never beats the suit led
    assert not beats(ix("AS"), ix("2D"), HEARTS, DIAMONDS)


# ---------------------------------------------------------------------------------------
# Points (section 02)
# ---------------------------------------------------------------------------------------
# A whole hand where the bidders (A-C) win only the first trick, yet take 11 points.
SHOWCASE = {
    A: "5H 2C 3C 4C 6C 7C",
    B: "5D 2S 3S 4S 6S 7S",
    C: "AH 8H 7H 6H 4H 3H",
    D: "2H KH QH JH TH 9H",
}
SHOWCASE_PLAYS = [
    [(A, "5H"), (B, "5D"), (C, "AH"), (D, "2H")],  # C wins High and both Pedros
    [(C, "8H"), (D, "KH"), (A, "2C"), (B, "2S")],
    [(D, "QH"), (A, "3C"), (B, "3S"), (C, "7H")],
    [(D, "JH"), (A, "4C"), (B, "4S"), (C, "6H")],  # Jack to B-D
    [(D, "TH"), (A, "6C"), (B, "6S"), (C, "4H")],  # Game to B-D
    [(D, "9H"), (A, "7C"), (B, "7S"), (C, "3H")],
]


def play_showcase(bid: int = 7) -> tuple[Hand, HandResult]:
    hand = hand_in_play(SHOWCASE, trump=HEARTS, bidder=A, bid=bid, dealer=D)
    for trick in SHOWCASE_PLAYS:
        play_seq(hand, trick)
    assert hand.phase is Phase.DONE
    return hand, hand.result()


def test_fourteen_points_per_hand() -> None:
    assert PAGAT_62.total_points == 14
    _, res = play_showcase()
    assert sum(res.points) == 14


def test_high_jack_game_one_point_each_to_the_side_that_captures_it() -> None:
    _, res = play_showcase()
    assert res.owners["high"] == AC  # AH captured by C
    assert res.owners["jack"] == BD  # JH captured by D
    assert res.owners["game"] == BD  # TH captured by D


def test_right_and_left_pedro_five_each_to_the_side_that_captures_it() -> None:
    _, res = play_showcase()
    # A led the right Pedro, B (B-D) was forced to play the left Pedro; C captured both
    assert res.owners["right_pedro"] == AC
    assert res.owners["left_pedro"] == AC
    assert res.points == (5 + 5 + 1, 1 + 1 + 1)


def test_low_goes_to_the_side_that_held_it_even_if_captured() -> None:
    hand, res = play_showcase()
    assert hand.tricks[0].winner == C and hand.tricks[0].mask & bits("2H")
    assert res.captured[AC] & bits("2H")  # A-C captured the two of trumps ...
    assert res.owners["low"] == BD  # ... but D held it, so B-D scores Low
    assert hand.tricks[0].points == 11  # Low is not carried by the trick


def test_bid_promises_points_for_the_partnership_not_tricks() -> None:
    hand, res = play_showcase(bid=7)
    tricks_won = [sum(1 for t in hand.tricks if t.winner % 2 == team) for team in (AC, BD)]
    assert tricks_won == [1, 5]
    assert res.bidder == A and res.made is True  # 11 points from one trick (C's) make 7
    assert res.delta == (11, 3)


# ---------------------------------------------------------------------------------------
# Deal (section 03)
# ---------------------------------------------------------------------------------------
def test_deal_nine_each_in_threes_clockwise_from_dealers_left_sixteen_stock() -> None:
    deck = [(7 * i + 3) % 52 for i in range(52)]  # a fixed permutation of the pack
    assert sorted(deck) == list(range(52))
    for dealer in range(4):
        hand = Hand.from_deck(PAGAT_62, dealer, deck)
        for seat in range(4):
            k = (seat - dealer - 1) % 4  # 0 for the dealer's left
            want = [deck[3 * (k + 4 * r) + j] for r in range(3) for j in range(3)]
            assert hand.hands[seat] == mask_of(want)
            assert hand.hands[seat].bit_count() == 9
        assert list(hand.stock) == deck[36:]
        assert len(hand.stock) == 16


def test_random_deal_gives_nine_each_and_sixteen_in_stock() -> None:
    rng = random.Random(20240601)
    for dealer in range(4):
        hand = Hand.random_deal(PAGAT_62, dealer, rng)
        assert [h.bit_count() for h in hand.hands] == [9, 9, 9, 9]
        assert len(hand.stock) == 16
        everything = 0
        for h in hand.hands:
            assert not everything & h
            everything |= h
        assert everything | mask_of(hand.stock) == (1 << 52) - 1


def test_deal_of_wrong_shape_is_invalid_input() -> None:
    hands, stock = build_deal({}, trump=HEARTS)
    short = dict(hands)
    short[A] = hands[A][:8]
    with pytest.raises(InvalidInput):
        Hand.from_deal(PAGAT_62, D, short, stock)
    with pytest.raises(InvalidInput):  # 15 in the stock
        Hand.from_deal(PAGAT_62, D, hands, stock[:15])
    dup = dict(hands)
    dup[B] = [*hands[B][:8], hands[A][0]]
    with pytest.raises(InvalidInput):  # a card dealt twice
        Hand.from_deal(PAGAT_62, D, dup, [*stock[:15], hands[B][8]])
    with pytest.raises(InvalidInput):
        Hand.from_deck(PAGAT_62, D, list(range(51)))
    with pytest.raises(InvalidInput):
        Hand.from_deal(PAGAT_62, 4, hands, stock)


# ---------------------------------------------------------------------------------------
# Bidding (section 03)
# ---------------------------------------------------------------------------------------
def fresh(dealer: int = D, profile: Profile = PAGAT_62) -> Hand:
    hands, stock = build_deal({}, trump=HEARTS)
    return Hand.from_deal(profile, dealer, hands, stock)


def test_bidding_is_one_round_from_dealers_left_ending_with_dealer() -> None:
    hand = fresh(dealer=B)
    order = []
    while hand.phase is Phase.BID:
        order.append(hand.to_act)
        hand.bid(hand.to_act, 7 if hand.to_act == C else None)
    assert order == [C, D, A, B]
    assert hand.phase is Phase.TRUMP and hand.high_seat == C and hand.high_bid == 7


def test_bid_range_is_7_to_14() -> None:
    hand = fresh()
    assert hand.legal_bids() == [None, *range(7, 15)]
    err = assert_illegal(hand, Reason.BID_OUT_OF_RANGE, hand.bid, A, 6)
    assert err.seat == A
    assert_illegal(hand, Reason.BID_OUT_OF_RANGE, hand.bid, A, 15)
    assert_illegal(hand, Reason.BID_OUT_OF_RANGE, hand.bid, A, 0)
    hand.bid(A, 14)
    assert hand.high_bid == 14


def test_bid_must_be_strictly_higher() -> None:
    hand = fresh()
    hand.bid(A, 8)
    assert hand.legal_bids() == [None, *range(9, 15)]
    err = assert_illegal(hand, Reason.BID_NOT_HIGHER, hand.bid, B, 8)
    assert err.required == "9"
    assert_illegal(hand, Reason.BID_NOT_HIGHER, hand.bid, B, 7)
    hand.bid(B, 9)
    assert hand.high_bid == 9 and hand.high_seat == B


def test_pass_is_final() -> None:
    hand = fresh()
    hand.bid(A, None)
    hand.bid(B, 7)
    hand.bid(C, None)
    hand.bid(D, 8)
    # the round is over: A, who passed, never calls again
    assert hand.phase is Phase.TRUMP
    assert hand.passed[A] and hand.legal_bids() == []
    assert_illegal(hand, Reason.WRONG_PHASE, hand.bid, A, 9)


def test_bid_out_of_turn_is_illegal() -> None:
    hand = fresh()
    err = assert_illegal(hand, Reason.NOT_YOUR_TURN, hand.bid, B, 8)
    assert err.seat == B and err.required == "A"


def test_dealer_forced_to_bid_exactly_7_when_first_three_pass() -> None:
    hand = fresh(dealer=D)
    for seat in (A, B, C):
        hand.bid(seat, None)
    assert hand.legal_bids() == [7]
    err = assert_illegal(hand, Reason.DEALER_MUST_BID, hand.bid, D, None)
    assert err.required == "7"
    assert_illegal(hand, Reason.DEALER_MUST_BID, hand.bid, D, 8)
    assert_illegal(hand, Reason.DEALER_MUST_BID, hand.bid, D, 14)
    hand.bid(D, 7)
    assert hand.phase is Phase.TRUMP and hand.high_seat == D and hand.high_bid == 7


def test_dealer_may_pass_or_outbid_when_someone_has_bid() -> None:
    hand = fresh(dealer=D)
    hand.bid(A, None)
    hand.bid(B, 9)
    hand.bid(C, None)
    assert hand.legal_bids() == [None, *range(10, 15)]
    hand.bid(D, None)
    assert hand.phase is Phase.TRUMP and hand.high_seat == B and hand.high_bid == 9

    hand = fresh(dealer=D)
    hand.bid(A, 7)
    hand.bid(B, None)
    hand.bid(C, None)
    hand.bid(D, 8)
    assert hand.high_seat == D and hand.high_bid == 8


def test_high_bidder_names_any_suit_as_trump() -> None:
    for suit in Suit:
        hand = fresh()
        run_bidding(hand, C, 9)
        assert hand.phase is Phase.TRUMP and hand.to_act == C
        hand.name_trump(C, suit)
        assert hand.trump == suit and hand.phase is Phase.REFILL


def test_only_the_high_bidder_names_trump() -> None:
    hand = fresh()
    run_bidding(hand, C, 9)
    for seat in (A, B, D):
        assert_illegal(hand, Reason.NOT_HIGH_BIDDER, hand.name_trump, seat, HEARTS)


# ---------------------------------------------------------------------------------------
# Discard and refill (section 04)
# ---------------------------------------------------------------------------------------
def test_every_player_discards_all_non_trumps_and_keeps_all_trumps() -> None:
    hand = new_hand(
        {A: "AH 5D 2C 3C 4C 6S 7S 8S 9S", B: "KH QH", C: "JH", D: "TH 9H 8H 7H"},
        trump=HEARTS,
        dealer=D,
    )
    dealt = list(hand.hands)
    to_refill(hand, A, 7, HEARTS)
    hand.refill()
    tm = TRUMP_MASK[HEARTS]
    assert hand.refill_log is not None
    for seat in range(4):
        assert hand.hands[seat] & dealt[seat] & tm == dealt[seat] & tm  # every trump kept
        assert not hand.hands[seat] & dealt[seat] & ~tm  # every non-trump discarded
        assert hand.refill_log.discard_masks[seat] == dealt[seat] & ~tm
    assert hand.hands[A] & bits("5D")  # the left Pedro is a trump, so it is kept


def test_non_trump_may_not_be_kept_at_the_discard() -> None:
    hand = to_refill(new_hand({A: "AH 2C"}, trump=HEARTS), A, 7, HEARTS)
    err = assert_illegal(hand, Reason.KEEP_NOT_ALLOWED, hand.refill, keep={A: [ix("2C")]})
    assert err.seat == A and err.card == "2C"
    assert hand.phase is Phase.REFILL


def test_dealer_gives_others_from_dealers_left_clockwise_from_top_of_stock() -> None:
    stock_top = "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"
    hand = new_hand(
        {C: "AS KS QS", D: "JS TS", A: "9S", B: "8S 7S 6S 5S 5C 4S 3S 2S"},
        trump=SPADES,
        stock_top=stock_top,
        dealer=B,
    )
    to_refill(hand, C, 7, SPADES)
    hand.refill()
    log = hand.refill_log
    assert log is not None
    top = cards(stock_top)
    assert log.received[C] == top[0:3]  # dealer's left first, each to 6
    assert log.received[D] == top[3:7]
    assert log.received[A] == top[7:12]
    assert hand.hands[C] == bits("AS KS QS 2D 3D 4D")
    assert hand.hands[D] == bits("JS TS 5D 6D 7D 8D")
    assert hand.hands[A] == bits("9S 9D TD JD QD KD")


def test_player_with_6_or_more_trumps_receives_nothing() -> None:
    hand = new_hand(
        {A: "AH KH QH JH TH 9H", B: "8H 7H 6H 5H 5D 4H 3H", C: "2H"},
        trump=HEARTS,
        stock_top="2S 3S 4S 6S 7S",
        dealer=D,
    )
    to_refill(hand, A, 7, HEARTS)
    hand.refill()
    log = hand.refill_log
    assert log is not None
    assert log.received[A] == [] and log.received[B] == []
    assert hand.hands[A] == bits("AH KH QH JH TH 9H")
    assert hand.hands[C] == bits("2H 2S 3S 4S 6S 7S")  # C, with one trump, gets the top five


def test_player_holding_more_than_six_trumps_keeps_them_all() -> None:
    hand = new_hand({B: "8H 7H 6H 5H 5D 4H 3H", D: "AH KH QH JH TH 9H"}, trump=HEARTS, dealer=D)
    to_refill(hand, A, 7, HEARTS)
    hand.refill()
    assert hand.hands[B] == bits("8H 7H 6H 5H 5D 4H 3H")  # 7 cards, all trumps
    assert hand.hands[B] & ~TRUMP_MASK[HEARTS] == 0


def test_dealer_keeps_every_trump_of_the_rest() -> None:
    # A needs 2, B 4, C 5: 11 cards; the rest (5 cards) holds 5D 4H 3H 2H and one plain
    hand = new_hand({A: "AH KH QH JH", B: "TH 9H", C: "8H", D: "7H 6H 5H"}, trump=HEARTS, dealer=D)
    rest = list(hand.stock)[11:]
    assert mask_of(rest) & bits("5D 4H 3H 2H") == bits("5D 4H 3H 2H")
    to_refill(hand, A, 7, HEARTS)
    hand.refill()
    assert hand.hands[D] == bits("7H 6H 5H 5D 4H 3H 2H")  # 7 trumps, no non-trump
    log = hand.refill_log
    assert log is not None and len(log.dealer_discarded) == 1


def dealer_choice_hand() -> tuple[Hand, list[int]]:
    """Dealer D with 3H; the rest of the stock (10 cards) is nine plain cards and 2H."""
    stock_top = "2C 3C 4C 6C 7C 8C 9C TC JC QC KC AC 2S 3S 4S"
    hand = new_hand(
        {A: "AH KH QH JH TH 9H", B: "8H 7H 6H", C: "5H 5D 4H", D: "3H"},
        trump=HEARTS,
        stock_top=stock_top,
        dealer=D,
    )
    stock = list(hand.stock)
    assert stock[-1] == ix("2H")
    return to_refill(hand, A, 7, HEARTS), stock


def test_dealer_keeps_non_trumps_from_the_rest_only_to_reach_six_in_stock_order() -> None:
    hand, stock = dealer_choice_hand()
    hand.refill()
    rest = stock[6:]  # B took 3, C took 3
    # trumps 3H and 2H, then the first four non-trumps of the rest (decided: stock order)
    assert hand.hands[D] == bits("3H 2H") | mask_of(rest[:4])
    assert hand.hands[D].bit_count() == 6


def test_dealer_chooses_which_non_trumps_of_the_rest_to_keep() -> None:
    hand, stock = dealer_choice_hand()
    rest = stock[6:]
    choice = rest[5:9]
    hand.refill(dealer_keeps=choice)
    assert hand.hands[D] == bits("3H 2H") | mask_of(choice)


def test_dealer_keeps_must_be_enough_non_trumps_from_the_rest() -> None:
    hand, stock = dealer_choice_hand()
    rest = stock[6:]
    err = assert_illegal(hand, Reason.DEALER_KEEPS_INVALID, hand.refill, dealer_keeps=rest[:3])
    assert err.required == "4"
    assert_illegal(hand, Reason.DEALER_KEEPS_INVALID, hand.refill, dealer_keeps=rest[:5])


def test_dealer_does_not_look_at_others_discards() -> None:
    hand, stock = dealer_choice_hand()
    dealt_d = hand.hands[D]
    a_discard = next(iter_bits(hand.hands[A] & ~TRUMP_MASK[HEARTS]))
    # the dealer may not keep a card another player discarded
    assert_illegal(
        hand,
        Reason.DEALER_KEEPS_INVALID,
        hand.refill,
        dealer_keeps=[a_discard, *stock[6:9]],
    )
    hand.refill()
    log = hand.refill_log
    assert log is not None
    rest = stock[6:]
    assert log.dealer_examined == rest  # only the rest of the stock
    gained = hand.hands[D] & ~dealt_d
    assert gained & ~mask_of(rest) == 0


def reshuffle_hand() -> Hand:
    """A, B, C hold no trumps (they need 18 cards; the stock has 16). D holds 8 trumps
    and one non-trump. The stock holds 10 non-trumps then 6H 5H 5D 4H 3H 2H."""
    hand = new_hand({D: "AH KH QH JH TH 9H 8H 7H"}, trump=HEARTS, dealer=D)
    for seat in (A, B, C):
        assert not hand.hands[seat] & TRUMP_MASK[HEARTS]
    return to_refill(hand, A, 7, HEARTS)


def test_stock_runs_out_discards_are_reshuffled() -> None:
    hand = reshuffle_hand()
    tm = TRUMP_MASK[HEARTS]
    discards = [c for seat in range(4) for c in iter_bits(hand.hands[seat] & ~tm)]
    assert len(discards) == 28  # all four players' discards, the dealer's included
    order = sorted(discards, reverse=True)
    hand.refill(reshuffle=order)
    log = hand.refill_log
    assert log is not None
    assert log.reshuffled == order and log.reshuffle_before == C
    assert hand.hands[C] & mask_of(order[:2]) == mask_of(order[:2])  # C finished from it
    assert [h.bit_count() for h in hand.hands] == [6, 6, 6, 8]
    in_play = hand.hands[0] | hand.hands[1] | hand.hands[2] | hand.hands[3]
    assert in_play & tm == tm  # all 14 trumps are in play


def test_reshuffled_stock_is_all_four_players_discards() -> None:
    hand = reshuffle_hand()
    tm = TRUMP_MASK[HEARTS]
    without_dealer = [c for seat in (A, B, C) for c in iter_bits(hand.hands[seat] & ~tm)]
    assert_illegal(hand, Reason.RESHUFFLE_INVALID, hand.refill, reshuffle=without_dealer)


def test_stock_runs_out_reshuffle_with_seeded_rng() -> None:
    hand = reshuffle_hand()
    hand.refill(rng=random.Random(5))
    tm = TRUMP_MASK[HEARTS]
    assert [h.bit_count() for h in hand.hands] == [6, 6, 6, 8]
    in_play = hand.hands[0] | hand.hands[1] | hand.hands[2] | hand.hands[3]
    assert in_play & tm == tm


def test_stock_runs_out_without_a_reshuffle_order_is_illegal_and_changes_nothing() -> None:
    hand = reshuffle_hand()
    assert_illegal(hand, Reason.RESHUFFLE_INVALID, hand.refill)


def test_dealer_short_after_rest_of_stock_refills_from_reshuffled_discards() -> None:
    # A needs 5, B 5, C 6: the whole stock; the dealer (2 trumps) needs 4 more
    hand = new_hand({A: "AH", B: "KH", D: "QH JH"}, trump=HEARTS, dealer=D)
    assert hand.hands[C] & TRUMP_MASK[HEARTS] == 0  # C was dealt no trumps
    to_refill(hand, A, 7, HEARTS)
    tm = TRUMP_MASK[HEARTS]
    discards = [c for seat in range(4) for c in iter_bits(hand.hands[seat] & ~tm)]
    order = sorted(discards)
    hand.refill(reshuffle=order)
    log = hand.refill_log
    assert log is not None and log.reshuffle_before == D
    assert hand.hands[D] == bits("QH JH") | mask_of(order[:4])


def test_all_fourteen_trumps_in_play_after_refill_and_hands_are_six_or_all_trumps() -> None:
    for rec in seeded_records("pagat-62"):
        tm = TRUMP_MASK[rec.trump]
        in_play = 0
        for h in rec.start_hands:
            n = h.bit_count()
            assert n == 6 or (n > 6 and h & ~tm == 0), f"hand of {n}: {codes_of(h)}"
            in_play |= h
        assert in_play & tm == tm


def test_refill_follows_the_stock_order_on_seeded_random_deals() -> None:
    checked = 0
    for rec in seeded_records("pagat-62"):
        want = rules_refill_pagat(rec.dealt, rec.stock, rec.trump, rec.dealer, rec.reshuffled)
        assert list(rec.start_hands) == want
        checked += 1
    assert checked > 100


# ---------------------------------------------------------------------------------------
# Play (section 05) and the worked example (section 07)
# ---------------------------------------------------------------------------------------
SECTION_07 = {
    A: "KC AH KH QH 2C 3C",
    B: "5D 7C JH TH 9S 8S",
    C: "6H 8C 9H 8H 7H 4S",
    D: "5H 4H 3H 2H 9C 6S",
}


def test_section_07_example_left_pedro_trick() -> None:
    hand = hand_in_play(SECTION_07, trump=HEARTS, bidder=A)
    play_seq(hand, [(A, "KC")])
    # B holds a club (7C) and may still trump with the left Pedro
    assert hand.hands[B] & bits("7C") and hand.legal_mask() & bits("5D")
    play_seq(hand, [(B, "5D")])
    # C holds a club (8C) and may still trump
    assert hand.hands[C] & bits("8C") and hand.legal_mask() & bits("6H")
    play_seq(hand, [(C, "6H"), (D, "5H")])
    trick = hand.tricks[0]
    assert trick.winner == C and trick.winning_card == ix("6H") and trick.trumped
    assert trick.points == 10  # 5 + 5 in fives
    assert hand.to_act == C


def test_section_07_example_bid_10_won_9() -> None:
    made, delta = hand_delta(AC, 10, (9, 5))
    assert made is False and delta == (-10, 5)
    out = score_hand(PAGAT_62, (20, 30), AC, 10, (9, 5))
    assert out.after == (10, 35)


def test_high_bidder_leads_any_card() -> None:
    hand = hand_in_play(SECTION_07, trump=HEARTS, bidder=B, bid=8)
    assert hand.to_act == B
    assert hand.legal_mask() == hand.hands[B]
    assert_illegal(hand, Reason.NOT_YOUR_TURN, hand.play, A, ix("KC"))


def test_play_goes_clockwise() -> None:
    hand = hand_in_play(SECTION_07, trump=HEARTS, bidder=C)
    seen = []
    for _ in range(4):
        seen.append(hand.to_act)
        hand.play(hand.to_act, min(iter_bits(hand.legal_mask())))
    assert seen == [C, D, A, B]


def test_trump_lead_must_be_followed_with_a_trump() -> None:
    hand = hand_in_play(SECTION_07, trump=HEARTS, bidder=A)
    play_seq(hand, [(A, "AH")])
    assert hand.legal_mask() == bits("5D JH TH")
    err = assert_illegal(hand, Reason.MUST_FOLLOW_TRUMP, hand.play, B, ix("7C"))
    assert err.seat == B and err.card == "7C" and err.required == "H"


def test_left_pedro_must_follow_a_trump_lead() -> None:
    hand = hand_in_play(SHOWCASE, trump=HEARTS, bidder=A)
    play_seq(hand, [(A, "5H")])
    # B's only trump is the left Pedro: it is the only legal card
    assert hand.legal_mask() == bits("5D")
    assert_illegal(hand, Reason.MUST_FOLLOW_TRUMP, hand.play, B, ix("2S"))
    play_seq(hand, [(B, "5D")])


def test_leading_the_left_pedro_is_a_trump_lead() -> None:
    hand = hand_in_play(SECTION_07, trump=HEARTS, bidder=B, bid=8)
    play_seq(hand, [(B, "5D")])
    # C holds no diamonds anyway; what matters: trumps are required
    assert hand.legal_mask() == bits("6H 9H 8H 7H")
    assert_illegal(hand, Reason.MUST_FOLLOW_TRUMP, hand.play, C, ix("8C"))
    play_seq(hand, [(C, "6H"), (D, "5H"), (A, "QH")])
    assert hand.tricks[0].led_suit == HEARTS and hand.tricks[0].winner == A


DIAMOND_LEAD = {
    A: "KD AH KH QH 2C 3C",
    B: "5D 7C JH TH 9S 8S",  # no diamond but the left Pedro, which is a heart
    C: "6H QD 9H 8H 7H 4S",
    D: "5H 4H 3H 2H 9C 6S",
}


def test_left_pedro_does_not_follow_its_printed_suit() -> None:
    hand = hand_in_play(DIAMOND_LEAD, trump=HEARTS, bidder=A)
    play_seq(hand, [(A, "KD")])
    # B holds 5D but is void in diamonds: any card, and the left Pedro is not forced
    assert hand.legal_mask() == hand.hands[B]
    play_seq(hand, [(B, "9S")])
    # C holds a diamond: follow or trump, but no spade
    assert hand.legal_mask() == bits("QD 6H 9H 8H 7H")
    assert_illegal(hand, Reason.MUST_FOLLOW_SUIT_OR_TRUMP, hand.play, C, ix("4S"))


def test_plain_lead_may_follow_or_trump_but_not_discard_another_plain_suit() -> None:
    hand = hand_in_play(SECTION_07, trump=HEARTS, bidder=A)
    play_seq(hand, [(A, "KC")])
    assert hand.legal_mask() == bits("7C 5D JH TH")
    err = assert_illegal(hand, Reason.MUST_FOLLOW_SUIT_OR_TRUMP, hand.play, B, ix("9S"))
    assert err.seat == B and err.card == "9S" and err.required == "C"
    play_seq(hand, [(B, "7C")])  # following suit is allowed
    play_seq(hand, [(C, "9H")])  # so is trumping while holding the suit


def test_void_in_led_suit_may_play_anything() -> None:
    hand = hand_in_play(SECTION_07, trump=HEARTS, bidder=A)
    play_seq(hand, [(A, "KC"), (B, "5D"), (C, "6H"), (D, "5H")])
    play_seq(hand, [(C, "4S"), (D, "6S")])
    assert not hand.hands[A] & bits("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS")
    assert hand.legal_mask() == hand.hands[A]
    play_seq(hand, [(A, "2C")])


def test_void_in_trumps_may_play_anything_on_a_trump_lead() -> None:
    hand = hand_in_play(SHOWCASE, trump=HEARTS, bidder=A)
    play_seq(hand, SHOWCASE_PLAYS[0])
    play_seq(hand, [(C, "8H"), (D, "KH")])
    assert hand.legal_mask() == hand.hands[A] == bits("2C 3C 4C 6C 7C")


def test_no_obligation_to_overtrump() -> None:
    hand = hand_in_play(SECTION_07, trump=HEARTS, bidder=A)
    play_seq(hand, [(A, "KC"), (B, "5D")])
    # C could overtrump the left Pedro with 6H, 9H, 8H or 7H but may follow with 8C
    assert hand.legal_mask() == bits("8C 6H 9H 8H 7H")
    play_seq(hand, [(C, "8C")])
    # D could overtrump with the right Pedro but may follow with 9C
    assert hand.legal_mask() == bits("9C 5H 4H 3H 2H")
    play_seq(hand, [(D, "9C")])
    assert hand.tricks[0].winner == B


def test_may_undertrump_while_holding_the_suit_led() -> None:
    hand = hand_in_play(SECTION_07, trump=HEARTS, bidder=A)
    play_seq(hand, [(A, "KC"), (B, "TH")])
    # C holds 8C and may trump lower than TH all the same
    play_seq(hand, [(C, "6H"), (D, "2H")])
    assert hand.tricks[0].winner == B


def test_no_obligation_to_win_a_trump_lead() -> None:
    hand = hand_in_play(SECTION_07, trump=HEARTS, bidder=C)
    play_seq(hand, [(C, "7H"), (D, "2H"), (A, "QH")])
    # B holds JH and TH, which beat 7H, and the left Pedro, which does not: any of them
    assert hand.legal_mask() == bits("5D JH TH")
    play_seq(hand, [(B, "5D")])
    assert hand.tricks[0].winner == A


def test_right_pedro_beats_left_pedro() -> None:
    hand = hand_in_play(SECTION_07, trump=HEARTS, bidder=A)
    play_seq(hand, [(A, "2C"), (B, "5D"), (C, "8C"), (D, "5H")])
    assert hand.tricks[0].winner == D and hand.tricks[0].winning_card == ix("5H")


def test_highest_card_of_suit_led_wins_without_trumps() -> None:
    hand = hand_in_play(SECTION_07, trump=HEARTS, bidder=A)
    play_seq(hand, [(A, "2C"), (B, "7C"), (C, "8C"), (D, "9C")])
    t = hand.tricks[0]
    assert t.winner == D and t.winning_card == ix("9C") and not t.trumped


def test_off_suit_card_does_not_win() -> None:
    hand = hand_in_play(DIAMOND_LEAD, trump=HEARTS, bidder=A)
    # A leads KD; B discards 9S, C follows QD, D (void in diamonds) discards 6S
    play_seq(hand, [(A, "KD"), (B, "9S"), (C, "QD"), (D, "6S")])
    assert hand.tricks[0].winner == A and hand.tricks[0].winning_card == ix("KD")


def test_highest_trump_wins() -> None:
    hand = hand_in_play(SECTION_07, trump=HEARTS, bidder=A)
    play_seq(hand, [(A, "KC"), (B, "JH"), (C, "6H"), (D, "5H")])
    assert hand.tricks[0].winner == B and hand.tricks[0].trumped


def test_winner_leads_next() -> None:
    hand = hand_in_play(SECTION_07, trump=HEARTS, bidder=A)
    play_seq(hand, [(A, "KC"), (B, "JH"), (C, "6H"), (D, "5H")])
    assert hand.to_act == B
    assert hand.legal_mask() == hand.hands[B]
    assert_illegal(hand, Reason.NOT_YOUR_TURN, hand.play, C, ix("8C"))


def test_six_tricks_are_played() -> None:
    hand, _ = play_showcase()
    assert len(hand.tricks) == 6 and hand.phase is Phase.DONE
    assert all(h == 0 for h in hand.hands)


def test_card_not_in_hand_is_illegal() -> None:
    hand = hand_in_play(SECTION_07, trump=HEARTS, bidder=A)
    err = assert_illegal(hand, Reason.CARD_NOT_IN_HAND, hand.play, A, ix("5D"))
    assert err.card == "5D"


def test_actions_out_of_phase_are_illegal() -> None:
    hand = fresh()
    assert_illegal(hand, Reason.WRONG_PHASE, hand.play, A, next(iter_bits(hand.hands[A])))
    assert_illegal(hand, Reason.WRONG_PHASE, hand.refill)
    assert_illegal(hand, Reason.WRONG_PHASE, hand.name_trump, A, HEARTS)
    assert_illegal(hand, Reason.WRONG_PHASE, hand.result)
    play = hand_in_play(SECTION_07, trump=HEARTS, bidder=A)
    assert_illegal(play, Reason.WRONG_PHASE, play.bid, A, 8)


def test_legal_cards_match_the_follow_rules_on_seeded_random_hands() -> None:
    decisions = 0
    for name in ("pagat-62", "classic-51"):
        for rec in seeded_records(name):
            for engine_mask, rules_mask, where in rec.legal_checks:
                assert engine_mask == rules_mask, f"{name} {where}"
                decisions += 1
    assert decisions > 5000


def test_highest_trump_or_highest_of_suit_led_wins_on_seeded_random_hands() -> None:
    tricks = 0
    for name in ("pagat-62", "classic-51"):
        for rec in seeded_records(name):
            for engine_winner, rules_winner in rec.winners:
                assert engine_winner == rules_winner
                tricks += 1
    assert tricks > 1000


# ---------------------------------------------------------------------------------------
# Surplus trumps (section 05)
# ---------------------------------------------------------------------------------------
# D (dealer) holds 8 trumps, 6 of them not scoring: KH QH 9H 8H 4H 3H.
SURPLUS_FOLLOWER = {
    A: "AH 7H KC QC JC TC",
    B: "JH 5D KS QS JS TS",
    C: "TH 6H KD QD JD TD",
    D: "KH QH 9H 8H 4H 3H 5H 2H",
}


# A (bidder) holds 9 trumps including all six scoring ones; 3 non-scoring: KH QH 9H.
SURPLUS_LEADER = {
    A: "AH JH TH 5H 5D 2H KH QH 9H",
    B: "8H 7H 2C 3C 4C 6C",
    C: "6H 4H 2D 3D 4D 6D",
    D: "3H 2S 3S 4S 6S 7S",
}


def surplus_follower_at_d() -> Hand:
    hand = hand_in_play(SURPLUS_FOLLOWER, trump=HEARTS, bidder=A, dealer=D)
    play_seq(hand, [(A, "KC"), (B, "KS"), (C, "6H")])
    assert hand.to_act == D
    return hand


def test_surplus_hand_plays_n_minus_5_cards_on_the_first_trick() -> None:
    hand = surplus_follower_at_d()
    assert hand.pile_size(D) == 2  # 8 cards: top + 2 beneath, 5 remain
    hand.play(D, ix("4H"), cards("KH QH"))
    assert hand.hands[D].bit_count() == 5
    assert [h.bit_count() for h in hand.hands] == [5, 5, 5, 5]
    assert hand.tricks[0].mask.bit_count() == 4 + 2


def test_pile_top_contests_cards_beneath_are_captured() -> None:
    hand = surplus_follower_at_d()
    hand.play(D, ix("4H"), cards("KH QH"))
    t = hand.tricks[0]
    # 6H beats the top card 4H; KH beneath does not contest the trick
    assert t.winner == C and t.winning_card == ix("6H")
    assert t.mask & bits("KH QH") == bits("KH QH")
    assert hand.captured[AC] & bits("KH QH") == bits("KH QH")


def test_scoring_trump_may_not_go_beneath_the_pile() -> None:
    hand = surplus_follower_at_d()
    assert hand.legal_beneath_mask(ix("4H")) == bits("KH QH 9H 8H 3H")
    for scoring in ("5H", "2H"):
        err = assert_illegal(
            hand, Reason.SCORING_TRUMP_BENEATH, hand.play, D, ix("4H"), [ix(scoring), ix("KH")]
        )
        assert err.card == scoring and err.seat == D


def test_scoring_trumps_are_ace_jack_ten_both_fives_and_two() -> None:
    # A holds 9 trumps including all six scoring ones: only KH QH 9H may go beneath
    hand = hand_in_play(SURPLUS_LEADER, trump=HEARTS, bidder=A)
    for top in cards("AH JH TH 5H 5D 2H"):
        assert hand.legal_beneath_mask(top) == bits("KH QH 9H")


def test_surplus_pile_is_required_and_of_the_right_size() -> None:
    hand = surplus_follower_at_d()
    err = assert_illegal(hand, Reason.PILE_REQUIRED, hand.play, D, ix("4H"))
    assert err.required == "2"
    assert_illegal(hand, Reason.PILE_WRONG_SIZE, hand.play, D, ix("4H"), [ix("KH")])
    assert_illegal(hand, Reason.PILE_WRONG_SIZE, hand.play, D, ix("4H"), cards("KH QH 9H"))
    assert_illegal(hand, Reason.CARD_NOT_IN_HAND, hand.play, D, ix("4H"), cards("KH 4H"))


def test_only_a_hand_of_more_than_six_plays_a_pile_and_only_on_the_first_trick() -> None:
    hand = hand_in_play(SURPLUS_FOLLOWER, trump=HEARTS, bidder=A, dealer=D)
    assert hand.pile_size(A) == 0
    assert_illegal(hand, Reason.PILE_NOT_ALLOWED, hand.play, A, ix("KC"), [ix("QC")])
    play_seq(hand, [(A, "KC"), (B, "KS"), (C, "6H")])
    hand.play(D, ix("4H"), cards("KH QH"))
    # trick 2: C leads; nobody plays a pile any more
    assert all(hand.pile_size(s) == 0 for s in range(4))
    assert_illegal(hand, Reason.PILE_NOT_ALLOWED, hand.play, C, ix("KD"), [ix("QD")])


def test_leader_with_surplus_leads_the_pile_and_top_card_sets_suit_led() -> None:
    hand = hand_in_play(SURPLUS_LEADER, trump=HEARTS, bidder=A)
    assert hand.to_act == A and hand.pile_size() == 3
    hand.play(A, ix("5D"), cards("KH QH 9H"))  # the left Pedro on top: a trump lead
    assert hand.legal_mask() == bits("8H 7H")  # B must follow trump
    assert_illegal(hand, Reason.MUST_FOLLOW_TRUMP, hand.play, B, ix("2C"))
    play_seq(hand, [(B, "8H"), (C, "4H"), (D, "3H")])
    t = hand.tricks[0]
    assert t.led_suit == HEARTS and t.winner == B  # 8H beats the top card 5D
    assert t.points == 5 and t.mask & bits("KH QH 9H") == bits("KH QH 9H")
    assert hand.hands[A].bit_count() == 5


def test_pile_top_must_be_scoring_when_every_other_trump_is_needed_beneath() -> None:
    hand = hand_in_play(SURPLUS_LEADER, trump=HEARTS, bidder=A)
    assert hand.legal_mask() == bits("AH JH TH 5H 5D 2H")
    # KH on top would leave only QH 9H to go beneath, one short of the 3 required
    assert_illegal(
        hand,
        {Reason.PILE_TOP_NEEDED_BENEATH, Reason.SCORING_TRUMP_BENEATH},
        hand.play,
        A,
        ix("KH"),
        cards("QH 9H JH"),
    )


def test_a_legal_pile_always_exists() -> None:
    hand = hand_in_play(SURPLUS_LEADER, trump=HEARTS, bidder=A)
    k = hand.pile_size()
    legal = hand.legal_mask()
    assert legal
    for top in iter_bits(legal):
        assert hand.legal_beneath_mask(top).bit_count() >= k
    res = finish(hand)
    assert len(res.tricks) == 6 and sum(res.points) == 14


def test_pile_top_obeys_the_ordinary_play_rules() -> None:
    # C leads a diamond; D's pile is all trumps, so D is void and any top is legal
    hand = hand_in_play(SURPLUS_FOLLOWER, trump=HEARTS, bidder=C, dealer=D)
    play_seq(hand, [(C, "KD")])
    assert hand.legal_mask() == hand.hands[D]
    hand.play(D, ix("3H"), cards("KH QH"))
    play_seq(hand, [(A, "KC"), (B, "KS")])
    # the top card trumps the diamond lead and wins; the led suit stays diamonds
    t = hand.tricks[0]
    assert t.led_suit == DIAMONDS and t.winner == D and t.winning_card == ix("3H")


def test_surplus_piles_seen_on_seeded_random_hands_leave_five_cards() -> None:
    piles = 0
    for name in ("pagat-62", "classic-51"):
        for rec in seeded_records(name):
            for seat, n_before, n_after in rec.piles:
                assert n_after == 5, f"seat {seat} with {n_before} kept {n_after}"
                piles += 1
    assert piles > 0


# ---------------------------------------------------------------------------------------
# Scoring (section 06)
# ---------------------------------------------------------------------------------------
def test_both_sides_start_at_zero() -> None:
    assert GameScore(PAGAT_62).totals == (0, 0)


def test_defenders_always_add_what_they_won() -> None:
    assert hand_delta(AC, 7, (8, 6))[1] == (8, 6)  # bid made
    assert hand_delta(AC, 9, (8, 6))[1] == (-9, 6)  # bid failed
    assert hand_delta(BD, 10, (5, 9))[1] == (5, -10)


def test_bidders_add_what_they_won_if_it_reaches_their_bid() -> None:
    assert hand_delta(AC, 7, (7, 7)) == (True, (7, 7))  # exactly the bid
    assert hand_delta(AC, 7, (13, 1)) == (True, (13, 1))  # all they won, not the bid
    assert hand_delta(BD, 14, (0, 14)) == (True, (0, 14))


def test_failed_bid_subtracts_whole_bid_not_shortfall() -> None:
    assert hand_delta(AC, 12, (11, 3)) == (False, (-12, 3))
    assert hand_delta(BD, 8, (14, 0)) == (False, (14, -8))


def test_failed_bid_in_a_played_hand_subtracts_the_whole_bid() -> None:
    _, res = play_showcase(bid=12)  # A-C take 11 of 14
    assert res.made is False and res.delta == (-12, 3)


def test_negative_totals_allowed() -> None:
    game = GameScore(PAGAT_62)
    game = game.add(AC, 7, (3, 11))
    assert game.totals == (-7, 11) and game.winner is None
    game = game.add(AC, 9, (2, 12))
    assert game.totals == (-16, 23) and game.winner is None


def test_first_side_to_reach_62_wins() -> None:
    out = score_hand(PAGAT_62, (50, 40), AC, 12, (12, 2))
    assert out.after == (62, 42)
    assert out.decision.winner == AC and out.decision.decided_by is DecidedBy.TARGET
    out = score_hand(PAGAT_62, (40, 54), AC, 7, (6, 8))  # defenders reach 62
    assert out.decision.winner == BD


def test_61_does_not_win() -> None:
    out = score_hand(PAGAT_62, (50, 40), AC, 11, (11, 3))
    assert out.after == (61, 43) and out.decision.winner is None


def test_bidder_goes_out_wins_when_both_held_55() -> None:
    # B-D are ahead after the hand, but A-C bid and made with both at 55+ before
    out = score_hand(PAGAT_62, (55, 61), AC, 7, (7, 7))
    assert out.after == (62, 68)
    assert out.decision.winner == AC
    assert out.decision.decided_by is DecidedBy.BIDDER_GOES_OUT
    assert out.decision.bidder_goes_out is True


def test_bidder_goes_out_needs_both_sides_at_55_before_the_hand() -> None:
    out = score_hand(PAGAT_62, (54, 60), AC, 8, (8, 6))
    assert out.after == (62, 66)
    assert out.decision.bidder_goes_out is False
    assert out.decision.winner is None  # both reached 62 together: no winner yet


def test_bidder_goes_out_failed_bid_is_scored_normally() -> None:
    out = score_hand(PAGAT_62, (56, 57), AC, 9, (6, 8))
    assert out.after == (47, 65)
    assert out.decision.winner == BD and out.decision.decided_by is DecidedBy.TARGET
    out = score_hand(PAGAT_62, (56, 57), AC, 12, (10, 4))
    assert out.after == (44, 61) and out.decision.winner is None


def test_both_reach_62_same_hand_no_winner_yet() -> None:
    game = GameScore(PAGAT_62, totals=(53, 57))
    game = game.add(AC, 7, (9, 5))
    assert game.totals == (62, 62)
    assert game.winner is None and game.decided_by is None


def test_after_both_reach_62_next_hand_is_played_under_bidder_goes_out() -> None:
    game = GameScore(PAGAT_62, totals=(53, 57)).add(AC, 7, (9, 5))
    won = game.add(BD, 7, (5, 9))  # B-D bid and make: they win
    assert won.winner == BD and won.decided_by is DecidedBy.BIDDER_GOES_OUT
    # bidders fail: scored normally, exactly one side at 62+ wins
    lost = game.add(BD, 10, (6, 8))
    assert lost.totals == (68, 52) and lost.winner == AC
    assert lost.decided_by is DecidedBy.TARGET


# ---------------------------------------------------------------------------------------
# classic-51 (from 002)
# ---------------------------------------------------------------------------------------
def test_classic_target_is_51_or_42_for_a_shorter_game() -> None:
    assert get_profile("classic-51").target == 51
    assert get_profile("classic-42").target == 42
    out = score_hand(CLASSIC_51, (44, 30), AC, 7, (7, 7))
    assert out.after == (51, 37) and out.decision.winner == AC
    out = score_hand(CLASSIC_51, (43, 30), AC, 7, (7, 7))
    assert out.decision.winner is None
    out = score_hand(get_profile("classic-42"), (35, 30), AC, 7, (7, 7))
    assert out.decision.winner == AC


def test_classic_bids_range_from_1_to_14_each_higher_than_all_before() -> None:
    hand = fresh(profile=CLASSIC_51)
    assert hand.legal_bids() == [None, *range(1, 15)]
    assert_illegal(hand, Reason.BID_OUT_OF_RANGE, hand.bid, A, 0)
    assert_illegal(hand, Reason.BID_OUT_OF_RANGE, hand.bid, A, 15)
    hand.bid(A, 1)
    hand.bid(B, 3)
    assert_illegal(hand, Reason.BID_NOT_HIGHER, hand.bid, C, 3)
    assert_illegal(hand, Reason.BID_NOT_HIGHER, hand.bid, C, 2)
    hand.bid(C, None)
    hand.bid(D, 4)
    assert hand.phase is Phase.TRUMP and hand.high_seat == D
    assert_illegal(hand, Reason.WRONG_PHASE, hand.bid, C, 5)  # a pass is final


def test_classic_all_pass_throws_in_the_hand() -> None:
    hand = fresh(dealer=D, profile=CLASSIC_51)
    for seat in (A, B, C):
        hand.bid(seat, None)
    assert None in hand.legal_bids()  # the dealer is not forced
    hand.bid(D, None)
    assert hand.phase is Phase.DONE
    res = hand.result()
    assert res.thrown_in is True and res.bidder is None and res.delta == (0, 0)


def test_classic_player_may_keep_non_trumps_and_keeps_every_trump() -> None:
    hand = new_hand(
        {A: "AH KH 2C 3C", B: "QH JH", C: "TH 9H", D: "8H 7H"},
        trump=HEARTS,
        stock_top="4S 5S 6S 7S",
        dealer=D,
        profile=CLASSIC_51,
    )
    to_refill(hand, A, 5, HEARTS)
    hand.refill(keep={A: cards("2C 3C")})
    assert hand.hands[A] == bits("AH KH 2C 3C 4S 5S")
    assert [h.bit_count() for h in hand.hands] == [6, 6, 6, 6]


def test_classic_kept_hand_may_not_exceed_six() -> None:
    hand = new_hand({A: "AH KH QH JH 2C 3C 4C"}, trump=HEARTS, profile=CLASSIC_51)
    to_refill(hand, A, 5, HEARTS)
    err = assert_illegal(hand, Reason.KEEP_TOO_MANY, hand.refill, keep={A: cards("2C 3C 4C")})
    assert err.required == "2"


def test_classic_dealer_refills_each_hand_to_six_from_the_stock_dealer_last() -> None:
    hand = new_hand(
        {A: "AH KH", B: "QH JH TH 9H", C: "8H 7H 6H", D: "5H 5D 4H 3H 2H"},
        trump=HEARTS,
        stock_top="2S 3S 4S 6S 7S 8S 9S TS JS QS",
        dealer=D,
        profile=CLASSIC_51,
    )
    to_refill(hand, A, 5, HEARTS)
    hand.refill()
    log = hand.refill_log
    assert log is not None
    assert log.received[A] == cards("2S 3S 4S 6S")
    assert log.received[B] == cards("7S 8S")
    assert log.received[C] == cards("9S TS JS")
    assert log.received[D] == cards("QS")
    assert [h.bit_count() for h in hand.hands] == [6, 6, 6, 6]


def test_classic_stock_short_shared_evenly_from_dealers_left() -> None:
    # A, B, C keep nothing (need 6 each); D keeps three trumps (needs 3): 21 > 16
    hand = new_hand({D: "AH KH QH 2C 3C 4C 6C 7C 8C"}, trump=HEARTS, dealer=D, profile=CLASSIC_51)
    for seat in (A, B, C):
        assert not hand.hands[seat] & TRUMP_MASK[HEARTS]
    stock = list(hand.stock)
    to_refill(hand, A, 5, HEARTS)
    hand.refill()
    sizes = [h.bit_count() for h in hand.hands]
    # 16 cards shared as evenly as possible, the extra one to the dealer's left
    assert sizes == [5, 4, 4, 6]
    assert hand.hands[0] | hand.hands[1] | hand.hands[2] | hand.hands[3] == (
        bits("AH KH QH") | mask_of(stock)
    )


def test_classic_stock_short_dealer_is_served_last_when_sharing() -> None:
    # A keeps four trumps (needs 2); B, C, D keep nothing (need 6 each): 20 > 16.
    # One card at a time from the dealer's left: A is full after two rounds, then B and C
    # get the two cards left over and the dealer, served last, ends with the fewest.
    hand = new_hand({A: "AH KH QH JH"}, trump=HEARTS, dealer=D, profile=CLASSIC_51)
    for seat in (B, C, D):
        assert not hand.hands[seat] & TRUMP_MASK[HEARTS]
    to_refill(hand, A, 5, HEARTS)
    hand.refill()
    assert [h.bit_count() for h in hand.hands] == [6, 5, 5, 4]


CLASSIC_LOW = {  # hearts trump; 3H and 2H stay in the stock, out of play
    A: "4H AH 2S 3S 4S 6S",
    B: "KH QH JH 7S 8S 9S",
    C: "TH 9H 8H 7H TS JS",
    D: "6H 5H 5D QS KS AS",
}


def test_classic_low_is_lowest_trump_in_play_to_captor() -> None:
    hand = hand_in_play(CLASSIC_LOW, trump=HEARTS, bidder=A, bid=5, profile=CLASSIC_51)
    assert not (hand.hands[0] | hand.hands[1] | hand.hands[2] | hand.hands[3]) & bits("3H 2H")
    # A (A-C) holds 4H, the lowest trump in play; B (B-D) captures it
    play_seq(hand, [(A, "4H"), (B, "KH"), (C, "7H"), (D, "6H")])
    res = finish(hand)
    assert res.captured[BD] & bits("4H")
    assert res.owners["low"] == BD
    assert sum(res.points) == 14


def test_classic_low_is_the_two_to_its_captor_when_in_play() -> None:
    hand = hand_in_play(SHOWCASE, trump=HEARTS, bidder=A, bid=7, profile=CLASSIC_51)
    for trick in SHOWCASE_PLAYS:
        play_seq(hand, trick)
    res = hand.result()
    # D held 2H but C captured it: in classic-51 Low goes to the captor
    assert res.owners["low"] == AC
    assert res.points == (12, 2)


def test_classic_high_jack_game_and_pedros_to_the_capturer() -> None:
    hand = hand_in_play(SHOWCASE, trump=HEARTS, bidder=A, bid=7, profile=CLASSIC_51)
    for trick in SHOWCASE_PLAYS:
        play_seq(hand, trick)
    res = hand.result()
    assert res.owners["high"] == AC and res.owners["right_pedro"] == AC
    assert res.owners["left_pedro"] == AC
    assert res.owners["jack"] == BD and res.owners["game"] == BD


def test_classic_play_follows_the_same_rules_and_never_allows_a_revoke() -> None:
    hand = hand_in_play(SECTION_07, trump=HEARTS, bidder=A, profile=CLASSIC_51)
    play_seq(hand, [(A, "KC")])
    assert hand.legal_mask() == bits("7C 5D JH TH")
    assert_illegal(hand, Reason.MUST_FOLLOW_SUIT_OR_TRUMP, hand.play, B, ix("9S"))
    play_seq(hand, [(B, "5D"), (C, "6H"), (D, "5H")])
    assert hand.tricks[0].winner == C and hand.tricks[0].points == 10
    play_seq(hand, [(C, "9H")])
    assert hand.legal_mask() == bits("4H 3H 2H")
    assert_illegal(hand, Reason.MUST_FOLLOW_TRUMP, hand.play, D, ix("9C"))


CLASSIC_SURPLUS = {
    A: "AH KH QH JH 9H 8H 7H",
    B: "TH 5D 2S 3S 4S 6S",
    C: "6H 4H 2D 3D 4D 6D",
    D: "5H 3H 2H 7S 8S 9S",
}


def test_classic_surplus_trumps_shed_on_first_trick_as_in_pagat() -> None:
    hand = hand_in_play(CLASSIC_SURPLUS, trump=HEARTS, bidder=A, bid=5, profile=CLASSIC_51)
    assert hand.hands[A].bit_count() == 7 and hand.pile_size() == 1
    assert_illegal(hand, Reason.PILE_REQUIRED, hand.play, A, ix("KH"))
    assert_illegal(hand, Reason.SCORING_TRUMP_BENEATH, hand.play, A, ix("KH"), [ix("AH")])
    hand.play(A, ix("KH"), [ix("7H")])
    assert hand.hands[A].bit_count() == 5
    res = finish(hand)
    assert len(res.tricks) == 6


def test_classic_bidders_counted_first_when_both_reach_target() -> None:
    out = score_hand(CLASSIC_51, (45, 48), AC, 6, (7, 7))
    assert out.after == (52, 55)
    assert out.decision.winner == AC and out.decision.decided_by is DecidedBy.BIDDERS_FIRST


def test_classic_failed_bidders_let_the_defenders_points_count() -> None:
    # A-C took 8 (45 + 8 would reach 51) but bid 10: they are set, B-D's points count
    out = score_hand(CLASSIC_51, (45, 48), AC, 10, (8, 6))
    assert out.after == (35, 54) and out.decision.winner == BD


def test_classic_made_bid_scores_what_was_taken_failed_bid_is_subtracted() -> None:
    assert score_hand(CLASSIC_51, (0, 0), AC, 3, (9, 5)).after == (9, 5)
    assert score_hand(CLASSIC_51, (0, 0), AC, 10, (9, 5)).after == (-10, 5)


def test_variant_profiles_that_change_bidding_or_points_are_playable() -> None:
    assert get_profile("pedro-sancho").total_points == 23
    assert get_profile("dom-pedro").total_points == 26
    rng = random.Random(11)
    for name in ("auction-cinch", "pedro-sancho", "dom-pedro", "classic-42"):
        profile = get_profile(name)
        for _ in range(5):
            rec = play_seeded_hand(profile, rng)
            if rec is not None:
                assert sum(rec.result.points) <= profile.total_points


def test_auction_cinch_bidding_goes_round_until_all_but_one_pass() -> None:
    hand = fresh(dealer=D, profile=get_profile("auction-cinch"))
    calls = [(A, None), (B, 1), (C, 2), (D, 3), (B, 4), (C, None)]
    for seat, value in calls:
        assert hand.to_act == seat  # A, who passed, is skipped from the second round
        hand.bid(seat, value)
    assert hand.phase is Phase.BID and hand.to_act == D  # C passed and is skipped too
    hand.bid(D, None)
    assert hand.phase is Phase.TRUMP and hand.high_seat == B and hand.high_bid == 4


# ---------------------------------------------------------------------------------------
# Input that cannot be understood is InvalidInput, never an IllegalAction
# ---------------------------------------------------------------------------------------
def test_unknown_card_code_is_invalid_input() -> None:
    for text in ("1X", "5", "11H", "5Z"):
        with pytest.raises(InvalidInput):
            parse_index(text)
        with pytest.raises(InvalidInput):
            Card.parse(text)
    assert parse_index("10H") == parse_index("TH") == parse_index("10♥")


def test_unknown_profile_is_invalid_input() -> None:
    with pytest.raises(InvalidInput):
        get_profile("pagat-63")


def test_playing_a_card_index_outside_the_pack_is_invalid_input() -> None:
    hand = hand_in_play(SECTION_07, trump=HEARTS, bidder=A)
    before = snapshot(hand)
    for bad in (52, -1):
        with pytest.raises(InvalidInput):
            hand.play(A, bad)
        assert snapshot(hand) == before


def test_naming_a_suit_outside_the_four_is_invalid_input() -> None:
    hand = fresh()
    run_bidding(hand, C, 9)
    before = snapshot(hand)
    for bad in (4, -1):
        with pytest.raises(InvalidInput):
            hand.name_trump(C, bad)
        assert snapshot(hand) == before


def test_bid_that_is_not_a_whole_number_is_invalid_input() -> None:
    hand = fresh()
    before = snapshot(hand)
    for bad in (7.5, "8"):
        with pytest.raises(InvalidInput):
            hand.bid(A, bad)  # type: ignore[arg-type]
        assert snapshot(hand) == before


# ---------------------------------------------------------------------------------------
# Seeded random hands, checked against the rules stated independently of the engine
# ---------------------------------------------------------------------------------------
def rules_is_trump(card: int, trump: int) -> bool:
    suit, rank = divmod(card, 13)
    same_colour = {CLUBS: SPADES, SPADES: CLUBS, DIAMONDS: HEARTS, HEARTS: DIAMONDS}[trump]
    return suit == trump or (suit == same_colour and rank == 3)  # rank 3 is the five


def rules_suit(card: int, trump: int) -> int:
    return trump if rules_is_trump(card, trump) else card // 13


def rules_trump_order(trump: int) -> list[int]:
    s = "CDHS"[trump]
    left = "CDHS"[{0: 3, 3: 0, 1: 2, 2: 1}[trump]]
    return cards(" ".join([*(r + s for r in "AKQJT98765"), "5" + left, "4" + s, "3" + s, "2" + s]))


def rules_trick_winner(plays: list[tuple[int, int]], trump: int) -> int:
    order = rules_trump_order(trump)
    trumps = [(order.index(c), s) for s, c in plays if rules_is_trump(c, trump)]
    if trumps:
        return min(trumps)[1]
    led = rules_suit(plays[0][1], trump)
    return max((c % 13, s) for s, c in plays if rules_suit(c, trump) == led)[1]


def rules_follow(hand: list[int], led: int | None, trump: int) -> list[int]:
    if led is None:
        return list(hand)
    trumps = [c for c in hand if rules_is_trump(c, trump)]
    if led == trump:
        return trumps or list(hand)
    same = [c for c in hand if rules_suit(c, trump) == led]
    return same + trumps if same else list(hand)


def rules_scoring(profile: Profile, trump: int, in_play: int) -> set[int]:
    s = "CDHS"[trump]
    fixed = {ix("A" + s), ix("J" + s), ix("T" + s), ix("5" + s), LEFT_PEDRO[trump]}
    if profile.name == "pagat-62":
        return fixed | {ix("2" + s)}
    lowest = [c for c in rules_trump_order(trump) if (in_play >> c) & 1]
    return fixed | ({lowest[-1]} if lowest else set())


def rules_refill_pagat(
    dealt: Sequence[int], stock: Sequence[int], trump: int, dealer: int, reshuffled: Any
) -> list[int]:
    tm = TRUMP_MASK[trump]
    hands = [h & tm for h in dealt]
    pile = list(stock)
    used_reshuffle = False

    def draw(n: int) -> list[int]:
        nonlocal pile, used_reshuffle
        got = pile[:n]
        pile = pile[n:]
        if len(got) < n:
            assert not used_reshuffle and reshuffled is not None
            discards = sorted(c for h in dealt for c in iter_bits(h & ~tm))
            assert sorted(reshuffled) == discards  # the new stock is all the discards
            used_reshuffle = True
            pile = list(reshuffled)
            more = n - len(got)
            got, pile = got + pile[:more], pile[more:]
        return got

    for seat in ((dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4):
        need = 6 - hands[seat].bit_count()
        if need > 0:
            hands[seat] |= mask_of(draw(need))
    rest, pile = pile, []
    hands[dealer] |= mask_of(c for c in rest if (tm >> c) & 1)
    plain = [c for c in rest if not (tm >> c) & 1]
    need = max(0, 6 - hands[dealer].bit_count())
    hands[dealer] |= mask_of(plain[:need])
    need = 6 - hands[dealer].bit_count()
    if need > 0:
        hands[dealer] |= mask_of(draw(need))
    return hands


class Record:
    def __init__(self) -> None:
        self.trump = -1
        self.dealer = -1
        self.dealt: list[int] = []
        self.stock: list[int] = []
        self.start_hands: tuple[int, ...] = ()
        self.reshuffled: list[int] | None = None
        self.legal_checks: list[tuple[int, int, str]] = []
        self.winners: list[tuple[int, int]] = []
        self.piles: list[tuple[int, int, int]] = []
        """(seat, cards before the first trick, cards after playing the pile)"""
        self.result: HandResult


def play_seeded_hand(profile: Profile, rng: random.Random) -> Record | None:
    """One random hand through the engine; every decision is compared with the rules
    (pagat-62 and classic-51; other profiles just play the engine's legal cards)."""
    independent = profile.name in ("pagat-62", "classic-51")
    hand = Hand.random_deal(profile, rng.randrange(4), rng)
    rec = Record()
    rec.dealer = hand.dealer
    rec.dealt = list(hand.hands)
    rec.stock = list(hand.stock)
    while hand.phase is Phase.BID:
        hand.bid(hand.to_act, rng.choice(hand.legal_bids()))
    if hand.phase is Phase.DONE:
        return None
    trump = rng.randrange(4)
    rec.trump = trump
    hand.name_trump(hand.to_act, trump)
    keep: dict[int, list[int]] = {}
    if profile.keep_non_trumps:
        tm = TRUMP_MASK[trump]
        for seat in range(4):
            plain = [c for c in iter_bits(hand.hands[seat]) if not (tm >> c) & 1]
            room = max(0, 6 - (hand.hands[seat] & tm).bit_count())
            keep[seat] = rng.sample(plain, rng.randint(0, min(room, len(plain), 2)))
    hand.refill(keep=keep, rng=rng)
    assert hand.refill_log is not None
    rec.reshuffled = hand.refill_log.reshuffled
    rec.start_hands = tuple(hand.hands)
    in_play = 0
    for h in hand.hands:
        in_play |= h
    scoring = rules_scoring(profile, trump, in_play)
    plays: list[tuple[int, int]] = []
    led: int | None = None
    while hand.phase is Phase.PLAY:
        seat = hand.to_act
        held = list(iter_bits(hand.hands[seat]))
        n = len(held)
        k = n - 6 if not hand.tricks and n > 6 else 0
        tops = rules_follow(held, led, trump)
        if k:
            tops = [t for t in tops if sum(1 for c in held if c != t and c not in scoring) >= k]
        where = f"trick {len(hand.tricks) + 1} seat {'ABCD'[seat]}"
        engine_legal = hand.legal_mask()
        if independent:
            rec.legal_checks.append((engine_legal, mask_of(tops), where))
            choices = [t for t in tops if (engine_legal >> t) & 1] or tops
        else:
            choices = list(iter_bits(engine_legal))
        top = rng.choice(choices)
        beneath: list[int] = []
        if k:
            if independent:
                allowed = [c for c in held if c != top and c not in scoring]
                engine_beneath = hand.legal_beneath_mask(top)
                rec.legal_checks.append((engine_beneath, mask_of(allowed), where + " beneath"))
            else:
                allowed = list(iter_bits(hand.legal_beneath_mask(top)))
            beneath = rng.sample(allowed, k)
        done = len(hand.tricks)
        hand.play(seat, top, beneath)
        if k:
            rec.piles.append((seat, n, hand.hands[seat].bit_count()))
        if led is None:
            led = rules_suit(top, trump)
        plays.append((seat, top))
        if len(hand.tricks) > done:  # the trick is complete
            rec.winners.append((hand.tricks[-1].winner, rules_trick_winner(plays, trump)))
            plays, led = [], None
    rec.result = hand.result()
    return rec


@cache
def seeded_records(profile_name: str) -> tuple[Record, ...]:
    profile = get_profile(profile_name)
    rng = random.Random(1234567 if profile_name == "pagat-62" else 7654321)
    out = []
    while len(out) < 400:
        rec = play_seeded_hand(profile, rng)
        if rec is not None:
            out.append(rec)
    return tuple(out)


def rules_points(profile: Profile, rec: Record) -> tuple[int, int]:
    trump = rec.trump
    s = "CDHS"[trump]
    in_play = 0
    for h in rec.start_hands:
        in_play |= h
    captured = rec.result.captured
    pts = [0, 0]

    def to_captor(card: int, value: int) -> None:
        if (in_play >> card) & 1:
            pts[0 if (captured[0] >> card) & 1 else 1] += value

    for rank, value in (("A", 1), ("J", 1), ("T", 1), ("5", 5)):
        to_captor(ix(rank + s), value)
    to_captor(LEFT_PEDRO[trump], 5)
    if profile.name == "pagat-62":
        two = ix("2" + s)
        pts[0 if (rec.start_hands[0] | rec.start_hands[2]) >> two & 1 else 1] += 1
    else:
        lowest = [c for c in rules_trump_order(trump) if (in_play >> c) & 1]
        if lowest:
            to_captor(lowest[-1], 1)
    return pts[0], pts[1]


def test_all_fourteen_points_always_in_play() -> None:
    for rec in seeded_records("pagat-62"):
        assert sum(rec.result.points) == 14
        assert rec.result.points == rules_points(PAGAT_62, rec)
        assert len(rec.result.tricks) == 6


def test_points_and_score_change_follow_the_point_table_on_seeded_random_hands() -> None:
    for name in ("pagat-62", "classic-51"):
        profile = get_profile(name)
        for rec in seeded_records(name):
            res = rec.result
            assert res.points == rules_points(profile, rec)
            assert res.bidder is not None and res.bid is not None
            b = res.bidder % 2
            made = res.points[b] >= res.bid
            assert res.made is made
            assert res.delta[1 - b] == res.points[1 - b]
            assert res.delta[b] == (res.points[b] if made else -res.bid)
            # every card in play is captured by exactly one side
            in_play = 0
            for h in rec.start_hands:
                in_play |= h
            assert res.captured[0] & res.captured[1] == 0
            assert res.captured[0] | res.captured[1] == in_play
