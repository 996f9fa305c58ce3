"""Hostile and broken scenario files (issue 9): each ends with exit 2 and one
``file:line: key: message`` line naming the rule; never a traceback, never a hang; every
file of a multi-file run is reported, even after a hostile one."""

import json
import os
import re
import time
from pathlib import Path

import pytest

from tutorial.cli import main
from tutorial.cli.report import run_file
from tutorial.yamldoc import MAX_BYTES, MAX_DEPTH

TRICK = "kind: trick\ntrump: H\nleader: A\ncards: [KC, 5D, 6H, 5H]\n"
LINE = re.compile(r"^error  (?P<file>[^:]+):(?P<line>\d+): (?P<key>\S+): (?P<message>.+)$")
BOMB = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True)
)

HOSTILE: dict[str, tuple[bytes, str]] = {
    # name: (file content, a word the message must contain)
    "billion-laughs": (BOMB.encode(), "alias"),
    "bomb-in-value": (
        (TRICK + "expect:\n  " + BOMB.replace("\n", "\n  ").rstrip() + "\n").encode(),
        "alias",
    ),
    "deep-nesting": ((TRICK + "expect: " + "[" * 1000 + "]" * 1000 + "\n").encode(), "nest"),
    "deep-within-parser": ((TRICK + "expect: " + "[" * 60 + "]" * 60 + "\n").encode(), "nested"),
    "huge-int": ((TRICK + "expect: {winner: " + "9" * 5000 + "}\n").encode(), "number"),
    "profile-list": ((b"kind: score\nprofile: [pagat-62]\n"), "profile"),
    "profile-mapping": ((b"kind: score\nprofile: {a: 1}\n"), "profile"),
    "duplicate-key": ((TRICK + "trump: S\n").encode(), "duplicate key"),
    "missing-trump": (b"kind: trick\nleader: A\ncards: [KC, 5D, 6H, 5H]\n", "missing key 'trump'"),
    "circular-alias": ((TRICK + "expect: &x {winner: [*x]}\n").encode(), "circular"),
    "unknown-alias": ((TRICK + "expect: {winner: *nope}\n").encode(), "alias"),
    "bad-date": ((TRICK + "expect: {winner: 2026-02-30}\n").encode(), "2026-02-30"),
    "python-tag": ((TRICK + "title: !!python/object/apply:os.system [ls]\n").encode(), "tag"),
    "two-documents": ((TRICK + "---\n" + TRICK).encode(), "document"),
    "empty": (b"", "empty"),
    "only-spaces": (b"  \n\n", "empty"),
    "nul-byte": ((TRICK + "title: a\0b\n").encode(), "NUL"),
    "utf-16": (TRICK.encode("utf-16"), "UTF-16"),
    "latin-1": ((TRICK + "title: caf\xe9\n").encode("latin-1"), "UTF-8"),
    "control-char": ((TRICK + "title: a\x07b\n").encode(), "YAML"),
    "not-a-mapping": (b"- 1\n- 2\n", "mapping"),
    "scalar-doc": (b"hello\n", "mapping"),
    "three-card-trick": (b"kind: trick\ntrump: H\nleader: A\ncards: [KC, 5D, 6H]\n", "in_progress"),
    "long-scalar": ((TRICK + "title: " + "x" * 30_000 + "\n").encode(), "characters"),
    "lone-surrogate": ((TRICK + 'title: "\\ud800"\n').encode(), ""),
    "unhashable-key": ((TRICK + "expect:\n  ? [1, 2]\n  : 3\n").encode(), "YAML"),
    # an explicit tag on a value its constructor cannot read: each constructor raises its own
    # type (KeyError, AttributeError, binascii.Error, ValueError), located at its line
    "tagged-bool": ((TRICK + "expect: {winner: !!bool maybe}\n").encode(), "maybe"),
    "tagged-date": ((TRICK + "expect: {winner: !!timestamp soon}\n").encode(), "soon"),
    "tagged-binary": ((TRICK + "expect: {winner: !!binary 'a'}\n").encode(), "cannot read 'a'"),
    "tagged-int": ((TRICK + "expect: {winner: !!int twelve}\n").encode(), "twelve"),
    "tagged-float": ((TRICK + "expect: {winner: !!float x1}\n").encode(), "x1"),
}


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    p = tmp_path / f"{name}.yaml"
    p.write_bytes(data)
    return p


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, float]:
    start = time.perf_counter()
    code = main(args)
    return code, capsys.readouterr().out, time.perf_counter() - start


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_file_exits_2_with_a_located_message(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    data, word = HOSTILE[name]
    path = _write(tmp_path, name, data)
    code, out, seconds = _run(["replay", str(path)], capsys)
    assert code == 2, out
    lines = out.strip().splitlines()
    assert len(lines) == 1, out
    m = LINE.match(lines[0])
    assert m is not None, lines[0]
    assert m["file"] == str(path) and int(m["line"]) >= 1
    assert word.lower() in m["message"].lower(), lines[0]
    assert seconds < 10  # a hang or a bomb takes minutes; this is not a speed test


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_file_json_is_one_valid_object(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, name, HOSTILE[name][0])
    code, out, _ = _run(["replay", "--json", str(path)], capsys)
    assert code == 2
    obj = json.loads(out)
    assert obj["ok"] is False and obj["error"]["line"] >= 1 and obj["error"]["key"]


def test_every_file_is_reported_even_after_hostile_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _write(tmp_path, "good", TRICK.encode())
    files = [str(_write(tmp_path, n, d)) for n, (d, _) in HOSTILE.items()]
    code, out, _ = _run(["replay", *files, str(good)], capsys)
    assert code == 2
    lines = out.strip().splitlines()
    assert len(lines) == len(files) + 1
    assert lines[-1].startswith(f"ok     {good}")


def test_a_fifo_is_refused_without_waiting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    good = _write(tmp_path, "good", TRICK.encode())
    code, out, seconds = _run(["replay", str(fifo), str(good)], capsys)
    assert code == 2 and seconds < 10
    assert f"error  {fifo}: (top): not a regular file" in out
    assert f"ok     {good}" in out


def test_a_folder_and_a_device_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(["replay", str(tmp_path), "/dev/zero"], capsys)
    assert code == 2
    assert "this is a folder" in out and "not a regular file" in out


def test_a_file_over_the_size_limit_is_refused_before_parsing(tmp_path: Path) -> None:
    path = _write(tmp_path, "big", TRICK.encode() + b"#" * MAX_BYTES)
    r = run_file(path)
    assert r.status == 2 and r.error is not None and "bytes" in r.error["message"]


def test_nesting_at_the_limit_is_fine_and_one_deeper_is_refused(tmp_path: Path) -> None:
    inner = MAX_DEPTH - 1  # the top mapping is the first level
    ok = _write(tmp_path, "ok", (TRICK + "title: " + "[" * inner + "]" * inner + "\n").encode())
    assert run_file(ok).error is None
    deep = inner + 1
    bad = _write(tmp_path, "bad", (TRICK + "title: " + "[" * deep + "]" * deep + "\n").encode())
    r = run_file(bad)
    assert r.error is not None and r.error["key"].startswith("title[0]")
    assert "nested more than" in r.error["message"] and r.error["line"] == 5


@pytest.mark.parametrize(
    ("expect", "key"),
    [
        ("{'a[x]': 1}", 'expect["a[x]"]'),
        ("{true: 1}", 'expect["True"]'),
        ("{winner: {'[0]': 2}}", "expect.winner"),
        ("{1: 2}", "expect[1]"),
    ],
)
def test_odd_expect_keys_are_mismatches_not_crashes(
    tmp_path: Path, expect: str, key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, "odd", (TRICK + f"expect: {expect}\n").encode())
    r = run_file(path)
    assert r.status == 1 and r.mismatches and r.mismatches[0].line == 5
    assert r.mismatches[0].mismatch.key == key.removeprefix("expect").removeprefix(".")
    code, out, _ = _run(["replay", "--json", str(path)], capsys)
    assert code == 1 and json.loads(out)["mismatches"]


@pytest.mark.parametrize(
    "value",
    [
        "2026-01-01",
        "!!binary aGVsbG8=",
        "!!set {a, b}",
        "2026-01-01 10:00:00",
        ".nan",
        "[1, {2: 3}]",
    ],
)
def test_json_output_holds_any_expect_value(
    tmp_path: Path, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, "v", (TRICK + f"expect:\n  winner: {value}\n").encode())
    code, out, _ = _run(["replay", "--json", str(path)], capsys)
    assert code == 1
    obj = json.loads(out)
    assert obj["mismatches"][0]["key"] == "winner" and obj["mismatches"][0]["line"] == 6


def test_an_internal_error_is_exit_2_and_the_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import tutorial.cli.report as files

    real = files.replay_data

    def crash_on_bad(data: object, where: object) -> object:
        if isinstance(data, dict) and data.get("title") == "crash":
            raise ZeroDivisionError("boom")
        return real(data, where)  # type: ignore[arg-type]

    monkeypatch.setattr(files, "replay_data", crash_on_bad)
    bad = _write(tmp_path, "bad", (TRICK + "title: crash\n").encode())
    good = _write(tmp_path, "good", TRICK.encode())
    code, out, _ = _run(["replay", str(bad), str(good)], capsys)
    assert code == 2
    assert f"error  {bad}: (top): internal error (ZeroDivisionError: boom)" in out
    assert f"ok     {good}" in out


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--hands", "-5", "--seed", "1"],
        ["simulate", "--hands", "0", "--seed", "1"],
        ["simulate", "--hands", "ten", "--seed", "1"],
        ["simulate", "--hands", "9" * 5000, "--seed", "1"],
        ["simulate", "--hands", "100000000", "--seed", "1"],
        ["simulate", "--hands", "5", "--seed", "-1"],
        ["simulate", "--hands", "5", "--seed", "1.5"],
        ["drill", "--kind", "trick-winner", "--seed", "-3"],
        ["drill", "--kind", "trick-winner", "--seed", str(2**63)],  # one range for all (issue 26)
    ],
)
def test_every_command_argument_is_validated(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "error: argument --" in err and "Traceback" not in err


@pytest.mark.parametrize("name", list(HOSTILE))
def test_without_the_c_parser_the_same_limits_hold(
    tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import yaml

    import tutorial.yamldoc as yamldoc

    monkeypatch.setattr(yamldoc, "_LOADER", yaml.SafeLoader)  # PyYAML built without libyaml
    started = time.perf_counter()
    r = run_file(_write(tmp_path, name, HOSTILE[name][0]))
    assert time.perf_counter() - started < 10
    assert r.status == 2 and r.error is not None and r.error["line"] >= 1, r.error
    assert r.error.get("reason") != "internal_error"


def test_a_reader_that_goes_away_is_no_traceback(tmp_path: Path) -> None:
    import subprocess
    import sys

    files = [str(_write(tmp_path, f"f{i}", TRICK.encode())) for i in range(300)]
    code = "import sys; from tutorial.cli import main; sys.exit(main(sys.argv[1:]))"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "replay", "--json", *files],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(100)
    proc.stdout.close()  # like `| head -c 100`
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in err and proc.returncode in (0, 2)


def test_a_quoted_expect_key_prints_without_a_stray_dot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, "q", (TRICK + "expect: {'a[x]': 1}\n").encode())
    assert main(["replay", str(path)]) == 1
    assert f'FAIL   {path}:5: expect["a[x]"]: expected 1' in capsys.readouterr().out
