"""Benchmark: does the expert's simulated bidding and trump (``tutorial.bots.evaluator``) beat
the ``rules`` bot's calls and trump that the expert used before, everything else equal?

Two versions of the expert, the same but for the calls and trump: ``sim`` (by simulation,
the evaluator's choice) and ``old`` (the ``rules`` bot's). Both draw from the same
random streams (``decide("expert", ...)``), so a hand in which their calls and trump agree is
played identically. Over the duplicate deals of ``cinch match --duplicate --seed S`` with the
expert in A and C and ``--against`` (``rules`` or the ``old`` expert) in B and D, the figure is,
per deal, the change that simulated bidding brings to the expert pairing's duplicate score:

* ``--against rules``: (sim + sim vs rules + rules) − (old + old vs rules + rules), i.e. how
  much the landed figure ``expert − rules`` moves;
* ``--against old``: the duplicate difference of sim + sim against old + old.

Only the bidding and the choice of trump differ, and they come first: every deal is screened
by playing its bidding and trump decision at both tables with each version of the expert
seats; where every decision agrees the hands are the same and the deal's change is exactly 0
(no need to play it), otherwise its hands are played to the end. Reported: the mean change
a hand over the deals with a 95% interval, the deals where a decision differed, and the CPU
time of the simulated decisions (``time.process_time``, one core).

Run: ``nice -n 10 .venv/bin/python benchmarks/bench_bidding.py --deals 283 --seed 1 [--against
rules|old] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from typing import Any

from tutorial.bots import decide
from tutorial.bots.driver import Seating, deal_rng, decision_seeds, play_hand
from tutorial.bots.match import MatchSpec, mean_interval, pairing_differences, percentile
from tutorial.engine.actions import Action
from tutorial.engine.observe import Observation, observe
from tutorial.engine.profiles import DEFAULT_PROFILE, PROFILES, get_profile
from tutorial.engine.state import Phase, State

CPU_MS: dict[str, list[float]] = {"bid": [], "trump": []}


def decide_variant(bot: str, obs: Observation, seed: int) -> Action:
    """``sim``: the expert (its calls and trump by the evaluator's simulations); ``old``: the
    expert with the ``rules`` bot's calls and trump; others as named."""
    if bot == "old" and obs.phase in (Phase.BID, Phase.TRUMP):
        return decide("rules", obs, seed)
    if bot in ("sim", "old"):
        return decide("expert", obs, seed)
    return decide(bot, obs, seed)


def _differs(spec: MatchSpec, deal: int, table: int) -> bool:
    """Play the bidding and trump of one table with the ``sim`` seats; True if any of their
    decisions differs from the ``old`` expert's in the same position."""
    seating = spec.seating(table)
    state = State.random_deal(spec.profile, spec.dealer(deal), deal_rng(spec.seed, deal))
    seeds = decision_seeds(spec.seed, deal)
    differs = False
    while state.phase in (Phase.BID, Phase.TRUMP):
        seat = state.to_act
        obs = observe(state, seat)
        seed = next(seeds)
        bot = seating[seat]
        if bot != "sim":
            state.apply(decide_variant(bot, obs, seed))
            continue
        phase = state.phase.value
        cpu = time.process_time()
        action = decide_variant("sim", obs, seed)
        CPU_MS[phase].append((time.process_time() - cpu) * 1000.0)
        differs = differs or action != decide_variant("old", obs, seed)
        state.apply(action)
    return differs


def _played(spec: MatchSpec, deal: int, seating: Seating) -> float:
    """The deal's duplicate difference (AC pairing − BD pairing) with ``seating``."""
    s = MatchSpec(spec.profile, seating, 1, spec.seed, True)
    recs = [
        play_hand(
            s.profile,
            s.dealer(deal),
            s.seating(t),
            s.seed,
            deal,
            table=t,
            decide=decide_variant,
        )
        for t in (0, 1)
    ]
    return pairing_differences(s, recs)[0]


def run(profile: str, deals: int, seed: int, against: str, first: int = 0) -> dict[str, Any]:
    p = get_profile(profile)
    sim: Seating = ("sim", against, "sim", against)
    old: Seating = ("old", against, "old", against)
    spec = MatchSpec(p, sim, deals, seed, True)
    changes: list[float] = []
    differing: list[dict[str, float]] = []
    start = time.process_time()
    for d in range(first, first + deals):
        if changes and len(changes) % 10 == 0:
            m, lo, hi = mean_interval(changes)
            print(f"{len(changes)} deals: {m:+.3f} ({lo} … {hi})", file=sys.stderr, flush=True)
        if not (_differs(spec, d, 0) or _differs(spec, d, 1)):
            changes.append(0.0)
            continue
        new = _played(spec, d, sim)
        base = _played(spec, d, old) if against == "rules" else 0.0
        changes.append(new - base)
        differing.append({"deal": d, "sim": new, "old": base, "change": new - base})
        print(f"deal {d}: sim {new:+.1f} old {base:+.1f}", file=sys.stderr, flush=True)
    mean, lo, hi = mean_interval(changes)
    return {
        "profile": profile,
        "seed": seed,
        "deals": deals,
        "first_deal": first,
        "against": against,
        "change_per_hand": round(mean, 3),
        "interval_95": [None if lo is None else round(lo, 3), None if hi is None else round(hi, 3)],
        "deals_differing": len(differing),
        "differing": differing,
        "cpu_ms": {
            k: {
                "n": len(v),
                "p50": round(percentile(v, 50), 1),
                "p95": round(percentile(v, 95), 1),
                "max": round(max(v, default=0.0), 1),
            }
            for k, v in CPU_MS.items()
        },
        "cpu_s": round(time.process_time() - start, 1),
        "load": subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip(),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--first", type=int, default=0, help="the first deal's number")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--against", choices=("rules", "old"), default="rules")
    ap.add_argument("--profile", default=DEFAULT_PROFILE, choices=sorted(PROFILES))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = run(args.profile, args.deals, args.seed, args.against, args.first)
    if args.json:
        print(json.dumps(out))
        return
    lo, hi = out["interval_95"]
    print(
        f"{out['profile']} seed {out['seed']}, {out['deals']} deals against {out['against']}: "
        f"simulated bidding changes the expert pairing's score by "
        f"{out['change_per_hand']:+.3f} a hand (95% interval {lo} … {hi}); "
        f"{out['deals_differing']} deals with a different decision"
    )
    for k, v in out["cpu_ms"].items():
        print(f"  {k}: {v['n']} decisions, CPU ms p50 {v['p50']} p95 {v['p95']} max {v['max']}")
    print(f"  CPU {out['cpu_s']} s; {out['load']}")


if __name__ == "__main__":
    main()
