"""Drill: after this hand, who has won the game?"""

from __future__ import annotations

import random

from tutorial.drills.kinds.common import (
    L_62,
    L_BGO,
    L_BGO_FAILS,
    L_BOTH_62,
    L_DEFENDERS,
    L_SET,
    line,
    run,
)
from tutorial.drills.kinds.score_update import random_bid, score_scenario
from tutorial.drills.model import Puzzle, ScoreShow
from tutorial.engine.profiles import DEFAULT_PROFILE, get_profile
from tutorial.i18n import N_
from tutorial.scenario.fields import TEAMS
from tutorial.scenario.results import ScoreReport


def game_end(seed: int, difficulty: int) -> Puzzle:
    """1: one side may reach the target; 2: both held the bidder-goes-out score (bidder goes
    out); 3: both reach the target on a hand when bidder goes out was not in force, or a
    bidder-goes-out hand that fails."""
    rng = random.Random(f"game-end/{difficulty}/{seed}")
    profile = get_profile(DEFAULT_PROFILE)
    target, total = profile.target, profile.total_points
    go = profile.go_out_at
    assert go is not None, "game-end drills need a profile with bidder goes out"
    bidder = rng.randrange(2)
    bid = random_bid(rng, profile, span=4)
    if difficulty == 1:
        before = [rng.randrange(target - 22, target - 1), rng.randrange(target - 42, go - 1)]
        rng.shuffle(before)
        taken = rng.randrange(total + 1)
    elif difficulty == 2:
        before = [rng.randrange(go, target), rng.randrange(go, target)]
        taken = rng.randrange(total + 1)
    else:
        if rng.random() < 0.5:  # both reach the target with bidder goes out not in force
            before = [rng.randrange(go, target), rng.randrange(go - 5, go)]
            rng.shuffle(before)
            low = 0 if before[0] < before[1] else 1
            need_low = target - before[low]  # the side below ``go`` needs this many points
            need_high = target - before[1 - low]
            pts_low = (
                rng.randrange(need_low, total - need_high + 1)
                if need_low <= total - need_high
                else need_low
            )
            bidder = low if rng.random() < 0.5 else 1 - low
            pts = [0, 0]
            pts[low], pts[1 - low] = pts_low, total - pts_low
            taken = pts[bidder]
            bid = profile.bid_min if taken >= profile.bid_min else bid
        else:  # bidder goes out in force, but the bid fails
            before = [rng.randrange(go, target), rng.randrange(go, target)]
            taken = rng.randrange(bid)
    scenario, team = score_scenario(profile, before, bidder, bid, taken)
    report = run(scenario, ScoreReport)
    r = report.score
    lines = []
    made = (
        N_("{team} bid {bid} and took {points}: made.")
        if r.made
        else N_("{team} bid {bid} and took {points}: set, they lose {bid}.")
    )
    lines.append(line(made, L_SET if not r.made else L_DEFENDERS, team=team, bid=bid, points=taken))
    lines.append(
        line(
            N_("New score: A and C {ac}, B and D {bd}."),
            None,
            ac=r.after.ac,
            bd=r.after.bd,
        )
    )
    if r.bidder_goes_out:
        lines.append(
            line(
                N_("Both sides held {score} or more before the hand: bidder goes out is in force."),
                L_BGO,
                score=go,
            )
        )
    else:
        low_team = TEAMS[0] if before[0] < before[1] else TEAMS[1]
        if min(before) < go and max(r.after.pair) >= go:
            lines.append(
                line(
                    N_(
                        "{team} held only {score} before the hand: bidder goes out is not in force."
                    ),
                    L_BGO,
                    team=low_team,
                    score=min(before),
                )
            )
    both = all(x >= target for x in r.after.pair)
    if report.decided_by == "bidder_goes_out":
        lines.append(
            line(
                N_(
                    "The bidders made their bid: at the end of this hand they win the game, "
                    "whatever the totals."
                ),
                L_BGO,
            )
        )
    elif r.winner is not None:
        if r.bidder_goes_out:
            lines.append(
                line(N_("The bidders failed, so the hand is scored normally."), L_BGO_FAILS)
            )
        lines.append(
            line(
                N_("Only {team} have {target} or more: {team} win."),
                L_62,
                team=r.winner.label,
                target=target,
            )
        )
    elif both:
        lines.append(
            line(
                N_(
                    "Both sides have {target} or more: no winner yet; the next hand is "
                    "played under bidder goes out."
                ),
                L_BOTH_62,
                target=target,
            )
        )
    else:
        lines.append(line(N_("Nobody has won yet: play on."), L_62))
    answer = "none" if r.winner is None else r.winner.label
    return Puzzle(
        "game-end",
        seed,
        difficulty,
        profile.name,
        scenario,
        line(N_("After this hand, who has won the game?")),
        "choice",
        answer,
        tuple(lines),
        options=(*TEAMS, "none"),
        show=ScoreShow(r.before, r.bidder, r.bid, r.points),
    )
