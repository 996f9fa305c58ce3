"""benchmarks/bench_thinking.py's baseline still measures something: its "unbounded" mode
replaces the solve the expert's card pricing calls (failed before: it patched a ``solve``
the expert module no longer has since the evaluator prices the cards, and the benchmark
died with a KeyError before its first figure)."""

from __future__ import annotations

from types import ModuleType

import tutorial.bots.evaluator.cards as pricing
from tests.support.scripts import load_script


def _bench() -> ModuleType:
    return load_script("benchmarks/bench_thinking.py")


def test_the_unbounded_baseline_replaces_the_pricing_solve_and_puts_it_back() -> None:
    bench = _bench()
    real = pricing.solve
    with bench.unbounded():
        assert pricing.solve is not real
        label, state = next(
            (lab, s) for lab, s in bench.positions("pagat-62", 1, 1, 1) if "trick 1" in lab
        )
        row = bench.measure(label, state, 1)
        assert row["nodes"] > 0 and row["stopped"] is None
    assert pricing.solve is real
