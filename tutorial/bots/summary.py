"""The summary of a match between bots (:mod:`tutorial.bots.match`): frozen figures, read by
field (``cinch match``'s text), with one JSON form (``cinch match --json``; every key is
described in ``docs/match.md``). Each figure is rounded as the JSON gives it."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from tutorial.bots.driver import HandRecord, pairing, score_hand_in_game
from tutorial.bots.match import (
    GAME_DEALS,
    MatchSpec,
    mean_interval,
    pairing_differences,
    percentile,
)
from tutorial.engine.scoring import GameScore
from tutorial.engine.seats import SEAT_LETTERS, TEAM_NAMES
from tutorial.jsonvalue import JsonObject

Interval = tuple[float, float]
"""A 95% confidence interval (low, high), rounded."""


def _interval(lo: float | None, hi: float | None) -> Interval | None:
    return None if lo is None or hi is None else (round(lo, 4), round(hi, 4))


def _interval_json(ci: Interval | None) -> list[float] | None:
    return None if ci is None else list(ci)


@dataclass(frozen=True, slots=True)
class BotFigures:
    """One bot's figures over the seats it played."""

    score_per_hand: float
    points_per_hand: float
    bids_made: int
    bids_set: int
    decision_ms_mean: float
    decision_ms_p95: float
    decision_ms_p50: float
    decision_ms_max: float
    decision_cpu_ms_mean: float
    decision_cpu_ms_p95: float
    decisions: int
    hands: int
    seats: tuple[str, ...]

    def to_json(self) -> JsonObject:
        return {
            "score_per_hand": self.score_per_hand,
            "points_per_hand": self.points_per_hand,
            "bids_made": self.bids_made,
            "bids_set": self.bids_set,
            "decision_ms_mean": self.decision_ms_mean,
            "decision_ms_p95": self.decision_ms_p95,
            "decision_ms_p50": self.decision_ms_p50,
            "decision_ms_max": self.decision_ms_max,
            "decision_cpu_ms_mean": self.decision_cpu_ms_mean,
            "decision_cpu_ms_p95": self.decision_cpu_ms_p95,
            "decisions": self.decisions,
            "hands": self.hands,
            "seats": list(self.seats),
        }


@dataclass(frozen=True, slots=True)
class WonShare:
    """The share of the games the first pairing won."""

    pairing: str
    share: float
    ci95: Interval | None
    samples: int

    def to_json(self) -> JsonObject:
        return {
            "pairing": self.pairing,
            "share": self.share,
            "ci95": _interval_json(self.ci95),
            "samples": self.samples,
        }


@dataclass(frozen=True, slots=True)
class Games:
    """The games the hands made, each table's hands chained in order."""

    target: int
    played: int
    unfinished: int
    won: dict[str, int]
    """Games won by each pairing (``rules+rules``)."""
    won_by_team: dict[str, int]
    decided_by: dict[str, int]
    hands_per_game: float | None
    first_won_share: WonShare

    def to_json(self) -> JsonObject:
        return {
            "target": self.target,
            "played": self.played,
            "unfinished": self.unfinished,
            "won": dict(self.won),
            "won_by_team": dict(self.won_by_team),
            "decided_by": dict(self.decided_by),
            "hands_per_game": self.hands_per_game,
            "first_won_share": self.first_won_share.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Difference:
    """How many more game points a hand the first pairing scored than the second."""

    first: str
    second: str
    score_per_hand: float
    ci95: Interval | None
    samples: int

    def to_json(self) -> JsonObject:
        return {
            "first": self.first,
            "second": self.second,
            "score_per_hand": self.score_per_hand,
            "ci95": _interval_json(self.ci95),
            "samples": self.samples,
        }


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """The figures of a match."""

    hands: int
    """Deals (a match of games: the deals its games used)."""
    hands_played: int
    games_asked: int
    duplicate: bool
    profile: str
    seed: int
    bots: dict[str, str]
    """Seat letter → bot."""
    by_bot: dict[str, BotFigures]
    games: Games
    difference: Difference
    seconds: float

    def to_json(self) -> JsonObject:
        return {
            "hands": self.hands,
            "hands_played": self.hands_played,
            "games_asked": self.games_asked,
            "duplicate": self.duplicate,
            "profile": self.profile,
            "seed": self.seed,
            "bots": dict(self.bots),
            "by_bot": {name: b.to_json() for name, b in self.by_bot.items()},
            "games": self.games.to_json(),
            "difference": self.difference.to_json(),
            "seconds": self.seconds,
        }


def _runs(spec: MatchSpec, records: Sequence[HandRecord]) -> list[tuple[int, list[HandRecord]]]:
    """The hands of each run of play, in order, with its game number (-1: a table's run of
    a match of hands, chained into games) — each with its table in the records."""
    runs: dict[tuple[int, int], list[HandRecord]] = {}
    for rec in records:
        game = rec.deal // GAME_DEALS if spec.games else -1
        runs.setdefault((game, rec.table), []).append(rec)
    return [(g, recs) for (g, _), recs in sorted(runs.items())]


def _games(spec: MatchSpec, records: Sequence[HandRecord]) -> Games:
    played = 0
    unfinished = 0
    hands_in_games: list[int] = []
    won: dict[str, int] = {}
    won_by_team = {TEAM_NAMES[0]: 0, TEAM_NAMES[1]: 0}
    decided_by: dict[str, int] = {}
    first = pairing(spec.bots, 0)
    first_won: dict[int, list[float]] = {}  # per game (or per finished game): 1 if won
    for table in range(spec.tables):
        seating = spec.seating(table)
        for name in (pairing(seating, 0), pairing(seating, 1)):
            won.setdefault(name, 0)
    for number, recs in _runs(spec, records):
        seating = recs[0].bots
        game = GameScore(spec.profile)
        count = 0
        for rec in recs:
            game = score_hand_in_game(game, rec.result)
            count += 1
            if game.winner is None:
                continue
            played += 1
            hands_in_games.append(count)
            name = pairing(seating, game.winner)
            won[name] += 1
            won_by_team[TEAM_NAMES[game.winner]] += 1
            key = game.decided_by.value if game.decided_by else "none"
            decided_by[key] = decided_by.get(key, 0) + 1
            sample = number if number >= 0 else -played
            first_won.setdefault(sample, []).append(1.0 if name == first else 0.0)
            game = GameScore(spec.profile)
            count = 0
        if count:
            unfinished += 1
    shares = [
        statistics.fmean(v) for v in first_won.values() if not spec.games or len(v) == spec.tables
    ]
    m, lo, hi = mean_interval(shares)
    return Games(
        target=spec.profile.target,
        played=played,
        unfinished=unfinished,
        won=won,
        won_by_team=won_by_team,
        decided_by=decided_by,
        hands_per_game=round(statistics.fmean(hands_in_games), 2) if hands_in_games else None,
        first_won_share=WonShare(first, round(m, 4), _interval(lo, hi), len(shares)),
    )


def summarise(spec: MatchSpec, records: Sequence[HandRecord], seconds: float) -> MatchSummary:
    """The figures of a match (``cinch match``)."""
    names = list(dict.fromkeys(spec.bots))
    score = {n: 0 for n in names}
    points = {n: 0 for n in names}
    seats = {n: 0 for n in names}
    hands = {n: 0 for n in names}
    made = {n: 0 for n in names}
    set_ = {n: 0 for n in names}
    ms: dict[str, list[float]] = {n: [] for n in names}
    cpu: dict[str, list[float]] = {n: [] for n in names}
    for rec in records:
        res = rec.result
        for seat, bot in enumerate(rec.bots):
            team = seat & 1
            score[bot] += rec.delta[team]
            points[bot] += res.points[team]
            seats[bot] += 1
        for bot in set(rec.bots):
            hands[bot] += 1
        if res.bidder is not None:
            bidder_bot = rec.bots[res.bidder]
            if res.made:
                made[bidder_bot] += 1
            else:
                set_[bidder_bot] += 1
        for dec in rec.decisions:
            ms[rec.bots[dec.seat]].append(dec.ms)
            cpu[rec.bots[dec.seat]].append(dec.cpu_ms)
    by_bot: dict[str, BotFigures] = {}
    for n in names:
        times = ms[n]
        by_bot[n] = BotFigures(
            score_per_hand=round(score[n] / seats[n], 4) if seats[n] else 0.0,
            points_per_hand=round(points[n] / seats[n], 4) if seats[n] else 0.0,
            bids_made=made[n],
            bids_set=set_[n],
            decision_ms_mean=round(statistics.fmean(times), 3) if times else 0.0,
            decision_ms_p95=round(percentile(times, 95), 3),
            decision_ms_p50=round(percentile(times, 50), 3),
            decision_ms_max=round(max(times), 3) if times else 0.0,
            decision_cpu_ms_mean=round(statistics.fmean(cpu[n]), 3) if cpu[n] else 0.0,
            decision_cpu_ms_p95=round(percentile(cpu[n], 95), 3),
            decisions=len(times),
            hands=hands[n],
            seats=tuple(SEAT_LETTERS[s] for s, b in enumerate(spec.bots) if b == n),
        )
    diffs = pairing_differences(spec, records)
    m, lo, hi = mean_interval(diffs)
    return MatchSummary(
        hands=len({r.deal for r in records}) if spec.games else spec.deals,
        hands_played=len(records),
        games_asked=spec.games,
        duplicate=spec.duplicate,
        profile=spec.profile.name,
        seed=spec.seed,
        bots=dict(zip(SEAT_LETTERS, spec.bots, strict=True)),
        by_bot=by_bot,
        games=_games(spec, records),
        difference=Difference(
            pairing(spec.bots, 0),
            pairing(spec.bots, 1),
            round(m, 4),
            _interval(lo, hi),
            len(diffs),
        ),
        seconds=round(seconds, 3),
    )


def summary(spec: MatchSpec, records: Sequence[HandRecord], seconds: float) -> JsonObject:
    """The figures of ``cinch match --json`` (see ``docs/match.md``)."""
    return summarise(spec, records, seconds).to_json()
