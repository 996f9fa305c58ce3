"""A click while the bots are playing, over the wire (a real server: AppTest runs one run at
a time, so it cannot click in the middle of one). The bots pause 3 s between their cards,
so the run after the learner's card is still playing them when *New deal*, *Take back my
last card* or *Start a new game* is clicked: the click is answered at once and the game is
what the click says — also once the interrupted run's pause is over (Streamlit starts the
click's run at once and only asks the old one to stop; before, the old run woke up, played
the bot's card on the game it held and saved it over the new game)."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from tests.practice.test_game import play_random
from tutorial.devserver import running_app
from tutorial.practice.game import Game
from tutorial.progress import ProgressStore, new_learner_code

PAUSE = 3.0
"""Seconds between two bots' cards in this test's server."""
EARLY = ForwardMsg.FINISHED_EARLY_FOR_RERUN
BUTTON = re.compile(r'<button type="button" class="cb-card[^"]*" data-card="(\w+)"([^>]*)>')
TRIGGER = "$$STREAMLIT_INTERNAL_KEY_{id}__events"


@dataclass
class Run:
    """What one page run sent: buttons by key, the card component, how it finished."""

    buttons: dict[str, str] = field(default_factory=dict)
    component: tuple[str, str] | None = None
    fragments: dict[str, str] = field(default_factory=dict)
    disabled: dict[str, bool] = field(default_factory=dict)
    """Widget id → the fragment it is drawn in (a browser's click on it runs that alone)."""
    finished: int = -1
    messages: int = 0
    texts: list[str] = field(default_factory=list)
    exceptions: list[str] = field(default_factory=list)
    early: bool = False
    at: str | None = None
    """The position the card component was drawn in (each click carries it)."""

    def playable(self) -> list[str]:
        html = self.component[1] if self.component else ""
        return [c for c, attrs in BUTTON.findall(html) if "aria-disabled" not in attrs]


class Tab:
    """A browser tab on the practice table, over Streamlit's websocket."""

    def __init__(self, url: str, learner: str) -> None:
        self.url = url.replace("http://", "ws://", 1) + "/_stcore/stream"
        self.query = f"lang=en&learner={learner}"
        self.page_hash = ""
        self.ws: websockets.ClientConnection | None = None

    async def __aenter__(self) -> Tab:
        self.ws = await websockets.connect(
            self.url, subprotocols=[websockets.Subprotocol("streamlit")], max_size=None
        )
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self.ws is not None
        await self.ws.close()

    async def send(
        self, widget: tuple[str, str, object] | None = None, on: Run | None = None
    ) -> None:
        """Ask for a run, with ``widget`` (id, kind of value, value) used on the page ``on``
        drew: as a browser, a widget inside a fragment asks for that fragment's run."""
        assert self.ws is not None
        msg = BackMsg()
        msg.rerun_script.query_string = self.query
        msg.rerun_script.page_name = "play"
        msg.rerun_script.page_script_hash = self.page_hash
        if widget is not None and on is not None:
            wid = widget[0].removeprefix("$$STREAMLIT_INTERNAL_KEY_").removesuffix("__events")
            if on.fragments.get(wid):
                msg.rerun_script.fragment_id = on.fragments[wid]
        if widget is not None:
            w = msg.rerun_script.widget_states.widgets.add()
            w.id, kind, value = widget
            setattr(w, kind, value)
        await self.ws.send(msg.SerializeToString())

    async def run(self, timeout: float = 120.0) -> Run:
        """The messages of one run, to its end (an interrupted run ends early)."""
        assert self.ws is not None
        out = Run()
        while True:
            raw = await asyncio.wait_for(self.ws.recv(), timeout)
            fm = ForwardMsg()
            fm.ParseFromString(raw if isinstance(raw, bytes) else raw.encode())
            kind = fm.WhichOneof("type")
            out.messages += 1
            if kind == "navigation":
                self.page_hash = fm.navigation.page_script_hash or self.page_hash
            elif kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
                el = fm.delta.new_element
                et = el.WhichOneof("type")
                if et == "exception":
                    out.exceptions.append(el.exception.message)
                elif et == "button":
                    out.buttons[el.button.id.rsplit("-", 1)[-1]] = el.button.id
                    out.fragments[el.button.id] = fm.delta.fragment_id
                    out.disabled[el.button.id.rsplit("-", 1)[-1]] = el.button.disabled
                elif et == "bidi_component":
                    data = json.loads(el.bidi_component.json or "{}")
                    out.component = (el.bidi_component.id, str(data.get("html", "")))
                    out.at = data.get("at")
                    out.fragments[el.bidi_component.id] = fm.delta.fragment_id
                elif et == "markdown":
                    out.texts.append(el.markdown.body)
            elif kind == "script_finished":
                out.early = fm.script_finished == EARLY
                out.finished = fm.script_finished
                return out


def click_value(run: Run, card: str) -> str:
    """The trigger value of a click on ``card`` as the card component sends it: the card
    and the position the component was drawn in."""
    value: object = card if run.at is None else {"card": card, "at": run.at}
    return json.dumps([{"event": "play", "value": value}])


def at_learner_card(seed: int) -> Game:
    game = Game.new("pagat-62", "random", seed)
    play_random(game, random.Random(seed), stop_at_learner_play=True)
    assert game.learner_to_act() and len(game.state().legal_actions()) > 1
    return game


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("wire") / "p.sqlite3"
    env = {"CINCH_PLAY_PAUSE": str(PAUSE), "CINCH_PONDER": "0"}
    with running_app(db, env=env) as url:
        yield url, db


async def click_while_bots_play(url: str, learner: str, button: str) -> tuple[Run, Run]:
    """Open the table, click a card, and while the bots are playing click ``button``;
    returns the table before the card and the run that answers the click."""
    async with Tab(url, learner) as tab:
        await tab.send()
        first = await tab.run()
        assert first.exceptions == [] and first.component is not None and first.playable()
        card = first.playable()[-1]
        value = click_value(first, card)
        await tab.send(
            (TRIGGER.format(id=first.component[0]), "json_trigger_value", value), on=first
        )
        # the run after the card: the table drawn again, then the bots' pause before a card
        # (the table's own run, a fragment, hands over to a run of the whole page when the
        # card changes what the page shows outside the table: it ends early)
        with pytest.raises(TimeoutError):
            while True:
                r = await tab.run(timeout=2.0)
                assert r.early, "a run after the card ended while the bots should still play"
        await tab.send((first.buttons[button], "trigger_value", True), on=first)
        while True:  # what the old run still sends (if anything), then the click's run
            answer = await tab.run()
            assert answer.exceptions == []
            if not answer.early and button in answer.buttons and answer.texts:
                break
        await asyncio.sleep(PAUSE + 2)  # the interrupted run's pause is over
        await tab.send()
        again = await tab.run()
        assert again.exceptions == [] and again.texts[:3] == answer.texts[:3]
        return first, answer


def test_new_deal_while_the_bots_play_deals_at_once(server: tuple[str, Path]) -> None:
    url, db = server
    learner, game = new_learner_code(), at_learner_card(3)
    ProgressStore(db).save_game(learner, "practice", game.to_json())
    _first, answer = asyncio.run(click_while_bots_play(url, learner, "play_newdeal"))
    assert "play_call_pass" in answer.buttons  # a new deal: the learner speaks first
    saved = Game.from_json(ProgressStore(db).load_game(learner, "practice"), ("random",))
    assert saved is not None and saved.current.seed != game.current.seed
    assert saved.current.actions == []


def test_take_back_while_the_bots_play_gives_the_card_back(server: tuple[str, Path]) -> None:
    url, db = server
    learner, game = new_learner_code(), at_learner_card(11)
    ProgressStore(db).save_game(learner, "practice", game.to_json())
    n = len(game.current.actions)
    first, answer = asyncio.run(click_while_bots_play(url, learner, "play_undo"))
    assert answer.playable() == first.playable()  # the learner's turn again, same cards
    saved = Game.from_json(ProgressStore(db).load_game(learner, "practice"), ("random",))
    assert saved is not None and saved.current.actions == game.current.actions
    assert saved.current.undone == [n]


def test_a_new_game_while_the_bots_play_stays_the_game(server: tuple[str, Path]) -> None:
    url, db = server
    learner, game = new_learner_code(), at_learner_card(3)
    ProgressStore(db).save_game(learner, "practice", game.to_json())
    asyncio.run(click_while_bots_play(url, learner, "play_new_game"))
    saved = Game.from_json(ProgressStore(db).load_game(learner, "practice"), ("random",))
    assert saved is not None and saved.seed != game.seed  # not the old game saved again
    assert saved.current.actions == [] and saved.number == 1
