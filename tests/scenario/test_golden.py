"""Typed results print what the untyped dicts printed: ``cinch replay --json`` (and the plain
report, and every moment's frame) byte for byte equal to what main printed before the
results became typed (``golden/replay.json``, captured from that code for every scenario in
lessons/scenarios and examples/). A scenario file added later is checked for the typed
values' own consistency (``to_json`` of the report is the ``result``) but has no golden.
A scenario rewritten on purpose (a lesson's) is captured again with
``scripts/golden_replay.py FILE``."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tutorial.cli.report import run_file
from tutorial.scenario.files import summary
from tutorial.scenario.results import HandReport

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = json.loads((Path(__file__).parent / "golden" / "replay.json").read_text("utf-8"))
FILES = sorted(GOLDEN)


def test_the_golden_covers_every_scenario_file_of_that_time() -> None:
    assert len(FILES) >= 24
    assert all((ROOT / f).is_file() for f in FILES)


@pytest.mark.parametrize("name", FILES)
def test_replay_json_and_frames_are_unchanged(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    report = run_file(Path(name), name)
    assert json.dumps(report.as_json(), ensure_ascii=False) == GOLDEN[name]["json"]
    assert report.replay is not None
    frames = report.replay.frames
    assert json.dumps(frames, ensure_ascii=False) == json.dumps(
        GOLDEN[name]["frames"], ensure_ascii=False
    )
    if report.ok:  # the plain report line is unchanged too (solve examples have expectations
        # for ``cinch solve``, so ``cinch replay`` reports them as mismatches: compared above)
        assert f"ok     {name}: {summary(report.replay)}\n" == GOLDEN[name]["text"]


def test_the_command_prints_the_golden_bytes() -> None:
    names = FILES[:6]
    out = subprocess.run(
        [sys.executable, "-m", "tutorial.cli", "replay", "--json", *names],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.stdout.splitlines() == [GOLDEN[n]["json"] for n in names]


@pytest.mark.parametrize("name", FILES)
def test_typed_report_and_moments_agree_with_their_json(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    rep = run_file(Path(name), name).replay
    assert rep is not None
    assert rep.report.to_json() == rep.result
    assert [m.id for m in rep.timeline] == [f["id"] for f in rep.frames]
    if isinstance(rep.report, HandReport) and rep.report.finished and not rep.report.thrown_in:
        r = rep.report
        assert r.outcome is not None and r.bidder is not None
        assert sum(tr.points for tr in r.tricks) <= sum(r.outcome.points.pair)
        assert rep.at("score").outcome == r.outcome
