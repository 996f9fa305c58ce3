"""The hand/game driver and matches: determinism, duplicate seating, the game score as the
engine keeps it, the summary's figures. Bots are the test stand-in (``standin.py``) so that
these tests pin the driver, not a bot's play."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.bots import standin
from tutorial.bots.driver import (
    BotError,
    HandRecord,
    deal_rng,
    next_dealer,
    pairing,
    play_game,
    play_hand,
    score_hand_in_game,
    swapped,
)
from tutorial.bots.match import MatchSpec, mean_interval, percentile, play_match
from tutorial.bots.summary import summary
from tutorial.engine.actions import PlayCard
from tutorial.engine.observe import Observation
from tutorial.engine.profiles import CLASSIC_51, PAGAT_62
from tutorial.engine.scoring import GameScore
from tutorial.engine.state import State

BOTS = ("uniform", "first", "uniform", "first")


@pytest.fixture(autouse=True)
def _standin(monkeypatch: pytest.MonkeyPatch) -> None:
    standin.install(monkeypatch)


def _plain(rec: HandRecord) -> HandRecord:
    """The record without its timings (which differ from run to run)."""
    return replace(rec, decisions=tuple(replace(d, ms=0.0, cpu_ms=0.0) for d in rec.decisions))


def test_a_hand_asks_every_decision_of_the_bots_and_times_it() -> None:
    rec = play_hand(PAGAT_62, 2, BOTS, seed=5, deal=0, decide=standin.decide)
    assert rec.result.thrown_in is False and rec.dealer == 2
    assert len(standin.calls) == len(rec.decisions) > 4 * 6  # bids, trump, 24 cards at least
    for (bot, seat, _), dec in zip(standin.calls, rec.decisions, strict=True):
        assert bot == BOTS[seat] and dec.seat == seat and dec.ms >= 0.0
    phases = [d.phase for d in rec.decisions]
    assert phases[:4] == ["bid"] * 4 and "trump" in phases and phases[-1] == "play"
    assert rec.dealt == State.random_deal(PAGAT_62, 2, deal_rng(5, 0)).dealt


def test_a_hand_is_the_same_for_a_seed_and_differs_for_another() -> None:
    a = play_hand(PAGAT_62, 0, BOTS, seed=11, deal=3, decide=standin.decide)
    seeds_a = [s for _, _, s in standin.calls]
    standin.calls.clear()
    b = play_hand(PAGAT_62, 0, BOTS, seed=11, deal=3, decide=standin.decide)
    seeds_b = [s for _, _, s in standin.calls]
    assert _plain(a) == _plain(b) and seeds_a == seeds_b
    c = play_hand(PAGAT_62, 0, BOTS, seed=12, deal=3, decide=standin.decide)
    d = play_hand(PAGAT_62, 0, BOTS, seed=11, deal=4, decide=standin.decide)
    assert len({a.dealt, c.dealt, d.dealt}) == 3


def test_an_illegal_action_from_a_bot_stops_the_hand_with_the_rule() -> None:
    def revoking(bot: str, obs: Observation, seed: int) -> PlayCard | object:
        action = standin.decide(bot, obs, seed)
        if obs.phase.value == "play" and obs.plays:
            state = standin._SEEN[-1]
            illegal = state.hands[obs.seat] & ~state.legal_play_mask()
            if illegal:
                return PlayCard((illegal & -illegal).bit_length() - 1)
        return action

    pattern = r"bot '(uniform|first)' at seat [ABCD] \(play\) returned \w+, which is illegal"
    with pytest.raises(BotError, match=pattern + " here: .*must_follow"):
        for deal in range(40):
            play_hand(PAGAT_62, 0, BOTS, seed=1, deal=deal, decide=revoking)  # type: ignore[arg-type]
    with pytest.raises(BotError, match="not an action"):
        play_hand(PAGAT_62, 0, BOTS, 1, 0, decide=lambda b, o, s: "pass")  # type: ignore[arg-type,return-value]


def test_the_game_score_is_the_engines() -> None:
    """score_hand_in_game adds the hand as GameScore does (a set bid loses the bid) and a
    thrown-in hand changes nothing."""
    game = GameScore(PAGAT_62)
    saw_set = False
    for deal in range(30):
        rec = play_hand(PAGAT_62, deal & 3, BOTS, 2, deal, decide=standin.decide)
        res = rec.result
        assert res.bidder is not None and res.bid is not None
        after = score_hand_in_game(game, res)
        assert after == game.add(res.bidder & 1, res.bid, res.points)
        team = res.bidder & 1
        if not res.made:
            saw_set = True
            assert after.totals[team] - game.totals[team] == -res.bid
        game = after if after.winner is None else GameScore(PAGAT_62)
    assert saw_set
    # classic-51: everyone may pass; "first" always passes, so every hand is thrown in
    rec = play_hand(CLASSIC_51, 0, ("first",) * 4, 1, 0, decide=standin.decide)
    assert rec.result.thrown_in
    g = GameScore(CLASSIC_51, (10, 20), 3)
    assert score_hand_in_game(g, rec.result) == g


def test_a_game_is_played_until_the_engine_names_a_winner() -> None:
    game = play_game(PAGAT_62, BOTS, seed=3, first_dealer=1, decide=standin.decide)
    assert game.winner is not None and game.score.decided_by is not None
    assert [h.dealer for h in game.hands[:5]] == [1, 2, 3, 0, 1]
    assert next_dealer(3) == 0
    totals = [0, 0]
    for h in game.hands:
        totals[0] += h.delta[0]
        totals[1] += h.delta[1]
    assert tuple(totals) == game.score.totals
    short = play_game(PAGAT_62, BOTS, seed=3, first_dealer=1, max_hands=2, decide=standin.decide)
    assert len(short.hands) == 2 and [_plain(h) for h in short.hands] == [
        _plain(h) for h in game.hands[:2]
    ]


def test_duplicate_plays_each_deal_twice_with_the_partnerships_swapped() -> None:
    spec = MatchSpec(PAGAT_62, BOTS, 6, 9, duplicate=True)
    recs = play_match(spec, decide=standin.decide)
    assert [(r.deal, r.table) for r in recs] == [(d, t) for d in range(6) for t in (0, 1)]
    assert swapped(BOTS) == ("first", "uniform", "first", "uniform")
    for first, second in zip(recs[::2], recs[1::2], strict=True):
        assert first.bots == BOTS and second.bots == swapped(BOTS)
        assert first.dealt == second.dealt and first.dealer == second.dealer == first.deal % 4
    # the swap changes who plays the cards: some deal ends differently
    pairs = zip(recs[::2], recs[1::2], strict=True)
    assert any(a.result.points != b.result.points for a, b in pairs)
    single = play_match(replace(spec, duplicate=False), decide=standin.decide)
    assert [_plain(r) for r in single] == [_plain(r) for r in recs[::2]]


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    spec = MatchSpec(PAGAT_62, BOTS, 10, 4, duplicate=True)
    seen: list[int] = []
    one = play_match(spec, jobs=1, decide=standin.decide)
    two = play_match(spec, jobs=2, decide=standin.decide, on_hand=seen.append)
    assert [_plain(r) for r in one] == [_plain(r) for r in two]
    assert sum(seen) == 20
    s1, s2 = summary(spec, one, 1.0), summary(spec, two, 1.0)
    for s in (s1, s2):
        for b in s["by_bot"].values():
            for key in list(b):
                if key.startswith("decision_"):
                    b[key] = 0
    assert s1 == s2


def test_summary_figures() -> None:
    spec = MatchSpec(PAGAT_62, BOTS, 12, 21, duplicate=True)
    recs = play_match(spec, decide=standin.decide)
    data = summary(spec, recs, 2.5)
    assert {"hands", "by_bot", "games"} <= set(data)
    assert data["hands"] == 12 and data["hands_played"] == 24
    assert set(data["by_bot"]) == {"uniform", "first"}
    for name, b in data["by_bot"].items():
        assert {
            "score_per_hand",
            "points_per_hand",
            "bids_made",
            "bids_set",
            "decision_ms_mean",
            "decision_ms_p95",
        } <= set(b)
        # by hand: the change of the side's score over every seat the bot held
        changes = [r.delta[s & 1] for r in recs for s in range(4) if r.bots[s] == name]
        points = [r.result.points[s & 1] for r in recs for s in range(4) if r.bots[s] == name]
        assert b["score_per_hand"] == round(sum(changes) / len(changes), 4)
        assert b["points_per_hand"] == round(sum(points) / len(points), 4)
        bids = [r for r in recs if r.bots[r.result.bidder or 0] == name]
        assert b["bids_made"] == sum(bool(r.result.made) for r in bids)
        assert b["bids_set"] == sum(not r.result.made for r in bids)
        times = [d.ms for r in recs for d in r.decisions if r.bots[d.seat] == name]
        assert b["decisions"] == len(times)
        assert b["decision_ms_p95"] == round(percentile(times, 95), 3)
        cpu = [d.cpu_ms for r in recs for d in r.decisions if r.bots[d.seat] == name]
        assert b["decision_cpu_ms_p95"] == round(percentile(cpu, 95), 3)
    # duplicate: each pairing held each deal's cards once, so the difference per deal is
    # the mean of the two tables' differences
    diffs = []
    for a, b2 in zip(recs[::2], recs[1::2], strict=True):
        diffs.append(((a.delta[0] - a.delta[1]) + (b2.delta[1] - b2.delta[0])) / 2)
    m, lo, hi = mean_interval(diffs)
    d = data["difference"]
    assert d["first"] == "uniform+uniform" and d["second"] == "first+first"
    assert d["score_per_hand"] == round(m, 4) and d["ci95"] == [round(lo, 4), round(hi, 4)]  # type: ignore[arg-type]
    su, sf = data["by_bot"]["uniform"]["score_per_hand"], data["by_bot"]["first"]["score_per_hand"]
    assert abs((su - sf) - m) < 1e-3
    g = data["games"]
    assert g["target"] == 62 and set(g["won"]) == {"uniform+uniform", "first+first"}
    assert sum(g["won"].values()) == g["played"] == sum(g["won_by_team"].values())
    assert sum(g["decided_by"].values()) == g["played"] and g["unfinished"] <= 2


def test_games_in_a_match_are_scored_in_deal_order_at_each_table() -> None:
    spec = MatchSpec(PAGAT_62, BOTS, 40, 8)
    recs = play_match(spec, decide=standin.decide)
    data = summary(spec, recs, 1.0)
    game, played, wins = GameScore(PAGAT_62), 0, {0: 0, 1: 0}
    for r in recs:
        game = score_hand_in_game(game, r.result)
        if game.winner is not None:
            played += 1
            wins[game.winner] += 1
            game = GameScore(PAGAT_62)
    assert played >= 1 and data["games"]["played"] == played
    assert data["games"]["won"] == {
        pairing(BOTS, 0): wins[0],
        pairing(BOTS, 1): wins[1],
    }


def test_percentile_and_interval() -> None:
    assert percentile([], 95) == 0.0
    assert percentile([5.0], 95) == 5.0
    assert percentile([float(i) for i in range(1, 101)], 95) == 95.0
    assert percentile([float(i) for i in range(1, 101)], 50) == 50.0
    assert mean_interval([2.0]) == (2.0, None, None)
    m, lo, hi = mean_interval([1.0, 3.0])
    assert m == 2.0 and lo is not None and hi is not None and lo < 2.0 < hi
    assert abs((hi - lo) / 2 - 1.959964 * 2**0.5 / 2**0.5) < 1e-6


def test_every_hand_is_played_at_its_tables_game_score() -> None:
    spec = MatchSpec(PAGAT_62, BOTS, 40, 8, duplicate=True)
    recs = play_match(spec, decide=standin.decide)
    for table in (0, 1):
        game = GameScore(PAGAT_62)
        for r in (r for r in recs if r.table == table):
            assert r.score == game.totals
            game = score_hand_in_game(game, r.result)
            if game.winner is not None:
                game = GameScore(PAGAT_62)
    assert any(r.score != (0, 0) for r in recs)
    # and the bots saw it: every observation of a hand carries the score it was played at
    rec = next(r for r in recs if r.score != (0, 0))
    seen: list[tuple[int, int]] = []

    def watching(bot: str, obs: Observation, seed: int) -> PlayCard:
        seen.append(obs.score)
        return standin.decide(bot, obs, seed)  # type: ignore[return-value]

    play_hand(PAGAT_62, rec.dealer, rec.bots, 8, rec.deal, decide=watching, score=rec.score)
    assert set(seen) == {rec.score}
    game_rec = play_game(PAGAT_62, BOTS, 3, decide=standin.decide)
    game = GameScore(PAGAT_62)
    for h in game_rec.hands:
        assert h.score == game.totals
        game = score_hand_in_game(game, h.result)


def test_a_match_of_games_plays_whole_games_on_the_same_deals_at_both_tables() -> None:
    spec = MatchSpec(PAGAT_62, BOTS, 0, 5, duplicate=True, games=3)
    one = play_match(spec, decide=standin.decide)
    seen: list[int] = []
    two = play_match(spec, jobs=2, decide=standin.decide, on_hand=seen.append)
    assert [_plain(r) for r in one] == [_plain(r) for r in two] and sum(seen) == 6
    data = summary(spec, one, 1.0)
    g = data["games"]
    assert g["played"] == 6 and g["unfinished"] == 0
    share = g["first_won_share"]
    wins: dict[int, list[float]] = {}
    for number in range(3):
        for table in (0, 1):
            recs = [r for r in one if r.deal // 1000 == number and r.table == table]
            assert recs[0].dealer == number % 4 and recs[0].score == (0, 0)
            game = GameScore(PAGAT_62)
            for r in recs:
                game = score_hand_in_game(game, r.result)
            assert game.winner is not None  # the run is one game, to its end
            first_team = 0 if table == 0 else 1
            wins.setdefault(number, []).append(1.0 if game.winner == first_team else 0.0)
        # the same deals at both tables, as far as both games went
        a = [r for r in one if r.deal // 1000 == number and r.table == 0]
        b = [r for r in one if r.deal // 1000 == number and r.table == 1]
        assert all(x.dealt == y.dealt for x, y in zip(a, b, strict=False))
    m, _, _ = mean_interval([sum(v) / 2 for v in wins.values()])
    assert share["samples"] == 3 and share["share"] == round(m, 4)
    assert share["pairing"] == pairing(BOTS, 0)
