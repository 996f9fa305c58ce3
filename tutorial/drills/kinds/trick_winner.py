"""Drill: which card wins this trick?"""

from __future__ import annotations

import random

from tutorial.drills.kinds.common import (
    L_CAPTOR,
    L_LEAVES,
    L_ORDER,
    L_PILE,
    L_WINS,
    LEFT_PLAYED,
    POINTS,
    SUITS,
    count,
    lead_line,
    line,
    run,
    shown_trick,
    trump_line,
)
from tutorial.drills.model import Puzzle, TableShow
from tutorial.engine.cards import CODES, Card, Suit
from tutorial.engine.hand import point_table
from tutorial.engine.profiles import DEFAULT_PROFILE, get_profile
from tutorial.engine.seats import Seat
from tutorial.engine.trumps import EFFECTIVE_SUIT, LEFT_PEDRO, RIGHT_PEDRO, TRUMP_MASK, TRUMP_ORDER
from tutorial.i18n import N_
from tutorial.jsonvalue import JsonObject
from tutorial.scenario.fields import SEATS
from tutorial.scenario.moments import Moment
from tutorial.scenario.results import TrickReport


def trick_winner(seed: int, difficulty: int) -> Puzzle:
    """1: no trump played; 2: ruffs with the Left Pedro; 3: both Pedros and an open pile."""
    rng = random.Random(f"trick-winner/{difficulty}/{seed}")
    profile = get_profile(DEFAULT_PROFILE)
    trump = rng.randrange(4)
    tm = TRUMP_MASK[trump]
    leader = rng.randrange(4)
    deck = list(range(52))
    rng.shuffle(deck)
    plain = [c for c in deck if not (tm >> c) & 1]
    trumps = list(TRUMP_ORDER[trump])
    rng.shuffle(trumps)
    pile: tuple[int, ...] = ()
    pile_at = -1
    if difficulty == 1:
        lead = plain[0]
        same = [c for c in plain[1:] if c // 13 == lead // 13]
        other = [c for c in plain[1:] if c // 13 != lead // 13]
        cards = [lead, same[0], *rng.sample([same[1], other[0], other[1], same[2]], 2)]
    elif difficulty == 2:
        lead = next(c for c in plain if c // 13 == 3 - trump) if rng.random() < 0.5 else plain[0]
        rest = [c for c in plain if c != lead and c // 13 == lead // 13]
        extra = [c for c in trumps if c != LEFT_PEDRO[trump]]
        cards = [lead, LEFT_PEDRO[trump], extra[0], rest[0]]
        cards[1:] = rng.sample(cards[1:], 3)
    else:
        pedros = [RIGHT_PEDRO[trump], LEFT_PEDRO[trump]]
        scoring = point_table(profile, trump, tm).scoring_trumps  # they may not go beneath
        free = [c for c in trumps if not (scoring >> c) & 1]
        lead = plain[0] if rng.random() < 0.5 else free[0]
        others = [c for c in (free[1], free[2], plain[1]) if c != lead]
        cards = [lead, *pedros, others[0]]
        cards[1:] = rng.sample(cards[1:], 3)
        pile_at = rng.randrange(4)
        pool = [c for c in free if c not in cards]
        pile = tuple(pool[: 1 + rng.randrange(2)])
        if not (tm >> cards[pile_at]) & 1:  # a pile comes from a hand of all trumps
            pile_at = next(i for i, c in enumerate(cards) if (tm >> c) & 1)
    played: list[str | list[str]] = [CODES[c] for c in cards]
    if pile:
        played[pile_at] = [CODES[cards[pile_at]], *(CODES[c] for c in pile)]
    scenario: JsonObject = {
        "kind": "trick",
        "trump": SUITS[trump],
        "leader": SEATS[leader],
        "cards": played,
    }
    r = run(scenario, TrickReport)
    led = int(r.led_suit)
    lines = [trump_line(trump), lead_line(trump, leader, cards[0], led)]
    for i, c in enumerate(cards[1:], 1):
        seat = SEATS[(leader + i) % 4]
        if c == LEFT_PEDRO[trump]:
            lines.append(line(LEFT_PLAYED[c // 13], L_LEAVES, seat=seat, card=CODES[c]))
        elif (tm >> c) & 1:
            lines.append(
                line(N_("{seat} plays {card}, a trump."), L_ORDER, seat=seat, card=CODES[c])
            )
        elif EFFECTIVE_SUIT[trump][c] == led:
            lines.append(
                line(
                    N_("{seat} plays {card}: it follows {led_suit}."),
                    L_WINS,
                    seat=seat,
                    card=CODES[c],
                    led_suit=SUITS[led],
                )
            )
        else:
            lines.append(
                line(
                    N_("{seat} plays {card}: neither {led_suit} nor a trump, so it cannot win."),
                    L_WINS,
                    seat=seat,
                    card=CODES[c],
                    led_suit=SUITS[led],
                )
            )
    if pile:
        lines.append(
            line(
                N_(
                    "Beneath {seat}'s top card lie {cards}: they do not contest the "
                    "trick, but go with it to the winner."
                ),
                L_PILE,
                seat=SEATS[(leader + pile_at) % 4],
                cards=[CODES[c] for c in pile],
            )
        )
    if r.trumped:
        lines.append(
            line(
                N_("The highest trump played is {card}: {seat} wins."),
                L_ORDER,
                card=r.winning_card.code,
                seat=r.winner.letter,
            )
        )
    else:
        lines.append(
            line(
                N_("No trump was played: {card} is the highest card of the suit led; {seat} wins."),
                L_WINS,
                card=r.winning_card.code,
                seat=r.winner.letter,
            )
        )
    pts = r.points.ac + r.points.bd
    if pts:
        team = r.winner.team.label
        lines.append(
            line(
                N_("The trick carries {points}, for {team}."),
                L_CAPTOR,
                points=count(POINTS, pts),
                team=team,
            )
        )
    return Puzzle(
        "trick-winner",
        seed,
        difficulty,
        profile.name,
        scenario,
        line(N_("Which card wins this trick?")),
        "cards",
        (r.winning_card.code,),
        tuple(lines),
        show=TableShow(
            Moment(
                "position",
                trump=Suit(trump),
                leader=Seat(leader),
                trick=shown_trick(leader, cards, pile, pile_at),
            ),
            pick=tuple(Card(c) for c in cards),
        ),
    )
