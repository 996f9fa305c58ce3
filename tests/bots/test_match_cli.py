"""``cinch match``: the JSON contract, duplicate, determinism, argument errors (exit 2),
the progress line only on a terminal and only on standard error."""

from __future__ import annotations

import io
import json
import re
import sys
from typing import Any

import pytest

import tutorial.bots

# Modules that bind the bots' names at import (``from tutorial.bots import BOT_NAMES, decide``)
# are imported here, before the fixture patches stand-ins in: imported first under the patch,
# they would keep the stand-ins for the rest of the process (the golden ``review`` output of
# tests/scenario/test_commands.py failed when it ran after this file in one process).
import tutorial.cli.coach
from tests.bots import standin
from tutorial.cli import main
from tutorial.cli.match import parse_seating

SEATS = "A=uniform,B=first,C=uniform,D=first"


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def _standin(monkeypatch: pytest.MonkeyPatch) -> None:
    standin.install(monkeypatch)
    monkeypatch.setattr(tutorial.bots, "BOT_NAMES", standin.NAMES, raising=False)
    monkeypatch.setattr(tutorial.bots, "decide", standin.decide, raising=False)


def _match(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["match", *args])
    out, err = capsys.readouterr()
    return code, out, err


def _without_times(data: dict[str, Any]) -> dict[str, Any]:
    data = json.loads(json.dumps(data))
    data.pop("seconds")
    for b in data["by_bot"].values():
        for key in list(b):
            if key.startswith("decision_"):
                b[key] = 0
    return data


def test_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _match(capsys, "--bots", SEATS, "--hands", "8", "--seed", "3", "--json")
    assert code == 0 and err == ""  # not a terminal: no progress line
    data = json.loads(out)
    assert {"hands", "by_bot", "games"} <= set(data)
    assert data["hands"] == 8 and data["hands_played"] == 8 and data["duplicate"] is False
    assert data["bots"] == {"A": "uniform", "B": "first", "C": "uniform", "D": "first"}
    for b in data["by_bot"].values():
        assert {
            "score_per_hand",
            "points_per_hand",
            "bids_made",
            "bids_set",
            "decision_ms_mean",
            "decision_ms_p95",
        } <= set(b)
    made = sum(b["bids_made"] + b["bids_set"] for b in data["by_bot"].values())
    assert made == 8  # pagat-62: the dealer is forced to bid, every hand has a bidder
    assert {"played", "unfinished", "won", "won_by_team", "decided_by"} <= set(data["games"])


def test_duplicate_plays_twice_as_many_hands_and_is_deterministic(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--bots", SEATS, "--hands", "6", "--seed", "5", "--duplicate", "--json"]
    _, out1, _ = _match(capsys, *args)
    _, out2, _ = _match(capsys, *args, "--jobs", "2")
    a, b = json.loads(out1), json.loads(out2)
    assert a["hands"] == 6 and a["hands_played"] == 12 and a["duplicate"] is True
    assert _without_times(a) == {**_without_times(b), "jobs": 1}
    _, out3, _ = _match(capsys, "--bots", SEATS, "--hands", "6", "--seed", "6", "--json")
    assert _without_times(json.loads(out3))["by_bot"] != _without_times(a)["by_bot"]


def test_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _match(capsys, "--bots", SEATS, "--hands", "4", "--seed", "1", "--duplicate")
    assert code == 0
    assert "4 deals × 2 (duplicate) of pagat-62, seed 1" in out
    assert "uniform+uniform minus first+first:" in out and "95% interval" in out
    assert "games to 62:" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "A=uniform,B=first,C=uniform,D=nobody"], "unknown bot 'nobody' for seat D"),
        (["--bots", "A=uniform,B=first,A=uniform,D=first"], "seat A is given twice"),
        (["--bots", "A=uniform,B=first,C=uniform"], "no bot for seat D"),
        (["--bots", "A=uniform,B=first"], "no bot for seat C, D"),
        (["--bots", "E=uniform,B=first,C=uniform,D=first"], "unknown seat 'E'"),
        (["--bots", "A:uniform"], "expected SEAT=BOT"),
        (["--bots", ""], "expected SEAT=BOT"),
        (["--hands", "0"], "expected 1 to 100,000, not 0"),
        (["--hands", "100001"], "expected 1 to 100,000"),
        (["--hands", "ten"], "expected a whole number"),
        (["--seed", "-1"], "--seed"),
        (["--profile", "pagat-63"], "invalid choice: 'pagat-63'"),
        (["--jobs", "0"], "--jobs"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_error(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    base = {"--bots": SEATS, "--hands": "2", "--seed": "1"}
    for i in range(0, len(args), 2):
        base[args[i]] = args[i + 1]
    argv = [x for kv in base.items() for x in kv]
    with pytest.raises(SystemExit) as exc:
        main(["match", *argv])
    assert exc.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err


def test_missing_required_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--hands", "2", "--seed", "1"], ["--bots", SEATS, "--seed", "1"]):
        with pytest.raises(SystemExit) as exc:
            main(["match", *argv])
        assert exc.value.code == 2
    assert "required" in capsys.readouterr().err


def test_seat_letters_any_case_and_spaces() -> None:
    names = ("expert", "rules")
    assert parse_seating(" a = expert , B=rules,c=expert,d=rules", names) == (
        "expert",
        "rules",
        "expert",
        "rules",
    )


def test_progress_on_a_terminal_goes_to_stderr_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    tty = FakeTTY()
    monkeypatch.setattr(sys, "stderr", tty)
    code = main(["match", "--bots", SEATS, "--hands", "6", "--seed", "2", "--json"])
    out = capsys.readouterr().out
    assert code == 0 and json.loads(out)["hands"] == 6  # stdout is the JSON alone
    drawn = tty.getvalue()
    assert drawn.startswith("\rmatch  1/6 hands") and "elapsed" in drawn
    assert drawn.endswith("\r") and "\n" not in drawn  # erased at the end
    tty2 = FakeTTY()
    monkeypatch.setattr(sys, "stderr", tty2)
    main(["match", "--bots", SEATS, "--hands", "3", "--seed", "2", "--json", "--no-progress"])
    assert tty2.getvalue() == ""


def test_progress_forced_when_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _match(
        capsys, "--bots", SEATS, "--hands", "3", "--seed", "2", "--json", "--progress"
    )
    assert code == 0 and json.loads(out)["hands"] == 3
    assert err.splitlines()[-1].startswith("match  3/3 hands  100%")


def test_an_illegal_bot_action_exits_1_and_says_which_bot(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tutorial.bots, "decide", lambda bot, obs, seed: "7", raising=False)
    for jobs in ("1", "2"):  # raised in a worker process, it still reaches the command
        code, out, err = _match(
            capsys, "--bots", SEATS, "--hands", "2", "--seed", "1", "--jobs", jobs
        )
        assert code == 1 and out == ""
        # the first hand to fail: deal 0 (seat B bids first) or deal 1 (seat C)
        assert re.search(
            r"error: bot '(first' at seat B|uniform' at seat C) \(bid\) returned '7', which is "
            "not an action",
            err,
        ), err


def test_a_match_of_games(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--bots", SEATS, "--games", "2", "--duplicate", "--seed", "3", "--json"]
    code, out, err = _match(capsys, *args)
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["games_asked"] == 2 and data["games"]["played"] == 4
    assert data["games"]["unfinished"] == 0 and data["games"]["first_won_share"]["samples"] == 2
    assert data["hands"] <= data["hands_played"] <= 2 * data["hands"]  # a deal at most twice
    with pytest.raises(SystemExit) as exc:
        main(["match", "--bots", SEATS, "--games", "2", "--hands", "3", "--seed", "1"])
    assert exc.value.code == 2 and "not allowed with" in capsys.readouterr().err


def test_the_score_blind_bots_are_known_to_the_match() -> None:
    from tutorial.cli.match import bot_names

    assert {"rules-blind", "expert-blind"} <= set(bot_names())
