"""Drill: how many points does each side score this hand?

Every number comes from the profile's point table: which cards score, their values, who
owns each (captor or holder), and how many points were in play.
"""

from __future__ import annotations

import random

from tutorial.drills.kinds.common import (
    L_14,
    L_ALTERNATIVE,
    L_CAPTOR,
    L_LOW,
    L_LOW51,
    L_NOT_IN_PLAY,
    POINTS,
    count,
    line,
    mask,
    run,
    trump_line,
)
from tutorial.drills.model import Line, PointsShow, Puzzle, Value, n
from tutorial.engine.cards import CODES, Card, Suit
from tutorial.engine.hand import point_table
from tutorial.engine.playout import random_playout
from tutorial.engine.profiles import DEFAULT_PROFILE, get_profile
from tutorial.engine.seats import Seat, Team
from tutorial.engine.trumps import TRUMP_MASK
from tutorial.i18n import N_
from tutorial.scenario.export import playout_scenario
from tutorial.scenario.results import HandReport, cards_of

HARD_PROFILE = "classic-51"
"""Difficulty 3 drills the 51-point game, where Low goes to its captor and not every point
is always in play."""


def _held_card(profile_name: str, trump: int) -> int | None:
    """The card of the point scored by its holder (Low in the 62-point game), if any."""
    profile = get_profile(profile_name)
    for rule in profile.points:
        if rule.held:
            return rule.card(trump, TRUMP_MASK[trump])
    return None


def hand_points(seed: int, difficulty: int) -> Puzzle:
    """1: Low captured by the side that held it; 2: Low captured by the other side (it still
    scores for its holder); 3: the 51-point game, where Low is the lowest trump in play and
    goes to its captor, and points left in the stock score for nobody."""
    rng = random.Random(f"hand-points/{difficulty}/{seed}")
    profile = get_profile(HARD_PROFILE if difficulty == 3 else DEFAULT_PROFILE)
    for _ in range(2000):
        p = random_playout(profile, rng.randrange(4), rng)
        if p.bidder is None:
            continue
        held_card = _held_card(profile.name, p.trump)
        if held_card is None:
            break
        held = 0 if (p.start_hands[0] | p.start_hands[2]) >> held_card & 1 else 1
        captor = 0 if (p.captured[0] >> held_card) & 1 else 1
        if (held == captor) == (difficulty == 1):
            break
    scenario = playout_scenario(p, profile.name)
    scenario.pop("expect", None)
    r = run(scenario, HandReport)
    assert r.trump is not None and r.hands_after_refill is not None and r.outcome is not None
    trump = int(r.trump)
    start = r.hands_after_refill
    in_play = mask([c.index for h in start for c in h])
    owners = dict(r.outcome.owners)
    table = {
        name: (card, value, held)
        for name, card, value, held in point_table(profile, trump, in_play).cards
    }
    lines: list[Line] = []
    if profile.name != DEFAULT_PROFILE:
        lines.append(
            line(
                N_("This puzzle follows the rules of the {game}."),
                L_ALTERNATIVE,
                game=profile.name,
            )
        )
    lines.append(trump_line(trump))
    for rule in profile.points:
        owner = owners.get(rule.name)
        if rule.name not in table or owner is None:
            card = rule.card(trump, TRUMP_MASK[trump])
            lines.append(
                line(
                    N_("{card}, {point}, was not in play this hand: nobody scores it."),
                    L_NOT_IN_PLAY,
                    card=CODES[card] if card is not None else "",
                    point=rule.name,
                )
            )
            continue
        card, value, held = table[rule.name]
        values: dict[str, Value] = {
            "card": CODES[card],
            "point": rule.name,
            "points": count(POINTS, value),
            "team": owner.label,
        }
        if held:
            msg = N_("{card}, {point}: {points} for {team}, who held it before play.")
            lines.append(line(msg, L_LOW, **values))
        elif rule.varies:
            msg = N_(
                "{card} is the lowest trump in play, so it is {point}: {points} for "
                "{team}, who captured it."
            )
            lines.append(line(msg, L_LOW51, **values))
        else:
            msg = N_("{card}, {point}: {points} for {team}, who captured it.")
            lines.append(line(msg, L_CAPTOR, **values))
    ac, bd = r.outcome.points.pair
    if ac + bd < profile.total_points:
        lines.append(
            line(
                n(
                    "Total: A and C {ac}, B and D {bd}. Only {n} of the {total} points was "
                    "in play.",
                    "Total: A and C {ac}, B and D {bd}. Only {n} of the {total} points were "
                    "in play.",
                ),
                L_NOT_IN_PLAY,
                ac=ac,
                bd=bd,
                n=ac + bd,
                total=profile.total_points,
            )
        )
    else:
        lines.append(
            line(
                N_("Total: A and C {ac}, B and D {bd}, all {total} points."),
                L_14 if profile.all_points_in_play else L_NOT_IN_PLAY,
                ac=ac,
                bd=bd,
                total=profile.total_points,
            )
        )
    captured: dict[Team, list[Card]] = {team: [] for team in Team}
    for trick in r.tricks:
        captured[trick.winner.team].extend(c for p in trick.plays for c in p.cards)
    held_by: list[tuple[Card, Seat]] = []
    for card, _value, held in table.values():
        if held:
            holder = next(Seat(s) for s, h in enumerate(start) if any(c.index == card for c in h))
            held_by.append((Card(card), holder))
    return Puzzle(
        "hand-points",
        seed,
        difficulty,
        profile.name,
        scenario,
        line(N_("How many points does each side score this hand?")),
        "team_numbers",
        (ac, bd),
        tuple(lines),
        show=PointsShow(
            Suit(trump),
            tuple((team, cards_of(mask([c.index for c in v]))) for team, v in captured.items()),
            tuple(held_by),
        ),
    )
