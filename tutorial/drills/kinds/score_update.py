"""Drill: what is the new score after this hand?"""

from __future__ import annotations

import random

from tutorial.drills.kinds.common import (
    L_DEFENDERS,
    L_NEGATIVE,
    L_SET,
    line,
    run,
    teams,
)
from tutorial.drills.model import Puzzle, ScoreShow
from tutorial.engine.profiles import DEFAULT_PROFILE, Profile, get_profile
from tutorial.engine.seats import Team
from tutorial.i18n import N_
from tutorial.jsonvalue import JsonObject
from tutorial.scenario.fields import TEAMS
from tutorial.scenario.results import ScoreReport


def score_scenario(
    profile: Profile, before: list[int], bidder: int, bid: int, taken: int
) -> tuple[JsonObject, str]:
    """A ``score`` scenario: the bidders took ``taken`` of the hand's points, the defenders
    the rest."""
    pts = [0, 0]
    pts[bidder], pts[1 - bidder] = taken, profile.total_points - taken
    team = TEAMS[bidder]
    return {
        "kind": "score",
        "before": teams(before),
        "bidder": team,
        "bid": bid,
        "points": teams(pts),
    }, team


def random_bid(rng: random.Random, profile: Profile, span: int | None = None) -> int:
    """A bid from the profile's range (its lowest ``span`` values, if given)."""
    width = profile.bid_max - profile.bid_min + 1
    return profile.bid_min + rng.randrange(width if span is None else min(span, width))


def score_update(seed: int, difficulty: int) -> Puzzle:
    """1: the bid is made; 2: the bid fails (the whole bid is lost); 3: a failed bid that
    drives a total below zero, or scores near the end."""
    rng = random.Random(f"score-update/{difficulty}/{seed}")
    profile = get_profile(DEFAULT_PROFILE)
    total = profile.total_points
    below = (profile.go_out_at or profile.target) - 1  # the game goes on after this hand
    bidder = rng.randrange(2)
    bid = random_bid(rng, profile)
    if difficulty == 1:
        taken = bid + rng.randrange(total + 1 - bid)
        before = [rng.randrange(0, below - 4), rng.randrange(0, below - 4)]
    elif difficulty == 2:
        taken = rng.randrange(bid)
        before = [rng.randrange(5, below - 4), rng.randrange(5, below - 4)]
    else:
        taken = rng.randrange(bid)
        before = [rng.randrange(-12, 10), rng.randrange(-12, 10)]
        before[bidder] = rng.randrange(-10, bid)
    before = [min(b, below) for b in before]
    scenario, team = score_scenario(profile, before, bidder, bid, taken)
    r = run(scenario, ScoreReport).score
    defenders = TEAMS[1 - bidder]
    lines = []
    if r.made:
        lines.append(
            line(
                N_("{team} bid {bid} and took {points}, at least the bid: they add {points}."),
                L_DEFENDERS,
                team=team,
                bid=bid,
                points=taken,
            )
        )
    else:
        lines.append(
            line(
                N_(
                    "{team} bid {bid} but took only {points}: they lose the whole "
                    "bid, {bid}, not just the {short} missing."
                ),
                L_SET,
                team=team,
                bid=bid,
                points=taken,
                short=bid - taken,
            )
        )
    lines.append(
        line(
            N_("{team}, the defenders, always add what they took: {points}."),
            L_DEFENDERS,
            team=defenders,
            points=total - taken,
        )
    )
    for team_ in Team:
        side = team_.label
        link = L_NEGATIVE if r.after[team_] < 0 else None
        lines.append(
            line(
                N_("{team}: {before} → {after}."),
                link,
                team=side,
                before=r.before[team_],
                after=r.after[team_],
            )
        )
    return Puzzle(
        "score-update",
        seed,
        difficulty,
        profile.name,
        scenario,
        line(N_("What is the new score?")),
        "team_numbers",
        r.after.pair,
        tuple(lines),
        show=ScoreShow(r.before, r.bidder, r.bid, r.points),
    )
