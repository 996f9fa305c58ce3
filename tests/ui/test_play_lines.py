"""AppTest: after a hand, the review's costly cards can be replayed on the table along both
lines (what happened, and the better card followed by everyone's best play), step by step;
the cards labelled mistake or blunder join Puzzles from my games."""

from __future__ import annotations

import time

import pytest

from tests.ui.playdriver import game_of, ok, open_play, play_hand, use_game
from tutorial.bots.evaluator import QUICK, evaluate
from tutorial.practice import retry, workers
from tutorial.progress import ProgressStore


def test_both_lines_replayed_from_a_costly_card(monkeypatch: pytest.MonkeyPatch) -> None:
    # the table's budget (its worlds separate this hand's costly card; the quick budget's few
    # rightly call it within the noise) in fresh workers
    monkeypatch.setenv("CINCH_EVAL_BUDGET", "table")
    workers.shutdown()
    at, clicker = open_play(monkeypatch, lang="pt")
    # the learner plays the card the coach likes least, so that the review finds a cost that
    # is significant even on the quick budget's few worlds (a small cost within the noise is
    # rightly labelled best, with no better line to replay)

    def worst(codes: list[str]) -> str:
        g = game_of(at)
        ev = evaluate(g.observation(0), g.current.seed, QUICK)
        costs = {str(o.action).split("/")[0]: o.cost for o in ev.options}
        return max(codes, key=lambda c: (costs.get(c, -1.0), c))

    clicker.choose = worst
    use_game(at, "pagat-62", 42, 3)
    play_hand(at, clicker, "pt")
    _key, fut = at.session_state["play_review"]
    deadline = time.monotonic() + 240
    while not fut.done():
        assert time.monotonic() < deadline, "the review took more than 240 s"
        time.sleep(0.5)
    at.run()
    ok(at)
    data = fut.result()
    assert data.lines, [
        (str(d.action), d.label, d.expected_cost, d.cost_se, d.samples) for d in data.decisions
    ]
    index = min(i for i, _ in data.lines)
    g = game_of(at)
    better = data.line(index)
    assert better is not None
    assert better[0] != g.current.actions[index]  # the better card, not the one played
    at.button(key=f"play_line_open_{index}").click().run()
    ok(at)
    captions = [c.value for c in at.caption]
    m = len(g.current.actions) - index
    # it said "Carta 0 de {m} desta linha." (found by pages-tester): no card is shown yet
    assert f"Antes da primeira carta desta linha ({m} no total)." in captions, captions
    for _ in range(3):
        at.button(key="play_line_fwd").click().run()
        ok(at)
    assert at.session_state["play_line"][3] == 3
    assert f"Carta 3 de {m} desta linha." in [c.value for c in at.caption]
    at.radio(key=f"play_line_which_{index}").set_value(1).run()  # the better line
    ok(at)
    at.button(key="play_line_fwd").click().run()
    assert at.session_state["play_line"][2:] == (1, 1)
    costly = [d for d in data.decisions if d.phase.value == "play" and d.label in retry.LABELS]
    due = retry.queue(ProgressStore().items(at.session_state["learner"], retry.PREFIX), 2e9)
    assert len(due) == len(costly)
