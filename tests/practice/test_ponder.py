"""Pondering: the bots' replies to each of the learner's cards, worked out ahead, are the
decisions the table would ask for after the click; one job at a time; stop means stop."""

from __future__ import annotations

import random
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor

import pytest

from tests.practice.test_game import play_random
from tutorial.bots import decide
from tutorial.engine.actions import Action
from tutorial.engine.observe import Observation
from tutorial.engine.state import CHANCE
from tutorial.practice.game import LEARNER, Game
from tutorial.practice.ponder import IN_FLIGHT, Ponder, _Slot


class Pool:
    """A stand-in for the bots' pool: decisions in a thread, with a count of the jobs in
    flight at once, and a gate that holds every job until it is opened."""

    def __init__(self, held: bool = False) -> None:
        self.executor = ThreadPoolExecutor(max_workers=4)
        self.lock = threading.Lock()
        self.running = 0
        self.most = 0
        self.submitted: list[Future[Action]] = []
        self.gate = threading.Event()
        if not held:
            self.gate.set()

    def _job(self, bot: str, obs: Observation, seed: int) -> Action:
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
        self.gate.wait(30)
        try:
            return decide(bot, obs, seed)
        finally:
            with self.lock:
                self.running -= 1

    def submit(self, bot: str, obs: Observation, seed: int) -> Future[Action]:
        fut = self.executor.submit(self._job, bot, obs, seed)
        self.submitted.append(fut)
        return fut

    def settle(self, p: Ponder) -> None:
        end = time.monotonic() + 60
        while time.monotonic() < end:
            if p.settled() and all(f.done() for f in self.submitted):
                return
            time.sleep(0.01)
        lines = [(ln.action, ln.depth, ln.busy, ln.done) for ln in p._lines]
        raise AssertionError(f"pondering did not settle: {lines}, {self.submitted}")


def at_learner_card(seed: int, bots: str = "rules") -> Game:
    game = Game.new("pagat-62", bots, seed)
    play_random(game, random.Random(seed), stop_at_learner_play=True)
    assert game.learner_to_act() and game.state().legal_actions()
    return game


def replies(game: Game, action: Action) -> list[tuple[int, Action]]:
    """The bots' decisions after ``action``, as the table asks for them, to A's next turn."""
    g = Game(game.profile, game.bots, game.seed, [*game.hands])
    g.hands[-1] = type(game.current)(game.current.seed, game.current.dealer)
    g.hands[-1].actions = list(game.current.actions)
    assert g.act(action, LEARNER) is None
    out = []
    while g.to_act() not in (None, LEARNER, CHANCE):
        who = g.to_act()
        assert who is not None
        a = decide(g.bots, g.observation(who), g.current.seed)
        out.append((who, a))
        assert g.act(a, who) is None
    return out


@pytest.mark.parametrize("seed", [3, 11])
def test_every_cards_replies_are_worked_out_and_are_the_tables_own_decisions(seed: int) -> None:
    game = at_learner_card(seed)
    pool = Pool()
    legal = game.state().legal_actions()
    p = Ponder(game, legal, pool.submit, slot=_Slot()).start()
    pool.settle(p)
    for action in legal:
        line = replies(game, action)
        assert line, "a card with no reply: pick another seed"
        g = Game(
            game.profile,
            game.bots,
            game.seed,
            [
                *game.hands[:-1],
                type(game.current)(
                    game.current.seed, game.current.dealer, list(game.current.actions)
                ),
            ],
        )
        assert g.act(action, LEARNER) is None
        for who, expected in line:  # looked up exactly as the table does after the click
            fut = p.future(g.bots, g.observation(who), g.current.seed)
            assert fut is not None and fut.result(timeout=5) == expected
            assert g.act(expected, who) is None
    # nothing is looked up for a decision that was not pondered (another bot's view)
    other = Game.new("pagat-62", "rules", seed + 1000)
    assert p.future("rules", other.observation(other.state().to_act), seed) is None


def test_one_pondering_job_at_a_time_for_all_tables_and_stop_means_stop() -> None:
    pool = Pool(held=True)
    slot = _Slot()
    games = [at_learner_card(seed) for seed in (3, 11)]
    tables = [Ponder(g, g.state().legal_actions(), pool.submit, slot=slot).start() for g in games]
    assert len(pool.submitted) == IN_FLIGHT == 1  # the second table waits for the slot
    tables[0].stop()
    pool.gate.set()
    pool.settle(tables[1])
    assert pool.most == 1
    # the stopped table submitted nothing after its first job; the other pondered everything
    assert tables[0].decided() == 1
    assert tables[1].decided() >= len(games[1].state().legal_actions())
    assert slot.idle()


def test_a_position_followed_and_one_gone_elsewhere() -> None:
    game = at_learner_card(11)
    p = Ponder(game, [], Pool().submit, slot=_Slot())
    assert p.follows(game) and p.settled()
    action = game.state().legal_actions()[0]
    assert game.act(action, LEARNER) is None
    assert p.follows(game)  # the learner played: the bots' replies are still wanted
    assert game.undo() and game.undo() is False
    assert p.follows(game)
    game.new_deal(seed=5)
    assert not p.follows(game)


def test_a_pool_that_fails_or_a_line_that_breaks_ends_pondering_not_the_slot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    slot = _Slot()
    game = at_learner_card(11)

    def broken(bot: str, obs: Observation, seed: int) -> Future[Action]:
        raise RuntimeError("cannot schedule new futures after shutdown")

    p = Ponder(game, game.state().legal_actions(), broken, slot=slot).start()
    assert p.stopped and slot.idle()
    q = Ponder(game, game.state().legal_actions(), Pool().submit, slot=slot)

    def unreadable(self: Game, seat: int) -> Observation:
        raise ValueError("a line that does not replay")

    monkeypatch.setattr(Game, "observation", unreadable)
    q.start()
    assert q.stopped and slot.idle()
