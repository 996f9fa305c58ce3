"""Benchmark: complete random hands per second, on one core, previous and new engine.

In rounds that interleave the measurements (so that this machine's speed drifts hit them all
alike), it measures:
* ``bare loop``  — calibration: a bare CPython loop that shuffles, deals 6 cards a seat and
  plays 6 random legal tricks with the engine's tables (no bidding, refill or scoring);
* ``playout`` / ``previous playout`` — :func:`random_playout` alone, new and the frozen copy
  of the engine before the rules core (``previous_engine.py``), on the same seeds;
* ``simulate`` / ``previous simulate`` — what ``cinch simulate`` does: playouts chained into
  games, every invariant checked after every hand;
* the rules core's ``copy()``, ``apply()`` of a play and ``undo()`` (µs per call, each timed
  alone: median and best of the rounds, by the wall clock and by this thread's CPU time, the
  time one core spends, which other processes on a shared machine do not inflate), the wall
  figures also as ratios to a bare play-and-take-back on locals measured in the same round
  (``*_over_bare_play``), and a whole hand stepped through the core
  (``legal_actions`` + ``apply`` at every decision).

It reports the medians over the rounds and the ratios measured within each round: new ÷
previous (the issue: ``cinch simulate`` must not get slower) and simulate ÷ bare loop.

Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_simulate.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time

import previous_engine  # benchmarks/ is on sys.path when this file is run

from tutorial.engine.actions import Action
from tutorial.engine.playout import random_playout
from tutorial.engine.profiles import PROFILES
from tutorial.engine.simulate import simulate
from tutorial.engine.state import Phase, State
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


def previous_playouts(n: int, seed: int, profile: str) -> float:
    p = PROFILES[profile]
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(n):
        previous_engine.random_playout(p, i & 3, rng)
    return n / (time.perf_counter() - start)


def simulate_rate(n: int, seed: int, profile: str) -> float:
    return simulate(PROFILES[profile], n, seed).hands_per_second


def previous_simulate_rate(n: int, seed: int, profile: str) -> float:
    return previous_engine.simulate(PROFILES[profile], n, seed).hands_per_second


def core_hands(n: int, seed: int, profile: str) -> float:
    """Whole hands stepped through the core: legal_actions + apply at every decision."""
    p = PROFILES[profile]
    rng = random.Random(seed)
    rnd = rng.random
    start = time.perf_counter()
    for i in range(n):
        s = State.random_deal(p, i & 3, rng)
        while s.phase is not Phase.DONE:
            if s.to_act < 0:
                s.apply(s.chance_outcome(rng))
            else:
                acts = s.legal_actions()
                s.apply(acts[int(rnd() * len(acts))])
    return n / (time.perf_counter() - start)


def bare_play_us(reps: int = 20000) -> float:
    """Calibration for the core's micro figures: µs per bare play-and-take-back on locals
    (a mask update, a trick-key lookup, a play appended and popped, the mask restored), the
    least a Python play could cost, measured in the same run as the core."""
    hands = [(1 << 52) - 1] * 4
    keys = TRICK_KEY[0][0]
    bit = tuple(1 << i for i in range(52))
    plays: list[tuple[int, int, tuple[int, ...]]] = []
    best = -2
    t0 = time.perf_counter()
    for i in range(reps):
        seat = i & 3
        card = i % 52
        m = bit[card]
        hands[seat] &= ~m
        k = keys[card]
        if k > best:
            best = k
        plays.append((seat, card, ()))
        plays.pop()
        hands[seat] |= m
    return (time.perf_counter() - t0) / reps * 1e6


def _clocks() -> tuple[float, float]:
    return time.perf_counter(), time.thread_time()


def _per_call(t0: tuple[float, float], n: int) -> tuple[float, float]:
    """µs per call since ``t0``: wall clock and this thread's CPU time (the CPU time is what
    one core spends; the wall clock also counts the time other processes hold the core)."""
    w, c = _clocks()
    return (w - t0[0]) / n * 1e6, (c - t0[1]) / n * 1e6


def core_micro(seed: int, profile: str, reps: int = 20000) -> dict[str, float]:
    """µs per copy(), per apply() of a play and per undo() of it, on states in play (each
    timed alone: apply on prepared copies, then undo on the same copies)."""
    p = PROFILES[profile]
    rng = random.Random(seed)
    states: list[tuple[State, Action]] = []
    while len(states) < 50:
        s = State.random_deal(p, 0, rng)
        while s.phase is not Phase.DONE and (s.phase is not Phase.PLAY or s.trick_plays):
            if s.to_act < 0:
                s.apply(s.chance_outcome(rng))
            else:
                acts = s.legal_actions()
                s.apply(acts[int(rng.random() * len(acts))])
        if s.phase is Phase.PLAY and not s.pile_size():
            states.append((s, s.legal_actions()[0]))
    per = reps // len(states)
    n = per * len(states)
    t0 = _clocks()
    for s, _ in states:
        for _ in range(per):
            s.copy()
    copy_w, copy_c = _per_call(t0, n)
    batches = [([s.copy() for _ in range(per)], a) for s, a in states]
    t0 = _clocks()
    for copies, a in batches:
        for c in copies:
            c.apply(a)
    apply_w, apply_c = _per_call(t0, n)
    t0 = _clocks()
    for copies, _ in batches:
        for c in copies:
            c.undo()
    undo_w, undo_c = _per_call(t0, n)
    bare = bare_play_us(reps)
    return {
        "copy_us": round(copy_w, 2),
        "apply_play_us": round(apply_w, 2),
        "undo_us": round(undo_w, 2),
        "copy_cpu_us": round(copy_c, 2),
        "apply_play_cpu_us": round(apply_c, 2),
        "undo_cpu_us": round(undo_c, 2),
        "bare_play_us": round(bare, 3),
        "copy_over_bare_play": round(copy_w / bare, 2),
        "apply_play_over_bare_play": round(apply_w / bare, 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=5000, help="hands per round")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--profile", default="pagat-62", choices=sorted(PROFILES))
    ap.add_argument("--micro-rounds", type=int, default=7, help="rounds of copy/apply/undo")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    # Rounds interleave the three measurements so that drifts in this machine's speed hit
    # all three alike; the median of the rounds is reported.
    rates: dict[str, list[float]] = {
        "bare_loop": [],
        "previous_playout": [],
        "playout": [],
        "previous_simulate": [],
        "simulate": [],
        "core_stepped": [],
    }
    for r in range(a.rounds):
        rates["bare_loop"].append(bare_loop(a.hands, r))
        rates["previous_playout"].append(previous_playouts(a.hands, r, a.profile))
        rates["playout"].append(playouts(a.hands, r, a.profile))
        rates["previous_simulate"].append(previous_simulate_rate(a.hands, r, a.profile))
        rates["simulate"].append(simulate_rate(a.hands, r, a.profile))
        rates["core_stepped"].append(core_hands(a.hands // 5, r, a.profile))
    med = {k: statistics.median(v) for k, v in rates.items()}

    def ratio(x: str, y: str) -> float:
        return round(statistics.median(u / v for u, v in zip(rates[x], rates[y], strict=True)), 3)

    micro = [core_micro(r, a.profile) for r in range(a.micro_rounds)]
    out: dict[str, object] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "profile": a.profile,
        "hands_per_round": a.hands,
        "rounds": a.rounds,
        **{f"{k}_hands_per_s": round(v) for k, v in med.items()},
        "simulate_over_previous": ratio("simulate", "previous_simulate"),
        "playout_over_previous": ratio("playout", "previous_playout"),
        "simulate_over_bare_loop": ratio("simulate", "bare_loop"),
        "previous_simulate_over_bare_loop": ratio("previous_simulate", "bare_loop"),
        **{k: statistics.median(m[k] for m in micro) for k in micro[0]},
        **{f"best_{k}": min(m[k] for m in micro) for k in micro[0] if k.endswith("_us")},
        "load_average": [round(x, 1) for x in os.getloadavg()],
    }
    if a.json:
        print(json.dumps(out))
        return
    for k, v in out.items():
        print(f"{k:28} {v}")


if __name__ == "__main__":
    main()
