"""``cinch review FILE --seat S`` and ``cinch advise FILE --seat S``.

The scenario is replayed by the scenario package first (every rule and every located error
is the replay's; ``expect`` is compared with the replay's result as in ``cinch replay``),
then rebuilt as a core :class:`~tutorial.engine.state.State` with its whole history and
handed to :func:`~tutorial.coach.review.review` or :func:`~tutorial.coach.advise.advise`.
Exit codes as ``cinch replay``: 0 done and matched, 1 an expectation failed, 2 invalid input.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeAlias, TypeVar

from tutorial.bots.evaluator.result import json_number
from tutorial.cli.args import MAX_SEED, count, seat
from tutorial.cli.report import (
    FileReport,
    JobResult,
    expectation,
    print_report,
    replayed_hand,
    run_job,
)
from tutorial.coach.advise import DEFAULT_BOT, PLAYOUT_BOTS, Advice, advise
from tutorial.coach.labels import LABEL_TEXT
from tutorial.coach.review import Decision, Review, review
from tutorial.engine.actions import Action
from tutorial.engine.hand import Phase
from tutorial.engine.seats import SEAT_LETTERS, SUIT_LETTERS
from tutorial.engine.state import State
from tutorial.i18n import LANGS, Translator, get_translator
from tutorial.jsonvalue import JsonObject
from tutorial.scenario.files import compare, hand_state
from tutorial.scenario.results import HandReport
from tutorial.yamldoc import Where, YamlDoc

MAX_SAMPLES = 200
BOT_HELP = (
    "the bot that finishes the bidding and plays the evaluator's worlds of a call, trump or "
    f"keep out, every seat seeing only its own cards: {', '.join(PLAYOUT_BOTS)} (default "
    f"{DEFAULT_BOT}: the one evaluator's policy, the hint's and the expert's; random or expert "
    "show what each option brings if every seat played like that bot, expert hundreds of times "
    "slower; cards are solved whatever it is; docs/coach.md)"
)


state_of = hand_state
"""The core state of a ``hand`` scenario the replay accepted, with its full history."""

V = TypeVar("V")
Job: TypeAlias = Callable[[State, Where, HandReport], tuple[V, JsonObject]]
"""The command's work on the state a hand stops at (and its replay's report): what it worked
out and its JSON form."""


def _run_file(path: Path, name: str, job: Job[V]) -> FileReport[V]:
    def run(doc: YamlDoc, where: Where) -> JobResult[V]:
        rep = replayed_hand(doc, where, "this command")
        assert isinstance(rep.report, HandReport)  # a hand scenario
        expect = expectation(doc, where)
        value, result = job(state_of(doc.data, where), where, rep.report)
        return JobResult(value, result, compare(expect, rep.result) if expect else [])

    return run_job(path, name, run)


def _review_job(args: argparse.Namespace, t: Translator) -> Job[Review]:
    def job(state: State, where: Where, hand: HandReport) -> tuple[Review, JsonObject]:
        if hand.thrown_in:
            raise where.error(
                ("bids",), "everyone passed: the hand is thrown in, nothing to review"
            )
        if state.phase is not Phase.DONE:
            key = "plays" if "plays" in where.doc.data else "bids"
            raise where.error(
                (key,),
                f"cinch review needs a finished hand; this one stops in the {state.phase.value} "
                "phase (use cinch advise in the bidding, cinch solve in the play)",
            )
        rv = review(state, args.seat, samples=args.samples, seed=args.seed, bot=args.bot)
        out = rv.to_json()
        out["lang"] = t.lang
        out["decisions"] = [
            {**d.to_json(), "label_text": t(LABEL_TEXT[d.label]), "reason_text": d.reason_text(t)}
            for d in rv.decisions
        ]
        return rv, out

    return job


def _advise_job(args: argparse.Namespace) -> Job[Advice]:
    def job(state: State, where: Where, hand: HandReport) -> tuple[Advice, JsonObject]:
        if state.phase is not Phase.BID or state.to_act != args.seat:
            who = "nobody" if state.phase is not Phase.BID else SEAT_LETTERS[state.to_act]
            raise where.error(
                ("bids",),
                f"cinch advise needs a hand stopped in the bidding with {SEAT_LETTERS[args.seat]} "
                f"to call; here {who} is to call",
            )
        advice = advise(state, args.seat, samples=args.samples, seed=args.seed, bot=args.bot)
        return advice, advice.to_json()

    return job


def _review_text(t: Translator) -> Callable[[str, Review], None]:
    """The review for people. Each figure is rounded as its JSON gives it, then printed."""

    def body(name: str, r: Review) -> None:
        print(
            f"ok     {name}: seat {SEAT_LETTERS[r.seat]}, {len(r.decisions)} decision(s) "
            f"priced, expected cost {r.total_expected_cost:.2f} (at most {r.samples} worlds a "
            f"card, {round(r.ms, 1) / 1000:.1f} s; calls, trump and keeps played out by "
            f"{r.bot} bots)"
        )
        for d in r.decisions:
            line = t(
                "{moment}: you chose {action}, the best was {best}; expected cost {cost}, "
                "double-dummy cost {dd} — {label}",
                moment=_moment(t, d),
                action=_action_text(t, d.action),
                best=_action_text(t, d.best),
                cost=f"{round(d.expected_cost, 3):.2f}",
                dd=d.dd_cost,
                label=t(LABEL_TEXT[d.label]),
            )
            print(f"  #{d.index:<3} {line}")
            reason = d.reason_text(t)
            if reason:
                print(f"        {reason}")
        for n in r.not_priced:
            print(f"  #{n.index:<3} {n.phase.value}: {n.action} not priced ({n.why})")

    return body


def _action_text(t: Translator, action: Action) -> str:
    """An action as the review prints it: cards, suits and bids in their codes, a pass in
    the learner's language."""
    return t("pass") if str(action) == "pass" else str(action)


def _moment(t: Translator, d: Decision) -> str:
    if d.phase is Phase.PLAY:
        return t("Trick {n}", n=d.trick)
    if d.phase is Phase.REFILL:
        return t("Discard and refill")
    return t("Naming trump") if d.phase is Phase.TRUMP else t("The bidding")


def _advise_body(name: str, r: Advice) -> None:
    """The advice for people. Each figure is rounded as its JSON gives it, then printed."""
    print(
        f"ok     {name}: seat {SEAT_LETTERS[r.seat]}, best call {r.best} "
        f"({r.samples} worlds, every hand played by {r.bot} bots, each seat seeing "
        "only its own cards)"
    )
    for s in r.suits:
        dist = " ".join(f"{k}:{round(v, 3):.0%}" for k, v in s.distribution.items())
        print(
            f"  trump {SUIT_LETTERS[s.suit]}: the side's points, mean {round(s.mean, 3):.2f} "
            f"({dist})"
        )
    for c in r.calls:
        call = str(c.call)
        suit = f" in {SUIT_LETTERS[c.suit]}" if c.suit is not None else ""
        holds = f", holds the contract {round(c.holds, 3):.0%}" if call != "pass" else ""
        se_value = json_number(c.se)
        se = "" if se_value is None else f" ± {2 * se_value:.2f}"
        best = ", one of the best" if c.best else ""
        print(
            f"  {call:>4}{suit}: score change {round(c.score_change, 3):+.2f}, "
            f"net {round(c.net, 3):+.2f}{se}{holds}{best}"
        )
    if r.close:
        close = ", ".join([str(r.best), *(str(c) for c in r.close)])
        print(f"  a close call: {close} are within the noise")


def run_review(args: argparse.Namespace) -> int:
    t = get_translator(args.lang)
    report = _run_file(Path(args.file), args.file, _review_job(args, t))
    print_report(report, args.json, "engine", _review_text(t))
    return report.status


def run_advise(args: argparse.Namespace) -> int:
    report = _run_file(Path(args.file), args.file, _advise_job(args))
    print_report(report, args.json, "engine", _advise_body)
    return report.status


def add_parsers(sub: Any) -> None:
    """Register ``cinch review`` and ``cinch advise`` on the CLI's subparsers."""
    rp = sub.add_parser("review", help="price every decision of one seat in a finished hand")
    rp.add_argument("file", metavar="FILE")
    rp.add_argument("--seat", type=seat, required=True, help="A, B, C or D")
    rp.add_argument(
        "--samples",
        type=count(1, MAX_SAMPLES),
        default=None,
        help="at most this many worlds a decision (default: the table's budget, the same "
        "worlds and values as the hint and the advisor)",
    )
    rp.add_argument("--seed", type=count(0, MAX_SEED), default=0)
    rp.add_argument("--lang", default="en", choices=LANGS)
    rp.add_argument("--bot", default=DEFAULT_BOT, choices=PLAYOUT_BOTS, help=BOT_HELP)
    rp.add_argument("--json", action="store_true")
    rp.set_defaults(func=run_review)
    ap = sub.add_parser("advise", help="the bid advisor for a hand stopped in the bidding")
    ap.add_argument("file", metavar="FILE")
    ap.add_argument("--seat", type=seat, required=True, help="A, B, C or D")
    ap.add_argument(
        "--samples",
        type=count(1, MAX_SAMPLES),
        default=None,
        help="at most this many worlds (default: the table's budget, as the hint)",
    )
    ap.add_argument("--seed", type=count(0, MAX_SEED), default=0)
    ap.add_argument("--bot", default=DEFAULT_BOT, choices=PLAYOUT_BOTS, help=BOT_HELP)
    ap.add_argument("--json", action="store_true")
    ap.set_defaults(func=run_advise)
