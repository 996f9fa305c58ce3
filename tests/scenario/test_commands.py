"""``cinch solve``, ``review``, ``advise`` and ``decide`` print what they printed before their
shared file handling was folded into :func:`tutorial.cli.report.run_job`: the output and
exit code of each on every example file and on bad files (``commands/``), byte for byte
equal to ``golden/commands.json``, captured from the code before the fold.

What the solver's and the bots' own work may change is left out: the solver's node count
and every time (``ms``) are masked, and so is which search ran (``solver``: compiled or
python), ``decide`` runs the ``random`` bot only, and ``review``
and ``advise`` are pinned where they do not price (errors and exit codes: their figures are
the coach's tests' business). Rewrite the golden with ``python tests/scenario/test_commands.py``
only for a change of output that is meant."""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
from pathlib import Path

import pytest

from tutorial.cli import main

ROOT = Path(__file__).resolve().parents[2]
GOLDEN_FILE = Path(__file__).parent / "golden" / "commands.json"


def _files() -> list[str]:
    examples = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "examples").rglob("*.yaml"))
    bad = sorted(str(p.relative_to(ROOT)) for p in (Path(__file__).parent / "commands").iterdir())
    return [*examples, *bad, "tests/scenario/commands/no-such-file.yaml"]


def _cases() -> list[list[str]]:
    cases = []
    for f in _files():
        for j in ([], ["--json"]):
            cases.append(["solve", f, *j])
            for seat in "ABCD":
                cases.append(["decide", f, "--seat", seat, "--bot", "random", "--seed", "3", *j])
            cases.append(["review", f, "--seat", "A", "--samples", "1", *j])
            cases.append(["advise", f, "--seat", "A", "--samples", "1", *j])
    cases.append(["solve", *_files()[:6]])
    return cases


def _run(argv: list[str]) -> dict[str, object]:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(argv)
    out = re.sub(r'"(ms|nodes)": [0-9.e+-]+', r'"\1": X', buf.getvalue())
    out = re.sub(r'"solver": "[a-z]+"', '"solver": X', out)
    out = re.sub(r"\(\d+ nodes\)", "(X nodes)", out)
    return {"argv": argv, "code": code, "out": out}


def _pinned(case: dict[str, object]) -> bool:
    """Review and advise are pinned where they print no price: an error, or an expectation
    failed in text (its JSON carries the priced result)."""
    argv = case["argv"]
    assert isinstance(argv, list)
    if argv[0] not in ("review", "advise"):
        return True
    return case["code"] == 2 or (case["code"] == 1 and "--json" not in argv)


@pytest.fixture(scope="module")
def golden() -> dict[str, dict[str, object]]:
    cases = json.loads(GOLDEN_FILE.read_text("utf-8"))
    return {" ".join(c["argv"]): c for c in cases}


def test_the_golden_covers_the_cases(golden: dict[str, dict[str, object]]) -> None:
    assert len(golden) >= 250
    codes = {c["code"] for c in golden.values()}
    assert codes == {0, 1, 2}


def test_each_command_prints_the_golden_bytes(
    golden: dict[str, dict[str, object]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    checked = 0
    for key, want in golden.items():
        if not _pinned(want):
            continue
        argv = want["argv"]
        assert isinstance(argv, list)
        got = _run(argv)
        assert got == want, key
        checked += 1
    assert checked >= 250


if __name__ == "__main__":  # write the golden (from the code on sys.path)
    import os

    os.chdir(ROOT)
    results = [_run(c) for c in _cases()]
    GOLDEN_FILE.write_text(json.dumps([r for r in results if _pinned(r)], indent=1) + "\n")
    print(f"{len(results)} cases, {sum(map(_pinned, results))} pinned", file=sys.stderr)
