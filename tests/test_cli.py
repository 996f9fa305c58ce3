import io
import json
import sys
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


class _FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_simulate_shows_progress_on_a_terminal_stderr_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    tty = _FakeTTY()
    monkeypatch.setattr(sys, "stderr", tty)
    assert main(["simulate", "--hands", "2000", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)  # stdout holds the JSON alone
    assert data["hands"] == 2000
    drawn = tty.getvalue()
    assert drawn.startswith("\rsimulate  512/2,000 hands  25%") and "elapsed" in drawn
    assert drawn.endswith("\r") and "\n" not in drawn


def test_simulate_progress_does_not_change_the_result(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["simulate", "--hands", "700", "--seed", "4", "--json"]
    assert main([*argv, "--no-progress"]) == 0
    plain = json.loads(capsys.readouterr().out)
    monkeypatch.setattr(sys, "stderr", _FakeTTY())
    assert main(argv) == 0
    shown = json.loads(capsys.readouterr().out)
    for d in (plain, shown):
        d.pop("seconds")
        d.pop("hands_per_second")
    assert plain == shown


def test_simulate_writes_nothing_on_stderr_when_it_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--hands", "600", "--seed", "1", "--json"]) == 0
    assert capsys.readouterr().err == ""
    assert main(["simulate", "--hands", "600", "--seed", "1", "--json", "--progress"]) == 0
    err = capsys.readouterr().err
    assert err.splitlines()[-1].startswith("simulate  600/600 hands  100%")


def test_match_is_listed_with_its_flags(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["match", "--help"])
    out = capsys.readouterr().out
    for flag in ("--bots", "--hands", "--duplicate", "--seed", "--profile", "--json", "--jobs"):
        assert flag in out


def test_match_with_the_real_bots(capsys: pytest.CaptureFixture[str]) -> None:
    from tutorial.bots import BOT_NAMES

    assert "random" in BOT_NAMES
    argv = ["match", "--bots", "A=random,B=random,C=random,D=random", "--hands", "6"]
    assert main([*argv, "--seed", "3", "--duplicate", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands_played"] == 12 and set(data["by_bot"]) == {"random"}
    b = data["by_bot"]["random"]
    assert b["bids_made"] + b["bids_set"] == 12 and b["decisions"] > 12 * 24
    assert main([*argv, "--seed", "3", "--duplicate", "--json", "--jobs", "2"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["difference"] == data["difference"] and again["games"] == data["games"]
