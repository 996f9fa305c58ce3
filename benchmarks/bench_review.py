"""Benchmark: the coach's review of a whole hand, and the bid advisor, on one core.

Hands are random deals played by random legal actions (seat A always takes the contract,
so it has a call, a choice of trump and six cards to price). For each hand: the review of
seat A's cards only (``calls=False``), and the full review (calls and trump by the bid
advisor too), at the default 24 worlds a card; and one ``advise`` call at its default
(4 worlds). The baseline, measured in the same run, is the double-dummy solve of the same
hands' opening positions with every card valued: figures are also given as a multiple of
it, since the machine's speed drifts.

Run: ``.venv/bin/python benchmarks/bench_review.py [--hands N] [--samples K]``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time

from tutorial.coach import advise, review
from tutorial.engine.hand import Hand
from tutorial.engine.profiles import get_profile
from tutorial.engine.state import Phase, State
from tutorial.solver.analyse import solve
from tutorial.solver.position import Position


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def _hand(profile_name: str, seed: int) -> tuple[State, State, State]:
    """(the bidding with A to call, the opening position, the finished hand)."""
    rng = random.Random(seed)
    s = State.random_deal(get_profile(profile_name), 3, rng)
    bidding = s.copy()
    opening = None
    while s.phase is not Phase.DONE:
        if s.is_chance():
            s.apply(s.chance_outcome(rng))
            continue
        if s.phase is Phase.PLAY and opening is None:
            opening = s.copy()
        acts = s.legal_actions()
        s.apply(acts[-1] if s.phase is Phase.BID and s.to_act == 0 else rng.choice(acts))
    assert opening is not None
    return bidding, opening, s


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=8)
    ap.add_argument("--samples", type=int, default=24)
    ap.add_argument("--profile", default="pagat-62")
    args = ap.parse_args()
    base, cards, full, adv = [], [], [], []
    for seed in range(args.hands):
        bidding, opening, final = _hand(args.profile, seed)
        t0 = time.perf_counter()
        solve(Position.from_hand(Hand.of(opening)))
        t1 = time.perf_counter()
        review(final, 0, samples=args.samples, seed=0, calls=False)
        t2 = time.perf_counter()
        review(final, 0, samples=args.samples, seed=0)
        t3 = time.perf_counter()
        advise(bidding, 0, seed=0)
        t4 = time.perf_counter()
        base.append(t1 - t0)
        cards.append(t2 - t1)
        full.append(t3 - t2)
        adv.append(t4 - t3)
        print(
            f"hand {seed}: opening solve {t1 - t0:.2f} s, cards {t2 - t1:.1f} s, "
            f"full {t3 - t2:.1f} s, advise {t4 - t3:.1f} s",
            flush=True,
        )
    b = statistics.median(base)
    out = {
        "profile": args.profile,
        "hands": args.hands,
        "samples": args.samples,
        "python": platform.python_version(),
        "load": os.getloadavg()[0],
        "opening_solve_s_median": round(b, 3),
    }
    for name, xs in (("cards", cards), ("full", full), ("advise", adv)):
        out[f"{name}_s_p50"] = round(statistics.median(xs), 2)
        out[f"{name}_s_p95"] = round(_p95(xs), 2)
        out[f"{name}_p50_in_opening_solves"] = round(statistics.median(xs) / b, 1)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
