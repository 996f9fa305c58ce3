"""AppTest: the review at the end of a hand at a shared table, for a player at B — a
decision taken after a hint is marked so (as the practice table marks it), one a bot took
for them is marked so, and their own costly cards (not the bot's) go to Retry your
mistakes under their learner code, replayed from their seat."""

from __future__ import annotations

import time

import pytest

from tests.ui.playdriver import Clicker
from tests.ui.test_table_page import Player
from tutorial.bots import BOT_NAMES, decide
from tutorial.engine.actions import PlayCard, parse_action
from tutorial.i18n import get_translator
from tutorial.practice import retry
from tutorial.practice import together as tg
from tutorial.practice.review import review_hand
from tutorial.progress import ProgressStore, new_learner_code
from tutorial.ui.play import together as live
from tutorial.ui.table import cardbuttons

SECRET = "b" * 24
SEED = 29
COSTLY = 19
"""In this deal (on the quick budget) B's card at this index is the costly one (a mistake)."""


def played_table(seed: int = SEED, bot_at: int = -1) -> tuple[str, dict[int, str]]:
    """A table whose first hand is over: B sits there (French), every third decision of B
    taken after a hint, every third by a stand-in (and the one at ``bot_at``); the others
    are bots."""
    ts = live.tables()
    code = tg.new_code()
    settings = tg.Settings.new("pagat-62", "random", True, 0, seed=seed)
    row = tg.seat_row(1, "Zoé", "fr", SECRET, time.time())
    assert ts.create(code, settings.to_json(), row)
    assert ts.start(code)
    by_of: dict[int, str] = {}
    for _ in range(400):
        t = tg.Table.from_rows(ts.load(code), BOT_NAMES)
        assert t is not None
        if t.game.hand_over():
            break
        due = t.due(time.time() + 1000)
        seat = t.state().to_act
        if due is not None and due.action is not None:
            assert ts.append(code, t.hand, t.pos, due.action, due.seat, due.by)
            continue
        action = str(decide("random", t.observation(seat), t.game.current.seed))
        by = "bot"
        if seat == 1:
            by = ("hinted", "human", "stand-in")[len(by_of) % 3]
            by = "stand-in" if t.pos == bot_at else by
            by_of[t.pos] = by
        assert ts.append(code, t.hand, t.pos, action, seat, by)
    ts.seat_update(code, 1, tg.secret_hash(SECRET), away=False)
    return code, by_of


@pytest.mark.parametrize("bot_at", [-1, COSTLY])
def test_the_review_of_a_player_at_b_marks_hints_and_the_bots_decisions(
    monkeypatch: pytest.MonkeyPatch, bot_at: int
) -> None:
    """Failed before: the shared table's review had no marks at all (and only A's costly
    cards were retried)."""
    clicker = Clicker()
    monkeypatch.setattr(cardbuttons, "_COMPONENT", clicker)
    code, by_of = played_table(bot_at=bot_at)
    learner = new_learner_code()
    p = Player("fr", clicker, code=code, seat=SECRET, learner=learner)
    tr = get_translator("fr")
    for _ in range(300):  # the review is worked out in the pool; the page runs again
        text = "\n".join(str(m.value) for m in p.at.markdown)
        if tr("Review of your decisions") in text and tr(
            "The review is being worked out…"
        ) not in "\n".join(str(c.value) for c in p.at.caption):
            break
        time.sleep(0.1)
        p.run()
    lines = [
        line for m in p.at.markdown for line in str(m.value).splitlines() if line.startswith("- **")
    ]
    table = tg.Table.from_rows(live.tables().load(code), BOT_NAMES)
    assert table is not None
    review = review_hand(table.game, 0, 1)
    assert len(lines) == len(review.decisions) and lines, lines
    for d, line in zip(review.decisions, lines, strict=True):
        by = by_of[d.index]
        assert (tr("after a hint") in line) == (by == "hinted"), (by, line)
        assert (tr("a bot chose this for you") in line) == (by == "stand-in"), (by, line)
    # Puzzles from my games: B's own costly cards, each to be replayed from B's seat
    saved = retry.positions(ProgressStore().items(learner, retry.PREFIX))
    costly = {
        d.index: by_of[d.index]
        for d in review.decisions
        if d.label in retry.LABELS and isinstance(parse_action(str(d.action)), PlayCard)
    }
    assert list(costly) == [COSTLY]
    own = [] if bot_at == COSTLY else [COSTLY]  # not the card a bot played for B
    assert sorted(len(r.actions) for r in saved) == own
    assert all(r.seat == 1 and r.state().to_act == 1 for r in saved)
