"""Scenario replay: every kind, expectations, and located errors for bad input."""

from pathlib import Path

import pytest

from tutorial.cli.report import run_file
from tutorial.scenario.files import compare

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples" / "scenarios").glob("*.yaml"))

DEAL = """\
kind: hand
dealer: D
deal:
  A: [AH, KH, QH, JH, TH, 9H, 8H, 2C, 3C]
  B: [AC, KC, QC, JC, TC, 9C, 8C, 7C, 6C]
  C: [AD, KD, QD, JD, TD, 9D, 8D, 7D, 6D]
  D: [AS, KS, QS, JS, TS, 9S, 8S, 7S, 6S]
stock: [5C, 4C, 5D, 4D, 3D, 2D, 5S, 4S, 3S, 2S, 7H, 6H, 5H, 4H, 3H, 2H]
"""


def write(tmp_path: Path, text: str, name: str = "s.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_example_scenario_replays_and_matches(path: Path) -> None:
    report = run_file(path)
    assert report.error is None, report.error
    assert report.mismatches == []
    assert report.status == 0


def test_section_07_trick_result_fields(tmp_path: Path) -> None:
    r = run_file(write(tmp_path, "kind: trick\ntrump: H\nleader: A\ncards: [KC, 5D, 6H, 5H]\n"))
    assert r.result is not None
    assert r.result["winner"] == "C"
    assert r.result["winning_card"] == "6H"
    assert r.result["points"] == {"AC": 10, "BD": 0}
    assert r.result["trumped"] is True


def test_trick_points_exclude_low_because_it_belongs_to_its_holder(tmp_path: Path) -> None:
    r = run_file(write(tmp_path, "kind: trick\ntrump: H\nleader: B\ncards: [2H, AH, 3H, JH]\n"))
    assert r.result is not None
    assert r.result["winner"] == "C" and r.result["points"] == {"AC": 2, "BD": 0}


def test_trick_with_open_pile_counts_the_cards_beneath(tmp_path: Path) -> None:
    r = run_file(
        write(tmp_path, "kind: trick\ntrump: S\nleader: A\ncards: [[KS, QS, 9S], 5C, 2S, AC]\n")
    )
    assert r.result is not None
    assert r.result["winner"] == "A"
    assert r.result["cards"][0] == ["KS", "QS", "9S"]
    assert r.result["points"] == {"AC": 5, "BD": 0}


def test_expect_mismatch_exits_1_and_names_the_line(tmp_path: Path) -> None:
    text = (
        "kind: trick\ntrump: H\nleader: A\ncards: [KC, 5D, 6H, 5H]\n"
        "expect:\n  winner: B\n  points: {AC: 10, BD: 0}\n"
    )
    r = run_file(write(tmp_path, text))
    assert r.status == 1
    assert [m.to_json() for m in r.mismatches] == [
        {"key": "winner", "expected": "B", "actual": "C", "line": 6}
    ]


def test_card_notations_in_expect_are_equivalent() -> None:
    assert compare({"winning_card": "10♥"}, {"winning_card": "TH"}) == []
    assert compare({"legal": ["9C", "5C"]}, {"legal": ["5C", "9C"]}) == []
    assert (
        compare({"tricks": [{"cards": ["9C", "5C"]}]}, {"tricks": [{"cards": ["5C", "9C"]}]}) != []
    )


def test_unknown_card_names_file_line_and_key(tmp_path: Path) -> None:
    r = run_file(write(tmp_path, "kind: trick\ntrump: H\nleader: A\ncards: [KC, 5X, 6H, 5H]\n"))
    assert r.status == 2 and r.error is not None
    assert r.error["line"] == 4 and r.error["key"] == "cards[1]"
    assert "unknown card '5X'" in r.error["message"]


def test_duplicate_card_across_hands_is_located(tmp_path: Path) -> None:
    text = DEAL.replace("B: [AC,", "B: [AH,") + "bids: [pass, pass, pass, 7]\ntrump: S\n"
    r = run_file(write(tmp_path, text))
    assert r.error is not None
    assert r.error["key"] == "deal.B[0]" and r.error["line"] == 5
    assert "duplicate card AH" in r.error["message"]


def test_wrong_card_count_is_located(tmp_path: Path) -> None:
    text = DEAL.replace(", 2C, 3C]", ", 2C]") + "bids: [pass, pass, pass, 7]\ntrump: S\n"
    r = run_file(write(tmp_path, text))
    assert r.error is not None
    assert r.error["key"] == "deal.A" and "expected 9 cards, found 8" in r.error["message"]


def test_dealer_passing_when_forced_names_the_rule(tmp_path: Path) -> None:
    r = run_file(write(tmp_path, DEAL + "bids: [pass, pass, pass, pass]\n"))
    assert r.error is not None
    assert r.error["key"] == "bids[3]" and r.error["line"] == 9
    assert r.error["reason"] == "dealer_must_bid" and r.error["seat"] == "D"
    assert "must bid 7" in r.error["message"]


def test_bid_not_higher_names_the_rule(tmp_path: Path) -> None:
    r = run_file(write(tmp_path, DEAL + "bids: [9, 9, pass, pass]\n"))
    assert r.error is not None
    assert r.error["reason"] == "bid_not_higher" and r.error["seat"] == "B"
    assert r.error["required"] == "10"


def test_missing_reshuffle_when_the_stock_runs_out(tmp_path: Path) -> None:
    # spades trump: A, B, C hold no spade and need 18 cards from a 16-card stock
    r = run_file(write(tmp_path, DEAL + "bids: [pass, pass, pass, 7]\ntrump: S\n"))
    assert r.error is not None
    assert r.error["reason"] == "reshuffle_invalid" and r.error["key"] == "trump"
    assert "reshuffle" in r.error["message"]


def test_illegal_play_names_trick_seat_and_rule(tmp_path: Path) -> None:
    """Take a recorded hand and make one seat of trick 1 revoke: the error names the trick,
    the seat, the key of that card and the rule."""
    import yaml

    from tutorial.engine.cards import CODES, mask_of, parse_index
    from tutorial.engine.trick import legal_plays
    from tutorial.engine.trumps import EFFECTIVE_SUIT

    data = yaml.safe_load((EXAMPLES[0].parent / "hand-reshuffle.yaml").read_text())
    base = run_file(EXAMPLES[0].parent / "hand-reshuffle.yaml")
    assert base.result is not None
    trump = "CDHS".index(base.result["trump"])
    first = base.result["tricks"][0]
    led = EFFECTIVE_SUIT[trump][parse_index(first["cards"][0])]
    for k in (1, 2, 3):
        seat = first["seats"][k]
        held = mask_of(parse_index(c) for c in base.result["hands_after_refill"][seat])
        illegal = held & ~legal_plays(held, trump, led)
        if illegal:
            card = CODES[(illegal & -illegal).bit_length() - 1]
            break
    else:
        pytest.fail("no seat of trick 1 holds an illegal card in this recorded hand")
    data["plays"][0][k] = card
    data.pop("expect")
    p = tmp_path / "revoke.yaml"
    p.write_text(yaml.safe_dump(data))
    r = run_file(p)
    assert r.error is not None
    assert r.error["reason"] in ("must_follow_trump", "must_follow_suit_or_trump")
    assert r.error["seat"] == seat and r.error["trick"] == 1
    assert r.error["key"] == f"plays[0][{k}]"
    assert f"trick 1, seat {seat} cannot play {card}" in r.error["message"]
    assert r.error["line"] is not None


def test_unknown_kind_and_unknown_key(tmp_path: Path) -> None:
    r = run_file(write(tmp_path, "kind: poker\n"))
    assert r.error is not None and "unknown kind 'poker'" in r.error["message"]
    r = run_file(
        write(
            tmp_path,
            "kind: score\nbefore: {AC: 0, BD: 0}\nbidder: AC\nbid: 7\n"
            "points: {AC: 7, BD: 7}\ntrump: H\n",
        )
    )
    assert r.error is not None and r.error["key"] == "trump" and r.error["line"] == 6


def test_points_must_add_up_to_14_in_pagat(tmp_path: Path) -> None:
    r = run_file(
        write(
            tmp_path,
            "kind: score\nbefore: {AC: 0, BD: 0}\nbidder: AC\nbid: 7\npoints: {AC: 7, BD: 6}\n",
        )
    )
    assert r.error is not None and "add up to 14" in r.error["message"]


def test_game_that_continues_after_a_win_is_rejected(tmp_path: Path) -> None:
    hands = "\n".join(["  - {bidder: AC, bid: 7, points: {AC: 14, BD: 0}}"] * 6)
    r = run_file(write(tmp_path, f"kind: game\nhands:\n{hands}\n"))
    assert r.error is not None
    assert r.error["key"] == "hands[5]" and "already won by AC" in r.error["message"]


def test_invalid_yaml_is_located(tmp_path: Path) -> None:
    r = run_file(write(tmp_path, "kind: trick\ncards: [KC, 5D\n"))
    assert r.error is not None and "not valid YAML" in r.error["message"]
    assert r.error["line"] is not None


def test_yaml_tags_are_not_executed(tmp_path: Path) -> None:
    r = run_file(write(tmp_path, "kind: !!python/object/apply:os.system ['echo pwned']\n"))
    assert r.error is not None and "not valid YAML" in r.error["message"]


def test_legal_kind_left_pedro_cases(tmp_path: Path) -> None:
    # trump led (hearts): the left Pedro 5D must follow; diamonds may not be played
    r = run_file(
        write(tmp_path, "kind: legal\ntrump: H\nleader: A\ncards: [9H]\nhand: [5D, KD, 2C]\n")
    )
    assert r.result is not None and r.result["legal"] == ["5D"]
    # diamonds led: the 5D is not a diamond, so a player with 5D and no other diamond is void
    r = run_file(
        write(tmp_path, "kind: legal\ntrump: H\nleader: A\ncards: [KD]\nhand: [5D, 2C, 3S]\n")
    )
    assert r.result is not None and r.result["legal"] == ["2C", "5D", "3S"]


def test_thrown_in_hand_in_classic_51(tmp_path: Path) -> None:
    r = run_file(
        write(
            tmp_path,
            "profile: classic-51\n"
            + DEAL
            + "bids: [pass, pass, pass, pass]\nexpect: {thrown_in: true}\n",
        )
    )
    assert r.status == 0, r.error


def test_a_trick_needs_four_plays_unless_it_is_in_progress(tmp_path: Path) -> None:
    three = "kind: trick\ntrump: H\nleader: A\ncards: [KC, 5D, 6H]\n"
    r = run_file(write(tmp_path, three))
    assert r.status == 2 and r.error is not None
    assert r.error["key"] == "cards" and r.error["line"] == 4
    assert "in_progress: true" in r.error["message"]
    r = run_file(write(tmp_path, three + "in_progress: true\n"))
    assert r.status == 0 and r.result is not None and r.result["winner"] == "C"
    r = run_file(
        write(
            tmp_path,
            "kind: trick\ntrump: H\nleader: A\ncards: [KC, 5D, 6H, 5H]\nin_progress: true\n",
        )
    )
    assert r.status == 2 and r.error is not None and r.error["key"] == "in_progress"


@pytest.mark.parametrize("value", ["[pagat-62]", "{a: 1}", "7"])
def test_profile_that_is_not_a_name_is_located(tmp_path: Path, value: str) -> None:
    r = run_file(write(tmp_path, f"kind: score\nprofile: {value}\nbefore: {{AC: 0, BD: 0}}\n"))
    assert r.status == 2 and r.error is not None
    assert r.error["key"] == "profile" and r.error["line"] == 2
    assert "unknown profile" in r.error["message"]


def test_keep_card_the_player_lacks_is_reported_at_its_own_line(tmp_path: Path) -> None:
    text = (
        DEAL.replace("dealer: D", "profile: classic-51\ndealer: D")
        + "bids: [pass, pass, pass, 7]\ntrump: S\nkeep:\n  A:\n    - AH\n    - AC\n"
    )
    r = run_file(write(tmp_path, text))
    assert r.status == 2 and r.error is not None
    assert r.error["key"] == "keep.A[1]", r.error
    assert r.error["line"] == text.splitlines().index("    - AC") + 1


def test_a_frame_is_looked_up_by_its_moment_id() -> None:
    from tutorial.scenario.files import replay_data
    from tutorial.yamldoc import Where, YamlDoc

    path = Path(__file__).parents[2] / "lessons" / "scenarios" / "06-set-by-one-point.yaml"
    doc = YamlDoc.load(path)
    rep, _ = replay_data(doc.data, Where(doc))
    for i, moment in enumerate(rep.moments):
        assert rep.has(moment) and rep.frame(moment) is rep.frames[i]
    assert rep.frame("t3c4")["trick"][-1] == {"seat": "A", "card": "5C", "beneath": []}
    assert not rep.has("t7")
    with pytest.raises(KeyError):
        rep.frame("t7")
