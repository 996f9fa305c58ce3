"""``cinch decide FILE --seat S --bot NAME [--seed K] [--json]``: what a bot does where a
``hand`` scenario stops.

The scenario is replayed by the scenario package (every rule and every located error is the
replay's), the state it stops at is rebuilt through the core, and the bot is given only
``observe(state, S)``. With ``--json`` one object ``{"seat", "phase", "action"}``: the
action is a bid number or ``"pass"``, a suit letter, a list of kept cards, or ``{"card",
"beneath"}``. ``expect`` is checked as by ``cinch solve``: ``seat``, ``phase`` and ``action``
against the bot's decision, the replay's fields against the replay's result, the solve's
fields left to ``cinch solve``, anything else a mismatch; a mismatch prints
``FAIL`` lines (``--json``: the report with ``ok`` false and its ``mismatches``). Exit codes
as ``cinch replay``: 0 decided (and matched), 1 an expectation failed, 2 invalid input (a
bad file, an unknown bot, or a seat that is not to act).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutorial.cli.args import MAX_SEED, count, seat
from tutorial.cli.report import (
    FileReport,
    JobResult,
    check_expect,
    print_report,
    replayed_hand,
    run_job,
)
from tutorial.engine.actions import Action, Call, DealerKeep, Keep, NameTrump, PlayCard
from tutorial.engine.cards import CODES
from tutorial.engine.observe import observe
from tutorial.engine.seats import SEAT_LETTERS, SUIT_LETTERS
from tutorial.engine.state import CHANCE, Phase
from tutorial.jsonvalue import Json, JsonObject
from tutorial.scenario.files import hand_state
from tutorial.yamldoc import Key, SourceError, Where, YamlDoc

state_of = hand_state
"""The state a ``hand`` scenario stops at (the scenario already replayed, so valid)."""


def _stop_key(data: Any) -> tuple[Key, ...]:
    """The key of the scenario's last step (where an error about its position points)."""
    plays = data.get("plays") or []
    if plays:
        return ("plays", len(plays) - 1)
    for key in ("trump", "bids"):
        if key in data:
            return (key,)
    return ("kind",)


@dataclass(frozen=True, slots=True)
class Decided:
    """What the bot decided where the scenario stops."""

    seat: int
    phase: Phase
    action: Action

    def to_json(self) -> JsonObject:
        return {
            "seat": SEAT_LETTERS[self.seat],
            "phase": self.phase.value,
            "action": action_json(self.action),
        }


def action_json(action: Action) -> Json:
    """The action in ``cinch decide``'s JSON: 9 / "pass", "H", ["KC"], {"card", "beneath"}."""
    if isinstance(action, Call):
        return "pass" if action.value is None else action.value
    if isinstance(action, NameTrump):
        return SUIT_LETTERS[action.suit]
    if isinstance(action, Keep | DealerKeep):
        return [CODES[c] for c in action.cards]
    if isinstance(action, PlayCard):
        return {"card": CODES[action.card], "beneath": [CODES[c] for c in action.beneath]}
    raise TypeError(f"not a decision: {action!r}")  # pragma: no cover - chance is never one


def decide_file(path: Path, display: str, seat: int, bot: str, seed: int) -> FileReport[Decided]:
    """Run the bot on the file: the report's result is ``{"seat", "phase", "action"}``, or
    its error says (located) what is wrong."""
    from tutorial.bots import BOT_NAMES, decide

    def job(doc: YamlDoc, where: Where) -> JobResult[Decided]:
        if bot not in BOT_NAMES:
            raise SourceError(
                display, None, (), f"unknown bot {bot!r}: expected one of {', '.join(BOT_NAMES)}"
            )
        rep = replayed_hand(doc, where, "cinch decide")
        state = state_of(doc.data, where)
        stop = _stop_key(doc.data)
        if state.phase is Phase.DONE:
            why = "the hand is thrown in" if state.thrown_in else "the hand is over"
            raise where.error(stop, f"{why}: nobody is to act, so there is nothing to decide")
        if state.to_act == CHANCE or state.to_act != seat:
            who = "chance" if state.to_act == CHANCE else SEAT_LETTERS[state.to_act]
            raise where.error(
                stop,
                f"seat {SEAT_LETTERS[seat]} is not to act where the scenario stops "
                f"({state.phase.value}: {who} is to act)",
            )
        decided = Decided(seat, state.phase, decide(bot, observe(state, seat), seed))
        out = decided.to_json()
        return JobResult(decided, out, check_expect(doc, where, out, rep.result, "decide"))

    return run_job(path, display, job)


def run(args: argparse.Namespace) -> int:
    name = args.file
    report = decide_file(Path(name), name, args.seat, args.bot, args.seed)
    if report.failure is not None:
        if args.json:
            print(
                json.dumps({"file": name, "ok": False, "error": report.error}, ensure_ascii=False)
            )
        else:
            print(f"error  {report.failure}")
        return 2
    if report.mismatches:
        print_report(report, args.json, "bot", lambda n, r: None)
        return 1
    out, decided = report.result, report.value
    assert out is not None and decided is not None
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        seat = SEAT_LETTERS[decided.seat]
        print(f"{seat} ({args.bot}, {decided.phase.value}): {_text(decided.action)}")
    return 0


def _text(action: Action) -> str:
    """The action as ``cinch decide`` prints it: 9, pass, H, keep KC 5D (or keep -), 5D/9D."""
    if isinstance(action, PlayCard):
        beneath = " ".join(CODES[c] for c in action.beneath)
        return CODES[action.card] + ("/" + beneath if beneath else "")
    if isinstance(action, Keep | DealerKeep):
        return "keep " + (" ".join(CODES[c] for c in action.cards) or "-")
    return str(action_json(action))


def add_parser(sub: Any) -> None:
    """Register ``cinch decide`` on the CLI's subparsers."""
    dp = sub.add_parser("decide", help="what a bot does where a hand scenario stops")
    dp.add_argument("file", metavar="FILE")
    dp.add_argument("--seat", type=seat, required=True, help="A, B, C or D (any case)")
    from tutorial.bots import BOT_NAMES

    dp.add_argument("--bot", required=True, choices=BOT_NAMES, help="the bot that decides")
    dp.add_argument("--seed", type=count(0, MAX_SEED), default=0)
    dp.add_argument("--json", action="store_true")
    dp.set_defaults(func=run)
