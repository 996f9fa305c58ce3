"""Agreement campaign: the solver against the session-2 solver (``tests/solver/legacy.py``)
on whole openings after the refill, every legal card valued, both profiles.

Run: ``.venv/bin/python benchmarks/agree_openings.py [--deals N] [--seed S]``; prints the
number of openings and cards compared and every disagreement (exit 1 if any). The solver
compared is the one the project loads (``tutorial.solver.native``: compiled when built, else
pure Python; ``CINCH_SOLVER=python`` for the pure one); the first line says which.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.solver.legacy import legacy_values
from tutorial.engine.profiles import get_profile
from tutorial.solver.analyse import solve
from tutorial.solver.deals import random_hand_in_play
from tutorial.solver.native import solver_kind, why_python
from tutorial.solver.position import Position


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=14)
    args = ap.parse_args()
    bad = 0
    print(f"solver: {solver_kind()} {why_python()}".rstrip(), flush=True)
    for name in ("pagat-62", "classic-51"):
        rng = random.Random(f"{args.seed}-{name}")
        cards = 0
        for i in range(args.deals):
            hand, _ = random_hand_in_play(get_profile(name), rng)
            pos = Position.from_hand(hand)
            new = {a.card: a.value for a in solve(pos).actions}
            old = legacy_values(pos)
            cards += len(new)
            if new != old:
                bad += 1
                print(f"{name} deal {i}: {new} != {old}\n{pos.describe()}", flush=True)
        print(f"{name}: {args.deals} openings, {cards} cards compared", flush=True)
    print(f"disagreements: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
