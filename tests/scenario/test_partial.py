"""Hand scenarios that stop before the end report the position reached; no-draw hands."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tutorial.cli.report import run_file

ROOT = Path(__file__).resolve().parents[2]
_PILE = yaml.safe_load((ROOT / "examples" / "scenarios" / "hand-pile.yaml").read_text())
DEAL = yaml.safe_dump(
    {"kind": "hand", "dealer": _PILE["dealer"], "deal": _PILE["deal"], "stock": _PILE["stock"]}
)
"""The deal of examples/scenarios/hand-pile.yaml (dealer D; B bids 12 in hearts)."""


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    return p


def position(tmp_path: Path, text: str) -> dict[str, object]:
    r = run_file(write(tmp_path, text))
    assert r.error is None, r.error
    assert r.result is not None and r.result["finished"] is False
    pos = r.result["position"]
    assert isinstance(pos, dict)
    return pos


def test_a_hand_may_stop_in_the_bidding(tmp_path: Path) -> None:
    pos = position(tmp_path, DEAL + "bids: [pass, 8]\n")
    assert pos == {
        "phase": "bid",
        "to_act": "C",
        "legal": ["pass", *(str(v) for v in range(9, 15))],
    }


def test_the_dealer_after_three_passes_has_one_legal_call(tmp_path: Path) -> None:
    pos = position(tmp_path, DEAL + "bids: [pass, pass, pass]\n")
    assert pos["to_act"] == "D" and pos["legal"] == ["7"]


def test_a_hand_may_stop_before_trump_is_named(tmp_path: Path) -> None:
    pos = position(tmp_path, DEAL + "bids: [9, pass, pass, pass]\n")
    assert pos == {
        "phase": "trump",
        "to_act": "A",
        "legal": ["trump C", "trump D", "trump H", "trump S"],
    }


def test_a_hand_may_stop_in_the_middle_of_a_trick(tmp_path: Path) -> None:
    bids = "bids: [10, 12, pass, pass]\ntrump: H\n"
    pos = position(tmp_path, DEAL + bids + "plays: [[[5D, KH], 9H]]\n")
    assert pos["phase"] == "play" and pos["trick"] == 1 and pos["cards_played"] == 2
    assert pos["to_act"] == "D"
    assert set(pos["legal"]) == {"3H", "6H"}  # D holds hearts: a trump was led
    pos = position(tmp_path, DEAL + bids)
    assert pos["to_act"] == "B" and pos["cards_played"] == 0
    assert "5D/KH" in pos["legal"] or "KH/5D" in pos["legal"]  # B's 7 trumps: a pile
    assert all("/" in a for a in pos["legal"])


def test_only_the_last_trick_may_be_unfinished(tmp_path: Path) -> None:
    r = run_file(
        write(tmp_path, DEAL + "bids: [10, 12, pass, pass]\ntrump: H\nplays: [[[5D, KH]], [7H]]\n")
    )
    assert r.error is not None and "trick 1 is not complete" in r.error["message"]


def test_what_follows_an_unfinished_bidding_is_an_error(tmp_path: Path) -> None:
    r = run_file(write(tmp_path, DEAL + "bids: [pass, 8]\ntrump: H\n"))
    assert r.error is not None and r.error["key"] == "trump"
    assert "bidding is not finished" in r.error["message"]
    r = run_file(write(tmp_path, DEAL + "bids: [10, 12, pass, pass]\nplays: [[7H]]\n"))
    assert r.error is not None and r.error["key"] == "plays"


def test_cinch_replay_reports_the_position_in_text_and_json(tmp_path: Path) -> None:
    path = write(tmp_path, DEAL + "bids: [10, 12, pass, pass]\ntrump: H\nplays: [[[5D, KH], 9H]]\n")
    cmd = [sys.executable, "-m", "tutorial.cli", "replay", str(path)]
    text = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    assert "position: play, trick 1 (2 card(s) played): D to play: 3H 6H" in text
    out = subprocess.run([*cmd, "--json"], capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert data["ok"] is True and data["result"]["position"]["to_act"] == "D"


NO_DRAW = DEAL.replace("kind: hand\n", "kind: hand\nprofile: no-draw\n")


def test_a_no_draw_hand_has_no_refill_and_plays_the_nine_dealt_cards(tmp_path: Path) -> None:
    r = run_file(write(tmp_path, NO_DRAW + "bids: [3, pass, pass, pass]\ntrump: H\n"))
    assert r.error is None, r.error
    assert r.result is not None and r.replay is not None
    assert r.result["refill"] is None
    assert sorted(r.result["hands_after_refill"]["A"]) == sorted(_PILE["deal"]["A"])
    assert "refill" not in r.replay.moments
    assert r.result["position"]["to_act"] == "A"  # the bidder leads, any of its 9 cards
    assert len(r.result["position"]["legal"]) == 9
    r = run_file(
        write(tmp_path, NO_DRAW + "bids: [3, pass, pass, pass]\ntrump: H\nkeep: {A: []}\n")
    )
    assert r.error is not None and r.error["key"] == "keep"


@pytest.mark.parametrize("seed", range(20))
def test_random_no_draw_hands_replay_as_scenarios(seed: int) -> None:
    import random

    from tutorial.engine.playout import random_playout
    from tutorial.engine.profiles import NO_DRAW
    from tutorial.scenario.export import dump_yaml, playout_scenario
    from tutorial.scenario.files import replay_data
    from tutorial.yamldoc import Where, YamlDoc

    p = random_playout(NO_DRAW, seed & 3, random.Random(seed))
    doc = YamlDoc.parse(dump_yaml(playout_scenario(p, "no-draw")), "nd.yaml")
    rep, mismatches = replay_data(doc.data, Where(doc))
    assert mismatches == []
    if p.bidder is not None:
        assert rep.result["finished"] is True
        assert len(rep.result["tricks"]) == 9
