"""The progress line: a fake terminal and a fake clock."""

from __future__ import annotations

import io

from tutorial.eta import ProgressLine, clock_text, estimate_left, is_tty


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_clock_text_and_estimate() -> None:
    assert clock_text(0) == "0:00"
    assert clock_text(59.7) == "0:59" and clock_text(59.2, up=True) == "1:00"
    assert clock_text(75) == "1:15"
    assert clock_text(3725) == "1:02:05"
    assert estimate_left(0, 10, 5.0) is None
    assert estimate_left(5, 20, 10.0) == 30.0  # 2 s a unit, 15 units left
    assert estimate_left(20, 20, 10.0) == 0.0


def test_on_a_terminal_the_line_is_redrawn_in_place_with_the_time_left_and_erased() -> None:
    tty, clock = FakeTTY(), FakeClock()
    line = ProgressLine(200, label="match", stream=tty, clock=clock, interval=1.0, warmup=1.0)
    assert line.enabled
    clock.now += 0.5
    line.advance()  # first update draws at once; too early for an estimate
    assert tty.getvalue() == "\rmatch  1/200 hands  0%  0:00 elapsed  estimating time left"
    clock.now += 0.2
    line.advance(9)  # within the interval: not redrawn
    assert tty.getvalue().count("\r") == 1
    clock.now = 120.0  # 20 s for 50 hands: 0.4 s a hand, 150 left → 60 s
    line.set(50)
    last = tty.getvalue().split("\r")[-1]
    # padded to blank the end of the longer line before it
    assert last.rstrip() == "match  50/200 hands  25%  0:20 elapsed  about 1:00 left"
    assert len(last) == len("match  1/200 hands  0%  0:00 elapsed  estimating time left")
    with line:
        pass  # closing erases the line: the terminal is left as it was
    out = tty.getvalue()
    assert out.endswith("\r" + " " * len(last.rstrip()) + "\r")
    assert "\n" not in out


def test_a_shorter_line_blanks_the_rest_of_the_longer_one() -> None:
    tty, clock = FakeTTY(), FakeClock()
    line = ProgressLine(10, label="x", stream=tty, clock=clock, interval=0.0, warmup=100.0)
    clock.now += 3700
    line.advance()
    long = tty.getvalue().split("\r")[-1]
    line.stream = tty = FakeTTY()
    line.label = ""
    line.advance()
    short = tty.getvalue().split("\r")[-1]
    assert len(short) == len(long) and short.endswith(" ")


def test_nothing_is_written_when_the_stream_is_not_a_terminal() -> None:
    out, clock = io.StringIO(), FakeClock()
    assert not is_tty(out)
    with ProgressLine(5, label="match", stream=out, clock=clock) as line:
        for _ in range(5):
            clock.now += 10
            line.advance()
    assert out.getvalue() == ""


def test_forced_on_a_file_it_writes_whole_lines_not_carriage_returns() -> None:
    out, clock = io.StringIO(), FakeClock()
    line = ProgressLine(100, label="sim", stream=out, clock=clock, enabled=True, interval=0.0)
    assert line.interval == 5.0  # a log is written less often than a terminal is redrawn
    for _ in range(100):
        clock.now += 1.0
        line.advance()
    line.close()
    lines = out.getvalue().splitlines()
    assert "\r" not in out.getvalue()
    assert lines[0].startswith("sim  1/100 hands  1%")
    assert 20 <= len(lines) <= 22  # every 5 s of 100 s, and a last one
    assert lines[-1] == "sim  100/100 hands  100%  1:40 elapsed  about 0:00 left"


def test_disabled_on_a_terminal_writes_nothing() -> None:
    tty = FakeTTY()
    with ProgressLine(5, label="m", stream=tty, enabled=False) as line:
        line.advance(5)
    assert tty.getvalue() == ""


def test_the_clock_is_read_only_every_check_every_units() -> None:
    tty = FakeTTY()
    reads: list[int] = []

    def clock() -> float:
        reads.append(1)
        return 0.0

    line = ProgressLine(10_000, label="m", stream=tty, clock=clock, check_every=100)
    start = len(reads)
    for _ in range(1000):
        line.advance()
    assert len(reads) - start == 10


def test_a_broken_stream_stops_the_line_not_the_run() -> None:
    class Broken(FakeTTY):
        def write(self, s: str) -> int:
            raise OSError("gone")

    line = ProgressLine(3, label="m", stream=Broken(), interval=0.0)
    line.advance()
    assert not line.enabled
    line.advance()
    line.close()
