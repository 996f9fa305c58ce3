"""Lesson 9 on evidence: each tip measured over many random deals where its situation arises.

Deals are dealt at random (62-point game, a fresh game 0–0) and played by the ``rules`` bot at
every seat. At each decision the script asks whether a tip's situation has arisen for the seat
to act (at most once per tip and deal, so the situations are independent); if so, the one
evaluator of the coach (:func:`tutorial.bots.evaluator.evaluate`, issue 23) prices the decision
from that seat's observation only, and the tip's action is compared with the alternative the
tip argues against. Each side of the comparison is the best-valued action of its class (the
best trump lead against the best plain lead, …), so a tip is not credited for a badly chosen
alternative. The unit is the evaluator's objective: the expected change of (our side's game
score − the other side's) over the hand.

Per tip: n situations, the mean advantage of the tip's action, its standard error over the
situations and a 95 % confidence interval (mean ± 1.96 SE), and the share of situations where
the tip's action is in the evaluator's best set. A tip whose interval contains 0 is not
supported and must be reworded or dropped.

    nice -n 10 flock /tmp/cinch-heavy.lock \\
        .venv/bin/python scripts/measure_tips.py --situations 500 --seed 1 --write docs/tips.md

``--situations N`` per tip; ``--find-only`` counts the situations without pricing them (fast);
``--tips a,b`` measures only those tips; ``--jsonl FILE`` keeps every situation's values.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from tutorial.bots import decide
from tutorial.engine.actions import Action, Call, NameTrump, PlayCard
from tutorial.engine.cards import CODES
from tutorial.engine.observe import observe
from tutorial.engine.profiles import PAGAT_62
from tutorial.engine.state import Phase, State
from tutorial.engine.trumps import EFFECTIVE_SUIT, TRICK_KEY, TRUMP_MASK

SUITS = "CDHS"
BOT = "rules"


# -- the facts a tip looks at ------------------------------------------------------------------


def pedros(trump: int) -> tuple[int, int]:
    """(Right Pedro, Left Pedro) card indexes: the fives of the trump suit and of its twin."""
    return trump * 13 + 3, (3 - trump) * 13 + 3


def is_trump(card: int, trump: int) -> bool:
    return bool(TRUMP_MASK[trump] >> card & 1)


def bits(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def played_cards(s: State) -> set[int]:
    out: set[int] = set()
    for tr in s.tricks:
        for p in tr.plays:
            out.add(p.card)
            out.update(p.beneath)
    for p in s.trick_plays:
        out.add(p.card)
        out.update(p.beneath)
    return out


def wins_now(s: State, card: int) -> bool:
    """Whether ``card`` would be winning the trick if played now (a lead always is)."""
    if not s.trick_plays:
        return True
    led = EFFECTIVE_SUIT[s.trump][s.trick_plays[0].card]
    keys = TRICK_KEY[s.trump][led]
    return all(keys[card] > keys[p.card] for p in s.trick_plays)


def winning_seat(s: State) -> int:
    led = EFFECTIVE_SUIT[s.trump][s.trick_plays[0].card]
    keys = TRICK_KEY[s.trump][led]
    return max(s.trick_plays, key=lambda p: keys[p.card]).seat


def cards_of(s: State, seat: int) -> list[int]:
    return bits(s.hands[seat])


def plays(cards: Iterable[int]) -> tuple[Action, ...]:
    return tuple(PlayCard(c, ()) for c in cards)


# -- the tips: where each situation arises, and the two classes of action compared ---------------


@dataclass(frozen=True)
class Situation:
    tip: tuple[Action, ...]
    """The actions that follow the tip (the best of them is compared)."""
    alt: tuple[Action, ...]
    """The actions the tip argues against."""
    note: str = ""


Finder = Callable[[State], Situation | None]


def _card_phase(s: State) -> bool:
    return s.phase is Phase.PLAY and not s.pile_size()


def capture_a_pedro(s: State) -> Situation | None:
    """t09-pedros: an opponent's Pedro is in the trick and the seat can take the trick or not.
    Tip: a card that wins the trick now; alternative: a card that does not."""
    if not _card_phase(s) or not s.trick_plays:
        return None
    seat, trump = s.to_act, s.trump
    theirs = [p for p in s.trick_plays if p.card in pedros(trump) and (p.seat ^ seat) & 1]
    if not theirs:
        return None
    legal = bits(s.legal_play_mask())
    own = set(pedros(trump))
    win = [c for c in legal if wins_now(s, c) and c not in own]
    lose = [c for c in legal if not wins_now(s, c) and c not in own]
    if not win or not lose:
        return None
    return Situation(plays(win), plays(lose), f"{len(s.trick_plays) + 1} to play")


def lead_trumps_early(s: State) -> Situation | None:
    """t09-lead-trumps: the high bidder leads to the first trick, holding trumps and plain
    cards. Tip: a trump lead; alternative: a plain-suit lead."""
    if not _card_phase(s) or s.tricks or s.trick_plays or s.to_act != s.high_seat:
        return None
    legal = bits(s.legal_play_mask())
    tr = [c for c in legal if is_trump(c, s.trump)]
    plain = [c for c in legal if not is_trump(c, s.trump)]
    if not tr or not plain:
        return None
    return Situation(plays(tr), plays(plain))


def pedro_under_partner(s: State) -> Situation | None:
    """t09-under-partner: the partner is winning the trick and the seat may play a Pedro.
    Tip: the Pedro; alternative: any other card. The note says whether the seat plays last
    (nobody can beat the partner's card any more)."""
    if not _card_phase(s) or not s.trick_plays:
        return None
    seat = s.to_act
    if (winning_seat(s) ^ seat) & 1:
        return None
    legal = bits(s.legal_play_mask())
    mine = [c for c in legal if c in pedros(s.trump)]
    rest = [c for c in legal if c not in pedros(s.trump)]
    if not mine or not rest:
        return None
    last = len(s.trick_plays) == 3
    return Situation(plays(mine), plays(rest), "last" if last else "not last")


def _fair_suit(hand: int) -> int | None:
    """A suit in which the hand holds the Right Pedro and at least three more trumps (Left
    Pedro included): the lesson's 'fair hand' (5♠ K♠ 10♠ 8♠)."""
    for t in range(4):
        right, _left = pedros(t)
        if hand >> right & 1 and (hand & TRUMP_MASK[t]).bit_count() >= 4:
            return t
    return None


def bid_on_strength(s: State) -> Situation | None:
    """t09-bid: the first seat to speak holds a fair hand (a Right Pedro and three more of its
    trumps). Tip: bid 8 (what such a hand takes); alternative: bid 11 (what one hopes for)."""
    if s.phase is not Phase.BID or s.calls:
        return None
    if _fair_suit(s.hands[s.to_act]) is None:
        return None
    return Situation((Call(8),), (Call(11),))


def load_with_trumps(s: State) -> Situation | None:
    """t09-discard: the high bidder names trump. Tip: the suit that keeps the most cards
    (trumps after the discard, Left Pedro included); alternative: every other suit."""
    if s.phase is not Phase.TRUMP:
        return None
    hand = s.hands[s.to_act]
    kept = {t: (hand & TRUMP_MASK[t]).bit_count() for t in range(4)}
    most = max(kept.values())
    longest = [t for t in range(4) if kept[t] == most]
    if len(longest) != 1:
        return None
    others = [t for t in range(4) if t != longest[0]]
    return Situation((NameTrump(longest[0]),), tuple(NameTrump(t) for t in others))


def count_the_pedros(s: State) -> Situation | None:
    """t09-count: on lead after the first trick, the seat holds the highest trump still in
    play and a lower one, and a Pedro is still out (not played, not in the seat's hand).
    Tip: lead the master trump; alternative: lead a lower trump."""
    if not _card_phase(s) or not s.tricks or s.trick_plays:
        return None
    trump = s.trump
    gone = played_cards(s)
    mine = cards_of(s, s.to_act)
    out = [p for p in pedros(trump) if p not in gone and p not in mine]
    if not out:
        return None
    keys = TRICK_KEY[trump][trump]
    left = [c for c in bits(TRUMP_MASK[trump]) if c not in gone]
    master = max(left, key=lambda c: keys[c])
    if master not in mine:
        return None
    lower = [c for c in mine if is_trump(c, trump) and c != master]
    if not lower:
        return None
    return Situation(plays([master]), plays(lower))


TIPS: dict[str, tuple[str, Finder]] = {
    "t09-pedros": ("capture the opponents' Pedros", capture_a_pedro),
    "t09-lead-trumps": ("lead trumps early", lead_trumps_early),
    "t09-under-partner": ("play your Pedro on your partner's winning trick", pedro_under_partner),
    "t09-bid": ("bid what the side can take: 8, not 11, on a fair hand", bid_on_strength),
    "t09-discard": ("name the suit you hold most of", load_with_trumps),
    "t09-count": ("lead the master trump while a Pedro is out", count_the_pedros),
}


# -- playing deals and collecting situations --------------------------------------------------


def situations_of_deal(
    rng: random.Random, wanted: Sequence[str], seed: int
) -> Iterable[tuple[str, State, Situation]]:
    """Play one random deal with the rules bot; yield (tip, state copy, situation) the first
    time each wanted tip's situation arises in it."""
    s = State.random_deal(PAGAT_62, rng.randrange(4), rng)
    seen: set[str] = set()
    while not s.is_terminal():
        if s.is_chance():
            s.apply(s.chance_outcome(rng))
            continue
        for name in wanted:
            if name in seen:
                continue
            found = TIPS[name][1](s)
            if found is not None:
                seen.add(name)
                yield name, s.copy(), found
        s.apply(decide(BOT, observe(s, s.to_act), seed))


@dataclass
class Tally:
    diffs: list[float] = field(default_factory=list)
    in_best: int = 0
    notes: dict[str, list[float]] = field(default_factory=dict)

    def add(self, diff: float, best: bool, note: str) -> None:
        self.diffs.append(diff)
        self.in_best += best
        if note:
            self.notes.setdefault(note, []).append(diff)


def mean_ci(xs: Sequence[float]) -> tuple[float, float, float, float]:
    """(mean, standard error, low, high): the 95 % interval mean ± 1.96 SE."""
    n = len(xs)
    if n == 0:
        return (math.nan,) * 4
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n)
    return m, se, m - 1.96 * se, m + 1.96 * se


def evaluator() -> ModuleType:
    """The coach's evaluator (issue 23, ``tutorial/bots/evaluator/``): the one module that
    prices a decision from the deciding seat's observation."""
    try:
        return importlib.import_module("tutorial.bots.evaluator")
    except ModuleNotFoundError as exc:  # pragma: no cover - before issue 23 lands
        raise SystemExit(f"measure_tips: the coach's evaluator is not here ({exc})") from exc


def price(state: State, found: Situation, seed: int, budget: str) -> tuple[float, bool]:
    """The tip's advantage in this situation (best tip action − best alternative) and whether
    the best tip action is in the evaluator's best set."""
    obs = observe(state, state.to_act)
    module = evaluator()
    ev = module.evaluate(
        obs, seed=seed, budget=module.BUDGETS[budget], include=(*found.tip, *found.alt)
    )
    value = {o.action: o for o in ev.options}
    tip = max((value[a] for a in found.tip if a in value), key=lambda o: o.value)
    alt = max((value[a] for a in found.alt if a in value), key=lambda o: o.value)
    return tip.value - alt.value, bool(tip.best)


def measure(
    per_tip: int,
    seed: int,
    wanted: Sequence[str],
    find_only: bool,
    jsonl: Path | None,
    budget: str = "table",
) -> tuple[dict[str, Tally], int]:
    rng = random.Random(seed)
    tallies = {name: Tally() for name in wanted}
    deals = 0
    sink = jsonl.open("w", encoding="utf-8") if jsonl else None
    start = time.monotonic()
    while any(len(tallies[n].diffs) < per_tip for n in wanted):
        deals += 1
        todo = [n for n in wanted if len(tallies[n].diffs) < per_tip]
        for name, state, found in situations_of_deal(rng, todo, seed + deals):
            if find_only:
                tallies[name].add(0.0, False, found.note)
                continue
            diff, best = price(state, found, seed=deals, budget=budget)
            tallies[name].add(diff, best, found.note)
            if sink:
                record = {"tip": name, "deal": deals, "diff": diff, "best": best}
                record["note"] = found.note
                record["tip_actions"] = [str(a) for a in found.tip]
                record["alt_actions"] = [str(a) for a in found.alt]
                sink.write(json.dumps(record) + "\n")
        if deals % 50 == 0:
            done = ", ".join(f"{n} {len(tallies[n].diffs)}" for n in wanted)
            print(f"# {deals} deals, {time.monotonic() - start:.0f} s: {done}", file=sys.stderr)
    if sink:
        sink.close()
    return tallies, deals


def from_jsonl(path: Path, per_tip: int, wanted: Sequence[str]) -> tuple[dict[str, Tally], int]:
    """The tallies of a saved run: the first ``per_tip`` situations of each wanted tip, and the
    number of deals played to reach them."""
    tallies = {name: Tally() for name in wanted}
    deals = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        t = tallies.get(r["tip"])
        if t is None or len(t.diffs) >= per_tip:
            continue
        t.add(float(r["diff"]), bool(r["best"]), str(r.get("note", "")))
        deals = max(deals, int(r["deal"]))
    return tallies, deals


def compare(a: Path, b: Path) -> str:
    """Two saved runs of the same seed side by side on the situations both priced (the same
    deals give the same situations): per tip, each run's mean and the mean of the paired
    differences with its 95 % interval."""

    def load(path: Path) -> dict[tuple[str, int], float]:
        rows = (json.loads(x) for x in path.read_text(encoding="utf-8").splitlines())
        return {(r["tip"], int(r["deal"])): float(r["diff"]) for r in rows}

    left, right = load(a), load(b)
    lines = [
        f"| tip | shared situations | mean ({a.name}) | mean ({b.name}) | paired difference |",
        "|---|---|---|---|---|",
    ]
    for name in TIPS:
        keys = [k for k in left if k[0] == name and k in right]
        if not keys:
            continue
        m1 = sum(left[k] for k in keys) / len(keys)
        m2 = sum(right[k] for k in keys) / len(keys)
        d, _se, lo, hi = mean_ci([left[k] - right[k] for k in keys])
        lines.append(
            f"| `{name}` | {len(keys)} | {m1:+.2f} | {m2:+.2f} | {d:+.2f} [{lo:+.2f}, {hi:+.2f}] |"
        )
    return "\n".join(lines) + "\n"


def report(tallies: dict[str, Tally], deals: int, argv: Sequence[str], elapsed: float) -> str:
    load = os.getloadavg()[0]
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "| tip | situation | n | mean advantage | SE | 95 % interval | tip in the best set |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, t in tallies.items():
        m, se, lo, hi = mean_ci(t.diffs)
        n = len(t.diffs)
        share = f"{100 * t.in_best / n:.0f} %" if n else "—"
        lines.append(
            f"| `{name}` | {TIPS[name][0]} | {n} | {m:+.2f} | {se:.2f} | "
            f"[{lo:+.2f}, {hi:+.2f}] | {share} |"
        )
        for note, xs in sorted(t.notes.items()):
            m2, se2, lo2, hi2 = mean_ci(xs)
            lines.append(
                f"| | … {note} | {len(xs)} | {m2:+.2f} | {se2:.2f} | [{lo2:+.2f}, {hi2:+.2f}] | |"
            )
    cmd = " ".join(["scripts/measure_tips.py", *argv])
    head = (
        f"Measured {when}, {deals} random deals, {elapsed / 60:.1f} min, load average "
        f"{load:.1f}: `{cmd}`."
    )
    return head + "\n\n" + "\n".join(lines) + "\n"


BEGIN, END = "<!-- measure_tips: begin -->", "<!-- measure_tips: end -->"


def write_docs(path: Path, table: str) -> None:
    """Replace the generated part of ``path`` (between the markers) with ``table``."""
    text = path.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        raise SystemExit(f"{path}: the markers {BEGIN} … {END} are missing")
    head, rest = text.split(BEGIN, 1)
    _old, tail = rest.split(END, 1)
    path.write_text(f"{head}{BEGIN}\n{table}{END}{tail}", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    ap.add_argument("--situations", type=int, default=500, help="situations per tip")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tips", default=",".join(TIPS), help="comma-separated tip ids")
    ap.add_argument("--find-only", action="store_true", help="count situations, price none")
    ap.add_argument("--jsonl", type=Path, help="write every situation's values here")
    ap.add_argument(
        "--budget",
        default="table",
        help="the evaluator's budget: table (as at the practice table) or quick (fewer worlds)",
    )
    ap.add_argument("--write", type=Path, help="replace the generated table in this doc")
    ap.add_argument(
        "--compare",
        nargs=2,
        type=Path,
        metavar=("A", "B"),
        help="compare two saved runs (--jsonl) on the situations both priced, and stop",
    )
    ap.add_argument(
        "--from-jsonl",
        type=Path,
        help="make the table from the situations a --jsonl run saved (the first N per tip)",
    )
    args = ap.parse_args(argv)
    wanted = [t for t in args.tips.split(",") if t]
    unknown = [t for t in wanted if t not in TIPS]
    if unknown:
        ap.error(f"unknown tip(s) {', '.join(unknown)}: expected {', '.join(TIPS)}")
    if args.compare:
        print(compare(*args.compare))
        return 0
    start = time.monotonic()
    if args.from_jsonl:
        tallies, deals = from_jsonl(args.from_jsonl, args.situations, wanted)
    else:
        tallies, deals = measure(
            args.situations, args.seed, wanted, args.find_only, args.jsonl, args.budget
        )
    shown = [a for a in (argv if argv is not None else sys.argv[1:]) if a]
    table = report(tallies, deals, shown, time.monotonic() - start)
    print(table)
    if args.write and not args.find_only:
        write_docs(args.write, table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["CODES", "SUITS", "TIPS", "main", "mean_ci"]
