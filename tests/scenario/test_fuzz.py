"""Property-based fuzzing of the scenario loader (issue 9): arbitrary bytes and mutated
valid files always end with exit 0, 1 or 2 within a time bound, with a located message and
never a traceback or an internal error. The time bound catches a hang or a bomb (minutes);
it is not a speed test."""

import json
import os
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutorial.cli import main
from tutorial.cli.report import run_file

ROOT = Path(__file__).resolve().parents[2]
VALID = [
    p.read_bytes()
    for p in sorted((ROOT / "examples" / "scenarios").glob("*.yaml"))
    + sorted((ROOT / "lessons" / "scenarios").glob("*.yaml"))
]
SNIPPETS = [
    b"&a [1, 2]",
    b"*a",
    b"&b [*a, *a, *a, *a, *a, *a, *a, *a, *a]",
    b"[" * 200,
    b"{" * 60,
    b"9" * 5000,
    b"!!binary aGVsbG8=",
    b"!!set {a, b}",
    b"!!python/object/apply:os.system [ls]",
    b"2026-02-30",
    b"\x00",
    b"\xff\xfe",
    b"\t",
    b"---",
    b"? [1, 2]",
    b"<<: *a",
    b'"\\ud800"',
    b"null",
    b"~",
    b"true",
    b"[pagat-62]",
    b"{a: 1}",
    b"kind: trick",
    b"in_progress: true",
    b"profile: classic-51",
    b"- ",
    b": ",
    b"'",
    b'"',
    b"#",
    b"%YAML 1.1",
    b"!",
    b"!!",
]
BOUND = 20.0
EXAMPLES = int(os.environ.get("CINCH_FUZZ_EXAMPLES", "300"))
"""Examples per property; a longer campaign: ``CINCH_FUZZ_EXAMPLES=5000 pytest -s ...``."""
tried: dict[str, int] = {}


def teardown_module() -> None:
    print(f"\nscenario fuzz: {tried}")  # shown with -s: inputs tried, by outcome


def check(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz.yaml"
    path.write_bytes(data)
    started = time.perf_counter()
    report = run_file(path)
    seconds = time.perf_counter() - started
    assert seconds < BOUND, f"took {seconds:.1f} s"
    assert report.status in (0, 1, 2)
    tried[f"exit {report.status}"] = tried.get(f"exit {report.status}", 0) + 1
    if report.error is not None:
        assert report.error.get("reason") != "internal_error", report.error
        assert report.error["file"] == str(path) and report.error["message"]
        assert report.error["line"] is None or report.error["line"] >= 1
    json.dumps(report.as_json())  # --json can always print it


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(VALID)))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["flip", "insert", "delete", "snippet", "dup-line", "cut"]))
        at = draw(st.integers(0, len(data)))
        if op == "flip" and data:
            i = min(at, len(data) - 1)
            data[i] = draw(st.integers(0, 255))
        elif op == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif op == "delete":
            del data[at : at + draw(st.integers(1, 30))]
        elif op == "snippet":
            data[at:at] = draw(st.sampled_from(SNIPPETS))
        elif op == "dup-line":
            lines = bytes(data).splitlines(keepends=True)
            if lines:
                i = draw(st.integers(0, len(lines) - 1))
                lines.insert(i, lines[i])
                data = bytearray(b"".join(lines))
        else:
            data = data[:at]
    return bytes(data)


FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
)


@FUZZ
@given(data=st.binary(max_size=2000))
def test_arbitrary_bytes_never_break_the_contract(tmp_path: Path, data: bytes) -> None:
    tried["bytes"] = tried.get("bytes", 0) + 1
    check(tmp_path, data)


@FUZZ
@given(data=mutated())
def test_mutated_valid_files_never_break_the_contract(tmp_path: Path, data: bytes) -> None:
    tried["mutated"] = tried.get("mutated", 0) + 1
    check(tmp_path, data)


@settings(max_examples=40, deadline=None, database=None)
@given(files=st.lists(mutated(), min_size=2, max_size=4))
def test_a_multi_file_run_reports_every_file(files: list[bytes]) -> None:
    import contextlib
    import io
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        names = []
        for i, data in enumerate(files):
            p = Path(tmp) / f"f{i}.yaml"
            p.write_bytes(data)
            names.append(str(p))
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = main(["replay", "--json", *names])
    assert code in (0, 1, 2)
    objects = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [o["file"] for o in objects] == names
    assert code == max(2 if o["error"] else (1 if o["mismatches"] else 0) for o in objects)
