"""The ``rules`` bot's play, checked where the situation arises in many random positions,
and on hand-made positions."""

from __future__ import annotations

import random
from collections.abc import Iterator

from tests.bots.driver import duplicate_margin
from tutorial.bots import decide
from tutorial.bots.knowledge import Knowledge
from tutorial.bots.rules import BID_MARGIN, estimate
from tutorial.engine.actions import Call, PlayCard
from tutorial.engine.cards import parse_index
from tutorial.engine.hand import Hand
from tutorial.engine.observe import observe
from tutorial.engine.profiles import CLASSIC_51, PAGAT_62, Profile
from tutorial.engine.seats import SEAT_LETTERS, SUIT_LETTERS
from tutorial.engine.state import Phase, State


def play_positions(profile: Profile, seed: int, hands: int) -> Iterator[State]:
    """Play-phase positions of hands played by ``rules`` bots."""
    rng = random.Random(seed)
    for h in range(hands):
        s = State.random_deal(profile, h % 4, rng)
        n = 0
        while not s.is_terminal():
            if s.is_chance():
                s.apply(s.chance_outcome(rng))
                continue
            if s.phase is Phase.PLAY:
                yield s.copy()
            s.apply(decide("rules", observe(s, s.to_act), seed + n))
            n += 1


def _decision(s: State) -> tuple[Knowledge, PlayCard]:
    obs = observe(s, s.to_act)
    action = decide("rules", obs, 0)
    assert isinstance(action, PlayCard)
    return Knowledge.of(obs), action


def test_a_pedro_goes_under_partners_safe_winner() -> None:
    checked = 0
    for profile in (PAGAT_62, CLASSIC_51):
        for s in play_positions(profile, seed=31, hands=150):
            if not s.trick_plays or s.best_seat != s.to_act ^ 2:
                continue
            k, action = _decision(s)
            legal = [a.card for a in s.legal_actions() if isinstance(a, PlayCard)]
            best = max(k.pts[c] for c in legal)
            partner_safe = not k.to_come or k.is_boss(s.best_card)
            if partner_safe and best >= 5:
                assert k.pts[action.card] == best, (s.best_card, action, legal)
                checked += 1
    assert checked >= 10, checked


def test_no_point_card_is_buried_in_a_trick_the_opponents_keep() -> None:
    checked = 0
    for s in play_positions(PAGAT_62, seed=32, hands=150):
        if not s.trick_plays or s.best_seat == s.to_act ^ 2:
            continue
        k, action = _decision(s)
        legal = [a.card for a in s.legal_actions() if isinstance(a, PlayCard)]
        keys = s.keys
        if any(keys[c] > s.best_key for c in legal):
            continue  # it could win the trick: not this case
        if any(k.pts[c] == 0 for c in legal):
            assert k.pts[action.card] == 0, (action, legal)
            checked += 1
    assert checked >= 100, checked


def test_the_ten_is_never_led_into_higher_trumps() -> None:
    checked = 0
    for s in play_positions(PAGAT_62, seed=33, hands=200):
        if s.trick_plays:
            continue
        k, action = _decision(s)
        game = s.trump * 13 + 8  # the 10 of trumps
        spare = [c for c in _bits(s.hands[s.to_act]) if not k.pts[c]]
        exposed = not k.is_boss(game) and k.opponents_may_trump()
        if (s.hands[s.to_act] >> game) & 1 and exposed and spare:
            assert action.card != game, (action, spare)
            checked += 1
    assert checked >= 20, checked


def test_it_leads_trumps_while_the_opponents_may_hold_some() -> None:
    checked = 0
    for s in play_positions(PAGAT_62, seed=34, hands=150):
        if s.trick_plays:
            continue
        k, action = _decision(s)
        mine = s.hands[s.to_act] & s.trump_mask
        if (
            mine
            and k.opponents_may_trump()
            and any(not k.pts[c] or k.is_boss(c) for c in _bits(mine))
        ):
            assert k.is_trump(action.card), action
            checked += 1
    assert checked >= 100, checked


def _bits(m: int) -> list[int]:
    return [c for c in range(52) if (m >> c) & 1]


def _hand(deal: dict[str, str], stock: str, bids: list[int | None], trump: str) -> Hand:
    cards = {SEAT_LETTERS.index(k): [parse_index(c) for c in v.split()] for k, v in deal.items()}
    hand = Hand.from_deal(PAGAT_62, 3, cards, [parse_index(c) for c in stock.split()])
    for b in bids:
        hand.bid(hand.to_act, b)
    hand.name_trump(hand.to_act, SUIT_LETTERS.index(trump))
    hand.refill()
    return hand


DEAL = {
    "A": "2S 3D JC KD QH 2D 9D 8C JS",
    "B": "5D 4H 4C 8H AD AH KH TH JH",
    "C": "6D 8S TS TC AS QS 2H 5S 9S",
    "D": "6C 6H 2C 8D TD QC AC 7S QD",
}
STOCK = "5C 7H 9C 5H JD 6S 9H 3C 7D 7C 4D 4S KS 3H KC 3S"
# after the refill (hearts): A 5C 9C JD 5H 7H QH; B 5D 4H 8H TH JH KH AH (a pile);
# C 3C 7C 7D 2H 9H 6S; D KC 4D 3H 6H 4S KS


def test_hand_made_positions() -> None:
    hand = _hand(DEAL, STOCK, [10, 12, None, None], "H")
    s = hand.state
    # B leads a pile: its boss, the ace, on top (High is safe), the lowest trump beneath
    action = decide("rules", observe(s, 1), 0)
    assert action == PlayCard(parse_index("AH"), (parse_index("4H"),))
    hand.play(1, parse_index("AH"), [parse_index("4H")])
    # C follows trump with the lowest it has (Low is held: giving the 2 costs nothing)
    assert decide("rules", observe(s, 2), 0) == PlayCard(parse_index("2H"))
    hand.play(2, parse_index("2H"))
    # D: partner B's ace wins the trick whatever A does: D has no Pedro, gives its lowest
    assert decide("rules", observe(s, 3), 0) == PlayCard(parse_index("3H"))
    hand.play(3, parse_index("3H"))
    # A, last to play, cannot beat the ace: it keeps its Pedro and its Queen
    assert decide("rules", observe(s, 0), 0) == PlayCard(parse_index("7H"))


def test_bids_follow_the_estimate() -> None:
    rng = random.Random(35)
    for _ in range(200):
        s = State.random_deal(PAGAT_62, 3, rng)
        obs = observe(s, 0)
        est = max(estimate(PAGAT_62, t, s.dealt[0]) for t in range(4))
        call = decide("rules", obs, 0)
        assert isinstance(call, Call)
        if call.value is None:
            assert est < PAGAT_62.bid_min + BID_MARGIN
        else:
            assert call.value <= est - BID_MARGIN


def test_rules_beats_random_clearly() -> None:
    assert duplicate_margin(PAGAT_62, "rules", "random", deals=40, seed=36) >= 8


def test_the_fast_playout_decides_as_the_rules_bot() -> None:
    from tutorial.bots.rollout import rules_action

    n = 0
    for profile in (PAGAT_62, CLASSIC_51):
        for s in play_positions(profile, seed=37, hands=25):
            obs = observe(s, s.to_act)
            assert Knowledge.of_state(s) == Knowledge.of(obs)
            assert rules_action(s) == decide("rules", obs, 0)
            n += 1
    assert n > 500


def test_the_fast_playout_keeps_and_calls_as_the_rules_bot() -> None:
    """Off the play too: the rollout's keep is the rules bot's without listing every legal
    keep (hundreds in a classic hand)."""
    from itertools import islice

    from tests.bots.evaluator.points import hands
    from tutorial.bots.rollout import rules_action
    from tutorial.engine.state import Phase

    kinds: set[str] = set()
    for name in ("classic-51", "pagat-62"):
        for s in islice(hands(name, 38), 1500):
            if s.phase is Phase.PLAY:
                continue
            assert rules_action(s) == decide("rules", observe(s, s.to_act), 0)
            kinds.add(s.pending or s.phase.value)
    assert {"bid", "trump", "keep", "dealer_keeps"} <= kinds, kinds
