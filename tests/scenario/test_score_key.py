"""A ``hand`` scenario may state the game score before the hand (``score: {AC: n, BD: n}``):
the state, the bots' observations and ``cinch decide`` see it; a bad one is a located error."""

import json
from pathlib import Path

import pytest
import yaml

from tutorial.cli import main
from tutorial.cli.report import run_file
from tutorial.engine.observe import observe
from tutorial.scenario.files import hand_state
from tutorial.yamldoc import Where, YamlDoc

ROOT = Path(__file__).resolve().parents[2]
BIDDING = (ROOT / "examples" / "decide" / "bidding.yaml").read_text(encoding="utf-8")


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    return p


def test_the_score_reaches_the_state_and_every_seats_observation(tmp_path: Path) -> None:
    path = write(tmp_path, BIDDING + "score: {AC: 56, BD: 57}\n")
    r = run_file(path)
    assert r.error is None, r.error
    doc = YamlDoc.load(path)
    state = hand_state(doc.data, Where(doc))
    assert state.score == (56, 57)
    assert {observe(state, seat).score for seat in range(4)} == {(56, 57)}
    fresh = YamlDoc.parse(BIDDING, "fresh.yaml")
    assert hand_state(fresh.data, Where(fresh)).score == (0, 0)


def test_cinch_decide_plays_at_the_scenarios_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, BIDDING + "score: {AC: 56, BD: 57}\n")
    assert main(["decide", str(path), "--seat", "B", "--bot", "rules", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == "B" and out["phase"] == "bid"


@pytest.mark.parametrize(
    ("score", "says"),
    [
        ("{AC: 62, BD: 10}", "already won"),
        ("{AC: 1.5, BD: 0}", "whole number"),
        ("{AC: 3}", "BD"),
        ("[3, 4]", "mapping"),
        ("{AC: 3, BD: 4, CD: 1}", "CD"),
    ],
)
def test_a_bad_score_is_refused_with_its_file_line_and_key(
    tmp_path: Path, score: str, says: str
) -> None:
    r = run_file(write(tmp_path, BIDDING + f"score: {score}\n"))
    assert r.error is not None
    text = r.error["text"]
    assert "s.yaml:11" in text and "score" in text and says in text, text


def test_the_score_belongs_only_in_a_hand_scenario(tmp_path: Path) -> None:
    text = yaml.safe_dump(
        {"kind": "trick", "trump": "H", "leader": "A", "cards": ["2H", "3H", "4H", "5H"]}
    )
    r = run_file(write(tmp_path, text + "score: {AC: 1, BD: 2}\n"))
    assert r.error is not None and "score" in r.error["text"], r.error
