"""Benchmark: reading a large scenario or lesson file, and refusing hostile ones.

Compares, in the same run, ``YamlDoc.parse`` (one pass with the C parser, limits checked)
with the baseline the project used before: ``yaml.safe_load`` plus ``yaml.compose`` with the
pure-Python safe loader (two passes). Also times the refusal of a "billion laughs" file and
of 1,000-level nesting (the old loader took 50 s and 2 GB, or raised RecursionError).

Run: ``.venv/bin/python benchmarks/bench_yaml.py [--kb 800] [--repeat 3]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

import yaml

from tutorial.yamldoc import SourceError, YamlDoc

ROOT = Path(__file__).resolve().parent.parent


def big_text(kb: int) -> str:
    """A valid YAML file of about ``kb`` KB made of the real lessons' texts."""
    lesson = (ROOT / "lessons" / "05-play-and-surplus.yaml").read_text(encoding="utf-8")
    parts, size, i = [], 0, 0
    while size < kb * 1000:
        block = f"copy{i}:\n" + "".join(f"  {line}\n" for line in lesson.splitlines())
        parts.append(block)
        size += len(block.encode())
        i += 1
    return "".join(parts)


def old_way(text: str) -> None:
    yaml.safe_load(text)
    yaml.compose(text, Loader=yaml.SafeLoader)


def new_way(text: str) -> None:
    YamlDoc.parse(text, "bench")


def best(fn: Callable[[str], None], text: str, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        with suppress(SourceError):
            fn(text)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--kb", type=int, default=800)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    text = big_text(a.kb)
    old = best(old_way, text, a.repeat)
    new = best(new_way, text, a.repeat)
    print(f"valid file of {len(text.encode()) / 1e6:.2f} MB (median of {a.repeat}):")
    print(f"  before: safe_load + compose, pure Python   {old:8.3f} s")
    print(f"  now:    YamlDoc.parse, C parser, limits    {new:8.3f} s   ({new / old:.3f} × before)")
    bomb = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
        f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n"
        for p, c in zip("abcdefgh", "bcdefghi", strict=True)
    )
    deep = "a: " + "[" * 1000 + "]" * 1000 + "\n"
    for name, hostile in (("billion laughs (4 KB)", bomb), ("1,000-level nesting", deep)):
        print(f"  refused: {name:28} {best(new_way, hostile, a.repeat) * 1000:8.2f} ms")


if __name__ == "__main__":
    main()
