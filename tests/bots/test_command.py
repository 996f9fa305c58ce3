"""`cinch decide FILE --seat S --bot NAME [--seed K] [--json]`: the contract of issue 14."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutorial.bots import BOT_NAMES
from tutorial.cli import main

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "examples" / "decide"
PILE = ROOT / "examples" / "scenarios" / "hand-pile.yaml"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, object]]:
    code = main(["decide", *argv, "--json"])
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1
    return code, json.loads(out[0])


@pytest.mark.parametrize("bot", BOT_NAMES)
def test_each_phase_prints_seat_phase_and_action(
    capsys: pytest.CaptureFixture[str], bot: str
) -> None:
    cases = {
        "bidding.yaml": ("B", "bid"),
        "naming-trump.yaml": ("B", "trump"),
        "pile-lead.yaml": ("B", "play"),
        "mid-trick.yaml": ("C", "play"),
    }
    for name, (seat, phase) in cases.items():
        code, obj = _run(capsys, str(EX / name), "--seat", seat, "--bot", bot, "--seed", "5")
        assert code == 0, obj
        assert set(obj) == {"seat", "phase", "action"}
        assert obj["seat"] == seat and obj["phase"] == phase
        action = obj["action"]
        if phase == "bid":
            assert action == "pass" or (isinstance(action, int) and 11 <= action <= 14)
        elif phase == "trump":
            assert action in ("C", "D", "H", "S")
        else:
            assert isinstance(action, dict) and set(action) == {"card", "beneath"}
            assert isinstance(action["card"], str) and len(action["card"]) == 2
            beneath = action["beneath"]
            assert isinstance(beneath, list)
            assert len(beneath) == (1 if name == "pile-lead.yaml" else 0)


def test_the_same_seed_gives_the_same_action(capsys: pytest.CaptureFixture[str]) -> None:
    f = str(EX / "mid-trick.yaml")
    a = _run(capsys, f, "--seat", "C", "--bot", "random", "--seed", "9")
    b = _run(capsys, f, "--seat", "C", "--bot", "random", "--seed", "9")
    assert a == b


def test_text_output_names_the_seat_and_the_action(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["decide", str(EX / "pile-lead.yaml"), "--seat", "B", "--bot", "random"])
    out = capsys.readouterr().out
    assert code == 0 and out.startswith("B (random, play): ") and "/" in out


def test_a_seat_not_to_act_is_a_located_error(capsys: pytest.CaptureFixture[str]) -> None:
    f = str(EX / "mid-trick.yaml")
    code, obj = _run(capsys, f, "--seat", "D", "--bot", "random")
    assert code == 2 and obj["ok"] is False
    err = obj["error"]
    assert isinstance(err, dict)
    assert err["file"] == f and err["line"] == 12
    assert "seat D is not to act" in str(err["message"]) and "C is to act" in str(err["message"])
    code = main(["decide", f, "--seat", "D", "--bot", "random"])
    out = capsys.readouterr().out
    assert code == 2 and out.startswith(f"error  {f}:12: ")


@pytest.mark.parametrize(
    ("content", "line", "why"),
    [
        ("kind: hand\ndealer: D\n", 1, "missing key 'deal'"),
        ("kind: legal\ntrump: S\nleader: A\ncards: []\nhand: [5C]\n", 1, "needs a `hand` scenario"),
        ("kind: [\n", 1, ""),
    ],
)
def test_a_bad_file_is_a_located_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, line: int, why: str
) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(content, encoding="utf-8")
    code, obj = _run(capsys, str(f), "--seat", "A", "--bot", "random")
    assert code == 2 and obj["ok"] is False
    err = obj["error"]
    assert isinstance(err, dict) and err["file"] == str(f)
    assert isinstance(err["line"], int) and err["line"] >= line
    assert why in str(err["text"])


def test_a_finished_hand_has_nothing_to_decide(capsys: pytest.CaptureFixture[str]) -> None:
    code, obj = _run(capsys, str(PILE), "--seat", "A", "--bot", "random")
    assert code == 2 and "nothing to decide" in str(obj["error"])


def test_a_missing_file_and_bad_arguments(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, obj = _run(capsys, str(tmp_path / "none.yaml"), "--seat", "A", "--bot", "random")
    assert code == 2 and "not found" in str(obj["error"])
    for argv in (
        ["--seat", "E", "--bot", "random"],
        ["--seat", "A", "--bot", "nobody"],
        ["--seat", "A", "--bot", "random", "--seed", "-1"],
    ):
        with pytest.raises(SystemExit) as exc:
            main(["decide", str(EX / "bidding.yaml"), *argv])
        assert exc.value.code == 2
    capsys.readouterr()
