"""``cinch match``: bots against bots over many hands (see ``docs/match.md``).

``cinch match --bots A=expert,B=rules,C=expert,D=rules (--hands N | --games G) [--duplicate]
--seed S [--profile P] [--json] [--jobs K] [--progress | --no-progress]``

Every argument is checked before a card is dealt; a bad one is a one-line error naming it
and exit code 2. A bot that returns an illegal action stops the match with the rule it broke
(exit 1). While it runs, a progress line with the time left is drawn on standard error when
that is a terminal (``--progress`` forces it, ``--no-progress`` turns it off); standard
output carries only the result.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TYPE_CHECKING, Any

from tutorial.cli.args import MAX_SEED, count
from tutorial.engine.profiles import DEFAULT_PROFILE, PROFILES, get_profile
from tutorial.engine.seats import SEAT_LETTERS
from tutorial.eta import ProgressLine, add_progress_flags

if TYPE_CHECKING:
    from tutorial.bots.summary import MatchSummary

MAX_MATCH_HANDS = 100_000
MAX_MATCH_GAMES = 10_000
MAX_JOBS = 64
EXAMPLE = "A=expert,B=rules,C=expert,D=rules"


def bot_names() -> tuple[str, ...]:
    """The bots that can play (``tutorial.bots.BOT_NAMES``, and each one blind to the game
    score, ``BLIND_NAMES``, for measuring what the score is worth)."""
    from tutorial.bots import BLIND_NAMES, BOT_NAMES

    return (*BOT_NAMES, *BLIND_NAMES)


def parse_seating(text: str, known: tuple[str, ...] | None = None) -> tuple[str, str, str, str]:
    """``A=expert,B=rules,C=expert,D=rules`` → the bot of each seat A..D. Raises
    ``argparse.ArgumentTypeError`` naming the problem (unknown seat or bot, a seat given
    twice, a seat missing)."""
    names = bot_names() if known is None else known
    choice: dict[int, str] = {}
    for raw in text.split(","):
        item = raw.strip()
        seat_text, eq, bot = (s.strip() for s in item.partition("="))
        if not eq or not seat_text or not bot:
            raise argparse.ArgumentTypeError(
                f"expected SEAT=BOT items separated by commas, such as {EXAMPLE}, not {item[:40]!r}"
            )
        key = seat_text.upper()
        if len(key) != 1 or key not in SEAT_LETTERS:
            raise argparse.ArgumentTypeError(
                f"unknown seat {seat_text[:20]!r}: expected one of {', '.join(SEAT_LETTERS)}"
            )
        seat = SEAT_LETTERS.index(key)
        if seat in choice:
            raise argparse.ArgumentTypeError(f"seat {key} is given twice")
        if bot not in names:
            raise argparse.ArgumentTypeError(
                f"unknown bot {bot[:40]!r} for seat {key}: expected one of {', '.join(names)}"
            )
        choice[seat] = bot
    missing = [SEAT_LETTERS[s] for s in range(4) if s not in choice]
    if missing:
        raise argparse.ArgumentTypeError(
            f"no bot for seat {', '.join(missing)}: give all four, such as {EXAMPLE}"
        )
    return (choice[0], choice[1], choice[2], choice[3])


def _seating_arg(text: str) -> tuple[str, str, str, str]:
    return parse_seating(text)


_seating_arg.__name__ = "seating"


def add_parser(sub: Any) -> None:
    """Register ``cinch match`` on the CLI's subparsers (``count(low, high)`` is the CLI's
    whole-number argument type)."""
    mp = sub.add_parser("match", help="bots play each other over many hands (duplicate too)")
    mp.add_argument(
        "--bots", type=_seating_arg, required=True, metavar=EXAMPLE, help="the bot of each seat"
    )
    size = mp.add_mutually_exclusive_group(required=True)
    size.add_argument("--hands", type=count(1, MAX_MATCH_HANDS), help="deals")
    size.add_argument(
        "--games",
        type=count(1, MAX_MATCH_GAMES),
        help="whole games to play at each table (instead of --hands)",
    )
    mp.add_argument(
        "--duplicate",
        action="store_true",
        help="play every deal twice, the partnerships' bots swapped",
    )
    mp.add_argument("--seed", type=count(0, MAX_SEED), required=True)
    mp.add_argument("--profile", default=DEFAULT_PROFILE, choices=sorted(PROFILES))
    mp.add_argument("--json", action="store_true")
    mp.add_argument(
        "--jobs", type=count(1, MAX_JOBS), default=1, help="processes to play hands in (1)"
    )
    add_progress_flags(mp)
    mp.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tutorial.bots.driver import BotError
    from tutorial.bots.match import MatchSpec, play_match
    from tutorial.bots.summary import summarise

    games = args.games or 0
    spec = MatchSpec(
        get_profile(args.profile), args.bots, args.hands or 0, args.seed, args.duplicate, games
    )
    start = time.perf_counter()
    total = games * spec.tables if games else spec.hands
    label = "match (games)" if games else "match"
    line = ProgressLine(total, label=label, enabled=args.progress, check_every=1)
    try:
        with line:
            records = play_match(spec, jobs=args.jobs, on_hand=line.advance)
    except BotError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        unit = "games" if games else "hands"
        print(f"interrupted after {line.done:,} of {total:,} {unit}", file=sys.stderr)
        return 130
    data = summarise(spec, records, time.perf_counter() - start)
    if args.json:
        print(json.dumps({**data.to_json(), "jobs": args.jobs}))
    else:
        print(text_report(data))
    return 0


def text_report(data: MatchSummary) -> str:
    """The match summary for people."""
    dup = " × 2 (duplicate)" if data.duplicate else ""
    seats = ", ".join(f"{k}={v}" for k, v in data.bots.items())
    lines = [
        f"{data.hands:,} deals{dup} of {data.profile}, seed {data.seed}, {seats}: "
        f"{data.hands_played:,} hands in {data.seconds:.1f} s",
        f"  {'bot':<8} {'score/hand':>10} {'points/hand':>11} {'bids made':>9} {'set':>5} "
        f"{'ms/decision':>11} {'p95 ms':>8}",
    ]
    for name, b in data.by_bot.items():
        lines.append(
            f"  {name:<8} {b.score_per_hand:>+10.2f} {b.points_per_hand:>11.2f} "
            f"{b.bids_made:>9,} {b.bids_set:>5,} {b.decision_ms_mean:>11.2f} "
            f"{b.decision_ms_p95:>8.2f}"
        )
    d = data.difference
    if d.first != d.second:
        unit = "deals" if data.duplicate else "hands"
        interval = f"95% interval {d.ci95[0]:+.2f} to {d.ci95[1]:+.2f}, " if d.ci95 else ""
        lines.append(
            f"  {d.first} minus {d.second}: {d.score_per_hand:+.2f} game points a "
            f"hand ({interval}{d.samples:,} {unit})"
        )
    g = data.games
    share = g.first_won_share
    if share.samples:
        ci = share.ci95
        interval = f" (95% interval {ci[0]:.1%} to {ci[1]:.1%})" if ci else ""
        lines.append(
            f"  {share.pairing} won {share.share:.1%} of the games{interval}, "
            f"{share.samples:,} samples"
        )
    won = ", ".join(f"{k} {v}" for k, v in g.won.items())
    how = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in g.decided_by.items())
    lines.append(
        f"  games to {g.target}: {g.played} finished ({won}{'; ' + how if how else ''}), "
        f"{g.unfinished} unfinished"
    )
    return "\n".join(lines)
