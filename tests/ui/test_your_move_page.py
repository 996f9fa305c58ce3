"""AppTest, issue 11: "your move" on the lesson's table, in the four languages. AppTest cannot
run the card buttons' JavaScript, so the test stands in for the browser's click (the real
click is pinned by tests/ui/test_browser.py): a wrong card gets the engine's feedback for that
card, then the right card goes on with the scenario."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

import tutorial.ui.lesson.yourmove as yourmove
from tests.ui.test_app import COURSE, app, no_errors, open_page
from tutorial.engine.cards import Card, parse_index
from tutorial.i18n import LANGS, get_translator
from tutorial.lessons.model import Lesson, Step, YourMove
from tutorial.progress import ProgressStore

L7 = COURSE.lesson("left-pedro-is-not-a-diamond")
assert L7 is not None
STEP = L7.step("the-clubs-trick")
assert STEP is not None
KEY = f"frame:{L7.id}:{STEP.id}"
DRAWN: list[dict[str, Any]] = []


@pytest.fixture(autouse=True)
def fake_buttons(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The card buttons as the page calls them; a click is what the test put in
    ``_click`` (one run only, like the component's trigger value)."""
    import streamlit as st

    def buttons(t: Any, **kw: Any) -> int | None:
        DRAWN.append(kw)
        code = st.session_state.pop("_click", None)
        if code is None:
            return None
        card = parse_index(code)
        return card if card in kw["legal"] else None  # the real component never sends these

    monkeypatch.setattr(yourmove, "card_buttons", buttons)
    DRAWN.clear()
    yield


def at_move(lang: str) -> AppTest:
    at = open_page(app(lang=lang, lesson=L7.id, step=STEP.id), "lesson")
    for _ in range(2):  # t1c1, t1c2: then C is to play
        at.button(key=f"nf:{KEY}").click()
        at.run()
    no_errors(at)
    return at


def click(at: AppTest, code: str) -> None:
    at.session_state["_click"] = code
    at.run()
    no_errors(at)


def infos(at: AppTest) -> str:
    """What the page says in its info boxes, and under the learner's cards (the feedback)."""
    notes = [str(DRAWN[-1].get("note") or "")] if DRAWN else []
    return " ".join([i.value for i in at.info] + notes)


@pytest.mark.parametrize("lang", LANGS)
def test_wrong_card_then_the_right_one(lang: str) -> None:
    t = get_translator(lang)
    at = at_move(lang)
    assert at.session_state[KEY] == 2
    assert at.button(key=f"nf:{KEY}").disabled  # the learner plays first
    drawn = DRAWN[-1]
    assert {parse_index(c) for c in ("9D", "AH", "6H")} == set(drawn["legal"])
    assert set(drawn["reasons"]) == {parse_index(c) for c in ("8C", "4C", "3S")}
    rule = drawn["reasons"][parse_index("3S")]  # what the buttons say for a forbidden card
    assert "3♠" in rule and rule == t(
        "The suit led is {suit} and {seat} holds {suit}: {seat} may follow suit or trump, but "
        "not play {card}.",
        suit=t("hearts"),
        seat="C",
        card="3♠",
    )
    click(at, "AH")  # the highest heart: it only follows suit, 5♥ is the Left Pedro
    said = infos(at)
    assert t("Not yet.") in said and "A♥" in said and "5♥" in said
    assert (
        t(
            "{card} follows suit, but {best} is a trump: a trump beats any card of the suit led.",
            card="A♥",
            best="5♥",
        )
        in said
    )
    assert at.session_state[KEY] == 2 and at.button(key=f"nf:{KEY}").disabled
    click(at, "9D")
    assert t("Right!") in str(DRAWN[-1].get("note")) and DRAWN[-1]["passive"]
    assert not at.button(key=f"nf:{KEY}").disabled  # the scenario goes on
    narration = STEP.narration[2]
    assert narration.your_move is not None
    assert any(narration.text.get(lang) in i.value for i in at.info)  # the moment's text now
    code = at.session_state["learner"]
    saved = ProgressStore().items(code, f"lesson/{L7.id}/move/")
    [it] = saved.values()
    assert it.done and it.value["tried"] == ["AH"]


def test_show_me_reveals_the_scripted_card_and_a_returning_learner_finds_it_done() -> None:
    at = at_move("fr")
    click(at, "6H")
    at.button(key=f"ys:{L7.id}:{STEP.id}:t1c3").click()
    at.run()
    no_errors(at)
    assert "9♦" in infos(at)
    assert not at.button(key=f"nf:{KEY}").disabled
    code = at.session_state["learner"]
    again = open_page(app(lang="fr", lesson=L7.id, learner=code, step=STEP.id), "lesson")
    no_errors(again)
    assert again.session_state[f"move:{L7.id}:{STEP.id}:t1c3"].done


def test_switching_language_keeps_the_move_and_its_feedback() -> None:
    at = at_move("es")
    click(at, "AH")
    at.selectbox(key="lang_picker").set_value("pt")
    at.run()
    no_errors(at)
    t = get_translator("pt")
    assert at.session_state[KEY] == 2
    assert t("Not yet.") in infos(at) and "A♥" in infos(at)
    assert DRAWN[-1]["group_label"] == t("{seat}'s cards: choose one to play", seat="C")


def test_next_trick_stops_at_a_move() -> None:
    at = open_page(app(lang="en", lesson=L7.id, step=STEP.id), "lesson")
    at.button(key=f"nt:{KEY}").click()
    at.run()
    assert at.session_state[KEY] == 2  # not past C's card to the end of the trick


def test_try_again_after_show_me_and_reset_forgets_the_move() -> None:
    at = at_move("en")
    click(at, "6H")
    at.button(key=f"ys:{L7.id}:{STEP.id}:t1c3").click()  # shown: not right, no star
    at.run()
    at.button(key=f"ya:{L7.id}:{STEP.id}:t1c3").click()  # play it again
    at.run()
    no_errors(at)
    state = at.session_state[f"move:{L7.id}:{STEP.id}:t1c3"]
    assert not state.done and state.tried == ("6H",)
    click(at, "9D")
    assert at.session_state[f"move:{L7.id}:{STEP.id}:t1c3"].done
    # "Start this lesson again" forgets the move too (it stayed played in the session)
    at.button(key=f"reset:{L7.id}").click()
    at.run()
    no_errors(at)
    at.selectbox(key=f"step:{L7.id}").set_value(STEP.id)
    at.run()
    for _ in range(2):
        at.button(key=f"nf:{KEY}").click()
        at.run()
    assert at.session_state[KEY] == 2 and at.button(key=f"nf:{KEY}").disabled


PILES = [
    (lesson, step, mv)
    for lesson in COURSE.lessons
    for step, mv in lesson.moves
    if isinstance(mv, YourMove) and mv.beneath
]


@pytest.mark.parametrize(
    ("lesson", "step", "mv"), PILES, ids=[f"{x.id}:{s.id}" for x, s, _ in PILES]
)
def test_a_pile_seat_shows_the_cards_going_beneath_beside_its_buttons(
    lesson: Lesson, step: Step, mv: YourMove
) -> None:
    """On an open pile the seat's panel said "7 cards" beside six buttons (the card going
    beneath is not offered): now the cards going beneath are drawn under the buttons, with
    what they are, and the count matches what is on the seat."""
    t = get_translator("pt")
    at = open_page(app(lang="pt", lesson=lesson.id, step=step.id), "lesson")
    key = f"frame:{lesson.id}:{step.id}"
    for _ in range(12):  # forward to the move
        if DRAWN and DRAWN[-1].get("table"):
            break
        at.button(key=f"nf:{key}").click()
        at.run()
    no_errors(at)
    drawn = DRAWN[-1]
    assert {Card(c).code for c in drawn["cards"]} == set(mv.hand)
    table = str(drawn["table"])
    start = table.index(f'data-seat="{mv.seat}"')
    panel = table[start : table.index('<div class="cc-seat ', start)]
    held = len(mv.hand) + len(mv.beneath)
    assert t.n("{n} card", "{n} cards", held) in panel
    assert 'class="cc-beneath"' in panel, "the cards going beneath are not shown"
    beneath = panel[panel.index('class="cc-beneath"') :]
    text = t.n("Goes beneath the top card:", "Go beneath the top card:", len(mv.beneath))
    assert text in beneath
    assert beneath.count('class="cc-card') == len(mv.beneath)  # buttons + these = the count
    for code in mv.beneath:
        assert f"{Card.parse(code).pretty} — " in beneath  # its label, in the learner's language


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_right_card_s_verdict_is_drawn_under_the_learner_s_cards(lang: str) -> None:
    """On a phone the browser keeps the tapped cards in view: "Right!" drawn above the table
    was off the screen (tester, session 6: lesson 0, es, 320×640), and under the table it
    would be off a wide one. It is the move's own card table's note now (same key: kept in
    place), the seat's cards passive, the card played in the trick."""
    t = get_translator(lang)
    at = at_move(lang)
    click(at, "9D")
    assert not any(t("Right!") in a.value for a in at.success)
    last = DRAWN[-1]
    assert last["passive"] and t("Right!") in str(last["note"]) and "9♦" in str(last["note"])
    assert last["key"] == f"yb:{L7.id}:{STEP.id}:t1c3"  # the move's component, kept
    assert parse_index("9D") not in last["cards"]  # played: on the trick, not in the hand
    assert 'data-card="9D"' in str(last["table"])
