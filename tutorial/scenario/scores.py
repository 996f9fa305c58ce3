"""``score`` and ``game`` scenarios: one hand's effect on the score, a game of hands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutorial.engine.profiles import Profile
from tutorial.engine.scoring import GameScore, score_hand
from tutorial.engine.seats import Team
from tutorial.scenario import fields as F
from tutorial.scenario.common import TEAMS, Replay
from tutorial.scenario.moments import Moment
from tutorial.scenario.results import GameReport, HandScore, Points, ScoreReport
from tutorial.yamldoc import Key, Where


def _points(w: Where, path: tuple[Key, ...], value: Any, profile: Profile) -> tuple[int, int]:
    pts = F.team_numbers(w, path, value)
    if min(pts) < 0:
        raise w.error(path, "points won cannot be negative")
    total = profile.total_points
    if profile.all_points_in_play and sum(pts) != total:
        raise w.error(
            path,
            f"in {profile.name} all {total} points are always in play, so the "
            f"two sides' points must add up to {total}, not {sum(pts)}",
        )
    if sum(pts) > total:
        raise w.error(path, f"a hand holds only {total} points, not {sum(pts)}")
    return pts


def _bid(w: Where, path: tuple[Key, ...], value: Any, profile: Profile) -> int:
    bid = F.integer(w, path, value)
    if not profile.bid_min <= bid <= profile.bid_max:
        raise w.error(
            path,
            f"a bid in {profile.name} is from {profile.bid_min} to {profile.bid_max}, not {bid}",
            reason="bid_out_of_range",
        )
    return bid


def replay_score(m: Mapping[str, Any], w: Where, profile: Profile) -> Replay:
    before = F.team_numbers(w, ("before",), m.get("before"))
    bidder = F.team(w, ("bidder",), m.get("bidder"))
    bid = _bid(w, ("bid",), m.get("bid"), profile)
    pts = _points(w, ("points",), m.get("points"), profile)
    out = score_hand(profile, before, bidder, bid, pts)
    d = out.decision
    score = HandScore(
        before=Points.of(before),
        bidder=Team(bidder),
        bid=bid,
        points=Points.of(pts),
        made=out.made,
        delta=Points.of(out.delta),
        after=Points.of(out.after),
        bidder_goes_out=d.bidder_goes_out,
        winner=None if d.winner is None else Team(d.winner),
    )
    decided = d.decided_by.value if d.decided_by else None
    report = ScoreReport(score, decided)
    moments = (Moment("score", score=score, decided_by=decided),)
    return Replay("score", profile.name, report, moments)


def replay_game(m: Mapping[str, Any], w: Where, profile: Profile) -> Replay:
    hands = m.get("hands")
    if not isinstance(hands, list) or not hands:
        raise w.error(("hands",), "expected a list of hand results")
    game = GameScore(profile)
    details: list[HandScore] = []
    for i, h in enumerate(hands):
        hm = F.mapping(w, ("hands", i), h, required=("bidder", "bid", "points"))
        if game.winner is not None:
            raise w.error(
                ("hands", i), f"the game was already won by {TEAMS[game.winner]} after hand {i}"
            )
        bidder = F.team(w, ("hands", i, "bidder"), hm["bidder"])
        bid = _bid(w, ("hands", i, "bid"), hm["bid"], profile)
        pts = _points(w, ("hands", i, "points"), hm["points"], profile)
        before = game.totals
        game = game.add(bidder, bid, pts)
        assert game.last is not None
        d = game.last.decision
        details.append(
            HandScore(
                before=Points.of(before),
                bidder=Team(bidder),
                bid=bid,
                points=Points.of(pts),
                made=game.last.made,
                delta=Points.of(game.last.delta),
                after=Points.of(game.totals),
                bidder_goes_out=d.bidder_goes_out,
                winner=None if d.winner is None else Team(d.winner),
            )
        )
    report = GameReport(
        tuple(details),
        None if game.winner is None else Team(game.winner),
        game.decided_by.value if game.decided_by else None,
    )
    moments = tuple(Moment(f"h{i + 1}", score=h) for i, h in enumerate(details))
    return Replay("game", profile.name, report, moments)
