"""`cinch solve --max-nodes N --max-ms MS` (issue 26, "bounded thinking"): a solve stopped
early says so in text and JSON (keys added, none dropped), with every card's proven range;
the same node limit gives the same answer every run; bad limits exit 2 with a clear error.
Node counts only: no speed is asserted."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tutorial.cli import main

NO_DRAW = Path(__file__).resolve().parent / "files" / "no-draw-opening.yaml"
"""A no-draw opening that costs about half a million nodes to solve whole (B to play)."""
EXACT_BD = {"KC": 12, "AH": 12, "AD": 12, "KD": 12, "8C": 8, "QS": 8, "TS": 8, "2S": 8, "8H": 8}
"""BD's points after each card of B under best play (``cinch solve`` without a limit)."""
SLACK = 64


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    code = main(["solve", str(NO_DRAW), "--json", *argv])
    assert code == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["ok"] is True and obj["error"] is None
    result = obj["result"]
    assert isinstance(result, dict)
    return result


def test_a_node_limit_stops_the_solve_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    r = _json(capsys, "--max-nodes", "20000")
    assert r["complete"] is False and r["stopped"] == "nodes"
    assert isinstance(r["nodes"], int) and 20_000 <= r["nodes"] <= 20_000 + SLACK
    assert {"to_play", "value", "actions", "best", "nodes", "ms", "solver"} <= set(r)
    actions = r["actions"]
    assert isinstance(actions, list) and {a["card"] for a in actions} == set(EXACT_BD)
    for a in actions:
        assert {"card", "beneath", "value", "exact", "range"} <= set(a)
        low, high = a["range"]["BD"]
        assert low <= EXACT_BD[a["card"]] <= high, a  # the ranges are proven
        assert a["range"]["AC"] == [13 - high, 13 - low]
        assert a["exact"] == (low == high)
    assert not all(a["exact"] for a in actions)
    assert r["value"] == actions[0]["value"] and r["best"][0] == actions[0]["card"]


def test_the_same_node_limit_gives_the_same_answer_every_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    runs = [_json(capsys, "--max-nodes", "30000") for _ in range(2)]
    for r in runs:
        r.pop("ms")
    assert runs[0] == runs[1]


def test_text_output_says_the_solve_stopped_early(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(NO_DRAW), "--max-nodes", "20000"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"ok     {NO_DRAW}: stopped early at the node limit (")
    assert re.search(r"B to play, best so far \w\w", out)
    assert re.search(r"\d+\.\.\d+-\d+\.\.\d+", out)  # a card's range, AC then BD
    assert re.search(r"\(\d of 9 exact\)$", out.strip())


def test_a_time_limit_already_spent_stops_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    r = _json(capsys, "--max-ms", "0")
    assert r["complete"] is False and r["stopped"] == "time"
    assert main(["solve", str(NO_DRAW), "--max-ms", "0"]) == 0
    assert "stopped early at the time limit" in capsys.readouterr().out


def test_a_limit_not_reached_changes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    small = Path(__file__).resolve().parents[2] / "examples" / "solve" / "solve-pile-opening.yaml"
    main(["solve", str(small), "--json"])
    plain = json.loads(capsys.readouterr().out)
    main(["solve", str(small), "--json", "--max-nodes", "100000000", "--max-ms", "600000"])
    limited = json.loads(capsys.readouterr().out)
    for obj in (plain, limited):
        obj["result"].pop("ms")
    assert plain == limited and plain["result"]["complete"] is True


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--max-nodes", "-1"], "node limit must be 0 or more"),
        (["--max-nodes", "lots"], "not a whole number of nodes"),
        (["--max-nodes", "1.5"], "not a whole number of nodes"),
        (["--max-ms", "-3"], "time limit must be 0 ms or more"),
        (["--max-ms", "nan"], "time limit must be 0 ms or more"),
        (["--max-ms", "inf"], "time limit must be 0 ms or more"),
        (["--max-ms", "soon"], "not a number of milliseconds"),
    ],
)
def test_a_bad_limit_exits_2_with_a_clear_error(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["solve", str(NO_DRAW), *argv])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
