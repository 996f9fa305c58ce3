"""AppTest: the hint (the expert's card and why) and the bid advisor at the practice table,
worked out in the bots' worker pool, shown in the learner's language, and nothing hidden
from seat A in the page while they are thought about or shown."""

from __future__ import annotations

import time

import pytest
from streamlit.testing.v1 import AppTest

from tests.ui.playdriver import Clicker, assert_no_leak, game_of, ok, open_play, step, use_game
from tutorial.engine.state import Phase


def _wait(at: AppTest, clicker: Clicker, lang: str, key: str) -> None:
    """Run the page until the job in ``session_state[key]`` is done (leak-checked)."""
    deadline = time.monotonic() + 120
    while not at.session_state[key].future.done():
        assert time.monotonic() < deadline, f"{key} took more than 120 s"
        time.sleep(0.1)
        at.run()
        ok(at)
        assert_no_leak(at, clicker, lang)
    at.run()
    ok(at)
    assert_no_leak(at, clicker, lang)


def _learner_turn(at: AppTest, clicker: Clicker, phase: Phase) -> None:
    for _ in range(200):
        g = game_of(at)
        if g.learner_to_act() and g.state().phase is phase:
            return
        step(at, clicker, bid_high=True)
        ok(at)
    raise AssertionError(f"never the learner's turn in {phase}")


def test_the_bid_advisor_and_the_card_hint_with_its_why(monkeypatch: pytest.MonkeyPatch) -> None:
    lang = "es"
    at, clicker = open_play(monkeypatch, lang=lang)
    use_game(at, "pagat-62", 42, 3)
    _learner_turn(at, clicker, Phase.BID)
    at.button(key="play_advise").click().run()
    ok(at)
    assert any("asesor" in c.value for c in at.caption), [c.value for c in at.caption]
    _wait(at, clicker, lang, "play_think")
    text = "\n".join(m.value for m in at.markdown)
    assert "**El asesor**" in text and "| Paso" in text, text
    assert any(suit in text for suit in ("tréboles", "diamantes", "corazones", "picas")), text
    _learner_turn(at, clicker, Phase.PLAY)
    at.button(key="play_hint").click().run()
    _wait(at, clicker, lang, "play_think")
    hints = [i.value for i in at.info if i.icon == ":material/lightbulb:"]
    assert hints and "de media" in hints[0], [i.value for i in at.info]
    g = game_of(at)
    assert len(g.current.actions) in g.current.hints  # marked for the review
    shown = at.session_state["play_think"].future.result()  # its best set kept for the review
    assert g.current.hint_best[len(g.current.actions)] == [
        str(a) for a in shown.evaluation.best_set
    ]
    # the card the hint names is marked on the table, and it is one of A's cards
    html = str(clicker.last["data"]["html"])
    assert "cb-hint" in html


def test_the_bots_replies_pondered_meanwhile_are_the_cards_they_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.practice.test_ponder import replies
    from tutorial.practice.ponder import Ponder

    at, clicker = open_play(monkeypatch, lang="es")
    use_game(at, "pagat-62", 42, 3)
    _learner_turn(at, clicker, Phase.PLAY)
    g = game_of(at)
    p = at.session_state["play_ponder"]
    assert isinstance(p, Ponder) and p.position == (
        g.number,
        g.current.seed,
        len(g.current.actions),
    )
    deadline = time.monotonic() + 120
    while not p.settled():  # the learner looks at the table: every card's replies worked out
        assert time.monotonic() < deadline, "pondering took more than 120 s"
        time.sleep(0.05)
    legal = g.state().legal_actions()
    assert p.decided() >= len(legal)
    before = list(g.current.actions)
    clicker.choose = lambda codes: codes[-1]
    clicker.armed = True
    at.run()  # the click, and the bots' replies drawn
    ok(at)
    assert_no_leak(at, clicker, "es")
    g = game_of(at)
    played = g.current.actions[len(before)]
    expected = replies(
        type(g)(
            g.profile, g.bots, g.seed, [type(g.current)(g.current.seed, g.current.dealer, before)]
        ),
        next(a for a in legal if str(a) == played),
    )
    assert p.hits >= len(expected) > 0  # every reply came from what was pondered
    assert g.current.actions[len(before) + 1 :][: len(expected)] == [str(a) for _, a in expected]
    assert p.stopped  # nothing more pondered for the position the learner has left
    if g.learner_to_act():  # the next card is pondered in its turn
        nxt = at.session_state["play_ponder"]
        assert nxt is not p and nxt.position == (g.number, g.current.seed, len(g.current.actions))


def test_pondering_starts_when_the_runs_first_step_brings_the_learners_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bot's card decided while no run was going is applied at the start of the next
    run; that run must ponder the learner's turn it brings (it used to ponder before)."""
    from concurrent.futures import Future

    from tutorial.bots import decide
    from tutorial.engine.state import CHANCE
    from tutorial.practice.game import LEARNER, Game
    from tutorial.ui.play.flow import Pending

    at, _clicker = open_play(monkeypatch, lang="pt")
    g = Game.new("pagat-62", "random", 42)
    g.current.dealer = 3
    while True:  # to the last bot's decision before the learner's card
        who = g.to_act()
        assert who is not None
        if who == CHANCE:
            g.chance()
            continue
        action = decide(g.bots, g.observation(who), g.current.seed)
        if who != LEARNER and g.state().phase is Phase.PLAY:
            after = Game(
                g.profile,
                g.bots,
                g.seed,
                [type(g.current)(g.current.seed, g.current.dealer, list(g.current.actions))],
            )
            assert after.act(action, who) is None
            if after.learner_to_act():
                break
        assert g.act(action, who) is None
    fut: Future[object] = Future()
    fut.set_result(action)
    at.session_state["play_game"] = g
    at.session_state["play_learner"] = at.session_state["learner"]
    at.session_state["play_pending"] = Pending(
        (g.number, g.current.seed, len(g.current.actions)), fut, 0.0
    )
    at.run()
    ok(at)
    g = game_of(at)
    assert g.learner_to_act() and g.state().phase is Phase.PLAY
    p = at.session_state["play_ponder"]
    assert p.position == (g.number, g.current.seed, len(g.current.actions))
