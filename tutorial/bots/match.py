"""A match between bots: many hands, optionally duplicate, in parallel, and its summary.

A :class:`MatchSpec` names the profile, the bot of each seat, the number of deals, the seed
and whether the match is duplicate. Deal ``i`` is dealt by seat ``i mod 4`` (the dealer
rotating) from :func:`~tutorial.bots.driver.deal_rng`; in a duplicate match it is played a
second time at "table 1" with the partnerships' bots swapped
(:func:`~tutorial.bots.driver.swapped`), the same cards in the same seats and the same
chance, so the luck of the cards cancels out of the difference between the pairings.

Hands do not depend on the game score (a bot sees only ``observe(seat)``), so
:func:`play_match` can play them in any order over processes (``jobs``) and the results are
the same whatever the number of processes; the games are then scored in deal order at each
table (:func:`~tutorial.bots.driver.score_hand_in_game`). :func:`summary` gives the figures
of ``cinch match --json`` (every key is described in ``docs/match.md``).
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from tutorial.bots.driver import (
    DecideFn,
    HandRecord,
    Seating,
    pairing,
    play_hand,
    score_hand_in_game,
    swapped,
)
from tutorial.engine.profiles import Profile, get_profile
from tutorial.engine.scoring import GameScore
from tutorial.engine.seats import SEAT_LETTERS, TEAM_NAMES

Z95 = 1.959964
"""The two-sided 95% quantile of the normal distribution."""


@dataclass(frozen=True)
class MatchSpec:
    profile: Profile
    bots: Seating
    deals: int
    seed: int
    duplicate: bool = False

    @property
    def tables(self) -> int:
        return 2 if self.duplicate else 1

    @property
    def hands(self) -> int:
        """Hands to play: every deal once, or twice in a duplicate match."""
        return self.deals * self.tables

    def seating(self, table: int) -> Seating:
        return self.bots if table == 0 else swapped(self.bots)

    @staticmethod
    def dealer(deal: int) -> int:
        return deal & 3

    def items(self) -> list[tuple[int, int]]:
        """Every (deal, table) to play, in order."""
        return [(d, t) for d in range(self.deals) for t in range(self.tables)]


def _play_items(
    spec: MatchSpec, items: Sequence[tuple[int, int]], decide: DecideFn | None
) -> list[HandRecord]:
    return [
        play_hand(
            spec.profile,
            spec.dealer(d),
            spec.seating(t),
            spec.seed,
            d,
            table=t,
            decide=decide,
        )
        for d, t in items
    ]


def _play_remote(
    profile: str,
    bots: Seating,
    seed: int,
    duplicate: bool,
    items: Sequence[tuple[int, int]],
    decide: DecideFn | None,
) -> list[HandRecord]:
    """In a worker process: profiles hold functions, so they travel by name."""
    spec = MatchSpec(get_profile(profile), bots, 0, seed, duplicate)
    return _play_items(spec, items, decide)


def play_match(
    spec: MatchSpec,
    *,
    jobs: int = 1,
    decide: DecideFn | None = None,
    on_hand: Callable[[int], None] | None = None,
) -> list[HandRecord]:
    """Play every hand of the match, over ``jobs`` processes (1: in this process), and
    return them in (deal, table) order. ``on_hand(n)`` is called as ``n`` more hands are
    done (for a progress line). ``decide`` (default: :func:`tutorial.bots.decide`) must be
    importable by name when ``jobs`` > 1."""
    items = spec.items()
    if jobs <= 1 or len(items) <= 1:
        out: list[HandRecord] = []
        for item in items:
            out.extend(_play_items(spec, [item], decide))
            if on_hand:
                on_hand(1)
        return out
    # small chunks keep the processes busy to the end and the progress line moving
    size = max(1, min(16, len(items) // (jobs * 16)))
    chunks = [items[i : i + size] for i in range(0, len(items), size)]
    results: dict[tuple[int, int], HandRecord] = {}
    ctx = multiprocessing.get_context("fork" if "fork" in _start_methods() else None)
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=ctx)
    try:
        pending: set[Future[list[HandRecord]]] = {
            pool.submit(
                _play_remote,
                spec.profile.name,
                spec.bots,
                spec.seed,
                spec.duplicate,
                chunk,
                decide,
            )
            for chunk in chunks
        }
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                recs = fut.result()  # a bot's error in a worker is raised here
                for rec in recs:
                    results[(rec.deal, rec.table)] = rec
                if on_hand:
                    on_hand(len(recs))
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)  # Ctrl-C or an error: stop at once
        raise
    pool.shutdown()
    return [results[item] for item in items]


def _start_methods() -> list[str]:
    return multiprocessing.get_all_start_methods()


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q`` percentile (0 < q ≤ 100) of ``values`` (0.0 if empty)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    k = max(0, math.ceil(q / 100 * len(ordered)) - 1)
    return ordered[k]


def mean_interval(samples: Sequence[float]) -> tuple[float, float | None, float | None]:
    """The mean and its 95% confidence interval (normal approximation; None with fewer than
    two samples)."""
    if not samples:
        return 0.0, None, None
    m = statistics.fmean(samples)
    if len(samples) < 2:
        return m, None, None
    half = Z95 * statistics.stdev(samples) / math.sqrt(len(samples))
    return m, m - half, m + half


def pairing_differences(spec: MatchSpec, records: Sequence[HandRecord]) -> list[float]:
    """Per deal, how many more game points the first pairing (the bots of A and C as given)
    scored than the second: at table 0 AC's change minus BD's; in a duplicate match the mean
    of that and, at table 1 (where the first pairing sits at BD), BD's minus AC's."""
    by_deal: dict[int, list[float]] = {}
    for rec in records:
        d = rec.delta
        diff = d[0] - d[1] if rec.table == 0 else d[1] - d[0]
        by_deal.setdefault(rec.deal, []).append(diff)
    return [statistics.fmean(v) for _, v in sorted(by_deal.items())]


def _games(spec: MatchSpec, records: Sequence[HandRecord]) -> dict[str, Any]:
    played = 0
    unfinished = 0
    hands_in_games: list[int] = []
    won: dict[str, int] = {}
    won_by_team = {TEAM_NAMES[0]: 0, TEAM_NAMES[1]: 0}
    decided_by: dict[str, int] = {}
    for table in range(spec.tables):
        seating = spec.seating(table)
        for name in (pairing(seating, 0), pairing(seating, 1)):
            won.setdefault(name, 0)
        game = GameScore(spec.profile)
        count = 0
        for rec in records:
            if rec.table != table:
                continue
            game = score_hand_in_game(game, rec.result)
            count += 1
            if game.winner is None:
                continue
            played += 1
            hands_in_games.append(count)
            won[pairing(seating, game.winner)] += 1
            won_by_team[TEAM_NAMES[game.winner]] += 1
            key = game.decided_by.value if game.decided_by else "none"
            decided_by[key] = decided_by.get(key, 0) + 1
            game = GameScore(spec.profile)
            count = 0
        if count:
            unfinished += 1
    return {
        "target": spec.profile.target,
        "played": played,
        "unfinished": unfinished,
        "won": won,
        "won_by_team": won_by_team,
        "decided_by": decided_by,
        "hands_per_game": round(statistics.fmean(hands_in_games), 2) if hands_in_games else None,
    }


def summary(spec: MatchSpec, records: Sequence[HandRecord], seconds: float) -> dict[str, Any]:
    """The figures of ``cinch match --json`` (see ``docs/match.md``)."""
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
    by_bot: dict[str, dict[str, Any]] = {}
    for n in names:
        times = ms[n]
        by_bot[n] = {
            "score_per_hand": round(score[n] / seats[n], 4) if seats[n] else 0.0,
            "points_per_hand": round(points[n] / seats[n], 4) if seats[n] else 0.0,
            "bids_made": made[n],
            "bids_set": set_[n],
            "decision_ms_mean": round(statistics.fmean(times), 3) if times else 0.0,
            "decision_ms_p95": round(percentile(times, 95), 3),
            "decision_ms_p50": round(percentile(times, 50), 3),
            "decision_ms_max": round(max(times), 3) if times else 0.0,
            "decision_cpu_ms_mean": round(statistics.fmean(cpu[n]), 3) if cpu[n] else 0.0,
            "decision_cpu_ms_p95": round(percentile(cpu[n], 95), 3),
            "decisions": len(times),
            "hands": hands[n],
            "seats": [SEAT_LETTERS[s] for s, b in enumerate(spec.bots) if b == n],
        }
    diffs = pairing_differences(spec, records)
    m, lo, hi = mean_interval(diffs)
    return {
        "hands": spec.deals,
        "hands_played": len(records),
        "duplicate": spec.duplicate,
        "profile": spec.profile.name,
        "seed": spec.seed,
        "bots": dict(zip(SEAT_LETTERS, spec.bots, strict=True)),
        "by_bot": by_bot,
        "games": _games(spec, records),
        "difference": {
            "first": pairing(spec.bots, 0),
            "second": pairing(spec.bots, 1),
            "score_per_hand": round(m, 4),
            "ci95": None if lo is None or hi is None else [round(lo, 4), round(hi, 4)],
            "samples": len(diffs),
        },
        "seconds": round(seconds, 3),
    }
