"""Card tables drawn as the pages draw them, for layout tests in a browser without the app:
the practice table (seat A's cards in its slot) at chosen moments of a seeded game, a drill
puzzle's table, and a page that holds one table in a column as wide as the app's."""

from __future__ import annotations

from tutorial.bots import decide
from tutorial.drills.kinds import generate
from tutorial.engine.cards import iter_bits
from tutorial.engine.state import CHANCE, Phase
from tutorial.i18n import get_translator
from tutorial.practice.game import LEARNER, Game
from tutorial.ui.play.table import table_html
from tutorial.ui.table import cardbuttons
from tutorial.ui.table.moment import puzzle_table

COLUMN = {1280: 820, 360: 328, 320: 288}
"""The width of the app's main column (px) at each viewport width (measured in Chromium:
the practice table and the drills' tables are as wide at 1280×900 and 320×640)."""


def practice_table(lang: str, g: Game) -> str:
    """The practice table as the page draws it while the bots play (the learner's cards as
    pictures in its slot; the buttons' markup has the same boxes)."""
    t = get_translator(lang)
    state = g.state()
    cards = cardbuttons.buttons_html(
        t,
        tuple(iter_bits(state.hands[LEARNER])),
        (),
        {},
        state.trump if state.trump >= 0 else None,
        state.profile,
        group_label="cards",
        passive=True,
    )
    slot = '<div class="cc-slot"></div>'
    body = table_html(t, g).replace(slot, f'<div class="cc-slot">{cards}</div>', 1)
    return f"<style>{cardbuttons.CSS}</style>{body}"


def game_until(seed: int, stop: str, bot: str = "rules") -> Game:
    """A pagat-62 game of ``seed`` with bots at every seat, played until ``stop``: "bid"
    (the learner's first call), "first-card" (the first card on the table), "full-trick"
    (four cards on the table)."""
    g = Game.new("pagat-62", bot, seed)
    for _ in range(400):
        s = g.state()
        plays = len(s.trick_plays)
        if stop == "bid" and s.phase is Phase.BID and s.to_act == LEARNER:
            return g
        if stop == "first-card" and s.phase is Phase.PLAY and plays == 1:
            return g
        if stop == "full-trick" and s.phase is Phase.PLAY and not plays and s.tricks:
            return g
        if s.to_act == CHANCE:
            g.chance()
            continue
        seat = s.to_act
        action = decide(bot, g.observation(seat), seed)
        assert g.act(action, seat) is None
    raise AssertionError(f"{stop} never came")


def drill_table(lang: str, kind: str, seed: int, difficulty: int) -> str:
    p = generate(kind, seed, difficulty)
    return puzzle_table(get_translator(lang), p.show, p.profile)


def page(table: str, width: int) -> str:
    """A page holding ``table`` in a column as wide as the app's main column."""
    column = COLUMN[width]
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width'></head>"
        f"<body style='margin:0'><div style='width:{column}px;margin:16px auto'>{table}</div>"
        "</body></html>"
    )
