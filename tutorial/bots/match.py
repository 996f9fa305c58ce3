"""A match between bots: many hands, optionally duplicate, in parallel, and its summary.

A :class:`MatchSpec` names the profile, the bot of each seat, the number of deals, the seed
and whether the match is duplicate. Deal ``i`` is dealt by seat ``i mod 4`` (the dealer
rotating) from :func:`~tutorial.bots.driver.deal_rng`; in a duplicate match it is played a
second time at "table 1" with the partnerships' bots swapped
(:func:`~tutorial.bots.driver.swapped`), the same cards in the same seats and the same
chance, so the luck of the cards cancels out of the difference between the pairings.

Every hand is played at its table's game score, which every seat observes: the hands of a
table are chained into games in deal order (:func:`~tutorial.bots.driver.score_hand_in_game`,
a new game once one is won), so a table's hands are played in order — over processes
(``jobs``) the tables run in parallel, a part of a run at a time — and the results are the
same whatever the number of processes. A *match of games* (``MatchSpec.games``, ``cinch
match --games G``) plays G whole games at each table instead, each from its own deals (the
same deals at both tables of a duplicate match), in parallel by game. The figures of ``cinch
match`` are :mod:`tutorial.bots.summary`'s (every key is described in ``docs/match.md``).
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
    next_dealer,
    play_hand,
    score_hand_in_game,
    swapped,
)
from tutorial.engine.profiles import Profile, get_profile
from tutorial.engine.scoring import FRESH_GAME, GameScore

Z95 = 1.959964
"""The two-sided 95% quantile of the normal distribution."""


@dataclass(frozen=True)
class MatchSpec:
    profile: Profile
    bots: Seating
    deals: int
    """Deals of a match of hands (``--hands``); ignored when :attr:`games` is set."""
    seed: int
    duplicate: bool = False
    games: int = 0
    """Whole games to play at each table (``--games``); 0: a match of :attr:`deals` hands."""

    @property
    def tables(self) -> int:
        return 2 if self.duplicate else 1

    @property
    def hands(self) -> int:
        """Hands to play in a match of hands: every deal once, or twice in a duplicate
        match."""
        return self.deals * self.tables

    def seating(self, table: int) -> Seating:
        return self.bots if table == 0 else swapped(self.bots)

    @staticmethod
    def dealer(deal: int) -> int:
        return deal & 3

    def items(self) -> list[tuple[int, int]]:
        """Every (deal, table) of a match of hands, in order."""
        return [(d, t) for d in range(self.deals) for t in range(self.tables)]

    def units(self) -> list[tuple[int, int]]:
        """The independent runs of play: (game, table) for each game of a match of games;
        (-1, table) for each table's run of every deal of a match of hands (a hand's game
        score is the previous hands' at that table, so they are played in order)."""
        if self.games:
            return [(g, t) for g in range(self.games) for t in range(self.tables)]
        return [(-1, t) for t in range(self.tables)]


GAME_DEALS = 1000
"""Hands a game of a match of games may last at most; game ``g``'s hand ``k`` is deal
``g * GAME_DEALS + k`` of the run (its cards from ``deal_rng(seed, that deal)``)."""
SEGMENT = 8
"""Hands of a table's run a worker plays at a time (then the next part of the run starts
from the score they left)."""


def next_totals(profile: Profile, totals: tuple[int, int], rec: HandRecord) -> tuple[int, int]:
    """The game score before the next hand of the same table: the engine's score after
    ``rec``, or a new game's 0–0 once the game is won."""
    game = score_hand_in_game(GameScore(profile, totals), rec.result)
    return FRESH_GAME if game.winner is not None else game.totals


def _play_run(
    spec: MatchSpec,
    table: int,
    deals: range,
    totals: tuple[int, int],
    decide: DecideFn | None,
) -> tuple[list[HandRecord], tuple[int, int]]:
    """Deals ``deals`` of a match of hands at ``table``, in order, from the game score
    ``totals``: the records and the score they leave."""
    out = []
    for d in deals:
        rec = play_hand(
            spec.profile,
            spec.dealer(d),
            spec.seating(table),
            spec.seed,
            d,
            table=table,
            decide=decide,
            score=totals,
        )
        out.append(rec)
        totals = next_totals(spec.profile, totals, rec)
    return out, totals


def _play_one_game(
    spec: MatchSpec, game: int, table: int, decide: DecideFn | None
) -> list[HandRecord]:
    """Game ``game`` of a match of games at ``table``: its dealer is seat ``game mod 4``,
    its hands come from deals ``game * GAME_DEALS + k`` (the same at both tables)."""
    out: list[HandRecord] = []
    totals = FRESH_GAME
    dealer = game & 3
    for k in range(GAME_DEALS):
        rec = play_hand(
            spec.profile,
            dealer,
            spec.seating(table),
            spec.seed,
            game * GAME_DEALS + k,
            table=table,
            decide=decide,
            score=totals,
        )
        out.append(rec)
        game_score = score_hand_in_game(GameScore(spec.profile, totals), rec.result)
        if game_score.winner is not None:
            break
        totals = game_score.totals
        dealer = next_dealer(dealer)
    return out


def _remote(
    profile: str,
    bots: Seating,
    seed: int,
    duplicate: bool,
    games: int,
    unit: tuple[int, int, int, int, tuple[int, int]],
    decide: DecideFn | None,
) -> tuple[list[HandRecord], tuple[int, int]]:
    """In a worker process (profiles hold functions, so they travel by name): one game of
    a match of games, or part of a table's run of a match of hands."""
    spec = MatchSpec(get_profile(profile), bots, 0, seed, duplicate, games)
    game, table, first, stop, totals = unit
    if game >= 0:
        return _play_one_game(spec, game, table, decide), FRESH_GAME
    return _play_run(spec, table, range(first, stop), totals, decide)


def play_match(
    spec: MatchSpec,
    *,
    jobs: int = 1,
    decide: DecideFn | None = None,
    on_hand: Callable[[int], None] | None = None,
) -> list[HandRecord]:
    """Play every hand of the match, over ``jobs`` processes (1: in this process), and
    return them in order: (deal, table) for a match of hands, (game, table, deal) for a
    match of games. Every hand is played at its table's game score. ``on_hand(n)`` is
    called as ``n`` more hands (a match of games: games) are done, for a progress line.
    ``decide`` (default: :func:`tutorial.bots.decide`) must be importable by name when
    ``jobs`` > 1. A match of hands runs its tables in parallel (one run each: at most 2
    processes busy); a match of games, its games."""
    units = spec.units()
    if jobs <= 1 or len(units) <= 1:
        out: list[HandRecord] = []
        for game, table in units:
            if game >= 0:
                out.extend(_play_one_game(spec, game, table, decide))
                if on_hand:
                    on_hand(1)
                continue
            totals = FRESH_GAME
            for d in range(spec.deals):
                recs, totals = _play_run(spec, table, range(d, d + 1), totals, decide)
                out.extend(recs)
                if on_hand:
                    on_hand(1)
        return _ordered(spec, out)
    results: list[HandRecord] = []
    ctx = multiprocessing.get_context("fork" if "fork" in _start_methods() else None)
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=ctx)

    def submit(unit: tuple[int, int, int, int, tuple[int, int]]) -> Future[Any]:
        fut = pool.submit(
            _remote,
            spec.profile.name,
            spec.bots,
            spec.seed,
            spec.duplicate,
            spec.games,
            unit,
            decide,
        )
        where[fut] = unit
        return fut

    where: dict[Future[Any], tuple[int, int, int, int, tuple[int, int]]] = {}
    try:
        pending: set[Future[Any]] = {
            submit((g, t, 0, min(SEGMENT, spec.deals), FRESH_GAME)) for g, t in units
        }
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                recs, totals = fut.result()  # a bot's error in a worker is raised here
                results.extend(recs)
                game, table, _, stop, _ = where.pop(fut)
                if game < 0 and stop < spec.deals:  # the table's run goes on from there
                    pending.add(
                        submit((game, table, stop, min(stop + SEGMENT, spec.deals), totals))
                    )
                if on_hand:
                    on_hand(1 if game >= 0 else len(recs))
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)  # Ctrl-C or an error: stop at once
        raise
    pool.shutdown()
    return _ordered(spec, results)


def _ordered(spec: MatchSpec, records: list[HandRecord]) -> list[HandRecord]:
    if spec.games:
        return sorted(records, key=lambda r: (r.deal // GAME_DEALS, r.table, r.deal))
    return sorted(records, key=lambda r: (r.deal, r.table))


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
    of that and, at table 1 (where the first pairing sits at BD), BD's minus AC's. In a
    duplicate match of games only the deals played at both tables count (one table's game
    may last longer than the other's)."""
    by_deal: dict[int, list[float]] = {}
    for rec in records:
        d = rec.delta
        diff = d[0] - d[1] if rec.table == 0 else d[1] - d[0]
        by_deal.setdefault(rec.deal, []).append(diff)
    return [
        statistics.fmean(v)
        for _, v in sorted(by_deal.items())
        if not spec.games or len(v) == spec.tables
    ]
