"""AppTest: a seat a bot plays for its player is said so on every player's page, each in
their own language — a player whose time ran out (their page says so, with "I am back"),
one who left (the others' seat list says a bot plays until they return)."""

from __future__ import annotations

import time

import pytest

from tests.ui.playdriver import Clicker
from tests.ui.test_table_page import Player
from tutorial.bots import BOT_NAMES, decide
from tutorial.i18n import get_translator
from tutorial.practice import together as tg
from tutorial.ui.play import together as live
from tutorial.ui.table import cardbuttons

ANA, ZOE = "a" * 24, "z" * 24


def test_a_stand_in_is_said_on_every_page_in_its_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clicker = Clicker()
    monkeypatch.setattr(cardbuttons, "_COMPONENT", clicker)
    ts = live.tables()
    code = tg.new_code()
    settings = tg.Settings.new("pagat-62", "random", True, 20, seed=5)
    assert ts.create(code, settings.to_json(), tg.seat_row(0, "Ana", "es", ANA, time.time()))
    assert ts.sit(code, tg.seat_row(1, "Zoé", "fr", ZOE, time.time()))
    assert ts.start(code)
    t = tg.Table.from_rows(ts.load(code), BOT_NAMES)
    assert t is not None and t.state().to_act == 0
    # Ana let her time run out: a bot took her decision
    action = decide("random", t.observation(0), t.game.current.seed)
    assert ts.append(code, 0, 0, str(action), 0, "stand-in")
    ana = Player("es", clicker, code=code, seat=ANA)
    zoe = Player("fr", clicker, code=code, seat=ZOE)
    es, fr = get_translator("es"), get_translator("fr")
    assert es("Your time ran out, so a bot plays for you until you are back.") in [
        w.value for w in ana.at.warning
    ]
    assert "tbl_back" in ana.buttons()
    seats = "\n".join(str(m.value) for m in zoe.at.markdown)
    assert "Ana — " + fr("a bot plays for them: their time ran out") in seats, seats
    assert not zoe.at.warning  # Zoé's own seat is hers
    # Zoé leaves (her page is not seen any more): Ana's list says a bot plays for her
    ana.at.button(key="tbl_back").click()
    ana.run()
    assert ts.seat_update(code, 1, tg.secret_hash(ZOE), seen=time.time() - tg.ABSENT - 1)
    ana.run()
    seats = "\n".join(str(m.value) for m in ana.at.markdown)
    assert "Zoé — " + es("left the table: a bot plays until they return") in seats, seats
    assert not ana.at.warning  # back: no more "your time ran out"
