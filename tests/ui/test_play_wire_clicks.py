"""Card clicks are idempotent, over the wire (issue 26, break 5): each click carries the
position it was made in, and a click from a position that is gone — a late second click of
three fast ones, the second half of a double-click — is dropped without a message. Before,
the card of a late click was played in the next trick (two cards from three clicks), or
refused with "It is not A's turn" under a correct play. Sent exactly as the page's card
component sends it (with the position the component was drawn with, when it has one)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from tests.ui.test_play_wire import TRIGGER, Tab, at_learner_card
from tutorial.devserver import running_app
from tutorial.practice.game import Game
from tutorial.progress import ProgressStore, new_learner_code


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("clicks") / "p.sqlite3"
    env = {"CINCH_PLAY_PAUSE": "0", "CINCH_TRICK_PAUSE": "0", "CINCH_PONDER": "0"}
    with running_app(db, env=env) as url:
        yield url, db


async def table_run(tab: Tab) -> tuple[dict[str, Any] | None, str, list[str], bool]:
    """One run: the card component's data and id, the alerts drawn, whether it ended early."""
    assert tab.ws is not None
    data: dict[str, Any] | None = None
    cid, alerts = "", []
    while True:
        raw = await asyncio.wait_for(tab.ws.recv(), 120)
        fm = ForwardMsg()
        fm.ParseFromString(raw if isinstance(raw, bytes) else raw.encode())
        kind = fm.WhichOneof("type")
        if kind == "navigation":
            tab.page_hash = fm.navigation.page_script_hash or tab.page_hash
        elif kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
            el = fm.delta.new_element
            et = el.WhichOneof("type")
            if et == "bidi_component":
                data = json.loads(el.bidi_component.json or "{}")
                cid = el.bidi_component.id
            elif et == "alert":
                alerts.append(el.alert.body)
        elif kind == "script_finished":
            return data, cid, alerts, fm.script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN


def playable(data: dict[str, Any] | None) -> list[str]:
    from tests.ui.test_play_wire import BUTTON

    html = str((data or {}).get("html", ""))
    return [c for c, attrs in BUTTON.findall(html) if "aria-disabled" not in attrs]


def payload(data: dict[str, Any], code: str) -> object:
    """What the component's JavaScript sends for a click on ``code``."""
    return {"card": code, "at": data["at"]} if "at" in data else code


async def click(tab: Tab, cid: str, value: object) -> None:
    """A click on the card component (a run of the whole page: the wire cannot tell the
    fragment here, and the position check must hold for either kind of run)."""
    trigger = json.dumps([{"event": "play", "value": value}])
    await tab.send((TRIGGER.format(id=cid), "json_trigger_value", trigger), on=None)


async def settle(tab: Tab) -> tuple[dict[str, Any] | None, str, list[str]]:
    """Runs until one ends at the learner's card (or the page is quiet for 3 s)."""
    last: tuple[dict[str, Any] | None, str, list[str]] = (None, "", [])
    alerts: list[str] = []
    while True:
        try:
            data, cid, more, early = await table_run(tab)
        except TimeoutError:
            return (*last[:2], alerts)
        alerts += more
        if data is not None:
            last = (data, cid, alerts)
        if not early and playable(data):
            return data, cid, alerts


def cards_held(db: Path, learner: str) -> int:
    game = Game.from_json(ProgressStore(db).load_game(learner, "practice"), ("random",))
    assert game is not None
    return game.state().hands[0].bit_count()


async def late_and_repeated(url: str, db: Path, learner: str) -> tuple[int, int, list[str]]:
    async with Tab(url, learner) as tab:
        await tab.send()
        first, cid, _alerts, _early = await table_run(tab)
        assert first is not None and len(playable(first)) >= 2
        before = cards_held(db, learner)
        card, other = playable(first)[0], playable(first)[1]
        await click(tab, cid, payload(first, card))
        second, cid2, alerts = await settle(tab)
        assert second is not None and playable(second)
        after_one = cards_held(db, learner)
        assert after_one == before - 1
        # the same click again (a double-click), then a click the old table sent late
        await click(tab, cid2, payload(first, card))
        late = other if other in playable(second) else playable(second)[0]
        await click(tab, cid2, payload(first, late))
        _third, _cid3, more = await settle(tab)
        return after_one, cards_held(db, learner), alerts + more


def test_a_late_or_repeated_click_is_dropped_silently(server: tuple[str, Path]) -> None:
    url, db = server
    for seed in (3, 11):
        learner, game = new_learner_code(), at_learner_card(seed)
        ProgressStore(db).save_game(learner, "practice", game.to_json())
        after_one, after_more, alerts = asyncio.run(late_and_repeated(url, db, learner))
        assert after_more == after_one, (seed, after_one, after_more)
        assert not [a for a in alerts if "turn" in a or "allowed" in a], alerts
