"""What a simulated hand is worth to a side (``tutorial.bots.simbid``; the simulations
themselves are the evaluator's, tests/bots/evaluator)."""

from __future__ import annotations

import tutorial.bots.simbid as simbid


def test_a_set_bid_counts_its_loss() -> None:
    assert simbid.utility(0, 0, 9, (8, 6)) == -9 - 6
    assert simbid.utility(1, 0, 9, (8, 6)) == 6 + 9
    assert simbid.utility(0, 0, 9, (10, 4)) == 10 - 4
