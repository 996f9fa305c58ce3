"""``cinch decide FILE --seat S --bot NAME [--seed K] [--json]``: what a bot does where a
``hand`` scenario stops.

The scenario is replayed by the scenario package (every rule and every located error is the
replay's), the state it stops at is rebuilt through the core, and the bot is given only
``observe(state, S)``. With ``--json`` one object ``{"seat", "phase", "action"}``: the
action is a bid number or ``"pass"``, a suit letter, a list of kept cards, or ``{"card",
"beneath"}``. Exit codes as ``cinch replay``: 0 decided, 2 invalid input (a bad file, an
unknown bot, or a seat that is not to act).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from tutorial.engine.actions import Action, Call, DealerKeep, Keep, NameTrump, PlayCard
from tutorial.engine.cards import CODES
from tutorial.engine.hand import Hand
from tutorial.engine.observe import observe
from tutorial.engine.profiles import DEFAULT_PROFILE, get_profile
from tutorial.engine.seats import SEAT_LETTERS, SUIT_LETTERS
from tutorial.engine.state import CHANCE, Phase, State
from tutorial.scenario import fields as F
from tutorial.scenario.common import top_and_pile
from tutorial.scenario.replay import replay
from tutorial.yamldoc import Key, SourceError, Where, YamlDoc


def state_of(data: Any, where: Where) -> State:
    """The state a ``hand`` scenario stops at (the scenario already replayed, so valid)."""
    m = data
    profile = get_profile(m.get("profile", DEFAULT_PROFILE))
    dealer = F.seat(where, ("dealer",), m.get("dealer"))
    deal = m["deal"]
    dealt = {s: F.cards(where, ("deal", SEAT_LETTERS[s]), deal[SEAT_LETTERS[s]]) for s in range(4)}
    stock = F.cards(where, ("stock",), m.get("stock"))
    hand = Hand.from_deal(profile, dealer, dealt, stock)
    for i, call in enumerate(m.get("bids") or []):
        value = None if call == "pass" or call is None else F.integer(where, ("bids", i), call)
        hand.bid(hand.to_act, value)
    if hand.phase is not Phase.TRUMP or "trump" not in m:
        return hand.state
    hand.name_trump(hand.to_act, F.suit(where, ("trump",), m["trump"]))
    if hand.state.phase is Phase.REFILL:
        keep = None
        if "keep" in m:
            keep = {
                SEAT_LETTERS.index(k): F.cards(where, ("keep", k), v) for k, v in m["keep"].items()
            }
        dk = F.cards(where, ("dealer_keeps",), m["dealer_keeps"]) if "dealer_keeps" in m else None
        rs = F.cards(where, ("reshuffle",), m["reshuffle"]) if "reshuffle" in m else None
        hand.refill(keep=keep, dealer_keeps=dk, reshuffle=rs)
    for t, trick in enumerate(m.get("plays") or []):
        for k, item in enumerate(trick):
            top, pile = top_and_pile(where, ("plays", t, k), item, {})
            hand.play(hand.to_act, top, pile)
    return hand.state


def _stop_key(data: Any) -> tuple[Key, ...]:
    """The key of the scenario's last step (where an error about its position points)."""
    plays = data.get("plays") or []
    if plays:
        return ("plays", len(plays) - 1)
    for key in ("trump", "bids"):
        if key in data:
            return (key,)
    return ("kind",)


def action_json(action: Action) -> Any:
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


def decide_file(path: Path, display: str, seat: int, bot: str, seed: int) -> dict[str, Any]:
    """Run the bot on the file; raises SourceError (located) for anything wrong."""
    from tutorial.bots import BOT_NAMES, decide

    doc = YamlDoc.load(path, display)
    where = Where(doc)
    if bot not in BOT_NAMES:
        raise SourceError(
            display, None, (), f"unknown bot {bot!r}: expected one of {', '.join(BOT_NAMES)}"
        )
    rep = replay(doc.data, where)
    if rep.kind != "hand":
        raise where.error(("kind",), f"cinch decide needs a `hand` scenario, not {rep.kind!r}")
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
    action = decide(bot, observe(state, seat), seed)
    return {"seat": SEAT_LETTERS[seat], "phase": state.phase.value, "action": action_json(action)}


def run(args: argparse.Namespace) -> int:
    name = args.file
    try:
        out = decide_file(Path(name), name, SEAT_LETTERS.index(args.seat), args.bot, args.seed)
    except SourceError as exc:
        error = {**exc.as_dict(), "text": str(exc)}
        if args.json:
            print(json.dumps({"file": name, "ok": False, "error": error}, ensure_ascii=False))
        else:
            print(f"error  {exc}")
        return 2
    except Exception as exc:  # a bug of ours: still a located report, exit 2
        err = SourceError(name, None, (), f"internal error ({type(exc).__name__}: {exc})")
        if args.json:
            error = {**err.as_dict(), "reason": "internal_error", "text": str(err)}
            print(json.dumps({"file": name, "ok": False, "error": error}, ensure_ascii=False))
        else:
            print(f"error  {err}")
        return 2
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(f"{out['seat']} ({args.bot}, {out['phase']}): {_text(out['action'])}")
    return 0


def _text(action: Any) -> str:
    if isinstance(action, dict):
        return str(action["card"]) + (
            "/" + " ".join(action["beneath"]) if action["beneath"] else ""
        )
    if isinstance(action, list):
        return "keep " + (" ".join(action) or "-")
    return str(action)


def add_parser(sub: Any, seed_type: Any) -> None:
    """Register ``cinch decide`` on the CLI's subparsers."""
    dp = sub.add_parser("decide", help="what a bot does where a hand scenario stops")
    dp.add_argument("file", metavar="FILE")
    dp.add_argument("--seat", required=True, choices=list(SEAT_LETTERS))
    from tutorial.bots import BOT_NAMES

    dp.add_argument("--bot", required=True, choices=BOT_NAMES, help="the bot that decides")
    dp.add_argument("--seed", type=seed_type, default=0)
    dp.add_argument("--json", action="store_true")
    dp.set_defaults(func=run)
