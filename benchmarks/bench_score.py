"""Benchmark: what knowing the game score is worth to the bots, in games won.

A duplicate *match of games* (``cinch match --games G --duplicate``): the score-aware bot
(``rules`` by default) against the same bot blind to the score (``rules-blind``: its
observation shows a new game's 0–0, so it plays as the session-5 bot, which knew no
score). Both pairings play game ``g`` on the same deals, one at each table; the figure is
the share of games the score-aware pairing wins, with a 95% interval over the game numbers
(each worth 0, ½ or 1). Beside it: how many more game points a hand it scores (over the
deals played at both tables: the price of its game-minded calls, in hands), how the games
were decided, the CPU time of this process and its workers, and ``uptime``'s load before
and after.

To measure a variant of the rules bot's calls, change its constant in
``tutorial/bots/rules.py`` on a branch and run this there.

Run: ``nice -n 10 .venv/bin/python benchmarks/bench_score.py --games 2000 --jobs 2
[--bot rules] [--seed 1] [--profile pagat-62] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from typing import Any

from tutorial.bots import BOT_NAMES, rules
from tutorial.bots.match import MatchSpec, play_match
from tutorial.bots.summary import summarise
from tutorial.engine.profiles import DEFAULT_PROFILE, PROFILES, get_profile
from tutorial.eta import ProgressLine


def load() -> str:
    """``uptime``'s load averages."""
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True, timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def run(bot: str, games: int, seed: int, profile: str, jobs: int, progress: bool) -> dict[str, Any]:
    spec = MatchSpec(
        get_profile(profile), (bot, f"{bot}-blind", bot, f"{bot}-blind"), 0, seed, True, games
    )
    before = load()
    cpu, wall = _cpu(), time.perf_counter()
    line = ProgressLine(games * 2, label="games", enabled=progress, check_every=1)
    with line:
        records = play_match(spec, jobs=jobs, on_hand=line.advance)
    data = summarise(spec, records, time.perf_counter() - wall)
    g = data.games
    return {
        "bot": bot,
        "profile": profile,
        "seed": seed,
        "games": games,
        "won_share": g.first_won_share.to_json(),
        "decided_by": g.decided_by,
        "hands_per_game": g.hands_per_game,
        "score_per_hand_difference": data.difference.to_json(),
        "by_bot": {
            k: {"score_per_hand": v.score_per_hand, "points_per_hand": v.points_per_hand}
            for k, v in data.by_bot.items()
        },
        "hands_played": data.hands_played,
        "cpu_s": round(_cpu() - cpu, 1),
        "wall_s": round(time.perf_counter() - wall, 1),
        "load_before": before,
        "load_after": load(),
        "settings": {
            k: getattr(rules, k)
            for k in ("BID_MARGIN", "PARTNER_MARGIN", "GAME_MARGIN", "SAFE_MARGIN", "EASY_NEED")
        },
    }


def report(r: dict[str, Any]) -> str:
    s = r["won_share"]
    ci = s["ci95"] or [float("nan"), float("nan")]
    d = r["score_per_hand_difference"]
    dci = d["ci95"] or [float("nan"), float("nan")]
    return "\n".join(
        [
            f"{r['bot']} (score-aware) vs {r['bot']}-blind, {r['games']} duplicate games of "
            f"{r['profile']}, seed {r['seed']}, settings {r['settings']}",
            f"  games won: {s['share']:.1%} (95% interval {ci[0]:.1%} … {ci[1]:.1%}, "
            f"{s['samples']} game numbers)",
            f"  game points a hand more: {d['score_per_hand']:+.3f} "
            f"({dci[0]:+.3f} … {dci[1]:+.3f}, {d['samples']} deals at both tables)",
            f"  decided by {r['decided_by']}, {r['hands_per_game']} hands a game, "
            f"{r['hands_played']} hands",
            f"  CPU {r['cpu_s']} s (this process and its workers), wall {r['wall_s']} s",
            f"  load before: {r['load_before']}",
            f"  load after:  {r['load_after']}",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="rules", choices=BOT_NAMES)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", default=DEFAULT_PROFILE, choices=sorted(PROFILES))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    r = run(args.bot, args.games, args.seed, args.profile, args.jobs, sys.stderr.isatty())
    print(json.dumps(r) if args.json else report(r))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
