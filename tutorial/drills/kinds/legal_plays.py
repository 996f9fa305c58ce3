"""Drill: which cards may this player play?"""

from __future__ import annotations

import random

from tutorial.drills.kinds.common import (
    HAND_SIZE,
    L_LEAVES,
    L_PLAIN_LED,
    L_TRUMP_LED,
    L_VOID,
    LEFT_HELD,
    SUITS,
    lead_line,
    line,
    mask,
    run,
    shown_trick,
    trump_line,
)
from tutorial.drills.model import Puzzle, TableShow
from tutorial.engine.cards import CODES, Suit, mask_codes
from tutorial.engine.profiles import DEFAULT_PROFILE
from tutorial.engine.seats import Seat
from tutorial.engine.trumps import EFFECTIVE_SUIT, LEFT_PEDRO, TRUMP_MASK
from tutorial.i18n import N_
from tutorial.jsonvalue import JsonObject
from tutorial.scenario.fields import SEATS
from tutorial.scenario.moments import Moment, shown
from tutorial.scenario.results import LegalReport


def legal_plays(seed: int, difficulty: int) -> Puzzle:
    """1: plain suit led, plain cases; 2: the Left Pedro's printed suit led, or a void hand;
    3: trump led (possibly the Left Pedro) with the Left Pedro the only trump in hand."""
    rng = random.Random(f"legal-plays/{difficulty}/{seed}")
    trump = rng.randrange(4)
    tm = TRUMP_MASK[trump]
    left = LEFT_PEDRO[trump]
    leader = rng.randrange(4)
    before = 1 + rng.randrange(3)
    deck = [c for c in range(52) if c != left]
    rng.shuffle(deck)
    plain = [c for c in deck if not (tm >> c) & 1]
    trumps = [c for c in deck if (tm >> c) & 1]
    if difficulty == 1:
        lead = plain[0]
        suit = [c for c in plain[1:] if c // 13 == lead // 13]
        off = [c for c in plain[1:] if c // 13 != lead // 13]
        hand = [*suit[:2], trumps[0], *off[:3]]
        others = [*suit[2 : 2 + before - 1], *off[3 : 3 + before]][: before - 1]
    elif difficulty == 2:
        printed = 3 - trump
        if rng.random() < 0.5:  # the Left Pedro's printed suit is led
            lead = next(c for c in plain if c // 13 == printed)
            suit = [c for c in plain if c // 13 == printed and c != lead]
            off = [c for c in plain if c // 13 != printed]
            hand = [left, *suit[: rng.randrange(2)], trumps[0], *off[:4]][:HAND_SIZE]
        else:  # a void hand: nothing of the suit led
            lead = plain[0]
            off = [c for c in plain[1:] if c // 13 != lead // 13]
            hand = [left, trumps[0], *off[:4]]
        others = [c for c in plain if c not in hand and c != lead][: before - 1]
    else:
        lead = left if rng.random() < 0.4 else trumps[0]
        off = list(plain)
        hand = [left, *off[:5]] if lead != left else [trumps[1], *off[:5]]
        others = [c for c in off[5:] if c not in hand][: before - 1]
    seen = {lead, *others}
    hand = [c for c in dict.fromkeys(hand) if c not in seen][:HAND_SIZE]
    scenario: JsonObject = {
        "kind": "legal",
        "trump": SUITS[trump],
        "leader": SEATS[leader],
        "cards": [CODES[c] for c in [lead, *others]],
        "hand": [CODES[c] for c in hand],
    }
    r = run(scenario, LegalReport)
    seat = r.seat.letter
    assert r.led_suit is not None
    led = int(r.led_suit)
    legal = [c.code for c in r.legal]
    lines = [trump_line(trump), lead_line(trump, leader, lead, led)]
    held = [c for c in hand if (tm >> c) & 1]
    if led == trump:
        if held:
            lines.append(
                line(
                    N_("{seat} holds trumps ({cards}), so must play one of them."),
                    L_TRUMP_LED,
                    seat=seat,
                    cards=mask_codes(mask(held)),
                )
            )
        else:
            lines.append(
                line(N_("{seat} holds no trump, so may play any card."), L_VOID, seat=seat)
            )
    else:
        follow = [c for c in hand if EFFECTIVE_SUIT[trump][c] == led]
        if left in hand and left // 13 == led:
            lines.append(line(LEFT_HELD[left // 13], L_LEAVES, card=CODES[left]))
        if follow:
            lines.append(
                line(
                    N_(
                        "{seat} holds {led_suit} ({cards}): {seat} may follow suit "
                        "or play a trump, but not another plain suit."
                    ),
                    L_PLAIN_LED,
                    seat=seat,
                    led_suit=SUITS[led],
                    cards=mask_codes(mask(follow)),
                )
            )
            if held:
                lines.append(
                    line(
                        N_("{seat}'s trumps: {cards}."),
                        L_PLAIN_LED,
                        seat=seat,
                        cards=mask_codes(mask(held)),
                    )
                )
        else:
            lines.append(
                line(
                    N_("{seat} holds no {led_suit}, so may play any card."),
                    L_VOID,
                    seat=seat,
                    led_suit=SUITS[led],
                )
            )
    lines.append(line(N_("{seat} may play: {cards}."), None, seat=seat, cards=legal))
    return Puzzle(
        "legal-plays",
        seed,
        difficulty,
        DEFAULT_PROFILE,
        scenario,
        line(N_("Which cards may {seat} play?"), seat=seat),
        "cards",
        tuple(legal),
        tuple(lines),
        show=TableShow(
            Moment(
                "position",
                trump=Suit(trump),
                hands=shown({r.seat: r.hand}),
                leader=Seat(leader),
                trick=shown_trick(leader, [lead, *others], (), -1),
                to_play=r.seat,
            ),
            pick=r.hand,
        ),
    )
