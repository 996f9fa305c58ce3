"""The argument types the commands share: a whole number in a range, a seat letter."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tutorial.engine.seats import SEAT_LETTERS

MAX_SEED = 2**63 - 1
"""The largest seed every command takes (``--seed``: 0 to 2^63 - 1, one range for all)."""


def count(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""

    def read(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected a whole number, not {text[:40]!r}"
            ) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected {low:,} to {high:,}, not {value:,}")
        return value

    read.__name__ = "number"  # argparse names the type in its messages
    return read


def seat(text: str) -> int:
    """An argparse type: a seat letter (any case) as its index."""
    key = text.strip().upper()
    if len(key) != 1 or key not in SEAT_LETTERS:
        raise argparse.ArgumentTypeError(f"expected a seat A, B, C or D, not {text[:20]!r}")
    return SEAT_LETTERS.index(key)
