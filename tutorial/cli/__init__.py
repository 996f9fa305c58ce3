"""The ``cinch`` command: replay scenarios, simulate random hands, check lessons."""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from tutorial.cli.args import MAX_SEED, count
from tutorial.cli.report import print_report, run_file
from tutorial.engine.profiles import DEFAULT_PROFILE, PROFILES, get_profile
from tutorial.engine.simulate import InvariantError, simulate
from tutorial.eta import ProgressLine, add_progress_flags
from tutorial.scenario.files import summary
from tutorial.scenario.replay import Replay

MAX_HANDS = 10_000_000


def _replay(args: argparse.Namespace) -> int:
    status = 0
    for name in args.files:
        report = run_file(Path(name), name)
        status = max(status, report.status)
        print_report(report, args.json, "engine", _replayed)
    return status


def _replayed(name: str, rep: Replay) -> None:
    print(f"ok     {name}: {summary(rep)}")


def _simulate(args: argparse.Namespace) -> int:
    profile = get_profile(args.profile)
    line = ProgressLine(args.hands, label="simulate", enabled=args.progress, check_every=512)
    try:
        with line:
            report = simulate(
                profile, args.hands, args.seed, line.advance if line.enabled else None
            )
    except InvariantError as exc:
        print(f"invariant broken: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"interrupted after {line.done:,} of {args.hands:,} hands", file=sys.stderr)
        return 130
    data = {
        "profile": report.profile,
        "hands": report.hands,
        "seed": report.seed,
        "seconds": round(report.seconds, 4),
        "hands_per_second": round(report.hands_per_second),
        "thrown_in": report.thrown_in,
        "made": report.made,
        "reshuffles": report.reshuffles,
        "piles": report.piles,
        "games_finished": report.games_finished,
        "decided_by": report.decided_by,
        "invariants": "ok",
    }
    if args.json:
        print(json.dumps(data))
    else:
        print(
            f"{report.hands} hands of {report.profile} (seed {report.seed}) in "
            f"{report.seconds:.2f} s: {report.hands_per_second:,.0f} hands per second"
        )
        print(
            "  all invariants held: 52 cards accounted for, every play legal, points and "
            "game totals consistent"
        )
        print(
            f"  bids made {report.made}, thrown in {report.thrown_in}, reshuffles "
            f"{report.reshuffles}, piles {report.piles}, games finished "
            f"{report.games_finished} {report.decided_by}"
        )
    return 0


def _lessons(args: argparse.Namespace) -> int:
    from tutorial.cli.lessons import main as check_main

    return check_main(args)


def _drill(args: argparse.Namespace) -> int:
    from tutorial.drills.kinds import generate
    from tutorial.drills.render import answer_text, describe, render
    from tutorial.i18n import get_translator

    t = get_translator(args.lang)
    p = generate(args.kind, args.seed, args.difficulty)
    if args.json:
        print(
            json.dumps(
                {
                    "kind": p.kind,
                    "seed": p.seed,
                    "difficulty": p.difficulty,
                    "lang": args.lang,
                    "profile": p.profile,
                    "prompt": render(t, p.prompt),
                    "position": describe(t, p),
                    "scenario": p.scenario,
                    "answer_type": p.answer_type,
                    "answer": list(p.answer) if isinstance(p.answer, tuple) else p.answer,
                    "answer_text": answer_text(t, p),
                    "options": list(p.options),
                    "explanation": [
                        {"text": render(t, line), "lesson": line.lesson, "step": line.step}
                        for line in p.explanation
                    ],
                },
                ensure_ascii=False,
            )
        )
        return 0
    print(f"[{p.kind} · {p.difficulty} · seed {p.seed} · {args.lang}] {render(t, p.prompt)}")
    for sentence in describe(t, p):
        print(f"  {sentence}")
    print(t("Answer: {answer}", answer=answer_text(t, p)))
    for i, line in enumerate(p.explanation, 1):
        link = f"  ({line.lesson}/{line.step})" if line.lesson else ""
        print(f"  {i}. {render(t, line)}{link}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="cinch", description="Cinch (Double Pedro) tutorial tools")
    sub = ap.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay scenario files through the rules engine")
    rp.add_argument("files", nargs="+", metavar="FILE")
    rp.add_argument("--json", action="store_true", help="one JSON object per file")
    rp.set_defaults(func=_replay)
    sp = sub.add_parser("simulate", help="play random hands and check every invariant")
    sp.add_argument("--hands", type=count(1, MAX_HANDS), required=True)
    sp.add_argument("--seed", type=count(0, MAX_SEED), required=True)
    sp.add_argument("--profile", default=DEFAULT_PROFILE, choices=sorted(PROFILES))
    sp.add_argument("--json", action="store_true")
    add_progress_flags(sp)
    sp.set_defaults(func=_simulate)
    from tutorial.cli.match import add_parser as add_match

    add_match(sub)
    from tutorial.drills.kinds import DIFFICULTIES, KINDS
    from tutorial.i18n import LANGS

    dp = sub.add_parser("drill", help="print a drill puzzle, its answer and its explanation")
    dp.add_argument("--kind", required=True, choices=KINDS)
    dp.add_argument("--seed", type=count(0, MAX_SEED), required=True)
    dp.add_argument("--difficulty", type=int, default=1, choices=DIFFICULTIES)
    dp.add_argument("--lang", default="en", choices=LANGS)
    dp.add_argument("--json", action="store_true")
    dp.set_defaults(func=_drill)
    from tutorial.cli.solve import add_parser as add_solve

    add_solve(sub)
    from tutorial.cli.coach import add_parsers as add_coach

    add_coach(sub)
    from tutorial.cli.decide import add_parser as add_decide

    add_decide(sub)
    lp = sub.add_parser("lessons", help="lesson tools")
    lsub = lp.add_subparsers(dest="lessons_command", required=True)
    lc = lsub.add_parser("check", help="validate every lesson")
    lc.add_argument("--dir", default=None, help="lessons folder (default: the project's)")
    lc.add_argument("--json", action="store_true")
    lc.set_defaults(func=_lessons)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):  # text from a file never makes printing fail
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except BrokenPipeError:  # the reader went away (`cinch replay ... | head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 2
    return code
