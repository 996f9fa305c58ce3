"""Drill: after the discard, how many cards from the stock does each player add?

The explanation is built from the engine's refill log, card by card: what each player kept,
what came from the old stock, what the dealer took, kept and discarded, and what came from
the new stock when the old one ran out.
"""

from __future__ import annotations

import random

from tutorial.drills.kinds.common import (
    CARDS,
    DEALT,
    HAND_SIZE,
    L_DEALER,
    L_DISCARD,
    L_FILL,
    L_RUNS_OUT,
    L_SIX,
    STOCK_SIZE,
    SUITS,
    TRUMPS,
    count,
    idx,
    line,
    run,
    trump_line,
)
from tutorial.drills.model import Line, Puzzle, TableShow, n
from tutorial.engine.cards import CODES, Card, Suit, mask_codes
from tutorial.engine.hand import Hand
from tutorial.engine.profiles import DEFAULT_PROFILE, get_profile
from tutorial.engine.seats import Seat
from tutorial.engine.trumps import TRUMP_MASK
from tutorial.i18n import N_
from tutorial.jsonvalue import JsonObject
from tutorial.scenario.common import held
from tutorial.scenario.fields import SEATS
from tutorial.scenario.moments import Moment
from tutorial.scenario.results import HandReport, RefillReport, codes

KEEPS = n("keeps {n} trump", "keeps {n} trumps")


def _deal(rng: random.Random, difficulty: int) -> tuple[int, int, list[int], Hand]:
    """A deal (dealer, trump, deck, hand) with the feature the difficulty asks for:
    1: nobody holds 6 trumps and the stock suffices; 2: a player other than the dealer
    already holds 6 or more trumps; 3: the stock runs out and the discards are reshuffled."""
    profile = get_profile(DEFAULT_PROFILE)
    for _ in range(5000):
        dealer = rng.randrange(4)
        deck = list(range(52))
        rng.shuffle(deck)
        trump = rng.randrange(4)
        hand = Hand.from_deck(profile, dealer, deck)
        tm = TRUMP_MASK[trump]
        counts = [(h & tm).bit_count() for h in hand.hands]
        others = [(dealer + i) % 4 for i in (1, 2, 3)]
        # the stock runs out exactly when the four hands together need more than it holds
        runs_out = sum(max(0, HAND_SIZE - c) for c in counts) > STOCK_SIZE
        big = any(counts[s] >= HAND_SIZE for s in others)
        ok = {
            1: not runs_out and not big and max(counts) < HAND_SIZE,
            2: big and not runs_out,
            3: runs_out,
        }[difficulty]
        if ok:
            break
    return dealer, trump, deck, hand


def refill(seed: int, difficulty: int) -> Puzzle:
    """See :func:`_deal` for what each difficulty brings."""
    rng = random.Random(f"refill/{difficulty}/{seed}")
    profile = get_profile(DEFAULT_PROFILE)
    dealer, trump, deck, hand = _deal(rng, difficulty)
    tm = TRUMP_MASK[trump]
    bidder = rng.randrange(4)
    bid = profile.dealer_forced_bid if bidder == dealer else None
    calls: list[int | str] = [
        (bid or profile.bid_min) if (dealer + 1 + i) % 4 == bidder else "pass" for i in range(4)
    ]
    deal = {SEATS[s]: mask_codes(hand.hands[s]) for s in range(4)}
    stock = [CODES[c] for c in deck[4 * DEALT :]]
    scenario: JsonObject = {
        "kind": "hand",
        "dealer": SEATS[dealer],
        "deal": deal,
        "stock": stock,
        "bids": calls,
        "trump": SUITS[trump],
    }
    if sum(max(0, HAND_SIZE - (h & tm).bit_count()) for h in hand.hands) > STOCK_SIZE:
        discards = [
            c for s in range(4) for c in range(52) if (hand.hands[s] >> c) & 1 and not (tm >> c) & 1
        ]
        rng.shuffle(discards)
        scenario["reshuffle"] = [CODES[c] for c in discards]
    r = run(scenario, HandReport)
    log = r.refill
    assert log is not None
    received = {s.letter: codes(log.received[s]) for s in Seat}
    lines = [
        trump_line(trump),
        line(N_("Everyone discards every non-trump and keeps every trump."), L_DISCARD),
    ]
    old = set(stock)
    for s in [(dealer + i) % 4 for i in (1, 2, 3)]:
        lines.extend(_other_lines(SEATS[s], deal[SEATS[s]], trump, received[SEATS[s]], old, log))
    lines.extend(_dealer_lines(SEATS[dealer], deal[SEATS[dealer]], trump, received, old, log))
    answer = tuple(len(received[s]) for s in SEATS)
    return Puzzle(
        "refill",
        seed,
        difficulty,
        profile.name,
        scenario,
        line(
            N_(
                "How many cards from the stock does each player add to their hand? "
                "For the dealer, count only the cards kept."
            )
        ),
        "seat_numbers",
        answer,
        tuple(lines),
        show=TableShow(
            Moment(
                "position",
                dealer=Seat(dealer),
                trump=Suit(trump),
                hands=held(tuple(hand.hands)),
            ),
            stock=tuple(Card(c) for c in deck[4 * DEALT :]),
        ),
    )


def _keeps(number: int) -> Line:
    """ "keeps 2 trumps", or "has no trump" (one form for each count)."""
    if number == 0:
        return line(N_("has no trump"))
    return count(KEEPS, number)


def _trumps_of(codes: list[str], trump: int) -> list[str]:
    return [c for c in codes if (TRUMP_MASK[trump] >> idx(c)) & 1]


def _served(log: RefillReport) -> str | None:
    """The seat being served when the stock ran out (None if it never did)."""
    return None if log.reshuffle_before is None else log.reshuffle_before.letter


def _reshuffle_line(log: RefillReport) -> Line:
    return line(
        N_(
            "The stock has run out: the discarded non-trumps, {cards}, are shuffled into a "
            "new stock."
        ),
        L_RUNS_OUT,
        cards=count(CARDS, len(log.reshuffled or ())),
    )


def _other_lines(
    seat: str, dealt: list[str], trump: int, got: list[str], old: set[str], log: RefillReport
) -> list[Line]:
    kept = _trumps_of(dealt, trump)
    trumps = count(TRUMPS, len(kept))
    keeps = _keeps(len(kept))
    if len(kept) >= HAND_SIZE:
        msg = N_("{seat} keeps {trumps}, {size} or more: {seat} receives nothing.")
        return [line(msg, L_SIX, seat=seat, trumps=trumps, size=HAND_SIZE)]
    if _served(log) != seat:
        msg = N_("{seat} {keeps} and receives {number} from the top of the stock: {cards}.")
        return [line(msg, L_FILL, seat=seat, keeps=keeps, number=count(CARDS, len(got)), cards=got)]
    first = [c for c in got if c in old]
    then = got[len(first) :]
    out = []
    if first:
        msg = N_("{seat} {keeps} and takes the last {number} of the stock: {cards}.")
        out.append(
            line(msg, L_FILL, seat=seat, keeps=keeps, number=count(CARDS, len(first)), cards=first)
        )
    else:
        out.append(
            line(
                N_("{seat} {keeps}, but the stock is empty."),
                L_FILL,
                seat=seat,
                keeps=keeps,
            )
        )
    out.append(_reshuffle_line(log))
    msg = N_("{seat} draws {number} from the top of the new stock: {cards}.")
    out.append(line(msg, L_RUNS_OUT, seat=seat, number=count(CARDS, len(then)), cards=then))
    return out


def _dealer_lines(
    seat: str,
    dealt: list[str],
    trump: int,
    received: dict[str, list[str]],
    old: set[str],
    log: RefillReport,
) -> list[Line]:
    kept = _trumps_of(dealt, trump)
    trumps = count(TRUMPS, len(kept))
    keeps = _keeps(len(kept))
    got = received[seat]
    out = []
    if log.reshuffled is not None and _served(log) != seat:
        # the stock ran out while serving another player: the dealer draws blind
        if got:
            msg = N_(
                "The dealer, {seat}, {keeps}. The stock ran out earlier, so {seat} "
                "draws {number} from the top of the new stock, without looking through it: "
                "{cards}."
            )
            out.append(
                line(
                    msg,
                    L_RUNS_OUT,
                    seat=seat,
                    keeps=keeps,
                    number=count(CARDS, len(got)),
                    cards=got,
                )
            )
        else:
            msg = N_("The dealer, {seat}, keeps {trumps}, {size} or more, and draws nothing.")
            out.append(line(msg, L_SIX, seat=seat, trumps=trumps, size=HAND_SIZE))
    else:
        rest = codes(log.dealer_examined)
        if rest:
            msg = N_(
                "The dealer, {seat}, {keeps} and takes the rest of the stock, {number}: {cards}."
            )
            out.append(
                line(
                    msg,
                    L_DEALER,
                    seat=seat,
                    keeps=keeps,
                    number=count(CARDS, len(rest)),
                    cards=rest,
                )
            )
            rest_trumps = _trumps_of(rest, trump)
            if rest_trumps:
                msg = N_("{seat} keeps every trump among them: {cards}.")
                out.append(line(msg, L_DEALER, seat=seat, cards=rest_trumps))
            else:
                out.append(line(N_("There is no trump among them."), L_DEALER))
            plain_kept = [c for c in got if c in old and c not in rest_trumps]
            if plain_kept and _served(log) == seat:
                # the rest of the stock is not enough: the dealer keeps all of it, still short
                counted = n(
                    "{seat} also keeps {n} other card: {cards}.",
                    "{seat} also keeps {n} other cards: {cards}.",
                )
            else:
                counted = n(
                    "{seat} keeps {n} other card to reach {size}: {cards}.",
                    "{seat} keeps {n} other cards to reach {size}: {cards}.",
                )
            if plain_kept:
                out.append(
                    line(
                        counted,
                        L_DEALER,
                        seat=seat,
                        n=len(plain_kept),
                        size=HAND_SIZE,
                        cards=plain_kept,
                    )
                )
            if log.dealer_discarded:
                msg = N_("{seat} discards the others: {cards}.")
                out.append(line(msg, L_DEALER, seat=seat, cards=codes(log.dealer_discarded)))
        else:
            msg = N_("The dealer, {seat}, {keeps}; nothing is left of the stock.")
            out.append(line(msg, L_DEALER, seat=seat, keeps=keeps))
        if _served(log) == seat:
            then = [c for c in got if c not in old]
            out.append(_reshuffle_line(log))
            msg = N_(
                "{seat} is still short of {size} and draws {number} from the top of the new "
                "stock: {cards}."
            )
            out.append(
                line(
                    msg,
                    L_RUNS_OUT,
                    seat=seat,
                    size=HAND_SIZE,
                    number=count(CARDS, len(then)),
                    cards=then,
                )
            )
    total = n(
        "In all, {seat} adds {n} card from the stock to the hand.",
        "In all, {seat} adds {n} cards from the stock to the hand.",
    )
    out.append(line(total, None, seat=seat, n=len(got)))
    return out
