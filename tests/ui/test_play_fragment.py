"""The practice table's own runs (session 8): a card clicked as a browser clicks it (the
card component is inside the table's fragment, so the browser asks for that fragment's run)
is answered by a run of the table alone — the bots' replies drawn, the learner's turn again —
that sends the table's elements only (not the sidebar, the status line, the buttons below);
what is drawn outside the table (the undo button, the hand over) follows in a run of the
whole page when it changes."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from tests.ui.test_play_wire import TRIGGER, Run, Tab, at_learner_card, click_value
from tutorial.devserver import running_app
from tutorial.engine.state import CHANCE, Phase
from tutorial.practice.game import LEARNER, Game
from tutorial.progress import ProgressStore, new_learner_code

FRAGMENT_DONE = ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("fragment") / "p.sqlite3"
    env = {"CINCH_PLAY_PAUSE": "0", "CINCH_PONDER": "0"}
    with running_app(db, env=env) as url:
        yield url, db


async def play_one_card(url: str, learner: str) -> tuple[Run, list[Run]]:
    """The table at the learner's card, then every run up to the learner's turn again
    (or the hand over) after one card clicked as a browser does."""
    async with Tab(url, learner) as tab:
        await tab.send()
        first = await tab.run()
        assert first.exceptions == [] and first.component is not None and first.playable()
        card = first.playable()[0]
        value = click_value(first, card)
        await tab.send(
            (TRIGGER.format(id=first.component[0]), "json_trigger_value", value), on=first
        )
        runs: list[Run] = []
        while True:
            r = await tab.run()
            assert r.exceptions == []
            runs.append(r)
            if not r.early and (r.playable() or "play_next" in r.buttons):
                return first, runs


def at_second_card(seed: int) -> Game:
    """A hand where the learner has played a card and is to play again."""
    game = at_learner_card(seed)
    rng = random.Random(seed)
    game.act(game.state().legal_actions()[0], LEARNER)
    while not (game.learner_to_act() and game.state().phase is Phase.PLAY):
        who = game.to_act()
        assert who is not None and not game.hand_over()
        if who == CHANCE:
            game.chance()
        else:
            assert game.act(rng.choice(game.state().legal_actions()), who) is None
    assert game.last_learner_play() is not None
    return game


def test_a_card_is_answered_by_a_run_of_the_table_alone(server: tuple[str, Path]) -> None:
    url, db = server
    learner, game = new_learner_code(), at_second_card(5)
    ProgressStore(db).save_game(learner, "practice", game.to_json())
    n = len(game.current.actions)
    first, runs = asyncio.run(play_one_card(url, learner))
    assert len(runs) == 1
    table = runs[0]
    assert table.finished == FRAGMENT_DONE  # not the whole page
    assert "play_undo" not in table.buttons and "play_newdeal" not in table.buttons
    # nothing outside the table is sent again: not the sidebar, not the status line
    assert "learner_submit" not in table.buttons and "play_new_game" not in table.buttons
    assert not any(text.startswith("**Hand") for text in table.texts)
    assert table.messages < first.messages, (table.messages, first.messages)
    saved = Game.from_json(ProgressStore(db).load_game(learner, "practice"), ("random",))
    assert saved is not None and len(saved.current.actions) > n  # the card and the replies


def test_the_undo_button_follows_the_first_card_of_the_hand(server: tuple[str, Path]) -> None:
    """Before the learner's first card the undo button is disabled; the card's table run
    changes what the page outside shows, so the page runs again and enables it."""
    url, db = server
    learner = new_learner_code()
    game = at_learner_card(5)
    assert game.last_learner_play() is None
    ProgressStore(db).save_game(learner, "practice", game.to_json())
    first, runs = asyncio.run(play_one_card(url, learner))
    assert first.disabled.get("play_undo") is True
    assert "play_undo" in runs[-1].buttons and runs[-1].finished != FRAGMENT_DONE
    assert runs[-1].disabled["play_undo"] is False


def _server_children(url: str) -> list[str]:
    """The command lines of the app server's child processes (Linux /proc)."""
    port = url.rsplit(":", 1)[1].encode()
    procs = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            procs[int(entry.name)] = (ppid, cmd)
    server = [pid for pid, (_, cmd) in procs.items() if b"streamlit" in cmd and port in cmd]
    assert server, "the app server's process is not found"
    return [cmd.decode() for ppid, cmd in procs.values() if ppid == server[0]]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_the_bots_think_in_live_worker_processes(server: tuple[str, Path]) -> None:
    """The bots' decisions come from the worker pool (its processes are alive after a card),
    not from the server's fallback after a broken pool (tests/ui/test_worker_main.py)."""
    url, db = server
    learner, game = new_learner_code(), at_second_card(7)
    ProgressStore(db).save_game(learner, "practice", game.to_json())
    asyncio.run(play_one_card(url, learner))
    workers = [cmd for cmd in _server_children(url) if "spawn_main" in cmd]
    assert workers, _server_children(url)
