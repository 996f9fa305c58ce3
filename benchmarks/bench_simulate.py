"""Benchmark: complete random hands per second, on one core.

Prints, best of ``--repeat`` runs each:
* ``bare loop``  — calibration: a bare CPython loop that shuffles, deals 6 cards a seat and
  plays 6 random legal tricks with the engine's tables (no bidding, refill or scoring);
* ``playout``    — :func:`random_playout` alone (deal, bid, trump, discard, refill with
  reshuffles, piles, 24 plays, points);
* ``simulate``   — what ``cinch simulate`` does: playouts chained into games, every
  invariant checked after every hand.

Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_simulate.py``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time

from tutorial.engine.playout import random_playout
from tutorial.engine.profiles import PROFILES
from tutorial.engine.simulate import simulate
from tutorial.engine.trumps import EFFECTIVE_SUIT, PLAIN_MASK, TRICK_KEY, TRUMP_MASK


def bare_loop(n: int, seed: int) -> float:
    rng = random.Random(seed)
    rnd = rng.random
    r52 = range(52)
    start = time.perf_counter()
    for _ in range(n):
        keys = [rnd() for _ in r52]
        deck = sorted(r52, key=keys.__getitem__)
        hands = [0, 0, 0, 0]
        for i in range(24):
            hands[i & 3] |= 1 << deck[i]
        tr = int(rnd() * 4)
        tmask = TRUMP_MASK[tr]
        pm = PLAIN_MASK[tr]
        leader = 0
        keys_t = TRICK_KEY[tr][0]
        for _trick in range(6):
            led = -1
            best = -2
            winner = leader
            for k in range(4):
                s = (leader + k) & 3
                h = hands[s]
                if led < 0:
                    m = h
                elif led == tr:
                    m = h & tmask or h
                else:
                    f = h & pm[led]
                    m = (f | (h & tmask)) if f else h
                j = int(rnd() * m.bit_count())
                while j:
                    m &= m - 1
                    j -= 1
                card = (m & -m).bit_length() - 1
                if led < 0:
                    led = EFFECTIVE_SUIT[tr][card]
                    keys_t = TRICK_KEY[tr][led]
                if keys_t[card] > best:
                    best = keys_t[card]
                    winner = s
                hands[s] = h & ~(1 << card)
            leader = winner
    return n / (time.perf_counter() - start)


def playouts(n: int, seed: int, profile: str) -> float:
    p = PROFILES[profile]
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(n):
        random_playout(p, i & 3, rng)
    return n / (time.perf_counter() - start)


def simulate_rate(n: int, seed: int, profile: str) -> float:
    return simulate(PROFILES[profile], n, seed).hands_per_second


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=5000, help="hands per round")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--profile", default="pagat-62", choices=sorted(PROFILES))
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    # Rounds interleave the three measurements so that drifts in this machine's speed hit
    # all three alike; the median of the rounds is reported.
    rates: dict[str, list[float]] = {"bare_loop": [], "playout": [], "simulate": []}
    for r in range(a.rounds):
        rates["bare_loop"].append(bare_loop(a.hands, r))
        rates["playout"].append(playouts(a.hands, r, a.profile))
        rates["simulate"].append(simulate_rate(a.hands, r, a.profile))
    med = {k: statistics.median(v) for k, v in rates.items()}
    ratios = [s / b for s, b in zip(rates["simulate"], rates["bare_loop"], strict=True)]
    out: dict[str, object] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "profile": a.profile,
        "hands_per_round": a.hands,
        "rounds": a.rounds,
        **{f"{k}_hands_per_s": round(v) for k, v in med.items()},
        "simulate_over_bare_loop": round(statistics.median(ratios), 2),
    }
    if a.json:
        print(json.dumps(out))
        return
    for k, v in out.items():
        print(f"{k:28} {v}")


if __name__ == "__main__":
    main()
