"""Property tests over random deals (hypothesis drives the seeds)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.engine.cards import iter_bits
from tutorial.engine.errors import IllegalAction
from tutorial.engine.hand import Hand, Phase
from tutorial.engine.playout import random_playout
from tutorial.engine.profiles import PAGAT_62, PROFILES
from tutorial.engine.simulate import check_playout, play_random_hand
from tutorial.scenario.export import dump_yaml, playout_scenario
from tutorial.scenario.files import replay_data
from tutorial.yamldoc import Where, YamlDoc

seeds = st.integers(min_value=0, max_value=2**32 - 1)
profiles = st.sampled_from(sorted(PROFILES))
dealers = st.integers(min_value=0, max_value=3)


@settings(max_examples=300, deadline=None)
@given(seed=seeds, dealer=dealers, profile=profiles)
def test_playout_conserves_cards_and_points(seed: int, dealer: int, profile: str) -> None:
    p = random_playout(PROFILES[profile], dealer, random.Random(seed))
    check_playout(PROFILES[profile], p)  # raises on any broken invariant
    if p.bidder is not None and PROFILES[profile].all_points_in_play:
        assert sum(p.points) == 14
        assert p.tricks == 6


@settings(max_examples=150, deadline=None)
@given(seed=seeds, dealer=dealers, profile=profiles)
def test_every_generated_move_is_legal_and_every_other_card_is_refused(
    seed: int, dealer: int, profile: str
) -> None:
    """Through the validating Hand: each card the engine lists is accepted, each card of the
    hand it does not list is refused with IllegalAction and leaves the hand unchanged."""
    rng = random.Random(seed)
    hand = Hand.random_deal(PROFILES[profile], dealer, rng)
    while hand.phase is Phase.BID:
        calls = hand.legal_bids()
        hand.bid(hand.to_act, calls[int(rng.random() * len(calls))])
    if hand.phase is Phase.DONE:
        return
    hand.name_trump(hand.to_act, int(rng.random() * 4))
    hand.refill(rng=rng)
    while hand.phase is Phase.PLAY:
        seat = hand.to_act
        h = hand.hands[seat]
        legal = hand.legal_mask()
        assert legal and legal & ~h == 0
        k = hand.pile_size()
        for card in iter_bits(h & ~legal):
            before = (list(hand.hands), hand.to_act, len(hand.tricks))
            try:
                hand.play(seat, card)
            except IllegalAction:
                pass
            else:
                raise AssertionError("an unlisted card was accepted")
            assert (list(hand.hands), hand.to_act, len(hand.tricks)) == before
        choices = list(iter_bits(legal))
        card = choices[int(rng.random() * len(choices))]
        beneath = list(iter_bits(hand.legal_beneath_mask(card)))[:k]
        hand.play(seat, card, beneath)
    result = hand.result()
    assert result.captured[0] | result.captured[1] == (
        result.hands_after_refill[0]
        | result.hands_after_refill[1]
        | result.hands_after_refill[2]
        | result.hands_after_refill[3]
    )


@settings(max_examples=200, deadline=None)
@given(seed=seeds, dealer=dealers, profile=profiles)
def test_replaying_a_recorded_hand_reproduces_it(seed: int, dealer: int, profile: str) -> None:
    """A fast playout, written as a scenario and replayed through Hand, gives the same
    hands after refill, points, owners, made/set and score change."""
    p = random_playout(PROFILES[profile], dealer, random.Random(seed))
    text = dump_yaml(playout_scenario(p, profile))
    doc = YamlDoc.parse(text, "recorded.yaml")
    rep, mismatches = replay_data(doc.data, Where(doc))
    assert mismatches == []
    if p.bidder is not None:
        assert rep.result["points"] == {"AC": p.points[0], "BD": p.points[1]}


@settings(max_examples=100, deadline=None)
@given(seed=seeds, dealer=dealers)
def test_hand_path_random_play_scores_fourteen(seed: int, dealer: int) -> None:
    hand = play_random_hand(PAGAT_62, dealer, random.Random(seed))
    r = hand.result()
    assert sum(r.points) == 14
    assert len(r.tricks) == 6
    assert all(len(t.plays) == 4 for t in r.tricks)
    assert [h.bit_count() for h in hand.hands] == [0, 0, 0, 0]
