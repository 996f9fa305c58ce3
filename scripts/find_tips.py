"""Search random deals for positions that show the tips of lesson 09 (a developer's tool).

Deals are played by the double-dummy solver (every card its best) from the refill; at each
decision the values of every legal card are looked at for the patterns of the tips. Prints
candidate positions as YAML-ready scenario data (deal, stock, bids, trump, plays so far).

    .venv/bin/python scripts/find_tips.py --deals 200 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from tutorial.engine.cards import CODES, iter_bits
from tutorial.engine.hand import Hand, Phase
from tutorial.engine.profiles import PAGAT_62
from tutorial.solver.analyse import solve, value
from tutorial.solver.position import Position

SUITS = "CDHS"


def pedros(trump: int) -> tuple[int, int]:
    return trump * 13 + 3, (3 - trump) * 13 + 3


def trump_count(mask: int, trump: int) -> int:
    _right, left = pedros(trump)
    n = sum(1 for c in iter_bits(mask) if c // 13 == trump)
    return n + (mask >> left & 1)


def is_trump(c: int, trump: int) -> bool:
    return c // 13 == trump or c == pedros(trump)[1]


def new_hand(deal: dict[int, list[int]], stock: list[int], bid: int, trump: int) -> Hand:
    h = Hand.from_deal(PAGAT_62, 3, deal, stock)
    h.bid(0, bid)
    for s in (1, 2, 3):
        h.bid(s, None)
    h.name_trump(0, trump)
    h.refill()
    return h


def record(
    deal: dict[int, list[int]], stock: list[int], bid: int, trump: int, plays: list[Any]
) -> dict[str, Any]:
    return {
        "deal": {"ABCD"[s]: [CODES[c] for c in deal[s]] for s in range(4)},
        "stock": [CODES[c] for c in stock],
        "bids": [bid, "pass", "pass", "pass"],
        "trump": SUITS[trump],
        "plays": plays,
    }


def winning_now(pos: Position, card: int) -> bool:
    from tutorial.engine.trumps import EFFECTIVE_SUIT, TRICK_KEY

    led = (
        EFFECTIVE_SUIT[pos.trump][pos.plays[0].card]
        if pos.plays
        else EFFECTIVE_SUIT[pos.trump][card]
    )
    keys = TRICK_KEY[pos.trump][led]
    return all(keys[card] > keys[p.card] for p in pos.plays)


def partner_winning(pos: Position) -> bool:
    from tutorial.engine.trumps import EFFECTIVE_SUIT, TRICK_KEY

    led = EFFECTIVE_SUIT[pos.trump][pos.plays[0].card]
    keys = TRICK_KEY[pos.trump][led]
    best = max(pos.plays, key=lambda p: keys[p.card])
    return (best.seat & 1) == (pos.to_play & 1)


def look(
    pos: Position, hand: Hand, an: Any, found: list[dict[str, Any]], base: dict[str, Any]
) -> None:
    side = pos.to_play & 1
    trump = pos.trump
    right, left = pedros(trump)
    vals = {a.card: a.value[side] for a in an.actions}
    trick_no = len(hand.tricks) + 1
    order = len(pos.plays) + 1
    played_before = set()
    for tr in hand.tricks:
        for p in tr.plays:
            played_before.add(p.card)
            played_before.update(p.beneath)
    in_trick = {p.card: p.seat for p in pos.plays}

    def add(kind: str, better: int, worse: int, **extra: Any) -> None:
        found.append(
            {
                "tip": kind,
                "seat": "ABCD"[pos.to_play],
                "trick": trick_no,
                "order": order,
                "better": CODES[better],
                "worse": CODES[worse],
                "values": [vals[better], vals[worse]],
                "hand": [CODES[c] for c in iter_bits(pos.hands[pos.to_play])],
                **extra,
                **base,
            }
        )

    legal = list(vals)
    # capture an opponent's Pedro
    opp_pedro = [c for c, s in in_trick.items() if c in (right, left) and (s & 1) != side]
    if opp_pedro and order >= 3:
        wins = [c for c in legal if winning_now(pos, c) and c not in (right, left)]
        loses = [c for c in legal if not winning_now(pos, c)]
        for h in wins:
            if loses and vals[h] - max(vals[lo] for lo in loses) >= 5:
                lo = max(loses, key=lambda c: vals[c])
                add("capture", h, lo)
                return
    # Pedro under partner's winning card
    if order >= 3 and partner_winning(pos):
        mine = [c for c in legal if c in (right, left)]
        others = [c for c in legal if c not in (right, left) and pos.capture[c] == 0]
        rest = [c for c in legal if c not in (right, left)]
        for pe in mine:
            if others and rest and vals[pe] - max(vals[o] for o in rest) >= 5:
                add("under-partner", pe, max(others, key=lambda c: vals[c]))
                return
    if order == 1:
        # lead trumps early
        if trick_no <= 2:
            tops = [c for c in legal if is_trump(c, trump) and c % 13 >= 11]
            plain = [c for c in legal if not is_trump(c, trump)]
            for h in tops:
                if plain and vals[h] - max(vals[pl] for pl in plain) >= 2:
                    add("lead-trumps", h, max(plain, key=lambda c: vals[c]))
                    return
        # count the Pedros: one fallen, the other out with an opponent
        if trick_no >= 3:
            gone = [p for p in (right, left) if p in played_before]
            out = [p for p in (right, left) if p not in played_before]
            if len(gone) == 1 and len(out) == 1:
                holder = next(s for s in range(4) if pos.hands[s] >> out[0] & 1)
                if (holder & 1) != side:
                    for h in legal:
                        rest = [o for o in legal if o != h]
                        if rest and vals[h] - max(vals[o] for o in rest) >= 5:
                            o = max(rest, key=lambda c: vals[c])
                            add("count", h, o, pedro_out=CODES[out[0]], holder="ABCD"[holder])
                            return


def play_deal(rng: random.Random, found: list[dict[str, Any]], budget: float) -> None:
    deck = list(range(52))
    rng.shuffle(deck)
    deal = {s: sorted(deck[9 * s : 9 * s + 9]) for s in range(4)}
    stock = deck[36:]
    trump = max(range(4), key=lambda t: (trump_count(sum(1 << c for c in deal[0]), t), t))
    if trump_count(sum(1 << c for c in deal[0]), trump) < 3:
        return
    bid = 9
    h = new_hand(deal, stock, bid, trump)
    plays: list[list[Any]] = []
    start = time.perf_counter()
    # trump-choice and bid comparison at the refill
    values = {}
    for t in range(4):
        hh = new_hand(deal, stock, bid, t)
        values[SUITS[t]] = value(Position.from_hand(hh))[0]
        if time.perf_counter() - start > budget:
            return
    counts = {SUITS[t]: trump_count(sum(1 << c for c in deal[0]), t) for t in range(4)}
    found.append(
        {
            "tip": "trump-choice",
            "values": values,
            "counts": counts,
            **record(deal, stock, bid, trump, []),
        }
    )
    while h.phase is Phase.PLAY:
        pos = Position.from_hand(h)
        an = solve(pos)
        base = record(deal, stock, bid, trump, [list(x) for x in plays])
        look(pos, h, an, found, base)
        best = next(a for a in an.actions if a.card == an.best[0])
        card_code: Any = CODES[best.card]
        if best.beneath:
            card_code = [CODES[best.card], *(CODES[c] for c in best.beneath)]
        if not plays or len(plays[-1]) == 4:
            plays.append([])
        plays[-1].append(card_code)
        h.play(pos.to_play, best.card, best.beneath)
        if time.perf_counter() - start > budget:
            return


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=20.0)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    for i in range(args.deals):
        found: list[dict[str, Any]] = []
        try:
            play_deal(rng, found, args.budget)
        except Exception as exc:  # a stock that runs out needs a reshuffle: skip the deal
            print(f"# deal {i} skipped: {type(exc).__name__}", file=sys.stderr)
        for f in found:
            print(json.dumps(f), flush=True)
        print(f"# deal {i} done", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
