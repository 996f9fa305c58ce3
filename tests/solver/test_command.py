"""`cinch solve FILE... [--json]`: the contract of issue 14 (keys, values, exit codes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutorial.cli import main
from tutorial.solver.native import solver_kind

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "examples" / "solve"
PILE = ROOT / "examples" / "scenarios" / "hand-pile.yaml"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[dict[str, object]]]:
    code = main(["solve", *argv, "--json"])
    lines = capsys.readouterr().out.splitlines()
    return code, [json.loads(line) for line in lines]


def test_examples_solve_and_match_their_expectations(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(str(p) for p in EX.glob("*.yaml"))
    assert len(files) >= 2
    code, out = _run(capsys, *files)
    assert code == 0
    for obj in out:
        assert set(obj) == {"file", "ok", "result", "mismatches", "error"}
        assert obj["ok"] is True and obj["mismatches"] == [] and obj["error"] is None
        result = obj["result"]
        assert isinstance(result, dict)
        assert set(result) == {"to_play", "value", "actions", "best", "nodes", "ms", "solver"} | {
            "complete",
            "stopped",
        }
        assert result["complete"] is True and result["stopped"] is None
        assert result["solver"] == solver_kind()  # which search ran: "compiled" or "python"
        assert set(result["value"]) == {"AC", "BD"}
        for action in result["actions"]:
            assert set(action) == {"card", "beneath", "value", "exact", "range"}
            assert action["exact"] is True
            assert action["range"] == {k: [v, v] for k, v in action["value"].items()}
        assert result["value"] == result["actions"][0]["value"]


def test_the_pile_opening_values_every_card_with_its_best_cards_beneath(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, [obj] = _run(capsys, str(EX / "solve-pile-opening.yaml"))
    assert code == 0
    result = obj["result"]
    assert isinstance(result, dict)
    actions = {a["card"]: a for a in result["actions"]}
    assert sorted(actions) == sorted(["5D", "AH", "KH", "JH", "TH", "8H", "4H"])
    assert all(len(a["beneath"]) == 1 for a in actions.values())  # 7 trumps: one beneath
    assert actions["5D"]["value"] == {"AC": 11, "BD": 3}
    assert result["best"] == ["AH", "KH"]


def test_a_finished_hand_is_worth_its_points(capsys: pytest.CaptureFixture[str]) -> None:
    code, [obj] = _run(capsys, str(PILE))
    assert code == 0  # its expect's replay fields are checked against the replay (c3e04d2)
    result = obj["result"]
    assert isinstance(result, dict)
    assert result["to_play"] is None and result["actions"] == []
    assert result["value"] == {"AC": 11, "BD": 3}  # what cinch replay says it scored


def test_a_failed_expectation_exits_1_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (EX / "solve-after-two-tricks.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("value: {AC: 6, BD: 8}", "value: {AC: 7, BD: 7}"), "utf-8")
    code, [obj] = _run(capsys, str(bad))
    assert code == 1
    mismatches = obj["mismatches"]
    assert isinstance(mismatches, list)
    assert [(m["key"], m["expected"], m["actual"]) for m in mismatches] == [
        ("value.AC", 7, 6),
        ("value.BD", 7, 8),
    ]
    assert all(isinstance(m["line"], int) for m in mismatches)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("kind: trick\ntrump: H\nleader: A\ncards: [AH, 2H, 3H, 4H]\n", "hand"),
        ("kind: hand\ndealer: Q\n", "dealer"),
        ("kind: [\n", "not valid yaml"),
    ],
)
def test_invalid_input_exits_2_with_a_located_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, words: str
) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(text, "utf-8")
    code, [obj] = _run(capsys, str(path))
    assert code == 2
    error = obj["error"]
    assert isinstance(error, dict) and words in str(error["text"]).lower()


def test_text_output_names_the_best_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(EX / "solve-after-two-tricks.yaml")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ok ") and "best AH TH 8H" in out


def test_a_hand_stopped_in_the_middle_of_a_trick_is_solved_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Trick 2 of the pile hand stopped after A's 7♥ and B's J♥: C is to play and may only
    play 2♥ (it was solved as if the trick had not started, A to lead)."""
    text = PILE.read_text(encoding="utf-8")
    head = text[: text.index("plays:")]
    mid = tmp_path / "mid.yaml"
    mid.write_text(head + "plays: [[[5D, KH], 9H, 6H, QH], [7H, JH]]\n", encoding="utf-8")
    code, [obj] = _run(capsys, str(mid))
    assert code == 0, obj
    result = obj["result"]
    assert isinstance(result, dict)
    assert result["to_play"] == "C"
    assert [a["card"] for a in result["actions"]] == ["2H"]  # type: ignore[index, union-attr]
    # the value is the same as solving the whole trick's line one card later
    later = tmp_path / "later.yaml"
    later.write_text(head + "plays: [[[5D, KH], 9H, 6H, QH], [7H, JH, 2H]]\n", encoding="utf-8")
    _, [after] = _run(capsys, str(later))
    assert after["result"]["to_play"] == "D"  # type: ignore[index]
    assert after["result"]["value"] == result["value"]  # type: ignore[index]


@pytest.mark.parametrize("name", ["bidding.yaml", "naming-trump.yaml"])
def test_a_hand_stopped_before_trump_is_a_located_error_not_an_internal_one(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    code, [obj] = _run(capsys, str(ROOT / "examples" / "decide" / name))
    assert code == 2
    error = obj["error"]
    assert isinstance(error, dict)
    assert error.get("reason") != "internal_error", error
    assert error["line"] and "before trump is named" in str(error["text"]), error
