"""The small faults of issue 26, point 8, each seen failing on the code before: a call
written null or ~ taken for a pass, ``cinch decide`` ignoring ``expect``, outline suit symbols
taken by the engine but not in a lesson's card mentions, "missing key" said of a key set to
null, "NoneType" for a file of nothing but comments, seed ranges that differ between
commands, ``--seat b`` taken by ``review`` but refused by ``decide``. (The deleted SQLite file:
tests/ui/test_progress_faults_page.py; ``--replicas``: tests/store/test_replicas.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutorial.cli import main
from tutorial.cli.args import MAX_SEED
from tutorial.lessons.facts import mentioned

ROOT = Path(__file__).resolve().parents[1]
BIDDING = (ROOT / "examples" / "decide" / "bidding.yaml").read_text(encoding="utf-8")


def write(tmp_path: Path, text: str) -> str:
    p = tmp_path / "case.yaml"
    p.write_text(text, encoding="utf-8")
    return str(p)


@pytest.mark.parametrize("null", ["null", "~", ""])
@pytest.mark.parametrize("command", ["replay", "decide"])
def test_a_null_call_is_an_error_naming_file_line_and_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], null: str, command: str
) -> None:
    calls = f"bids: [10, {null}]" if null else "bids:\n  - 10\n  -"  # "-" alone: a null too
    f = write(tmp_path, BIDDING.replace("bids: [10]", calls))
    argv = [command, f] if command == "replay" else [command, f, "--seat", "C", "--bot", "rules"]
    assert main(argv) == 2  # before: exit 0, the null taken for a pass
    out = capsys.readouterr().out
    assert f"{f}:" in out and "bids[1]" in out and "pass or a number" in out


def test_a_key_set_to_null_is_not_said_to_be_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = write(tmp_path, BIDDING.replace("dealer: D", "dealer: ~"))
    assert main(["replay", f]) == 2
    out = capsys.readouterr().out
    assert "'dealer' is empty (null or ~)" in out and "missing key" not in out
    f = write(tmp_path, BIDDING.replace("dealer: D\n", ""))
    assert main(["replay", f]) == 2
    assert "missing key 'dealer'" in capsys.readouterr().out  # absent: still "missing"


def test_a_file_of_comments_only_says_it_is_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = write(tmp_path, "# nothing here yet\n\n# still nothing\n")
    for argv in (["replay", f], ["decide", f, "--seat", "A", "--bot", "rules"]):
        assert main(argv) == 2
        out = capsys.readouterr().out
        assert "NoneType" not in out and "the file is empty" in out


def test_decide_checks_expect_as_solve_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    right = write(tmp_path, BIDDING + "expect:\n  phase: bid\n  action: pass\n")
    assert main(["decide", right, "--seat", "B", "--bot", "rules"]) == 0
    capsys.readouterr()
    wrong = write(tmp_path, BIDDING + "expect:\n  action: 14\n")
    assert main(["decide", wrong, "--seat", "B", "--bot", "rules"]) == 1  # before: 0, ignored
    out = capsys.readouterr().out
    assert "FAIL" in out and "expect.action: expected 14" in out
    assert main(["decide", wrong, "--seat", "B", "--bot", "rules", "--json"]) == 1
    obj = json.loads(capsys.readouterr().out)
    assert obj["ok"] is False and obj["mismatches"][0]["key"] == "action"


def test_solve_and_decide_check_replay_fields_as_replay_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    f = str(ROOT / "examples" / "scenarios" / "hand-classic-51.yaml")
    assert main(["replay", f]) == 0
    assert main(["solve", f]) == 0  # before: 1, every replay field "no such result field"
    assert "FAIL" not in capsys.readouterr().out


def test_outline_suit_symbols_are_cards_in_a_lessons_text_too() -> None:
    assert mentioned("2♤ and 10♡, 5♢, J♧") == {"2S", "TH", "5D", "JC"}  # as the engine reads
    assert mentioned("2♠ and 10♥") == {"2S", "TH"}


@pytest.mark.parametrize(
    "argv",
    [
        ["drill", "--kind", "trick-winner", "--difficulty", "1"],
        ["review", "examples/scenarios/hand-pile.yaml", "--seat", "A", "--samples", "1"],
        ["advise", "examples/decide/bidding.yaml", "--seat", "B", "--samples", "1"],
        ["decide", "examples/decide/bidding.yaml", "--seat", "B", "--bot", "random"],
        ["simulate", "--hands", "1"],
    ],
)
def test_every_seed_has_one_range(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    big = str(2**40)  # before: drill, review and advise stopped at 2^31 - 1
    code = main([*argv, "--seed", big])
    assert code in (0, 1) and "expected" not in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--seed", str(MAX_SEED + 1)])
    assert exc.value.code == 2
    assert f"expected 0 to {MAX_SEED:,}" in capsys.readouterr().err


def test_a_seat_letter_in_any_case_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    f = str(ROOT / "examples" / "decide" / "bidding.yaml")
    assert main(["decide", f, "--seat", "b", "--bot", "rules"]) == 0  # before: refused
    assert capsys.readouterr().out.startswith("B (rules, bid):")
