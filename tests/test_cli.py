import json
from pathlib import Path

import pytest

from tutorial.cli import main

ROOT = Path(__file__).resolve().parents[1]
EX = ROOT / "examples" / "scenarios"


def test_replay_all_examples_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(p) for p in sorted(EX.glob("*.yaml"))]
    assert main(["replay", *files]) == 0
    out = capsys.readouterr().out
    assert out.count("ok ") == len(files)


def test_replay_json_one_object_per_file(capsys: pytest.CaptureFixture[str]) -> None:
    f = str(EX / "07-left-pedro-trick.yaml")
    assert main(["replay", "--json", f, f]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 2
    obj = json.loads(lines[0])
    assert set(obj) == {"file", "ok", "result", "mismatches", "error"}
    assert obj["ok"] is True and obj["result"]["winner"] == "C"


def test_replay_exit_1_on_failed_expectation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = tmp_path / "x.yaml"
    p.write_text("kind: trick\ntrump: H\nleader: A\ncards: [KC, 5D, 6H, 5H]\nexpect: {winner: D}\n")
    assert main(["replay", str(p)]) == 1
    assert "expect.winner" in capsys.readouterr().out


def test_replay_exit_2_on_invalid_input_even_with_other_failures(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: trick\ntrump: H\nleader: A\ncards: [KC, KC]\n")
    fail = tmp_path / "fail.yaml"
    fail.write_text("kind: trick\ntrump: H\nleader: A\ncards: [KC]\nexpect: {winner: B}\n")
    assert main(["replay", str(fail), str(bad)]) == 2


def test_replay_missing_file_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nope.yaml")]) == 2
    assert "file not found" in capsys.readouterr().out


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "500", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 500 and data["invariants"] == "ok"
    assert data["hands_per_second"] > 0


def test_simulate_classic_profile(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "300", "--seed", "2", "--profile", "classic-51"]) == 0
    assert "hands of classic-51" in capsys.readouterr().out
