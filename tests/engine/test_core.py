"""The rules core: actions as values, legal_actions/apply/undo/copy (OpenSpiel-style
random simulation with undo), and why an action is illegal."""

import random
from typing import Any

import pytest

from tutorial.engine.actions import (
    Call,
    DealerKeep,
    Keep,
    NameTrump,
    PlayCard,
    Reshuffle,
    parse_action,
)
from tutorial.engine.cards import iter_bits, parse_index
from tutorial.engine.core import (
    Phase,
    State,
    apply,
    apply_checked,
    chance_outcome,
    is_legal,
    legal_actions,
    undo,
    why_illegal,
)
from tutorial.engine.errors import IllegalAction, InvalidInput, Reason
from tutorial.engine.profiles import NO_DRAW, PAGAT_62, PROFILES
from tutorial.engine.statefields import STATE_FIELDS

ALL_PROFILES = sorted({*PROFILES, "no-draw"})


def fingerprint(s: State) -> tuple[Any, ...]:
    """Every field of the state (lists as tuples), the history's actions included."""
    out = []
    for name in STATE_FIELDS:
        v = getattr(s, name)
        out.append(tuple(v) if isinstance(v, list) else v)
    return (*out, tuple(a for a, _ in s.history))


def step(s: State, rng: random.Random) -> None:
    if s.is_chance():
        apply(s, chance_outcome(s, rng))
    else:
        acts = legal_actions(s)
        assert acts, f"no legal action in {s.phase} (pending {s.pending})"
        apply(s, acts[int(rng.random() * len(acts))])


# -- actions ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("pass", Call(None)),
        ("7", Call(7)),
        ("trump H", NameTrump(2)),
        ("trump ♠", NameTrump(3)),
        ("keep KC QD", Keep((parse_index("KC"), parse_index("QD")))),
        ("keep -", Keep(())),
        ("dealer-keeps QC 4S", DealerKeep((parse_index("QC"), parse_index("4S")))),
        ("reshuffle 3C 9D", Reshuffle((parse_index("3C"), parse_index("9D")))),
        ("5D", PlayCard(parse_index("5D"))),
        ("10H", PlayCard(parse_index("TH"))),
        ("6H/9H 8H", PlayCard(parse_index("6H"), (parse_index("9H"), parse_index("8H")))),
    ],
)
def test_every_action_parses_prints_and_pastes_back(text: str, action: Any) -> None:
    parsed = parse_action(text)
    assert parsed == action
    assert parse_action(str(parsed)) == parsed
    assert eval(repr(parsed)) == parsed  # the repr pastes back
    assert hash(parsed) == hash(action)


def test_set_valued_actions_compare_without_order() -> None:
    a, b = parse_index("9H"), parse_index("8H")
    top = parse_index("6H")
    assert PlayCard(top, (a, b)) == PlayCard(top, (b, a))
    assert str(PlayCard(top, (a, b))) == "6H/9H 8H"  # the order given is kept for display
    assert DealerKeep((a, b)) == DealerKeep((b, a))
    assert Reshuffle((a, b)) != Reshuffle((b, a))  # a stock's order matters


@pytest.mark.parametrize(
    "text", ["", "bid", "trump X", "keep 1Z", "5D/", "ZZ", "reshuffle 3C 3C", "6H/6H"]
)
def test_text_that_is_not_an_action_is_invalid_input(text: str) -> None:
    with pytest.raises(InvalidInput):
        parse_action(text)


# -- random simulation with undo --------------------------------------------------------------
@pytest.mark.parametrize("profile", ALL_PROFILES)
def test_random_simulation_with_undo(profile: str) -> None:
    """At every step: the legal actions are legal, applying then undoing one restores the
    state exactly, a copy is independent; at the end, undoing every action gives back the
    deal."""
    prof = PROFILES.get(profile, NO_DRAW)
    for seed in range(60):
        rng = random.Random(seed)
        s = State.random_deal(prof, seed & 3, rng)
        start = fingerprint(s)
        marks = [start]
        while not s.is_terminal():
            before = fingerprint(s)
            assert fingerprint(s.copy()) == before, "copy() missed a field"
            if not s.is_chance():
                acts = legal_actions(s)
                assert len(set(acts)) == len(acts)
                for a in acts[:40]:
                    assert is_legal(s, a), a
                    apply(s, a)
                    assert undo(s) == a
                    assert fingerprint(s) == before
            twin = s.copy()
            step(twin, random.Random(seed + 1))
            assert fingerprint(s) == before, "applying to a copy changed the original"
            step(s, rng)
            marks.append(fingerprint(s))
        assert s.history
        while s.history:
            marks.pop()
            undo(s)
            assert fingerprint(s) == marks[-1]
        assert fingerprint(s) == start


@pytest.mark.parametrize("profile", ALL_PROFILES)
def test_a_finished_hand_plays_every_card_dealt_into_play(profile: str) -> None:
    prof = PROFILES.get(profile, NO_DRAW)
    for seed in range(100):
        rng = random.Random(seed)
        s = State.random_deal(prof, seed & 3, rng)
        while not s.is_terminal():
            step(s, rng)
        if s.thrown_in:
            continue
        in_play = s.start_hands[0] | s.start_hands[1] | s.start_hands[2] | s.start_hands[3]
        assert s.captured[0] | s.captured[1] == in_play
        assert s.captured[0] & s.captured[1] == 0
        if prof.all_points_in_play:
            assert len(s.tricks) == 6
        if not prof.draw:
            assert len(s.tricks) == 9
            assert s.start_hands == s.dealt


def test_every_card_not_listed_is_refused_with_a_reason() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        s = State.random_deal(PAGAT_62, seed & 3, rng)
        while not s.is_terminal():
            if s.phase is Phase.PLAY:
                legal = s.legal_play_mask()
                for c in iter_bits(s.hands[s.to_act] & ~legal):
                    err = why_illegal(s, PlayCard(c))
                    assert err is not None and err.reason in {
                        Reason.MUST_FOLLOW_TRUMP,
                        Reason.MUST_FOLLOW_SUIT_OR_TRUMP,
                        Reason.PILE_TOP_NEEDED_BENEATH,
                    }
                    before = fingerprint(s)
                    with pytest.raises(IllegalAction):
                        apply_checked(s, PlayCard(c))
                    assert fingerprint(s) == before
            step(s, rng)


def test_a_bid_that_is_not_higher_names_the_rule() -> None:
    s = State.random_deal(PAGAT_62, 3, random.Random(5))
    apply_checked(s, "8")
    err = why_illegal(s, Call(8))
    assert err is not None and err.reason is Reason.BID_NOT_HIGHER and err.required == "9"
    err = why_illegal(s, Call(9), seat=2)
    assert err is not None and err.reason is Reason.NOT_YOUR_TURN
    err = why_illegal(s, NameTrump(1))
    assert err is not None and err.reason is Reason.WRONG_PHASE


def test_refill_decisions_are_actions_and_the_reshuffle_is_chance() -> None:
    """pagat-62: the dealer's keep is the dealer's decision (every choice of the right size
    is listed); a stock that runs out makes a chance node whose outcome is a Reshuffle."""
    seen_dealer = seen_chance = 0
    for seed in range(400):
        rng = random.Random(seed)
        s = State.random_deal(PAGAT_62, seed & 3, rng)
        while s.phase is not Phase.PLAY and not s.is_terminal():
            if s.pending == "dealer_keeps":
                seen_dealer += 1
                assert s.to_act == s.dealer
                options, count = s.pending_info
                acts = legal_actions(s)
                assert all(isinstance(a, DealerKeep) and len(a.cards) == count for a in acts)
                assert len(acts) == _choose(len(options), count)  # type: ignore[arg-type]
                bad = DealerKeep(tuple(options)[: count + 1])  # type: ignore[arg-type]
                if count < len(options):  # type: ignore[arg-type]
                    err = why_illegal(s, bad)
                    assert err is not None and err.reason is Reason.DEALER_KEEPS_INVALID
            if s.is_chance():
                seen_chance += 1
                assert legal_actions(s) == []
                err = why_illegal(s, Reshuffle(()))
                assert err is not None and err.reason is Reason.RESHUFFLE_INVALID
                err = why_illegal(s, Call(None), seat=0)
                assert err is not None
            step(s, rng)
    assert seen_dealer > 300 and seen_chance > 0


def _choose(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def test_the_hand_keeps_every_attribute_of_the_previous_hand() -> None:
    """Code written for the previous Hand (drills, the solver) reads these attributes."""
    from tutorial.engine.hand import Hand

    hand = Hand.random_deal(PAGAT_62, 0, random.Random(3))
    while hand.phase is Phase.BID:
        hand.bid(hand.to_act, hand.legal_bids()[-1])
    hand.name_trump(hand.to_act, 2)
    hand.refill(rng=random.Random(3))
    for name in [
        "beneath_forbidden",
        "best_card",
        "best_key",
        "best_seat",
        "calls",
        "capture_list",
        "capture_mask",
        "capture_value",
        "captured",
        "dealer",
        "hands",
        "high_bid",
        "high_seat",
        "in_play",
        "keys",
        "led",
        "passed",
        "phase",
        "plain_masks",
        "point_cards",
        "profile",
        "refill_log",
        "start_hands",
        "stock",
        "to_act",
        "trick_leader",
        "trick_mask",
        "trick_plays",
        "trick_seats",
        "tricks",
        "trump",
        "trump_mask",
    ]:
        getattr(hand, name)
    assert sum(hand.capture_value.values()) == 13  # all but Low, which goes to its holder
