"""Benchmark: the one evaluator (``tutorial.bots.evaluator``) as the learner meets it.

``--table`` (default): the hint and the advisor at the practice table. Hands are played by
``expert`` bots; at every decision of seat A (the learner's) with a choice, the hint — one
``Think`` job through the worker seam (``tutorial.practice.workers``, one worker:
``CINCH_BOT_WORKERS=1``) — is asked as the table asks it. Reported per kind of decision: the
wall time from the submit to the answer (what the learner waits), the submit's own time on
the calling thread (the serving thread: the work is in the pool), p50 and p95, and how often
the answer was resolved ("best") or a close call. For a call the same job is the advisor's
answer (one evaluation behind the hint and the ◀), so the advisor's figures are the calls'.
The baseline, measured in the same run, is one hand played out by ``rules`` players (the
evaluator's unit of work for calls): figures are also given as a multiple of it.

``--cpu``: the same hints timed in this process by their CPU time (``time.process_time``):
what one free core needs, which the wall clock under load does not show.

``--policy``: the playout policy for calls, trump and keeps, measured. The same decisions
are evaluated over the same worlds (a fixed number, ``--worlds``) twice: each world played
out by ``rules`` players (the evaluator's policy) and each world solved double-dummy once the
refill is over (the rules bot's bidding, trump and keeps, then perfect play by all four).
Reported: the CPU time a world, how often the two choose the same action, and how often each
one's choice is in the other's best set.

Run: ``nice -n 10 .venv/bin/python benchmarks/bench_coach.py [--table|--policy] [--hands N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from collections import defaultdict
from typing import Any

from tutorial.bots import decide
from tutorial.bots.evaluator import TABLE, Budget, bidding, evaluate, kind_of
from tutorial.bots.rollout import playout, rules_action
from tutorial.bots.view import legal_actions
from tutorial.engine.hand import Hand
from tutorial.engine.observe import observe
from tutorial.engine.profiles import get_profile
from tutorial.engine.result import hand_result
from tutorial.engine.state import Phase, State
from tutorial.solver.analyse import solve
from tutorial.solver.position import Position


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "p50": round(statistics.median(values), 1),
        "p95": round(_pct(values, 0.95), 1),
        "max": round(max(values), 1),
    }


def baseline_ms(profile: str, n: int = 60) -> float:
    """CPU ms of one hand played out by ``rules`` players from the deal (median)."""
    rng = random.Random(1)
    times = []
    for _ in range(n):
        s = State.random_deal(get_profile(profile), rng.randrange(4), rng)
        c = time.process_time()
        playout(s, random.Random(2))
        times.append((time.process_time() - c) * 1000.0)
    return statistics.median(times)


# -- the table --------------------------------------------------------------------------------
def table(profile: str, hands: int, seed: int) -> dict[str, Any]:
    os.environ.setdefault("CINCH_BOT_WORKERS", "1")
    from tutorial.practice import workers

    workers.warm()
    time.sleep(3)
    rng = random.Random(seed)
    wall: dict[str, list[float]] = defaultdict(list)
    submit: dict[str, list[float]] = defaultdict(list)
    verdict: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for h in range(hands):
        s = State.random_deal(get_profile(profile), rng.randrange(4), rng)
        hand_seed = seed * 1000 + h
        while not s.is_terminal():
            if s.is_chance():
                s.apply(s.chance_outcome(rng))
                continue
            obs = observe(s, s.to_act)
            if s.to_act == 0 and len(legal_actions(obs)) > 1:
                kind = kind_of(obs, legal_actions(obs))
                t0 = time.perf_counter()
                fut = workers.submit_think(obs, hand_seed)
                t1 = time.perf_counter()
                hint = fut.result(timeout=120)
                t2 = time.perf_counter()
                submit[kind].append((t1 - t0) * 1000.0)
                wall[kind].append((t2 - t0) * 1000.0)
                ev = hint.evaluation
                verdict[kind]["resolved" if ev.resolved else "budget spent"] += 1
                verdict[kind]["close call" if ev.close else "one best"] += 1
                action = hint.action
            else:
                action = decide("expert", obs, hand_seed)
            s.apply(action)
    workers.shutdown()
    return {
        "wall_ms": {k: _summary(v) for k, v in wall.items()},
        "all_wall_ms": _summary([x for v in wall.values() for x in v]),
        "submit_ms_on_the_calling_thread": _summary([x for v in submit.values() for x in v]),
        "verdicts": {k: dict(v) for k, v in verdict.items()},
    }


# -- one core: the hint's CPU time --------------------------------------------------------------
def cpu(profile: str, hands: int, seed: int) -> dict[str, Any]:
    """The hint (what a Think job runs) timed in this process with ``time.process_time`` at
    every decision of seat A with a choice, hands played by ``expert`` bots: what one free
    core needs, whatever the machine's load does to the wall clock."""
    from tutorial.coach.hint import hint

    rng = random.Random(seed)
    times: dict[str, list[float]] = defaultdict(list)
    for h in range(hands):
        s = State.random_deal(get_profile(profile), rng.randrange(4), rng)
        hand_seed = seed * 1000 + h
        while not s.is_terminal():
            if s.is_chance():
                s.apply(s.chance_outcome(rng))
                continue
            obs = observe(s, s.to_act)
            if s.to_act == 0 and len(legal_actions(obs)) > 1:
                c = time.process_time()
                action = hint(obs, hand_seed).action
                times[kind_of(obs, legal_actions(obs))].append((time.process_time() - c) * 1e3)
            else:
                action = decide("expert", obs, hand_seed)
            s.apply(action)
    return {k: _summary(v) for k, v in times.items()} | {
        "all": _summary([x for v in times.values() for x in v])
    }


# -- the playout policy -------------------------------------------------------------------------
def solved_points(state: State, chance: int, players: object = None) -> tuple[int, int]:
    """The rules bot's refill, then the play solved double-dummy: the points (AC, BD)
    (``players`` as :func:`tutorial.bots.evaluator.bidding.play_points`'s, not read)."""
    rng = random.Random(chance)
    while state.phase is not Phase.PLAY and not state.is_terminal():
        if state.is_chance():
            state.apply(state.chance_outcome(rng))
        else:
            state.apply(rules_action(state))
    if state.is_terminal():
        return hand_result(state).points
    return solve(Position.from_hand(Hand.of(state))).value


def _points(profile: str, seed: int, n: int) -> list[State]:
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < n:
        s = State.random_deal(get_profile(profile), rng.randrange(4), rng)
        while not s.is_terminal() and s.phase is not Phase.PLAY:
            if s.is_chance():
                s.apply(s.chance_outcome(rng))
                continue
            if len(s.legal_actions()) > 1 and rng.random() < 0.5:
                out.append(s.copy())
            s.apply(rules_action(s))
    return out[:n]


def policy(profile: str, points: int, worlds: int, seed: int) -> dict[str, Any]:
    fixed = Budget(f"{worlds} worlds", (worlds, 1, worlds), (worlds, 1, worlds), (8, 8, 8), 1, 1)
    real = bidding.play_points
    rows: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for s in _points(profile, seed, points):
        obs = observe(s, s.to_act)
        kind = kind_of(obs, legal_actions(obs))
        c = time.process_time()
        by_rules = evaluate(obs, seed, fixed)
        rules_cpu = time.process_time() - c
        bidding.play_points = solved_points
        try:
            c = time.process_time()
            by_solver = evaluate(obs, seed, fixed)
            solver_cpu = time.process_time() - c
        finally:
            bidding.play_points = real
        r = rows[kind]
        r["rules_ms_a_world"].append(rules_cpu * 1000.0 / worlds)
        r["solved_ms_a_world"].append(solver_cpu * 1000.0 / worlds)
        r["same_choice"].append(float(by_rules.choice == by_solver.choice))
        r["rules_choice_in_solved_best"].append(float(by_rules.choice in by_solver.best_set))
        r["solved_choice_in_rules_best"].append(float(by_solver.choice in by_rules.best_set))
        r["rules_best_set"].append(float(len(by_rules.best_set)))
        r["solved_best_set"].append(float(len(by_solver.best_set)))
    return {
        kind: {
            k: round(statistics.fmean(v), 3) if "ms" not in k else round(statistics.median(v), 2)
            for k, v in r.items()
        }
        | {"points": len(r["same_choice"])}
        for kind, r in rows.items()
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--policy", action="store_true")
    ap.add_argument("--cpu", action="store_true", help="the hint's CPU time, in this process")
    ap.add_argument("--profile", default="pagat-62")
    ap.add_argument("--hands", type=int, default=8)
    ap.add_argument("--points", type=int, default=40)
    ap.add_argument("--worlds", type=int, default=32)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    out: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_before": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
        "profile": args.profile,
        "budget": TABLE.name,
        "baseline_rules_hand_cpu_ms": round(baseline_ms(args.profile), 2),
    }
    if args.policy:
        out["policy"] = policy(args.profile, args.points, args.worlds, args.seed)
    elif args.cpu:
        out["hint_cpu_ms"] = cpu(args.profile, args.hands, args.seed)
        base = out["baseline_rules_hand_cpu_ms"]
        out["hint_cpu_p95_in_rules_hands"] = {
            k: round(v["p95"] / base) for k, v in out["hint_cpu_ms"].items()
        }
    else:
        out["table"] = table(args.profile, args.hands, args.seed)
        base = out["baseline_rules_hand_cpu_ms"]
        out["table"]["p95_in_rules_hands"] = {
            k: round(v["p95"] / base, 1) for k, v in out["table"]["wall_ms"].items()
        }
    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
